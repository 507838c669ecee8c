"""Blackjack (a natural), 3:2, blackjack against 21, busts and hand values."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, dealer, hand, legal, lines, settled

from twentyone.engine import Phase, SpotBet

BLACKJACK_VS_16 = {
    "lucky-lucky": [
        "As",  # player card 1
        "6d",  # dealer up card
        "Kh",  # player card 2 -> blackjack
        "Tc",  # dealer hole card -> 16
    ],
    "lucky-7": [
        "As",  # player card 1
        "Tc",  # dealer hole card
        "Kh",  # player card 2 -> blackjack
        "6d",  # dealer up card -> 16
    ],
    "european": [
        "As",  # player card 1
        "6d",  # dealer's card at the deal (cannot make blackjack)
        "Kh",  # player card 2 -> blackjack
    ],
    "lucky-ladies": [
        "As",  # player card 1
        "6d",  # dealer up card
        "Kh",  # player card 2 -> blackjack
        "Tc",  # dealer hole card -> 16
    ],
}


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        ("lucky-lucky", "000: Blackjack pays 1.5 times the bet amount (3 to 2)."),
        (
            "lucky-7",
            "001: Quando accetta un pagamento alla pari, il giocatore rinuncia al pagamento "
            "normale della scommessa 3 a 2, sia che il banco abbia un Blackjack o no.",
        ),
        (
            "european",
            "002: If you win with a Blackjack you will be paid out at odds of 3:2 on your "
            "original bet. So if you bet 10 you would win 25.",
        ),
        ("lucky-ladies", "SPEC 3: All pay blackjack 3:2"),
    ],
)
@pytest.mark.rule(
    "ll-59", "eu-6.1", "eu-9.1", "eu-9.2", "eu-41.1", "eu-72.1", "eu-72.4", "spec-3.pays"
)
def test_blackjack_pays_3_to_2(variant: str, sentence: str) -> None:
    """A natural against no dealer blackjack returns 2.5 times the bet (sentence in the param)."""
    rnd = deal(variant, BLACKJACK_VS_16[variant])
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"))
    assert rnd.returned - rnd.staked == 1500


@pytest.mark.parametrize("ten", ["Tc", "Jc", "Qc", "Kc"])
@pytest.mark.rule("ll-46.2")
def test_blackjack_is_an_ace_and_any_10_point_card(ten: str) -> None:
    """000 Lucky Lucky: "Blackjack is the highest hand and consists of two cards: an ace and any
    10-point card."
    """
    rnd = deal(
        "lucky-lucky",
        [
            ten,  # player card 1: a 10-point card
            "7d",  # dealer up card
            "Ad",  # player card 2 -> blackjack
            "Ts",  # dealer hole card -> 17
        ],
    )
    assert rnd.hands()[0].blackjack
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"))


@pytest.mark.rule("l7-35.2", "l7-35.3")
def test_lucky_7_two_first_cards_totalling_21_are_a_natural_blackjack() -> None:
    """001 Lucky 7: "Se le prime due carte del giocatore hanno come somma 21, si ottiene un
    Blackjack naturale. Il Blackjack è la mano più alta."
    """
    rnd = deal(
        "lucky-7",
        [
            "As",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "5c",  # dealer hole card
            "Kh",  # spot 0, card 2 -> blackjack
            "8s",  # spot 1, card 2 -> 18
            "6d",  # dealer up card -> 11
            "Kc",  # dealer draws -> 21
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    assert rnd.current == (1, 0)
    rnd.act("stand")
    assert rnd.dealer_total == 21
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"), hand(1, 0, 1000, 0, "lose"))


@pytest.mark.rule("ll-46.3", "ll-66")
def test_lucky_lucky_blackjack_beats_a_score_of_21() -> None:
    """000 Lucky Lucky: "Blackjack beats a score of 21." """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "6d",  # dealer up card
            "Kh",  # spot 0, card 2 -> blackjack
            "8s",  # spot 1, card 2 -> 18
            "5c",  # dealer hole card -> 11
            "Kc",  # dealer draws -> 21
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["stand"],
    )
    assert dealer(rnd) == ["6d", "5c", "Kc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"), hand(1, 0, 1000, 0, "lose"))


@pytest.mark.rule("eu-82")
def test_european_dealer_blackjack_beats_a_player_21() -> None:
    """002 European: "Blackjack always beats any other hand with a value of 21." """
    rnd = deal(
        "european",
        [
            "5h",  # player card 1
            "Td",  # dealer's card at the deal
            "6c",  # player card 2 -> 11
            "Th",  # player hits -> 21, stands automatically
            "As",  # dealer's second card -> blackjack
        ],
        actions=["hit"],
    )
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.parametrize(
    ("variant", "cards", "actions", "sentence"),
    [
        (
            "lucky-lucky",
            [
                "As",  # player card 1
                "Td",  # dealer up card (no peek)
                "Kh",  # player card 2 -> blackjack
                "Ac",  # dealer hole card -> blackjack
            ],
            [],
            "000: Blackjack is the highest hand and consists of two cards: an ace and any "
            "10-point card.",
        ),
        (
            "lucky-7",
            [
                "As",  # player card 1
                "Ac",  # dealer hole card
                "Kh",  # player card 2 -> blackjack
                "Td",  # dealer up card -> blackjack (found at the peek)
            ],
            [],
            "001: Nel caso in cui sia il Banco che il giocatore abbiano un Blackjack, viene "
            "dichiarato un \u201cpush\u201d (pareggio).",
        ),
        (
            "european",
            [
                "As",  # player card 1
                "Td",  # dealer's card at the deal
                "Kh",  # player card 2 -> blackjack
                "Ac",  # dealer's second card -> blackjack
            ],
            [],
            "002: If both the Dealer and your hand have Blackjack, this is considered a Push.",
        ),
        (
            "lucky-ladies",
            [
                "As",  # player card 1
                "Td",  # dealer up card
                "Kh",  # player card 2 -> blackjack
                "Ac",  # dealer hole card -> blackjack (found at the peek)
            ],
            [],
            "SPEC 10: returned is ... the stake for a push",
        ),
    ],
)
@pytest.mark.rule("ll-46.2", "l7-7.4", "eu-6.3", "eu-12", "eu-41.3", "eu-72.3", "eu-83")
def test_blackjack_against_dealer_blackjack_pushes(
    variant: str, cards: list[str], actions: list[str], sentence: str
) -> None:
    """Two naturals push (sentence in the param)."""
    rnd = deal(variant, cards, actions=actions)
    assert rnd.phase is Phase.SETTLED
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 1000, 1000, "push"))


@pytest.mark.rule("eu-6.2", "eu-41.2", "eu-72.2")
def test_european_blackjack_automatically_stands() -> None:
    """002 European: "Blackjack is when your hand contains an Ace and a card with a value of ten.
    It is the strongest hand in Blackjack, and automatically stands."
    """
    rnd = deal(
        "european",
        [
            "Kh",  # player card 1
            "9d",  # dealer's card at the deal
            "As",  # player card 2 -> blackjack: no decision
        ],
    )
    assert rnd.phase is Phase.SETTLED
    assert rnd.legal_actions() == ()
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"))


@pytest.mark.rule("spec-3.stands-on-21")
def test_lucky_lucky_blackjack_needs_no_decision() -> None:
    """SPEC 3: "A hand that reaches 21 stands automatically; a blackjack needs no decision." """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "9d",  # dealer up card
            "Kh",  # spot 0, card 2 -> blackjack
            "8s",  # spot 1, card 2 -> 18
            "8c",  # dealer hole card -> 17
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    assert rnd.current == (1, 0)
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"), hand(1, 0, 1000, 2000, "win"))


@pytest.mark.rule("ll-23", "ll-61")
def test_lucky_lucky_bust_loses_at_once() -> None:
    """000 Lucky Lucky: "If any hand value reaches 22 or more, it is bust and automatically
    loses."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "6d",  # dealer up card
            "6h",  # spot 0 -> 16
            "8s",  # spot 1 -> 18
            "Tc",  # dealer hole card -> 16
            "6c",  # spot 0 hits -> 22, bust
            "Kc",  # dealer draws -> 26, bust
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["hit"],
    )
    # the bust is settled before the next hand is played
    assert rnd.current == (1, 0)
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), hand(1, 0, 1000, 2000, "win"))


