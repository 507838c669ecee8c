"""The split-round programme pruned by chance: what it leaves out is bounded, and honestly.

Issue 12, item 2: the table of a round's net results, exact to a certified bound. With a
``threshold`` :func:`~twentyone.analysis.exact.split_rounds.split_round` leaves out each state
(cards taken, result so far) whose weight times the chance of one ordered run of its cards is
below it, and each pair of a state and a last hand whose bound is; ``SplitRound.dropped`` bounds
the chance of every round left out. Every round left out only lowers the table, so each net
result's chance must lie in ``[exact - dropped, exact]``: checked against the engine's own
enumeration of a tiny shoe in exact fractions (:mod:`engine_enumeration`) and against the
unpruned programme on one deck, with thresholds large enough to leave much out.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from test_split_rounds_small_cards import CASES, SMALL_SHOE, _engine

from twentyone.analysis.exact import split_rounds
from twentyone.analysis.exact.distribution import up_card_round
from twentyone.analysis.exact.game import OptimalPolicy, deal_values, make_solver, prepare_splits
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.shoe import full_shoe
from twentyone.analysis.exact.split import split_patterns
from twentyone.analysis.exact.split_rounds import SplitRound, split_round
from twentyone.variants import find_variant

ACE, DEUCE, SEVEN = 0, 1, 6
ROUNDING = 1e-12
"""The float sums' rounding, allowed on top of the bound."""


def _within(got: SplitRound, exact: dict[float, Fraction] | dict[float, float]) -> None:
    """Every net result's chance of ``got`` is at most ``got.dropped`` below ``exact`` and
    never above it; what the table is short of in all is at most ``got.dropped`` too."""
    short = Fraction(0)
    for net in exact.keys() | got.distribution.keys():
        gap = Fraction(exact.get(net, 0)) - Fraction(got.distribution.get(net, 0.0))
        assert -ROUNDING <= gap <= got.dropped + ROUNDING, net
        short += gap
    assert short <= got.dropped + ROUNDING


@pytest.mark.rule("spec-3.split", "spec-3.split-order")
@pytest.mark.parametrize("kernel", [True, False], ids=["compiled", "numpy"])
@pytest.mark.parametrize("threshold", [1e-4, 1e-2])
@pytest.mark.parametrize("name", sorted(CASES))
def test_pruned_deuces_stay_within_the_bound_of_the_engine(
    name: str, threshold: float, kernel: bool
) -> None:
    """SPEC 3, split to four hands: 2-2 against an ace from a tiny shoe (aces, deuces, a three,
    a four and tens), every round played by the engine in exact fractions. Pruned at a chance
    of 1e-4 and 1e-2 of the split, the programme leaves rounds out (``dropped > 0``) and every
    net result's chance is within ``dropped`` below the engine's, never above."""
    rules = CASES[name]
    solver = make_solver(rules, ACE, SMALL_SHOE)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    got = split_round(policy.splits, DEUCE, math.inf, threshold, use_kernel=kernel)
    assert len(got.done) == len(split_patterns(4, True))
    assert got.dropped > 0.0
    if solver.peek:
        hand = tuple(2 if i == DEUCE else 0 for i in range(10))
        got.distribution[-1.0] = got.distribution.get(-1.0, 0.0) + solver.blackjack_chance(hand)
    exact = {float(k): v for k, v in _engine(name).distribution.items()}
    _within(got, exact)
    # The bound is not vacuous: what the table is short of is a real share of it.
    short = 1.0 - math.fsum(got.distribution.values())
    assert 0.0 < short <= got.dropped + ROUNDING


def _one_deck(up: int) -> OptimalPolicy:
    rules = find_variant("standard").rules.replace(decks=1)
    assert rules.max_split_hands == 4 and rules.double_after_split
    solver = make_solver(rules, up, full_shoe(1))
    policy = OptimalPolicy(solver, by_hands=True)
    prepare_splits(solver, policy.splits)
    return policy


@pytest.mark.rule("spec-3.split")
@pytest.mark.parametrize("threshold", [1e-9, 1e-7, 1e-5])
def test_pruned_sevens_stay_within_the_bound_of_the_whole_sum(threshold: float) -> None:
    """SPEC 3, split to four hands: 7-7 against a deuce from one deck (S17, DAS, CDP), every
    pattern summed exactly and pruned at three thresholds (the largest leaves about half a
    percent out): each net result's chance within ``dropped`` below the exact sum's, and the
    compiled kernel and NumPy alone leave out the same rounds (chances and bound alike to
    1e-12)."""
    policy = _one_deck(DEUCE)
    whole = split_round(policy.splits, SEVEN, math.inf)
    assert whole.dropped == 0.0
    found = {
        kernel: split_round(policy.splits, SEVEN, math.inf, threshold, use_kernel=kernel)
        for kernel in (True, False)
    }
    for got in found.values():
        assert got.dropped > 0.0
        _within(got, whole.distribution)
    compiled, numpy = found[True], found[False]
    assert compiled.dropped == pytest.approx(numpy.dropped, abs=1e-12)
    for net in compiled.distribution.keys() | numpy.distribution.keys():
        assert compiled.distribution.get(net, 0.0) == pytest.approx(
            numpy.distribution.get(net, 0.0), abs=1e-12
        )


