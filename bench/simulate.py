"""Rounds per CPU second of the simulator per variant, on 1 and the maximum spots.

Run: ``.venv/bin/python bench/simulate.py [--rounds N] [--repeat R] [--engine-rounds N]
[--baseline-src DIR]``. Each figure is the median of ``--repeat`` runs of the kernel on one core
(``time.process_time``: CPU seconds, so a busy machine slows it less than the wall clock),
playing fresh shoes with the basic strategy and tallies only. The tables are built and the kernel
compiled (or loaded from Numba's cache) before timing. ``--baseline-src`` times an older source
tree's kernel (one spot, its own API) in the same run, for a before/after ratio.

FreeBJ 1.1.3 (Rust, the fastest open simulator) cannot be built here (no crate registry); issue
11 measured it on this machine at 6.84 M rounds per second on one core (6 decks, S17, DAS,
peek, split to 4, basic strategy, one spot), so the target is 13.7 M.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # idle BLAS threads would count as CPU time

from twentyone.analysis.simulate.engine_play import engine_rounds
from twentyone.analysis.simulate.fast import play
from twentyone.analysis.simulate.run import SimPath, choose_path
from twentyone.analysis.simulate.strategy import find_strategy
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.variants import all_variants

FREEBJ = 6.84e6
"""FreeBJ 1.1.3's rounds per second on one core of this machine (issue 11)."""

_BASELINE = """
import statistics, sys, time
from twentyone.analysis.simulate.fast import shuffled_records
from twentyone.analysis.simulate.stats import Tally
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.variants import find_variant
rules = find_variant(sys.argv[1]).rules
tables = kernel_tables(rules)
shuffled_records(tables, 0, 10)
rates = []
for seed in range(int(sys.argv[3])):
    start = time.process_time()
    Tally.of(shuffled_records(tables, seed + 1, int(sys.argv[2])), rules)
    rates.append(int(sys.argv[2]) / (time.process_time() - start))
print(statistics.median(rates))
"""


def _baseline(src: str, variant: str, rounds: int, repeat: int) -> float:
    env = dict(os.environ, PYTHONPATH=src, NUMBA_CACHE_DIR=os.path.join(src, ".numba"))
    done = subprocess.run(
        [sys.executable, "-c", _BASELINE, variant, str(rounds), str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.strip())


def kernel_rate(variant_rules: object, spots: int, rounds: int, repeat: int) -> float:
    """Median rounds per CPU second of the kernel."""
    rules = variant_rules
    tables = kernel_tables(rules, find_strategy(rules, "basic"), spots)  # type: ignore[arg-type]
    play(tables, 0, 100)  # compile or load the cached kernel
    rates = []
    for seed in range(repeat):
        start = time.process_time()
        play(tables, seed + 1, rounds)
        rates.append(rounds / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    """Print one line per variant and number of spots."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2_000_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--engine-rounds", type=int, default=5_000)
    parser.add_argument("--baseline-src", default=None)
    args = parser.parse_args()
    print(
        f"{'variant':<14}{'spots':>6}{'path':>8}{'M rounds/cpu-s':>16}{'M hands/cpu-s':>15}"
        f"{'x FreeBJ':>10}{'engine r/s':>12}{'before M/s':>12}{'speed-up':>10}"
    )
    for variant in all_variants():
        rules = variant.rules
        path, _ = choose_path(rules)
        for spots in sorted({1, rules.max_spots}):
            rate = float("nan")
            if path is SimPath.NUMBA:
                rate = kernel_rate(rules, spots, args.rounds // spots, args.repeat)
            strategy = find_strategy(rules, "basic")
            engine_rounds(rules, 0, 10, strategy, spots=spots)
            start = time.process_time()
            engine_rounds(rules, 1, args.engine_rounds // spots, strategy, spots=spots)
            engine = args.engine_rounds // spots / (time.process_time() - start)
            before = float("nan")
            if args.baseline_src and spots == 1:
                before = _baseline(args.baseline_src, variant.name, args.rounds // 2, 3)
            print(
                f"{variant.name:<14}{spots:>6}{path!s:>8}{rate / 1e6:>16.2f}"
                f"{rate * spots / 1e6:>15.2f}{rate / FREEBJ:>10.2f}{engine:>12,.0f}"
                f"{before / 1e6:>12.2f}{rate / before:>9.1f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
