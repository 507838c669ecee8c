"""Doubling down: when it is allowed, what it costs, one card, and dealer blackjack."""

from __future__ import annotations

import pytest
from engine_rule_helpers import cards_of, deal, hand, legal, lines, settled

from twentyone.engine import Phase, SpotBet, WagerKind, WagerPlaced
from twentyone.errors import IllegalActionError


def double_wagers(rnd: object) -> list[WagerPlaced]:
    """The WagerPlaced events of doubles."""
    return [
        e
        for e in rnd.events  # type: ignore[attr-defined]
        if isinstance(e, WagerPlaced) and e.name == "double"
    ]


@pytest.mark.parametrize(
    ("first", "second"),
    [("5s", "3h"), ("As", "7h"), ("Ts", "8h"), ("2s", "2h")],
)
@pytest.mark.rule("ll-48.4", "ll-74.1", "spec-3.double")
def test_lucky_lucky_double_before_the_third_card(first: str, second: str) -> None:
    """000 Lucky Lucky: "You can double your bet on a hand before you take a third card." (any
    first two cards: SPEC 3 row "double").
    """
    rnd = deal(
        "lucky-lucky",
        [
            first,  # player card 1
            "9d",  # dealer up card
            second,  # player card 2
            "8c",  # dealer hole card -> 17
        ],
    )
    assert "double" in legal(rnd)
    assert rnd.cost("double") == 1000


@pytest.mark.rule("ll-74.2")
def test_lucky_lucky_no_double_after_a_third_card() -> None:
    """000 Lucky Lucky: "You cannot double the bet on a hand after taking a third card." """
    rnd = deal(
        "lucky-lucky",
        [
            "5s",  # player card 1
            "9d",  # dealer up card
            "3h",  # player card 2 -> 8
            "8c",  # dealer hole card -> 17
            "2s",  # player hits -> 10
        ],
        actions=["hit"],
    )
    assert legal(rnd) == {"hit", "stand"}
    before = rnd.events
    with pytest.raises(IllegalActionError):
        rnd.act("double")
    assert rnd.events == before


@pytest.mark.rule("ll-19.1", "ll-33.2", "ll-74.3")
def test_lucky_lucky_double_deals_a_third_and_final_card() -> None:
    """000 Lucky Lucky: "After doubling a bet, a third and final card will be dealt to you
    automatically."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "5s",  # player card 1
            "9d",  # dealer up card
            "3h",  # player card 2 -> 8
            "8c",  # dealer hole card -> 17
            "Ts",  # the double's card -> 18
            "4c",  # (not drawn: the dealer stands on 17)
        ],
        actions=["double"],
    )
    assert cards_of(rnd) == ["5s", "3h", "Ts"]
    assert rnd.phase is Phase.SETTLED
    assert [(e.stake, e.kind) for e in double_wagers(rnd)] == [(1000, WagerKind.HAND)]
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"))


@pytest.mark.rule("ll-74.4")
def test_lucky_lucky_double_on_all_hands() -> None:
    """000 Lucky Lucky: "You can double on all your hands, if you wish." """
    rnd = deal(
        "lucky-lucky",
        [
            "5s",  # spot 0, card 1
            "6s",  # spot 1, card 1
            "9d",  # dealer up card
            "5h",  # spot 0 -> 10
            "4h",  # spot 1 -> 10
            "8c",  # dealer hole card -> 17
            "Ts",  # spot 0 doubles -> 20
            "7c",  # spot 1 doubles -> 17
        ],
        SpotBet(1000),
        SpotBet(400),
        actions=["double", "double"],
    )
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"), hand(1, 0, 800, 800, "push"))


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        (
            "lucky-lucky",
            "000: You can also double your bet on a split hand. / The player may double after "
            "splitting.",
        ),
        (
            "lucky-7",
            "001: NOTA: Puoi anche raddoppiare una scommessa dopo aver separato le mani (Dividi)",
        ),
        ("lucky-ladies", "SPEC 3 row 'double after split': yes"),
    ],
)
@pytest.mark.rule("ll-56", "ll-74.5", "l7-15", "spec-3.double-after-split")
def test_double_after_split(variant: str, sentence: str) -> None:
    """A split hand may be doubled (sentence in the param)."""
    heads = {
        "lucky-7": [
            "8s",  # player card 1
            "8c",  # dealer hole card
            "8h",  # player card 2 -> pair of 8s
            "9d",  # dealer up card -> 17
        ],
        "other": [
            "8s",  # player card 1
            "9d",  # dealer up card
            "8h",  # player card 2 -> pair of 8s
            "8c",  # dealer hole card -> 17
        ],
    }
    cards = heads.get(variant, heads["other"])
    cards += [
        "3c",  # first split hand's second card -> 11
        "Tc",  # its double card -> 21
        "2d",  # second split hand's second card -> 10
        "9h",  # its double card -> 19
    ]
    rnd = deal(variant, cards, actions=["split"])
    assert "double" in legal(rnd)
    rnd.act("double")
    assert rnd.current == (0, 1)
    assert "double" in legal(rnd)
    rnd.act("double")
    assert cards_of(rnd, 0, 0) == ["8s", "3c", "Tc"]
    assert cards_of(rnd, 0, 1) == ["8h", "2d", "9h"]
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"), hand(0, 1, 2000, 4000, "win"))


@pytest.mark.rule("ll-64", "spec-3.dealer-blackjack-vs-a-doubled-hand")
def test_lucky_lucky_ace_up_dealer_blackjack_takes_the_whole_doubled_bet() -> None:
    """000 Lucky Lucky: "If the dealer's first card is an Ace, and the player then doubles, and
    the dealer then reveals Blackjack, then the player loses the doubled bet."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "6h",  # player card 1
            "As",  # dealer up card: an ace
            "5c",  # player card 2 -> 11
            "Kh",  # dealer hole card -> blackjack (no peek)
            "9s",  # the double's card -> 20
        ],
        actions=["no-insurance", "double"],
    )
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 2000, 0, "lose"))
    assert rnd.returned - rnd.staked == -2000


