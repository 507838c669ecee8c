"""What the back office looks up: players by name, login or id, and rounds by id, player, game,
time and status, with a round's full record. Nothing here changes anything (the changes are
:mod:`twentyone.store.admin`'s, each audited).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, column, func, or_, select, table

from twentyone.store import locks, rows
from twentyone.store.accounts import info_of
from twentyone.store.records import record_of
from twentyone.store.rounds import summary
from twentyone.store.rows import StoredRound
from twentyone.store.unit import Store, aware, naive
from twentyone.store.views import RoundRecord
from twentyone.table.errors import UnknownRoundError

_P, _R, _K = rows.PLAYERS.c, rows.ROUNDS.c, locks.LOCKS.c
LOGINS = table("accounts", column("player_id"), column("username"), column("username_key"))
"""The web logins (revision ``0002_accounts``): a registered player's username."""
_L = LOGINS.c


def _escaped(text: str) -> str:
    return text.strip().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _like(text: str) -> str:
    return f"%{_escaped(text)}%"


def _prefix(text: str) -> str:
    return f"{_escaped(text).lower()}%"


def _who(query: str) -> ColumnElement[bool]:
    """Players whose name or login contains ``query``, or whose id starts with it."""
    pattern = _like(query)
    return or_(
        _P.name.ilike(pattern, escape="\\"),
        _L.username.ilike(pattern, escape="\\"),
        _P.id.like(_prefix(query), escape="\\"),
    )


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A player as the search lists it."""

    id: str
    name: str
    username: str | None
    vip_level: str
    balance: int
    locked: bool
    open_round_id: str | None
    created_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "id": self.id,
            "name": self.name,
            "username": self.username,
            "vip_level": self.vip_level,
            "balance": self.balance,
            "locked": self.locked,
            "open_round_id": self.open_round_id,
            "created_at": aware(self.created_at).isoformat(),
        }


@dataclass(frozen=True, slots=True)
class RoundFilter:
    """What a round search asks for (every field optional; all given must hold)."""

    round_id: str | None = None
    player: str | None = None
    variant: str | None = None
    status: str | None = None
    since: datetime | None = None
    until: datetime | None = None


class BackOffice:
    """Searches and records for administrators."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def players(
        self, query: str = "", *, offset: int = 0, limit: int = 50
    ) -> tuple[list[PlayerLine], int]:
        """Players whose name, login or id matches ``query`` (all when empty), newest first."""
        source = rows.PLAYERS.outerjoin(LOGINS, _L.player_id == _P.id).outerjoin(
            locks.LOCKS, _K.player_id == _P.id
        )
        where = [_who(query)] if query.strip() else []
        with self._store.unit() as unit:
            total = unit.conn.execute(
                select(func.count()).select_from(source).where(*where)
            ).scalar()
            found = unit.conn.execute(
                select(
                    _P.id,
                    _P.name,
                    _L.username,
                    _P.vip_level,
                    _P.balance,
                    _K.player_id.is_not(None),
                    _P.open_round_id,
                    _P.created_at,
                )
                .select_from(source)
                .where(*where)
                .order_by(_P.created_at.desc(), _P.id)
                .offset(offset)
                .limit(limit)
            )
            return [PlayerLine(*r) for r in found], int(total or 0)

    def player(self, player_id: str) -> dict[str, Any]:
        """A player's account: balance, VIP level and limits, login, round counts and totals."""
        with self._store.unit() as unit:
            info = info_of(unit, unit.player(player_id)).to_dict()
            username = unit.conn.execute(
                select(_L.username).where(_L.player_id == player_id)
            ).scalar()
            counts = unit.conn.execute(
                select(
                    func.count(),
                    func.coalesce(func.sum(_R.staked), 0),
                    func.coalesce(func.sum(_R.returned), 0),
                ).where(_R.player_id == player_id, _R.status == "settled")
            ).one()
            return {
                **info,
                "username": username,
                "rounds_settled": int(counts[0]),
                "staked": int(counts[1]),
                "returned": int(counts[2]),
            }

    def rounds(
        self, wanted: RoundFilter, *, offset: int = 0, limit: int = 50
    ) -> tuple[list[dict[str, Any]], int]:
        """Rounds matching ``wanted``, newest first, each with its player's name and login."""
        where: list[ColumnElement[bool]] = []
        if wanted.round_id:
            where.append(_R.id.like(_prefix(wanted.round_id), escape="\\"))
        if wanted.player:
            where.append(_who(wanted.player))
        if wanted.variant:
            where.append(_R.variant == wanted.variant)
        if wanted.status:
            where.append(_R.status == wanted.status)
        if wanted.since is not None:
            where.append(_R.started_at >= naive(wanted.since))
        if wanted.until is not None:
            where.append(_R.started_at < naive(wanted.until))
        source = rows.ROUNDS.join(rows.PLAYERS, _P.id == _R.player_id).outerjoin(
            LOGINS, _L.player_id == _R.player_id
        )
        with self._store.unit() as unit:
            total = unit.conn.execute(
                select(func.count()).select_from(source).where(*where)
            ).scalar()
            found = unit.conn.execute(
                select(*rows.ROUND_COLS, _P.name, _L.username)
                .select_from(source)
                .where(*where)
                .order_by(_R.started_at.desc(), _R.id)
                .offset(offset)
                .limit(limit)
            )
            lines = []
            for r in found:
                row = StoredRound(*r[: len(rows.ROUND_COLS)])
                lines.append(
                    {
                        **summary(row).to_dict(),
                        "player_id": row.player_id,
                        "player_name": r[-2],
                        "username": r[-1],
                    }
                )
            return lines, int(total or 0)

    def round(self, round_id: str) -> tuple[RoundRecord, str]:
        """A round's full record (the player's replay reads the same) and its player's id."""
        with self._store.unit() as unit:
            row = unit.round(round_id)
            if row is None:
                raise UnknownRoundError(f"no round {round_id!r}")
            return record_of(unit, row), row.player_id