@pytest.mark.rule("spec-3.stands-on-21")
def test_hand_reaching_21_stands_automatically() -> None:
    """SPEC 3: "A hand that reaches 21 stands automatically." """
    rnd = deal(
        "lucky-ladies",
        [
            "5s",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "9d",  # dealer up card
            "6h",  # spot 0 -> 11
            "8s",  # spot 1 -> 18
            "8c",  # dealer hole card -> 17
            "Kc",  # spot 0 hits -> 21: stands, no decision
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["hit"],
    )
    assert rnd.current == (1, 0)
    assert cards_total(rnd) == 21
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(1, 0, 1000, 2000, "win"))


def cards_total(rnd: object) -> int:
    """Spot 0's first hand total."""
    return next(h.total for h in rnd.hands() if (h.spot, h.hand) == (0, 0))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("variant", "cards", "total", "soft", "sentence"),
    [
        (
            "lucky-lucky",
            [
                "Jh",  # player card 1: a face card counts 10
                "5d",  # dealer up card
                "Qc",  # player card 2 -> 20
                "Ts",  # dealer hole card
            ],
            20,
            False,
            "000: Aces count as either 1 or 11, face cards count as 10 and number cards count at "
            "their face values.",
        ),
        (
            "lucky-7",
            [
                "Ah",  # player card 1
                "Ts",  # dealer hole card
                "8c",  # player card 2 -> soft 19 (hard 9)
                "5d",  # dealer up card
            ],
            19,
            True,
            "001: se la mano è costituita da un asso e un 8, il valore \u201chard\u201d è 9, il "
            "valore \u201csoft\u201d è 19.",
        ),
        (
            "european",
            [
                "Ah",  # player card 1
                "5d",  # dealer's card at the deal
                "Ac",  # player card 2 -> soft 12 (one ace 11, one ace 1)
            ],
            12,
            True,
            "002: Aces can have a value of either 1 or 11, depending on what is more beneficial "
            "to your hand.",
        ),
        (
            "lucky-7",
            [
                "Kh",  # player card 1
                "Ts",  # dealer hole card
                "7c",  # player card 2 -> 17
                "5d",  # dealer up card
            ],
            17,
            False,
            "001: Il re, la regina, il fante e il dieci valgono ognuno 10 punti; tutte le altre "
            "carte hanno un valore nominale.",
        ),
    ],
)
@pytest.mark.rule("ll-46.1", "ll-53", "l7-34.1", "l7-34.2", "l7-35.1", "eu-70", "eu-71")
def test_card_values(variant: str, cards: list[str], total: int, soft: bool, sentence: str) -> None:
    """Hand totals count faces 10 and an ace 1 or 11 (sentence in the param)."""
    rnd = deal(variant, cards)
    view = rnd.hands()[0]
    assert (view.total, view.soft) == (total, soft)
    assert "stand" in legal(rnd)


