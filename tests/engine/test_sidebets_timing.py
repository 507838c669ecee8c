"""When a side bet settles where the dealer's blackjack is known late (no peek, no hole card).

SPEC 4, Lucky Ladies: "a queen-of-hearts pair while the dealer shows A or a ten: it waits until
the dealer's blackjack is known (at the peek, or at the reveal where there is no peek)".
"""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, hand, lines, rules_of, settled, side

from twentyone.engine import Phase, SpotBet
from twentyone.rules import default_side_bet

LADIES = default_side_bet("lucky-ladies")
NO_PEEK = rules_of("lucky-lucky", side_bets=[LADIES.to_dict()])
NO_HOLE_CARD = rules_of("european", side_bets=[LADIES.to_dict()])


def _side_lines(rnd: object) -> list[object]:
    return [line for line in settled(rnd) if line.kind.value == "side"]  # type: ignore[arg-type]


@pytest.mark.rule("lad-5.3", "spec-4.lad.3")
def test_queen_pair_waits_for_the_reveal_in_a_no_peek_game() -> None:
    """003: "the top prize is awarded if the player's Queen of Hearts pair occurs at the same
    time the dealer has a blackjack" — without a peek that is known only at the reveal."""
    rnd = deal(
        NO_PEEK,
        [
            "Qh",  # player card 1
            "Td",  # dealer up card: a ten, never peeked
            "Qh",  # player card 2 -> queen-of-hearts pair (20)
            "Ac",  # dealer hole card -> blackjack, shown at the end
        ],
        SpotBet.of(1000, {"lucky-ladies": 500}),
    )
    assert rnd.phase is Phase.PLAYER
    assert _side_lines(rnd) == []  # still waiting while the hand is played
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        side(0, "lucky-ladies", 500, 500 + 500 * 1000, "qh-pair-dealer-blackjack"),
    )


@pytest.mark.rule("spec-4.lad.3")
def test_queen_pair_without_dealer_blackjack_in_a_no_peek_game() -> None:
    """SPEC 4: the queen-of-hearts pair with an ace up "waits until the dealer's blackjack is
    known (at the peek, or at the reveal where there is no peek)": through the insurance question
    and the hand's play; the reveal shows soft 18, so it is the plain pair, 125 to 1."""
    rnd = deal(
        NO_PEEK,
        [
            "Qh",  # player card 1
            "Ad",  # dealer up card: an ace -> insurance asked first
            "Qh",  # player card 2 -> queen-of-hearts pair (20)
            "7c",  # dealer hole card -> soft 18, no blackjack
        ],
        SpotBet.of(1000, {"lucky-ladies": 500}),
        actions=["no-insurance"],
    )
    assert rnd.phase is Phase.PLAYER
    assert _side_lines(rnd) == []  # still waiting: no peek in this game
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"),
        side(0, "lucky-ladies", 500, 500 + 500 * 125, "qh-pair"),
    )


@pytest.mark.rule("spec-4.lad.3")
def test_queen_pair_waits_for_the_dealers_second_card_with_no_hole_card() -> None:
    """European (no hole card): the dealer's second card, drawn after the players, decides."""
    rnd = deal(
        NO_HOLE_CARD,
        [
            "Qh",  # player card 1
            "Td",  # dealer's only card at the deal: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair (20)
            "Ac",  # dealer's second card, after the player stands -> blackjack
        ],
        SpotBet.of(1000, {"lucky-ladies": 500}),
    )
    assert _side_lines(rnd) == []
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        side(0, "lucky-ladies", 500, 500 + 500 * 1000, "qh-pair-dealer-blackjack"),
    )


@pytest.mark.rule("spec-4.lad.3", "spec-3.dealer-draws-when")
def test_dealer_draws_only_for_a_waiting_side_bet_when_every_hand_is_settled() -> None:
    """With no hole card, a queen-of-hearts pair needs the dealer's blackjack even after its hand
    busts: the dealer takes a second card for the side bet, and no more."""
    rnd = deal(
        NO_HOLE_CARD,
        [
            "Qh",  # player card 1
            "Ts",  # dealer's only card: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair (20)
            "Kc",  # the player hits -> 30, bust
            "5d",  # dealer's second card -> 15: no blackjack; nothing needs a total, so it stops
            "9h",  # (not dealt)
        ],
        SpotBet.of(1000, {"lucky-ladies": 500}),
        actions=["hit"],
    )
    assert [str(c) for c in rnd.dealer_cards] == ["Ts", "5d"]
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "bust"),
        side(0, "lucky-ladies", 500, 500 + 500 * 125, "qh-pair"),
    )
