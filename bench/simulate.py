"""Rounds per second of the simulator per variant, single core: fast kernel vs engine.

Run: ``.venv/bin/python bench/simulate.py [--kernel-rounds N] [--engine-rounds N]``. The rule
tables (and the basic strategy behind them) are built before timing; the kernel is compiled (or
loaded from Numba's cache) before timing too.
"""

from __future__ import annotations

import argparse
import time

from twentyone.analysis.simulate.engine_play import engine_records
from twentyone.analysis.simulate.fast import shuffled_records
from twentyone.analysis.simulate.run import SimPath, choose_path
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.variants import all_variants


def main() -> None:
    """Print one line per variant."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kernel-rounds", type=int, default=1_000_000)
    parser.add_argument("--engine-rounds", type=int, default=20_000)
    args = parser.parse_args()
    print(f"{'variant':<14}{'path':>8}{'kernel r/s':>14}{'engine r/s':>14}{'speed-up':>10}")
    for variant in all_variants():
        rules = variant.rules
        path, _ = choose_path(rules)
        kernel_rate = float("nan")
        if path is SimPath.NUMBA:
            tables = kernel_tables(rules)
            shuffled_records(tables, 0, 10)  # compile or load the cached kernel
            start = time.process_time()
            shuffled_records(tables, 1, args.kernel_rounds)
            kernel_rate = args.kernel_rounds / (time.process_time() - start)
        engine_records(rules, 0, 10)  # build the strategy
        start = time.process_time()
        engine_records(rules, 1, args.engine_rounds)
        engine_rate = args.engine_rounds / (time.process_time() - start)
        print(
            f"{variant.name:<14}{path!s:>8}{kernel_rate:>14,.0f}{engine_rate:>14,.0f}"
            f"{kernel_rate / engine_rate:>9.0f}x"
        )


if __name__ == "__main__":
    main()
