"""Money: whole minor units, payouts exact, a fractional payout rounded up (SPEC 2)."""

from __future__ import annotations

from fractions import Fraction

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
@pytest.mark.rule("spec-2.rounding")
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


@pytest.mark.rule("spec-2.rounding")
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


@pytest.mark.parametrize(
    ("bet", "stake", "returned"),
    [
        (1000, 500, 1500),  # exact: half of 1000 is 500, paid 2:1
        (1001, 500, 1501),  # half is 500.5: stake 500 (down), win 2 x 500.5 = 1001 (exact)
        (5, 2, 7),  # half is 2.5: stake 2, win 5
        (3, 1, 4),  # half is 1.5: stake 1, win 3
    ],
)
@pytest.mark.rule("spec-2.rounding")
def test_insurance_on_an_odd_bet_never_costs_more_nor_wins_less_than_the_exact_half(
    bet: int, stake: int, returned: int
) -> None:
    """SPEC 2: "half-stake insurance, the fraction is rounded up, in the player's favour";
    000: "an amount equal to half your original bet will be deducted [...] If the dealer has
    Blackjack, you are paid 2 to 1 on your insurance."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "9s",  # player card 1
            "Ad",  # dealer up card: an ace -> insurance offered
            "8h",  # player card 2 -> 17
            "Kc",  # dealer hole card -> blackjack (no peek: shown at the end)
        ],
        SpotBet(bet),
        actions=["insurance", "stand"],
    )
    (line,) = [w for w in rnd.settlement if w.kind.value == "insurance"]
    assert (line.stake, line.returned) == (stake, returned)
    assert line.net >= -Fraction(bet, 2) + 2 * Fraction(bet, 2)  # never less than the exact win


def test_insurance_is_not_offered_on_a_one_cent_bet() -> None:
    """Half of one minor unit rounds down to nothing: there is no insurance wager to make."""
    rnd = deal(
        "lucky-lucky",
        [
            "9s",  # player card 1
            "Ad",  # dealer up card: an ace
            "8h",  # player card 2 -> 17
            "7c",  # dealer hole card
        ],
        SpotBet(1),
    )
    assert "insurance" not in {str(a) for a in rnd.legal_actions()}