@pytest.mark.rule("spec-3.split")
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_pruned_table_keeps_its_moments_within_the_bound(name: str) -> None:
    """SPEC 3, every round against an ace from the tiny shoe (2-2 split to four hands among
    them): pruned, the round's table has the exact EV as its mean within ``8 missing`` (a net
    result is ``-8 .. 8``) and the unpruned table's ``E[X^2]`` within ``64 missing``, while the
    reported second moment (summed by pairs of hands where the table is pruned) stays exact to
    1e-12."""
    solver = make_solver(CASES[name], ACE, SMALL_SHOE)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    whole = up_card_round(solver, policy, policy.splits, math.inf)
    pruned = up_card_round(solver, policy, policy.splits, math.inf, threshold=1e-4)
    assert whole.missing == 0.0 and whole.approximate == 0.0
    assert pruned.missing > 0.0 and pruned.approximate == 0.0
    ev = sum(d.probability * d.ev for d in deal_values(solver, policy, policy.splits))

    def moment(dist: dict[float, float], k: int) -> float:
        return math.fsum(x**k * p for x, p in dist.items())

    assert moment(whole.distribution, 1) == pytest.approx(ev, abs=1e-12)
    assert abs(moment(pruned.distribution, 1) - ev) <= 8 * pruned.missing + ROUNDING
    exact_second = moment(whole.distribution, 2)
    assert abs(moment(pruned.distribution, 2) - exact_second) <= 64 * pruned.missing + ROUNDING
    assert moment(pruned.distribution, 2) != pytest.approx(exact_second, abs=1e-9)
    assert pruned.second_moment == pytest.approx(exact_second, abs=1e-12)


@pytest.mark.rule("spec-3.split")
def test_house_edge_reports_the_bound_and_keeps_the_sd_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SPEC 3, the whole game from the tiny shoe (2-2 split to four hands against an ace among
    its rounds), pruned through ``split_rounds.DEFAULT_THRESHOLD``: the distribution says it is
    not exact and reports ``missing``; each net result's chance is within it below the
    unpruned table's; the SD is still exact (pairs of hands) and the JSON carries the bound."""
    rules = CASES["deuces-to-4-peek"]
    whole = house_edge(rules, shoe=SMALL_SHOE, distribution=True).distribution
    monkeypatch.setattr(split_rounds, "DEFAULT_THRESHOLD", 1e-3)
    result = house_edge(rules, shoe=SMALL_SHOE, distribution=True)
    pruned = result.distribution
    assert whole is not None and pruned is not None
    assert whole.exact and whole.missing == 0.0
    assert not pruned.exact and pruned.missing > 0.0 and pruned.approximate == 0.0
    exact = dict(whole.outcomes)
    for net, chance in pruned.outcomes:
        assert -ROUNDING <= exact[net] - chance <= pruned.missing + ROUNDING, net
    assert 1.0 - math.fsum(p for _, p in pruned.outcomes) <= pruned.missing + ROUNDING
    assert pruned.sd_exact
    assert pruned.sd == pytest.approx(whole.sd, abs=1e-12)
    assert pruned.table_sd != pytest.approx(whole.sd, abs=1e-9)
    shown = result.distribution_dict()
    assert shown is not None and shown["missing"] == pruned.missing


@pytest.mark.rule("spec-3.split")
def test_house_edge_prunes_the_whole_table_within_its_bound() -> None:
    """SPEC 3, split to four hands: ``house_edge(..., prune=)`` over every up card of the tiny
    shoe (where the budgeted table is exact): a pruned table whose every net result's chance is
    at most ``missing`` below the exact table's and never above, ``missing`` the chance the table
    lacks; its mean and SD stay the exact ones."""
    rules = CASES["deuces-to-4-peek"]
    exact = house_edge(rules, shoe=SMALL_SHOE, distribution=True).distribution
    pruned = house_edge(rules, shoe=SMALL_SHOE, distribution=True, prune=1e-3).distribution
    assert exact is not None and pruned is not None
    assert exact.exact and exact.missing == 0.0
    assert not pruned.exact and pruned.approximate == 0.0 and pruned.missing > 0.0
    whole = dict(exact.outcomes)
    got = dict(pruned.outcomes)
    for net in whole.keys() | got.keys():
        gap = whole.get(net, 0.0) - got.get(net, 0.0)
        assert -ROUNDING <= gap <= pruned.missing + ROUNDING, net
    short = 1.0 - math.fsum(got.values())
    assert short == pytest.approx(pruned.missing, abs=1e-9)
    assert pruned.mean == pytest.approx(exact.mean, abs=1e-12)
    assert pruned.sd == pytest.approx(exact.sd, abs=1e-12)


def test_house_edge_refuses_a_prune_that_is_no_chance() -> None:
    with pytest.raises(ValueError, match="prune"):
        house_edge(CASES["deuces-to-4-peek"], shoe=SMALL_SHOE, distribution=True, prune=1.5)
