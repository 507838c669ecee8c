"""Scenario replay goldens and the replay command's error contract (SPEC section 10).

Each ``<variant>_<what-it-shows>.json`` here is a scenario; ``expected/<same name>.json`` is its
replay result worked out by hand from the rules (the cards, totals, outcomes and every wager's
stake and return), not captured from the program. The test runs
``twentyone replay FILE --json`` and compares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from twentyone.cli import main

HERE = Path(__file__).parent
SCENARIOS = sorted(HERE.glob("*.json"))
SCENARIO_KEYS = {"variant", "rules", "spots", "cards", "actions"}
OUTPUT_KEYS = {"variant", "dealer", "hands", "wagers", "staked", "returned", "net"}


def normalised(result: dict[str, Any]) -> dict[str, Any]:
    """The replay output with hands and wagers in a fixed order (SPEC 10 fixes no order)."""
    out = dict(result)
    out["hands"] = sorted(result["hands"], key=lambda h: (h["spot"], h["hand"]))
    kinds = {"hand": 0, "insurance": 1, "side": 2}
    out["wagers"] = sorted(
        result["wagers"],
        key=lambda w: (w["spot"], kinds[w["kind"]], w["hand"] or 0, w["name"] or ""),
    )
    return out


def test_there_are_scenarios_each_with_an_expected_result() -> None:
    """Every scenario has a hand-derived expected result and vice versa."""
    assert len(SCENARIOS) >= 20
    expected = {p.name for p in (HERE / "expected").glob("*.json")}
    assert expected == {p.name for p in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_file_has_only_scenario_keys(path: Path) -> None:
    """SPEC 10: a scenario names variant, rules (optional), spots, cards and actions."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data) <= SCENARIO_KEYS
    assert {"variant", "spots", "cards"} <= set(data)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_replay_matches_the_hand_derived_result(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``twentyone replay FILE --json`` prints the settlement worked out from the rules."""
    code = main(["replay", str(path), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    result = json.loads(out)
    assert set(result) == OUTPUT_KEYS
    expected = json.loads((HERE / "expected" / path.name).read_text(encoding="utf-8"))
    assert normalised(result) == normalised(expected)
    assert result["net"] == result["returned"] - result["staked"]


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


ERRORS = [
    ("unknown-variant", scenario(variant="lucky-13")),
    ("invalid-rules", scenario(variant="lucky-ladies", rules={"decks": 1})),
    ("invalid-rules", scenario(rules={"no_such_switch": True})),
    ("invalid-rules", scenario(rules={"decks": "many"})),
    (
        "invalid-bet",
        scenario(variant="lucky-7", spots=[{"bet": 1000, "side_bets": {"lucky-7": 200}}]),
    ),
    ("invalid-bet", scenario(spots=[{"bet": 0, "side_bets": {"lucky-lucky": 100}}])),
    ("invalid-bet", scenario(variant="european", spots=[{"bet": 1000}, {"bet": 1000}])),
    (
        "invalid-bet",
        scenario(variant="european", spots=[{"bet": 1000, "side_bets": {"lucky-lucky": 100}}]),
    ),
    (
        "invalid-bet",
        scenario(
            variant="lucky-ladies", spots=[{"bet": 1000, "side_bets": {"lucky-ladies": 2001}}]
        ),
    ),
    ("invalid-card", scenario(cards=["Ts", "1d", "8c", "Kd"])),
    ("invalid-card", scenario(cards=["Ts", "7x", "8c", "Kd"])),
    # European: 8 + 10 = 18 is not doubled (9, 10 or 11 only)
    ("illegal-action", scenario(variant="european", cards=["Ts", "7d", "8c"], actions=["double"])),
    ("illegal-action", scenario(actions=["fold"])),
    ("missing-action", scenario(actions=[])),
    # a blackjack against a 7: the round is over at the deal
    ("unused-actions", scenario(cards=["As", "7d", "Kc", "Td"], actions=["stand"])),
    # SPEC 10's own example: after the hit busts spot 0 and spot 1 stands on 16, the dealer's 9
    # must draw and the seven listed cards are all used
    (
        "shoe-exhausted",
        {
            "variant": "lucky-lucky",
            "rules": {"decks": 6},
            "spots": [{"bet": 1000, "side_bets": {"lucky-lucky": 100}}, {"bet": 500}],
            "cards": ["7s", "9h", "7s", "Kd", "7s", "2c", "Th"],
            "actions": ["hit", "stand", "stand"],
        },
    ),
    ("shoe-exhausted", scenario(cards=["Ts", "7d", "8c"])),
    ("invalid-scenario", scenario(_comment="descriptions go in the file name")),
    ("invalid-scenario", {"spots": [{"bet": 1000}], "cards": ["Ts"]}),
    ("invalid-scenario", scenario(spots={"bet": 1000})),
    ("invalid-scenario", scenario(cards="Ts 7d 8c Kd")),
    ("invalid-scenario", scenario(actions="stand")),
    ("invalid-scenario", ["not", "an", "object"]),
]


@pytest.mark.parametrize(
    ("code", "data"), ERRORS, ids=[f"{c}-{i}" for i, (c, _) in enumerate(ERRORS)]
)
def test_replay_error_codes(
    code: str, data: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: "Errors: exit status 2 and one line on stderr `error: CODE: message` [...]
    Nothing else is printed."
    """
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n")
    assert len(err.splitlines()) == 1
    assert err.startswith(f"error: {code}: ")


@pytest.mark.parametrize("text", ["{not json", ""])
def test_replay_of_text_that_is_not_json(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SPEC 10: a file that is not a scenario is ``invalid-scenario``."""
    path = tmp_path / "scenario.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("error: invalid-scenario: ")


def test_replay_of_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """SPEC 10: a scenario that cannot be read is ``invalid-scenario`` (exit 2, one line)."""
    assert main(["replay", str(tmp_path / "nowhere.json"), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1
    assert err.startswith("error: invalid-scenario: ")
