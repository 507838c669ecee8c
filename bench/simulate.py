"""Rounds per CPU second of the simulator per variant, on 1 and the maximum spots.

Run: ``.venv/bin/python bench/simulate.py [--rounds N] [--repeat R] [--engine-rounds N]
[--baseline-src DIR [--alternate K]] [--freebj PATH] [--variant NAME ...]``. Each figure is the
median of ``--repeat`` runs of the kernel on one core (``time.process_time``: CPU seconds, so a busy
machine slows it less than the wall clock), playing a fresh shoe per round with the basic strategy,
every side bet of the variant on every spot, tallies only (the word generation included). The tables
are built and the kernel compiled (or loaded from Numba's cache) before timing. The ratio to FreeBJ
is per hand (FreeBJ plays one spot).

``--baseline-src`` times another source tree's kernel (e.g. ``git archive`` of an older
commit, unpacked) in the same run, variant by variant, for a before/after ratio; the older
tree is asked through the same ``kernel_tables`` / ``play`` calls. ``--alternate K`` times the
two trees in turn K times (``--repeat`` runs each time) so that a change in the machine's load
falls on both; each figure is then the median of all of its tree's runs.

``--freebj PATH`` times FreeBJ 1.1.3 (Rust, the fastest open simulator; it builds offline
from Debian's packaged crates: ``cargo build --release`` with ``/usr/share/cargo/registry`` as
the crates.io source) in the same run on the game issue 11 compares (6 decks, S17, DAS, peek,
split to 4, basic strategy, one spot, 75% penetration, ``-j 1``), whole process CPU seconds.
Without it the ratio is to issue 11's figure for FreeBJ on this machine, 6.84 M rounds per
second on one core (so the target is 13.7 M).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # idle BLAS threads would count as CPU time

FREEBJ = 6.84e6
"""FreeBJ 1.1.3's rounds per second on one core of this machine (issue 11)."""

_RATE = """
import statistics, sys, time
from twentyone.analysis.simulate.fast import play
from twentyone.analysis.simulate.strategy import find_strategy
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.variants import find_variant
rules = find_variant(sys.argv[1]).rules
tables = kernel_tables(rules, find_strategy(rules, "basic"), int(sys.argv[2]))
play(tables, 0, 100)
rounds = int(sys.argv[3])
rates = []
for seed in range(int(sys.argv[4])):
    start = time.process_time()
    play(tables, seed + 1, rounds)
    rates.append(rounds / (time.process_time() - start))
print(" ".join(map(str, rates)))
"""


def kernel_rates(
    src: str | None, variant: str, spots: int, rounds: int, repeat: int
) -> list[float]:
    """Rounds per CPU second of ``repeat`` runs of the kernel of the tree ``src`` (``None``:
    this one), in a fresh process."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
        env["NUMBA_CACHE_DIR"] = os.path.join(src, ".numba")
    done = subprocess.run(
        [sys.executable, "-c", _RATE, variant, str(spots), str(rounds), str(repeat)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return [float(rate) for rate in done.stdout.split()]


def freebj_rate(path: str, rounds: int, repeat: int) -> float:
    """Median rounds per CPU second of FreeBJ on issue 11's game, whole process."""
    rates = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [path, "-n", str(rounds), "-j", "1", "--das", "-p", "75%"],
            check=True,
            capture_output=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        rates.append(rounds / cpu)
    return statistics.median(rates)


def engine_rate(variant: str, spots: int, rounds: int) -> float:
    """Rounds per CPU second of the engine's own rounds (the reference path)."""
    from twentyone.analysis.simulate.engine_play import engine_rounds
    from twentyone.analysis.simulate.strategy import find_strategy
    from twentyone.variants import find_variant

    rules = find_variant(variant).rules
    strategy = find_strategy(rules, "basic")
    engine_rounds(rules, 0, 10, strategy, spots=spots)
    start = time.process_time()
    engine_rounds(rules, 1, rounds, strategy, spots=spots)
    return rounds / (time.process_time() - start)


def main() -> None:
    """Print one line per variant and number of spots."""
    from twentyone.variants import all_variants

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4_000_000, help="hands per timed run")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--engine-rounds", type=int, default=3_000)
    parser.add_argument("--baseline-src", default=None)
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--freebj", default=None, help="a FreeBJ binary to time beside")
    parser.add_argument(
        "--alternate",
        type=int,
        default=1,
        help="with --baseline-src: time this tree and the baseline in turn this many times, "
        "--repeat runs each time, and take the median over all of a tree's runs",
    )
    args = parser.parse_args()
    freebj = FREEBJ
    if args.freebj:
        freebj = freebj_rate(args.freebj, args.rounds, args.repeat)
        print(f"FreeBJ 1.1.3, standard game, -j 1: {freebj / 1e6:.2f} M rounds per CPU second")
    print(
        f"{'variant':<14}{'spots':>6}{'M rounds/cpu-s':>16}{'M hands/cpu-s':>15}"
        f"{'x FreeBJ/hand':>14}{'engine r/s':>12}{'before M/s':>12}{'after/before':>14}"
    )
    for variant in all_variants():
        if args.variant and variant.name not in args.variant:
            continue
        for spots in sorted({1, variant.rules.max_spots}):
            rounds = args.rounds // spots
            after_runs: list[float] = []
            before_runs: list[float] = []
            for _ in range(args.alternate if args.baseline_src else 1):
                after_runs += kernel_rates(None, variant.name, spots, rounds, args.repeat)
                if args.baseline_src:
                    before_runs += kernel_rates(
                        args.baseline_src, variant.name, spots, rounds, args.repeat
                    )
            rate = statistics.median(after_runs)
            before = statistics.median(before_runs) if before_runs else float("nan")
            engine = engine_rate(variant.name, spots, max(args.engine_rounds // spots, 10))
            print(
                f"{variant.name:<14}{spots:>6}{rate / 1e6:>16.2f}{rate * spots / 1e6:>15.2f}"
                f"{rate * spots / freebj:>14.2f}{engine:>12,.0f}{before / 1e6:>12.2f}"
                f"{rate / before:>13.2f}x",
                flush=True,
            )


if __name__ == "__main__":
    main()
