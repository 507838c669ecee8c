"""The dealer's play: draws to 16, stands on all 17s, draws only when a hand needs it."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, dealer, hand, lines, settled

from twentyone.engine import Decided, HoleCardRevealed, Phase, SpotBet

# One spot of 1000 standing on 19 against a dealer soft 17 (A+6); a 5 waits in the shoe and
# must not be drawn.
SOFT_17 = {
    "lucky-lucky": [
        "Ts",  # player card 1
        "6d",  # dealer up card
        "9h",  # player card 2 -> 19
        "As",  # dealer hole card -> soft 17
        "5c",  # (not drawn)
    ],
    "lucky-7": [
        "Ts",  # player card 1
        "As",  # dealer card 1, face down (hole)
        "9h",  # player card 2 -> 19
        "6d",  # dealer up card -> soft 17
        "5c",  # (not drawn)
    ],
    "european": [
        "Ts",  # player card 1
        "6d",  # dealer's card at the deal
        "9h",  # player card 2 -> 19
        "As",  # dealer's second card, after the player -> soft 17
        "5c",  # (not drawn)
    ],
    "lucky-ladies": [
        "Ts",  # player card 1
        "6d",  # dealer up card
        "9h",  # player card 2 -> 19
        "As",  # dealer hole card -> soft 17
        "5c",  # (not drawn)
    ],
}


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        (
            "lucky-lucky",
            "000: The dealer stands when the dealer's hand has a value of 17 or greater "
            "(including soft 17).",
        ),
        ("lucky-7", '001: Se il Banco ha un 17 "soft", deve stare e non può chiedere altre carte.'),
        ("european", "002: The Dealer stands on all 17 and draws on 16."),
        ("lucky-ladies", "SPEC 3: All pay blackjack 3:2, ..., dealer stands on soft 17."),
    ],
)
@pytest.mark.rule("ll-63.2", "l7-29.3", "eu-64", "eu-65", "spec-3.pays")
def test_dealer_stands_on_soft_17(variant: str, sentence: str) -> None:
    """The dealer stands on a soft 17 (sentence in the param)."""
    rnd = deal(variant, SOFT_17[variant], actions=["stand"])
    assert sorted(dealer(rnd)) == ["6d", "As"]
    assert rnd.dealer_total == 17
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


DRAW_TO_16 = {
    "lucky-lucky": [
        "Ts",  # player card 1
        "6d",  # dealer up card
        "8h",  # player card 2 -> 18
        "Tc",  # dealer hole card -> 16
        "Ac",  # dealer draws -> 17, stands
        "5c",  # (not drawn)
    ],
    "lucky-7": [
        "Ts",  # player card 1
        "Tc",  # dealer hole card
        "8h",  # player card 2 -> 18
        "6d",  # dealer up card -> 16
        "Ac",  # dealer draws -> 17, stands
        "5c",  # (not drawn)
    ],
    "european": [
        "Ts",  # player card 1
        "6d",  # dealer's card at the deal
        "8h",  # player card 2 -> 18
        "Tc",  # dealer's second card -> 16
        "Ac",  # dealer draws -> 17, stands
        "5c",  # (not drawn)
    ],
    "lucky-ladies": [
        "Ts",  # player card 1
        "6d",  # dealer up card
        "8h",  # player card 2 -> 18
        "Tc",  # dealer hole card -> 16
        "Ac",  # dealer draws -> 17, stands
        "5c",  # (not drawn)
    ],
}


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        ("lucky-lucky", "000: The dealer always draws to 16."),
        (
            "lucky-7",
            "001: Se ha una mano inferiore o uguale a 16, deve prendere un'altra carta fino a "
            "raggiungere, o superare 17.",
        ),
        ("european", "002: The Dealer stands on all 17 and draws on 16."),
        ("lucky-ladies", "SPEC 3: dealer stands on soft 17 (the base game: draws to 16)."),
    ],
)
@pytest.mark.rule("ll-63.1", "ll-63.2", "l7-29.2", "eu-64", "eu-65")
def test_dealer_draws_to_16_and_stands_on_17(variant: str, sentence: str) -> None:
    """The dealer draws on 16 and stops at 17 (sentence in the param)."""
    rnd = deal(variant, DRAW_TO_16[variant], actions=["stand"])
    assert sorted(dealer(rnd)) == ["6d", "Ac", "Tc"]
    assert rnd.dealer_total == 17
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


@pytest.mark.rule("ll-63.3")
def test_lucky_lucky_dealer_does_not_draw_when_every_hand_is_bust() -> None:
    """000 Lucky Lucky: "The dealer does not draw when the player is "bust"." """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "6d",  # dealer up card
            "6h",  # spot 0 -> 16
            "5s",  # spot 1 -> 15
            "Tc",  # dealer hole card -> 16
            "9c",  # spot 0 hits -> 25, bust
            "Kc",  # spot 1 hits -> 25, bust
            "5c",  # (not drawn: the dealer would reach 21)
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["hit", "hit"],
    )
    assert dealer(rnd) == ["6d", "Tc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), hand(1, 0, 1000, 0, "bust"))


@pytest.mark.rule("l7-12.3")
def test_lucky_7_bust_loses_whatever_the_dealer_holds() -> None:
    """001 Lucky 7: "Quando si supera 21, si perde immediatamente quanto scommesso, e non ha
    alcuna importanza che tipo di mano aveva il banco."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "Tc",  # dealer hole card
            "6h",  # player card 2 -> 16
            "6d",  # dealer up card -> 16
            "Kc",  # player hits -> 26, bust
            "5c",  # (not drawn)
        ],
    )
    rnd.act("hit")
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))
    assert dealer(rnd) == ["Tc", "6d"]


