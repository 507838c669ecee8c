"""Table operations around a dealt round: actions beyond the maximum bet, insurance declined for
every hand at once, REBET then DEAL, and the limits posted in the rules text.

The rounds are scripted shoes in the SPEC 3 deal order (one comment per card); the money is
worked by hand from the sentence each test cites.
"""

from __future__ import annotations

import pytest

from twentyone.cards import Shoe
from twentyone.engine import Phase, Round, SpotBet, WagerKind, WagerLine
from twentyone.rules import Rules
from twentyone.rulestext import rules_lines
from twentyone.table import play
from twentyone.table.errors import NoBetsError
from twentyone.table.layout import BetLayout, Betting
from twentyone.table.limits import DEFAULT_CHIPS, BetLimits, OverMaxPolicy
from twentyone.variants import find_variant

LL = find_variant("lucky-lucky").rules
LADIES = find_variant("lucky-ladies").rules
MAX = 5000


def hand(spot: int, index: int, stake: int, returned: int, outcome: str) -> WagerLine:
    """The settlement line of one hand (its stake includes any double)."""
    return WagerLine(spot, index, WagerKind.HAND, None, stake, returned, outcome)


def hands(rnd: Round) -> list[WagerLine]:
    """The hands' settlement lines, by spot then hand."""
    found = [line for line in rnd.settlement if line.kind is WagerKind.HAND]
    return sorted(found, key=lambda line: (line.spot, line.hand or 0))


def betting(rules: Rules = LL, balance: int = 100_000) -> Betting:
    return Betting(rules, BetLimits(100, MAX), DEFAULT_CHIPS, OverMaxPolicy.REFUSE, balance)


@pytest.mark.rule("ll-14.2", "ll-14.3", "spec-5.limits")
def test_split_double_and_insurance_go_beyond_a_maximum_bet() -> None:
    """000 Lucky Lucky: "Actions that require an additional bet (Split, Insurance, and Double)
    can still be used even if you placed a bet equal to the maximum bet." A bet of exactly the
    maximum (5000) insures for 2500, splits for 5000 and doubles the first hand for 5000: 17,500
    on the table, three and a half times the maximum.
    """
    b = betting()
    layout = b.place(b.place(BetLayout.empty(LL), 0, 2500).layout, 0, 2500).layout
    bets = b.check_deal(layout)
    assert bets == (SpotBet(MAX),)
    rnd = Round.start(
        LL,
        list(bets),
        Shoe.from_cards(
            [
                "8h",  # player card 1
                "Ad",  # dealer up card: an ace
                "8c",  # player card 2 -> a pair of eights
                "7s",  # dealer hole card -> soft 18
                "3d",  # first split hand's second card -> 11
                "Ts",  # first hand doubles -> 21
                "Tc",  # second split hand's second card -> 18
            ]
        ),
    )
    available = 100_000 - MAX
    for action in ("insurance", "split", "double"):
        assert action in play.affordable_actions(rnd, available)
        available -= play.act(rnd, action, available)
    assert available == 100_000 - 17_500
    rnd.act("stand")
    assert rnd.phase is Phase.SETTLED
    assert [str(c) for c in rnd.hands()[0].cards] == ["8h", "3d", "Ts"]
    assert hands(rnd) == [
        hand(0, 0, 2 * MAX, 4 * MAX, "win"),  # 21 beats soft 18: doubled stake paid 1:1
        hand(0, 1, MAX, MAX, "push"),  # 18 ties 18
    ]


@pytest.mark.rule("ll-17.3", "ll-40")
def test_decline_with_apply_to_all_declines_insurance_for_every_hand() -> None:
    """000 Lucky Lucky: "If you do not want insurance, click DECLINE and APPLY TO ALL to decline
    insurance for all hands." Three spots against an ace: one DECLINE with APPLY TO ALL answers
    all three, costs nothing, and play starts at the rightmost spot.
    """
    rnd = Round.start(
        LL,
        [SpotBet(1000), SpotBet(1000), SpotBet(1000)],
        Shoe.from_cards(
            [
                "Th",  # spot 0, card 1
                "9c",  # spot 1, card 1
                "8d",  # spot 2, card 1
                "Ad",  # dealer up card: an ace
                "8s",  # spot 0, card 2 -> 18
                "9h",  # spot 1, card 2 -> 18
                "Tc",  # spot 2, card 2 -> 18
                "6c",  # dealer hole card -> soft 17
            ]
        ),
    )
    assert rnd.phase is Phase.INSURANCE
    assert play.act(rnd, "no-insurance", 97_000, apply_to_all=True) == 0
    assert rnd.phase is Phase.PLAYER
    assert rnd.current == (0, 0)
    for _ in range(3):
        rnd.act("stand")
    assert [line.kind for line in rnd.settlement].count(WagerKind.INSURANCE) == 0
    assert hands(rnd) == [
        hand(0, 0, 1000, 2000, "win"),
        hand(1, 0, 1000, 2000, "win"),
        hand(2, 0, 1000, 2000, "win"),
    ]


@pytest.mark.rule("ll-24.1", "ll-35")
def test_rebet_places_the_previous_bets_then_deal_deals_them() -> None:
    """000 Lucky Lucky: "click REBET to place the same bets as in the previous round and, then
    click DEAL to deal the cards." / "REBET - Place the same bets as in the previous round."
    The last round had 1000 + a Lucky Lucky 100 on spot 0 and 500 on spot 2; REBET lays them out
    again (nothing is dealt yet), DEAL stakes the same 1600.
    """
    b = betting()
    with pytest.raises(NoBetsError):
        b.rebet(BetLayout.empty(LL), None)  # no previous round
    previous = b.place(BetLayout.empty(LL), 0, 1000).layout
    previous = b.place(previous, 0, 100, "lucky-lucky").layout
    previous = b.place(previous, 2, 500).layout
    again = b.rebet(BetLayout.empty(LL), previous).layout
    assert [(s.bet, s.side("lucky-lucky")) for s in again.spots] == [
        (1000, 100),
        (0, 0),
        (500, 0),
        (0, 0),
        (0, 0),
    ]
    bets = b.check_deal(again)
    rnd = Round.start(
        LL,
        list(bets),
        Shoe.from_cards(
            [
                "Th",  # spot 0, card 1
                "9c",  # spot 2, card 1
                "5d",  # dealer up card
                "8s",  # spot 0, card 2 -> 18
                "9h",  # spot 2, card 2 -> 18
                "Tc",  # dealer hole card -> 15
            ]
        ),
    )
    assert rnd.staked == 1600


@pytest.mark.rule("lad-11.2")
def test_lucky_ladies_limits_and_cap_are_posted_in_the_rules_text() -> None:
    """003 Lucky Ladies: "The wagering limits and any aggregate pay out limitations are to be
    posted on the table, in plain view of the players". The rules text shown before betting
    names the $1 to $20 stake and the $20,000 cap; a house that changes them sees its figures.
    """
    text = " ".join(rules_lines(LADIES))
    assert "stake 1.00 to 20.00" in text
    assert "capped at 20,000.00 per round" in text
    house = LADIES.replace(
        side_bets=[
            {
                "name": "lucky-ladies",
                "paytable": "A",
                "min_stake": 500,
                "max_stake": 5000,
                "aggregate_cap": 5_000_000,
            }
        ]
    )
    text = " ".join(rules_lines(house))
    assert "stake 5.00 to 50.00" in text
    assert "capped at 50,000.00 per round" in text
