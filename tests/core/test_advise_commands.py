"""The advisor from the command line: ``twentyone advise`` and the terminal game's ``?`` hint."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from rich.console import Console
from typer.testing import CliRunner

from twentyone.analysis.advisor import Situation, advise
from twentyone.cards import Shoe, parse_cards
from twentyone.cli import app, main
from twentyone.rules import Rules
from twentyone.store.service import TableService
from twentyone.terminal import play
from twentyone.variants import GAMES_ENV, find_variant, reload_games


def test_advise_json_gives_the_advisors_values_of_the_cards(capsys) -> None:  # type: ignore[no-untyped-def]
    """``--json``: the engine's legal actions for T-6 against a 9, each valued as the advisor
    values those cards (other cards seen taken out of the shoe)."""
    code = main(
        ["advise", "lucky-ladies", "--cards", "Th 6c", "--up", "9s", "--seen", "5d 5h", "--json"]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    [decision] = out["decisions"]
    rules = find_variant("lucky-ladies").rules
    expected = advise(
        rules,
        Situation(
            parse_cards("Th 6c"),
            parse_cards("9s")[0],
            parse_cards("5d 5h"),
            ("hit", "stand", "double"),
            1000,
        ),
    )
    assert [v["action"] for v in decision["values"]] == ["hit", "stand", "double"]
    assert [v["ev"] for v in decision["values"]] == [v.ev for v in expected.values]
    assert decision["best"] == "hit"


def test_advise_asks_insurance_first_with_an_ace_up(capsys) -> None:  # type: ignore[no-untyped-def]
    """With an ace up: the insurance question, then the hand once the dealer has no blackjack."""
    assert main(["advise", "lucky-ladies", "--cards", "Th 6c", "--up", "As", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [d["decision"] for d in out["decisions"]] == ["insurance", "the hand"]
    assert out["decisions"][0]["best"] == "no-insurance"


def test_advise_errors_exit_2_with_a_code(capsys) -> None:  # type: ignore[no-untyped-def]
    """Bad arguments: exit 2, one line ``error: CODE: message``, nothing on stdout."""
    cases = [
        (["advise", "nope", "--cards", "Th 6c", "--up", "9s"], "unknown-variant"),
        (["advise", "european", "--cards", "Th", "--up", "9s"], "invalid-argument"),
        (["advise", "european", "--cards", "Th 6x", "--up", "9s"], "invalid-card"),
        (["advise", "european", "--cards", "Ah Kc", "--up", "9s"], "invalid-argument"),
    ]
    for argv, code in cases:
        assert main(argv) == 2
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith(f"error: {code}: ")
        assert captured.err.count("\n") == 1


def test_advise_text_names_moves_for_a_person() -> None:
    result = CliRunner().invoke(app, ["advise", "european", "--cards", "5h 6h", "--up", "Ts"])
    assert result.exit_code == 0
    assert "Hit" in result.output and "Best play" in result.output
    assert "hit " not in result.output


def test_terminal_hint_shows_each_move(tmp_path: Path) -> None:
    """``?`` in play prints every move offered with its value, the best marked; the round is
    unchanged and plays on."""
    shoes = iter(["Th 9c 6h 5s 4d Td"])

    def factory(_rules: Rules) -> Shoe:
        return Shoe.from_cards(next(shoes))

    service = TableService.open(
        f"sqlite:///{tmp_path / 'game.db'}", key=Fernet.generate_key(), shoe_factory=factory
    )
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    answers = iter(["chip 10", "1", "d", "?", "h", "s", "q"])

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(answers)

    play("lucky-lucky", player="ann", console=console, ask=ask, service=service)
    output = out.getvalue()
    assert "(?) HINT" in output
    assert "What each move is worth:" in output
    hint = output.split("What each move is worth:")[1]
    assert "Hit" in hint.splitlines()[1] and "Best play" in hint.splitlines()[1]
    assert "net" in output
    service.close()


def test_terminal_training_mode_asks_before_a_mistake(tmp_path: Path) -> None:
    """Training mode in the terminal is the account's setting (``t`` switches it): standing on
    T-6 against a 9 is pointed out before it is sent, with what it gives up (the advisor's
    hit-minus-stand value); taking it back deals nothing, the best play (HIT) goes straight
    through, and a mistake confirmed is played."""
    shoes = iter(["Th 9c 6h 5s 2d Td"])  # spot Th 6h, dealer 9c up, hole 5s; then 2d, Td

    def factory(_rules: Rules) -> Shoe:
        return Shoe.from_cards(next(shoes))

    service = TableService.open(
        f"sqlite:///{tmp_path / 'game.db'}", key=Fernet.generate_key(), shoe_factory=factory
    )
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    # t: training on; s: STAND asks, b takes it back; h: HIT (best) is sent; h on 18: asks, a
    answers = iter(["chip 10", "1", "d", "t", "s", "b", "h", "h", "a", "q"])

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(answers)

    play("lucky-lucky", player="ann", console=console, ask=ask, service=service)
    output = out.getvalue()
    player = service.accounts.find_player("ann")
    assert player is not None
    assert service.training.is_on(player.id) is True
    rules = find_variant("lucky-lucky").rules
    sixteen = advise(
        rules,
        Situation(parse_cards("Th 6h"), parse_cards("9c")[0], (), ("hit", "stand", "double"), 1000),
    )
    cost = round((sixteen.value("hit").ev - sixteen.value("stand").ev) * 1000)
    assert "(t) Training off" in output and "(t) Training on" in output
    asked = output.split("Not the best play: ")
    assert len(asked) == 3  # STAND on 16, then HIT on 18
    assert 0 < cost < 100  # a few tenths of a percent of the 10.00 bet
    assert asked[1].startswith(f"Hit is the best play here: Stand gives up 0.{cost:02d} (")
    assert asked[2].startswith("Stand is the best play here: Hit gives up ")
    after_back = asked[1].split("> ", 1)[1]
    assert "6♥ = 16" in after_back.split("play>")[0]  # taken back: the hand as it was
    history = service.records.history(player.id).rounds
    [settled] = history
    record = service.records.round_record(player.id, settled.id).to_dict()
    assert record["decisions"] == ["hit", "hit"]  # the stand taken back was never sent
    service.close()


def _catalogue(path: Path, decks: int) -> None:
    path.write_text(
        f"""
