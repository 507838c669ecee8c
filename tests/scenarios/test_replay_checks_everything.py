"""Replay refuses every impossible or malformed scenario, and names every result truly.

SPEC section 10: "Replay checks everything the rules define (number of spots, which side bets
the variant offers, side-bet stakes and limits, impossible rules)". Each test here was written
against a way the replay command fell short of that (issue 16); the expected figures are worked
out by hand from the cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from twentyone.cli import main
from twentyone.money import MAX_MONEY
from twentyone.rulestext import rules_document
from twentyone.variants import find_variant


def replay(data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, Any]:
    """Run ``twentyone replay FILE --json``: (exit status, parsed output or the error line)."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    if code == 0:
        assert err == ""
        return code, json.loads(out)
    assert out == ""
    assert len(err.splitlines()) == 1
    return code, err.rstrip("\n")


def scenario(**fields: Any) -> dict[str, Any]:
    """A valid Lucky Lucky scenario (a standing 18 against a 17), with fields replaced."""
    base: dict[str, Any] = {
        "variant": "lucky-lucky",
        "spots": [{"bet": 1000}],
        "cards": ["Ts", "7d", "8c", "Kd"],
        "actions": ["stand"],
    }
    base.update(fields)
    return base


# -- 1. the deck count is a rule: no card more often than the shoe holds ----------------------


def test_three_aces_of_spades_do_not_fit_a_two_deck_european_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 3: European has 2 decks, so the shoe holds the ace of spades twice."""
    data = {
        "variant": "european",
        "spots": [{"bet": 1000}],
        "cards": ["As", "As", "As", "9d"],  # player As, dealer As, player As: 3 of one card
        "actions": ["stand"],
    }
    code, err = replay(data, tmp_path, capsys)
    assert code == 2
    assert err == "error: invalid-card: a shoe of 2 decks holds each card 2 times: As comes 3 times"


def test_two_aces_of_spades_fit_a_two_deck_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As many copies as decks is fine: player As + 9d = soft 20, dealer As (one card only),
    then the dealer draws 6d to soft 17 and stands (20 beats 17: +1000)."""
    data = {
        "variant": "european",
        "spots": [{"bet": 1000}],
        "cards": ["As", "As", "9d", "6d"],
        "actions": ["no-insurance", "stand"],
    }
    code, result = replay(data, tmp_path, capsys)
    assert code == 0
    assert result["net"] == 1000


def test_eight_queens_of_hearts_do_not_fit_a_six_deck_lucky_ladies_shoe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 3: Lucky Ladies has 6 decks; four queen-of-hearts pairs would need 8 Qh."""
    spot = {"bet": 1000, "side_bets": {"lucky-ladies": 1000}}
    data = {
        "variant": "lucky-ladies",
        "spots": [spot, spot, spot, spot],
        # Qh to each spot, dealer 9c up, Qh to each spot again, dealer hole 8d
        "cards": ["Qh", "Qh", "Qh", "Qh", "9c", "Qh", "Qh", "Qh", "Qh", "8d"],
        "actions": ["stand"] * 4,
    }
    code, err = replay(data, tmp_path, capsys)
    assert code == 2
    assert err == "error: invalid-card: a shoe of 6 decks holds each card 6 times: Qh comes 8 times"


def test_the_deck_count_is_the_one_the_rules_override_sets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: ``rules`` overrides the variant's switches, the deck count too: two Ts in a
    one-deck shoe is one too many."""
    code, err = replay(
        scenario(rules={"decks": 1}, cards=["Ts", "7d", "Ts", "Kd"]), tmp_path, capsys
    )
    assert code == 2
    assert err == "error: invalid-card: a shoe of 1 deck holds each card once: Ts comes 2 times"


# -- 2. every field has one type ------------------------------------------------------------


