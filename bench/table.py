"""Rounds per second through the table service and the store, with durable commits.

    .venv/bin/python bench/table.py [--rounds N] [--repeat R] [--variant V] [--pg URL]

Plays whole rounds (REBET & DEAL, then each decision: every step is its own committed
transaction) for one player on SQLite (a file, WAL, synchronous=FULL), on in-memory SQLite (the
same work without the disk, so the CPU cost alone) and, when a URL is given (``--pg`` or
``$TWENTYONE_TEST_PG_URL``), on PostgreSQL. Each is run ``--repeat`` times on a fresh database;
the best and the median rate are printed (other processes on the machine make single runs
noisy). Target: 200 rounds/s on the SQLite file.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet
from sqlalchemy import event

from twentyone.engine import Action, SpotBet
from twentyone.store.service import TableService
from twentyone.store.views import RoundState

KEY = Fernet.generate_key()
"""The shoe key of every run (the runs on PostgreSQL share one database)."""


def decide(state: RoundState) -> Action:
    """Hit below 17, stand otherwise; never insure."""
    legal = state.legal_actions
    for declined in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY):
        if declined in legal:
            return declined
    current = state.view.current
    hand = next(h for h in state.view.hands if (h.spot, h.hand) == current)
    return Action.HIT if hand.total < 17 and Action.HIT in legal else Action.STAND


@dataclass
class Counts:
    """Statements and transactions the database saw while the rounds were played."""

    statements: int = 0
    transactions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    active: bool = True

    def count(self, sql: str) -> None:
        if not self.active:
            return
        words = sql.split(None, 2)
        kind = " ".join(words[:2]) if words[0] in ("UPDATE", "INSERT") else words[0]
        self.statements += 1
        self.kinds[kind] += 1

    def listen(self, service: TableService) -> None:
        """Count what the service sends: through SQLAlchemy and straight to the driver."""
        engine = service.engine

        @event.listens_for(engine, "before_cursor_execute")
        def _statement(*args: Any) -> None:
            self.count(args[2])

        @event.listens_for(engine, "commit")
        def _commit(*_args: Any) -> None:
            self.transactions += self.active

        driver = service.store.driver
        cursor_of = driver._cursor
        counts = self

        class Counted:
            def __init__(self, cursor: Any) -> None:
                self.cursor = cursor

            def execute(self, sql: str, args: Any) -> Any:
                counts.count(sql)
                return self.cursor.execute(sql, args)

            def executemany(self, sql: str, args: Any) -> Any:
                counts.count(sql)
                return self.cursor.executemany(sql, args)

            def __getattr__(self, name: str) -> Any:
                return getattr(self.cursor, name)

        driver._cursor = lambda conn: Counted(cursor_of(conn))  # type: ignore[method-assign]


def run(
    url: str, rounds: int, variant: str, counts: Counts | None = None
) -> tuple[float, float, int]:
    """Play ``rounds`` rounds; return (rounds per second, CPU seconds per round, decisions)."""
    service = TableService.open(url, key=KEY)
    try:
        player = service.accounts.create_player(f"bench-{uuid.uuid4().hex[:8]}", grant=10**12).id
        service.seat.set_bets(player, variant, [SpotBet(1000)])
        service.play.deal(player, variant)
        steps = 0
        if counts is not None:
            counts.listen(service)
        start, cpu = time.perf_counter(), time.process_time()
        for index in range(rounds):
            state = (
                service.play.rebet_and_deal(player, variant)
                if index
                else service.play.current_round(player)
            )
            while state is not None and state.status == "open":
                state = service.play.act(player, decide(state))
                steps += 1
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        if counts is not None:
            counts.active = False
        statement = service.records.statement(player, limit=1)
        assert statement.reconciles
        return rounds / elapsed, cpu / rounds, steps
    finally:
        service.close()


def report(name: str, url: str, args: argparse.Namespace) -> None:
    """Run ``args.repeat`` times on fresh databases and print the best and median rates."""
    rates = []
    cpus = []
    steps = 0
    counts = Counts()
    for attempt in range(args.repeat):
        rate, cpu, steps = run(
            url.format(attempt=attempt), args.rounds, args.variant, counts if attempt == 0 else None
        )
        rates.append(rate)
        cpus.append(cpu)
    print(
        f"{name:<14} best {max(rates):7.1f}  median {statistics.median(rates):7.1f} rounds/s,"
        f" CPU {1000 * statistics.median(cpus):.2f} ms/round"
        f"  ({args.repeat} x {args.rounds} rounds, {steps} decisions in the last)"
    )
    n = args.rounds
    kinds = ", ".join(f"{kind} {count / n:.2f}" for kind, count in counts.kinds.most_common())
    print(
        f"{'':<14} per round: {counts.transactions / n:.2f} transactions,"
        f" {counts.statements / n:.2f} statements ({kinds})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variant", default="european")
    parser.add_argument("--pg", default=os.environ.get("TWENTYONE_TEST_PG_URL"))
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        report("sqlite file:", f"sqlite:///{Path(tmp)}/bench-{{attempt}}.db", args)
    report("sqlite memory:", "sqlite://", args)
    if args.pg:
        from server import database  # a fresh database (the shared one has its own shoe key)

        with database(args.pg) as url:
            report("postgresql:", url, args)
    else:
        print("postgresql:    skipped (no --pg URL and no $TWENTYONE_TEST_PG_URL)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
