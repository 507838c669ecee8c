"""The optimal policy's two-card deals, valued all at once (``game._optimal_deal_values``), are
the ones the policy gives deal by deal: ``OptimalPolicy.choose`` over the legal actions in
``ACTION_ORDER`` (a later action only when worth more by ``_EPS``), the split's share of a
ten-count pair by rank, the blackjack and peek terms (SPEC sections 3 and 8)."""

from __future__ import annotations

import pytest

from twentyone.analysis.exact.game import OptimalPolicy, deal_values, make_solver, prepare_splits
from twentyone.rules import PeekMode, Rules, SplitBy, Surrender
from twentyone.variants import find_variant


class DealByDeal(OptimalPolicy):
    """The same play; as a subclass, ``deal_values`` values it deal by deal (its general
    path: ``choose`` and ``action_value`` per hand)."""


STANDARD = find_variant("standard").rules
RULES = {
    "6 decks, split to 4": STANDARD,
    "1 deck, tens split by rank, late surrender": STANDARD.replace(
        decks=1, split_by=SplitBy.RANK, surrender=Surrender.LATE
    ),
    "2 decks, no peek, split once": STANDARD.replace(
        decks=2, peek=PeekMode.NONE, max_split_hands=2
    ),
    "1 deck, no splits, tens by rank": STANDARD.replace(
        decks=1, max_split_hands=1, split_by=SplitBy.RANK
    ),
}


@pytest.mark.parametrize("name", list(RULES))
def test_all_deals_at_once_are_the_deal_by_deal_values(name: str) -> None:
    rules: Rules = RULES[name]
    for up in range(10):
        solver = make_solver(rules, up)
        fast = OptimalPolicy(solver)
        prepare_splits(solver, fast.splits)
        slow = DealByDeal(solver)
        prepare_splits(solver, slow.splits)
        assert deal_values(solver, fast, fast.splits) == deal_values(solver, slow, slow.splits)