@pytest.mark.parametrize("value", [[], 0, None, "decks=6", True])
def test_rules_that_are_not_an_object_are_refused(
    value: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: "`rules` (optional) overrides rule switches": an object, or absent."""
    code, err = replay(scenario(rules=value), tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: invalid-scenario: 'rules' must be an object of rule switches")
    assert err.endswith(f"not {json.dumps(value)}")


@pytest.mark.parametrize("value", [[], 0, None, "lucky-lucky", 100])
def test_side_bets_that_are_not_an_object_are_refused(
    value: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10's example: ``"side_bets": {"lucky-lucky": 100}`` maps names to stakes."""
    code, err = replay(scenario(spots=[{"bet": 1000, "side_bets": value}]), tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: invalid-scenario: spot 0: 'side_bets' must be an object")
    assert err.endswith(f"not {json.dumps(value)}")


def test_empty_objects_are_still_fine(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An empty ``rules`` or ``side_bets`` object changes nothing: 18 beats 17, +1000."""
    data = scenario(rules={}, spots=[{"bet": 1000, "side_bets": {}}])
    code, result = replay(data, tmp_path, capsys)
    assert (code, result["net"]) == (0, 1000)


# -- 3. a bad side-bet stake names that stake only ------------------------------------------


@pytest.mark.parametrize(("stake", "written"), [(150.5, "150.5"), (None, "null"), ("1", '"1"')])
def test_a_bad_side_bet_stake_is_named_alone(
    stake: object, written: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: "Stakes are integers in minor units" — the error names the side bet and the
    value written, not the (valid) main bet."""
    spots = [{"bet": 1000, "side_bets": {"lucky-lucky": stake}}]
    code, err = replay(scenario(spots=spots), tmp_path, capsys)
    assert code == 2
    assert err == (
        "error: invalid-bet: spot 0: side bet lucky-lucky: the stake must be a whole number of "
        f"minor units, not {written}"
    )
    assert "1000" not in err


def test_a_bad_main_bet_is_named_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same for the main bet: the side bet's valid 100 is not in the message."""
    spots = [{"bet": 10.5, "side_bets": {"lucky-lucky": 100}}]
    code, err = replay(scenario(spots=spots), tmp_path, capsys)
    assert code == 2
    assert err == (
        "error: invalid-bet: spot 0: the main bet must be a whole number of minor units, not 10.5"
    )


# -- 4. insurance is asked of every spot; a one-cent bet can only decline ----------------------

ONE_CENT = {
    "variant": "lucky-lucky",
    "spots": [{"bet": 1}],
    # player 9s, dealer Ad up, player 8h -> 17, dealer hole 7c (no peek): soft 18 stands
    "cards": ["9s", "Ad", "8h", "7c"],
}


def test_a_one_cent_bet_is_asked_insurance_and_declines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """000 Lucky Lucky: "If the dealer's face up card is an Ace, you are offered insurance." —
    every spot, whatever its bet. 17 loses to the dealer's 18: net -1."""
    code, result = replay({**ONE_CENT, "actions": ["no-insurance", "stand"]}, tmp_path, capsys)
    assert code == 0
    assert result["net"] == -1
    assert [w["kind"] for w in result["wagers"]] == ["hand"]


def test_a_one_cent_bet_sending_insurance_is_told_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Half of one cent rounded down stakes nothing: insurance is refused with that reason."""
    code, err = replay({**ONE_CENT, "actions": ["insurance", "stand"]}, tmp_path, capsys)
    assert code == 2
    assert err == (
        "error: illegal-action: insurance on spot 0's bet of 1 would stake less than one minor "
        "unit (half the bet, rounded down); the smallest bet that can be insured is 2; "
        "legal: no-insurance"
    )


def test_a_one_cent_bet_must_answer_the_insurance_question(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The round asks insurance before any hand is played (SPEC 3), so ``stand`` is early."""
    code, err = replay({**ONE_CENT, "actions": ["stand"]}, tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: illegal-action: stand is not legal in phase insurance")


def test_the_rules_text_says_a_one_cent_bet_can_only_decline() -> None:
    """SPEC 3: the rules text is generated from the rules and says what the engine does."""
    text = " ".join(rules_document(find_variant("lucky-lucky"))["text"])
    sentence = (
        "A bet of one cent has no half to stake: that spot is asked too, and can only decline."
    )
    assert sentence in text


# -- 5. every money figure fits a signed 64-bit integer --------------------------------------


@pytest.mark.parametrize("bet", [10**30, 2**63, MAX_MONEY])
def test_a_bet_beyond_64_bits_is_refused(
    bet: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bet of 10^30 returned net 1.5 x 10^30; now no stake or payout can pass 2^63 - 1."""
    code, err = replay(scenario(spots=[{"bet": bet}]), tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: invalid-bet: ")
    assert "signed 64-bit integer" in err


def test_a_bet_whose_round_could_pass_64_bits_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """2^61 fits, but Lucky Lucky splits to two hands and doubles both: 4 x 2^61 staked, 8 x
    2^61 returned if both win, which is more than 2^63 - 1."""
    code, err = replay(scenario(spots=[{"bet": 2**61}]), tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: invalid-bet: these bets could stake or return up to ")


def test_a_large_bet_inside_the_bound_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """10^15 minor units (ten trillion) is far inside the bound: 18 beats 17."""
    code, result = replay(scenario(spots=[{"bet": 10**15}]), tmp_path, capsys)
    assert (code, result["net"]) == (0, 10**15)


def test_a_side_bet_limit_beyond_64_bits_is_an_invalid_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Side-bet limits are rules; a limit no 64-bit figure holds is an impossible rule."""
    side = {"name": "lucky-lucky", "paytable": "felt", "min_stake": 100, "max_stake": 2**63}
    code, err = replay(scenario(rules={"side_bets": [side]}), tmp_path, capsys)
    assert code == 2
    assert err.startswith("error: invalid-rules: lucky-lucky: stakes need")


# -- 6. hands are numbered in play order ------------------------------------------------------


def test_after_a_resplit_the_hand_played_second_is_hand_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 3: "After a split, the first hand receives its second card and is played to the end
    before the second hand receives its second card." Resplitting the first hand puts the new
    hand next in play, so it is hand 1 and the first split's other hand becomes hand 2."""
    data = {
        "variant": "lucky-ladies",
        "spots": [{"bet": 1000}],
        "cards": [
            "8s",  # player card 1
            "5d",  # dealer up card
            "8h",  # player card 2: a pair of 8s, split
            "Tc",  # dealer hole card: 15
            "8d",  # hand 0's second card: 8-8 again, split again
            "Ts",  # hand 0: 8-T = 18, stand
            "9s",  # the new hand (played second): 8d-9s = 17, stand
            "2c",  # the first split's other hand (played third): 8h-2c = 10, stand
            "7h",  # dealer 15 + 7 = 22, bust
        ],
        "actions": ["split", "split", "stand", "stand", "stand"],
    }
    code, result = replay(data, tmp_path, capsys)
    assert code == 0
    assert [(h["hand"], h["cards"]) for h in result["hands"]] == [
        (0, ["8s", "Ts"]),
        (1, ["8d", "9s"]),
        (2, ["8h", "2c"]),
    ]


# -- 7. an outcome name says what happened to the money ---------------------------------------

TEN_UP_SPLIT = {
    "variant": "lucky-lucky",
    "spots": [{"bet": 1000}],
    "cards": [
        "8s",  # player card 1
        "Td",  # dealer up card: a ten
        "8h",  # player card 2: a pair of 8s, split
        "As",  # dealer hole card: blackjack, found at the end (no peek)
        "3c",  # hand 0: 8-3 = 11, double
        "9c",  # hand 0's double card: 20
        "2c",  # hand 1: 8-2 = 10, double
        "Th",  # hand 1's double card: 20
    ],
    "actions": ["split", "double", "double"],
}


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # Lucky Lucky as published: a ten-up blackjack takes split stakes, returns doubles
        ({}, [("bet-lost-double-returned", 1000), ("bet-lost-double-returned", 1000)]),
        # split hands after the first returned too: hand 1 gets its whole stake back
        (
            {"bj_takes_split_vs_ten": False},
            [("bet-lost-double-returned", 1000), ("stake-returned", 2000)],
        ),
        # doubles taken, split hands returned: hand 0 loses all, hand 1 only its double
        (
            {"bj_takes_split_vs_ten": False, "bj_takes_double_vs_ten": True},
            [("lose", 0), ("bet-returned-double-lost", 1000)],
        ),
    ],
)
def test_a_part_refund_on_a_dealer_blackjack_is_named_for_the_money(
    rules: dict[str, bool],
    expected: list[tuple[str, int]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """000 Lucky Lucky: "If the dealer's first card has a 10-point value, and the player then
    doubles, and the dealer then reveals Blackjack, then the doubled bet is returned to the
    player." Two doubled split hands (stake 2000 each) against the blackjack; a name that says
    "refund" for a hand that lost its bet misled the reader."""
    code, result = replay({**TEN_UP_SPLIT, "rules": rules}, tmp_path, capsys)
    assert code == 0
    lines = [w for w in result["wagers"] if w["kind"] == "hand"]
    outcomes = [(h["outcome"], w["returned"]) for h, w in zip(result["hands"], lines, strict=True)]
    assert outcomes == expected
    assert [w["stake"] for w in lines] == [2000, 2000]


# -- 8. unknown words are called unknown; names are spelled exactly -----------------------------


@pytest.mark.parametrize(
    ("action", "hint"),
    [("fold", ""), ("STAND", " (did you mean 'stand'? actions are written in lower case)")],
)
def test_an_unknown_action_is_called_unknown_with_the_legal_ones(
    action: str, hint: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: "`actions`: ... `hit`, `stand`, `double`, `split`". Anything else is not an
    action at all, which the error says before listing what the round accepts now."""
    code, err = replay(scenario(actions=[action]), tmp_path, capsys)
    assert code == 2
    assert err == (
        f"error: illegal-action: unknown action {action!r}{hint}; the actions are hit, stand, "
        "double, split, surrender, insurance, no-insurance, even-money, no-even-money; legal "
        "now (spot 0, hand 0): hit, stand, double"
    )


@pytest.mark.parametrize(
    ("field", "written", "error"),
    [
        ("variant", "European", "unknown-variant: unknown variant 'European'"),
        ("variant", " european", "unknown-variant: unknown variant ' european'"),
        ("card", "ts", "invalid-card: invalid card 'ts'"),
        ("card", "TS", "invalid-card: invalid card 'TS'"),
    ],
)
def test_names_are_spelled_exactly(
    field: str, written: str, error: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One rule for every name in a scenario: it is spelled exactly as SPEC 10 writes it
    (variant names and aliases in lower case; rank ``A 2-9 T J Q K``, suit ``s h d c``; actions
    in lower case). A scenario is a record, so each thing has one spelling; the error suggests
    it."""
    data = scenario(variant="european", cards=["Ts", "7d", "8c", "Kd"])
    if field == "variant":
        data["variant"] = written
        suggestion = "(did you mean 'european'?)"
    else:
        data["cards"] = [written, "7d", "8c", "Kd"]
        suggestion = "(did you mean 'Ts'?)"
    code, err = replay(data, tmp_path, capsys)
    assert code == 2
    assert err.startswith(f"error: {error}")
    assert err.endswith(suggestion)


def test_a_side_bet_name_is_spelled_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Side-bet names follow the same rule as every other name in a scenario."""
    spots = [{"bet": 1000, "side_bets": {"Lucky-Lucky": 100}}]
    code, err = replay(scenario(spots=spots), tmp_path, capsys)
    assert code == 2
    assert err.startswith(
        "error: invalid-bet: spot 0: unknown side bet 'Lucky-Lucky' (did you mean 'lucky-lucky'?)"
    )


def test_an_alias_spelled_as_registered_is_a_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Aliases are names too ("eu" is European). No hole card: player Ts 8c = 18, dealer 7d,
    and the dealer's Kd is its first draw after the player stands: 17, and 18 wins."""
    code, result = replay(scenario(variant="eu"), tmp_path, capsys)
    assert (code, result["variant"], result["net"]) == (0, "european", 1000)
