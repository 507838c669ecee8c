"""``twentyone games check FILE``: a summary and exit 0 for a valid catalogue; otherwise exit 2
and one line per mistake, every mistake at once, each naming the file, the game, the key and what
is wrong in a plain sentence (issue 13, "Games as data")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from catalogue_helpers import WriteCatalogue, catalogue_writer, games_in_env

from twentyone.catalogue import InvalidCatalogueError
from twentyone.cli import main
from twentyone.variants import load_catalogue


@pytest.fixture
def write(tmp_path: Path) -> WriteCatalogue:
    """Write catalogue files under ``tmp_path``."""
    return catalogue_writer(tmp_path)


VALID = """
[[paytables]]
name = "check-generous"
side_bet = "lucky-ladies"
pays = { qh-pair-dealer-blackjack = 1000, qh-pair = 200, matched-20 = 25, suited-20 = 10, \
any-20 = 4 }

[[games]]
name = "single-deck"
title = "Single Deck Blackjack"
base = "standard"
aliases = ["sd"]
chips = [100, 500]
[games.rules]
decks = 1
surrender = "late"
[games.limits]
gold = { min_bet = 1_000, max_bet = 5_000 }

[[games]]
name = "two-deck-ladies"
title = "Two Deck Lucky Ladies"
base = "lucky-ladies"
side_bets = [{ name = "lucky-ladies", paytable = "check-generous" }]
[games.rules]
decks = 2
"""


def check(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    """Run ``games check``: its status, the mistake lines (after the counting line), stdout."""
    status = main(["games", "check", str(path)])
    captured = capsys.readouterr()
    err = captured.err.splitlines()
    if err:
        count = len(err) - 1
        plural = "s" if count != 1 else ""
        header = (
            f"error: invalid-catalogue: the games catalogue {path} has {count} mistake{plural}:"
        )
        assert err[0] == header
    return status, err[1:], captured.out


def one_game(body: str, *, name: str = "g", extra: str = "") -> str:
    """A catalogue of one game called ``name`` (title given) with ``body`` appended."""
    return f'{extra}\n[[games]]\nname = "{name}"\ntitle = "A game"\n{body}'


def test_a_valid_catalogue_prints_a_summary_and_exits_0(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(VALID)
    status, err, out = check(path, capsys)
    assert (status, err) == (0, [])
    lines = out.splitlines()
    assert lines[0] == f"{path}: valid: 2 games, 1 pay table."
    assert lines[1].startswith("  single-deck: Single Deck Blackjack; based on standard; 1 deck,")
    assert lines[1].endswith(f"rules {load_catalogue(path).games[0].rules.version()}")
    assert lines[2] == (
        "    chips 100, 500; main-bet limits gold 1000-5000 (minor units; the rest as the table)"
    )
    assert lines[3].startswith("  two-deck-ladies: Two Deck Lucky Ladies; based on lucky-ladies;")
    assert "lucky-ladies (check-generous)" in lines[3]
    assert lines[4] == "  pay table check-generous of lucky-ladies"


def test_the_same_catalogue_in_json_gives_the_same_games(write: WriteCatalogue) -> None:
    import tomllib

    toml_games = load_catalogue(write(VALID, "games.toml")).games
    json_games = load_catalogue(write(json.dumps(tomllib.loads(VALID)), "games.json")).games
    assert [g.rules for g in json_games] == [g.rules for g in toml_games]
    assert json_games[0].chips == (100, 500)
    assert [(x.level, x.min_bet, x.max_bet) for x in json_games[0].limits] == [
        ("gold", 1_000, 5_000)
    ]


def test_checking_registers_nothing(write: WriteCatalogue) -> None:
    """A file that is only checked adds no game and no pay table."""
    from twentyone.sidebets.paytables import paytable_names
    from twentyone.variants import all_variants

    load_catalogue(write(VALID.replace("check-generous", "check-only")))
    assert "check-only" not in paytable_names("lucky-ladies")
    assert "single-deck" not in [v.name for v in all_variants()]


MISTAKES: dict[str, tuple[str, list[str]]] = {
    "unknown base": (
        one_game('base = "spanish-21"'),
        [
            'game "g", base: there is no game "spanish-21"; known: european, g, lucky-7, '
            "lucky-ladies, lucky-lucky, standard."
        ],
    ),
    "advisor switch not true/false": (
        one_game('advisor = "no"'),
        ['game "g", advisor: must be true or false, not the text "no".'],
    ),
    "unknown rule key": (
        one_game('[games.rules]\nsurender = "late"'),
        ['game "g", rules.surender: there is no such rule; did you mean surrender?'],
    ),
    "wrong type: text for a number": (
        one_game('[games.rules]\ndecks = "six"'),
        ['game "g", rules.decks: must be a whole number, not the text "six".'],
    ),
    "wrong type: text for true/false": (
        one_game('[games.rules]\ndealer_hits_soft_17 = "yes"'),
        ['game "g", rules.dealer_hits_soft_17: must be true or false, not the text "yes".'],
    ),
    "wrong type: not one of the choices": (
        one_game('[games.rules]\nsurrender = "early"'),
        ['game "g", rules.surrender: must be one of none, late, not the text "early".'],
    ),
    "wrong type: a float for a payout": (
        one_game("[games.rules]\nblackjack_pays = 1.2"),
        [
            'game "g", rules.blackjack_pays: must be a fraction written as text, like "3/2", '
            "not 1.2."
        ],
    ),
    "out of range, as Rules rejects it": (
        one_game("[games.rules]\ndecks = 20"),
        ['game "g", rules.decks: must be a whole number from 1 to 16.'],
    ),
    "impossible combination, as Rules rejects it": (
        one_game('[games.rules]\nsurrender = "late"\npeek = "enhc"'),
        ['game "g", rules: late surrender needs a dealer who peeks (peek = ace_and_ten).'],
    ),
    "side bet on a deck count it cannot have": (
        one_game('base = "lucky-ladies"\n[games.rules]\ndecks = 1'),
        ['game "g", rules: Lucky Ladies may be played on 2 to 8 deck games only.'],
    ),
    "unknown pay table": (
        one_game('side_bets = [{ name = "lucky-lucky", paytable = "generous" }]'),
        [
            'game "g", side_bets.lucky-lucky.paytable: lucky-lucky has no pay table "generous"; '
            "known: felt, original."
        ],
    ),
    "unknown side bet": (
        one_game('side_bets = [{ name = "perfect-pairs" }]'),
        [
            'game "g", side_bets #1, name: must be one of lucky-lucky, lucky-7, lucky-ladies, '
            'not the text "perfect-pairs".'
        ],
    ),
    "side bet stakes the wrong way round": (
        one_game('side_bets = [{ name = "lucky-lucky", min_stake = 500, max_stake = 100 }]'),
        ['game "g", side_bets.lucky-lucky: the minimum stake 500 is over the maximum stake 100.'],
    ),
    "limits of an unknown VIP level": (
        one_game("[games.limits]\ndiamond = { min_bet = 100, max_bet = 200 }"),
        [
            'game "g", limits.diamond: there is no such VIP level; known: standard, silver, '
            "gold, platinum."
        ],
    ),
    "limits the wrong way round": (
        one_game("[games.limits]\ngold = { min_bet = 5_000, max_bet = 1_000 }"),
        ['game "g", limits.gold: the minimum bet 5000 is over the maximum bet 1000.'],
    ),
    "limits that are not whole numbers": (
        one_game('[games.limits]\ngold = { min_bet = "ten", max_bet = 0 }'),
        [
            'game "g", limits.gold.min_bet: must be a whole number of minor units of 1 or '
            'more, not the text "ten".',
            'game "g", limits.gold.max_bet: must be a whole number of minor units of 1 or '
            "more, not 0.",
        ],
    ),
    "bad chips": (
        one_game("chips = [0, 100, 100, -5]"),
        [
            'game "g", chips: each chip must be a whole number of minor units of 1 or more, '
            "not 0, -5.",
            'game "g", chips: lists 100 more than once.',
        ],
    ),
    "a chip too big for a level's maximum": (
        one_game("chips = [100_000]"),
        [
            'game "g", chips: the smallest chip (100000) is over the maximum bet of VIP level '
            "standard (50000), so no bet could be placed there."
        ],
    ),
    "duplicate name of a preset": (
        one_game("", name="european"),
        ['game "european", name: "european" is already the name or an alias of european.'],
    ),
    "duplicate alias of a preset": (
        one_game('aliases = ["ll"]'),
        ['game "g", aliases: "ll" is already the name or an alias of lucky-lucky.'],
    ),
    "duplicate name within the file": (
        one_game("", extra='[[games]]\nname = "g"\ntitle = "First"\n'),
        ['game "g", name: "g" is already the name or an alias of game "g".'],
    ),
    "a base that loops": (
        '[[games]]\nname = "a"\ntitle = "A"\nbase = "b"\n'
        '[[games]]\nname = "b"\ntitle = "B"\nbase = "a"\n',
        ['game "b", base: "a" leads back to this game; bases cannot loop.'],
    ),
    "a name that is not a slug": (
        '[[games]]\nname = "Double Deck"\ntitle = "Double Deck"\n',
        [
            'game "Double Deck", name: must be lower-case letters and digits joined by hyphens, '
            'like "double-deck", not the text "Double Deck".'
        ],
    ),
    "no title": (
        '[[games]]\nname = "g"\n',
        ['game "g", title: must be text the player can read, not missing.'],
    ),
    "an unknown key of a game": (
        one_game("decks = 1"),
        ['game "g", decks: this is a rule switch: put it under the game\'s rules.'],
    ),
    "side bets inside rules": (
        one_game("[games.rules]\nside_bets = []"),
        [
            'game "g", rules.side_bets: side bets are listed under the game\'s side_bets, '
            "not in rules."
        ],
    ),
    "a pay table missing an outcome": (
        '[[paytables]]\nname = "short"\nside_bet = "lucky-7"\n'
        'pays = { 7-7-7-suited = 5000, 7-7-7 = 500, 7-7-suited = 100, 7-7 = 50, "8" = 3 }\n',
        [
            'pay table "short" of lucky-7, pays.8: lucky-7 has no such outcome; known: '
            "7-7-7-suited, 7-7-7, 7-7-suited, 7-7, 7.",
            'pay table "short" of lucky-7, pays: says nothing about 7.',
        ],
    ),
    "a pay table that replaces a shipped one": (
        '[[paytables]]\nname = "felt"\nside_bet = "lucky-lucky"\n'
        "pays = { suited-777 = 1, suited-678 = 1, unsuited-777 = 1, unsuited-678 = 1, "
        "suited-21 = 1, unsuited-21 = 1, any-20 = 1, any-19 = 1 }\n",
        [
            'pay table "felt" of lucky-lucky: a different pay table of that name already exists; '
            "choose another name."
        ],
    ),
    "an unknown section": (
        "[[game]]\nname = 'g'\n",
        ["game: there is no such section; did you mean games?"],
    ),
}


@pytest.mark.parametrize("kind", list(MISTAKES))
def test_each_kind_of_mistake_is_one_plain_line(
    kind: str, write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    text, expected = MISTAKES[kind]
    path = write(text)
    status, err, out = check(path, capsys)
    assert status == 2
    assert out == ""
    assert err == [f"{path}: {line}" for line in expected]


def test_every_mistake_is_reported_not_just_the_first(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mistakes of several games at once, in file order, each on its own line."""
    text = "".join(
        MISTAKES[kind][0].replace('name = "g"', f'name = "g{i}"')
        for i, kind in enumerate(
            ["unknown base", "unknown rule key", "impossible combination, as Rules rejects it"]
        )
    )
    text += '\n[[games]]\nname = "fine"\ntitle = "Fine"\n[games.rules]\ndecks = 2\n'
    path = write(text)
    status, err, _ = check(path, capsys)
    assert status == 2
    assert [line.split(", ", 1)[0] for line in err] == [
        f'{path}: game "g0"',
        f'{path}: game "g1"',
        f'{path}: game "g2"',
    ]
    with pytest.raises(InvalidCatalogueError) as raised:
        load_catalogue(path)
    assert list(raised.value.problems) == err


