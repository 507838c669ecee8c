"""Exact side-bet returns (SPEC sections 4, 8 and 9).

"Exact side-bet returns: enumerate the shoe exactly (fractions), per pay table and deck count."
Checked two ways (STYLE 13): against the published figures of SPEC section 4 to the exact
fraction, and against a brute-force enumeration of raw card tuples on small shoes, classified
by the same evaluators the game uses.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import permutations

import pytest

import twentyone.cli
from twentyone.analysis.sidebets import (
    SideBetAnalysis,
    ThirdCard,
    analyse_side_bet,
    default_decks,
    outcome_distribution,
)
from twentyone.cards import Card, Rank, Suit, build_shoe, parse_cards
from twentyone.errors import InvalidRulesError
from twentyone.hand import is_two_card_21
from twentyone.sidebets import lucky7, lucky_ladies, lucky_lucky
from twentyone.sidebets.base import LOSE
from twentyone.sidebets.paytables import LuckyLadiesOutcome, SideBetName, paytable_names


def counts(analysis: SideBetAnalysis, denominator: int) -> dict[str, Fraction]:
    """Each line's probability times the published denominator (a whole count if exact)."""
    return {line.outcome: line.probability * denominator for line in analysis.outcomes}


# -- published figures ------------------------------------------------------------------------


def test_lucky_lucky_six_deck_combination_counts() -> None:
    """SPEC 4: "Lucky Lucky, 6 decks: the 3-card combinations out of C(312,3) = 5,013,320 are
    suited 777 80, suited 678 864, unsuited 777 1,944, unsuited 678 12,960, suited 21 26,568,
    unsuited 21 406,296, 20 377,568, 19 364,320"."""
    analysis = analyse_side_bet("lucky-lucky", 6)
    assert math.comb(312, 3) == 5_013_320
    found = counts(analysis, 5_013_320)
    assert found == {
        "suited-777": 80,
        "suited-678": 864,
        "unsuited-777": 1_944,
        "unsuited-678": 12_960,
        "suited-21": 26_568,
        "unsuited-21": 406_296,
        "any-20": 377_568,
        "any-19": 364_320,
        LOSE: 5_013_320 - 1_190_600,
    }


@pytest.mark.rule("ll-104", "spec-4.ll.3")
def test_lucky_lucky_felt_table_is_the_documents_96_05_percent() -> None:
    """Seed 000: "The theoretical percentage return to player (RTP) for the Lucky Lucky side bet
    is 96.05%." SPEC 4: the `felt` table "is the table whose return with 6 decks is the
    document's 96.05% (exact EV = −24742/626665)"."""
    analysis = analyse_side_bet("lucky-lucky", 6, "felt")
    assert analysis.paytable == "felt"
    assert analysis.ev == Fraction(-24742, 626665)
    assert analysis.rtp == 1 + Fraction(-24742, 626665)
    assert round(float(analysis.rtp) * 100, 2) == 96.05


@pytest.mark.rule("ll-91", "spec-4.ll.3")
def test_lucky_lucky_default_table_is_felt() -> None:
    """SPEC 4: "Default pay table (`felt`): 200 / 100 / 50 / 25 / 15 / 3 / 2 / 2"."""
    analysis = analyse_side_bet("lucky-lucky")
    assert (analysis.paytable, analysis.decks) == ("felt", 6)
    assert [line.pays for line in analysis.outcomes] == [200, 100, 50, 25, 15, 3, 2, 2, -1]


@pytest.mark.rule("spec-4.ll.4")
def test_lucky_lucky_original_table() -> None:
    """SPEC 4: "Original table with 6 decks: EV = −16642/626665 (house edge 2.66%)"."""
    analysis = analyse_side_bet("lucky-lucky", 6, "original")
    assert analysis.ev == Fraction(-16642, 626665)
    assert round(float(analysis.house_edge) * 100, 2) == 2.66


@pytest.mark.rule("spec-4.lad.2")
def test_lucky_ladies_table_a_six_deck_counts_and_ev() -> None:
    """SPEC 4: "Lucky Ladies, table A, 6 decks: ordered player 2 cards + dealer 2 cards out of
    312·311·310·309: Q♥ pair + dealer BJ 135,360; Q♥ pair 2,738,340; matched 20 43,105,500;
    suited 20 193,112,640; unsuited 20 744,863,040; EV = −6379493/25818598 (house edge
    24.71%)"."""
    analysis = analyse_side_bet("lucky-ladies", 6, "A")
    denominator = 312 * 311 * 310 * 309
    found = counts(analysis, denominator)
    assert found == {
        "qh-pair-dealer-blackjack": 135_360,
        "qh-pair": 2_738_340,
        "matched-20": 43_105_500,
        "suited-20": 193_112_640,
        "any-20": 744_863_040,
        LOSE: denominator - 983_954_880,
    }
    assert analysis.ev == Fraction(-6379493, 25818598)
    assert round(float(analysis.house_edge) * 100, 2) == 24.71


