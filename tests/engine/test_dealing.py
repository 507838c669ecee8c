"""Dealing: deal order, which dealer card is face up, spots and decks (SPEC section 3)."""

from __future__ import annotations

import pytest
from engine_rule_helpers import cards_of, deal, dealer, hand, legal, lines, rules_of, settled

from twentyone.cards import Shoe
from twentyone.engine import DEALER, CardDealt, HoleCardRevealed, Phase, Round, SpotBet
from twentyone.errors import InvalidBetError, InvalidRulesError
from twentyone.rng import SeededRandomSource


def dealt(rnd: Round) -> list[tuple[int, str, bool]]:
    """(spot, card, face_down) of every card dealt so far, in order."""
    return [
        (e.spot, str(e.card), e.face_down)
        for e in rnd.events
        if isinstance(e, CardDealt) and e.card is not None
    ]


@pytest.mark.rule("ll-15.2", "ll-15.3", "ll-15.4", "spec-3.deal", "spec-3.dealer-cards-at-the-deal")
def test_lucky_lucky_deals_rightmost_hand_first_and_hole_card_last_face_down() -> None:
    """000 Lucky Lucky: "The cards are dealt clockwise one at a time to each hand in turns, with
    the first card going to the rightmost player hand. The last card goes to the dealer hand and
    is dealt face down."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0 (rightmost), card 1
            "9h",  # spot 1, card 1
            "6d",  # dealer card 1: face up
            "8c",  # spot 0, card 2 -> 18
            "7s",  # spot 1, card 2 -> 16
            "Kd",  # dealer card 2: the hole card, face down -> dealer 16
            "8h",  # dealer draws -> 24, bust
        ],
        SpotBet(1000),
        SpotBet(500),
    )
    assert dealt(rnd) == [
        (0, "Ts", False),
        (1, "9h", False),
        (DEALER, "6d", False),
        (0, "8c", False),
        (1, "7s", False),
        (DEALER, "Kd", True),
    ]
    assert str(rnd.up_card) == "6d"
    assert rnd.view().dealer_cards[1] is None
    assert rnd.current == (0, 0)
    rnd.act("stand")
    assert rnd.current == (1, 0)
    rnd.act("stand")
    assert dealer(rnd) == ["6d", "Kd", "8h"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(1, 0, 500, 1000, "win"))


@pytest.mark.rule("l7-5.1", "l7-5.2", "spec-3.deal", "spec-3.dealer-cards-at-the-deal")
def test_lucky_7_dealer_first_card_is_face_down() -> None:
    """001 Lucky 7: "Entrambe le carte del giocatore sono scoperte, mentre la prima carta del
    Banco è coperta."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "Kd",  # dealer card 1: the hole card, face down
            "8c",  # player card 2 -> 18
            "6d",  # dealer card 2: the up card -> dealer 16
            "9h",  # dealer draws -> 25, bust
        ],
    )
    assert dealt(rnd) == [
        (0, "Ts", False),
        (DEALER, "Kd", True),
        (0, "8c", False),
        (DEALER, "6d", False),
    ]
    assert str(rnd.up_card) == "6d"
    view = rnd.view()
    assert view.dealer_cards[0] is None
    assert str(view.dealer_cards[1]) == "6d"
    assert view.dealer_total == 6
    assert cards_of(rnd) == ["Ts", "8c"]
    rnd.act("stand")
    assert any(isinstance(e, HoleCardRevealed) and str(e.card) == "Kd" for e in rnd.events)
    assert dealer(rnd) == ["Kd", "6d", "9h"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


@pytest.mark.rule("eu-16.2", "spec-3.deal", "spec-3.dealer-cards-at-the-deal")
def test_european_dealer_gets_one_card_at_the_deal() -> None:
    """002 European: "Click the Deal button. A hand of two cards is dealt to you, and one card is
    dealt to the Dealer."
    """
    rnd = deal(
        "european",
        [
            "Ts",  # player card 1
            "6d",  # dealer's only card at the deal, face up
            "8c",  # player card 2 -> 18
            "Kd",  # dealer's second card, drawn after the player -> 16
            "5h",  # dealer draws -> 21
        ],
    )
    assert dealt(rnd) == [(0, "Ts", False), (DEALER, "6d", False), (0, "8c", False)]
    assert [str(c) for c in rnd.view().dealer_cards] == ["6d"]
    assert legal(rnd) == {"hit", "stand"}
    rnd.act("stand")
    assert dealer(rnd) == ["6d", "Kd", "5h"]
    assert not any(isinstance(e, HoleCardRevealed) for e in rnd.events)
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.rule("lad-13", "spec-3.deal", "spec-3.dealer-cards-at-the-deal")
def test_lucky_ladies_deals_two_cards_to_each_player_and_the_dealer() -> None:
    """003 Lucky Ladies: "After all wagers have been placed, the dealer deals the first two cards
    to each player and to themselves in the same manner as regular blackjack dealing procedures."
    """
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # spot 0, card 1
            "4h",  # spot 1, card 1
            "6d",  # dealer card 1, face up
            "8c",  # spot 0, card 2 -> 18
            "4s",  # spot 1, card 2 -> 8
            "Kd",  # dealer hole card -> 16
            "Th",  # spot 1 hits -> 18
            "2c",  # dealer draws -> 18
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["stand", "hit", "stand"],
    )
    assert dealt(rnd)[:6] == [
        (0, "Ts", False),
        (1, "4h", False),
        (DEALER, "6d", False),
        (0, "8c", False),
        (1, "4s", False),
        (DEALER, "Kd", True),
    ]
    assert dealer(rnd) == ["6d", "Kd", "2c"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 1000, "push"), hand(1, 0, 1000, 1000, "push"))


