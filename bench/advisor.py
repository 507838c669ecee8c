"""Benchmark: the time one hint takes (the advice on the decision asked now).

Run: ``.venv/bin/python bench/advisor.py [--hands N] [--rounds N] [--seed S]``.

**Hard hands** (per preset, before and after in one run): a seeded set of the hints that cost
most, each with other cards seen in the round so that its composition is new (nothing cached
but what every hint shares): many-card hands, pairs that may split (and resplit), hands after
a split (every hand number and hand count the rules allow), against every up card. Each hand
is timed once cold per way, the two ways one after the other:

* ``before``: every composition builds its own hand space and values every hand of it, and a
  resplit solves the unsplit hands again for the fewer split hands left (the advisor as it
  was);
* ``after``: a hand's hit, stand, double and surrender values come from the hands its own play
  reaches, a split's from the hands a split of that pair reaches (both spaces built once per
  shoe and cached: each composition marks the hands it can deal), and a resplit shares the
  unsplit values.

Both ways start from :func:`~twentyone.analysis.advisor.warm` (the server warms the advisor up
at start). Printed: median and worst in milliseconds, wall clock and the thread's CPU time (a
shared machine's other processes stretch the wall clock, not the CPU time), and the ratio of
the medians (the target is under 50 ms for any hand).

**Seeded rounds** (``--rounds``, 0 to leave out): rounds from a shuffled shoe (up to three
spots) played by the advisor's best action, every decision timed from the view to the advice:
``new`` (cold) and ``repeat`` (the same hint asked again: the cache).

The machine is shared: compare figures taken in one run only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from functools import lru_cache

from twentyone.analysis import advisor
from twentyone.analysis.advice_round import advice_for
from twentyone.analysis.advisor import Situation, advise, warm
from twentyone.analysis.exact.player import UpcardSolver
from twentyone.analysis.exact.shoe import Composition
from twentyone.cards import Card, Shoe, parse_cards
from twentyone.engine import Round, SpotBet
from twentyone.hand import best_total
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules, Surrender
from twentyone.variants import all_variants

RANKS = "A23456789TJQK"
SUITS = "shdc"


def _ms(values: list[float]) -> str:
    if not values:
        return "-"
    return f"median {statistics.median(values) * 1000:6.1f}  worst {max(values) * 1000:6.1f}"


def _card(rank: str, rng: random.Random) -> Card:
    return parse_cards(rank + rng.choice(SUITS))[0]


def _legal(rules: Rules, hand: list[Card], *, split_hands: int) -> tuple[str, ...]:
    """The actions a hand of ``hand`` gets on a spot of ``split_hands`` hands (1: unsplit)."""
    legal = ["hit", "stand"]
    two = len(hand) == 2
    if two and (split_hands == 1 or rules.double_after_split):
        legal.append("double")
    pair = two and hand[0].points == hand[1].points
    if pair and split_hands < rules.max_split_hands:
        legal.append("split")
    if two and split_hands == 1 and rules.surrender is not Surrender.NONE:
        legal.append("surrender")
    return tuple(legal)


def hard_hands(rules: Rules, count: int, rng: random.Random) -> Iterator[Situation]:
    """``count`` hard hints for ``rules``: a third each of many-card hands, pairs and hands
    after a split, every up card in turn, each with 2 to 8 other cards seen."""
    for i in range(count):
        up = _card(RANKS[i % 10], rng)
        seen = tuple(_card(rng.choice(RANKS), rng) for _ in range(rng.randint(2, 8)))
        kind = i % 3
        if kind == 0:  # four to seven small cards, not yet 21
            while True:
                hand = [_card(rng.choice("A2345"), rng) for _ in range(rng.randint(4, 7))]
                if best_total(hand) < 21:
                    break
            yield Situation(tuple(hand), up, seen, ("hit", "stand"), 1000)
        elif kind == 1:  # a pair on an unsplit spot
            rank = rng.choice(RANKS[:10])
            hand = [_card(rank, rng), _card(rank, rng)]
            yield Situation(tuple(hand), up, seen, _legal(rules, hand, split_hands=1), 1000)
        else:  # a hand after a split: any hand number of any hand count
            hands = rng.randint(2, max(2, rules.max_split_hands))
            rank = rng.choice(RANKS[:10])
            hand = [_card(rank, rng), _card(rng.choice(RANKS), rng)]
            legal = _legal(rules, hand, split_hands=hands)
            number = rng.randrange(hands)
            others = seen + tuple(_card(rank, rng) for _ in range(hands - 1))
            yield Situation(
                tuple(hand),
                up,
                others,
                legal,
                1000,
                from_split=True,
                hand_index=number,
                hands_on_spot=hands,
            )


@lru_cache(maxsize=16)
def _old_solver(rules: Rules, shoe: Composition, up: int, split: bool, first: bool) -> UpcardSolver:
    """As the advisor was: every hand of the composition, on a hand space of its own."""
    if split:
        return advisor._SplitHandSolver(rules, shoe, up, first, None)
    return UpcardSolver(rules, shoe, up)


def _old_hand_solver(
    rules: Rules,
    base: Composition,
    shoe: Composition,
    up: int,
    split: bool,
    first: bool,
    hand: Composition,
) -> UpcardSolver:
    del base, hand
    return _old_solver(rules, shoe, up, split, first)


def _old_split_solver(
    rules: Rules, fresh: Rules, base: Composition, shoe: Composition, up: int, pair: int
) -> UpcardSolver:
    del rules, base, pair
    return _old_solver(fresh, shoe, up, False, False)


def _time(way: str, run: Callable[[], object]) -> tuple[float, float]:
    """``(wall, cpu)`` seconds of one cold hint (the CPU time of this thread leaves out the
    time other processes of a shared machine hold the cores)."""
    advisor.hand_values.cache_clear()
    advisor._pair_solver.cache_clear()
    advisor._HAND_SOLVERS.clear()
    _old_solver.cache_clear()
    saved = advisor._hand_solver, advisor._split_solver
    if way == "before":
        advisor._hand_solver = _old_hand_solver  # type: ignore[assignment]
        advisor._split_solver = _old_split_solver  # type: ignore[assignment]
    try:
        start, cpu = time.perf_counter(), time.thread_time()
        run()
        return time.perf_counter() - start, time.thread_time() - cpu
    finally:
        advisor._hand_solver, advisor._split_solver = saved  # type: ignore[assignment]


def bench_hard(hands: int, seed: int) -> None:
    """Print the hard hands' before/after figures per preset."""
    print(f"hard hands: {hands} per preset, each cold, before and after in turn")
    for variant in all_variants():
        rules = variant.rules
        start = time.perf_counter()
        warm(rules)
        warmed = time.perf_counter() - start
        rng = random.Random(seed)
        before: list[tuple[float, float]] = []
        after: list[tuple[float, float]] = []
        worst: tuple[float, Situation] | None = None
        for situation in hard_hands(rules, hands, rng):
            before.append(_time("before", lambda s=situation, r=rules: advise(r, s)))
            took = _time("after", lambda s=situation, r=rules: advise(r, s))
            after.append(took)
            if worst is None or took[1] > worst[0]:
                worst = (took[1], situation)
        print(f"{variant.name:<13} warm {warmed * 1000:6.0f} ms")
        for k, kind in enumerate(("wall", "cpu")):
            old = [t[k] for t in before]
            new = [t[k] for t in after]
            ratio = statistics.median(old) / statistics.median(new)
            print(f"  {kind:<4} before  {_ms(old)}")
            print(f"  {kind:<4} after   {_ms(new)}   median x{ratio:.1f} faster")
        if worst is not None:
            s = worst[1]
            cards = " ".join(str(c) for c in s.hand)
            print(
                f"  most CPU after: {cards} v {s.up} ({', '.join(s.legal)}; "
                f"hand {s.hand_index + 1} of {s.hands_on_spot})"
            )


