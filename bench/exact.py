"""Benchmark: the exact analysis's compute time per preset and the command's start-up time.

Run: ``.venv/bin/python bench/exact.py [--strategy optimal|basic] [--repeat N]
[--against OTHER_SRC]``. Each figure is the median of ``N`` fresh processes (cold caches, as
the command runs it):

* ``cpu`` / ``wall``: ``house_edge(rules)`` alone, CPU seconds of the process and elapsed
  seconds (what Eric Farmer's C++ analyser is compared with: about 0.14 s for 6 decks S17 DAS
  split to 4 hands on the reference machine, 0.024-0.035 s with one split, issue 12). The
  process runs with ``OPENBLAS_NUM_THREADS=1``: the analysis makes no BLAS call that needs
  threads, but OpenBLAS's idle worker threads, started when NumPy is imported, would otherwise
  add their spinning to the CPU figure;
* ``+dist``: CPU seconds of the same with the distribution of a round's result;
* ``text``: ``twentyone house-edge VARIANT`` from start to exit (elapsed seconds; no
  distribution);
* ``json``: ``twentyone house-edge VARIANT --json`` from start to exit (with the distribution);
* ``--help``: ``twentyone --help`` from start to exit (the target is under 0.3 s).

The first two rows are the reference's rule sets (6 decks, S17, DAS, double any two, no
surrender: split to 4 hands, which is the ``standard`` preset, and split once).

``--against OTHER_SRC`` runs every measurement alternately with this tree's package and the one
in ``OTHER_SRC`` (e.g. ``/work/main/src``), so that both see the same load, and prints both
medians and their ratio (after / before). The machine is shared: compare figures taken in one
run only (CPU seconds are the steadier).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from twentyone.variants import all_variants, find_variant

HERE = str(Path(__file__).resolve().parents[1] / "src")
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
REFERENCE = {4: "0.14", 2: "0.024-0.035"}
"""The C++ reference's compute seconds for the standard game split to 4 hands and once."""


def _env(src: str) -> dict[str, str]:
    return {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": src}


def _compute(
    src: str, variant: str, strategy: str, distribution: bool, hands: int = 0
) -> tuple[float, float, float]:
    """``(ev, cpu seconds, wall seconds)`` of one fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", CODE, variant, strategy, "1" if distribution else "0", str(hands)],
        check=True,
        capture_output=True,
        text=True,
        env=_env(src),
    ).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def _wall(src: str, args: list[str]) -> float:
    """Elapsed seconds of one ``twentyone`` command run with the package in ``src``."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "twentyone.cli", *args],
        check=True,
        capture_output=True,
        env=_env(src),
    )
    return time.perf_counter() - start


def _medians(sources: list[str], repeat: int, measure: Callable[[str], float]) -> list[float]:
    """The median of ``repeat`` measurements per source, the sources taking turns."""
    runs: list[list[float]] = [[] for _ in sources]
    for _ in range(repeat):
        for k, src in enumerate(sources):
            runs[k].append(measure(src))
    return [statistics.median(r) for r in runs]


def _cell(values: list[float], width: int = 7) -> str:
    """One figure, or ``before -> after (ratio)`` with two sources."""
    if len(values) == 1:
        return f"{values[0]:{width}.3f}"
    before, after = values
    return f"{before:.3f}>{after:.3f} ({after / before:.2f})"


def _row(sources: list[str], n: int, variant: str, strategy: str, hands: int) -> list[str]:
    """The cells of one preset: cpu, wall, +dist and (for a preset itself) the commands."""
    cells = [
        _cell(_medians(sources, n, lambda s: _compute(s, variant, strategy, False, hands)[1])),
        _cell(_medians(sources, n, lambda s: _compute(s, variant, strategy, False, hands)[2])),
        _cell(_medians(sources, n, lambda s: _compute(s, variant, strategy, True, hands)[1])),
    ]
    if not hands:
        command = ["house-edge", variant, "--strategy", strategy]
        cells.append(_cell(_medians(sources, n, lambda s: _wall(s, command))))
        cells.append(_cell(_medians(sources, n, lambda s: _wall(s, [*command, "--json"]))))
    return cells


def main() -> None:
    """Print one line per preset, then the start-up time."""
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--strategy", default="optimal", choices=("optimal", "cdp1", "cdp", "basic")
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", help="compare with the package in this src directory")
    args = parser.parse_args()
    sources = [args.against, HERE] if args.against else [HERE]
    n = args.repeat
    strategy = args.strategy
    if args.against:
        print(f"before: {args.against}   after: {HERE}   (before>after (after/before))")
    print(f"{'variant':22} {'hands':>5} {'EV %':>10}  cpu  wall  +dist  text  json  (C++ ref)")
    rows: list[tuple[str, str, int]] = [
        ("6D S17 DAS split to 4", "standard", 4),
        ("6D S17 DAS split once", "standard", 2),
    ]
    rows += [(v.name, v.name, 0) for v in all_variants()]
    for label, variant, hands in rows:
        ev = _compute(HERE, variant, strategy, False, hands)[0] * 100
        cells = _row(sources, n, variant, strategy, hands)
        shown = hands or find_variant(variant).rules.max_split_hands
        ref = REFERENCE.get(hands, "")
        print(f"{label:22} {shown:5} {ev:+10.5f}  {'  '.join(cells)}  {ref}", flush=True)
    helps = _medians(sources, n, lambda s: _wall(s, ["--help"]))
    print(f"twentyone --help: median {_cell(helps)} s (target < 0.3 s)")


if __name__ == "__main__":
    main()
