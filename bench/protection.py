"""What player protection costs a round: rounds per second and statements per round, by setting.

    .venv/bin/python bench/protection.py [--rounds N] [--repeat R] [--variant V]

Plays whole rounds as ``bench/table.py`` does (REBET & DEAL, then each decision, every step its
own committed transaction) on an in-memory SQLite database (the CPU cost alone) and on a SQLite
file, for a player with no protection settings, one in a web session (the session's sums are
kept), and one in a session with all six loss and stake limits and a reality check (the tallies
are kept and every wager is checked). The settings are interleaved in each repeat, so the
machine's load falls on all of them alike; the median of the repeats is printed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet

sys.path.insert(0, str(Path(__file__).parent))
from table import Counts, decide
from twentyone.engine import SpotBet
from twentyone.store import protection
from twentyone.store.service import TableService

SETTINGS = ("none", "session", "limits")


def run(url: str, rounds: int, variant: str, setting: str) -> tuple[float, Counts]:
    """Play ``rounds`` rounds for a player with ``setting``; (rounds per second, counts)."""
    service = TableService.open(url, key=Fernet.generate_key())
    counts = Counts()
    try:
        player = service.accounts.create_player(f"bench-{uuid.uuid4().hex[:8]}", grant=10**12).id
        if setting != "none":
            service.protection.start_session(player)
        if setting == "limits":
            service.protection.set_reality_check(player, 60)
            for kind in ("loss", "stake"):
                for period in ("24h", "7d", "30d"):
                    service.protection.set_limit(player, kind, period, 10**11)
        service.seat.set_bets(player, variant, [SpotBet(1000)])
        service.play.deal(player, variant)
        counts.listen(service)
        hooks = protection._run  # the hooks' statements run on their own cursor: count them too

        def counted(unit: Any, name: str, params: dict[str, Any]) -> Any:
            if counts.active:
                counts.statements += 1
                counts.kinds[f"protection {name}"] += 1
            return hooks(unit, name, params)

        protection._run = counted
        start = time.perf_counter()
        for index in range(rounds):
            state = (
                service.play.rebet_and_deal(player, variant)
                if index
                else service.play.current_round(player)
            )
            while state is not None and state.status == "open":
                state = service.play.act(player, decide(state))
        elapsed = time.perf_counter() - start
        counts.active = False
        protection._run = hooks
        assert service.records.statement(player, limit=1).reconciles
        return rounds / elapsed, counts
    finally:
        service.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--variant", default="european")
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as tmp:
        for name, url in (("sqlite memory", "sqlite://"), ("sqlite file", f"{tmp}/b-{{n}}.db")):
            rates: dict[str, list[float]] = {s: [] for s in SETTINGS}
            per_round: dict[str, float] = {}
            kinds: dict[str, Any] = {}
            for attempt in range(args.repeat):
                for setting in SETTINGS:
                    target = (
                        url
                        if name == "sqlite memory"
                        else "sqlite:///" + url.format(n=f"{setting}-{attempt}")
                    )
                    rate, counts = run(target, args.rounds, args.variant, setting)
                    rates[setting].append(rate)
                    per_round[setting] = counts.statements / args.rounds
                    kinds[setting] = counts.kinds
            base = statistics.median(rates["none"])
            for setting in SETTINGS:
                median = statistics.median(rates[setting])
                print(
                    f"{name:<14} {setting:<8} median {median:7.1f} rounds/s"
                    f" ({median / base:.2f} x none), {per_round[setting]:.2f} statements/round"
                    f"  ({args.repeat} x {args.rounds} rounds)"
                )
                mine = {k: v for k, v in kinds[setting].items() if k.startswith("protection")}
                mine_text = ", ".join(f"{k[11:]} {v / args.rounds:.2f}" for k, v in mine.items())
                print(f"{'':<23} protection statements/round: {mine_text or 'none'}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
