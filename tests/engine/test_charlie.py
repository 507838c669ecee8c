"""Card-count rules: Lucky Lucky's 10-card Charlie, European's 11-card stand."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, dealer, hand, legal, lines, settled

from twentyone.engine import Phase, SpotBet

# Ten cards totalling 18 without reaching 21 on the way:
# A A A A (soft 14) 2 (soft 16) 2 (soft 18) 2 (soft 20) 2 (hard 12) 3 (15) 3 (18).
TEN_CARDS = ["As", "Ah", "Ac", "Ad", "2s", "2h", "2c", "2d", "3s", "3h"]
HITS_TO_TEN = ["hit"] * 8


@pytest.mark.rule("ll-82.1", "ll-82.2", "spec-3.card-count-rules")
def test_lucky_lucky_ten_card_charlie_wins() -> None:
    """000 Lucky Lucky: "10-Card Charlie refers to the player drawing 10 cards without going
    bust. In this case the player's hand automatically wins, except when the dealer has
    Blackjack."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            "9d",  # dealer up card
            "Ah",  # player card 2 -> soft 12
            "Tc",  # dealer hole card -> 19, beats the player's 18
            "Ac",  # hit -> soft 13 (3 cards)
            "Ad",  # hit -> soft 14 (4)
            "2s",  # hit -> soft 16 (5)
            "2h",  # hit -> soft 18 (6)
            "2c",  # hit -> soft 20 (7)
            "2d",  # hit -> 12 (8)
            "3s",  # hit -> 15 (9)
            "3h",  # hit -> 18 (10 cards): Charlie, no more decisions
        ],
        actions=HITS_TO_TEN,
    )
    view = rnd.hands()[0]
    assert (len(view.cards), view.total) == (10, 18)
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "charlie"))


@pytest.mark.rule("ll-82.2")
def test_lucky_lucky_charlie_wins_at_once() -> None:
    """SPEC 3 row "card-count rules": "10-card Charlie: 10 cards without busting wins at once,
    except vs dealer blackjack" — with a 9 up the dealer cannot have blackjack, so the Charlie is
    paid as soon as its tenth card lands, before the next hand is played (000: "the player's hand
    automatically wins").
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # spot 0, card 1
            "Ts",  # spot 1, card 1
            "9d",  # dealer up card: no blackjack possible
            "Ah",  # spot 0 -> soft 12
            "8s",  # spot 1 -> 18
            "Tc",  # dealer hole card -> 19
            "Ac",  # spot 0 hit -> soft 13
            "Ad",  # hit -> soft 14
            "2s",  # hit -> soft 16
            "2h",  # hit -> soft 18
            "2c",  # hit -> soft 20
            "2d",  # hit -> 12
            "3s",  # hit -> 15
            "3h",  # hit -> 18: ten cards
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=HITS_TO_TEN,
    )
    assert rnd.current == (1, 0)
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "charlie"))
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "charlie"), hand(1, 0, 1000, 0, "lose"))


@pytest.mark.parametrize(("up", "hole"), [("Td", "Ac"), ("Ad", "Tc")])
@pytest.mark.rule("ll-82.2")
def test_lucky_lucky_charlie_loses_to_dealer_blackjack(up: str, hole: str) -> None:
    """000 Lucky Lucky: "In this case the player's hand automatically wins, except when the
    dealer has Blackjack."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            up,  # dealer up card
            "Ah",  # player card 2 -> soft 12
            hole,  # dealer hole card -> blackjack (no peek)
            *TEN_CARDS[2:],  # eight hits -> ten cards, 18
        ],
    )
    if up == "Ad":
        rnd.act("no-insurance")
    for action in HITS_TO_TEN:
        rnd.act(action)
    assert len(rnd.hands()[0].cards) == 10
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.parametrize(("hole", "expected"), [("9c", "charlie"), ("Ac", "lose")])
@pytest.mark.rule("ll-82.3", "spec-3.card-count-rules")
def test_lucky_lucky_charlie_applies_to_a_split_hand(hole: str, expected: str) -> None:
    """000 Lucky Lucky: "10-Card Charlie is also applicable on a split hand." (and loses to a
    dealer blackjack there too: SPEC 3 "(split hands too)")
    """
    rnd = deal(
        "lucky-lucky",
        [
            "2s",  # player card 1
            "Td",  # dealer up card
            "2h",  # player card 2 -> pair of 2s
            hole,  # dealer hole card -> 19, or blackjack
            "As",  # first split hand -> soft 13 (2 cards)
            "Ah",  # hit -> soft 14 (3)
            "Ac",  # hit -> soft 15 (4)
            "Ad",  # hit -> soft 16 (5)
            "2c",  # hit -> soft 18 (6)
            "2d",  # hit -> soft 20 (7)
            "3s",  # hit -> 13 (8)
            "2s",  # hit -> 15 (9)
            "3h",  # hit -> 18 (10): Charlie
            "Th",  # second split hand -> 12
            "8c",  # hit -> 20
        ],
        actions=["split", *(["hit"] * 8), "hit", "stand"],
    )
    assert len(rnd.hands()[0].cards) == 10
    if expected == "charlie":
        assert settled(rnd) == lines(
            hand(0, 0, 1000, 2000, "charlie"), hand(0, 1, 1000, 2000, "win")
        )
    else:
        assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(0, 1, 1000, 0, "lose"))


