"""The play advisor through the API: hints from the player's view, a settled round's review,
and the operator's switch (a catalogue game with ``advisor = false``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_helpers import Shoes, ok, refused

from twentyone.analysis.advice_round import review
from twentyone.analysis.advisor import Situation, advise
from twentyone.cards import parse_cards
from twentyone.server.routers import advice as advice_router
from twentyone.variants import GAMES_ENV, find_variant, reload_games

LL = "/api/tables/lucky-lucky"


def _deal(client: TestClient, table: str = LL) -> dict:
    ok(client.post(f"{table}/bets", json={"spot": 0, "chip": 1000}))
    return ok(client.post(f"{table}/deal"), 201)["round"]


def test_hint_values_the_players_view_and_never_shows_the_hole_card(
    client: TestClient, shoes: Shoes
) -> None:
    """The hint for T-6 against a 9 is the advisor's value of exactly those cards; the hole
    card (5c) is in no part of the answer."""
    shoes.stack("Ts 9h 6d 5c 4s Td")  # spot 0 Ts, dealer 9h up, 6d, hole 5c
    state = _deal(client)
    response = client.get(f"/api/rounds/{state['round_id']}/advice")
    hint = ok(response)
    assert '"5c"' not in response.text
    rules = find_variant("lucky-lucky").rules
    expected = advise(
        rules,
        Situation(
            hand=parse_cards("Ts 6d"),
            up=parse_cards("9h")[0],
            seen=(),
            legal=tuple(state["legal_actions"]),
            bet=1000,
        ),
    )
    assert [v["action"] for v in hint["values"]] == state["legal_actions"]
    assert {v["action"]: v["ev"] for v in hint["values"]} == {
        v.action: pytest.approx(v.ev, abs=1e-15) for v in expected.values
    }
    assert hint["best"] == "hit"  # 16 against a 9: hit (every published chart)
    assert hint["basic"] == "hit"
    assert (hint["spot"], hint["hand"], hint["bet"]) == (0, 0, 1000)


def test_review_marks_the_mistake_and_its_cost(client: TestClient, shoes: Shoes) -> None:
    """Standing on 16 against a 9 is a mistake; the review's cost is the hint's difference
    between hitting and standing, in money and in bets, and the round's total."""
    shoes.stack("Ts 9h 6d 5c 4s Td")
    state = _deal(client)
    hint = ok(client.get(f"/api/rounds/{state['round_id']}/advice"))
    values = {v["action"]: v["ev"] for v in hint["values"]}
    body = {"action": "stand", "expected_step": state["step"]}
    done = ok(client.post(f"/api/rounds/{state['round_id']}/actions", json=body))
    assert done["status"] == "settled"
    refused(client.get(f"/api/rounds/{state['round_id']}/advice"), 409, "no-decision")
    review = ok(client.get(f"/api/rounds/{state['round_id']}/review"))
    [decision] = review["decisions"]
    cost = values["hit"] - values["stand"]
    assert cost > 0
    assert decision["action"] == "stand"
    assert decision["best"] == "hit"
    assert decision["mistake"] is True
    assert decision["cost"] == pytest.approx(cost, abs=1e-15)
    assert decision["cost_money"] == pytest.approx(cost * 1000)
    assert review["mistakes"] == 1
    assert review["cost_money"] == pytest.approx(cost * 1000)


def test_another_players_round_is_unknown(client: TestClient, new_client, shoes: Shoes) -> None:
    """Every request is checked against the round's owner."""
    shoes.stack("Ts 9h 6d 5c 4s Td")
    state = _deal(client)
    other = new_client()
    ok(other.post("/api/auth/guest"))
    refused(other.get(f"/api/rounds/{state['round_id']}/advice"), 404, "unknown-round")
    refused(other.get(f"/api/rounds/{state['round_id']}/review"), 404, "unknown-round")


CATALOGUE = """
[[games]]
name = "no-hints"
title = "Blackjack Without Hints"
base = "standard"
advisor = false
"""


