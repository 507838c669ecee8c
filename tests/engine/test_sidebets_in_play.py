"""Side bets inside a round: when they settle, what they pay, stakes and limits (SPEC 4)."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, hand, insurance, lines, rules_of, settled, side

from twentyone.cards import Shoe
from twentyone.engine import Phase, Round, SideBetResolved, SpotBet, WagerKind
from twentyone.errors import InvalidBetError

LL = "lucky-lucky"
L7 = "lucky-7"
LADIES = "lucky-ladies"


def side_lines(rnd: Round) -> list[object]:
    """The settled side-bet lines."""
    return [line for line in settled(rnd) if line.kind is WagerKind.SIDE]


# -- Lucky Lucky ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "up", "second", "outcome", "returned"),
    [
        ("7h", "7h", "7h", "suited-777", 100 + 200 * 100),  # 21 too, paid in its own line
        ("6s", "7s", "8s", "suited-678", 100 + 100 * 100),
        ("7h", "7d", "7c", "unsuited-777", 100 + 50 * 100),
        ("6s", "7c", "8d", "unsuited-678", 100 + 25 * 100),
        ("9h", "7h", "5h", "suited-21", 100 + 15 * 100),
        ("As", "Qc", "Kd", "unsuited-21", 100 + 3 * 100),
        ("Ts", "6d", "4h", "any-20", 100 + 2 * 100),
        ("Ts", "7d", "2h", "any-19", 100 + 2 * 100),
        ("Ah", "9d", "Kc", "any-20", 100 + 2 * 100),  # the ace counts 1 (11 would make 30)
        ("As", "4d", "4c", "any-19", 100 + 2 * 100),  # the ace counts 11
        ("Ts", "2d", "5h", "lose", 0),
    ],
)
@pytest.mark.rule(
    "ll-86.2",
    "ll-90.2",
    "ll-91",
    "ll-98",
    "spec-3.side-bet",
    "spec-4.ll.1",
    "spec-4.ll.2",
    "spec-4.ll.5",
    "spec-4.paytables",
)
def test_lucky_lucky_first_two_cards_and_dealer_first_card(
    first: str, up: str, second: str, outcome: str, returned: int
) -> None:
    """000 Lucky Lucky: "This side bet wins if your first 2 cards and the dealer's first card
    form a Suited 777, a Suited 678, an Unsuited 777, an Unsuited 678, a Suited 21, an Unsuited
    21, Any 20 and Any 19 combination." (felt table 200/100/50/25/15/3/2/2; settles right after
    the deal: SPEC 4)
    """
    rnd = deal(
        LL,
        [
            first,  # player card 1
            up,  # dealer's first card, face up
            second,  # player card 2
            "5c",  # dealer hole card
        ],
        SpotBet.of(1000, {"lucky-lucky": 100}),
    )
    assert side_lines(rnd) == [side(0, "lucky-lucky", 100, returned, outcome)]


@pytest.mark.rule("ll-78.5")
def test_lucky_lucky_insurance_does_not_affect_the_side_bet() -> None:
    """000 Lucky Lucky: "Insurance does not affect any side bets." """
    rnd = deal(
        LL,
        [
            "9s",  # player card 1
            "Ad",  # dealer up card: an ace
            "9h",  # player card 2 -> 18; with the ace: 9+9+1 = 19
            "Kc",  # dealer hole card -> blackjack
        ],
        SpotBet.of(1000, {"lucky-lucky": 100}),
    )
    assert rnd.phase is Phase.INSURANCE
    assert side_lines(rnd) == [side(0, "lucky-lucky", 100, 300, "any-19")]
    rnd.act("insurance")
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        insurance(0, 500, 1500, "insurance-win"),
        side(0, "lucky-lucky", 100, 300, "any-19"),
    )


@pytest.mark.rule("ll-10.1", "ll-10.2", "ll-90.1")
def test_lucky_lucky_one_side_bet_for_each_hand_with_a_regular_bet() -> None:
    """000 Lucky Lucky: "In each game round, you can place 1 Lucky Lucky side bet for each of your
    own hands that has a regular bet placed on it."
    """
    rnd = deal(
        LL,
        [
            "7s",  # spot 0, card 1
            "Ts",  # spot 1, card 1
            "9c",  # spot 2, card 1
            "7d",  # dealer up card
            "7c",  # spot 0 -> 14; 7-7-7 unsuited
            "3h",  # spot 1 -> 13; 20 with the 7 (no side bet here)
            "3c",  # spot 2 -> 12; 19 with the 7
            "Th",  # dealer hole card -> 17
        ],
        SpotBet.of(1000, {"lucky-lucky": 100}),
        SpotBet(1000),
        SpotBet.of(1000, {"lucky-lucky": 500}),
    )
    assert side_lines(rnd) == [
        side(0, "lucky-lucky", 100, 100 + 50 * 100, "unsuited-777"),
        side(2, "lucky-lucky", 500, 500 + 2 * 500, "any-19"),
    ]


@pytest.mark.parametrize(
    ("variant", "name", "stake", "sentence"),
    [
        (LL, "lucky-lucky", 100, "000: Side bets cannot be placed without placing a regular bet."),
        (
            L7,
            "lucky-7",
            100,
            "001: Per fare una scommessa Lucky 7, devi prima piazzare una normale scommessa; non "
            "puoi fare solamente una scommessa di tipo Lucky 7",
        ),
        (LADIES, "lucky-ladies", 100, "SPEC 5: A side bet needs a main bet on the same spot."),
    ],
)
@pytest.mark.rule("ll-92.1", "l7-22")
def test_side_bet_without_a_main_bet_is_refused(
    variant: str, name: str, stake: int, sentence: str
) -> None:
    """A side bet needs a main bet on its spot (sentence in the param)."""
    with pytest.raises(InvalidBetError):
        Round.start(
            rules_of(variant), [SpotBet.of(0, {name: stake})], Shoe.from_cards("Ts 6d 8c Kd")
        )


@pytest.mark.parametrize(
    ("variant", "name"),
    [
        ("european", "lucky-lucky"),
        ("european", "lucky-7"),
        ("european", "lucky-ladies"),
        (LL, "lucky-7"),
        (L7, "lucky-ladies"),
        (LADIES, "lucky-lucky"),
    ],
)
@pytest.mark.rule("spec-3.side-bet")
def test_side_bet_not_offered_is_refused(variant: str, name: str) -> None:
    """SPEC 3 row "side bet": each variant offers its own (European none); SPEC 10: replay checks
    "which side bets the variant offers".
    """
    with pytest.raises(InvalidBetError):
        Round.start(
            rules_of(variant), [SpotBet.of(1000, {name: 100})], Shoe.from_cards("Ts 6d 8c Kd")
        )


def test_unknown_side_bet_is_refused() -> None:
    """SPEC 10: replay checks "which side bets the variant offers"."""
    with pytest.raises(InvalidBetError):
        SpotBet.of(1000, {"perfect-pairs": 100})


# -- Lucky 7 ---------------------------------------------------------------------------------


def l7(cards: list[str], actions: list[str] = (), bet: int = 1000) -> Round:  # type: ignore[assignment]
    """One Lucky 7 spot with a one-credit side bet."""
    return deal(L7, cards, SpotBet.of(bet, {"lucky-7": 100}), actions=actions)


@pytest.mark.rule("l7-3.2", "l7-25.1", "spec-4.l7.1")
def test_lucky_7_first_card_a_seven_wins() -> None:
    """001 Lucky 7: "Se la prima carta di una mano è un 7, la puntata è vincente." (pays 3 to 1)"""
    rnd = l7(
        [
            "7s",  # player card 1: a seven
            "Tc",  # dealer hole card
            "Kh",  # player card 2 -> 17
            "9d",  # dealer up card -> 19
        ]
    )
    assert rnd.phase is Phase.PLAYER
    assert side_lines(rnd) == [side(0, "lucky-7", 100, 400, "7")]


@pytest.mark.rule("l7-25.1")
def test_lucky_7_second_card_seven_alone_loses() -> None:
    """001 Lucky 7: "Se la prima carta di una mano è un 7, la puntata è vincente." (a 7 second
    only: no win)
    """
    rnd = l7(
        [
            "Ks",  # player card 1
            "Tc",  # dealer hole card
            "7h",  # player card 2: a seven, but second
            "9d",  # dealer up card
        ]
    )
    assert side_lines(rnd) == [side(0, "lucky-7", 100, 0, "lose")]


@pytest.mark.rule("l7-25.2", "spec-4.l7.1", "spec-4.l7.4")
def test_lucky_7_stand_on_two_sevens_is_paid_on_two() -> None:
    """SPEC 4: "a hand that stands on two cards is paid on two." (001: "La vincita aumenta se
    anche la carta successiva è un 7")
    """
    rnd = l7(
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "7h",  # player card 2 -> two sevens, unsuited
            "9d",  # dealer up card -> 19
        ]
    )
    assert side_lines(rnd) == []  # waits for a third card
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), side(0, "lucky-7", 100, 100 + 50 * 100, "7-7")
    )


@pytest.mark.parametrize(
    ("third", "outcome", "returned"),
    [
        ("7d", "7-7-7", 100 + 500 * 100),
        ("2d", "7-7", 100 + 50 * 100),
    ],
)
@pytest.mark.rule("l7-3.2", "l7-25.2", "spec-4.l7.1", "spec-4.l7.3")
def test_lucky_7_third_card_by_a_hit(third: str, outcome: str, returned: int) -> None:
    """001 Lucky 7: "La vincita aumenta se anche la carta successiva è un 7 e aumenta ancora se
    la terza carta è ancora un 7 (tutte e tre le carte sono 7)."
    """
    rnd = l7(
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "7h",  # player card 2 -> 14
            "9d",  # dealer up card -> 19
            third,  # the hit: the third card
        ],
        ["hit"],
    )
    assert side_lines(rnd) == [side(0, "lucky-7", 100, returned, outcome)]


@pytest.mark.rule("l7-25.3", "spec-4.l7.1")
def test_lucky_7_suited_sevens_pay_more() -> None:
    """001 Lucky 7: "Se i 7 sono dello stesso seme la vincita aumenterà ancora." """
    rnd = l7(
        [
            "7h",  # player card 1
            "Tc",  # dealer hole card
            "7h",  # player card 2 -> 14, suited sevens
            "9d",  # dealer up card -> 19
            "7h",  # hit -> 21: three suited sevens
        ],
        ["hit"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"), side(0, "lucky-7", 100, 100 + 5000 * 100, "7-7-7-suited")
    )


@pytest.mark.rule("spec-4.l7.3")
def test_lucky_7_third_card_by_a_double() -> None:
    """SPEC 4: "The third card is the next card the hand receives (hit, double, ...)." """
    rnd = l7(
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "7s",  # player card 2 -> suited sevens
            "9d",  # dealer up card -> 19
            "2c",  # the double's card: the third card, not a seven
        ],
        ["double"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 2000, 0, "lose"), side(0, "lucky-7", 100, 100 + 100 * 100, "7-7-suited")
    )


@pytest.mark.rule("l7-26.2", "l7-26.3", "spec-4.l7.2", "spec-4.l7.3")
def test_lucky_7_four_sevens_pay_as_three_and_split_third_card() -> None:
    """001 Lucky 7: "Il limite per il Lucky 7 è di tre 7 di seguito. Se ne escono quattro o più,
    la vincita risulta uguale a quella dei tre 7." With SPEC 4: "after splitting 7s — the first
    card dealt to the first split hand" is the third card.
    """
    rnd = l7(
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "7h",  # player card 2 -> pair of sevens
            "9d",  # dealer up card -> 19
            "7d",  # first split hand's second card: the third card, a seven
            "7c",  # first split hand hits -> 21: a fourth seven
            "Th",  # second split hand -> 17
        ],
        ["split", "hit", "stand"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"),
        hand(0, 1, 1000, 0, "lose"),
        side(0, "lucky-7", 100, 100 + 500 * 100, "7-7-7"),
    )


@pytest.mark.parametrize("up", ["Td", "Ad"])
@pytest.mark.rule("l7-27", "spec-4.l7.4")
def test_lucky_7_no_third_card_when_the_dealer_has_blackjack(up: str) -> None:
    """001 Lucky 7: "Se il Banco fa blackjack, al giocatore non viene data una terza carta se ha
    due 7; in questo caso il Lucky 7 viene pagato sulle due carte iniziali distribuite al
    giocatore."
    """
    rnd = l7(
        [
            "7h",  # player card 1
            "Ac" if up == "Td" else "Kc",  # dealer hole card
            "7h",  # player card 2 -> suited sevens
            up,  # dealer up card -> blackjack (found at the peek)
            "7h",  # (never dealt)
        ]
    )
    if up == "Ad":
        rnd.act("no-insurance")
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), side(0, "lucky-7", 100, 100 + 100 * 100, "7-7-suited")
    )


@pytest.mark.rule("l7-26.1")
def test_lucky_7_paid_whatever_the_hand_does() -> None:
    """001 Lucky 7: "La vincita Lucky 7 viene pagata indipendentemente dai risultati del gioco
    normale."
    """
    rnd = l7(
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "9h",  # player card 2 -> 16
            "9d",  # dealer up card -> 19
            "Kd",  # hit -> 26, bust
        ],
        ["hit"],
    )
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), side(0, "lucky-7", 100, 400, "7"))


@pytest.mark.parametrize("stake", [50, 99, 101, 200])
@pytest.mark.rule("l7-23", "l7-24.1", "spec-3.lucky-7-credit", "spec-3.side-bet")
def test_lucky_7_stake_is_exactly_one_credit(stake: int) -> None:
    """001 Lucky 7: "Nella scommessa Lucky 7 puoi puntare solo 1 credito." (1 credit = 100 minor
    units by default: SPEC 3)
    """
    with pytest.raises(InvalidBetError):
        Round.start(
            rules_of(L7), [SpotBet.of(1000, {"lucky-7": stake})], Shoe.from_cards("Ts 6d 8c Kd")
        )
    rnd = Round.start(
        rules_of(L7), [SpotBet.of(1000, {"lucky-7": 100})], Shoe.from_cards("Ts 6d 8c Kd")
    )
    assert rnd.staked == 1100


@pytest.mark.rule("spec-3.lucky-7-credit")
def test_lucky_7_credit_is_a_rules_setting() -> None:
    """SPEC 3: "Lucky 7's stake is exactly one credit; the credit is a rules setting, default 100
    minor units."
    """
    rules = rules_of(L7, side_bets=[{"name": "lucky-7", "min_stake": 500, "max_stake": 500}])
    rnd = deal(
        rules,
        [
            "7s",  # player card 1
            "Tc",  # dealer hole card
            "Kh",  # player card 2
            "9d",  # dealer up card
        ],
        SpotBet.of(1000, {"lucky-7": 500}),
    )
    assert side_lines(rnd) == [side(0, "lucky-7", 500, 500 + 3 * 500, "7")]
    with pytest.raises(InvalidBetError):
        Round.start(rules, [SpotBet.of(1000, {"lucky-7": 100})], Shoe.from_cards("Ts 6d 8c Kd"))


# -- Lucky Ladies ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "outcome", "returned"),
    [
        ("Ks", "Qd", "any-20", 1000 + 4 * 1000),
        ("As", "9d", "any-20", 1000 + 4 * 1000),
        ("Kh", "Qh", "suited-20", 1000 + 9 * 1000),
        ("As", "9s", "suited-20", 1000 + 9 * 1000),
        ("Kh", "Kh", "matched-20", 1000 + 19 * 1000),
        ("Qh", "Qh", "qh-pair", 1000 + 125 * 1000),
        ("Ts", "9s", "lose", 0),
    ],
)
@pytest.mark.rule("lad-5.1", "lad-5.2", "lad-15", "spec-3.side-bet", "spec-4.lad.1")
def test_lucky_ladies_first_two_cards_total_twenty(
    first: str, second: str, outcome: str, returned: int
) -> None:
    """003 Lucky Ladies: "The proposition is whether or not the player's first two cards equal a
    total of twenty. Additional bonuses are paid if the player's two cards equaling twenty are
    suited (e.g. Ace of Clubs and Nine of Clubs) or matched (e.g. two identical cards such as two
    King of Diamonds)." / "Once the dealer has dealt the first two cards to each player, the
    dealer must determine if any of the players that bet the Lucky Ladies wager have a hand whose
    first two cards total 20." (table A 1000/125/19/9/4)
    """
    rnd = deal(
        LADIES,
        [
            first,  # player card 1
            "9c",  # dealer up card: no blackjack possible
            second,  # player card 2
            "8c",  # dealer hole card -> 17
        ],
        SpotBet.of(1000, {"lucky-ladies": 1000}),
    )
    assert rnd.phase is Phase.PLAYER
    assert side_lines(rnd) == [side(0, "lucky-ladies", 1000, returned, outcome)]


@pytest.mark.rule("lad-7.1", "lad-7.2")
def test_lucky_ladies_is_independent_of_the_main_bet() -> None:
    """003 Lucky Ladies: "The outcome of the primary blackjack bet has no bearing on the Lucky
    Ladies bet and vice versa. A player can win on one and lose on the other."
    """
    rnd = deal(
        LADIES,
        [
            "Ks",  # player card 1
            "9c",  # dealer up card
            "Qd",  # player card 2 -> 20
            "Ac",  # dealer hole card -> soft 20
            "2c",  # player hits -> 22, bust
        ],
        SpotBet.of(1000, {"lucky-ladies": 500}),
        actions=["hit"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "bust"), side(0, "lucky-ladies", 500, 500 + 4 * 500, "any-20")
    )


@pytest.mark.rule("lad-21.1", "lad-21.2", "lad-23", "spec-4.lad.3")
def test_lucky_ladies_other_wagers_settle_before_the_queen_of_hearts_pair() -> None:
    """003 Lucky Ladies: "If any player with a Lucky ladies wager is dealt a pair of Queen of
    Hearts and the dealer has either an Ace, King, Queen, Jack or Ten card showing the dealer
    will: a. Remove any losing Lucky Ladies wagers and pay any winning wagers, except for the
    player with the Queen of Hearts pair." (SPEC 4: "Settles after the deal, except a
    queen-of-hearts pair while the dealer shows A or a ten: it waits")
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # spot 0, card 1
            "Ks",  # spot 1, card 1
            "Ts",  # spot 2, card 1
            "Ad",  # dealer up card: an ace
            "Qh",  # spot 0 -> queen-of-hearts pair
            "Qd",  # spot 1 -> unsuited 20
            "8s",  # spot 2 -> 18, no 20
            "6c",  # dealer hole card -> soft 17
        ],
        SpotBet.of(1000, {"lucky-ladies": 1000}),
        SpotBet.of(1000, {"lucky-ladies": 1000}),
        SpotBet.of(1000, {"lucky-ladies": 1000}),
    )
    assert rnd.phase is Phase.INSURANCE
    assert side_lines(rnd) == [
        side(1, "lucky-ladies", 1000, 5000, "any-20"),
        side(2, "lucky-ladies", 1000, 0, "lose"),
    ]


