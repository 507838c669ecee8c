"""Benchmark: the exact analysis's compute time per rule set, beside the C++ reference's, and
the command's own time.

Run: ``.venv/bin/python bench/exact.py [--strategy optimal|basic|cdp1|cdp] [--repeat N]
[--against OTHER_SRC] [--reference BINARY] [--no-command]
[--no-presets]``.

Per rule set, each figure a median:

* ``warm``: CPU seconds of ``house_edge(rules)`` compiled (``TWENTYONE_EXACT_COMPILED=1``), in
  a process that has loaded the kernels: the ``N`` calls after the first, the hands and
  strategies cleared before each. Carried over besides the loaded code: the dealer's final
  hands per up card and dealer rule and the shape of their trie (``dealer.dealer_table``,
  ``dealer._trie_shape``), which depend on no rule but the dealer's and on the shoe only by
  which dealer hands it can hold, as the reference compiles its dealer hands into its code
  (building them costs about 2.5 ms, in ``first``);
* ``first``: CPU seconds of the first such call of a fresh process (Numba's import and the
  kernels' load from the disk cache included; the package's own imports not);
* ``numpy``: CPU seconds of the first ``house_edge(rules)`` of a fresh process as it runs by
  default, with the NumPy code (Numba not loaded: see ``analysis/exact/compiled.py``);
* ``ref``: the C++ reference's CPU seconds for the same rules, the median of ``N`` runs in one
  process (``--reference``, see below) and ``ours/ref``, warm over reference;
* ``EV %`` ours, and ``Δref`` the difference to the reference's EV in percentage points.

Then, per preset, ``twentyone house-edge VARIANT`` from start to exit in a fresh process (elapsed
and CPU seconds: what a user waits for) as it runs by default, then compiled: once with an empty
kernel cache (the kernels compiled) and as the median of ``N`` later runs; and ``twentyone
--help`` (target under 0.3 s).

``--reference BINARY``: a program linked with Eric Farmer's ``blackjack.cpp``
(github.com/possibly-wrong/blackjack, not part of this project) that takes ``DECKS H17 DAS
RESPLIT RESPLIT_ACES LATE_SURRENDER REPEAT`` (each 0 or 1 but the first and last: RESPLIT 1
splits to 4 hands, 0 once), builds ``BJPlayer`` for ``BJShoe(DECKS)``, ``BJRules(H17, true,
true, true, false, DAS, RESPLIT, RESPLIT_ACES, LATE_SURRENDER, 1.5)`` and the default
``BJStrategy`` (CDZ-) ``REPEAT`` times and prints ``EV CPU_SECONDS WALL_SECONDS`` per build.
Build it with ``-O3 -march=native`` (its fastest). Only the rule sets it can express get a
reference figure (double any two cards, 3:2, peek, split to 2 or 4 hands).

``--no-command`` leaves out the command section (each preset's empty-cache run compiles the
kernels, about 25 s) and ``--no-presets`` the presets' lines: for quick comparisons.

``--against OTHER_SRC`` measures the package in ``OTHER_SRC`` (e.g. ``/work/main/src``) too,
the two taking turns so that both see the same load, and prints ``before>after (ratio)``. The
machine may be shared: compare figures taken in one run only (CPU seconds are the steadier).
Every process runs with ``OPENBLAS_NUM_THREADS=1`` (OpenBLAS's idle threads would add their
spinning to the CPU figures; the analysis makes no BLAS call that needs them).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from twentyone.rules import Rules, Surrender
from twentyone.variants import all_variants, find_variant

HERE = str(Path(__file__).resolve().parents[1] / "src")
COMPILED = "TWENTYONE_EXACT_COMPILED"
CODE = """
import json, sys, time
from twentyone.analysis.exact import space, strategy
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.rules import Rules
rules = Rules.from_dict(json.loads(sys.argv[1]))
def one():
    cpu, wall = time.process_time(), time.perf_counter()
    ev = house_edge(rules, sys.argv[2]).ev
    return ev, time.process_time() - cpu, time.perf_counter() - wall
