"""Splitting pairs: which pairs, how often, split aces, 21 after a split, play order."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_rule_helpers import cards_of, deal, hand, legal, lines, settled

from twentyone.engine import CardDealt, Phase, SpotBet, WagerPlaced
from twentyone.errors import IllegalActionError


def split_stakes(rnd: object) -> list[int]:
    """Stakes of the split WagerPlaced events."""
    return [
        e.stake
        for e in rnd.events  # type: ignore[attr-defined]
        if isinstance(e, WagerPlaced) and e.name == "split"
    ]


@pytest.mark.rule("ll-18", "ll-34", "ll-48.4", "ll-70.1", "spec-3.split")
def test_lucky_lucky_split_two_cards_of_the_same_value() -> None:
    """000 Lucky Lucky: "If your first 2 cards have the same value, you can split your hand by
    clicking SPLIT." (a 10 and a jack: SPEC 3 "10-J allowed")
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            "9d",  # dealer up card
            "Jh",  # player card 2 -> 10 and jack: same value
            "8c",  # dealer hole card -> 17
            "9s",  # first split hand's second card -> 19
            "8s",  # second split hand's second card -> 18
        ],
    )
    assert "split" in legal(rnd)
    rnd.act("split")
    rnd.act("stand")
    rnd.act("stand")
    assert cards_of(rnd, 0, 0) == ["Ts", "9s"]
    assert cards_of(rnd, 0, 1) == ["Jh", "8s"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.rule("ll-70.2")
def test_lucky_lucky_second_hand_has_the_same_bet() -> None:
    """000 Lucky Lucky: "The second hand will have the same bet as the hand it was split from." """
    rnd = deal(
        "lucky-lucky",
        [
            "8s",  # player card 1
            "9d",  # dealer up card
            "8h",  # player card 2 -> pair of 8s
            "8c",  # dealer hole card -> 17
            "Ts",  # first split hand -> 18
            "Th",  # second split hand -> 18
        ],
        SpotBet(700),
    )
    assert rnd.cost("split") == 700
    rnd.act("split")
    assert split_stakes(rnd) == [700]
    rnd.act("stand")
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 700, 1400, "win"), hand(0, 1, 700, 1400, "win"))


@pytest.mark.rule("ll-54", "spec-3.split")
def test_lucky_lucky_may_not_split_a_split_hand() -> None:
    """000 Lucky Lucky: "The player may not split a split hand." """
    rnd = deal(
        "lucky-lucky",
        [
            "8s",  # player card 1
            "9d",  # dealer up card
            "8h",  # player card 2 -> pair of 8s
            "8c",  # dealer hole card -> 17
            "8d",  # first split hand's second card -> another pair of 8s
        ],
        actions=["split"],
    )
    assert cards_of(rnd, 0, 0) == ["8s", "8d"]
    assert legal(rnd) == {"hit", "stand", "double"}
    with pytest.raises(IllegalActionError):
        rnd.act("split")


