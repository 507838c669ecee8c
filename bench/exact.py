"""Benchmark: the exact analysis's compute time per preset and the command's start-up time.

Run: ``.venv/bin/python bench/exact.py [--strategy optimal|basic] [--repeat N]``. Each figure is
the median of ``N`` fresh processes (cold caches, as the command runs it):

* ``compute``: ``house_edge(rules)`` alone (what Eric Farmer's C++ analyser is compared with:
  about 0.14 s for 6 decks S17 DAS split to 4 hands on the reference machine, 0.024-0.035 s
  with one split, issue 12);
* ``+dist``: the same with the distribution of a round's result;
* ``command``: ``twentyone house-edge VARIANT --json`` from start to exit;
* ``--help``: ``twentyone --help`` from start to exit (the target is under 0.3 s).

The machine is shared: compare figures taken in one run only.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from twentyone.variants import all_variants

TWENTYONE = str(Path(sys.executable).with_name("twentyone"))
CODE = (
    "import sys, time\n"
    "from twentyone.analysis.exact.house_edge import house_edge\n"
    "from twentyone.variants import find_variant\n"
    "rules = find_variant(sys.argv[1]).rules\n"
    "t = time.perf_counter()\n"
    "r = house_edge(rules, sys.argv[2], distribution=sys.argv[3] == '1')\n"
    "print(r.ev, time.perf_counter() - t)\n"
)


def _compute(variant: str, strategy: str, distribution: bool) -> tuple[float, float]:
    out = subprocess.run(
        [sys.executable, "-c", CODE, variant, strategy, "1" if distribution else "0"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return float(out[0]), float(out[1])


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([TWENTYONE, *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    """Print one line per preset, then the start-up time."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="optimal", choices=("optimal", "basic"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.repeat
    print(f"{'variant':14} {'hands':>5} {'EV %':>10} {'compute':>8} {'+dist':>7} {'command':>8}")
    for variant in all_variants():
        runs = [_compute(variant.name, args.strategy, False) for _ in range(n)]
        dist = statistics.median(_compute(variant.name, args.strategy, True)[1] for _ in range(n))
        wall = statistics.median(
            _wall(["house-edge", variant.name, "--json", "--strategy", args.strategy])
            for _ in range(n)
        )
        seconds = statistics.median(s for _, s in runs)
        hands = variant.rules.max_split_hands
        ev = runs[0][0] * 100
        print(f"{variant.name:14} {hands:5} {ev:+10.5f} {seconds:8.3f} {dist:7.3f} {wall:8.2f}")
    helps = [_wall(["--help"]) for _ in range(n)]
    print(f"twentyone --help: median {statistics.median(helps):.3f} s (target < 0.3 s)")
    print("C++ reference (issue 12): 0.14 s split to 4 hands, 0.024-0.035 s split once")


if __name__ == "__main__":
    main()
