"""The rows the table service reads and writes as it plays, and the statements that do it.

Rows are plain records (no ORM identity map or unit of work on the hot path) and the
statements are SQLAlchemy Core, built once at import; the hot ones are compiled once per
database and run on the driver's cursor (:mod:`twentyone.store.driver`). A step of play is a
locked read of the player and its round, one multi-row insert each for the new events and
ledger entries, and one update each for the round and (if it changed) the player.

On SQLite the transaction already holds the database's write lock (``BEGIN IMMEDIATE``) before
its first read, so the player and its round (or seat) are read in one joined query. On
PostgreSQL the player row is locked first and the round read by a second statement: a joined
``SELECT ... FOR UPDATE OF players`` that waited for the lock would return the fresh player but
the round as it was before the wait (READ COMMITTED re-checks only the locked rows).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, bindparam, select, update

from twentyone.store.admin_models import PlayerLockRow
from twentyone.store.models import EventRow, LedgerRow, PlayerRow, RoundRow, SeatRow
from twentyone.store.protection_models import ProtectionRow

PLAYERS = cast(Table, PlayerRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ROUNDS = cast(Table, RoundRow.__table__)
EVENTS = cast(Table, EventRow.__table__)
LEDGER = cast(Table, LedgerRow.__table__)
LOCKS = cast(Table, PlayerLockRow.__table__)
PROTECTION = cast(Table, ProtectionRow.__table__)
_P, _S, _R, _E, _L = PLAYERS.c, SEATS.c, ROUNDS.c, EVENTS.c, LEDGER.c


@dataclass(slots=True)
class StoredPlayer:
    """A player row; ``stored`` is what the database holds (written back only if changed)."""

    id: str
    name: str
    vip_level: str
    balance: int
    open_round_id: str | None
    created_at: datetime
    stored: tuple[int, str | None] = field(default=(0, None), repr=False)

    def __post_init__(self) -> None:
        self.stored = (self.balance, self.open_round_id)


@dataclass(slots=True)
class StoredRound:
    """A ``rounds`` row (the fields in the table's column order)."""

    id: str
    player_id: str
    variant: str
    rules: str
    rules_version: str
    layout: str
    bets: str
    shoe: bytes | None
    cards: str | None
    decisions: str
    step: int
    events_saved: int
    status: str
    staked: int
    returned: int
    balance_before: int
    balance_after: int | None
    void_reason: str | None
    started_at: datetime
    updated_at: datetime
    finished_at: datetime | None

    def values(self) -> dict[str, Any]:
        """The row as insert parameters."""
        return {name: getattr(self, name) for name in ROUND_FIELDS}


@dataclass(slots=True)
class StoredSeat:
    """A player's seat at a variant: its layout data and the JSON stored (``None``: no row)."""

    player_id: str
    variant: str
    data: dict[str, Any]
    text: str | None

    @classmethod
    def of(cls, player_id: str, variant: str, text: str | None) -> StoredSeat:
        """The seat of a stored ``layout`` column (``None``: no row yet, no data)."""
        return cls(player_id, variant, {} if text is None else json.loads(text), text)


PLAYER_COLS = (_P.id, _P.name, _P.vip_level, _P.balance, _P.open_round_id, _P.created_at)
ROUND_FIELDS = tuple(StoredRound.__dataclass_fields__)
ROUND_COLS = tuple(_R[name] for name in ROUND_FIELDS)
LEDGER_COLS = (_L.txid, _L.round_id, _L.kind, _L.amount, _L.balance_after, _L.detail, _L.created_at)
"""A statement line's columns, in :class:`~twentyone.store.views.StatementLine` order."""

_NP = len(PLAYER_COLS)
_ROUND_CHANGES = (
    "cards",
    "shoe",
    "decisions",
    "step",
    "events_saved",
    "status",
    "staked",
    "returned",
    "balance_after",
    "void_reason",
    "updated_at",
    "finished_at",
)
_BY_ID = _P.id == bindparam("player_id")
LOCK_PLAYER = select(*PLAYER_COLS).where(_BY_ID).with_for_update()
LOCK_PLAYER_ROUND = (
    select(*PLAYER_COLS, *ROUND_COLS)
    .select_from(PLAYERS.outerjoin(ROUNDS, _R.id == _P.open_round_id))
    .where(_BY_ID)
)
_SEAT_OF = (_S.player_id == _P.id) & (_S.variant == bindparam("variant"))
LOCK_PLAYER_SEAT = (
    select(*PLAYER_COLS, _S.layout).select_from(PLAYERS.outerjoin(SEATS, _SEAT_OF)).where(_BY_ID)
)
PROTECTION_COLS = tuple(
    PROTECTION.c[name]
    for name in (
        "player_id",
        "limits",
        "reality_minutes",
        "timeout_until",
        "timeout_set_at",
        "excluded_until",
        "excluded_set_at",
        "session_started_at",
        "session_checked_at",
        "session_staked",
        "session_returned",
    )
)
"""A player's protection settings, in :class:`~twentyone.store.protection.Settings` order."""
_CHECKS = (_S.layout, LOCKS.c.player_id.label("locked"), *PROTECTION_COLS)
_CHECKED = (
    PLAYERS.outerjoin(SEATS, _SEAT_OF)
    .outerjoin(LOCKS, LOCKS.c.player_id == _P.id)
    .outerjoin(PROTECTION, PROTECTION.c.player_id == _P.id)
)
LOCK_PLAYER_SEAT_CHECKS = select(*PLAYER_COLS, *_CHECKS).select_from(_CHECKED).where(_BY_ID)
"""A deal's first read (SQLite): the player, its seat, its lock and its protection settings."""
SEAT_CHECKS = select(*_CHECKS).select_from(_CHECKED).where(_BY_ID)
"""The same without the player, read once the player's lock is held (PostgreSQL)."""
SELECT_ROUND = select(*ROUND_COLS).where(_R.id == bindparam("round_id"))
SELECT_SEAT = select(_S.layout).where(
    _S.player_id == bindparam("player_id"), _S.variant == bindparam("variant")
)
WRITE_PLAYER = (
    update(PLAYERS)
    .where(_P.id == bindparam("b_id"))
    .values(balance=bindparam("b_balance"), open_round_id=bindparam("b_open"))
)
WRITE_ROUND = (
    update(ROUNDS)
    .where(_R.id == bindparam("b_id"))
    .values({name: bindparam(f"b_{name}") for name in _ROUND_CHANGES})
)
WRITE_SEAT = (
    update(SEATS)
    .where(_S.player_id == bindparam("b_player"), _S.variant == bindparam("b_variant"))
    .values(layout=bindparam("b_layout"), updated_at=bindparam("b_now"))
)
UNHIDE = (
    update(EVENTS)
    .where(_E.round_id == bindparam("b_round"), _E.seq == bindparam("b_seq"), _E.hidden)
    .values(data=bindparam("b_data"), hidden=False)
)
"""Show a stored face-down card (``b_round``, ``b_seq``, ``b_data``) if it is still hidden."""
FIX_BALANCE_AFTER = (
    update(LEDGER)
    .where(_L.txid == bindparam("b_txid"))
    .values(balance_after=bindparam("b_balance"))
)
ROUND_LEDGER = select(*LEDGER_COLS).where(_L.round_id == bindparam("round_id")).order_by(_L.id)
"""A round's ledger entries, oldest first (``round_id``)."""


def player_of(values: Sequence[Any]) -> StoredPlayer:
    """The player of a row that starts with :data:`PLAYER_COLS`."""
    return StoredPlayer(*values[:_NP])


def round_changes(row: StoredRound) -> dict[str, Any]:
    """The parameters of :data:`WRITE_ROUND` for ``row``."""
    params = {f"b_{name}": getattr(row, name) for name in _ROUND_CHANGES}
    params["b_id"] = row.id
    return params
