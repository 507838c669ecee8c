"""A game defined only in a catalogue file ($TWENTYONE_GAMES) is a game like the presets: listed,
its rules shown, played through the web API and in the terminal, replayed, and analysed by
``house-edge``, ``sidebet``, ``simulate`` and ``report`` -- with no code (issue 13, item 3).

Money figures are worked by hand from the scripted cards; no figure is copied from the output.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from catalogue_helpers import WriteCatalogue, catalogue_writer, games_in_env
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient
from rich.console import Console

from twentyone.analysis.exact.house_edge import house_edge
from twentyone.cards import Shoe, parse_cards
from twentyone.cli import main
from twentyone.rules import Rules, Surrender
from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService
from twentyone.table.limits import DEFAULT_LEVELS, BetLimits, TableConfig
from twentyone.terminal import play
from twentyone.variants import find_variant


@pytest.fixture
def write(tmp_path: Path) -> WriteCatalogue:
    """Write catalogue files under ``tmp_path``."""
    return catalogue_writer(tmp_path)


CATALOGUE = """
# A one-deck game with late surrender, and Lucky Ladies on two decks with a pay table of its own.
[[paytables]]
name = "game-test-generous"
side_bet = "lucky-ladies"
description = "More for a suited 20"
pays = { qh-pair-dealer-blackjack = 1000, qh-pair = 200, matched-20 = 25, suited-20 = 12, \
any-20 = 4 }

[[games]]
name = "one-deck"
title = "One Deck Blackjack"
base = "standard"
aliases = ["od", "single"]
description = "One deck, two spots, dealer hits soft 17, late surrender, blackjack pays 6 to 5."
spot_names = ["right", "left"]
chips = [100, 500, 2_500]

[games.rules]
decks = 1
max_spots = 2
dealer_hits_soft_17 = true
blackjack_pays = "6/5"
surrender = "late"

[games.limits]
standard = { min_bet = 200, max_bet = 10_000 }

[[games]]
name = "two-deck-ladies"
title = "Two Deck Lucky Ladies"
base = "lucky-ladies"
side_bets = [{ name = "lucky-ladies", paytable = "game-test-generous", max_stake = 5_000 }]

[games.rules]
decks = 2
max_spots = 3
"""

ONE_DECK = Rules(
    decks=1,
    max_spots=2,
    dealer_hits_soft_17=True,
    blackjack_pays=Fraction(6, 5),
    surrender=Surrender.LATE,
)
"""The one-deck game's rules, written out by hand."""

GENEROUS = {
    "qh-pair-dealer-blackjack": 1000,
    "qh-pair": 200,
    "matched-20": 25,
    "suited-20": 12,
    "any-20": 4,
}


@pytest.fixture
def games(write: WriteCatalogue) -> Iterator[Path]:
    """The catalogue above, named in $TWENTYONE_GAMES."""
    path = write(CATALOGUE)
    with games_in_env(path):
        yield path


class Scripted:
    """A shoe factory dealing scripted card orders first, then a fresh ordered shoe."""

    def __init__(self) -> None:
        self.orders: list[str] = []

    def __call__(self, rules: Rules) -> Shoe:
        rest = Shoe.from_cards(" ".join(["2c"] * 20))
        return Shoe([*parse_cards(self.orders.pop(0)), *rest.remaining()])


@pytest.fixture
def service(games: Path, tmp_path: Path) -> Iterator[tuple[TableService, Scripted]]:
    shoes = Scripted()
    svc = TableService.open(
        f"sqlite:///{tmp_path / 'games.db'}", key=Fernet.generate_key(), shoe_factory=shoes
    )
    yield svc, shoes
    svc.close()


def test_the_game_is_listed_and_found_by_alias(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["variants", "--json"]) == 0
    listed = {v["name"]: v for v in json.loads(capsys.readouterr().out)["variants"]}
    assert list(listed)[-2:] == ["one-deck", "two-deck-ladies"]
    assert listed["one-deck"]["title"] == "One Deck Blackjack"
    assert (listed["one-deck"]["decks"], listed["one-deck"]["max_spots"]) == (1, 2)
    assert listed["two-deck-ladies"]["side_bets"] == ["lucky-ladies"]
    variant = find_variant("OD")
    assert variant.name == "one-deck"
    assert variant.rules == ONE_DECK
    assert variant.origin == str(games)


