"""Benchmark: the cost of the exact distribution of a round per preset, and how exact it is.

Run: ``.venv/bin/python bench/rounds.py [--repeat N] [--against OTHER_SRC] [--budget B ...]
[--threshold T ...] [--variant NAME ...]``. Each figure is the median of ``N`` fresh
processes; a process computes ``house_edge(rules)`` and then ``house_edge(rules,
distribution=True)`` and reports the CPU seconds of each (``OPENBLAS_NUM_THREADS=1``, see
``bench/exact.py``):

* ``ev cpu``: the house edge alone; ``+dist cpu``: the distribution's extra cost (the second
  run's CPU seconds minus the first's);
* ``pairs cpu``: of ``+dist cpu``, the pairwise sums that make the variance exact where the
  table is not (:func:`~twentyone.analysis.exact.rounds_moments.split_second_moment`);
* ``approximate``: the chance of the split rounds the exact sum left out for time
  (``RoundDistribution.approximate``; 0 when exact), ``table sd`` the table's own standard
  deviation and ``exact sd`` the exact one (``nan`` for a tree that has none);
* ``work``: the pairs (state, final hand) and dealer vectors the split-round programmes
  visited (``SplitRound.work``; ``nan`` for a tree without it);
* ``missing``: with ``--threshold``, the chance the table is short of one (every split
  pattern summed, the rounds the threshold pruned left out): no net result's chance is more
  than that below its exact value; ``|dmean|``: the table's mean minus the exact EV.

``--budget B``: the split-round programme's budget (``split_rounds.DEFAULT_BUDGET``) instead of
the default, one row per budget: what more time buys. ``--threshold T``: prune the split
rounds whose chance against the up card is bound below ``T``
(``split_rounds.DEFAULT_THRESHOLD``) with no budget (every pattern summed), one row per
threshold: what a certified bound costs. ``--against OTHER_SRC`` runs every
measurement alternately with this tree's package and the one in ``OTHER_SRC`` (e.g.
``/work/main/src``) and prints both medians and their ratio (after / before). The machine is
shared: compare figures taken in one run only.

The compiled kernel (Numba) is compiled once before the runs (its cache then serves every
process, as it serves a user after the first run).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from twentyone.variants import all_variants, find_variant

HERE = str(Path(__file__).resolve().parents[1] / "src")
CODE = (
    "import sys, time\n"
    "from twentyone.analysis.exact import split_rounds\n"
    "from twentyone.analysis.exact.house_edge import house_edge\n"
    "from twentyone.variants import find_variant\n"
    "rules = find_variant(sys.argv[1]).rules\n"
    "if float(sys.argv[2]) > 0:\n"
    "    split_rounds.DEFAULT_BUDGET = float(sys.argv[2])\n"
    "if float(sys.argv[3]) > 0:\n"
    "    split_rounds.DEFAULT_BUDGET = float('inf')\n"
    "    split_rounds.DEFAULT_THRESHOLD = float(sys.argv[3])\n"
    "cpu = time.process_time()\n"
    "house_edge(rules)\n"
    "ev = time.process_time() - cpu\n"
    "from twentyone.analysis.exact import distribution\n"
    "pairs = [0.0]\n"
    "inner = getattr(distribution, 'split_second_moment', None)\n"
    "def timed(*args, **kw):\n"
    "    start = time.process_time()\n"
    "    try:\n"
    "        return inner(*args, **kw)\n"
    "    finally:\n"
    "        pairs[0] += time.process_time() - start\n"
    "if inner is not None:\n"
    "    distribution.split_second_moment = timed\n"
    "work = [0.0 if hasattr(split_rounds.SplitRound, 'work') else float('nan')]\n"
    "summed = distribution.split_round\n"
    "def counted(*args, **kw):\n"
    "    found = summed(*args, **kw)\n"
    "    work[0] += getattr(found, 'work', 0.0)\n"
    "    return found\n"
    "distribution.split_round = counted\n"
    "cpu = time.process_time()\n"
    "r = house_edge(rules, distribution=True)\n"
    "d = r.distribution\n"
    "dist = time.process_time() - cpu - ev\n"
    "missing = 1.0 - sum(p for _, p in d.outcomes)\n"
    "dmean = abs(sum(x * p for x, p in d.outcomes) - r.ev)\n"
    "table = getattr(d, 'table_sd', d.sd)\n"
    "exact = d.sd if getattr(d, 'sd_exact', d.exact) else float('nan')\n"
    "print(ev, dist, pairs[0], d.approximate, table, exact, work[0], missing, dmean)\n"
)


Row = tuple[float, float, float, float, float, float, float, float, float]
"""ev cpu, +dist cpu, of which the pairwise sums, approximate, table sd, exact sd, work,
missing, |dmean|."""


def _run(src: str, variant: str, budget: float, threshold: float = 0.0) -> Row:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": src}
    out = subprocess.run(
        [sys.executable, "-c", CODE, variant, repr(budget), repr(threshold)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    ev, dist, pairs, approximate, table, exact, work, missing, dmean = (float(x) for x in out)
    return ev, dist, pairs, approximate, table, exact, work, missing, dmean


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", default=None, help="another checkout's src folder")
    parser.add_argument("--budget", type=float, action="append", default=None)
    parser.add_argument("--threshold", type=float, action="append", default=None)
    parser.add_argument("--variant", action="append", default=None)
    args = parser.parse_args()
    names = args.variant or [
        v.name for v in all_variants() if v.rules.max_split_hands > 2 or v.name == "standard"
    ]
    for name in names:
        find_variant(name)  # a clear error for a wrong name before any run
    # One row per (budget, threshold): the budgets with no threshold, then the thresholds.
    settings = [(b, 0.0) for b in args.budget or ([] if args.threshold else [0.0])]
    settings += [(0.0, t) for t in args.threshold or []]
    trees = [HERE] + ([args.against] if args.against else [])
    for src in trees:  # warm the kernel's cache
        _run(src, names[0], 0.0)
    print(
        f"{'variant':<16} {'setting':>10} {'tree':<6} {'ev cpu':>8} {'+dist cpu':>10} "
        f"{'pairs cpu':>10} {'approximate':>12} {'table sd':>12} {'exact sd':>14} "
        f"{'work':>10} {'missing':>10} {'|dmean|':>10}"
    )
    for name in names:
        for budget, threshold in settings:
            runs: dict[str, list[Row]] = {s: [] for s in trees}
            for _ in range(args.repeat):
                for src in trees:
                    runs[src].append(_run(src, name, budget, threshold))
            medians = {}
            for label, src in zip(("after", "before"), trees, strict=False):
                rows = runs[src]
                ev = statistics.median(r[0] for r in rows)
                dist = statistics.median(r[1] for r in rows)
                pairs = statistics.median(r[2] for r in rows)
                medians[label] = dist
                shown = (
                    f"tau {threshold:.0e}"
                    if threshold
                    else ("default" if budget == 0 else f"b {budget:.0e}")
                )
                first = rows[0]
                print(
                    f"{name:<16} {shown:>10} {label:<6} {ev:8.2f} {dist:10.2f} {pairs:10.2f} "
                    f"{first[3]:12.3e} {first[4]:12.9f} {first[5]:14.10f} {first[6]:10.3e} "
                    f"{first[7]:10.2e} {first[8]:10.2e}"
                )
            if "before" in medians and medians["before"] > 0:
                print(
                    f"{'':<16} {'':>10} {'ratio':<6} {'':>8} "
                    f"{medians['after'] / medians['before']:10.2f}"
                )


if __name__ == "__main__":
    main()
