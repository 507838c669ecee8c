"""Four split hands of small cards against every round the engine deals, both ways of summing.

Issue 12, item 2: the distribution of a round "for every rule set including resplits". A pair
of deuces split to four hands draws many small cards per hand, the case whose compositions
are most numerous in a real shoe. :mod:`engine_enumeration` plays every card sequence of a
tiny shoe through the real engine in exact fractions; the split-round programme
(:mod:`twentyone.analysis.exact.split_rounds`) sums the same split with its compiled kernel
(the last hand of a pattern added and settled in one pass, see
:mod:`twentyone.analysis.exact.rounds_kernel`) and with NumPy alone. Both give every net
result's chance, the mean and the variance to 1e-12.
"""

from __future__ import annotations

import math
from functools import cache

import pytest
from engine_enumeration import Enumeration, enumerate_rounds
from test_exact_vs_engine_enumeration import optimal_decider, splitting_first

from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.analysis.exact.split import split_patterns
from twentyone.analysis.exact.split_rounds import split_round
from twentyone.rules import PeekMode, Rules

ACE, DEUCE = 0, 1

SMALL_SHOE = (2, 4, 1, 1, 0, 0, 0, 0, 0, 10)
"""A A 2 2 2 2 3 4 and ten tens: 2-2 may be split to four hands, each drawing small cards."""

CASES = {
    # SPEC 3: split to four hands, double after split; with a peek the dealer's blackjack is
    # the deal's.
    "deuces-to-4-peek": Rules(decks=1, max_split_hands=4),
    # SPEC 3: without a peek a dealer blackjack takes the first hand's bet, the others' only if
    # bj_takes_split_vs_*, a double part only if bj_takes_double_vs_*.
    "deuces-to-4-no-peek-refunds": Rules(
        decks=1,
        max_split_hands=4,
        peek=PeekMode.NONE,
        bj_takes_split_vs_ace=False,
        bj_takes_double_vs_ace=False,
    ),
}


@cache
def _engine(name: str) -> Enumeration:
    """Every round of the split of 2-2 against an ace, played by the engine."""
    rules = CASES[name]
    hand = tuple(2 if i == DEUCE else 0 for i in range(10))
    decider = optimal_decider(rules, SMALL_SHOE)

    decide = splitting_first(decider, hand)

    return enumerate_rounds(rules, SMALL_SHOE, decide, given=(DEUCE, ACE, DEUCE), by_hands=True)


@pytest.mark.rule("spec-3.split", "spec-3.split-order", "spec-3.dealer-blackjack-vs-split-hands")
@pytest.mark.parametrize("kernel", [True, False], ids=["compiled", "numpy"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_four_hands_of_small_cards_match_the_engine(name: str, kernel: bool) -> None:
    """SPEC 3: "a pair drawn to a split hand may be split again while fewer than the most
    hands exist": 2-2 against an ace, up to four hands of deuces, aces, threes and fours."""
    rules = CASES[name]
    solver = make_solver(rules, ACE, SMALL_SHOE)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    found = split_round(policy.splits, DEUCE, budget=math.inf, use_kernel=kernel)
    assert len(found.done) == len(split_patterns(4, True))
    got = dict(found.distribution)
    hand = tuple(2 if i == DEUCE else 0 for i in range(10))
    if solver.peek:
        got[-1.0] = got.get(-1.0, 0.0) + solver.blackjack_chance(hand)
    engine = _engine(name)
    assert max(engine.by_hands) == 4, "no four-hand round"
    want = {float(k): float(v) for k, v in engine.distribution.items()}
    assert {k for k, v in got.items() if v > 1e-15} == want.keys()
    for net in got.keys() | want.keys():
        assert got.get(net, 0.0) == pytest.approx(want.get(net, 0.0), abs=1e-12), net
    mean = math.fsum(x * p for x, p in got.items())
    variance = math.fsum(p * (x - mean) ** 2 for x, p in got.items())
    exact_mean = sum(k * v for k, v in engine.distribution.items())
    exact_variance = sum(v * (k - exact_mean) ** 2 for k, v in engine.distribution.items())
    assert mean == pytest.approx(float(exact_mean), abs=1e-12)
    assert variance == pytest.approx(float(exact_variance), abs=1e-12)
