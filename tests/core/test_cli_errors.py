"""Bad arguments: exit status 2 and exactly one line ``error: CODE: message`` (SPEC 9, 10)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import fails

from twentyone.engine import SpotBet
from twentyone.errors import InvalidBetError


def test_malformed_side_bets_override_in_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = {
        "variant": "lucky-lucky",
        "rules": {"side_bets": ["x"]},
        "spots": [{"bet": 1000}],
        "cards": ["9s", "5h", "7d", "Qs", "2c"],
        "actions": ["stand"],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    fails(capsys, ["replay", str(path), "--json"], "invalid-rules")


def test_fractional_stake_in_a_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = {"variant": "european", "spots": [{"bet": 1000.5}], "cards": ["9s", "5h", "7d"]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario))
    fails(capsys, ["replay", str(path)], "invalid-bet")


@pytest.mark.parametrize("stake", [1001.0, True, "1001"])
def test_a_stake_is_always_an_int(stake: object) -> None:
    """SPEC 2: "Money is an integer number of minor units" — even a float equal to an int."""
    with pytest.raises(InvalidBetError):
        SpotBet(stake)  # type: ignore[arg-type]
    with pytest.raises(InvalidBetError):
        SpotBet.of(1000, {"lucky-lucky": stake})  # type: ignore[dict-item]


def test_report_to_an_unwritable_place(capsys: pytest.CaptureFixture[str]) -> None:
    fails(capsys, ["report", "european", "--out", "/nonexistent/dir/x.html"], "invalid-argument")


def test_serve_with_a_bad_database_url(capsys: pytest.CaptureFixture[str]) -> None:
    fails(capsys, ["serve", "--db", "nope://x"], "invalid-argument")


@pytest.mark.parametrize("address", ["notanaddress", "tcp://127.0.0.1:1"])
def test_simulate_with_an_unreachable_dask_scheduler(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "european", "--rounds", "10", "--dask", address]
    fails(capsys, argv, "dask-unavailable")


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["rules", "spanish-21"], "unknown-variant"),
        (["house-edge", "european", "--rule", "decks=0"], "invalid-rules"),
        (["house-edge", "european", "--rule", "nonsense"], "invalid-rules"),
        (["sidebet", "lucky-ladies", "--decks", "1"], "invalid-rules"),
        (["strategy", "nope"], "unknown-variant"),
        (["simulate", "nope", "--rounds", "10"], "unknown-variant"),
        (["sidebet", "lucky-lucky", "--decks", "x"], "usage"),
        (["variants", "--bogus"], "usage"),
    ],
)
def test_every_command_reports_bad_arguments_in_one_line(
    argv: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    fails(capsys, argv, code)


@pytest.mark.parametrize(
    ("rule", "allowed"),
    [
        ("peek=maybe", ["ace_and_ten", "none", "enhc"]),
        ("double_on=xx", ["any", "9-11", "10-11"]),
        ("split_by=suit", ["value", "rank"]),
        ("surrender=early", ["none", "late"]),
        ("blackjack_pays=1/0", ["a ratio such as 3/2 with a positive denominator"]),
        ("insurance_pays=two", ["a ratio such as 3/2 with a positive denominator"]),
    ],
)
def test_a_bad_rule_value_is_told_what_is_allowed(
    rule: str, allowed: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A first-use review: ``--rule peek=maybe`` said "bad value 'maybe' for peek" only. The
    one line names the key, the value given and every allowed value (or the allowed form)."""
    key, _, value = rule.partition("=")
    line = fails(capsys, ["house-edge", "european", "--rule", rule], "invalid-rules")
    message = line.removeprefix("error: invalid-rules: ")
    assert message.startswith(f"{key} must be "), message
    assert f"not '{value}'" in message
    for word in allowed:
        assert word in message.split(" must be ")[1], (word, message)
    assert "bad value" not in message