@pytest.mark.rule("eu-53.1", "eu-53.2")
def test_european_bust_hand_is_over_and_the_dealer_draws_nothing() -> None:
    """002 European: "If your hand value exceeds 21, your hand is bust. Your hand is over and you
    lose your bet."
    """
    rnd = deal(
        "european",
        [
            "Ts",  # player card 1
            "6d",  # dealer's card at the deal
            "6h",  # player card 2 -> 16
            "Kc",  # player hits -> 26, bust
            "5c",  # (not drawn: no hand needs the dealer's total)
        ],
        actions=["hit"],
    )
    assert dealer(rnd) == ["6d"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))


@pytest.mark.rule("spec-3.dealer-draws-when")
def test_lucky_ladies_dealer_does_not_draw_when_every_hand_is_bust() -> None:
    """SPEC 3 row "dealer draws when": at least one hand still needs the dealer's total."""
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # player card 1
            "6d",  # dealer up card
            "6h",  # player card 2 -> 16
            "Tc",  # dealer hole card -> 16
            "Kc",  # player hits -> 26, bust
            "5c",  # (not drawn)
        ],
        actions=["hit"],
    )
    assert dealer(rnd) == ["6d", "Tc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))


@pytest.mark.rule("spec-3.dealer-draws-when")
def test_dealer_draws_when_one_hand_still_needs_the_total() -> None:
    """SPEC 3 row "dealer draws when": at least one hand still needs the dealer's total."""
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "6d",  # dealer up card
            "6h",  # spot 0 -> 16
            "8s",  # spot 1 -> 18
            "Tc",  # dealer hole card -> 16
            "9c",  # spot 0 hits -> 25, bust
            "Kc",  # dealer draws -> 26, bust
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["hit", "stand"],
    )
    assert dealer(rnd) == ["6d", "Tc", "Kc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), hand(1, 0, 1000, 2000, "win"))


@pytest.mark.rule("spec-3.dealer-draws-when")
def test_dealer_does_not_draw_for_a_blackjack_alone() -> None:
    """SPEC 3 row "dealer draws when": a blackjack needs the dealer's blackjack, not a total."""
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            "6d",  # dealer up card
            "Kh",  # player card 2 -> blackjack
            "Tc",  # dealer hole card -> 16
            "5c",  # (not drawn)
        ],
    )
    assert rnd.phase is Phase.SETTLED
    assert dealer(rnd) == ["6d", "Tc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"))


@pytest.mark.parametrize(
    ("variant", "cards", "sentence"),
    [
        (
            "lucky-7",
            [
                "5h",  # player card 1
                "Tc",  # dealer hole card
                "7c",  # player card 2 -> 12
                "6d",  # dealer up card -> 16
                "8s",  # dealer draws -> 24, bust
            ],
            "001: Se il Banco supera il 21 (sballa), qualunque mano di un giocatore che non "
            "abbia superato il 21 vince.",
        ),
        (
            "european",
            [
                "5h",  # player card 1
                "6d",  # dealer's card at the deal
                "7c",  # player card 2 -> 12
                "Tc",  # dealer's second card -> 16
                "8s",  # dealer draws -> 24, bust
            ],
            "002: If the Dealer's hand exceeds 21, it is bust. If your hand is not bust, you "
            "automatically win.",
        ),
    ],
)
@pytest.mark.rule("ll-1", "ll-22.2", "ll-44", "l7-3.1", "l7-30", "eu-4.1", "eu-66.1", "eu-66.2")
def test_dealer_bust_every_standing_hand_wins(
    variant: str, cards: list[str], sentence: str
) -> None:
    """A standing hand wins 1:1 when the dealer busts (sentence in the param)."""
    rnd = deal(variant, cards, actions=["stand"])
    assert rnd.dealer_total == 24
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