@pytest.mark.rule("ll-65", "spec-3.dealer-blackjack-vs-a-doubled-hand")
def test_lucky_lucky_ten_up_dealer_blackjack_returns_the_double() -> None:
    """000 Lucky Lucky: "If the dealer's first card has a 10-point value, and the player then
    doubles, and the dealer then reveals Blackjack, then the doubled bet is returned to the
    player." (SPEC 10 example: 6h Kh 5c As 9s, double -> net -1000.)
    """
    rnd = deal(
        "lucky-lucky",
        [
            "6h",  # player card 1
            "Kh",  # dealer up card: a ten
            "5c",  # player card 2 -> 11
            "As",  # dealer hole card -> blackjack (no peek)
            "9s",  # the double's card -> 20
        ],
        actions=["double"],
    )
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 2000, 1000, "bet-lost-double-returned"))
    assert rnd.returned - rnd.staked == -1000


@pytest.mark.rule("l7-14.1", "spec-3.double")
def test_lucky_7_no_double_on_blackjack() -> None:
    """001 Lucky 7: "Il Raddoppio non si applica ad un Blackjack." """
    rnd = deal(
        "lucky-7",
        [
            "As",  # spot 0, card 1
            "6s",  # spot 1, card 1
            "Tc",  # dealer hole card
            "Kh",  # spot 0, card 2 -> blackjack: no decision at all
            "5h",  # spot 1, card 2 -> 11
            "7d",  # dealer up card -> 17
            "9c",  # spot 1 doubles -> 20
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    assert rnd.current == (1, 0)
    rnd.act("double")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"), hand(1, 0, 2000, 4000, "win"))


@pytest.mark.rule("l7-14.2")
def test_lucky_7_double_only_on_the_first_two_cards() -> None:
    """001 Lucky 7: "Il giocatore può raddoppiare solo sulle prime due carte scoperte." """
    rnd = deal(
        "lucky-7",
        [
            "2s",  # player card 1
            "Tc",  # dealer hole card
            "3h",  # player card 2 -> 5
            "7d",  # dealer up card -> 17
            "4c",  # player hits -> 9
        ],
    )
    assert "double" in legal(rnd)
    rnd.act("hit")
    assert legal(rnd) == {"hit", "stand"}


@pytest.mark.rule("l7-13", "l7-14.3")
def test_lucky_7_double_doubles_the_bet_and_deals_one_card() -> None:
    """001 Lucky 7: "Quando un giocatore raddoppia, la puntata originaria viene raddoppiata
    (appare cioè una seconda fiche) e il giocatore riceve un'altra carta."
    """
    rnd = deal(
        "lucky-7",
        [
            "As",  # player card 1
            "Tc",  # dealer hole card
            "6h",  # player card 2 -> soft 17 (any two cards may be doubled)
            "7d",  # dealer up card -> 17
            "3c",  # the double's card -> 20
        ],
    )
    assert "double" in legal(rnd)
    rnd.act("double")
    assert cards_of(rnd) == ["As", "6h", "3c"]
    assert [e.stake for e in double_wagers(rnd)] == [1000]
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"))


@pytest.mark.parametrize(
    ("first", "second", "allowed"),
    [
        ("5s", "4h", True),  # 9
        ("6s", "4h", True),  # 10
        ("7s", "4h", True),  # 11
        ("5s", "3h", False),  # 8
        ("7s", "5h", False),  # 12
        ("As", "8h", False),  # soft 19 (hard 9)
        ("As", "9h", False),  # soft 20 (hard 10)
    ],
)
@pytest.mark.rule("eu-33.2", "eu-49.2", "eu-78.1", "spec-3.double")
def test_european_double_only_on_9_10_or_11(first: str, second: str, allowed: bool) -> None:
    """002 European: "You can double down if the value of your first two cards is 9, 10 or 11."
    (SPEC 3: hard 9, 10 or 11.)
    """
    rnd = deal(
        "european",
        [
            first,  # player card 1
            "7d",  # dealer's card at the deal
            second,  # player card 2
        ],
    )
    assert ("double" in legal(rnd)) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError):
            rnd.act("double")


@pytest.mark.rule(
    "eu-31.1",
    "eu-31.2",
    "eu-31.3",
    "eu-33.1",
    "eu-33.4",
    "eu-49.1",
    "eu-49.3",
    "eu-49.5",
    "eu-78.2",
    "eu-78.3",
)
def test_european_double_costs_the_bet_one_card_and_stands() -> None:
    """002 European: "Click the Double button. A side bet equal to your original bet is placed on
    the table. You are dealt one card and your hand automatically stands."
    """
    rnd = deal(
        "european",
        [
            "6s",  # player card 1
            "7d",  # dealer's card at the deal
            "4h",  # player card 2 -> 10
            "2c",  # the double's card -> 12, the hand stands anyway
            "Th",  # dealer's second card -> 17
        ],
    )
    assert rnd.cost("double") == 1000
    rnd.act("double")
    assert cards_of(rnd) == ["6s", "4h", "2c"]
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 2000, 0, "lose"))