first = one()
warm = []
for _ in range(int(sys.argv[3])):
    space.hand_space.cache_clear()
    strategy.basic_strategy.cache_clear()
    strategy.optimal_strategy.cache_clear()
    warm.append(one())
print(json.dumps({"first": first, "warm": warm}))
"""


def _env(src: str, cache: str | None = None, compiled: bool = False) -> dict[str, str]:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "PYTHONPATH": src}
    env.pop(COMPILED, None)
    if compiled:
        env[COMPILED] = "1"
    if cache is not None:
        env["TWENTYONE_CACHE_DIR"] = cache
    return env


def _ours(
    src: str, rules: Rules, strategy: str, repeat: int, compiled: bool = True
) -> tuple[float, float, float]:
    """``(ev, first-call CPU seconds, median warm CPU seconds)`` of one fresh process."""
    out = subprocess.run(
        [sys.executable, "-c", CODE, json.dumps(rules.to_dict()), strategy, str(repeat)],
        check=True,
        capture_output=True,
        text=True,
        env=_env(src, compiled=compiled),
    ).stdout
    data = json.loads(out)
    warm = [w[1] for w in data["warm"]]
    return data["first"][0], data["first"][1], statistics.median(warm) if warm else 0.0


def reference_args(rules: Rules) -> list[str] | None:
    """The reference program's arguments for ``rules``, ``None`` if it cannot play them (it
    plays the standard game with these switches only)."""
    std = find_variant("standard").rules
    normal = rules.replace(
        decks=std.decks,
        dealer_hits_soft_17=False,
        double_after_split=True,
        max_split_hands=4,
        resplit_aces=False,
        surrender=Surrender.NONE,
    )
    if normal != std or rules.max_split_hands not in (2, 4):
        return None
    flags = (
        rules.dealer_hits_soft_17,
        rules.double_after_split,
        rules.max_split_hands == 4,
        rules.resplit_aces and rules.max_split_hands == 4,
        rules.surrender is Surrender.LATE,
    )
    return [str(rules.decks), *("1" if f else "0" for f in flags)]


def _reference(binary: str, args: list[str], repeat: int) -> tuple[float, float]:
    """``(ev, median CPU seconds)`` of the reference over ``repeat`` builds in one process."""
    out = subprocess.run(
        [binary, *args, str(repeat)], check=True, capture_output=True, text=True
    ).stdout
    runs = [tuple(float(x) for x in line.split()) for line in out.splitlines() if line.strip()]
    return runs[0][0], statistics.median(r[1] for r in runs)


def _command(
    src: str, args: list[str], cache: str | None = None, compiled: bool = False
) -> tuple[float, float]:
    """Elapsed and CPU seconds of one ``twentyone`` command (a fresh process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "twentyone.cli", *args],
        check=True,
        capture_output=True,
        env=_env(src, cache, compiled),
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def _alternate(sources: list[str], repeat: int, measure: Callable[[str], float]) -> list[float]:
    """The median of ``repeat`` measurements per source, the sources taking turns."""
    runs: list[list[float]] = [[] for _ in sources]
    for _ in range(repeat):
        for k, src in enumerate(sources):
            runs[k].append(measure(src))
    return [statistics.median(r) for r in runs]


def _cell(values: list[float]) -> str:
    """One figure, or ``before>after (ratio)`` with two sources."""
    if len(values) == 1:
        return f"{values[0]:6.3f}"
    before, after = values
    return f"{before:.3f}>{after:.3f} ({after / before:.2f})"


def _rule_sets(presets: bool = True) -> list[tuple[str, Rules]]:
    """The reference's rule sets first, then every preset (``presets``)."""
    std = find_variant("standard").rules
    rows = [
        ("6D S17 DAS split to 4", std),
        ("6D S17 DAS split once", std.replace(max_split_hands=2)),
        ("6D H17 DAS split to 4", std.replace(dealer_hits_soft_17=True)),
        ("6D S17 DAS RSA LS to 4", std.replace(resplit_aces=True, surrender=Surrender.LATE)),
        ("1D S17 DAS split to 4", std.replace(decks=1)),
        (
            "2D H17 noDAS split once",
            std.replace(
                decks=2, dealer_hits_soft_17=True, double_after_split=False, max_split_hands=2
            ),
        ),
        ("8D S17 DAS split to 4", std.replace(decks=8)),
    ]
    if presets:
        rows += [(f"preset {v.name}", v.rules) for v in all_variants()]
    return rows


