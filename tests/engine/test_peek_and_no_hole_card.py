"""When the dealer's blackjack becomes known: peek (Lucky 7, Lucky Ladies), no peek (Lucky
Lucky) and no hole card (European)."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, dealer, hand, insurance, legal, lines, settled

from twentyone.engine import Decided, Peeked, Phase


def peeks(rnd: object) -> list[bool]:
    """The results of every peek."""
    return [e.blackjack for e in rnd.events if isinstance(e, Peeked)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("up", ["Td", "Ad"])
@pytest.mark.rule("ll-57", "spec-3.dealer-checks-for-blackjack")
def test_lucky_lucky_dealer_never_checks_for_blackjack(up: str) -> None:
    """000 Lucky Lucky: "The dealer will not automatically check for Blackjack, regardless of the
    value of the dealer's first face-up card."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            up,  # dealer up card: a ten or an ace
            "6h",  # player card 2 -> 16
            "Kc" if up == "Ad" else "Ac",  # dealer hole card -> blackjack, not checked
            "4c",  # player hits -> 20
        ],
    )
    if up == "Ad":
        rnd.act("no-insurance")
    assert rnd.phase is Phase.PLAYER
    assert rnd.dealer_blackjack is None
    assert rnd.view().dealer_blackjack is None
    rnd.act("hit")
    rnd.act("stand")
    assert peeks(rnd) == []
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.rule("l7-6", "l7-7.1", "l7-7.2")
def test_lucky_7_ten_up_no_blackjack_the_hand_continues() -> None:
    """001 Lucky 7: "La carta scoperta è un 10: il Banco controlla se ha Blackjack. Se il Banco
    non ha un Blackjack, la mano continua."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "7c",  # dealer hole card
            "9h",  # player card 2 -> 19
            "Kd",  # dealer up card: a ten -> 17
        ],
    )
    assert peeks(rnd) == [False]
    assert rnd.phase is Phase.PLAYER
    assert rnd.dealer_blackjack is False
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


@pytest.mark.rule("l7-7.3", "spec-3.dealer-checks-for-blackjack")
def test_lucky_7_ten_up_blackjack_the_player_loses_the_hand() -> None:
    """001 Lucky 7: "Se invece il Banco ha un Blackjack e il giocatore no, il giocatore perde la
    mano."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "Ac",  # dealer hole card
            "9h",  # player card 2 -> 19
            "Kd",  # dealer up card: a ten -> blackjack
            "2c",  # (never dealt: the round is over)
        ],
    )
    assert peeks(rnd) == [True]
    assert rnd.phase is Phase.SETTLED
    assert legal(rnd) == set()
    assert not any(isinstance(e, Decided) for e in rnd.events)
    assert dealer(rnd) == ["Ac", "Kd"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.rule("l7-6", "l7-8.1")
def test_lucky_7_ace_up_peek_follows_every_insurance_decision() -> None:
    """SPEC 2/3: "DEAL -> (INSURANCE / EVEN MONEY) -> (PEEK) -> PLAYER TURNS"; 001 Lucky 7: "2. La
    carta scoperta è un Asso: il Banco offre l'Assicurazione."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # spot 0, card 1
            "9s",  # spot 1, card 1
            "7c",  # dealer hole card
            "9h",  # spot 0 -> 19
            "8h",  # spot 1 -> 17
            "Ad",  # dealer up card: an ace -> soft 18
        ],
        1000,
        1000,
    )
    rnd.act("no-insurance")
    assert peeks(rnd) == []
    rnd.act("insurance")
    assert peeks(rnd) == [False]
    kinds = [type(e) for e in rnd.events]
    assert kinds.index(Peeked) > max(i for i, k in enumerate(kinds) if k is Decided)
    assert settled(rnd) == lines(insurance(1, 500, 0, "insurance-lose"))
    assert rnd.phase is Phase.PLAYER


@pytest.mark.parametrize(("up", "hole"), [("Kd", "Ac"), ("Ad", "Kc")])
@pytest.mark.rule("lad-26", "spec-3.dealer-checks-for-blackjack")
def test_lucky_ladies_peeks_with_an_ace_or_ten_up(up: str, hole: str) -> None:
    """SPEC 3 row "dealer checks for blackjack": Lucky Ladies peeks with A or 10 up (003: "(i) The
    floor person instructs the dealer to peak at their hole card.")
    """
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # spot 0, card 1
            "As",  # spot 1, card 1
            up,  # dealer up card
            "9h",  # spot 0 -> 19
            "Kh",  # spot 1 -> blackjack
            hole,  # dealer hole card -> blackjack
        ],
        1000,
        1000,
    )
    if up == "Ad":
        rnd.act("no-insurance")
        rnd.act("no-insurance")
    assert peeks(rnd) == [True]
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(1, 0, 1000, 1000, "push"))


@pytest.mark.rule("l7-6", "spec-3.dealer-checks-for-blackjack")
def test_no_peek_with_another_up_card() -> None:
    """SPEC 3 row "dealer checks for blackjack": peeks with A or 10 up (only)."""
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # player card 1
            "9d",  # dealer up card: a nine
            "9h",  # player card 2 -> 19
            "Ac",  # dealer hole card -> soft 20
        ],
        actions=["stand"],
    )
    assert peeks(rnd) == []
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.rule("spec-3.dealer-checks-for-blackjack")
def test_european_no_hole_card_blackjack_found_after_the_players() -> None:
    """SPEC 3 row "dealer checks for blackjack": European no hole card (ENHC); 002: "A hand of two
    cards is dealt to you, and one card is dealt to the Dealer."
    """
    rnd = deal(
        "european",
        [
            "5s",  # player card 1
            "Td",  # dealer's card at the deal: a ten
            "6h",  # player card 2 -> 11
            "2c",  # player hits -> 13
            "5c",  # player hits -> 18
            "Ac",  # dealer's second card -> blackjack
        ],
    )
    assert rnd.dealer_blackjack is None
    rnd.act("hit")
    rnd.act("hit")
    assert dealer(rnd) == ["Td"]
    rnd.act("stand")
    assert peeks(rnd) == []
    assert dealer(rnd) == ["Td", "Ac"]
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))