@pytest.mark.parametrize(
    ("second", "expected", "dealer_total"),
    [
        ("Tc", hand(0, 0, 1000, 0, "lose"), 19),  # dealer 19 beats the 11-card 18
        ("8c", hand(0, 0, 1000, 2000, "win"), 17),  # dealer 17: the 11-card 18 wins 1:1
    ],
)
@pytest.mark.rule("eu-68.1", "eu-68.2", "spec-3.card-count-rules")
def test_european_eleven_cards_stand_automatically(
    second: str, expected: object, dealer_total: int
) -> None:
    """002 European: "You may draw up to nine additional cards to make a hand of eleven cards,
    provided the value of your hand does not exceed 21. If your hand does not exceed 21 after
    receiving eleven cards, your hand automatically stands, and the Dealer plays his hand." (it
    stands; it does not win: SPEC 3 "11 cards without busting stands automatically")
    """
    rnd = deal(
        "european",
        [
            "As",  # player card 1
            "9d",  # dealer's card at the deal
            "Ah",  # player card 2 -> soft 12
            "Ac",  # hit -> soft 13 (3 cards)
            "Ad",  # hit -> soft 14 (4)
            "2s",  # hit -> soft 16 (5)
            "2h",  # hit -> soft 18 (6)
            "2c",  # hit -> soft 20 (7)
            "2d",  # hit -> 12 (8)
            "2s",  # hit -> 14 (9)
            "2h",  # hit -> 16 (10)
            "2c",  # hit -> 18 (11 cards): stands automatically
            second,  # dealer's second card
            "Ac",  # dealer draws (when on 17 or less)
        ],
    )
    for _ in range(8):
        rnd.act("hit")
    assert len(rnd.hands()[0].cards) == 10
    assert "hit" in legal(rnd)  # ten cards: no Charlie in this game
    rnd.act("hit")
    assert len(rnd.hands()[0].cards) == 11
    assert rnd.phase is Phase.SETTLED
    assert rnd.dealer_total == dealer_total
    assert settled(rnd) == [expected]


@pytest.mark.parametrize("variant", ["lucky-7", "lucky-ladies"])
@pytest.mark.rule("spec-3.card-count-rules")
def test_no_card_count_rule_elsewhere(variant: str) -> None:
    """SPEC 3 row "card-count rules": Lucky 7 and Lucky Ladies none — ten cards keep playing."""
    heads = {
        "lucky-7": [
            "As",  # player card 1
            "Tc",  # dealer hole card
            "Ah",  # player card 2 -> soft 12
            "9d",  # dealer up card -> 19
        ],
        "lucky-ladies": [
            "As",  # player card 1
            "9d",  # dealer up card
            "Ah",  # player card 2 -> soft 12
            "Tc",  # dealer hole card -> 19
        ],
    }
    head = heads[variant]
    rnd = deal(variant, head + TEN_CARDS[2:] + ["As"], actions=HITS_TO_TEN)  # 8 hits -> 18
    assert len(rnd.hands()[0].cards) == 10
    assert rnd.phase is Phase.PLAYER
    assert legal(rnd) == {"hit", "stand"}
    rnd.act("stand")
    assert dealer(rnd) == ["Tc", "9d"] if variant == "lucky-7" else ["9d", "Tc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))
