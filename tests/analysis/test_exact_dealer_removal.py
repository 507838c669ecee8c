"""Dealer probabilities with cards removed, against a draw-by-draw recursion in fractions.

Rule (SPEC section 3): the dealer draws to 16 and stands on 17 or more, hitting soft 17 only with
``dealer_hits_soft_17``; up card plus hole card ace + ten is a blackjack. The exact analysis sums
the dealer's final multisets per removal (and takes the bust chance as one minus the rest); here
the same chances come from drawing one card at a time from the shoe left, with exact fractions,
including removals that use up a rank.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from twentyone.analysis.exact.dealer import DealerEvaluator, Outcome, dealer_probabilities
from twentyone.analysis.exact.shoe import full_shoe

Comp = tuple[int, ...]


def _recursive(shoe: Comp, up: int, hits_soft_17: bool) -> tuple[Fraction, ...]:
    """Outcome chances ``17, 18, 19, 20, 21, bust, blackjack`` drawing card by card."""

    @cache
    def play(left: Comp, hard: int, ace: bool, drawn: int) -> tuple[Fraction, ...]:
        out = [Fraction(0)] * 7
        if drawn == 1 and ace and hard == 11:
            out[Outcome.BLACKJACK] = Fraction(1)
            return tuple(out)
        soft = ace and hard + 10 <= 21
        total = hard + 10 if soft else hard
        if hard > 21:
            out[Outcome.BUST] = Fraction(1)
            return tuple(out)
        if total > 17 or (total == 17 and not (soft and hits_soft_17)):
            out[total - 17] = Fraction(1)
            return tuple(out)
        n = sum(left)
        for c, k in enumerate(left):
            if k:
                rest = tuple(x - (i == c) for i, x in enumerate(left))
                sub = play(rest, hard + c + 1, ace or c == 0, drawn + 1)
                out = [o + Fraction(k, n) * s for o, s in zip(out, sub, strict=True)]
        return tuple(out)

    return play(shoe, up + 1, up == 0, 0)


REMOVALS: tuple[Comp, ...] = (
    (0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    (1, 0, 0, 0, 0, 1, 0, 0, 0, 2),  # an ace, a six and two tens
    (0, 0, 0, 0, 4, 0, 0, 0, 0, 0),  # every five of one deck
    (3, 0, 0, 0, 0, 0, 0, 0, 0, 0),  # all the aces left once an ace is up (one deck)
    (0, 2, 1, 1, 0, 0, 0, 0, 0, 5),
)


@pytest.mark.parametrize("hits_soft_17", [False, True])
@pytest.mark.parametrize("up", [0, 4, 5, 9])
def test_dealer_chances_after_removal_match_card_by_card_draws(up: int, hits_soft_17: bool) -> None:
    """One deck: every removal, every outcome (bust included) to 1e-13."""
    shoe = full_shoe(1)
    left = tuple(n - (i == up) for i, n in enumerate(shoe))
    for removed in REMOVALS:
        if any(r > n for r, n in zip(removed, left, strict=True)):
            continue
        rest = tuple(n - r for n, r in zip(left, removed, strict=True))
        want = _recursive(rest, up, hits_soft_17)
        got = dealer_probabilities(shoe, up, hits_soft_17, removed).outcomes
        assert got == pytest.approx([float(w) for w in want], abs=1e-13)


def test_one_batch_equals_one_removal_at_a_time() -> None:
    """Two decks, ten up: a batch of removals (repeats included) gives each removal's vector."""
    shoe = full_shoe(2)
    left = tuple(n - (i == 9) for i, n in enumerate(shoe))
    evaluator = DealerEvaluator(left, 9, False)
    batch = np.array([*REMOVALS, REMOVALS[1]], dtype=np.int64)
    together = evaluator.probabilities(batch)
    for row, removed in zip(together, batch, strict=True):
        alone = evaluator.probabilities(removed[None, :])[0]
        assert row == pytest.approx(alone, abs=1e-15)