@pytest.mark.rule("ll-53", "l7-34.2")
def test_an_ace_counts_1_when_11_would_bust() -> None:
    """001 Lucky 7: "Una mano che abbia un asso ha due valori, un valore \u201csoft\u201d e un
    valore \u201chard\u201d" — after a hit the soft total would pass 21, so the ace counts 1.
    """
    rnd = deal(
        "lucky-7",
        [
            "Ah",  # player card 1
            "Ts",  # dealer hole card
            "8c",  # player card 2 -> soft 19
            "5d",  # dealer up card -> 15
            "5s",  # player hits -> hard 14
        ],
        actions=["hit"],
    )
    view = rnd.hands()[0]
    assert (view.total, view.soft) == (14, False)
    assert rnd.phase is Phase.PLAYER


@pytest.mark.rule("l7-12.1", "l7-12.2")
def test_lucky_7_hit_until_stand_or_bust() -> None:
    """001 Lucky 7: "Per qualunque mano in cui non ha un Blackjack, il giocatore può cliccare su
    Stai se non vuole altre carte, oppure può cliccare Carta. Il giocatore può continuare a
    chiedere carta fino a quando non seleziona Stand oppure non sballa (cioè supera 21)."
    """
    rnd = deal(
        "lucky-7",
        [
            "2s",  # player card 1
            "Tc",  # dealer hole card
            "3h",  # player card 2 -> 5
            "9d",  # dealer up card -> 19
            "2c",  # hit -> 7
            "4c",  # hit -> 11
            "5d",  # hit -> 16
            "Kd",  # hit -> 26, bust
        ],
    )
    for _ in range(3):
        rnd.act("hit")
        assert {"hit", "stand"} <= legal(rnd)
    rnd.act("hit")
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))