@pytest.fixture
def no_hints_game(tmp_path: Path) -> Iterator[None]:
    path = tmp_path / "games.toml"
    path.write_text(CATALOGUE, encoding="utf-8")
    with pytest.MonkeyPatch.context() as env:
        env.setenv(GAMES_ENV, str(path))
        reload_games()
        try:
            yield
        finally:
            env.delenv(GAMES_ENV)
            reload_games()


def test_the_operator_switches_the_advisor_off_per_game(
    no_hints_game: None, client: TestClient, shoes: Shoes
) -> None:
    """``advisor = false`` in the game's catalogue entry: hints and reviews are refused with
    ``403 advice-off``, and the round plays on unchanged."""
    assert find_variant("no-hints").advisor is False
    assert find_variant("standard").advisor is True
    shoes.stack("Ts 9h 6d 5c 4s Td")
    state = _deal(client, "/api/tables/no-hints")
    body = refused(client.get(f"/api/rounds/{state['round_id']}/advice"), 403, "advice-off")
    assert body["error"]["sentence"] == "Hints are not offered at this table."
    after = ok(client.get("/api/rounds/current"))["round"]
    assert after["step"] == state["step"]


def test_statistics_total_the_cost_of_mistakes(client: TestClient, shoes: Shoes) -> None:
    """Two settled rounds: standing on 16 against a 9 (a mistake) and hitting it (the best
    play): the summary counts two decisions, one mistake, and that mistake's cost."""
    costs = []
    for action in ("stand", "hit"):
        shoes.stack("Ts 9h 6d 5c 4s Td 2c")
        state = _deal(client)
        body = {"action": action, "expected_step": state["step"]}
        state = ok(client.post(f"/api/rounds/{state['round_id']}/actions", json=body))
        if state["status"] == "open":  # 20 after the hit: stand
            body = {"action": "stand", "expected_step": state["step"]}
            state = ok(client.post(f"/api/rounds/{state['round_id']}/actions", json=body))
        costs.append(ok(client.get(f"/api/rounds/{state['round_id']}/review"))["cost_money"])
    summary = ok(client.get("/api/advice/summary"))
    assert costs[0] > 0
    assert costs[1] == 0
    assert (summary["rounds"], summary["decisions"], summary["mistakes"]) == (2, 3, 1)
    assert summary["cost_money"] == pytest.approx(costs[0])


def test_each_round_of_a_history_page_has_its_cost(client: TestClient, shoes: Shoes) -> None:
    """The history's marks: per round of a page (the history's own offset and limit), its
    decisions, mistakes and cost. Standing on 16 against a 9 costs the hint's difference between
    hitting and standing; hitting it costs nothing; a round in progress is left out."""
    shoes.stack("Ts 9h 6d 5c 4s Td 2c")
    first = _deal(client)
    values = {
        v["action"]: v["ev"]
        for v in ok(client.get(f"/api/rounds/{first['round_id']}/advice"))["values"]
    }
    ok(
        client.post(
            f"/api/rounds/{first['round_id']}/actions",
            json={"action": "stand", "expected_step": first["step"]},
        )
    )
    shoes.stack("Ts 9h 6d 5c 4s Td 2c")
    second = _deal(client)
    state = ok(
        client.post(
            f"/api/rounds/{second['round_id']}/actions",
            json={"action": "hit", "expected_step": second["step"]},
        )
    )
    ok(
        client.post(
            f"/api/rounds/{second['round_id']}/actions",
            json={"action": "stand", "expected_step": state["step"]},
        )
    )
    shoes.stack("Ts 9h 6d 5c 4s Td 2c")
    third = _deal(client)  # in progress

    page = ok(client.get("/api/advice/rounds?offset=0&limit=10"))
    history = ok(client.get("/api/history?offset=0&limit=10"))
    assert [r["id"] for r in history["rounds"]] == [
        third["round_id"],
        second["round_id"],
        first["round_id"],
    ]
    by_round = {r["round_id"]: r for r in page["rounds"]}
    assert set(by_round) == {first["round_id"], second["round_id"]}
    assert (by_round[first["round_id"]]["decisions"], by_round[first["round_id"]]["mistakes"]) == (
        1,
        1,
    )
    assert by_round[first["round_id"]]["cost_money"] == pytest.approx(
        (values["hit"] - values["stand"]) * 1000
    )
    assert (
        by_round[second["round_id"]]["decisions"],
        by_round[second["round_id"]]["mistakes"],
    ) == (2, 0)
    assert by_round[second["round_id"]]["cost_money"] == 0
    # the history's second page of one round holds the second round only
    assert [
        r["round_id"] for r in ok(client.get("/api/advice/rounds?offset=1&limit=1"))["rounds"]
    ] == [second["round_id"]]
    refused(client.get("/api/advice/rounds?limit=0"), 422, "invalid-request")