def test_a_game_with_several_mistakes_reports_each(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    text = one_game(
        'base = "lucky-lucky"\nchips = []\n[games.rules]\ndecks = "8"\ncharlie = 5\n'
        'surrender = "late"\n'
    )
    status, err, _ = check(write(text), capsys)
    assert status == 2
    assert [line.split(": ", 2)[1] for line in err] == [
        'game "g", rules.decks',
        'game "g", rules.charlie',
        'game "g", chips',
    ]


@pytest.mark.parametrize(
    ("name", "text", "sentence"),
    [
        (
            "bad.toml",
            "[[games]\n",
            "the file is not valid TOML (Expected ']]' at the end of "
            "an array declaration (at line 1, column 8)).",
        ),
        (
            "bad.json",
            '{"games": [}',
            "the file is not valid JSON (Expecting value at line 1, column 12).",
        ),
        ("list.json", "[]", "the file: a catalogue is a table with a list of games."),
    ],
)
def test_a_file_that_is_not_a_catalogue(
    name: str,
    text: str,
    sentence: str,
    write: WriteCatalogue,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = write(text, name)
    status, err, _ = check(path, capsys)
    assert (status, err) == (2, [f"{path}: {sentence}"])


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.toml"
    status, err, _ = check(path, capsys)
    assert (status, err) == (2, [f"{path}: the file cannot be read (No such file or directory)."])


def test_json_output_of_a_check(write: WriteCatalogue, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(VALID)
    assert main(["games", "check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is True
    assert [g["name"] for g in data["games"]] == ["single-deck", "two-deck-ladies"]
    assert data["games"][0]["rules"]["surrender"] == "late"
    bad = write(MISTAKES["unknown base"][0], "bad.toml")
    assert main(["games", "check", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert json.loads(captured.out)["mistakes"] == captured.err.splitlines()[1:]


def test_check_defaults_to_the_environment_file(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TWENTYONE_GAMES", raising=False)
    assert main(["games", "check"]) == 2
    assert capsys.readouterr().err.startswith("error: invalid-argument: name a catalogue file")
    path = write(VALID)
    with games_in_env(path):
        assert main(["games", "check"]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: valid: 2 games")


def test_check_ignores_a_broken_environment_file(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    """An operator can check a new file while the one in $TWENTYONE_GAMES is broken."""
    broken = write(MISTAKES["unknown base"][0], "broken.toml")
    good = write(VALID, "new.toml")
    with games_in_env(broken):
        assert main(["games", "check", str(good)]) == 0
        assert main(["variants"]) == 2
    assert capsys.readouterr().out.startswith(f"{good}: valid: 2 games")


def test_the_readme_example_is_a_valid_catalogue(
    write: WriteCatalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Games as data", 1)[1]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    status, err, out = check(write(example.replace('"generous"', '"readme-generous"')), capsys)
    assert (status, err) == (0, [])
    assert "double-deck: Double Deck Blackjack; based on standard; 2 decks, 1-2 spots;" in out
