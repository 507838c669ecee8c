"""What a first-time user of ``twentyone`` typed and got a traceback, a wrong code or a slug for
(the review of 2026-12-01): each case is one line ``error: CODE: message`` and exit status 2, or
the person's own words where a person reads the output."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import fails

from twentyone.cli import main


@pytest.mark.parametrize("fmt", ["html", "png", "json", "text"])
def test_strategy_to_an_unwritable_place(
    fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was a FileNotFoundError traceback (exit 1) for every format."""
    out = tmp_path / "no-such-folder" / f"chart.{fmt}"
    argv = ["strategy", "european", "--format", fmt, "--out"]
    line = fails(capsys, [*argv, str(out)], "invalid-argument")
    assert str(out) in line
    fails(capsys, [*argv, str(tmp_path)], "invalid-argument")  # a folder


def test_the_strategy_chart_is_titled_with_the_games_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The chart is a picture or page for people: 'European Blackjack' (its title in
    presets.toml), not the id 'european'; an override the user typed is named."""
    assert main(["strategy", "european", "--format", "json"]) == 0
    chart = json.loads(capsys.readouterr().out)
    assert chart["variant"] == "european"  # the machine's key stays the id
    assert chart["title"].startswith("European Blackjack: basic strategy")
    assert main(["strategy", "european", "--rule", "decks=6"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("European Blackjack (decks=6)") and "(6 decks)" in first


def test_replay_of_a_file_that_is_not_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was a UnicodeDecodeError traceback."""
    path = tmp_path / "round.json"
    path.write_bytes(b'{"variant": "european\xd0\x00\xff"}')
    line = fails(capsys, ["replay", str(path)], "invalid-scenario")
    assert "not UTF-8" in line


