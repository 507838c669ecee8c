"""Pay tables are data: an operator adds one from a JSON file, without code (SPEC 4)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.errors import InvalidRulesError
from twentyone.rules import Rules, SideBetRules
from twentyone.sidebets.paytables import (
    SideBetName,
    find_paytable,
    load_paytables,
    unregister_paytable,
)

HOUSE_TABLE = {
    "name": "house-special",
    "side_bet": "lucky-lucky",
    "pays": {
        "suited-777": 100,
        "suited-678": 100,
        "unsuited-777": 30,
        "unsuited-678": 30,
        "suited-21": 10,
        "unsuited-21": 3,
        "any-20": 2,
        "any-19": 1,
    },
}


@pytest.fixture(autouse=True)
def _forget_the_house_table() -> Iterator[None]:
    """The registry is the process's: a table left in it would be a pay table without a display
    name for the tests that run after these in the same worker (test_api_names)."""
    yield
    unregister_paytable(SideBetName.LUCKY_LUCKY, "house-special")


@pytest.mark.rule("spec-4.paytables")
def test_a_table_from_json_is_registered_and_analysed(tmp_path: Path) -> None:
    path = tmp_path / "tables.json"
    path.write_text(json.dumps([HOUSE_TABLE]))
    (table,) = load_paytables(path)
    assert find_paytable("lucky-lucky", "house-special") is table
    analysis = analyse_side_bet("lucky-lucky", decks=6, paytable="house-special")
    # EV = sum(pays x P(line)) - P(no line); the line probabilities do not depend on the table
    felt = analyse_side_bet("lucky-lucky", decks=6, paytable="felt")
    expected = sum(
        (Fraction(HOUSE_TABLE["pays"][line.outcome]) if line.outcome != "lose" else Fraction(-1))
        * line.probability
        for line in felt.outcomes
    )
    assert analysis.ev == expected
    rules = Rules(side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "house-special", 100, 500),))
    assert rules.side_bet("lucky-lucky") is not None


def test_a_table_missing_an_outcome_is_refused(tmp_path: Path) -> None:
    broken = dict(HOUSE_TABLE, pays={"any-19": 1})
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(broken))
    with pytest.raises(ValueError, match="must list exactly the outcomes"):
        load_paytables(path)


def test_unknown_table_in_the_rules_is_an_invalid_rules_error() -> None:
    with pytest.raises(InvalidRulesError, match="no pay table"):
        Rules(side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "no-such-table", 100, 500),))


def test_environment_file_is_read_at_start(tmp_path: Path) -> None:
    """``$TWENTYONE_PAYTABLES`` names the operator's file: the command sees its tables."""
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(HOUSE_TABLE))
    env = {**os.environ, "TWENTYONE_PAYTABLES": str(path)}
    code = "from twentyone.cli import main; raise SystemExit(main(['sidebet', 'lucky-lucky', "
    code += "'--paytable', 'house-special', '--json']))"
    run = [sys.executable, "-c", code]
    done = subprocess.run(run, check=False, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["paytable"] == "house-special"