@pytest.mark.rule("ll-70.3", "ll-70.4")
def test_lucky_lucky_draw_as_many_cards_as_you_like_on_a_split_hand() -> None:
    """000 Lucky Lucky: "You may draw as many cards as you like on each split hand, unless you
    split 2 aces (in which case you can receive only 1 additional card for each ace)."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "2s",  # player card 1
            "9d",  # dealer up card
            "2h",  # player card 2 -> pair of 2s
            "8c",  # dealer hole card -> 17
            "3c",  # first split hand -> 5
            "2c",  # hit -> 7
            "4c",  # hit -> 11
            "9c",  # hit -> 20
            "5d",  # second split hand -> 7
            "Kd",  # hit -> 17
        ],
        actions=["split", "hit", "hit", "hit", "stand", "hit", "stand"],
    )
    assert cards_of(rnd, 0, 0) == ["2s", "3c", "2c", "4c", "9c"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 1000, "push"))


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        ("lucky-lucky", "000: Only 1 card is drawn to each Ace in a split hand."),
        (
            "lucky-7",
            "001: NOTA: Se si separano due Assi, verrà data solo una carta in più per ogni mano.",
        ),
        ("european", "SPEC 3 row 'split aces': one card each"),
        ("lucky-ladies", "SPEC 3 row 'split aces': one card each"),
    ],
)
@pytest.mark.rule("ll-55", "ll-70.4", "l7-18", "spec-3.split-aces", "spec-3.split-order")
def test_split_aces_receive_one_card_each(variant: str, sentence: str) -> None:
    """Split aces take one card each and no decisions (sentence in the param)."""
    if variant == "lucky-7":
        head = [
            "As",  # player card 1
            "8c",  # dealer hole card
            "Ah",  # player card 2 -> pair of aces
            "9d",  # dealer up card -> 17
        ]
    elif variant == "european":
        head = [
            "As",  # player card 1
            "9d",  # dealer's card at the deal
            "Ah",  # player card 2 -> pair of aces
        ]
    else:
        head = [
            "As",  # player card 1
            "9d",  # dealer up card
            "Ah",  # player card 2 -> pair of aces
            "8c",  # dealer hole card -> 17
        ]
    tail = [
        "5c",  # first ace's one card -> soft 16
        "9c",  # second ace's one card -> soft 20
    ]
    if variant == "european":
        tail.append("8c")  # dealer's second card -> 17
    rnd = deal(variant, head + tail, actions=["split"])
    assert rnd.phase is Phase.SETTLED
    assert cards_of(rnd, 0, 0) == ["As", "5c"]
    assert cards_of(rnd, 0, 1) == ["Ah", "9c"]
    assert rnd.dealer_total == 17
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.parametrize(
    ("variant", "sentence"),
    [
        (
            "lucky-lucky",
            "000: Ace and a 10-point card after a split are considered 21, and not Blackjack.",
        ),
        (
            "lucky-7",
            "001: Un 21 che risulti da due carte di uno Split non si considera un Blackjack "
            "naturale. Se la mano non supera il 21, verrà pagata alla pari.",
        ),
        (
            "european",
            "002: If you split a pair of Aces and then draw a card with a value of 10, this is not "
            "a Blackjack. This hand has a value of 21.",
        ),
        ("lucky-ladies", "SPEC 3 row 'ace + ten after a split': 21, not blackjack"),
    ],
)
@pytest.mark.rule(
    "ll-58",
    "ll-70.5",
    "l7-20.1",
    "l7-20.2",
    "l7-35.4",
    "l7-35.5",
    "eu-75.1",
    "eu-75.2",
    "spec-3.ace-ten-after-a-split",
)
def test_ace_and_ten_after_a_split_is_21_paid_even_money(variant: str, sentence: str) -> None:
    """A+10 on a split hand is a 21 paid 1:1, not a 3:2 blackjack (sentence in the param)."""
    if variant == "lucky-7":
        head = [
            "As",  # player card 1
            "8c",  # dealer hole card
            "Ah",  # player card 2 -> pair of aces
            "9d",  # dealer up card -> 17
        ]
    elif variant == "european":
        head = [
            "As",  # player card 1
            "9d",  # dealer's card at the deal
            "Ah",  # player card 2 -> pair of aces
        ]
    else:
        head = [
            "As",  # player card 1
            "9d",  # dealer up card
            "Ah",  # player card 2 -> pair of aces
            "8c",  # dealer hole card -> 17
        ]
    tail = [
        "Kc",  # first ace's card -> 21, not blackjack
        "7c",  # second ace's card -> 18
    ]
    if variant == "european":
        tail.append("8c")  # dealer's second card -> 17
    rnd = deal(variant, head + tail, actions=["split"])
    first = rnd.hands()[0]
    assert (first.total, first.blackjack) == (21, False)
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.rule("ll-58", "ll-70.5")
def test_lucky_lucky_split_21_pushes_a_dealer_21() -> None:
    """000 Lucky Lucky: "If you receive an ace and a 10-value card in a split hand, it is
    considered 21 and not Blackjack." — so a dealer 21 ties it.
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            "6d",  # dealer up card
            "Ah",  # player card 2 -> pair of aces
            "5c",  # dealer hole card -> 11
            "Kc",  # first ace's card -> 21
            "7c",  # second ace's card -> 18
            "Td",  # dealer draws -> 21
        ],
        actions=["split"],
    )
    assert rnd.dealer_total == 21
    assert settled(rnd) == lines(hand(0, 0, 1000, 1000, "push"), hand(0, 1, 1000, 0, "lose"))