@pytest.mark.rule("spec-4.l7.5")
def test_super_sevens_six_decks_third_card_always() -> None:
    """SPEC 4: "Super Sevens, 6 decks, third card always dealt: EV = −14288/125333 (house edge
    11.40%)"."""
    analysis = analyse_side_bet("lucky-7", 6, "super-sevens", ThirdCard.ALWAYS)
    assert analysis.ev == Fraction(-14288, 125333)
    assert round(float(analysis.house_edge) * 100, 2) == 11.40


# -- the Lucky 7 third card -------------------------------------------------------------------


@pytest.mark.rule("l7-27")
def test_lucky7_no_third_card_when_dealer_has_blackjack() -> None:
    """Seed 001: "Se il Banco fa blackjack, al giocatore non viene data una terza carta se ha
    due 7; in questo caso il Lucky 7 viene pagato sulle due carte iniziali."

    Independent check: the dealer's two cards are exchangeable with the spot's, so P(7-7-7) as
    played = P(7-7-7 always dealt) × P(no dealer blackjack from the 413 cards left of 8 decks).
    """
    always = analyse_side_bet("lucky-7", 8, third_card="always")
    played = analyse_side_bet("lucky-7", 8)
    assert played.third_card is ThirdCard.UNLESS_DEALER_BLACKJACK
    no_blackjack = 1 - Fraction(2 * 32 * 128, 413 * 412)
    for line in ("7-7-7", "7-7-7-suited"):
        assert played.probability(line) == always.probability(line) * no_blackjack
    # a single 7 and a loss are decided by the first two cards: the third card does not matter
    for line in ("7", LOSE):
        assert played.probability(line) == always.probability(line)
    assert played.probability("7") == Fraction(32, 416) * Fraction(384, 415)
    sevens = ("7-7", "7-7-suited", "7-7-7", "7-7-7-suited")
    assert sum(played.probability(o) for o in sevens) == sum(always.probability(o) for o in sevens)
    assert played.probability("7-7") > always.probability("7-7")
    assert any("always takes a third card" in note for note in played.notes)


@pytest.mark.rule("spec-3.decks")
def test_lucky7_default_is_the_variants_eight_decks() -> None:
    """SPEC 3: lucky-7 decks "8 (not in the document; the known online version uses 8)"."""
    assert default_decks("lucky-7") == 8
    assert default_decks("lucky-lucky") == 6
    assert default_decks("lucky-ladies") == 6
    analysis = analyse_side_bet("lucky-7")
    assert (analysis.decks, analysis.paytable) == (8, "super-sevens")


# -- every analysis is a distribution ---------------------------------------------------------


def all_analyses() -> Iterator[SideBetAnalysis]:
    """Every side bet, pay table, third-card mode and a spread of legal deck counts."""
    for bet in SideBetName:
        modes: tuple[ThirdCard | None, ...] = (
            tuple(ThirdCard) if bet is SideBetName.LUCKY_7 else (None,)
        )
        decks = (2, 6, 8) if bet is SideBetName.LUCKY_LADIES else (1, 2, 6, 8)
        for table in paytable_names(bet):
            for mode in modes:
                for n in decks:
                    yield analyse_side_bet(bet, n, table, mode)


def test_probabilities_sum_to_one_and_moments_agree() -> None:
    """Every line's probability is in [0, 1], they sum to 1, EV = Σ pays × p, hit frequency
    is the winning lines' probability and the variance is E[X²] − EV²."""
    for analysis in all_analyses():
        lines = analysis.outcomes
        assert sum(line.probability for line in lines) == 1, analysis
        assert all(0 <= line.probability <= 1 for line in lines)
        assert analysis.ev == sum(line.pays * line.probability for line in lines)
        assert analysis.hit_frequency == 1 - analysis.probability(LOSE)
        second = sum(line.pays**2 * line.probability for line in lines)
        assert analysis.variance == second - analysis.ev**2
        assert analysis.std_dev == pytest.approx(math.sqrt(analysis.variance))


# -- brute force over raw cards ---------------------------------------------------------------


def brute_force(deals: Iterator[tuple[str, int]], total: int) -> dict[str, Fraction]:
    """Tally (outcome, weight) pairs into a probability per outcome."""
    tally: Counter[str] = Counter()
    for outcome, weight in deals:
        tally[outcome] += weight
    assert sum(tally.values()) == total
    return {outcome: Fraction(n, total) for outcome, n in tally.items() if n}


