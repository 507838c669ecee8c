"""Benchmark: the exact analysis's compute time per preset and the command's start-up time.

Run: ``.venv/bin/python bench/exact.py [--strategy optimal|basic] [--repeat N]``. Each figure is
the median of ``N`` fresh processes (cold caches, as the command runs it):

* ``cpu`` / ``wall``: ``house_edge(rules)`` alone, CPU seconds of the process and elapsed
  seconds (what Eric Farmer's C++ analyser is compared with: about 0.14 s for 6 decks S17 DAS
  split to 4 hands on the reference machine, 0.024-0.035 s with one split, issue 12). The
  process runs with ``OPENBLAS_NUM_THREADS=1``: the analysis makes no BLAS call, but OpenBLAS's
  idle worker threads, started when NumPy is imported, would otherwise add their spinning to
  the CPU figure;
* ``+dist``: CPU seconds of the same with the distribution of a round's result;
* ``command``: ``twentyone house-edge VARIANT --json`` from start to exit;
* ``--help``: ``twentyone --help`` from start to exit (the target is under 0.3 s).

The first two rows are the reference's rule sets (6 decks, S17, DAS, double any two, no
surrender: split to 4 hands, which is the ``standard`` preset, and split once).

The machine is shared: compare figures taken in one run only (CPU seconds are the steadier).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from twentyone.variants import all_variants, find_variant

TWENTYONE = str(Path(sys.executable).with_name("twentyone"))
CODE = (
    "import sys, time\n"
    "from twentyone.analysis.exact.house_edge import house_edge\n"
    "from twentyone.variants import find_variant\n"
    "rules = find_variant(sys.argv[1]).rules\n"
    "if sys.argv[4] != '0':\n"
    "    rules = rules.replace(max_split_hands=int(sys.argv[4]))\n"
    "cpu, wall = time.process_time(), time.perf_counter()\n"
    "r = house_edge(rules, sys.argv[2], distribution=sys.argv[3] == '1')\n"
    "print(r.ev, time.process_time() - cpu, time.perf_counter() - wall)\n"
)
ENV = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
REFERENCE = {4: "0.14", 2: "0.024-0.035"}
"""The C++ reference's compute seconds for the standard game split to 4 hands and once."""


def _compute(
    variant: str, strategy: str, distribution: bool, hands: int = 0
) -> tuple[float, float, float]:
    """``(ev, cpu seconds, wall seconds)`` of one fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", CODE, variant, strategy, "1" if distribution else "0", str(hands)],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    ).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def _wall(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([TWENTYONE, *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    """Print one line per preset, then the start-up time."""
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--strategy", default="optimal", choices=("optimal", "cdp1", "cdp", "basic")
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n = args.repeat
    print(
        f"{'variant':22} {'hands':>5} {'EV %':>10} {'cpu':>7} {'wall':>7} {'+dist':>7}"
        f" {'command':>8} {'C++ ref':>12}"
    )
    rows: list[tuple[str, str, int]] = [
        ("6D S17 DAS split to 4", "standard", 4),
        ("6D S17 DAS split once", "standard", 2),
    ]
    rows += [(v.name, v.name, 0) for v in all_variants()]
    for label, variant, hands in rows:
        runs = [_compute(variant, args.strategy, False, hands) for _ in range(n)]
        dist = statistics.median(_compute(variant, args.strategy, True, hands)[1] for _ in range(n))
        command = "-"
        if not hands:
            wall = statistics.median(
                _wall(["house-edge", variant, "--json", "--strategy", args.strategy])
                for _ in range(n)
            )
            command = f"{wall:8.2f}"
        cpu = statistics.median(c for _, c, _ in runs)
        elapsed = statistics.median(w for _, _, w in runs)
        shown = hands or find_variant(variant).rules.max_split_hands
        ev = runs[0][0] * 100
        ref = REFERENCE.get(hands, "")
        print(
            f"{label:22} {shown:5} {ev:+10.5f} {cpu:7.3f} {elapsed:7.3f} {dist:7.3f}"
            f" {command:>8} {ref:>12}"
        )
    helps = [_wall(["--help"]) for _ in range(n)]
    print(f"twentyone --help: median {statistics.median(helps):.3f} s (target < 0.3 s)")


if __name__ == "__main__":
    main()