@pytest.mark.rule("eu-77")
def test_european_ten_pair_split_then_ace_is_21_not_blackjack() -> None:
    """002 European: "Note: This rule also applies to splitting pairs of cards with a value of
    10." (after "If you split a pair of Aces and then draw a card with a value of 10, this is not
    a Blackjack. This hand has a value of 21.")
    """
    rnd = deal(
        "european",
        [
            "Qs",  # player card 1
            "9d",  # dealer's card at the deal
            "Qh",  # player card 2 -> pair of queens
            "Ac",  # first split hand -> 21, stands, not blackjack
            "8h",  # second split hand -> 18
            "8c",  # dealer's second card -> 17
        ],
        actions=["split"],
    )
    first = rnd.hands()[0]
    assert (first.total, first.blackjack) == (21, False)
    assert rnd.current == (0, 1)
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.rule("l7-16")
def test_lucky_7_split_jack_and_queen() -> None:
    """001 Lucky 7: "se ti vengono date due carte dello stesso valore (per esempio due 8 oppure
    un Fante e una Regina), la mano può essere separata in due mani distinte."
    """
    rnd = deal(
        "lucky-7",
        [
            "Js",  # player card 1
            "8c",  # dealer hole card
            "Qh",  # player card 2 -> jack and queen
            "9d",  # dealer up card -> 17
        ],
    )
    assert legal(rnd) == {"hit", "stand", "double", "split"}


@pytest.mark.rule("l7-17.2")
def test_lucky_7_original_bet_applies_to_the_second_hand() -> None:
    """001 Lucky 7: "La scommessa originaria si applica automaticamente anche alla seconda mano,
    raddoppiando il numero di fiches che si trovano nel giro di scommesse."
    """
    rnd = deal(
        "lucky-7",
        [
            "8s",  # player card 1
            "8c",  # dealer hole card
            "8h",  # player card 2 -> pair of 8s
            "9d",  # dealer up card -> 17
            "Ts",  # first split hand -> 18
            "2h",  # second split hand -> 10
            "9h",  # hit -> 19
        ],
        SpotBet(1500),
        actions=["split", "stand", "hit", "stand"],
    )
    assert split_stakes(rnd) == [1500]
    assert rnd.staked == 3000
    assert settled(rnd) == lines(hand(0, 0, 1500, 3000, "win"), hand(0, 1, 1500, 3000, "win"))


@pytest.mark.rule("l7-19", "spec-3.split")
def test_lucky_7_split_once_only() -> None:
    """001 Lucky 7: "Una mano può essere separata una volta sola, se la terza carta era uguale
    alle prime due, non la si può usare per creare una terza mano."
    """
    rnd = deal(
        "lucky-7",
        [
            "8s",  # player card 1
            "8c",  # dealer hole card
            "8h",  # player card 2 -> pair of 8s
            "9d",  # dealer up card -> 17
            "8d",  # first split hand's second card: a third 8
        ],
        actions=["split"],
    )
    assert legal(rnd) == {"hit", "stand", "double"}


@pytest.mark.rule(
    "eu-27.1",
    "eu-27.2",
    "eu-29.1",
    "eu-29.2",
    "eu-45.1",
    "eu-45.2",
    "eu-45.3",
    "eu-73.1",
    "eu-73.2",
)
def test_european_split_same_denomination() -> None:
    """002 European: "You can split two cards with the same denomination, such as two Queens or
    two Fours. Your hand is divided into two separate hands and a bet equal to your original bet
    is placed on the second hand."
    """
    rnd = deal(
        "european",
        [
            "4s",  # player card 1
            "9d",  # dealer's card at the deal
            "4h",  # player card 2 -> two fours
            "Tc",  # first split hand -> 14
            "5c",  # hit -> 19
            "Th",  # second split hand -> 14
            "6h",  # hit -> 20
            "8c",  # dealer's second card -> 17
        ],
    )
    assert "split" in legal(rnd)
    rnd.act("split")
    assert split_stakes(rnd) == [1000]
    for action in ["hit", "stand", "hit", "stand"]:
        rnd.act(action)
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.parametrize(("first", "second"), [("Ks", "Th"), ("Js", "Qh"), ("Ts", "Kh")])
@pytest.mark.rule("eu-47", "eu-74.1", "eu-74.2", "spec-3.split")
def test_european_same_value_different_denomination_cannot_be_split(
    first: str, second: str
) -> None:
    """002 European: "Cards of the same value but not of the same denomination cannot be split
    in this version of Blackjack. For example, a King and a Ten have the same numerical value,
    but cannot be split because the cards are not the same denomination."
    """
    rnd = deal(
        "european",
        [
            first,  # player card 1
            "9d",  # dealer's card at the deal
            second,  # player card 2 -> 20, ten-valued but different ranks
        ],
    )
    assert legal(rnd) == {"hit", "stand"}
    with pytest.raises(IllegalActionError):
        rnd.act("split")


