"""Money: whole minor units, payouts exact, a fractional payout rounded up (SPEC 2)."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, hand, lines, settled

from twentyone.engine import SpotBet


@pytest.mark.parametrize(
    ("bet", "returned"),
    [
        (1001, 1001 + 1502),  # 3/2 x 1001 = 1501.5 -> 1502
        (999, 999 + 1499),  # 1498.5 -> 1499
        (1, 1 + 2),  # 1.5 -> 2
        (1000, 2500),  # exact
    ],
)
def test_blackjack_3_to_2_on_an_odd_stake_rounds_up(bet: int, returned: int) -> None:
    """SPEC 2: "where a payout is not a whole number of minor units (3:2 on an odd stake,
    half-stake insurance), the fraction is rounded up, in the player's favour"
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            "7d",  # dealer up card
            "Kh",  # player card 2 -> blackjack
            "Tc",  # dealer hole card -> 17
        ],
        SpotBet(bet),
    )
    assert settled(rnd) == lines(hand(0, 0, bet, returned, "blackjack"))


def test_even_money_payouts_are_exact_on_odd_stakes() -> None:
    """SPEC 2: "Money is an integer number of minor units (cents). Payouts are computed exactly" —
    1:1 wins and doubles on odd stakes need no rounding.
    """
    rnd = deal(
        "lucky-lucky",
        [
            "5s",  # spot 0, card 1
            "Ts",  # spot 1, card 1
            "7d",  # dealer up card
            "6h",  # spot 0 -> 11
            "9s",  # spot 1 -> 19
            "Tc",  # dealer hole card -> 17
            "Th",  # spot 0 doubles -> 21
        ],
        SpotBet(333),
        SpotBet(1001),
        actions=["double", "stand"],
    )
    assert settled(rnd) == lines(hand(0, 0, 666, 1332, "win"), hand(1, 0, 1001, 2002, "win"))
    assert all(isinstance(line.returned, int) for line in rnd.settlement)