@pytest.mark.parametrize(
    ("variant", "cards", "sentence"),
    [
        (
            "lucky-lucky",
            [
                "Ts",  # player card 1
                "9d",  # dealer up card
                "8h",  # player card 2 -> 18
                "9c",  # dealer hole card -> 18
            ],
            "000: If the player and the dealer have the same point total (17 to 21), neither of "
            "them wins and the player's bet is returned to the player in a \u201cpush\u201d.",
        ),
        (
            "lucky-7",
            [
                "Ts",  # player card 1
                "9c",  # dealer hole card
                "8h",  # player card 2 -> 18
                "9d",  # dealer up card -> 18
            ],
            "001: Se il giocatore e il Banco hanno lo stesso punteggio, si ha un pareggio (push). "
            "La puntata ti viene restituita.",
        ),
        (
            "european",
            [
                "Ts",  # player card 1
                "9d",  # dealer's card at the deal
                "8h",  # player card 2 -> 18
                "9c",  # dealer's second card -> 18
            ],
            "002: When your hand and the Dealer's hand tie, it is called a Push. You are paid "
            "your original bet.",
        ),
        (
            "lucky-ladies",
            [
                "Ts",  # player card 1
                "9d",  # dealer up card
                "8h",  # player card 2 -> 18
                "9c",  # dealer hole card -> 18
            ],
            "SPEC 10: returned is ... the stake for a push",
        ),
    ],
)
@pytest.mark.rule("ll-62", "l7-32.1", "l7-32.2", "eu-57.1", "eu-57.2", "eu-81.1", "eu-81.2")
def test_equal_totals_push(variant: str, cards: list[str], sentence: str) -> None:
    """A tie returns the stake (sentence in the param)."""
    rnd = deal(variant, cards, actions=["stand"])
    assert settled(rnd) == lines(hand(0, 0, 1000, 1000, "push"))


@pytest.mark.parametrize(
    ("variant", "cards", "expected", "sentence"),
    [
        (
            "lucky-lucky",
            [
                "Ts",  # player card 1
                "8d",  # dealer up card
                "9h",  # player card 2 -> 19
                "Tc",  # dealer hole card -> 18
            ],
            hand(0, 0, 1000, 2000, "win"),
            "000: If the total value of the player's cards is closer to 21 than the dealer's "
            "after the dealer has stopped taking cards, the player wins the bet amount (1 to 1).",
        ),
        (
            "lucky-7",
            [
                "Ts",  # player card 1
                "Tc",  # dealer hole card
                "7h",  # player card 2 -> 17
                "8d",  # dealer up card -> 18
            ],
            hand(0, 0, 1000, 0, "lose"),
            "001: Quando il Banco sta su un 17 o maggiore e ha un punteggio superiore al "
            "giocatore, il Banco vince; se è il giocatore ad avere un punteggio maggiore, vince "
            "il giocatore.",
        ),
        (
            "european",
            [
                "Ts",  # player card 1
                "8d",  # dealer's card at the deal
                "9h",  # player card 2 -> 19
                "Tc",  # dealer's second card -> 18
            ],
            hand(0, 0, 1000, 2000, "win"),
            "002: For any normal winning hand of Blackjack the payout will double your bet. So, "
            "if you bet 10 you would win 20.",
        ),
        (
            "lucky-ladies",
            [
                "Ts",  # player card 1
                "8d",  # dealer up card
                "7h",  # player card 2 -> 17
                "Tc",  # dealer hole card -> 18
            ],
            hand(0, 0, 1000, 0, "lose"),
            "SPEC 10: returned is ... 0 for a loss",
        ),
    ],
)
@pytest.mark.rule(
    "ll-1",
    "ll-22.1",
    "ll-22.2",
    "ll-44",
    "ll-60",
    "l7-3.1",
    "l7-31",
    "eu-4.1",
    "eu-10.1",
    "eu-10.2",
    "eu-38.1",
    "eu-38.2",
)
def test_higher_total_wins(variant: str, cards: list[str], expected: object, sentence: str) -> None:
    """The higher total wins 1:1 (sentence in the param)."""
    rnd = deal(variant, cards, actions=["stand"])
    assert settled(rnd) == [expected]


@pytest.mark.parametrize(
    ("variant", "cards", "sentence"),
    [
        (
            "lucky-lucky",
            [
                "Ts",  # player card 1
                "8d",  # dealer up card
                "9h",  # player card 2 -> 19
                "Tc",  # dealer hole card -> 18
            ],
            "000: When you have played your final hand the dealer then reveals the dealer's face "
            "down card and may draw additional cards, in accordance with the rules.",
        ),
        (
            "lucky-7",
            [
                "Ts",  # player card 1
                "Tc",  # dealer hole card
                "9h",  # player card 2 -> 19
                "8d",  # dealer up card -> 18
            ],
            "001: Quando il giocatore è soddisfatto della sua mano, il Banco scopre la sua carta "
            "coperta.",
        ),
    ],
)
@pytest.mark.rule("ll-21", "l7-29.1", "spec-3.settles")
def test_hole_card_is_revealed_after_the_last_decision(
    variant: str, cards: list[str], sentence: str
) -> None:
    """The hole card is revealed once the player is done (sentence in the param)."""
    rnd = deal(variant, cards)
    assert not any(isinstance(e, HoleCardRevealed) for e in rnd.events)
    assert None in rnd.view().dealer_cards
    rnd.act("stand")
    kinds = [type(e) for e in rnd.events]
    assert kinds.index(HoleCardRevealed) > max(i for i, k in enumerate(kinds) if k is Decided)
    assert None not in rnd.view().dealer_cards
    assert str(next(e.card for e in rnd.events if isinstance(e, HoleCardRevealed))) == "Tc"
