"""Benchmark: the time one hint takes (the advice on the decision asked now, from the view).

Run: ``.venv/bin/python bench/advisor.py [--rounds N] [--seed S]``. Per preset, seeded rounds
from a shuffled shoe (up to three spots, so other cards are seen) are played by the advisor's
best action; every decision is timed from the view to the advice:

* ``warm``: :func:`~twentyone.analysis.advisor.warm` (the basic-strategy chart of every up
  card, built once per game and process);
* ``first``: the first hint after it (the dealer tables);
* ``new``: hints whose cards were never seen before (a new composition: nothing cached);
* ``repeat``: the same hint asked again (the cache);

each as median and worst, in milliseconds (the target is under 50 ms for any hand). The
machine is shared: compare figures taken in one run only.
"""

from __future__ import annotations

import argparse
import statistics
import time

from twentyone.analysis.advice_round import advice_for
from twentyone.analysis.advisor import warm
from twentyone.cards import Shoe
from twentyone.engine import Round, SpotBet
from twentyone.rng import SeededRandomSource
from twentyone.variants import all_variants


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1000:6.1f}  worst {max(values) * 1000:6.1f}"


def main() -> None:
    """Print the figures per preset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    for variant in all_variants():
        rules = variant.rules
        start = time.perf_counter()
        warm(rules)
        warmed = time.perf_counter() - start
        rng = SeededRandomSource(args.seed)
        spots = min(3, rules.max_spots)
        first: list[float] = []
        new: list[float] = []
        repeat: list[float] = []
        kinds: dict[str, int] = {}
        for _ in range(args.rounds):
            rnd = Round.start(
                rules, [SpotBet(1000)] * spots, Shoe.shuffled(rules.decks, rng, lazy=True)
            )
            while not rnd.is_over:
                view = rnd.view()
                start = time.perf_counter()
                advice = advice_for(rules, view)
                took = time.perf_counter() - start
                assert advice is not None
                (first if not first else new).append(took)
                start = time.perf_counter()
                advice_for(rules, view)
                repeat.append(time.perf_counter() - start)
                for v in advice.values:
                    kinds[v.action] = kinds.get(v.action, 0) + 1
                rnd.act(advice.best)
        print(f"{variant.name:<13} hints {len(new) + 1:5d}")
        print(f"  warm    {warmed * 1000:6.1f} ms")
        print(f"  first   {_ms(first)}")
        print(f"  new     {_ms(new)}")
        print(f"  repeat  {_ms(repeat)}")
        print("  actions valued: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))


if __name__ == "__main__":
    main()
