"""Insurance (2:1 on half the main bet, per spot, ace up) and Lucky 7's even money."""

from __future__ import annotations

import pytest
from engine_rule_helpers import deal, dealer, hand, insurance, legal, lines, settled

from twentyone.engine import Phase, SpotBet, WagerKind, WagerPlaced


def insurance_stakes(rnd: object) -> list[tuple[int, int]]:
    """(spot, stake) of every insurance wager placed."""
    return [
        (e.spot, e.stake)
        for e in rnd.events  # type: ignore[attr-defined]
        if isinstance(e, WagerPlaced) and e.kind is WagerKind.INSURANCE
    ]


@pytest.mark.rule("ll-17.1", "ll-48.4")
def test_lucky_lucky_insurance_offered_with_an_ace_up() -> None:
    """000 Lucky Lucky: "If the dealer's face up card is an Ace, you are offered insurance." """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            "Ad",  # dealer up card: an ace
            "8h",  # player card 2 -> 18
            "7c",  # dealer hole card -> soft 18
        ],
    )
    assert rnd.phase is Phase.INSURANCE
    assert legal(rnd) == {"insurance", "no-insurance"}


@pytest.mark.rule("ll-17.1")
def test_lucky_lucky_no_insurance_without_an_ace_up() -> None:
    """000 Lucky Lucky: "If the dealer's face up card is an Ace, you are offered insurance." (a
    ten up is not an ace: no insurance, and no peek)
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            "Kd",  # dealer up card: a ten
            "8h",  # player card 2 -> 18
            "7c",  # dealer hole card -> 17
        ],
    )
    assert rnd.phase is Phase.PLAYER
    assert legal(rnd) == {"hit", "stand", "double"}


@pytest.mark.rule("ll-38", "ll-78.2", "ll-78.3")
def test_lucky_lucky_insurance_costs_half_the_original_bet_and_pays_2_to_1() -> None:
    """000 Lucky Lucky: "If you take Insurance then an amount equal to half your original bet will
    be deducted from your balance and placed separately on the table. If the dealer has
    Blackjack, you are paid 2 to 1 on your insurance."
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            "Ad",  # dealer up card: an ace
            "8h",  # player card 2 -> 18
            "Kc",  # dealer hole card -> blackjack (found at the reveal: no peek)
        ],
    )
    assert rnd.cost("insurance") == 500
    rnd.act("insurance")
    assert insurance_stakes(rnd) == [(0, 500)]
    assert rnd.phase is Phase.PLAYER  # no peek: the hand is played first
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), insurance(0, 500, 1500, "insurance-win")
    )
    assert rnd.returned - rnd.staked == 0


@pytest.mark.rule("ll-78.4")
def test_lucky_lucky_insurance_lost_without_dealer_blackjack() -> None:
    """000 Lucky Lucky: "If the dealer does not have Blackjack, you lose the insurance amount." """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # player card 1
            "Ad",  # dealer up card: an ace
            "9h",  # player card 2 -> 19
            "7c",  # dealer hole card -> soft 18
        ],
        actions=["insurance", "stand"],
    )
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"), insurance(0, 500, 0, "insurance-lose")
    )


@pytest.mark.rule("ll-17.2", "ll-38", "ll-39", "ll-78.1", "spec-3.insurance")
def test_lucky_lucky_insurance_is_asked_per_hand() -> None:
    """000 Lucky Lucky: "If the dealer's first face up card is an Ace you will be given a chance
    to insure each of your regular bets against the dealer having Blackjack." / "Click ACCEPT to
    insure a hand against the dealer having Blackjack"
    """
    rnd = deal(
        "lucky-lucky",
        [
            "Ts",  # spot 0, card 1
            "9s",  # spot 1, card 1
            "Ad",  # dealer up card: an ace
            "8h",  # spot 0 -> 18
            "9h",  # spot 1 -> 18
            "Kc",  # dealer hole card -> blackjack
        ],
        SpotBet(1000),
        SpotBet(600),
    )
    assert rnd.current == (0, 0)
    rnd.act("insurance")
    assert rnd.current == (1, 0)
    assert rnd.cost("insurance") == 300
    rnd.act("no-insurance")
    assert rnd.phase is Phase.PLAYER
    rnd.act("stand")
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        insurance(0, 500, 1500, "insurance-win"),
        hand(1, 0, 600, 0, "lose"),
    )