def test_lucky_lucky_class_enumeration_equals_raw_cards_one_deck() -> None:
    """Every ordered (player, player, up card) deal of one real deck, classified by
    :func:`lucky_lucky.evaluate`, gives exactly the class enumeration."""
    shoe = build_shoe(1)
    deals = ((str(lucky_lucky.evaluate(a, b, c) or LOSE), 1) for a, b, c in permutations(shoe, 3))
    assert outcome_distribution("lucky-lucky", shoe) == brute_force(deals, 52 * 51 * 50)


def test_lucky_lucky_class_enumeration_equals_raw_cards_stacked_shoe() -> None:
    """A shoe that is not the same in every suit (no suit symmetry to exploit)."""
    shoe = parse_cards("7h 7h 7h 7s 6h 8h 8d As Kh Qs 9c 2d 5h")
    deals = ((str(lucky_lucky.evaluate(a, b, c) or LOSE), 1) for a, b, c in permutations(shoe, 3))
    assert outcome_distribution("lucky-lucky", shoe) == brute_force(deals, math.perm(13, 3))


def test_lucky7_always_class_enumeration_equals_raw_cards_one_deck() -> None:
    """The spot's first three cards of one real deck, classified by :func:`lucky7.evaluate`."""
    shoe = build_shoe(1)
    deals = ((str(lucky7.evaluate((a, b, c)) or LOSE), 1) for a, b, c in permutations(shoe, 3))
    assert outcome_distribution("lucky-7", shoe, "always") == brute_force(deals, 52 * 51 * 50)


def lucky7_as_played(shoe: tuple[Card, ...]) -> Iterator[tuple[str, int]]:
    """Raw deals in the lucky-7 order: player card 1, dealer hole card, player card 2, dealer
    up card, then the player's third card, which a 7-7 spot does not get against a dealer
    blackjack (SPEC 4)."""
    for first, hole, second, up, third in permutations(shoe, 5):
        sevens = first.rank is Rank.SEVEN and second.rank is Rank.SEVEN
        if sevens and is_two_card_21((hole, up)):
            yield str(lucky7.evaluate((first, second)) or LOSE), 1
        else:
            yield str(lucky7.evaluate((first, second, third)) or LOSE), 1


@pytest.mark.parametrize(
    "shoe",
    [
        tuple(Card(rank, suit) for suit in Suit for rank in (Rank.SEVEN, Rank.ACE, Rank.KING)),
        parse_cards("7s 7s 7h 7h 7d As Ah Kd Qc Ts 5c 9h"),
    ],
    ids=["suit-symmetric", "stacked"],
)
def test_lucky7_as_played_class_enumeration_equals_raw_cards(shoe: tuple[Card, ...]) -> None:
    """Seed 001: "Se il Banco fa blackjack, al giocatore non viene data una terza carta se ha
    due 7" — every raw five-card deal of a small shoe, dealt in the lucky-7 order."""
    expected = brute_force(lucky7_as_played(shoe), math.perm(len(shoe), 5))
    assert outcome_distribution("lucky-7", shoe, "unless-dealer-blackjack") == expected


@pytest.mark.rule("spec-4.lad.1")
def test_lucky_ladies_class_enumeration_equals_raw_cards() -> None:
    """SPEC 4: "the player's first two cards total 20. Queen-of-hearts pair with dealer
    blackjack; queen-of-hearts pair; matched 20 (same rank and suit); suited 20; any 20" —
    every raw (player, player, dealer, dealer) deal of a small two-deck-like shoe."""
    shoe = parse_cards("Qh Qs Kh Ah As 9h 5d") * 2
    deals = (
        (str(lucky_ladies.evaluate(a, b, is_two_card_21((c, d))) or LOSE), 1)
        for a, b, c, d in permutations(shoe, 4)
    )
    found = outcome_distribution("lucky-ladies", shoe)
    assert found == brute_force(deals, math.perm(14, 4))
    assert set(found) == {*map(str, LuckyLadiesOutcome), LOSE}


# -- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("lucky-ladies", 1), "2 to 8 deck"),
        (("lucky-ladies", 9), "2 to 8 deck"),
        (("lucky-lucky", 0), "decks"),
        (("lucky-lucky", 6, "nope"), "no pay table 'nope'"),
        (("lucky-8", 6), "unknown side bet"),
        (("lucky-lucky", 6, None, "always"), "lucky-7 only"),
        (("lucky-7", 8, None, "sometimes"), "third-card"),
    ],
)
def test_impossible_analyses_are_refused(args: tuple[object, ...], message: str) -> None:
    """SPEC 3: "Rules reject impossible combinations when built (e.g. Lucky Ladies with 1 deck
    or more than 8 decks)"; SPEC 4: Lucky Ladies is "Only allowed on 2–8 deck games"."""
    with pytest.raises(InvalidRulesError, match=message):
        analyse_side_bet(*args)  # type: ignore[arg-type]


