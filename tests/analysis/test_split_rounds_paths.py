"""The split-round programme's two ways of summing agree on the bench rule set.

``house_edge(rules, "cdp", distribution=True)`` for one deck, S17, DAS, split to four hands
gave distributions up to 2e-8 apart between ``$TWENTYONE_EXACT_COMPILED`` at ``0`` and ``1``
(EV, stake and up-card figures equal to 1e-16). The plays are the same in both (CDP's
``pair_play`` codes agree bitwise); the cause is the budget: without the compiled kernel
:func:`~twentyone.analysis.exact.split_rounds.split_round` counts each pattern's dealer
vectors again (``settle``), where the kernel's fused last step computes each composition's
once per split, so NumPy stops earlier (7-7 against a deuce: 6 of 8 patterns against 8) and
the patterns left are combined as independent. Summed over every pattern, both agree.
"""

from __future__ import annotations

import math

import pytest

from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.analysis.exact.shoe import full_shoe
from twentyone.analysis.exact.split import split_patterns
from twentyone.analysis.exact.split_rounds import split_round
from twentyone.variants import find_variant

DEUCE, SEVEN = 1, 6


@pytest.mark.rule("spec-3.split")
def test_sevens_against_a_deuce_sum_alike_both_ways() -> None:
    """SPEC 3, split to four hands: 7-7 against a deuce from one deck, played by CDP, every
    pattern summed with the compiled kernel and with NumPy alone: each net result's chance
    agrees to 1e-12, and (no dealer blackjack against a deuce) the chances sum to 1."""
    rules = find_variant("standard").rules.replace(decks=1)
    assert rules.max_split_hands == 4 and rules.double_after_split
    solver = make_solver(rules, DEUCE, full_shoe(1))
    policy = OptimalPolicy(solver, by_hands=True)
    prepare_splits(solver, policy.splits)
    every = len(split_patterns(4, True))
    found = {
        kernel: split_round(policy.splits, SEVEN, budget=math.inf, use_kernel=kernel)
        for kernel in (True, False)
    }
    for summed in found.values():
        assert len(summed.done) == every
        assert math.fsum(summed.distribution.values()) == pytest.approx(1.0, abs=1e-12)
    compiled, numpy = found[True].distribution, found[False].distribution
    for net in compiled.keys() | numpy.keys():
        assert compiled.get(net, 0.0) == pytest.approx(numpy.get(net, 0.0), abs=1e-12), net


@pytest.mark.rule("spec-3.split")
def test_both_ways_sum_the_same_patterns_within_the_budget() -> None:
    """SPEC 3, split to four hands: with the default budget the compiled kernel and NumPy
    alone count the same work, so they sum the same patterns of 7-7 against a deuce (all 8
    here) and give each net result's chance alike to 1e-12."""
    rules = find_variant("standard").rules.replace(decks=1)
    solver = make_solver(rules, DEUCE, full_shoe(1))
    policy = OptimalPolicy(solver, by_hands=True)
    prepare_splits(solver, policy.splits)
    found = {
        kernel: split_round(policy.splits, SEVEN, use_kernel=kernel) for kernel in (True, False)
    }
    assert found[True].done == found[False].done
    assert len(found[True].done) == len(split_patterns(4, True))
    compiled, numpy = found[True].distribution, found[False].distribution
    for net in compiled.keys() | numpy.keys():
        assert compiled.get(net, 0.0) == pytest.approx(numpy.get(net, 0.0), abs=1e-12), net