@pytest.mark.rule("lad-32", "lad-36.1", "lad-36.2", "lad-36.3")
def test_lucky_ladies_queen_pair_waits_for_the_peek_ace_up_no_blackjack() -> None:
    """003 Lucky Ladies: "c. If the dealer's face up card is an Ace: (i) The dealer offers
    insurance to all players. (ii) If the dealer does not have a blackjack, the dealer removes all
    losing insurance wagers as normal, including the player with the Queen of Hearts pair. The
    dealer then pays the Lucky Ladies wager to the player with the Queen of Hearts pair. The
    round then plays as normal."
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "Ad",  # dealer up card: an ace
            "Qh",  # player card 2 -> queen-of-hearts pair, 20
            "6c",  # dealer hole card -> soft 17, no blackjack
        ],
        SpotBet.of(1000, {"lucky-ladies": 1000}),
    )
    assert side_lines(rnd) == []  # waits for the peek
    rnd.act("insurance")
    assert rnd.phase is Phase.PLAYER
    assert settled(rnd) == lines(
        insurance(0, 500, 0, "insurance-lose"),
        side(0, "lucky-ladies", 1000, 1000 + 125 * 1000, "qh-pair"),
    )
    rnd.act("stand")
    assert settled(rnd)[0] == hand(0, 0, 1000, 2000, "win")


@pytest.mark.rule("lad-5.3", "lad-30.1", "lad-30.4")
def test_lucky_ladies_queen_pair_with_ten_up_dealer_blackjack_pays_the_top_line() -> None:
    """003 Lucky Ladies: "b. If the dealer's face up card has a value of Ten: [...] (iii) If the
    dealer does have a blackjack, they turn over their cards and collect all losing primary
    wagers from all players, including the player with the Queen of hearts pair. [...] The dealer
    then pays the Lucky ladies wager to the player with the winning Queen of Hearts pair"
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "Kd",  # dealer up card: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair
            "Ac",  # dealer hole card -> blackjack (found at the peek)
        ],
        SpotBet.of(1000, {"lucky-ladies": 2000}),
    )
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        side(0, "lucky-ladies", 2000, 2000 + 1000 * 2000, "qh-pair-dealer-blackjack"),
    )