def main() -> None:
    """Print one line per rule set, then the command's times."""
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--strategy", default="optimal", choices=("optimal", "cdp1", "cdp", "basic")
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--against", help="compare with the package in this src directory")
    parser.add_argument("--reference", help="the C++ reference program (see the docstring)")
    parser.add_argument(
        "--no-command", action="store_true", help="leave out the command section (see above)"
    )
    parser.add_argument("--no-presets", action="store_true", help="leave out the presets' lines")
    args = parser.parse_args()
    sources = [args.against, HERE] if args.against else [HERE]
    n = args.repeat
    if args.against:
        print(f"before: {args.against}   after: {HERE}   (before>after (after/before))")
    print(f"load: {os.getloadavg()[0]:.2f} (1 min)   strategy: {args.strategy}   CPU seconds")
    print(
        f"{'rule set':26} {'EV %':>10} {'warm':>6} {'first':>6} {'numpy':>6} {'ref':>6} "
        "ours/ref  Δref pp"
    )
    for label, rules in _rule_sets(not args.no_presets):
        warm: list[list[float]] = [[] for _ in sources]
        first: list[list[float]] = [[] for _ in sources]
        plain: list[list[float]] = [[] for _ in sources]
        ev = 0.0
        for _ in range(max(1, n // 3)):
            for k, src in enumerate(sources):
                ev, f, w = _ours(src, rules, args.strategy, n)
                first[k].append(f)
                warm[k].append(w)
                plain[k].append(_ours(src, rules, args.strategy, 0, compiled=False)[1])
        warm_m = [statistics.median(w) for w in warm]
        first_m = [statistics.median(f) for f in first]
        plain_m = [statistics.median(p) for p in plain]
        ref_cells = f"{'':>6} {'':>8}  {'':>7}"
        ref_args = reference_args(rules) if args.reference and args.strategy == "optimal" else None
        if ref_args is not None:
            assert args.reference is not None
            ref_ev, ref_cpu = _reference(args.reference, ref_args, n)
            ratio = warm_m[-1] / ref_cpu
            ref_cells = f"{ref_cpu:6.3f} {ratio:8.2f}  {(ev - ref_ev) * 100:+.0e}"
        print(
            f"{label:26} {ev * 100:+10.5f} {_cell(warm_m)} {_cell(first_m)} {_cell(plain_m)} "
            f"{ref_cells}",
            flush=True,
        )
    if args.no_command:
        return
    print("\ntwentyone house-edge VARIANT (fresh process: elapsed / CPU seconds)")
    for variant in all_variants():
        command = ["house-edge", variant.name, "--strategy", args.strategy]
        walls = _alternate(sources, n, lambda s, c=command: _command(s, c)[0])
        cpus = _alternate(sources, n, lambda s, c=command: _command(s, c)[1])
        with tempfile.TemporaryDirectory() as empty:
            cold = _command(HERE, command, cache=empty, compiled=True)
        hot = [_command(HERE, command, compiled=True) for _ in range(n)]
        print(
            f"  {variant.name:14} default {_cell(walls)} / {_cell(cpus)}   compiled: "
            f"empty kernel cache {cold[0]:.2f} / {cold[1]:.2f}, later "
            f"{statistics.median(h[0] for h in hot):.3f} / "
            f"{statistics.median(h[1] for h in hot):.3f}",
            flush=True,
        )
    helps = _alternate(sources, n, lambda s: _command(s, ["--help"])[0])
    print(f"twentyone --help: median {_cell(helps)} s (target < 0.3 s)")


if __name__ == "__main__":
    main()