def bench_rounds(rounds: int, seed: int) -> None:
    """Print the seeded rounds' figures per preset."""
    print(f"seeded rounds: {rounds} per preset, played by the best action")
    for variant in all_variants():
        rules = variant.rules
        warm(rules)
        rng = SeededRandomSource(seed)
        spots = min(3, rules.max_spots)
        new: list[float] = []
        repeat: list[float] = []
        for _ in range(rounds):
            rnd = Round.start(
                rules, [SpotBet(1000)] * spots, Shoe.shuffled(rules.decks, rng, lazy=True)
            )
            while not rnd.is_over:
                view = rnd.view()
                start = time.perf_counter()
                advice = advice_for(rules, view)
                new.append(time.perf_counter() - start)
                assert advice is not None
                start = time.perf_counter()
                advice_for(rules, view)
                repeat.append(time.perf_counter() - start)
                rnd.act(advice.best)
        print(f"{variant.name:<13} hints {len(new):5d}")
        print(f"  new     {_ms(new)}")
        print(f"  repeat  {_ms(repeat)}")


def main() -> None:
    """Print the figures per preset."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hard hands per preset")
    parser.add_argument("--rounds", type=int, default=100, help="seeded rounds per preset")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    if args.hands:
        bench_hard(args.hands, args.seed)
    if args.rounds:
        bench_rounds(args.rounds, args.seed)


if __name__ == "__main__":
    main()