@pytest.mark.rule("spec-3.split")
def test_european_split_once_only() -> None:
    """SPEC 3 row "split": European same rank only, once."""
    rnd = deal(
        "european",
        [
            "4s",  # player card 1
            "9d",  # dealer's card at the deal
            "4h",  # player card 2 -> two fours
            "4c",  # first split hand -> another pair of fours
        ],
        actions=["split"],
    )
    assert legal(rnd) == {"hit", "stand"}


@pytest.mark.rule("eu-27.2", "eu-45.4", "eu-55", "spec-3.split-order")
def test_european_hands_are_unaffected_by_another_hand_busting() -> None:
    """002 European: "Other hands on the table are unaffected by one hand going bust." — and
    after a split the first hand is played out before the second receives its second card
    (SPEC 3).
    """
    rnd = deal(
        "european",
        [
            "8s",  # player card 1
            "9d",  # dealer's card at the deal
            "8h",  # player card 2 -> pair of 8s
            "6c",  # first split hand -> 14
            "Tc",  # hit -> 24, bust
            "Th",  # second split hand -> 18
            "7c",  # dealer's second card -> 16
            "Kc",  # dealer draws -> 26, bust
        ],
        actions=["split"],
    )
    assert cards_of(rnd, 0, 1) == ["8h"]  # waits for its second card
    rnd.act("hit")
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"))
    assert cards_of(rnd, 0, 1) == ["8h", "Th"]
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.parametrize(("up", "second"), [("Td", "As"), ("Ad", "Ks")])
@pytest.mark.rule("eu-69", "spec-3.dealer-blackjack-vs-split-hands")
def test_european_dealer_blackjack_takes_the_split_hands(up: str, second: str) -> None:
    """002 European: "If the Dealer gets Blackjack after you have split or doubled, your entire
    bet - both the original and double or split amounts, are lost."
    """
    rnd = deal(
        "european",
        [
            "8s",  # player card 1
            up,  # dealer's card at the deal
            "8h",  # player card 2 -> pair of 8s
            "Tc",  # first split hand -> 18
            "Th",  # second split hand -> 18
            second,  # dealer's second card -> blackjack
        ],
    )
    if up.startswith("A"):
        rnd.act("no-insurance")
    for action in ["split", "stand", "stand"]:
        rnd.act(action)
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(0, 1, 1000, 0, "lose"))


@pytest.mark.parametrize(("up", "hole"), [("Td", "As"), ("Ad", "Ks")])
@pytest.mark.rule("ll-57", "spec-3.dealer-blackjack-vs-split-hands")
def test_lucky_lucky_dealer_blackjack_takes_every_split_stake(up: str, hole: str) -> None:
    """SPEC 3 row "dealer blackjack vs split hands": Lucky Lucky all split stakes lost (000: "The
    dealer will not automatically check for Blackjack, regardless of the value of the dealer's
    first face-up card.")
    """
    rnd = deal(
        "lucky-lucky",
        [
            "8s",  # player card 1
            up,  # dealer up card
            "8h",  # player card 2 -> pair of 8s
            hole,  # dealer hole card -> blackjack, not checked
            "Tc",  # first split hand -> 18
            "Th",  # second split hand -> 18
        ],
    )
    if up.startswith("A"):
        rnd.act("no-insurance")
    for action in ["split", "stand", "stand"]:
        rnd.act(action)
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(0, 1, 1000, 0, "lose"))
    assert rnd.returned - rnd.staked == -2000


@pytest.mark.rule("ll-65")
def test_lucky_lucky_ten_up_blackjack_split_stakes_lost_double_part_returned() -> None:
    """000 Lucky Lucky: "If the dealer's first card has a 10-point value, and the player then
    doubles, and the dealer then reveals Blackjack, then the doubled bet is returned to the
    player." With SPEC 3 "all split stakes lost": a doubled split hand loses its split stake and
    gets its double part back.
    """
    rnd = deal(
        "lucky-lucky",
        [
            "8s",  # player card 1
            "Td",  # dealer up card: a ten
            "8h",  # player card 2 -> pair of 8s
            "As",  # dealer hole card -> blackjack (no peek)
            "3c",  # first split hand -> 11
            "9c",  # its double card -> 20
            "Th",  # second split hand -> 18
        ],
        actions=["split", "double", "stand"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 2000, 1000, "bet-lost-double-returned"), hand(0, 1, 1000, 0, "lose")
    )