@pytest.mark.rule("lad-38.1", "lad-38.4")
def test_lucky_ladies_queen_pair_with_ace_up_dealer_blackjack() -> None:
    """003 Lucky Ladies: "c. [...] (iii) If the dealer does have a blackjack, they turn over their
    cardsand collect all losing primary wagers and pay all winning insurance wagers from all
    players, including the player with the Queen of Hearts pair. [...] The dealer then pays the
    Lucky ladies wager to the player with the winning Queen of Hearts pair and removes all cards."
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "Ad",  # dealer up card: an ace
            "Qh",  # player card 2 -> queen-of-hearts pair
            "Kc",  # dealer hole card -> blackjack
        ],
        SpotBet.of(1000, {"lucky-ladies": 1000}),
        actions=["insurance"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        insurance(0, 500, 1500, "insurance-win"),
        side(0, "lucky-ladies", 1000, 1000 + 1000 * 1000, "qh-pair-dealer-blackjack"),
    )


@pytest.mark.rule("lad-5.3")
def test_lucky_ladies_queen_pair_against_a_low_card_settles_at_the_deal() -> None:
    """003 Lucky Ladies: "Special bonuses are awarded if the player's first two cards are each a
    Queen of Hearts (the Lucky Ladies)" — with a 9 up no dealer blackjack is possible.
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "9d",  # dealer up card
            "Qh",  # player card 2 -> queen-of-hearts pair
            "Ac",  # dealer hole card -> soft 20
        ],
        SpotBet.of(1000, {"lucky-ladies": 100}),
    )
    assert rnd.phase is Phase.PLAYER
    assert side_lines(rnd) == [side(0, "lucky-ladies", 100, 100 + 125 * 100, "qh-pair")]


