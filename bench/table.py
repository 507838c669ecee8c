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
from pathlib import Path

from cryptography.fernet import Fernet

from twentyone.engine import Action, SpotBet
from twentyone.store.service import TableService
from twentyone.store.views import RoundState


def decide(state: RoundState) -> Action:
    """Hit below 17, stand otherwise; never insure."""
    legal = state.legal_actions
    for declined in (Action.NO_INSURANCE, Action.NO_EVEN_MONEY):
        if declined in legal:
            return declined
    current = state.view.current
    hand = next(h for h in state.view.hands if (h.spot, h.hand) == current)
    return Action.HIT if hand.total < 17 and Action.HIT in legal else Action.STAND


def run(url: str, rounds: int, variant: str) -> tuple[float, int]:
    """Play ``rounds`` rounds; return (rounds per second, decisions)."""
    service = TableService.open(url, key=Fernet.generate_key())
    try:
        player = service.accounts.create_player(f"bench-{uuid.uuid4().hex[:8]}", grant=10**12).id
        service.seat.set_bets(player, variant, [SpotBet(1000)])
        service.play.deal(player, variant)
        steps = 0
        start = time.perf_counter()
        for index in range(rounds):
            state = (
                service.play.rebet_and_deal(player, variant)
                if index
                else service.play.current_round(player)
            )
            while state is not None and state.status == "open":
                state = service.play.act(player, decide(state))
                steps += 1
        elapsed = time.perf_counter() - start
        statement = service.records.statement(player, limit=1)
        assert statement.reconciles
        return rounds / elapsed, steps
    finally:
        service.close()


def report(name: str, url: str, args: argparse.Namespace) -> None:
    """Run ``args.repeat`` times on fresh databases and print the best and median rates."""
    rates = []
    steps = 0
    for attempt in range(args.repeat):
        rate, steps = run(url.format(attempt=attempt), args.rounds, args.variant)
        rates.append(rate)
    print(
        f"{name:<14} best {max(rates):7.1f}  median {statistics.median(rates):7.1f} rounds/s"
        f"  ({args.repeat} x {args.rounds} rounds, {steps} decisions in the last)"
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
        report("postgresql:", args.pg, args)
    else:
        print("postgresql:    skipped (no --pg URL and no $TWENTYONE_TEST_PG_URL)")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
