"""Several spots: play order, separate decisions, separate settlement."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, hand, insurance, lines, settled

from twentyone.engine import Decided, Phase, SpotBet


@pytest.mark.rule("ll-16", "ll-48.2", "ll-48.3", "spec-3.play-order")
def test_lucky_lucky_hands_are_played_separately_rightmost_first() -> None:
    """000 Lucky Lucky: "If you are playing more than 1 hand, actions are taken for each hand
    separately, starting from the rightmost hand oncethe cards have been dealt." / "The chosen
    hands are played clockwise, starting from your rightmost hand. The dealer's hand is played
    last."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0 (rightmost), card 1
            "5s",  # spot 1, card 1
            "9s",  # spot 2, card 1
            "7d",  # dealer up card
            "2h",  # spot 0 -> 12
            "6h",  # spot 1 -> 11
            "9h",  # spot 2 -> 18
            "Tc",  # dealer hole card -> 17
            "8c",  # spot 0 hits -> 20
            "Kc",  # spot 1 doubles -> 21
        ],
        SpotBet(1000),
        SpotBet(500),
        SpotBet(200),
    )
    order = []
    for action in ["hit", "stand", "double", "stand"]:
        order.append(rnd.current)
        rnd.act(action)
    assert order == [(0, 0), (0, 0), (1, 0), (2, 0)]
    assert [(e.spot, str(e.action)) for e in rnd.events if isinstance(e, Decided)] == [
        (0, "hit"),
        (0, "stand"),
        (1, "double"),
        (2, "stand"),
    ]
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"), hand(1, 0, 1000, 2000, "win"), hand(2, 0, 200, 400, "win")
    )


@pytest.mark.rule("l7-24.2")
def test_lucky_7_three_spots_left_centre_right() -> None:
    """001 Lucky 7: "Ce n'è una accanto ad ogni normale area di scommessa a sinistra, destra e al
    centro." — three spots, each settled on its own.
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # spot 0 (right), card 1
            "Th",  # spot 1 (centre), card 1
            "Tc",  # spot 2 (left), card 1
            "9c",  # dealer hole card
            "9s",  # spot 0 -> 19
            "7h",  # spot 1 -> 17
            "Ac",  # spot 2 -> blackjack
            "9d",  # dealer up card -> 18
            "Kd",  # spot 1 hits -> 27, bust
        ],
        SpotBet(1000),
        SpotBet(1000),
        SpotBet(1000),
        actions=["stand", "hit"],
    )
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"),
        hand(1, 0, 1000, 0, "bust"),
        hand(2, 0, 1000, 2500, "blackjack"),
    )


@pytest.mark.rule("spec-3.insurance-order")
def test_lucky_ladies_insurance_asked_in_play_order_before_any_hand() -> None:
    """SPEC 3: "Insurance is asked of each spot with a main bet (a blackjack hand too), in play
    order, before any hand is played."
    """
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # spot 0, card 1
            "As",  # spot 1, card 1
            "5s",  # spot 2, card 1
            "Ad",  # dealer up card: an ace
            "9h",  # spot 0 -> 19
            "Kh",  # spot 1 -> blackjack
            "6h",  # spot 2 -> 11
            "6c",  # dealer hole card -> soft 17, no blackjack
            "Tc",  # spot 2 doubles -> 21
        ],
        SpotBet(1000),
        SpotBet(1000),
        SpotBet(1000),
    )
    asked = []
    for action in ["insurance", "insurance", "no-insurance"]:
        assert rnd.phase is Phase.INSURANCE
        asked.append(rnd.current)
        rnd.act(action)
    assert asked == [(0, 0), (1, 0), (2, 0)]
    assert rnd.current == (0, 0)
    rnd.act("stand")
    assert rnd.current == (2, 0)
    rnd.act("double")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"),
        insurance(0, 500, 0, "insurance-lose"),
        hand(1, 0, 1000, 2500, "blackjack"),
        insurance(1, 500, 0, "insurance-lose"),
        hand(2, 0, 2000, 4000, "win"),
    )