[[games]]
name = "house-game"
title = "House Game"
base = "standard"

[games.rules]
decks = {decks}
""",
        encoding="utf-8",
    )


def test_terminal_hint_uses_the_rules_the_round_was_dealt_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A round left unfinished is resumed after the operator changed the game (one deck to
    eight): its hint values the cards under the rules of its record, not the game's new ones."""
    games = tmp_path / "games.toml"
    _catalogue(games, 1)
    monkeypatch.setenv(GAMES_ENV, str(games))
    reload_games()
    try:
        old = find_variant("house-game").rules
        service = TableService.open(
            f"sqlite:///{tmp_path / 'game.db'}",
            key=Fernet.generate_key(),
            shoe_factory=lambda _rules: Shoe.from_cards("Th 9c 6h 5s 4d Td"),
        )
        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None)
        answers = iter(["chip 10", "1", "d", "q", "?", "s", "q"])

        def ask(prompt: str) -> str:
            if prompt.startswith("play> ") and "play> " not in out.getvalue():
                _catalogue(games, 8)  # the operator's change, while the round waits
                reload_games()
            console.print(prompt, end="")
            return next(answers)

        play("house-game", player="ann", console=console, ask=ask, service=service)
        assert find_variant("house-game").rules.decks == 8
        play("house-game", player="ann", console=console, ask=ask, service=service)
        hint = out.getvalue().split("What each move is worth:")[1]
        legal = ("hit", "stand", "double")
        seen = Situation(parse_cards("Th 6h"), parse_cards("9c")[0], (), legal, 1000)
        then, now = advise(old, seen), advise(find_variant("house-game").rules, seen)
        shown = {line.split()[0]: line.split()[1] for line in hint.splitlines()[1:4]}
        assert then.value("stand").ev != pytest.approx(now.value("stand").ev, abs=5e-4)
        assert shown["Stand"] == f"{then.value('stand').ev * 100:+.1f}%"
        assert shown["Hit"] == f"{then.value('hit').ev * 100:+.1f}%"
        service.close()
    finally:
        monkeypatch.delenv(GAMES_ENV)
        reload_games()
