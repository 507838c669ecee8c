"""The exact distribution of a round with resplits against every round the engine deals.

Issue 12, item 2: "the probability of every net outcome per initial bet ... for every rule set
including resplits". :mod:`engine_enumeration` plays every card sequence of a tiny shoe through
the real engine and settles it with the engine's settlement, in exact fractions; the analysis
sums the split hands' final compositions with the dealer
(:mod:`twentyone.analysis.exact.split_rounds`). They share only the rules and the playing
policy (the analysis's own play for that shoe, asked what a player sees). Every net result's
chance agrees to 1e-12, so do the mean (the house edge) and the variance: the hands of a split
are not taken as independent.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest
from engine_enumeration import Enumeration, enumerate_rounds
from test_exact_vs_engine_enumeration import RESPLIT_CASES, optimal_decider, splitting_first

from twentyone.analysis.exact import split_rounds
from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.split_rounds import split_round_distribution
from twentyone.rules import PeekMode, Rules

ACE, TEN = 0, 9

RESPLIT_SHOE = (2, 0, 0, 1, 0, 1, 1, 3, 0, 6)
"""A A 4 6 7 8 8 8 and six tens: 8-8 may be resplit to three hands."""

WHOLE_ROUND_CASES = {
    # SPEC 3: "without a peek a dealer blackjack takes the first hand's bet, the others' only
    # if bj_takes_split_vs_*"; a doubled hand's double part only if bj_takes_double_vs_*.
    "no-peek-split-refunded-to-3": Rules(
        decks=1, peek=PeekMode.NONE, bj_takes_split_vs_ten=False, max_split_hands=3
    ),
    "no-hole-card-double-refunded-to-3": Rules(
        decks=1, peek=PeekMode.ENHC, bj_takes_double_vs_ten=False, max_split_hands=3
    ),
}


@cache
def _whole_round(name: str) -> Enumeration:
    """The engine's enumeration of one whole-round case (shared by the tests that use it)."""
    rules = WHOLE_ROUND_CASES[name]
    return enumerate_rounds(rules, RESPLIT_SHOE, optimal_decider(rules, RESPLIT_SHOE))


def _moments(dist: dict[float, float]) -> tuple[float, float]:
    mean = math.fsum(x * p for x, p in dist.items())
    return mean, math.fsum(p * (x - mean) ** 2 for x, p in dist.items())


def _engine(engine: Enumeration) -> dict[float, float]:
    return {float(k): float(v) for k, v in engine.distribution.items()}


def _exact_moments(engine: Enumeration) -> tuple[Fraction, Fraction]:
    mean = sum((x * p for x, p in engine.distribution.items()), Fraction(0))
    variance = sum((p * (x - mean) ** 2 for x, p in engine.distribution.items()), Fraction(0))
    return mean, variance


@pytest.mark.parametrize("name", sorted(WHOLE_ROUND_CASES))
def test_round_distribution_with_resplits_matches_engine(name: str) -> None:
    """Every round of the shoe, every up card: 8-8 split and resplit to three hands (the only
    pair a resplit can follow), peek, no peek and no hole card."""
    rules = WHOLE_ROUND_CASES[name]
    result = house_edge(rules, shoe=RESPLIT_SHOE, distribution=True)
    dist = result.distribution
    assert dist is not None
    assert dist.exact
    assert dist.approximate == 0.0
    engine = _whole_round(name)
    assert any(abs(k) > 4 for k in engine.distribution), "no three-hand round"
    want = _engine(engine)
    got = dict(dist.outcomes)
    assert {k for k, v in got.items() if v > 1e-15} == want.keys()
    for net in got.keys() | want.keys():
        assert got.get(net, 0.0) == pytest.approx(want.get(net, 0.0), abs=1e-12), net
    mean, variance = _exact_moments(engine)
    assert dist.mean == pytest.approx(float(mean), abs=1e-12)
    assert dist.mean == pytest.approx(result.ev, abs=1e-12)
    assert dist.variance == pytest.approx(float(variance), abs=1e-12)


SPLIT_PLAYS = [(n, u, "cdz") for n in sorted(RESPLIT_CASES) for u in (ACE, TEN)] + [
    ("8s-to-4-peek", ACE, "cdp1"),
    ("aces-resplit-hit", ACE, "cdp"),
    ("aces-resplit-hit", TEN, "cdp"),
]
"""Every resplit case against an ace and a ten, and the post-split plays CDP1 and CDP."""
SPLIT_PLAYS = [
    (n, u, p) for n, u, p in SPLIT_PLAYS if not (n.startswith("8s") and u == TEN)
]  # 8-8 against a ten: a long enumeration, and no rule the ace case leaves out