@pytest.mark.rule("ll-78.1", "spec-3.insurance-order")
def test_lucky_lucky_blackjack_hand_is_asked_insurance_too() -> None:
    """SPEC 3: "Insurance is asked of each spot with a main bet (a blackjack hand too), in play
    order, before any hand is played." (000 has no even money.)
    """
    rnd = deal(
        "lucky-lucky",
        [
            "As",  # player card 1
            "Ad",  # dealer up card: an ace
            "Kh",  # player card 2 -> blackjack
            "Kc",  # dealer hole card -> blackjack
        ],
    )
    assert legal(rnd) == {"insurance", "no-insurance"}
    rnd.act("insurance")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 1000, "push"), insurance(0, 500, 1500, "insurance-win")
    )


@pytest.mark.rule("l7-8.2", "l7-8.3", "spec-3.insurance")
def test_lucky_7_insurance_pays_twice_and_the_hand_is_lost() -> None:
    """001 Lucky 7: "Comprare l'assicurazione significa che il giocatore fa una seconda scommessa
    (puntando metà della posta della mano in corso) sul fatto che la carta coperta del Banco varrà
    dieci. In caso affermativo, il giocatore verrà pagato 2 volte la cifra dell'assicurazione,
    però perderà la mano originale, in quanto il Banco ha un Blackjack (Asso e dieci)."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "Kc",  # dealer hole card: a ten
            "8h",  # player card 2 -> 18
            "Ad",  # dealer up card: an ace -> blackjack
        ],
    )
    assert legal(rnd) == {"insurance", "no-insurance"}
    assert rnd.cost("insurance") == 500
    rnd.act("insurance")
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), insurance(0, 500, 1500, "insurance-win")
    )


@pytest.mark.rule("l7-8.4")
def test_lucky_7_insurance_lost_and_the_hand_goes_on() -> None:
    """001 Lucky 7: "Se il Banco non ha un Blackjack \u201cnaturale\u201d, l'assicurazione è persa
    e la mano prosegue normalmente."
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "7c",  # dealer hole card
            "9h",  # player card 2 -> 19
            "Ad",  # dealer up card: an ace -> soft 18
        ],
        actions=["insurance"],
    )
    assert rnd.phase is Phase.PLAYER
    assert settled(rnd) == lines(insurance(0, 500, 0, "insurance-lose"))
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 2000, "win"), insurance(0, 500, 0, "insurance-lose")
    )


@pytest.mark.rule("l7-9.1", "l7-9.2", "spec-3.even-money-asked")
def test_lucky_7_even_money_is_offered_to_a_blackjack() -> None:
    """001 Lucky 7: "La carta scoperta è un Asso: il Banco offre un pagamento alla pari. Ciò
    significa che il giocatore può accettare il pagamento alla pari se ritiene che il Banco abbia
    un Blackjack."
    """
    rnd = deal(
        "lucky-7",
        [
            "As",  # spot 0, card 1
            "Ts",  # spot 1, card 1
            "7c",  # dealer hole card
            "Kh",  # spot 0, card 2 -> blackjack
            "8h",  # spot 1, card 2 -> 18
            "Ad",  # dealer up card: an ace
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    assert rnd.current == (0, 0)
    assert legal(rnd) == {"even-money", "no-even-money"}
    rnd.act("no-even-money")
    assert rnd.current == (1, 0)
    assert legal(rnd) == {"insurance", "no-insurance"}


@pytest.mark.parametrize(
    ("hole", "dealer_blackjack"),
    [
        ("Kc", True),  # dealer hole card: a ten -> blackjack
        ("7c", False),  # dealer hole card: a seven -> soft 18
    ],
)
@pytest.mark.rule("l7-10.1", "l7-10.2", "spec-3.even-money")
def test_lucky_7_even_money_pays_1_to_1_at_once(hole: str, dealer_blackjack: bool) -> None:
    """001 Lucky 7: "Quando accetta un pagamento alla pari, il giocatore viene immediatamente
    pagato 1 a 1 raddoppiando il valore delle fiches del giocatore. Quando accetta un pagamento
    alla pari, il giocatore rinuncia al pagamento normale della scommessa 3 a 2, sia che il banco
    abbia un Blackjack o no."
    """
    rnd = deal(
        "lucky-7",
        [
            "As",  # spot 0, card 1
            "Ts",  # spot 1, card 1
            hole,  # dealer hole card
            "Kh",  # spot 0, card 2 -> blackjack
            "9h",  # spot 1, card 2 -> 19
            "Ad",  # dealer up card: an ace
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    rnd.act("even-money")
    # paid at once: before the next spot's insurance decision and before the peek
    assert rnd.phase is Phase.INSURANCE
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "even-money"))
    rnd.act("no-insurance")
    assert rnd.dealer_blackjack is dealer_blackjack
    if not dealer_blackjack:
        rnd.act("stand")
    spot_1 = hand(1, 0, 1000, 0, "lose") if dealer_blackjack else hand(1, 0, 1000, 2000, "win")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2000, "even-money"), spot_1)