@pytest.mark.rule("spec-3.split")
def test_lucky_ladies_split_up_to_four_hands() -> None:
    """SPEC 3 row "split": Lucky Ladies same value, up to 4 hands."""
    rnd = deal(
        "lucky-ladies",
        [
            "8s",  # player card 1
            "9d",  # dealer up card
            "8h",  # player card 2 -> pair of 8s
            "8c",  # dealer hole card -> 17
            "8d",  # first hand's second card -> pair again (2 hands)
            "8c",  # first hand's second card -> pair again (3 hands)
            "8s",  # first hand's second card -> pair again, but 4 hands already
            "Th",  # next hand -> 18
            "Tc",  # next hand -> 18
            "8d",  # last hand -> 16 (a pair, but no fifth hand)
        ],
        actions=["split", "split", "split"],
    )
    assert len(rnd.hands()) == 4
    assert legal(rnd) == {"hit", "stand", "double"}
    rnd.act("stand")
    rnd.act("stand")
    rnd.act("stand")
    assert "split" not in legal(rnd)
    rnd.act("stand")
    assert rnd.phase is Phase.SETTLED
    assert split_stakes(rnd) == [1000, 1000, 1000]
    assert {line.hand for line in rnd.settlement} == {0, 1, 2, 3}
    assert Counter((line.stake, line.returned, line.outcome) for line in rnd.settlement) == {
        (1000, 0, "lose"): 2,
        (1000, 2000, "win"): 2,
    }


@pytest.mark.rule("spec-3.split")
def test_lucky_ladies_aces_are_not_resplit() -> None:
    """SPEC 3 row "split": Lucky Ladies up to 4 hands, aces not resplit."""
    rnd = deal(
        "lucky-ladies",
        [
            "As",  # player card 1
            "9d",  # dealer up card
            "Ah",  # player card 2 -> pair of aces
            "8c",  # dealer hole card -> 17
            "Ac",  # first ace's one card -> soft 12, no resplit, no decision
            "9c",  # second ace's one card -> soft 20
        ],
        actions=["split"],
    )
    assert rnd.phase is Phase.SETTLED
    assert len(rnd.hands()) == 2
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.rule("spec-3.split")
def test_lucky_ladies_split_by_value() -> None:
    """SPEC 3 row "split": Lucky Ladies same value (a king and a queen are a pair)."""
    rnd = deal(
        "lucky-ladies",
        [
            "Ks",  # player card 1
            "9d",  # dealer up card
            "Qh",  # player card 2 -> king and queen
            "8c",  # dealer hole card -> 17
        ],
    )
    assert "split" in legal(rnd)


@pytest.mark.rule("spec-3.split-order")
def test_lucky_ladies_resplit_numbers_hands_in_play_order() -> None:
    """SPEC 3: "After a split, the first hand receives its second card and is played to the end
    before the second hand receives its second card." A resplit of hand 0 makes the new hand
    the next one played, so it is hand 1; the first split's other hand moves up to hand 2. Every
    event names a hand by its number at that moment, and the current hand follows play order.
    """
    rnd = deal(
        "lucky-ladies",
        [
            "8s",  # player card 1
            "5d",  # dealer up card
            "8h",  # player card 2: a pair of 8s
            "Tc",  # dealer hole card: 15
            "8d",  # hand 0's second card after the split: 8-8 again
            "Ts",  # hand 0's second card after the resplit: 18
            "9s",  # the new hand: 8d 9s = 17
            "2c",  # the first split's other hand: 8h 2c = 10
            "7h",  # dealer 22
        ],
        actions=["split", "split", "stand"],
    )
    assert rnd.current == (0, 1)
    assert [(h.hand, [str(c) for c in h.cards]) for h in rnd.hands()] == [
        (0, ["8s", "Ts"]),
        (1, ["8d", "9s"]),
        (2, ["8h"]),
    ]
    rnd.act("stand")
    assert rnd.current == (0, 2)
    rnd.act("stand")
    splits = [e.hand for e in rnd.events if isinstance(e, WagerPlaced) and e.name == "split"]
    assert splits == [1, 1]  # each split's new hand is the one after the hand split
    dealt = [(e.hand, str(e.card)) for e in rnd.events if isinstance(e, CardDealt) and e.spot == 0]
    assert dealt[-3:] == [(0, "Ts"), (1, "9s"), (2, "2c")]
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"), hand(0, 2, 1000, 2000, "win")
    )
