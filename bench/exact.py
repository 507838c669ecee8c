"""Benchmark: seconds ``house-edge`` takes per variant (one core, cold caches per variant).

Run: ``.venv/bin/python bench/exact.py [--strategy optimal|basic]``. The issue's bound is 20 s
per variant; the goal is half a second.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from twentyone.variants import all_variants


def main() -> None:
    """Time each variant in a fresh process, as the command runs it."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--strategy", default="optimal", choices=("optimal", "basic"))
    args = parser.parse_args()
    code = (
        "import sys, time\n"
        "from twentyone.analysis.exact.house_edge import house_edge\n"
        "from twentyone.variants import find_variant\n"
        "t = time.perf_counter()\n"
        "r = house_edge(find_variant(sys.argv[1]).rules, sys.argv[2])\n"
        "print(r.ev, time.perf_counter() - t)\n"
    )
    print(f"{'variant':14} {'strategy':8} {'EV %':>10} {'seconds':>8} {'wall':>6}")
    for variant in all_variants():
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", code, variant.name, args.strategy],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.split()
        wall = time.perf_counter() - start
        ev, seconds = float(out[0]), float(out[1])
        print(f"{variant.name:14} {args.strategy:8} {ev * 100:+10.5f} {seconds:8.2f} {wall:6.2f}")


if __name__ == "__main__":
    main()