@pytest.mark.parametrize(
    ("cards", "up", "seen"),
    [
        ("As As", "As", "As As As As"),  # seven A♠ in a 2-deck shoe (it holds two)
        ("Ac As", "Ac", "Ac"),  # three A♣
    ],
)
def test_advise_refuses_cards_the_shoe_cannot_hold(
    cards: str, up: str, seen: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """README: "no card may come more often than the rules' deck count" (European: 2 decks).
    Was answered with advice, the ranks alone being counted."""
    argv = ["advise", "european", "--cards", cards, "--up", up, "--seen", seen]
    line = fails(capsys, argv, "invalid-card")
    assert "2 decks" in line


def test_a_bad_choice_reads_plainly(capsys: pytest.CaptureFixture[str]) -> None:
    """The reason without pydantic's 'Value error, ' in front of it."""
    line = fails(capsys, ["rules", "european", "--lang", "fr"], "usage")
    assert "Value error" not in line
    assert "'fr' is not one of 'en', 'it'" in line


@pytest.mark.parametrize(
    "argv",
    [
        ["sweep", "--db", "nope://x"],
        ["migrate", "--db", "nope://x"],
        ["play", "european", "--db", "nope://x"],
        ["sweep", "--db", "not a url"],
    ],
)
def test_a_database_that_will_not_open(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """As ``serve`` already said it: one line naming the URL (was SQLAlchemy's traceback)."""
    line = fails(capsys, argv, "invalid-argument")
    assert line.startswith(f"error: invalid-argument: cannot open {argv[-1]}: ")


def _command(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``twentyone ARGV`` in a fresh interpreter: pay tables are read when twentyone starts."""
    code = f"import sys\nfrom twentyone.cli import main\nsys.exit(main({argv!r}))\n"
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "cannot read the pay tables"),
        (b"\xd0\x00\xff", "not UTF-8"),
        (b'[{"name": "x"', "not valid JSON"),
        (b'[{"name": "x", "pays": {}}]', "has no 'side_bet'"),
        (b'["x"]', "each pay table is a JSON object"),
        (b'{"name": "x", "side_bet": "lucky-7", "pays": {"7": 1}}', "must list exactly"),
    ],
)
@pytest.mark.parametrize("argv", [["variants"], ["sidebet", "lucky-7"]])
def test_a_bad_paytables_file_is_one_line(
    content: bytes | None, problem: str, argv: list[str], tmp_path: Path
) -> None:
    """``$TWENTYONE_PAYTABLES`` naming a missing, binary or malformed file was a traceback from
    every command, ``variants`` and ``serve`` included."""
    path = tmp_path / "tables.json"
    if content is not None:
        path.write_bytes(content)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "TWENTYONE_PAYTABLES": str(path)}
    env["TWENTYONE_HOME"] = str(tmp_path)
    done = _command(argv, env)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: invalid-rules: ") and problem in lines[0], lines[0]
    assert str(path) in lines[0]


def test_simulate_reads_as_house_edge_does(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate printed -0.00563 where house-edge prints -0.5630% for the same exact figure,
    and its events by their keys (player_blackjack, dealer_blackjack_refund) with rows of
    zeros for what the game never does (a Charlie in European)."""
    assert main(["house-edge", "european", "--strategy", "basic"]) == 0
    edge = capsys.readouterr().out
    exact = re.search(r"player EV per initial bet\s+(\S+%)", edge)
    per_total = re.search(r"EV per total amount bet\s+(\S+%)", edge)
    assert exact is not None and per_total is not None
    argv = ["simulate", "european", "--rounds", "2e4", "--seed", "4", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("European Blackjack: 20,000 rounds")
    assert re.search(rf"exact EV\s+{re.escape(exact.group(1))}\s", out), out
    assert f"exact {per_total.group(1)}" in out
    assert re.search(r"EV per initial bet\s+[+-]\d\.\d{4}%  99% CI \[", out)
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", out), out  # no key of the JSON object
    assert "player blackjack" in out and "not seen: a Charlie" in out


@pytest.mark.parametrize("bet", ["lucky-lucky", "lucky-7", "lucky-ladies"])
def test_sidebet_names_outcomes_for_people(bet: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The table read 'suited-777', 'qh-pair-dealer-blackjack': the outcomes' ids."""
    from twentyone.sidebets.paytables import OUTCOMES, SideBetName

    assert main(["sidebet", bet]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    assert len(rows) >= len(OUTCOMES[SideBetName(bet)])
    slugs = {o for o in OUTCOMES[SideBetName(bet)] if "-" in o and not o.replace("-", "").isdigit()}
    assert not [row for row in rows for slug in slugs if slug in row], rows


def test_the_readme_names_every_command() -> None:
    """A first-time user reads the README's table: ``admin`` and ``migrate`` were missing."""
    import typer.main

    from twentyone.cli import app

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    group = typer.main.get_group(app)
    missing = [
        name
        for name in group.list_commands(typer.Context(group))  # type: ignore[arg-type]
        if f"`twentyone {name} " not in readme
    ]
    assert missing == []


def test_the_readmes_catalogue_mistakes_are_what_games_check_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The README's example of three mistakes could not be produced: a rule key misspelt keeps
    the rules as a whole (late surrender without a peek) from being checked. Its example
    catalogue with those three mistakes made prints exactly its lines."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Games as data", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    shown = section.split("for example\n\n```\n", 1)[1].split("```", 1)[0].splitlines()
    broken = (
        example.replace('"generous"', '"first-use-generous"')
        .replace('surrender = "late"', 'surender = "late"')
        .replace("dealer_hits_soft_17 = true", 'dealer_hits_soft_17 = "maybe"')
        + "gold = { min_bet = 5000, max_bet = 1000 }\n"
    )
    path = tmp_path / "games.toml"
    path.write_text(broken, encoding="utf-8")
    assert main(["games", "check", str(path)]) == 2
    printed = capsys.readouterr().err.replace(str(path), "games.toml").splitlines()
    assert printed == shown


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_play_refuses_a_player_name_the_store_cannot_keep(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty name made a nameless player (a blank link in the back office); one over the
    column's 100 characters fails on PostgreSQL with the driver's traceback."""
    line = fails(
        capsys, ["play", "european", "--player", name, "--db", "sqlite://"], "invalid-argument"
    )
    assert "1 to 100 characters" in line


def test_replay_text_reads_as_the_table_does(capsys: pytest.CaptureFixture[str]) -> None:
    """The replay's text is for a person: spots and hands counted from 1 as the table counts
    them, outcomes and wagers named, money as 10.00 and not as the scenario's 1000 minor units
    (SPEC section 10: the settlement of a scripted round)."""
    scenario = Path(__file__).parents[1] / "scenarios"
    path = scenario / "lucky-ladies_resplit-hands-numbered-in-play-order.json"
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Dealer: 5d Tc 7h = 22"
    assert out[1] == "Spot 1 · Hand 1: 8s Ts = 18, Win"
    assert "  Spot 1 · Hand 3: staked 10.00, returned 20.00" in out
    assert out[-1] == "Staked 30.00, returned 60.00, net +30.00"
    assert not any("spot 0" in line or "1000" in line for line in out)