# -- the command ------------------------------------------------------------------------------


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``twentyone`` a command group even while ``sidebet`` is its only sub-command.

    Typer runs a lone command as the whole program (``twentyone NAME`` instead of
    ``twentyone sidebet NAME``) until a second command or a callback is registered; the real
    command line has several, so the tests give the app a no-op callback when it lacks one.
    """
    app = twentyone.cli.app
    if app.registered_callback is None and len(app.registered_commands) == 1:
        monkeypatch.setattr(app, "registered_callback", None)
        app.callback()(lambda: None)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``twentyone`` in-process; (exit status, stdout, stderr)."""
    status = twentyone.cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.usefixtures("cli")
def test_cli_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC 9: "`sidebet --json`: {"name", "paytable", "decks", "ev": "p/q", "ev_float", "rtp",
    "outcomes": [{"outcome", "pays", "probability": "p/q", "probability_float"}]}"."""
    status, out, err = run(capsys, "sidebet", "lucky-lucky", "--decks", "6", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert {"name", "paytable", "decks", "ev", "ev_float", "rtp", "outcomes"} <= set(data)
    assert (data["name"], data["paytable"], data["decks"]) == ("lucky-lucky", "felt", 6)
    assert data["ev"] == "-24742/626665"
    assert data["ev_float"] == float(Fraction(-24742, 626665))
    assert round(data["rtp"] * 100, 2) == 96.05
    outcomes = data["outcomes"]
    assert [o["outcome"] for o in outcomes][:2] == ["suited-777", "suited-678"]
    for line in outcomes:
        assert {"outcome", "pays", "probability", "probability_float"} <= set(line)
        assert float(Fraction(line["probability"])) == line["probability_float"]
    assert sum(Fraction(line["probability"]) for line in outcomes) == 1
    assert {"hit_frequency", "std_dev", "notes"} <= set(data)


@pytest.mark.usefixtures("cli")
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ("lucky-7", "--decks", "6", "--third-card", "always"),
            ("super-sevens", 6, "-14288/125333"),
        ),
        (("lucky-ladies", "--paytable", "A"), ("A", 6, "-6379493/25818598")),
        (("lucky-lucky", "--paytable", "original"), ("original", 6, "-16642/626665")),
        (("lucky-7",), ("super-sevens", 8, None)),
    ],
)
def test_cli_options_and_default_decks(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], expected: tuple[str, int, str | None]
) -> None:
    """SPEC 9: "`--paytable NAME`; for Lucky 7 `--third-card always|unless-dealer-blackjack`
    (default: as the `lucky-7` variant plays it)"; the default deck count is the variant's."""
    status, out, _ = run(capsys, "sidebet", *argv, "--json")
    assert status == 0
    data = json.loads(out)
    table, decks, ev = expected
    assert (data["paytable"], data["decks"]) == (table, decks)
    if ev is not None:
        assert data["ev"] == ev
    else:
        assert data["third_card"] == "unless-dealer-blackjack"


@pytest.mark.usefixtures("cli")
def test_cli_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json the command prints a readable table with the RTP, the outcomes by their
    names (the pay table's id in brackets, for --paytable)."""
    status, out, _ = run(capsys, "sidebet", "lucky-lucky")
    assert status == 0
    assert "Suited 7-7-7" in out and "suited-777" not in out
    assert "(felt)" in out
    assert "RTP: 96.0518%" in out


@pytest.mark.usefixtures("cli")
@pytest.mark.parametrize(
    "argv",
    [
        ("lucky-ladies", "--decks", "1"),
        ("lucky-ladies", "--decks", "9"),
        ("lucky-lucky", "--paytable", "nope"),
        ("no-such-bet",),
        ("lucky-lucky", "--third-card", "always"),
        ("lucky-7", "--third-card", "sometimes"),
    ],
)
def test_cli_bad_arguments_exit_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    """SPEC 9: "Exit status 0 on success, 2 on bad arguments with a one-line message on
    stderr" (`error: CODE: message`); nothing on stdout."""
    status, out, err = run(capsys, "sidebet", *argv, "--json")
    assert status == 2
    assert out == ""
    assert err.startswith("error: invalid-rules: ")
    assert err.count("\n") == 1