@pytest.mark.parametrize(("stake", "ok"), [(99, False), (100, True), (2000, True), (2001, False)])
@pytest.mark.rule(
    "lad-5.4", "lad-11.1", "spec-3.lucky-ladies-limits", "spec-4.lad.4", "spec-5.side-limits"
)
def test_lucky_ladies_stake_limits(stake: int, ok: bool) -> None:
    """003 Lucky Ladies: "Minimum and Maximum Bet is $1 to $20 on the Optional Lucky Lady Bet." """
    bets = [SpotBet.of(1000, {"lucky-ladies": stake})]
    shoe = Shoe.from_cards("Ts 6d 8c Kd")
    if ok:
        assert Round.start(rules_of(LADIES), bets, shoe).staked == 1000 + stake
    else:
        with pytest.raises(InvalidBetError):
            Round.start(rules_of(LADIES), bets, shoe)


@pytest.mark.rule("lad-1", "spec-4.lad.5")
def test_lucky_ladies_aggregate_payout_cap_pro_rata() -> None:
    """003 Lucky Ladies: "MAXIMUM AGGREGATE PAYOUT =$20,000" — SPEC 4: "when winners exceed it,
    each win is cut pro rata (rounded down) so the total stays within the cap, and the stakes are
    returned in full."

    Wins before the cap: 1000 x 2000 + 1000 x 1500 + 4 x 100 = 3,500,400 > 2,000,000. Each is
    cut to floor(win x 2,000,000 / 3,500,400): 1,142,726; 857,044; 228.
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # spot 0, card 1
            "Qh",  # spot 1, card 1
            "Ks",  # spot 2, card 1
            "Td",  # dealer up card: a ten
            "Qh",  # spot 0 -> queen-of-hearts pair
            "Qh",  # spot 1 -> queen-of-hearts pair
            "Qd",  # spot 2 -> unsuited 20
            "Ac",  # dealer hole card -> blackjack (found at the peek)
        ],
        SpotBet.of(1000, {"lucky-ladies": 2000}),
        SpotBet.of(1000, {"lucky-ladies": 1500}),
        SpotBet.of(1000, {"lucky-ladies": 100}),
    )
    assert side_lines(rnd) == [
        side(0, "lucky-ladies", 2000, 2000 + 1_142_726, "qh-pair-dealer-blackjack"),
        side(1, "lucky-ladies", 1500, 1500 + 857_044, "qh-pair-dealer-blackjack"),
        side(2, "lucky-ladies", 100, 100 + 228, "any-20"),
    ]
    assert sum(line.net for line in side_lines(rnd)) <= 2_000_000  # type: ignore[attr-defined]


@pytest.mark.rule("lad-1", "spec-4.lad.5")
def test_lucky_ladies_win_equal_to_the_cap_is_paid_in_full() -> None:
    """003 Lucky Ladies: "MAXIMUM AGGREGATE PAYOUT =$20,000" — 1000 to 1 on $20 is exactly
    $20,000, within the cap.
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "Td",  # dealer up card: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair
            "Ac",  # dealer hole card -> blackjack
        ],
        SpotBet.of(1000, {"lucky-ladies": 2000}),
    )
    assert side_lines(rnd) == [side(0, "lucky-ladies", 2000, 2_002_000, "qh-pair-dealer-blackjack")]


