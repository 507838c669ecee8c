"""Players and their wallets: the only code that posts to the ledger.

A player is a play-money account; its opening grant is its first ledger entry, and every later
balance change (a grant, a round's wagers and returns, a void's refunds) is posted here by
:func:`post`: ``INSERT ... ON CONFLICT (txid) DO NOTHING``, so the database itself makes posting
the same entry twice a no-op, and the player's balance is the running sum of its entries.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import insert, select, update

from twentyone.catalogues import LANGUAGES
from twentyone.errors import InvalidArgumentError
from twentyone.store import rows
from twentyone.store.rows import StoredPlayer
from twentyone.store.unit import Store, Unit, aware
from twentyone.store.views import PlayerInfo, Wallet
from twentyone.table.errors import (
    InsufficientFundsError,
    PlayerExistsError,
    RoundInProgressError,
    TopUpNotNeededError,
    UnknownPlayerError,
)
from twentyone.table.wallet import EntryKind, Posting

_P = rows.PLAYERS.c


TOP_UP_DETAIL = "top-up"
"""The ledger detail of a top-up grant (its label: :func:`twentyone.display.entry_label`)."""


def post(unit: Unit, player: StoredPlayer, postings: Sequence[Posting]) -> None:
    """Post entries once each: a transaction id already in the ledger is skipped.

    The insert skips known transaction ids itself (``ON CONFLICT DO NOTHING``); in the rare
    case that it skipped one, the running balances of the entries it did insert are put
    right. The player's new balance is written back when the unit ends.
    """
    if not postings:
        return
    unique: dict[str, Posting] = {}
    for posting in postings:
        unique.setdefault(posting.txid, posting)  # the first of a repeated id counts
    balance = player.balance
    new_rows: list[dict[str, Any]] = []
    for posting in unique.values():
        balance += posting.amount
        new_rows.append(
            {
                "txid": posting.txid,
                "player_id": player.id,
                "round_id": posting.round_id,
                "amount": posting.amount,
                "balance_after": balance,
                "kind": str(posting.kind),
                "detail": posting.detail,
                "created_at": unit.now,
            }
        )
    inserted = unit.driver.post(unit.conn, new_rows)
    if len(inserted) < len(new_rows):
        balance = player.balance
        fixes = []
        for row in new_rows:
            if row["txid"] in inserted:
                balance += row["amount"]
                if row["balance_after"] != balance:
                    fixes.append({"b_txid": row["txid"], "b_balance": balance})
        if fixes:
            unit.conn.execute(rows.FIX_BALANCE_AFTER, fixes)
    player.balance = balance
    if balance < 0:
        raise InsufficientFundsError(f"the balance would go below zero ({balance})")


def wallet_of(unit: Unit, player: StoredPlayer) -> Wallet:
    """The player's balance and the money its unfinished round holds (``rounds.held_by``: the
    one definition every view of a round's money uses)."""
    row = unit.round(player.open_round_id)
    if row is None:
        return Wallet(player.balance, 0)
    from twentyone.store import rounds  # rounds builds on this module

    return Wallet(player.balance, rounds.held_by(unit.store, row))


def info_of(unit: Unit, player: StoredPlayer) -> PlayerInfo:
    """The player's account as the caller sees it."""
    return PlayerInfo(
        id=player.id,
        name=player.name,
        vip_level=player.vip_level,
        limits=unit.store.config.limits(player.vip_level),
        wallet=wallet_of(unit, player),
        open_round_id=player.open_round_id,
        created_at=aware(player.created_at),
    )