@pytest.mark.parametrize(
    ("variant", "max_spots", "sentence"),
    [
        ("lucky-lucky", 5, "000: This game can be played with up to 5 hands."),
        (
            "lucky-7",
            3,
            "001: Ce n'è una accanto ad ogni normale area di scommessa a sinistra, destra e al "
            "centro.",
        ),
        ("european", 1, "002: In European Blackjack, you can only bet one hand at a time."),
        ("lucky-ladies", 7, "SPEC 3: spots (hands) one player may bet: 1-7"),
    ],
)
@pytest.mark.rule("ll-8.1", "ll-48.1", "eu-4.2", "spec-3.spots-hands-one-player-may-bet")
def test_spots_one_player_may_bet(variant: str, max_spots: int, sentence: str) -> None:
    """The number of spots one player may bet (SPEC 3 table row "spots"; sentence in the param)."""
    rules = rules_of(variant)
    shoe = Shoe.shuffled(rules.decks, SeededRandomSource(1))
    rnd = Round.start(rules, [SpotBet(1000)] * max_spots, shoe)
    assert len({h.spot for h in rnd.hands()}) == max_spots
    with pytest.raises(InvalidBetError):
        Round.start(
            rules,
            [SpotBet(1000)] * (max_spots + 1),
            Shoe.shuffled(rules.decks, SeededRandomSource(1)),
        )


@pytest.mark.rule("ll-8.2")
def test_a_bet_on_at_least_one_hand_is_needed() -> None:
    """000 Lucky Lucky: "In order to play, you must place a bet on at least one of your hands." """
    with pytest.raises(InvalidBetError):
        Round.start(rules_of("lucky-lucky"), [], Shoe.from_cards("Ts 6d 8c Kd"))
    with pytest.raises(InvalidBetError):
        Round.start(rules_of("lucky-lucky"), [SpotBet(0)], Shoe.from_cards("Ts 6d 8c Kd"))


@pytest.mark.rule("ll-8.3")
def test_every_hand_may_have_a_different_bet_amount() -> None:
    """000 Lucky Lucky: "Every hand may have a different bet amount." """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0, card 1
            "Tc",  # spot 1, card 1
            "Th",  # spot 2, card 1
            "7d",  # dealer up
            "9s",  # spot 0 -> 19
            "9c",  # spot 1 -> 19
            "9h",  # spot 2 -> 19
            "Kd",  # dealer hole -> 17, stands
        ],
        SpotBet(100),
        SpotBet(2500),
        SpotBet(777),
        actions=["stand", "stand", "stand"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 100, 200, "win"), hand(1, 0, 2500, 5000, "win"), hand(2, 0, 777, 1554, "win")
    )
    assert rnd.phase is Phase.SETTLED


@pytest.mark.parametrize(
    ("variant", "decks", "sentence"),
    [
        ("lucky-lucky", 6, "000: 6 decks of cards are used."),
        ("lucky-7", 8, "SPEC 3: decks 8 (not in the document; the known online version uses 8)"),
        (
            "european",
            2,
            "002: European Blackjack is played with two standard decks of 52 playing cards",
        ),
        ("lucky-ladies", 6, "SPEC 3: decks 6 (document allows 2-8)"),
    ],
)
@pytest.mark.rule("ll-52.1", "eu-3.3", "eu-67", "spec-3.decks")
def test_decks(variant: str, decks: int, sentence: str) -> None:
    """The preset's deck count (SPEC 3 table row "decks"; sentence in the param)."""
    rules = rules_of(variant)
    assert rules.decks == decks
    shoe = Shoe.shuffled(rules.decks, SeededRandomSource(0))
    assert len(shoe) == 52 * decks


@pytest.mark.parametrize("decks", [1, 9])
@pytest.mark.rule("lad-3.2", "spec-4.lad.6")
def test_lucky_ladies_only_on_two_to_eight_decks(decks: int) -> None:
    """003 Lucky Ladies: "Lucky Ladies may be played on 2 to 8 deck games only." """
    with pytest.raises(InvalidRulesError):
        rules_of("lucky-ladies", decks=decks)
    assert rules_of("lucky-ladies", decks=2).decks == 2
    assert rules_of("lucky-ladies", decks=8).decks == 8
