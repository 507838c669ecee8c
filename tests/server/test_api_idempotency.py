"""Idempotent money requests (issue 10, reproduction 5), on SQLite and PostgreSQL.

Contract (BRIEF): the client sends ``Idempotency-Key: <random UUID>`` on DEAL, REBET & DEAL,
DOUBLE & DEAL and every decision; a retry of the same intent reuses the key; a repeat returns
the first response and moves no money; the same key with another request is refused
``422 idempotency-key-reused``.
"""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import Shoes, csrf_headers, live_server, ok, refused, snapshot

EU = "/api/tables/european"
BLACKJACK = "As 9h Kd"  # european (no hole card): a lone blackjack settles at the deal


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


def key() -> dict[str, str]:
    return {"Idempotency-Key": str(uuid.uuid4())}


def money(client: Any) -> tuple[int, int, int]:
    wallet = ok(client.get("/api/wallet"))
    return (
        wallet["balance"],
        ok(client.get("/api/history"))["total"],
        ok(client.get("/api/statement"))["total"],
    )


def test_a_retried_rebet_and_deal_deals_once(client: TestClient, shoes: Shoes) -> None:
    """Reproduction 5: a retry after a lost response made a second round and a second debit."""
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}))
    shoes.stack(BLACKJACK)
    first_round = ok(client.post(f"{EU}/deal"), 201)["round"]
    assert first_round["status"] == "settled"  # settled at once: REBET & DEAL is offered again
    intent = key()
    shoes.stack(BLACKJACK)
    first = client.post(f"{EU}/rebet-and-deal", headers=intent)
    assert first.status_code == 201, first.text
    after = money(client)
    for _ in range(3):  # the response was lost: the client sends it again
        again = client.post(f"{EU}/rebet-and-deal", headers=intent)
        assert again.status_code == 201
        assert again.json() == first.json()
        assert again.headers["idempotent-replayed"] == "true"
    assert money(client) == after
    assert after[1] == 2  # two rounds: the first deal and one REBET & DEAL
    fresh = client.post(f"{EU}/rebet-and-deal", headers=key())  # a new intent deals again
    assert fresh.status_code == 201
    assert money(client)[1] == 3


def test_a_retried_decision_answers_the_first_response(client: TestClient, shoes: Shoes) -> None:
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}))
    shoes.stack("Ts 9h 4d 5c 3s 2h")
    state = ok(client.post(f"{EU}/deal", headers=key()), 201)["round"]
    url = f"/api/rounds/{state['round_id']}/actions"
    intent = key()
    hit = {"action": "hit", "expected_step": state["step"]}
    first = ok(client.post(url, json=hit, headers=intent))
    before = snapshot(client, "european")
    assert ok(client.post(url, json=hit, headers=intent)) == first  # not a stale-action
    assert snapshot(client, "european") == before
    assert len(first["hands"][0]["cards"]) == 3
    # The same key with another request is refused, and changes nothing.
    stand = {"action": "stand", "expected_step": first["step"]}
    refused(client.post(url, json=stand, headers=intent), 422, "idempotency-key-reused")
    refused(client.post(f"{EU}/deal", headers=intent), 422, "idempotency-key-reused")
    assert snapshot(client, "european") == before
    assert ok(client.post(url, json=stand, headers=key()))["status"] == "settled"


def test_a_refused_request_records_nothing(client: TestClient, shoes: Shoes) -> None:
    intent = key()
    refused(client.post(f"{EU}/deal", headers=intent), 400, "no-bets")
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}))
    shoes.stack(BLACKJACK)
    ok(client.post(f"{EU}/deal", headers=intent), 201)  # the key was not spent by the refusal
    assert money(client)[1] == 1


def test_keys_are_per_player(client: TestClient, new_client: Any, shoes: Shoes) -> None:
    other = new_client()
    ok(other.post("/api/auth/guest"))
    intent = key()
    for visitor in (client, other):
        ok(visitor.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}))
        shoes.stack(BLACKJACK)
        ok(visitor.post(f"{EU}/deal", headers=intent), 201)
        assert money(visitor)[1] == 1


def test_a_malformed_key_is_an_invalid_request(client: TestClient) -> None:
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}))
    before = snapshot(client, "european")
    for bad in ("", "a b", "x" * 101, "key/1"):
        response = client.post(f"{EU}/deal", headers={"Idempotency-Key": bad})
        refused(response, 422, "invalid-request")
        assert snapshot(client, "european") == before, bad


def test_concurrent_retries_move_money_once(app: FastAPI, shoes: Shoes) -> None:
    """Twelve copies of one REBET & DEAL at once (a client retrying over a flaky network)."""
    with live_server(app) as url, httpx.Client(base_url=url) as setup:
        setup.get("/")
        ok(setup.post("/api/auth/guest", headers=csrf_headers(setup)))
        ok(setup.post(f"{EU}/bets", json={"spot": 0, "chip": 1000}, headers=csrf_headers(setup)))
        shoes.stack(BLACKJACK)
        ok(setup.post(f"{EU}/deal", headers=csrf_headers(setup)), 201)
        before = money(setup)
        for _ in range(12):
            shoes.stack(BLACKJACK)
        headers = {**csrf_headers(setup), **key()}

        def send(_: int) -> httpx.Response:
            with httpx.Client(base_url=url, cookies=setup.cookies) as retry:
                return retry.post(f"{EU}/rebet-and-deal", headers=headers)

        with ThreadPoolExecutor(max_workers=12) as pool:
            responses = list(pool.map(send, range(12)))
        assert {r.status_code for r in responses} == {201}
        assert len({r.json()["round"]["round_id"] for r in responses}) == 1
        after = money(setup)
    assert after[1] == before[1] + 1  # one round
    first = responses[0].json()["round"]
    assert after[0] == before[0] - first["staked"] + first["returned"]  # one debit, one payout