class Accounts:
    """Players, their VIP levels, grants and wallets."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def create_player(
        self, name: str, *, vip_level: str | None = None, grant: int | None = None
    ) -> PlayerInfo:
        """A new play-money account; the opening grant is its first ledger entry."""
        config = self._store.config
        level = vip_level or config.default_level
        config.limits(level)
        amount = config.opening_grant if grant is None else grant
        with self._store.unit() as unit:
            if unit.conn.execute(select(_P.id).where(_P.name == name)).first():
                raise PlayerExistsError(f"a player called {name!r} already exists")
            player = unit.hold(StoredPlayer(uuid.uuid4().hex, name, level, 0, None, unit.now))
            unit.conn.execute(
                insert(rows.PLAYERS),
                {
                    "id": player.id,
                    "name": player.name,
                    "vip_level": player.vip_level,
                    "balance": 0,
                    "open_round_id": None,
                    "created_at": player.created_at,
                },
            )
            if amount:
                posting = Posting(
                    f"grant:{player.id}:opening", None, amount, EntryKind.GRANT, "opening balance"
                )
                post(unit, player, [posting])
            return info_of(unit, player)

    def language(self, player_id: str) -> str | None:
        """The language the player picked (``None``: the browser's own is followed)."""
        with self._store.unit() as unit:
            found = unit.conn.execute(select(_P.language).where(_P.id == player_id)).first()
            if found is None:
                raise UnknownPlayerError(f"no player {player_id!r}")
            return cast("str | None", found[0])

    def set_language(self, player_id: str, language: str | None) -> str | None:
        """Keep ``language`` (one of :data:`twentyone.catalogues.LANGUAGES`, or ``None`` to
        follow the browser again) with the account."""
        if language is not None and language not in LANGUAGES:
            raise InvalidArgumentError(f"language {language!r} is not one of {sorted(LANGUAGES)}")
        with self._store.unit() as unit:
            player = unit.player(player_id)
            unit.conn.execute(
                update(rows.PLAYERS).where(_P.id == player.id).values(language=language)
            )
            return language

    def get_player(self, player_id: str) -> PlayerInfo:
        """A player's account by id."""
        with self._store.unit() as unit:
            return info_of(unit, unit.player(player_id))

    def find_player(self, name: str) -> PlayerInfo | None:
        """A player's account by name, if any."""
        with self._store.unit() as unit:
            row = unit.conn.execute(select(*rows.PLAYER_COLS).where(_P.name == name)).first()
            return None if row is None else info_of(unit, rows.player_of(row))

    def get_or_create_player(self, name: str) -> PlayerInfo:
        """The player called ``name``, created with the opening grant if new."""
        found = self.find_player(name)
        return found if found is not None else self.create_player(name)

    def set_vip_level(self, player_id: str, level: str) -> PlayerInfo:
        """Move a player to another VIP level (its limits apply from the next deal)."""
        self._store.config.limits(level)
        with self._store.unit() as unit:
            player = unit.player(player_id)
            unit.conn.execute(
                update(rows.PLAYERS).where(_P.id == player.id).values(vip_level=level)
            )
            player.vip_level = level
            return info_of(unit, player)

    def grant(self, player_id: str, amount: int, txid: str, detail: str = "grant") -> Wallet:
        """Credit play money (or debit, if negative) once per ``txid``."""
        with self._store.unit() as unit:
            player = unit.player(player_id)
            posting = Posting(f"grant:{player.id}:{txid}", None, amount, EntryKind.GRANT, detail)
            post(unit, player, [posting])
            return wallet_of(unit, player)

    def top_up(self, player_id: str) -> Wallet:
        """Play money that lasts: credit the difference up to the starting balance as one
        grant (detail :data:`TOP_UP_DETAIL`). Refused, changing nothing, while a round is
        unfinished or when the balance is already at or above the starting balance. The check
        and the grant are one transaction under the player's lock, so a repeat sent at once
        finds the balance topped up and posts nothing."""
        with self._store.unit() as unit:
            player = unit.player(player_id)
            if player.open_round_id is not None:
                raise RoundInProgressError("finish the round in progress before a top-up")
            start = self._store.config.opening_grant
            if player.balance >= start:
                raise TopUpNotNeededError(
                    f"the balance {player.balance} is already at or above the starting "
                    f"balance {start}"
                )
            txid = f"grant:{player.id}:top-up:{uuid.uuid4().hex}"
            posting = Posting(txid, None, start - player.balance, EntryKind.GRANT, TOP_UP_DETAIL)
            post(unit, player, [posting])
            return wallet_of(unit, player)

    def wallet(self, player_id: str) -> Wallet:
        """The balance and the money held by an unfinished round."""
        with self._store.unit() as unit:
            return wallet_of(unit, unit.player(player_id))