@pytest.mark.parametrize(("name", "up", "play"), SPLIT_PLAYS)
def test_split_distribution_matches_engine(name: str, up: int, play: str) -> None:
    """SPEC 3: "a pair drawn to a split hand may be split again while fewer than the most hands
    exist" (to three and four hands, aces again only with ``resplit_aces``, one card each
    unless ``hit_split_aces``; a four-card Charlie): the chance of every net result of the
    split, given the pair and the up card, is the engine's. The pair is split at the deal
    whatever the policy would do there; with a peek the round's blackjack term is the deal's
    (the dealer takes one bet)."""
    shoe, pair, switches = RESPLIT_CASES[name]
    rules = Rules(decks=1, **switches)  # type: ignore[arg-type]
    solver = make_solver(rules, up, shoe)
    policy = OptimalPolicy(solver, first_hand_play=play == "cdp1", by_hands=play == "cdp")
    prepare_splits(solver, policy.splits)
    got = split_round_distribution(policy.splits, pair)
    assert got is not None
    hand = tuple(2 if i == pair else 0 for i in range(10))
    if solver.peek:
        got[-1.0] = got.get(-1.0, 0.0) + solver.blackjack_chance(hand)
    decider = optimal_decider(rules, shoe, cdp1=play == "cdp1", cdp=play == "cdp")

    decide = splitting_first(decider, hand)

    engine = enumerate_rounds(rules, shoe, decide, given=(pair, up, pair), by_hands=True)
    if policy.splits.resplits(pair):
        assert max(engine.by_hands) >= 3, "no resplit"
    want = _engine(engine)
    # A dealer outcome the cards rule out may keep a rounding residue (its bust chance is one
    # minus the others): a net result only that reaches is not one the round can have.
    assert {k for k, v in got.items() if v > 1e-15} == want.keys()
    for net in got.keys() | want.keys():
        assert got.get(net, 0.0) == pytest.approx(want.get(net, 0.0), abs=1e-12), net
    mean, variance = _exact_moments(engine)
    got_mean, got_variance = _moments(got)
    assert got_mean == pytest.approx(float(mean), abs=1e-12)
    assert got_mean == pytest.approx(policy.splits.value(pair)[0] - _peeked(solver, hand))
    assert got_variance == pytest.approx(float(variance), abs=1e-12)


def _peeked(solver: object, hand: tuple[int, ...]) -> float:
    """The deal's blackjack term of the split's value (with a peek the dealer takes one bet)."""
    chance: float = getattr(solver, "blackjack_chance")(hand)  # noqa: B009
    return chance if getattr(solver, "peek") else 0.0  # noqa: B009


def test_past_the_budget_the_hands_are_combined_and_the_chance_is_reported() -> None:
    """Past its budget the exact sum gives up; the round's hands are then combined as
    independent given the dealer, the result says so and how likely those rounds are, and the
    mean (the house edge) is still exact."""
    name = "no-peek-split-refunded-to-3"
    rules = WHOLE_ROUND_CASES[name]
    engine = _whole_round(name)
    solver = make_solver(rules, ACE, RESPLIT_SHOE)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    assert split_round_distribution(policy.splits, 7, budget=1) is None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(split_rounds, "DEFAULT_BUDGET", 1)
        result = house_edge(rules, shoe=RESPLIT_SHOE, distribution=True)
    dist = result.distribution
    assert dist is not None
    assert not dist.exact
    assert 0.0 < dist.approximate < 0.1
    want = _engine(engine)
    assert max(abs(dict(dist.outcomes).get(k, 0.0) - p) for k, p in want.items()) > 1e-9
    for net, chance in want.items():
        assert abs(dict(dist.outcomes).get(net, 0.0) - chance) <= dist.approximate + 1e-12
    assert dist.mean == pytest.approx(float(engine.ev), abs=1e-12)


@pytest.mark.parametrize("strategy", ["basic", "cdp1", "cdp"])
def test_every_strategy_has_an_exact_distribution_with_the_house_edge_as_mean(
    strategy: str,
) -> None:
    """Basic strategy's chart and the post-split plays CDP1 and CDP (which may depend on the
    hands on the spot) are summed the same way: exact, the chances sum to one and the mean is
    the house edge (computed by the values, not by the distribution). Under CDP a pattern's
    hands may all be out of reach of the tiny shoe, so some of its states are empty."""
    rules = WHOLE_ROUND_CASES["no-peek-split-refunded-to-3"]
    result = house_edge(rules, strategy, shoe=RESPLIT_SHOE, distribution=True)
    dist = result.distribution
    assert dist is not None
    assert dist.exact
    assert math.fsum(p for _, p in dist.outcomes) == pytest.approx(1.0, abs=1e-12)
    assert dist.mean == pytest.approx(result.ev, abs=1e-12)