@pytest.mark.parametrize(
    ("hole", "expected"),
    [
        ("Kc", hand(0, 0, 1000, 1000, "push")),  # hole card a ten -> dealer blackjack
        ("7c", hand(0, 0, 1000, 2500, "blackjack")),  # hole card a seven -> soft 18
    ],
)
@pytest.mark.rule("l7-7.4")
def test_lucky_7_declined_even_money_plays_the_blackjack_normally(
    hole: str, expected: object
) -> None:
    """001 Lucky 7: "Nel caso in cui sia il Banco che il giocatore abbiano un Blackjack, viene
    dichiarato un \u201cpush\u201d" — without even money a blackjack pushes a dealer blackjack and
    is paid 3:2 otherwise.
    """
    rnd = deal(
        "lucky-7",
        [
            "As",  # player card 1
            hole,  # dealer hole card
            "Kh",  # player card 2 -> blackjack
            "Ad",  # dealer up card: an ace
        ],
        actions=["no-even-money"],
    )
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == [expected]


@pytest.mark.rule(
    "eu-11.1",
    "eu-11.2",
    "eu-35.1",
    "eu-35.2",
    "eu-37.2",
    "eu-37.3",
    "eu-43.1",
    "eu-43.3",
    "eu-79.2",
)
def test_european_insurance_costs_half_and_pays_15_on_a_bet_of_10() -> None:
    """002 European: "If you lose against a Dealer's Blackjack and have taken Insurance you are
    paid out at odds of 1 to 1.5 on your original bet. So, if you bet 10 you are paid 15." /
    "Insurance costs half your original bet."
    """
    rnd = deal(
        "european",
        [
            "Ts",  # player card 1
            "Ad",  # dealer's card at the deal: an ace
            "8h",  # player card 2 -> 18
            "Kc",  # dealer's second card -> blackjack
        ],
    )
    assert legal(rnd) == {"insurance", "no-insurance"}
    assert rnd.cost("insurance") == 500
    rnd.act("insurance")
    rnd.act("stand")
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"), insurance(0, 500, 1500, "insurance-win")
    )


@pytest.mark.rule("eu-80.1", "eu-80.2", "spec-3.insurance")
def test_european_insurance_covers_the_original_bet_only() -> None:
    """002 European: "Insurance only covers your original bet. It does not cover any second hand,
    or double down bet."
    """
    rnd = deal(
        "european",
        [
            "6s",  # player card 1
            "Ad",  # dealer's card at the deal: an ace
            "4h",  # player card 2 -> 10
            "9c",  # the double's card -> 19
            "Kc",  # dealer's second card -> blackjack
        ],
        actions=["insurance", "double"],
    )
    assert insurance_stakes(rnd) == [(0, 500)]
    assert settled(rnd) == lines(
        hand(0, 0, 2000, 0, "lose"), insurance(0, 500, 1500, "insurance-win")
    )
    assert rnd.returned - rnd.staked == -1000


