"""Dealer probabilities: textbook one-deck values, sums, and the blackjack term.

Published values: the Wizard of Odds, "Blackjack Appendix 2B: dealer probabilities" (1 deck,
dealer stands on soft 17, before the peek) and "Appendix 2" (after the peek: no blackjack),
both computed by exact combinatorial analysis and printed to six significant digits.
"""

from __future__ import annotations

import pytest

from twentyone.analysis.exact.dealer import Outcome, dealer_probabilities
from twentyone.analysis.exact.shoe import full_shoe

ONE_DECK = full_shoe(1)

# (17, 18, 19, 20, 21, blackjack, bust), Wizard of Odds appendix 2B, 1 deck, S17.
APPENDIX_2B = {
    0: (0.126128, 0.131003, 0.129486, 0.131553, 0.0515646, 0.313726, 0.11654),
    1: (0.138976, 0.131762, 0.131815, 0.123948, 0.120526, 0.0, 0.352973),
    2: (0.130313, 0.130946, 0.123761, 0.123345, 0.116047, 0.0, 0.375588),
    3: (0.130973, 0.114163, 0.120679, 0.116286, 0.115096, 0.0, 0.402803),
    4: (0.119687, 0.123483, 0.116909, 0.104694, 0.106321, 0.0, 0.428905),
    5: (0.166948, 0.106454, 0.107192, 0.100705, 0.0978785, 0.0, 0.420823),
    6: (0.372345, 0.138583, 0.0773344, 0.0788967, 0.072987, 0.0, 0.259854),
    7: (0.130857, 0.362989, 0.129445, 0.0682898, 0.0697914, 0.0, 0.238627),
}

# (17, 18, 19, 20, 21, bust) given no dealer blackjack, Wizard of Odds appendix 2, 1 deck, S17.
APPENDIX_2_AFTER_PEEK = {
    0: (0.183786, 0.19089, 0.18868, 0.191692, 0.075137, 0.169815),
    8: (0.121886, 0.103921, 0.357391, 0.12225, 0.061109, 0.233442),
    9: (0.124156, 0.122486, 0.124421, 0.356869, 0.03957, 0.232499),
}


@pytest.mark.parametrize("up", sorted(APPENDIX_2B))
def test_one_deck_dealer_probabilities_before_the_peek(up: int) -> None:
    """Appendix 2B: one deck, dealer stands on soft 17, only the up card removed."""
    p = dealer_probabilities(ONE_DECK, up).outcomes
    ours = (*p[: Outcome.BUST], p[Outcome.BLACKJACK], p[Outcome.BUST])
    for got, published in zip(ours, APPENDIX_2B[up], strict=True):
        assert got == pytest.approx(published, rel=1e-5, abs=1e-6)


@pytest.mark.parametrize("up", sorted(APPENDIX_2_AFTER_PEEK))
def test_one_deck_dealer_probabilities_after_the_peek(up: int) -> None:
    """Appendix 2: the same, conditioned on the dealer not having a blackjack."""
    ours = dealer_probabilities(ONE_DECK, up).given_no_blackjack()
    for got, published in zip(ours, APPENDIX_2_AFTER_PEEK[up], strict=True):
        assert got == pytest.approx(published, rel=1e-5, abs=1e-6)


@pytest.mark.parametrize("decks", [1, 2, 8])
@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_dealer_probabilities_sum_to_one(decks: int, hits_soft_17: bool) -> None:
    """Every up card, with and without a player hand removed, H17 or S17."""
    shoe = full_shoe(decks)
    for up in range(10):
        for removed in ((0,) * 10, (1, 0, 0, 0, 0, 1, 0, 0, 0, 2), (0, 2, 1, 1, 0, 0, 0, 0, 0, 0)):
            p = dealer_probabilities(shoe, up, hits_soft_17, removed)
            assert sum(p.outcomes) == pytest.approx(1.0, abs=1e-13)
            assert min(p.outcomes) >= 0.0


def test_blackjack_term_is_the_hole_card_chance() -> None:
    """The blackjack outcome is exactly P(hole card completes ace + ten) after removal."""
    removed = (1, 0, 0, 0, 0, 0, 0, 0, 0, 3)  # the player holds an ace and three tens
    p = dealer_probabilities(full_shoe(2), 0, removed=removed)
    # 2 decks less the up ace: 103 cards, 32 tens; less the player's 4 cards: 99 cards, 29 tens.
    assert p.blackjack == pytest.approx(29 / 99, abs=1e-15)
    p = dealer_probabilities(full_shoe(2), 9, removed=removed)
    # Ten up: 8 aces less the player's one, out of 99.
    assert p.blackjack == pytest.approx(7 / 99, abs=1e-15)


def test_soft_17_rule_moves_probability_from_17() -> None:
    """Hitting soft 17 can only lower the chance of ending on 17 (six up, one deck)."""
    stand = dealer_probabilities(ONE_DECK, 5, False).outcomes
    hit = dealer_probabilities(ONE_DECK, 5, True).outcomes
    assert hit[Outcome.D17] < stand[Outcome.D17]
    assert hit[Outcome.BUST] > stand[Outcome.BUST]
