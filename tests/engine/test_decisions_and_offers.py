"""Hit and stand, the options a hand is offered, comparison after the dealer stops, insurance in
every preset, and the peek that leaves no double or split to lose to a dealer blackjack.

Each test deals a scripted shoe in the SPEC 3 deal order (one comment per card) and checks the
settlement against figures worked by hand from the sentence it cites.
"""

from __future__ import annotations

import pytest
from engine_rule_helpers import cards_of, deal, dealer, hand, insurance, legal, lines, settled

from twentyone.engine import Phase, SpotBet

HIT_HIT_STAND = {
    "lucky-lucky": [
        "5h",  # player card 1
        "9d",  # dealer up card
        "4c",  # player card 2 -> 9
        "8s",  # dealer hole card -> 17
        "3d",  # hit -> 12
        "6s",  # hit -> 18
        "Kc",  # (not dealt: the player stood)
    ],
    "european": [
        "5h",  # player card 1
        "9d",  # dealer's card at the deal
        "4c",  # player card 2 -> 9
        "3d",  # hit -> 12
        "6s",  # hit -> 18
        "8s",  # dealer's second card, after the player stands -> 17
        "Kc",  # (not dealt: the dealer stands on 17)
    ],
}


@pytest.mark.parametrize("variant", ["lucky-lucky", "european"])
@pytest.mark.rule(
    "ll-19.1",
    "ll-19.2",
    "ll-31",
    "ll-32",
    "eu-17.2",
    "eu-19.1",
    "eu-19.2",
    "eu-21.1",
    "eu-21.2",
    "eu-23.1",
    "eu-23.2",
    "eu-25.1",
    "eu-25.2",
    "eu-51.1",
    "eu-51.2",
    "eu-59.1",
    "eu-59.2",
)
def test_hit_deals_one_card_and_stand_ends_the_hand(variant: str) -> None:
    """000 Lucky Lucky: "HIT - Request 1 more card." / "STAND - Draw no more cards and end your
    turn." 002 European: "Click the Hit button. You are dealt one card." / "Click the Stand
    button. This ends the play of this hand." / "More than one option can be performed, or one
    option repeated". 9 hits to 12, hits to 18, stands; the dealer's 17 stands: 18 wins 1:1.
    """
    rnd = deal(variant, HIT_HIT_STAND[variant])
    assert cards_of(rnd) == ["5h", "4c"]
    rnd.act("hit")
    assert cards_of(rnd) == ["5h", "4c", "3d"]  # one card, and the hand is still to play
    assert {"hit", "stand"} <= legal(rnd)
    rnd.act("hit")
    assert cards_of(rnd) == ["5h", "4c", "3d", "6s"]
    rnd.act("stand")
    assert rnd.phase is Phase.SETTLED
    assert cards_of(rnd) == ["5h", "4c", "3d", "6s"]  # no card after STAND
    assert sorted(dealer(rnd)) == ["8s", "9d"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"))


@pytest.mark.parametrize(
    ("first", "second", "options"),
    [
        ("5h", "5c", {"hit", "stand", "double", "split"}),  # a pair of fives, hard 10
        ("5h", "4c", {"hit", "stand", "double"}),  # hard 9
        ("Th", "7c", {"hit", "stand"}),  # hard 17: no double outside 9 to 11
        ("Kh", "Tc", {"hit", "stand"}),  # same value, not the same denomination: no split
    ],
)
@pytest.mark.rule("eu-17.1")
def test_european_options_depend_on_the_cards(first: str, second: str, options: set[str]) -> None:
    """002 European: "Depending on the cards you are dealt and the game rules, different play
    options are available." Double on 9, 10 or 11; split only two cards of one denomination.
    """
    rnd = deal(
        "european",
        [
            first,  # player card 1
            "7d",  # dealer's card at the deal
            second,  # player card 2
        ],
    )
    assert legal(rnd) == options


@pytest.mark.rule("ll-22.1")
def test_each_hand_is_compared_with_the_dealers_final_total() -> None:
    """000 Lucky Lucky: "When the dealer has stopped taking cards each of your hands is compared
    to the dealer's hand." Spot 1's 17 beats the dealer's 15 at the reveal, but the dealer draws
    to 18 first: 19 wins, 17 loses.
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Th",  # spot 0, card 1
            "9c",  # spot 1, card 1
            "5d",  # dealer up card
            "9s",  # spot 0, card 2 -> 19
            "8h",  # spot 1, card 2 -> 17
            "Tc",  # dealer hole card -> 15
            "3s",  # dealer draws -> 18
        ],
        SpotBet(1000),
        SpotBet(1000),
        actions=["stand", "stand"],
    )
    assert dealer(rnd) == ["5d", "Tc", "3s"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(1, 0, 1000, 0, "lose"))


@pytest.mark.rule("eu-61.1", "eu-61.2")
def test_european_standing_on_one_split_hand_leaves_the_other_to_play() -> None:
    """002 European: "Other hands on the table are unaffected by you selecting to stand. You play
    the remaining hands as normal." Split 8s: the first hand stands on 18, the second gets its
    second card only then (SPEC 3), hits 11 to 20 and stands; the dealer's 7 draws a ten: 17.
    No double after a split in European, so 11 offers hit and stand only.
    """
    rnd = deal(
        "european",
        [
            "8h",  # player card 1
            "7d",  # dealer's card at the deal
            "8c",  # player card 2 -> a pair of eights
            "Ts",  # first split hand's second card -> 18
            "3c",  # second split hand's second card -> 11
            "9d",  # second hand hits -> 20
            "Tc",  # dealer's second card -> 17
        ],
        actions=["split", "stand"],
    )
    assert rnd.current == (0, 1)
    assert cards_of(rnd, 0, 1) == ["8c", "3c"]
    assert legal(rnd) == {"hit", "stand"}
    rnd.act("hit")
    rnd.act("stand")
    assert dealer(rnd) == ["7d", "Tc"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.parametrize(
    ("up", "asked"),
    [
        ("Ad", True),  # an ace: insurance is offered
        ("Kd", False),  # a king: no insurance, the hand is played at once
    ],
)
@pytest.mark.rule("eu-37.1", "eu-43.2", "eu-79.1")
def test_european_insurance_is_offered_when_the_first_card_is_an_ace(up: str, asked: bool) -> None:
    """002 European: "If the Dealer's face-up card is an Ace, you are given the option to take
    Insurance." / "You can take Insurance if the Dealer's first card is an Ace."
    """
    rnd = deal(
        "european",
        [
            "Th",  # player card 1
            up,  # dealer's card at the deal
            "8c",  # player card 2 -> 18
        ],
    )
    if asked:
        assert rnd.phase is Phase.INSURANCE
        assert legal(rnd) == {"insurance", "no-insurance"}
    else:
        assert rnd.phase is Phase.PLAYER
        assert legal(rnd) == {"hit", "stand"}


INSURED_AGAINST_BLACKJACK = {
    "lucky-lucky": (
        [
            "Th",  # player card 1
            "Ad",  # dealer up card: an ace
            "8c",  # player card 2 -> 18
            "Kd",  # dealer hole card -> blackjack, seen at the reveal (no peek)
        ],
        ["insurance", "stand"],
    ),
    "lucky-7": (
        [
            "Th",  # player card 1
            "Kd",  # dealer hole card (the first dealer card is face down)
            "8c",  # player card 2 -> 18
            "Ad",  # dealer up card: an ace -> blackjack, found at the peek
        ],
        ["insurance"],
    ),
    "european": (
        [
            "Th",  # player card 1
            "Ad",  # dealer's card at the deal: an ace
            "8c",  # player card 2 -> 18
            "Kd",  # dealer's second card, after the player -> blackjack
        ],
        ["insurance", "stand"],
    ),
    "lucky-ladies": (
        [
            "Th",  # player card 1
            "Ad",  # dealer up card: an ace
            "8c",  # player card 2 -> 18
            "Kd",  # dealer hole card -> blackjack, found at the peek
        ],
        ["insurance"],
    ),
}


@pytest.mark.parametrize("variant", sorted(INSURED_AGAINST_BLACKJACK))
@pytest.mark.rule("spec-3.pays")
def test_every_preset_pays_insurance_2_to_1_on_half_the_main_bet(variant: str) -> None:
    """SPEC 3: "All pay blackjack 3:2, insurance 2:1 on half the main bet". A bet of 1000 insured
    for 500 against a dealer blackjack: the hand loses 1000, the insurance returns 500 + 2 x 500.
    """
    cards, actions = INSURED_AGAINST_BLACKJACK[variant]
    rnd = deal(variant, cards, actions=actions)
    assert rnd.phase is Phase.SETTLED
    assert rnd.dealer_blackjack is True
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), insurance(0, 500, 1500, "insurance-win")
    )
    assert rnd.returned - rnd.staked == 0


@pytest.mark.parametrize(
    ("variant", "cards"),
    [
        (
            "lucky-7",
            [
                "5h",  # player card 1
                "Ac",  # dealer hole card (face down)
                "5d",  # player card 2 -> a pair of fives, hard 10
                "Kd",  # dealer up card: a king -> blackjack, found at the peek
            ],
        ),
        (
            "lucky-ladies",
            [
                "5h",  # player card 1
                "Kd",  # dealer up card: a king
                "5d",  # player card 2 -> a pair of fives, hard 10
                "Ac",  # dealer hole card -> blackjack, found at the peek
            ],
        ),
    ],
)
@pytest.mark.rule(
    "spec-3.dealer-blackjack-vs-a-doubled-hand", "spec-3.dealer-blackjack-vs-split-hands"
)
def test_a_peek_game_ends_before_any_double_or_split(variant: str, cards: list[str]) -> None:
    """SPEC 3 rows "dealer blackjack vs a doubled hand" / "vs split hands": Lucky 7 and Lucky
    Ladies "(peek: no doubles happen)". A pair of fives would double or split, but the ten-up
    blackjack is found at the deal: no decision is asked, only the 1000 bet is lost.
    """
    rnd = deal(variant, cards)
    assert rnd.phase is Phase.SETTLED
    assert legal(rnd) == set()
    assert rnd.staked == 1000
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "lose"))


@pytest.mark.rule("l7-17.1")
def test_lucky_7_each_split_card_starts_a_hand_played_on_its_own() -> None:
    """001 Lucky 7: "Quando una mano viene separata, ogni carta dà origine ad una nuova mano che
    viene giocata singolarmente." Split 8s against a dealer 17 (7 up: no peek): the first hand
    takes 3 and 9 to 20 and stands, only then the second takes its ten to 18. Both win 1:1.
    """
    rnd = deal(
        "lucky-7",
        [
            "8h",  # player card 1
            "Tc",  # dealer hole card (face down)
            "8d",  # player card 2 -> a pair of eights
            "7s",  # dealer up card -> 17
            "3c",  # first split hand's second card -> 11
            "9h",  # first hand hits -> 20
            "Ts",  # second split hand's second card -> 18
        ],
        actions=["split"],
    )
    assert rnd.current == (0, 0)
    assert cards_of(rnd, 0, 1) == ["8d"]  # waits while the first hand is played
    rnd.act("hit")
    rnd.act("stand")
    assert rnd.current == (0, 1)
    assert cards_of(rnd, 0, 0) == ["8h", "3c", "9h"]
    assert cards_of(rnd, 0, 1) == ["8d", "Ts"]
    rnd.act("stand")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "win"), hand(0, 1, 1000, 2000, "win"))


@pytest.mark.rule("l7-35.5")
def test_lucky_7_split_21_ties_a_dealer_21() -> None:
    """001 Lucky 7: "E' una "mano 21" e, se non pareggia, viene pagata 1:1." — a split ace and a
    king is a plain 21, so a dealer 21 of three cards ties it (a blackjack would have won 3:2);
    the other ace's 20 loses to it.
    """
    rnd = deal(
        "lucky-7",
        [
            "Ah",  # player card 1
            "Tc",  # dealer hole card (face down)
            "Ad",  # player card 2 -> a pair of aces
            "6d",  # dealer up card -> 16 (no peek with a 6)
            "Kh",  # first split ace's card -> 21, not blackjack
            "9s",  # second split ace's card -> 20
            "5s",  # dealer draws -> 21
        ],
        actions=["split"],
    )
    assert rnd.phase is Phase.SETTLED
    assert dealer(rnd) == ["Tc", "6d", "5s"]
    assert settled(rnd) == lines(hand(0, 0, 1000, 1000, "push"), hand(0, 1, 1000, 0, "lose"))