@pytest.mark.rule("l7-24.2")
def test_lucky_7_one_area_beside_each_main_bet() -> None:
    """001 Lucky 7: "Gioca al Lucky 7 puntando 1 credito sull'area chiamata \u201cLucky 7\u201d.
    Ce n'è una accanto ad ogni normale area di scommessa a sinistra, destra e al centro."
    """
    rnd = deal(
        L7,
        [
            "7s",  # spot 0, card 1: a seven
            "Ts",  # spot 1, card 1
            "7d",  # spot 2, card 1: a seven
            "Tc",  # dealer hole card
            "Kh",  # spot 0 -> 17: one seven
            "7h",  # spot 1 -> 17: a seven, but second
            "7d",  # spot 2 -> 14: suited sevens, waits for a third card
            "8d",  # dealer up card -> 18
            "2c",  # spot 2 hits: the third card -> 16
        ],
        SpotBet.of(1000, {"lucky-7": 100}),
        SpotBet.of(1000, {"lucky-7": 100}),
        SpotBet.of(1000, {"lucky-7": 100}),
        actions=["stand", "stand", "hit", "stand"],
    )
    assert side_lines(rnd) == [
        side(0, "lucky-7", 100, 400, "7"),
        side(1, "lucky-7", 100, 0, "lose"),
        side(2, "lucky-7", 100, 100 + 100 * 100, "7-7-suited"),
    ]