@pytest.mark.parametrize(
    ("second", "expected", "dealer_cards"),
    [
        ("Kc", insurance(0, 500, 1500, "insurance-win"), ["Ad", "Kc"]),
        ("5c", insurance(0, 500, 0, "insurance-lose"), ["Ad", "5c"]),
    ],
)
@pytest.mark.rule("spec-3.dealer-draws-when")
def test_european_dealer_draws_to_settle_pending_insurance(
    second: str, expected: object, dealer_cards: list[str]
) -> None:
    """SPEC 3 row "dealer draws when": European "same, and also to settle pending insurance" — the
    hand is bust, yet the dealer draws a second card to decide the insurance, and no more.
    """
    rnd = deal(
        "european",
        [
            "Ts",  # player card 1
            "Ad",  # dealer's card at the deal: an ace
            "6h",  # player card 2 -> 16
            "Qh",  # player hits -> 26, bust
            second,  # dealer's second card: decides the insurance
            "2c",  # (not drawn: no hand needs the dealer's total)
        ],
        actions=["insurance", "hit"],
    )
    assert dealer(rnd) == dealer_cards
    assert settled(rnd) == lines(hand(0, 0, 1000, 0, "bust"), expected)


@pytest.mark.rule("lad-34", "spec-3.insurance")
def test_lucky_ladies_insurance_offered_to_all_players() -> None:
    """003 Lucky Ladies: "c. If the dealer's face up card is an Ace: (i) The dealer offers
    insurance to all players."
    """
    rnd = deal(
        "lucky-ladies",
        [
            "Ts",  # spot 0, card 1
            "9s",  # spot 1, card 1
            "Ad",  # dealer up card: an ace
            "8h",  # spot 0 -> 18
            "9h",  # spot 1 -> 18
            "Kc",  # dealer hole card -> blackjack (found at the peek)
        ],
        SpotBet(1000),
        SpotBet(1000),
    )
    assert legal(rnd) == {"insurance", "no-insurance"}
    rnd.act("no-insurance")
    assert legal(rnd) == {"insurance", "no-insurance"}
    rnd.act("insurance")
    assert rnd.phase is Phase.SETTLED
    assert settled(rnd) == lines(
        hand(0, 0, 1000, 0, "lose"),
        hand(1, 0, 1000, 0, "lose"),
        insurance(1, 500, 1500, "insurance-win"),
    )


@pytest.mark.rule("l7-7.1")
def test_lucky_7_no_insurance_with_a_ten_up() -> None:
    """001 Lucky 7: "1. La carta scoperta è un 10: il Banco controlla se ha Blackjack." (a ten up
    is checked, not insured)
    """
    rnd = deal(
        "lucky-7",
        [
            "Ts",  # player card 1
            "7c",  # dealer hole card
            "8h",  # player card 2 -> 18
            "Kd",  # dealer up card: a ten -> 17
        ],
    )
    assert rnd.phase is Phase.PLAYER
    assert legal(rnd) == {"hit", "stand", "double"}


@pytest.mark.parametrize(
    ("variant", "cards"),
    [
        (
            "european",
            [
                "As",  # player card 1
                "Ad",  # dealer's card at the deal: an ace
                "Kh",  # player card 2 -> blackjack
                "7c",  # dealer's second card -> soft 18
            ],
        ),
        (
            "lucky-ladies",
            [
                "As",  # player card 1
                "Ad",  # dealer up card: an ace
                "Kh",  # player card 2 -> blackjack
                "7c",  # dealer hole card -> soft 18
            ],
        ),
    ],
)
@pytest.mark.rule("spec-3.even-money")
def test_no_even_money_outside_lucky_7(variant: str, cards: list[str]) -> None:
    """SPEC 3 row "even money": no (only Lucky 7 offers it) — a blackjack against an ace is
    asked insurance like any hand, and is paid 3:2 when the dealer has no blackjack.
    """
    rnd = deal(variant, cards)
    assert legal(rnd) == {"insurance", "no-insurance"}
    rnd.act("no-insurance")
    assert settled(rnd) == lines(hand(0, 0, 1000, 2500, "blackjack"))