def test_its_rules_are_shown(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "single", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["title"] == "One Deck Blackjack"
    assert document["rules_version"] == ONE_DECK.version()
    text = " ".join(document["text"])
    assert "1 deck of 52 cards" in text
    assert "The dealer hits soft 17" in text
    assert "Blackjack pays 6 to 5" in text
    assert "Late surrender" in text


def test_its_chips_and_limits_per_vip_level_come_from_the_catalogue(games: Path) -> None:
    config = TableConfig()
    assert config.chips_for("one-deck") == (100, 500, 2_500)
    assert config.limits("standard", "one-deck") == BetLimits(200, 10_000)
    assert config.limits("gold", "one-deck") == DEFAULT_LEVELS["gold"]  # not set: the table's
    assert config.limits("standard", "european") == DEFAULT_LEVELS["standard"]
    assert config.limits("standard") == DEFAULT_LEVELS["standard"]


def test_it_is_played_and_replayed_through_the_web_api(
    service: tuple[TableService, Scripted], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svc, shoes = service
    app = create_app(svc, settings=ServerSettings(password_cost=2**10))
    client = TestClient(app, base_url="http://testserver")
    token = "c" * 43  # the CSRF token the browser client sends from its cookie (issue 10)
    client.cookies.set("twentyone_csrf", token)
    client.headers["X-CSRF-Token"] = token
    assert client.post("/api/auth/guest").status_code == 200
    lobby = {v["name"]: v for v in client.get("/api/variants").json()}
    assert lobby["one-deck"]["chips"] == [100, 500, 2_500]
    assert lobby["one-deck"]["spot_names"] == ["right", "left"]
    table = client.get("/api/tables/od").json()
    assert table["limits"] == {"min_bet": 200, "max_bet": 10_000}
    # a $1 chip is offered but below this game's minimum bet: DEAL is refused
    assert client.post("/api/tables/one-deck/bets", json={"spot": 0, "chip": 100}).is_success
    refused = client.post("/api/tables/one-deck/deal")
    assert refused.status_code >= 400
    assert client.post("/api/tables/one-deck/bets", json={"spot": 0, "chip": 500}).is_success
    # spot: Ts, dealer up 9h, spot: 6d (16), dealer hole Kc (19); the 16 surrenders
    shoes.orders.append("Ts 9h 6d Kc")
    dealt = client.post("/api/tables/one-deck/deal")
    assert dealt.status_code == 201, dealt.text
    state = dealt.json()["round"]
    assert "surrender" in state["legal_actions"]
    body = {"action": "surrender", "expected_step": state["step"]}
    state = client.post(f"/api/rounds/{state['round_id']}/actions", json=body).json()
    assert state["status"] == "settled"
    assert state["hands"][0]["outcome"] == "surrender"
    assert state["net"] == -300  # half of the 6.00 bet
    assert client.get("/api/wallet").json()["balance"] == 100_000 - 300

    scenario = client.get(f"/api/rounds/{state['round_id']}/scenario").json()
    assert scenario["variant"] == "one-deck"
    path = tmp_path / "round.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert (replayed["staked"], replayed["returned"], replayed["net"]) == (600, 300, -300)


def test_a_hand_written_scenario_of_the_game_replays(
    games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Blackjack pays 6 to 5 here: a 10.00 blackjack against a 9 returns 10.00 + 12.00."""
    # spot: As, dealer up 9h, spot: Kd (blackjack), dealer hole 8c (17)
    scenario = {"variant": "od", "spots": [{"bet": 1000}], "cards": ["As", "9h", "Kd", "8c"]}
    path = tmp_path / "bj.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["staked"], result["returned"], result["net"]) == (1000, 2200, 1200)


def test_it_is_played_in_the_terminal(service: tuple[TableService, Scripted]) -> None:
    svc, shoes = service
    # spot: Ts, dealer up 9h, spot: 6d (16), dealer hole Kc: surrender half of the 5.00 bet
    shoes.orders.append("Ts 9h 6d Kc")
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    keys = iter(["chip 5", "1", "d", "r", "q"])
    play("one-deck", player="tess", console=console, ask=lambda _: next(keys), service=svc)
    player = svc.accounts.find_player("tess")
    assert player is not None
    assert player.wallet.balance == 100_000 - 250
    assert "One Deck Blackjack" in out.getvalue()


def test_house_edge_analyses_it(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["house-edge", "one-deck", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "one-deck"
    assert result["rules"] == ONE_DECK.to_dict()
    assert result["rtp"] == pytest.approx(house_edge(ONE_DECK).rtp, abs=1e-12)


def test_sidebet_analyses_its_pay_table(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The catalogue's own pay table: the RTP is the sum of (pays + 1) x probability."""
    argv = ["sidebet", "lucky-ladies", "--decks", "2", "--paytable", "game-test-generous"]
    assert main([*argv, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["paytable"] == "game-test-generous"
    pays = {line["outcome"]: line["pays"] for line in result["outcomes"]}
    assert {k: v for k, v in pays.items() if v >= 0} == GENEROUS
    rtp = sum(
        (GENEROUS[o["outcome"]] + 1) * o["probability_float"]
        for o in result["outcomes"]
        if o["outcome"] in GENEROUS
    )
    assert result["rtp"] == pytest.approx(rtp, rel=1e-12)


def test_simulate_and_report_analyse_it(
    games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A tiny simulation; the report is the game's PAR sheet with its own pay table."""
    assert main(["simulate", "two-deck-ladies", "--rounds", "2000", "--seed", "3", "--json"]) == 0
    simulated = json.loads(capsys.readouterr().out)
    assert simulated["variant"] == "two-deck-ladies"
    out = tmp_path / "par.html"
    argv = ["report", "two-deck-ladies", "--rounds", "2000", "--seed", "3", "--out", str(out)]
    assert main(argv) == 0
    page = out.read_text(encoding="utf-8")
    assert "Two Deck Lucky Ladies: math report (PAR sheet)" in page
    assert "Lucky Ladies (More for a suited 20)" in page  # the pay table by its description


@pytest.mark.parametrize(
    "argv",
    [["serve", "--port", "0"], ["play", "one-deck"], ["variants"], ["house-edge", "od"]],
    ids=lambda argv: argv[0],
)
def test_an_invalid_catalogue_refuses_to_start_with_the_same_lines(
    argv: list[str],
    write: WriteCatalogue,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    bad = write(CATALOGUE.replace("decks = 1", 'decks = "one"').replace('"6/5"', "1.2"))
    assert main(["games", "check", str(bad)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == f"error: invalid-catalogue: the games catalogue {bad} has 2 mistakes:"
    assert len(lines) == 3
    monkeypatch.setenv("TWENTYONE_HOME", str(tmp_path / "home"))
    with games_in_env(bad):
        assert main(argv) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == lines
    assert not (tmp_path / "home").exists()  # nothing was started or written