# -- rules checked since the rule book (tests/rules) listed them -------------------------------


@pytest.mark.rule("ll-86.1")
def test_lucky_lucky_side_bet_wins_while_the_hand_loses() -> None:
    """000 Lucky Lucky: "A side bet is a wager you can make beyond the regular game bet to get an
    extra win even if your regular game hand does not win." 7-7 with a 7 up is an unsuited 777
    (50 to 1); the 14 hits a 9 and busts.
    """
    rnd = deal(
        LL,
        [
            "7h",  # player card 1
            "7d",  # dealer up card
            "7c",  # player card 2 -> 14; with the up card an unsuited 7-7-7
            "Tc",  # dealer hole card -> 17
            "9s",  # hit -> 23, bust
        ],
        SpotBet.of(1000, {"lucky-lucky": 100}),
        actions=["hit"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "bust"), side(0, "lucky-lucky", 100, 100 + 50 * 100, "unsuited-777")
    )


@pytest.mark.rule("ll-92.2")
def test_every_side_bet_a_game_offers_can_be_placed_at_once() -> None:
    """000 Lucky Lucky: "All types of side bets can be placed at the same time." A game offering
    Lucky Lucky and Lucky Ladies takes both on one spot and settles each on its own: K-Q with a
    9 up is Lucky Lucky's 29 (lost) and Lucky Ladies' any 20 (4 to 1).
    """
    rules = rules_of(
        LL,
        side_bets=[
            {"name": "lucky-lucky", "paytable": "felt", "min_stake": 100, "max_stake": 2000},
            {"name": "lucky-ladies", "paytable": "A", "min_stake": 100, "max_stake": 2000},
        ],
    )
    rnd = deal(
        rules,
        [
            "Ks",  # player card 1
            "9d",  # dealer up card
            "Qd",  # player card 2 -> 20
            "8c",  # dealer hole card -> 17
        ],
        SpotBet.of(1000, {"lucky-lucky": 100, "lucky-ladies": 200}),
        actions=["stand"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"),
        side(0, "lucky-lucky", 100, 0, "lose"),
        side(0, "lucky-ladies", 200, 200 + 4 * 200, "any-20"),
    )


@pytest.mark.rule("lad-9")
def test_lucky_ladies_bet_is_voluntary_and_made_with_the_main_bet() -> None:
    """003 Lucky Ladies: "players are afforded the opportunity to place a voluntary Lucky Ladies
    bet [...] at the same time their primary bet is made and before any cards are dealt." Spot 0
    bets it, spot 1 does not; once dealt, no decision places one.
    """
    rnd = deal(
        LADIES,
        [
            "Ks",  # spot 0, card 1
            "Th",  # spot 1, card 1
            "9d",  # dealer up card
            "Qd",  # spot 0, card 2 -> 20
            "Jh",  # spot 1, card 2 -> 20
            "8c",  # dealer hole card -> 17
        ],
        SpotBet.of(1000, {"lucky-ladies": 100}),
        SpotBet(1000),
    )
    assert rnd.staked == 2100  # both main bets and the one side bet, all before the first card
    assert side_lines(rnd) == [side(0, "lucky-ladies", 100, 100 + 4 * 100, "any-20")]
    assert {str(a) for a in rnd.legal_actions()} <= {"hit", "stand", "double", "split"}


@pytest.mark.rule("lad-11.1")
def test_lucky_ladies_limits_are_the_houses_setting() -> None:
    """003 Lucky Ladies: "The minimum and maximum wagering limits of the Lucky Ladies wager are
    determined by the house": a house that sets $5 to $50 takes 5000 and refuses 5001 and 400.
    """
    rules = rules_of(
        LADIES,
        side_bets=[{"name": "lucky-ladies", "paytable": "A", "min_stake": 500, "max_stake": 5000}],
    )
    cards = ["Ks", "9d", "Qd", "8c"]  # K-Q = 20 against a 9 up, 8 in the hole
    rnd = deal(rules, cards, SpotBet.of(1000, {"lucky-ladies": 5000}))
    assert side_lines(rnd) == [side(0, "lucky-ladies", 5000, 5000 + 4 * 5000, "any-20")]
    for stake in (5001, 400):
        with pytest.raises(InvalidBetError):
            Round.start(rules, [SpotBet.of(1000, {"lucky-ladies": stake})], Shoe.from_cards(cards))


@pytest.mark.rule("lad-17")
def test_lucky_ladies_wagers_settle_spot_by_spot_from_the_dealers_right() -> None:
    """003 Lucky Ladies: "Beginning from the dealer's right to left, in a counter clock-wise
    rotation, the dealer takes all losing Lucky Ladies wagers and pays all winning Lucky Ladies
    wagers." The dealer's right is the first spot dealt: the bets resolve in play order 0, 1, 2.
    """
    rnd = deal(
        LADIES,
        [
            "Ks",  # spot 0, card 1
            "9h",  # spot 1, card 1
            "Kh",  # spot 2, card 1
            "8d",  # dealer up card
            "Qd",  # spot 0, card 2 -> 20, any 20
            "8h",  # spot 1, card 2 -> 17, loses
            "Qh",  # spot 2, card 2 -> suited 20
            "9c",  # dealer hole card -> 17
        ],
        SpotBet.of(1000, {"lucky-ladies": 100}),
        SpotBet.of(1000, {"lucky-ladies": 100}),
        SpotBet.of(1000, {"lucky-ladies": 100}),
    )
    resolved = [(e.spot, e.outcome) for e in rnd.events if isinstance(e, SideBetResolved)]
    assert resolved == [(0, "any-20"), (1, "lose"), (2, "suited-20")]
    assert side_lines(rnd) == [
        side(0, "lucky-ladies", 100, 500, "any-20"),
        side(1, "lucky-ladies", 100, 0, "lose"),
        side(2, "lucky-ladies", 100, 1000, "suited-20"),
    ]


@pytest.mark.rule("lad-25", "lad-28.1", "lad-28.2")
def test_lucky_ladies_queen_pair_ten_up_no_blackjack_is_paid_and_play_goes_on() -> None:
    """003 Lucky Ladies: "b. If the dealer's face up card has a value of Ten: [...] (ii) If the
    dealer does not have a blackjack, the dealer pays the player with the Queen of Hearts pair.
    The round then plays as normal." Q-Q of hearts (125 to 1) against a king up and a 7 in the
    hole: paid at the peek, then the 20 stands and beats the 17.
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # player card 1
            "Kd",  # dealer up card: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair, 20
            "7c",  # dealer hole card -> 17, no blackjack (found at the peek)
        ],
        SpotBet.of(1000, {"lucky-ladies": 100}),
    )
    assert rnd.phase is Phase.PLAYER
    assert side_lines(rnd) == [side(0, "lucky-ladies", 100, 100 + 125 * 100, "qh-pair")]
    assert {"hit", "stand"} <= {str(a) for a in rnd.legal_actions()}
    rnd.act("stand")
    assert settled(rnd)[0] == hand(0, 0, 1000, 2000, "win")


@pytest.mark.parametrize(
    ("paytable", "cards", "actions", "outcome", "pays"),
    [
        # player card 1, dealer hole card, player card 2, dealer up card, then the third card
        ("super-sevens", ["7s", "Tc", "Kh", "9d"], [], "7", 3),
        ("super-sevens", ["7s", "Tc", "7h", "9d"], ["stand"], "7-7", 50),
        ("super-sevens", ["7h", "Tc", "7h", "9d"], ["stand"], "7-7-suited", 100),
        ("super-sevens", ["7s", "Tc", "7h", "9d", "7d"], ["hit"], "7-7-7", 500),
        ("super-sevens", ["7h", "Tc", "7h", "9d", "7h"], ["hit"], "7-7-7-suited", 5000),
        ("crazy-sevens", ["7s", "Tc", "Kh", "9d"], [], "7", 5),
        ("crazy-sevens", ["7s", "Tc", "7h", "9d"], ["stand"], "7-7", 25),
        ("crazy-sevens", ["7h", "Tc", "7h", "9d"], ["stand"], "7-7-suited", 150),
        ("crazy-sevens", ["7s", "Tc", "7h", "9d", "7d"], ["hit"], "7-7-7", 500),
        ("crazy-sevens", ["7h", "Tc", "7h", "9d", "7h"], ["hit"], "7-7-7-suited", 2000),
    ],
)
@pytest.mark.rule("spec-4.l7.5", "spec-4.l7.6")
def test_lucky_7_pay_tables(
    paytable: str, cards: list[str], actions: list[str], outcome: str, pays: int
) -> None:
    """SPEC 4: "Default pay table (`super-sevens`): 7 → 3, 7-7 → 50, 7-7 suited → 100, 7-7-7 →
    500, 7-7-7 suited → 5000. Also `crazy-sevens`: 5 / 25 / 150 / 500 / 2000." One credit (100)
    returns 100 + pays x 100. A 7 then a king is settled on its first card (no third card can
    add to it); 7-7 standing is paid on two cards; a hit brings the third.
    """
    rules = rules_of(
        L7,
        side_bets=[{"name": "lucky-7", "paytable": paytable, "min_stake": 100, "max_stake": 100}],
    )
    rnd = deal(rules, cards, SpotBet.of(1000, {"lucky-7": 100}), actions=actions)
    assert side_lines(rnd) == [side(0, "lucky-7", 100, 100 + pays * 100, outcome)]


@pytest.mark.parametrize(
    ("paytable", "first", "second", "outcome", "pays"),
    [
        ("B", "Qh", "Qh", "qh-pair", 200),
        ("B", "Kh", "Kh", "matched-20", 25),
        ("B", "Kh", "Qh", "suited-20", 10),
        ("B", "Ks", "Qd", "any-20", 4),
        ("A", "Qh", "Qh", "qh-pair", 125),
        ("A", "Kh", "Kh", "matched-20", 19),
        ("A", "Kh", "Qh", "suited-20", 9),
        ("A", "Ks", "Qd", "any-20", 4),
    ],
)
@pytest.mark.rule("spec-4.lad.2")
def test_lucky_ladies_pay_tables(
    paytable: str, first: str, second: str, outcome: str, pays: int
) -> None:
    """SPEC 4: "Default pay table (`A`, the land standard): 1000 / 125 / 19 / 9 / 4; also `B`:
    1000 / 200 / 25 / 10 / 4." Against a 9 up (no blackjack possible) every 20 settles at the
    deal: 1000 staked returns 1000 + pays x 1000. The 1000 line: the next test.
    """
    rules = rules_of(
        LADIES,
        side_bets=[
            {"name": "lucky-ladies", "paytable": paytable, "min_stake": 100, "max_stake": 2000}
        ],
    )
    cards = [
        first,  # player card 1
        "9d",  # dealer up card
        second,  # player card 2
        "8c",  # dealer hole card
    ]
    rnd = deal(rules, cards, SpotBet.of(1000, {"lucky-ladies": 1000}))
    assert side_lines(rnd) == [side(0, "lucky-ladies", 1000, 1000 + pays * 1000, outcome)]


@pytest.mark.parametrize("paytable", ["A", "B"])
@pytest.mark.rule("spec-4.lad.2")
def test_lucky_ladies_queen_pair_with_dealer_blackjack_pays_1000_in_both_tables(
    paytable: str,
) -> None:
    """SPEC 4: both tables pay the queen-of-hearts pair with a dealer blackjack 1000 to 1."""
    rules = rules_of(
        LADIES,
        side_bets=[
            {"name": "lucky-ladies", "paytable": paytable, "min_stake": 100, "max_stake": 2000}
        ],
    )
    rnd = deal(
        rules,
        [
            "Qh",  # player card 1
            "Kd",  # dealer up card: a ten
            "Qh",  # player card 2 -> queen-of-hearts pair
            "Ac",  # dealer hole card -> blackjack, found at the peek
        ],
        SpotBet.of(1000, {"lucky-ladies": 100}),
    )
    assert side_lines(rnd) == [
        side(0, "lucky-ladies", 100, 100 + 1000 * 100, "qh-pair-dealer-blackjack")
    ]


@pytest.mark.parametrize(
    ("hole", "expected"),
    [
        # A king in the hole: blackjack. Wins 1000 x 2000 + 19 x 2000 = 2,038,000 pass the cap
        # of 2,000,000: each is cut to floor(win x 2,000,000 / 2,038,000).
        (
            "Kc",
            [
                side(0, "lucky-ladies", 2000, 2000 + 1_962_708, "qh-pair-dealer-blackjack"),
                side(1, "lucky-ladies", 2000, 2000 + 37_291, "matched-20"),
            ],
        ),
        # A seven in the hole: no blackjack. 125 x 2000 + 19 x 2000 = 288,000, within the cap.
        (
            "7c",
            [
                side(0, "lucky-ladies", 2000, 2000 + 125 * 2000, "qh-pair"),
                side(1, "lucky-ladies", 2000, 2000 + 19 * 2000, "matched-20"),
            ],
        ),
    ],
)
@pytest.mark.rule("lad-1", "spec-4.lad.5")
def test_lucky_ladies_cap_is_shared_with_a_queen_pair_that_waits_for_the_peek(
    hole: str, expected: list[object]
) -> None:
    """003 Lucky Ladies: "MAXIMUM AGGREGATE PAYOUT =$20,000"; SPEC 4: "when winners exceed it,
    each win is cut pro rata (rounded down)". The queen-of-hearts pair against an ace waits for
    the peek; could its 1000 to 1 push the round past the cap, spot 1's matched 20 waits with it
    (paid at once, it could not be cut pro rata any more).
    """
    rnd = deal(
        LADIES,
        [
            "Qh",  # spot 0, card 1
            "Kh",  # spot 1, card 1
            "Ad",  # dealer up card: an ace
            "Qh",  # spot 0, card 2 -> queen-of-hearts pair
            "Kh",  # spot 1, card 2 -> matched 20
            hole,  # dealer hole card
        ],
        SpotBet.of(1000, {"lucky-ladies": 2000}),
        SpotBet.of(1000, {"lucky-ladies": 2000}),
    )
    assert rnd.phase is Phase.INSURANCE
    assert side_lines(rnd) == []  # both wait for the peek
    rnd.act("no-insurance")
    rnd.act("no-insurance")
    assert side_lines(rnd) == expected