@pytest.mark.rule("eu-33.3", "eu-49.4", "eu-49.6", "eu-49.7")
def test_european_double_win_pays_four_times_the_original_bet() -> None:
    """002 European: "If you win you are paid double your total bet. This win amount is equal to
    four times your original bet."
    """
    rnd = deal(
        "european",
        [
            "6s",  # player card 1
            "7d",  # dealer's card at the deal
            "5h",  # player card 2 -> 11
            "Tc",  # the double's card -> 21
            "Th",  # dealer's second card -> 17
        ],
        actions=["double"],
    )
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"))


@pytest.mark.rule("spec-3.double-after-split")
def test_european_no_double_after_split() -> None:
    """SPEC 3 row "double after split": European no (002: "You can double when your hand has a
    value of 9, 10 or 11." applies to the first two cards dealt).
    """
    rnd = deal(
        "european",
        [
            "4s",  # player card 1
            "7d",  # dealer's card at the deal
            "4h",  # player card 2 -> pair of 4s
            "5c",  # first split hand's second card -> 9
        ],
        actions=["split"],
    )
    assert cards_of(rnd, 0, 0) == ["4s", "5c"]
    assert legal(rnd) == {"hit", "stand"}


@pytest.mark.parametrize(
    ("up", "second"),
    [("Td", "As"), ("Ad", "Ks")],
)
@pytest.mark.rule("eu-69", "spec-3.dealer-blackjack-vs-a-doubled-hand")
def test_european_dealer_blackjack_takes_the_double(up: str, second: str) -> None:
    """002 European: "If the Dealer gets Blackjack after you have split or doubled, your entire
    bet - both the original and double or split amounts, are lost."
    """
    rnd = deal(
        "european",
        [
            "6s",  # player card 1
            up,  # dealer's card at the deal
            "4h",  # player card 2 -> 10
            "Tc",  # the double's card -> 20
            second,  # dealer's second card -> blackjack
        ],
    )
    if up.startswith("A"):
        rnd.act("no-insurance")
    rnd.act("double")
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 2000, 0, "lose"))


@pytest.mark.rule("spec-3.double")
def test_lucky_ladies_double_any_two_cards() -> None:
    """SPEC 3 row "double": Lucky Ladies any first two cards."""
    rnd = deal(
        "lucky-ladies",
        [
            "As",  # player card 1
            "6d",  # dealer up card
            "2h",  # player card 2 -> soft 13
            "Tc",  # dealer hole card -> 16
            "5c",  # the double's card -> 18
            "Kc",  # dealer draws -> 26, bust
        ],
    )
    assert legal(rnd) == {"hit", "stand", "double"}
    rnd.act("double")
    assert settled(rnd) == lines(hand(0, 0, 2000, 4000, "win"))