def test_training_mode_is_kept_with_the_account(new_client) -> None:
    """Training mode is a player setting: off for a new player, set through
    ``POST /api/advice/training``, shown in ``/api/auth/me``, and kept with the account: a
    registered player who logs in again (another browser) finds it as they left it; another
    player's setting is their own."""
    first = new_client()
    me = ok(first.post("/api/auth/guest"))
    assert me["training"] is False
    assert ok(first.post("/api/advice/training", json={"on": True})) == {"training": True}
    assert ok(first.get("/api/auth/me"))["training"] is True
    credentials = {"username": "trainee", "password": "a long password"}
    assert ok(first.post("/api/auth/register", json=credentials), 201)["training"] is True
    other = new_client()
    assert ok(other.post("/api/auth/guest"))["training"] is False  # a guest of its own
    assert ok(other.post("/api/auth/login", json=credentials))["training"] is True
    assert ok(other.post("/api/advice/training", json={"on": False})) == {"training": False}
    assert ok(first.get("/api/auth/me"))["training"] is False  # one setting per account


def test_a_bad_training_request_changes_nothing(client: TestClient, new_client) -> None:
    """A body that is not ``{"on": true|false}`` is refused (``422 invalid-request``) and the
    setting stays; without a session nothing is set (``401 not-authenticated``)."""
    ok(client.post("/api/advice/training", json={"on": True}))
    for body in ({"on": "off"}, {"on": 0}, {}, {"on": False, "extra": 1}):
        refused(client.post("/api/advice/training", json=body), 422, "invalid-request")
    assert ok(client.get("/api/auth/me"))["training"] is True
    stranger = new_client()
    refused(stranger.post("/api/advice/training", json={"on": True}), 401, "not-authenticated")


HOUSE = """
[[games]]
name = "house-game"
title = "House Game"
base = "standard"

[games.rules]
decks = {decks}
"""


def test_a_rounds_review_comes_from_its_record_after_the_game_changed(
    client: TestClient, shoes: Shoes, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A settled round is reviewed from its record alone (its rules, bets, cards, decisions):
    after the operator changes the game (one deck to eight) the review is what it was, and
    it is the review of the round's exported record."""
    games = tmp_path / "games.toml"
    games.write_text(HOUSE.format(decks=1), encoding="utf-8")
    monkeypatch.setenv(GAMES_ENV, str(games))
    reload_games()
    try:
        shoes.stack("Ts 9h 6d 5c 4s Td")
        state = _deal(client, "/api/tables/house-game")
        body = {"action": "stand", "expected_step": state["step"]}
        ok(client.post(f"/api/rounds/{state['round_id']}/actions", json=body))
        before = ok(client.get(f"/api/rounds/{state['round_id']}/review"))
        assert before["mistakes"] == 1
        games.write_text(HOUSE.format(decks=8), encoding="utf-8")
        reload_games()
        assert find_variant("house-game").rules.decks == 8
        advice_router._reviewed.cache_clear()  # computed afresh, not the cached review
        after = ok(client.get(f"/api/rounds/{state['round_id']}/review"))
        assert after == before
        record = ok(client.get(f"/api/rounds/{state['round_id']}"))
        alone = review(
            {
                "rules": record["rules"],
                "bets": record["bets"],
                "cards": record["cards"],
                "actions": record["decisions"],
            }
        )
        assert after["cost_money"] == pytest.approx(alone.cost_money, abs=1e-12)
        assert [d["action"] for d in after["decisions"]] == ["stand"]
    finally:
        monkeypatch.delenv(GAMES_ENV)
        reload_games()
