"""Records: a player's history, a round's full record, the statement, scenario export, and the
sweep that voids rounds left unfinished too long.

Everything here reads what play wrote; only the sweep changes anything (it voids, as a
malfunction would, through :mod:`twentyone.store.rounds`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import func, select

from twentyone.scenario import scenario_of
from twentyone.store import rows
from twentyone.store.rounds import OPEN, finished_round, rebuild_or_none, summary, void
from twentyone.store.rows import StoredRound
from twentyone.store.unit import Store, Unit, aware, naive
from twentyone.store.views import HistoryPage, RoundRecord, Statement, StatementLine
from twentyone.table.errors import RoundInProgressError, UnknownRoundError

_R, _E, _L = rows.ROUNDS.c, rows.EVENTS.c, rows.LEDGER.c


def _line(row: Sequence[Any]) -> StatementLine:
    txid, round_id, kind, amount, balance_after, detail, created_at = row
    return StatementLine(
        txid=txid,
        round_id=round_id,
        kind=kind,
        amount=amount,
        balance_after=balance_after,
        detail=detail,
        created_at=aware(created_at),
    )


def _own_round(unit: Unit, player_id: str, round_id: str) -> StoredRound:
    row = unit.round(round_id)
    if row is None or row.player_id != player_id:
        raise UnknownRoundError(f"no round {round_id!r} for this player")
    return row


def record_of(unit: Unit, row: StoredRound) -> RoundRecord:
    """Everything stored about ``row`` (hidden cards stay hidden until it ends)."""
    events = tuple(
        json.loads(data)
        for data in unit.conn.execute(
            select(_E.data).where(_E.round_id == row.id).order_by(_E.seq)
        ).scalars()
    )
    if row.cards is not None:
        cards = tuple(json.loads(row.cards))
    else:
        cards = tuple(
            e["card"] for e in events if e["type"] == "CardDealt" and e["card"] is not None
        )
    entries = unit.conn.execute(rows.ROUND_LEDGER, {"round_id": row.id})
    return RoundRecord(
        summary=summary(row),
        rules=json.loads(row.rules),
        positions=tuple(json.loads(row.layout)),
        bets=tuple(json.loads(row.bets)),
        cards=cards,
        decisions=tuple(json.loads(row.decisions)),
        events=events,
        wagers=tuple(e["line"] for e in events if e["type"] == "WagerSettled"),
        entries=tuple(_line(e) for e in entries),
    )


class Records:
    """What a player (or an operator) reads back: history, records, statement, scenarios."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def history(self, player_id: str, *, offset: int = 0, limit: int = 20) -> HistoryPage:
        """The player's rounds, newest first, a page at a time."""
        with self._store.unit() as unit:
            unit.player(player_id)
            total = unit.conn.execute(
                select(func.count()).select_from(rows.ROUNDS).where(_R.player_id == player_id)
            ).scalar()
            found = unit.conn.execute(
                select(*rows.ROUND_COLS)
                .where(_R.player_id == player_id)
                .order_by(_R.started_at.desc(), _R.id.desc())
                .offset(offset)
                .limit(limit)
            )
            return HistoryPage(
                tuple(summary(StoredRound(*r)) for r in found), total or 0, offset, limit
            )

    def round_record(self, player_id: str, round_id: str) -> RoundRecord:
        """Everything about one of the player's rounds (hidden cards stay hidden until it ends)."""
        with self._store.unit() as unit:
            unit.player(player_id)
            return record_of(unit, _own_round(unit, player_id, round_id))

    def statement(self, player_id: str, *, offset: int = 0, limit: int = 100) -> Statement:
        """Ledger entries, oldest first, with the balance they reconcile to."""
        with self._store.unit() as unit:
            player = unit.player(player_id)
            where = _L.player_id == player_id
            total, ledger_sum = unit.conn.execute(
                select(func.count(), func.coalesce(func.sum(_L.amount), 0)).where(where)
            ).one()
            lines = unit.conn.execute(
                select(*rows.LEDGER_COLS).where(where).order_by(_L.id).offset(offset).limit(limit)
            )
            return Statement(
                tuple(_line(r) for r in lines),
                int(total),
                offset,
                limit,
                player.balance,
                int(ledger_sum),
            )

    def export_scenario(self, player_id: str, round_id: str) -> dict[str, object]:
        """A finished round as a scenario file (SPEC section 10) that ``replay`` reproduces."""
        with self._store.unit() as unit:
            unit.player(player_id)
            row = _own_round(unit, player_id, round_id)
            if row.status == OPEN:
                raise RoundInProgressError("a round in progress cannot be exported")
            if row.cards is None:
                raise UnknownRoundError(f"round {round_id} was voided before its cards were known")
            return scenario_of(finished_round(row), row.variant)

    def sweep(self, now: datetime | None = None, days: int | None = None) -> list[str]:
        """Void every round left unfinished for ``days`` (default 90); returns their ids.

        Safe to run repeatedly and alongside play: each round is re-checked under its player's
        lock, and a round already finished is left alone.
        """
        store = self._store
        limit = days if days is not None else store.config.void_after_days
        cutoff = naive(now or store.clock()) - timedelta(days=limit)
        with store.unit() as unit:
            stale = list(
                unit.conn.execute(
                    select(_R.id, _R.player_id).where(_R.status == OPEN, _R.started_at < cutoff)
                )
            )
        voided: list[str] = []
        for round_id, player_id in stale:
            with store.unit() as unit:
                player = unit.player(player_id)
                unit.forget_round(round_id)
                row = unit.round(round_id)
                if row is None or row.status != OPEN or row.started_at >= cutoff:
                    continue
                rnd = rebuild_or_none(store, row)
                void(unit, player, row, f"unresolved for {limit} days", rnd)
                voided.append(round_id)
        return voided
