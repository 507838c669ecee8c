"""Bad input gets a clear error with a stable code and changes nothing (SPEC 7).

Every refusal below is checked against a snapshot of the seat, the round, the wallet, the
statement and the history taken just before it.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import NewClient, Shoes, ok, refused, snapshot

from twentyone.store.service import TableService

LL = "/api/tables/lucky-lucky"


def deal_one(client: TestClient, shoes: Shoes, cards: str = "Ts 9h 6d 5c 4s Td") -> dict[str, Any]:
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    shoes.stack(cards)
    round_state: dict[str, Any] = ok(client.post(f"{LL}/deal"), 201)["round"]
    return round_state


def unchanged(client: TestClient, before: dict[str, Any]) -> None:
    assert snapshot(client) == before


BETTING_REFUSALS = [
    ("POST", "/api/tables/no-such-game/bets", {"spot": 0, "chip": 100}, 404, "unknown-variant"),
    ("GET", "/api/tables/no-such-game", None, 404, "unknown-variant"),
    ("GET", "/api/variants/no-such-game/rules", None, 404, "unknown-variant"),
    ("POST", f"{LL}/bets", {"spot": "x", "chip": 100}, 422, "invalid-request"),
    ("POST", f"{LL}/bets", {"spot": 0}, 422, "invalid-request"),
    ("POST", f"{LL}/bets", {"spot": -1, "chip": 100}, 422, "invalid-request"),
    ("POST", f"{LL}/bets", {"spot": 0, "chip": 100, "extra": 1}, 422, "invalid-request"),
    ("POST", f"{LL}/bets", [1, 2], 422, "invalid-request"),
    ("POST", f"{LL}/bets", {"spot": 0, "chip": 7}, 400, "invalid-bet"),
    ("POST", f"{LL}/bets", {"spot": 9, "chip": 100}, 400, "invalid-bet"),
    ("POST", f"{LL}/bets", {"spot": 1, "chip": 100, "side": "lucky-lucky"}, 400, "invalid-bet"),
    ("POST", f"{LL}/bets", {"spot": 0, "chip": 100, "side": "lucky-7"}, 400, "invalid-bet"),
    ("POST", f"{LL}/bets", {"spot": 0, "chip": 50_000}, 400, "invalid-bet"),
    ("POST", f"{LL}/deal", None, 400, "no-bets"),
    ("POST", f"{LL}/undo", None, 400, "no-bets"),
    ("POST", f"{LL}/clear", None, 400, "no-bets"),
    ("POST", f"{LL}/double", None, 400, "no-bets"),
    ("POST", f"{LL}/rebet", None, 400, "no-bets"),
    ("POST", f"{LL}/rebet-and-deal", None, 400, "no-bets"),
    ("POST", "/api/rounds/not-a-round/actions", {"action": "hit"}, 404, "unknown-round"),
    ("GET", "/api/rounds/not-a-round", None, 404, "unknown-round"),
    ("GET", "/api/history?limit=0", None, 422, "invalid-request"),
    ("GET", "/api/nowhere", None, 404, "not-found"),
]


@pytest.mark.parametrize("case", BETTING_REFUSALS, ids=lambda case: f"{case[4]}:{case[1]}")
def test_refusals_before_the_deal_change_nothing(
    client: TestClient, case: tuple[str, str, object, int, str]
) -> None:
    method, path, body, status, code = case
    # One main bet of 49,900 at spot 0 so the over-maximum case is a real one.
    for chip in (10_000, 10_000, 10_000, 10_000, 2_500, 2_500, 2_500, 2_500):
        ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": chip}))
    if code == "no-bets":
        ok(client.post(f"{LL}/clear"))
        for _ in range(3):
            client.post(f"{LL}/undo")
    before = snapshot(client)
    refused(client.request(method, path, json=body), status, code)
    unchanged(client, before)


def test_a_body_that_is_not_json_is_an_invalid_request(client: TestClient) -> None:
    before = snapshot(client)
    response = client.post(
        f"{LL}/bets", content=b"spot=0&chip=100", headers={"content-type": "text/plain"}
    )
    refused(response, 422, "invalid-request")
    unchanged(client, before)


def test_a_bet_below_the_vip_minimum_is_refused_at_the_deal(
    client: TestClient, service: TableService
) -> None:
    me = ok(client.get("/api/auth/me"))
    service.accounts.set_vip_level(me["id"], "gold")  # minimum 500
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 100}))
    before = snapshot(client)
    body = refused(client.post(f"{LL}/deal"), 400, "invalid-bet")
    assert "500" in body["error"]["message"]
    unchanged(client, before)


def test_bets_beyond_the_balance_are_insufficient_funds(
    client: TestClient, service: TableService
) -> None:
    me = ok(client.get("/api/auth/me"))
    service.accounts.grant(me["id"], -99_500, "drain")
    before = snapshot(client)
    refused(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}), 402, "insufficient-funds")
    unchanged(client, before)


def test_a_double_the_balance_cannot_cover_is_not_offered_and_refused(
    client: TestClient, service: TableService, shoes: Shoes
) -> None:
    me = ok(client.get("/api/auth/me"))
    service.accounts.grant(me["id"], -99_000, "drain")  # exactly the bet is left
    state = deal_one(client, shoes)
    assert "double" not in state["legal_actions"]
    assert "double" in state["unaffordable"]
    before = snapshot(client)
    body = {"action": "double", "expected_step": state["step"]}
    refused(
        client.post(f"/api/rounds/{state['round_id']}/actions", json=body),
        402,
        "insufficient-funds",
    )
    unchanged(client, before)


def test_refusals_during_a_round_change_nothing(client: TestClient, shoes: Shoes) -> None:
    state = deal_one(client, shoes)
    url = f"/api/rounds/{state['round_id']}/actions"
    before = snapshot(client)
    cases: list[tuple[str, str, object, int, str]] = [
        ("POST", f"{LL}/bets", {"spot": 1, "chip": 100}, 409, "round-in-progress"),
        ("POST", f"{LL}/deal", None, 409, "round-in-progress"),
        ("POST", "/api/tables/european/deal", None, 409, "round-in-progress"),
        ("POST", url, {"action": "split", "expected_step": 0}, 409, "illegal-action"),
        ("POST", url, {"action": "insurance"}, 409, "illegal-action"),
        ("POST", url, {"action": "hit", "expected_step": 5}, 409, "stale-action"),
        ("POST", url, {"action": "fold"}, 422, "invalid-request"),
        ("POST", url, {"action": "hit", "expected_step": -1}, 422, "invalid-request"),
        ("GET", f"/api/rounds/{state['round_id']}/scenario", None, 409, "round-in-progress"),
    ]
    for method, path, body, status, code in cases:
        refused(client.request(method, path, json=body), status, code)
        unchanged(client, before)


def test_a_repeated_action_is_refused_as_stale(client: TestClient, shoes: Shoes) -> None:
    state = deal_one(client, shoes)
    url = f"/api/rounds/{state['round_id']}/actions"
    hit = {"action": "hit", "expected_step": state["step"]}
    after_hit = ok(client.post(url, json=hit))
    before = snapshot(client)
    refused(client.post(url, json=hit), 409, "stale-action")  # the same click, sent twice
    unchanged(client, before)
    assert len(after_hit["hands"][0]["cards"]) == 3
    settled = ok(client.post(url, json={"action": "stand", "expected_step": after_hit["step"]}))
    assert settled["status"] == "settled"
    # The round is over: a late decision for it is stale, and changes nothing.
    before = snapshot(client)
    refused(client.post(url, json={"action": "hit"}), 409, "stale-action")
    unchanged(client, before)


def test_player_b_cannot_touch_player_a_round(
    client: TestClient, new_client: NewClient, shoes: Shoes
) -> None:
    """SPEC 7: "Every request is checked against the round's owner"."""
    state = deal_one(client, shoes)
    round_id = state["round_id"]
    intruder = new_client()
    ok(intruder.post("/api/auth/guest"))
    a_before = snapshot(client)
    b_before = snapshot(intruder)
    url = f"/api/rounds/{round_id}/actions"
    refused(intruder.post(url, json={"action": "stand", "expected_step": 0}), 404, "unknown-round")
    refused(intruder.post(url, json={"action": "stand"}), 404, "unknown-round")
    refused(intruder.get(f"/api/rounds/{round_id}"), 404, "unknown-round")
    refused(intruder.get(f"/api/rounds/{round_id}/scenario"), 404, "unknown-round")
    assert ok(intruder.get("/api/rounds/current")) == {"round": None}
    unchanged(client, a_before)
    unchanged(intruder, b_before)
    # A can still play it.
    assert ok(client.post(url, json={"action": "stand", "expected_step": 0}))["status"] == "settled"
