"""The serving path's mechanics: the worker threads the app runs its store calls in, the session
looked up in the endpoint's own thread, and a deal or decision answering the JSON it stored."""

from __future__ import annotations

import uuid

import anyio.to_thread
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import NewClient, Shoes, ok, refused, snapshot

from twentyone.store import db
from twentyone.store.service import TableService

EU = "/api/tables/european"


async def _worker_threads() -> float:
    return anyio.to_thread.current_default_thread_limiter().total_tokens


def test_the_app_runs_its_store_calls_in_the_threads_the_store_needs(
    app: FastAPI, service: TableService
) -> None:
    """A SQLite file writes one transaction at a time: two worker threads (one writing, one
    reading), set when the app starts."""
    with TestClient(app) as client:
        tokens = client.portal.call(_worker_threads)
    assert db.is_sqlite(service.engine)
    assert tokens == db.SQLITE_WORKERS


def test_a_deal_on_a_closed_session_is_refused_and_changes_nothing(
    client: TestClient, new_client: NewClient, service: TableService
) -> None:
    """The session is looked up when the endpoint first asks who plays: a token that is no live
    session (never was, or logged out) is still ``401 not-authenticated``, and nothing moves."""
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 100}))
    player = ok(client.get("/api/auth/me"))["id"]
    before = snapshot(client, "european")
    token = str(client.cookies.get("twentyone_session"))
    assert client.post("/api/auth/logout").status_code == 204
    closed = new_client()
    closed.cookies.set("twentyone_session", token)
    forged = new_client()
    forged.cookies.set("twentyone_session", "no-such-session")
    for visitor in (closed, forged):
        for path in ("/deal", "/rebet-and-deal", "/bets"):
            body = {"spot": 0, "chip": 100} if path == "/bets" else None
            headers = {"Idempotency-Key": uuid.uuid4().hex}
            response = visitor.post(f"{EU}{path}", json=body, headers=headers)
            refused(response, 401, "not-authenticated")
    assert service.accounts.wallet(player).balance == before["wallet"]["balance"]
    assert service.records.statement(player).total == before["statement"]["total"]
    assert service.seat.table(player, "european").layout.total == 100  # the chip, not dealt
    assert service.play.current_round(player) is None


def test_a_fresh_answer_is_the_stored_one_byte_for_byte(client: TestClient, shoes: Shoes) -> None:
    """The JSON a deal and a decision answer is what their key's record replays."""
    ok(client.post(f"{EU}/bets", json={"spot": 0, "chip": 100}))
    shoes.stack("Ts 6d 5h 9c")  # player 10, dealer 6, player 15: the player decides
    deal_key = {"Idempotency-Key": uuid.uuid4().hex}
    first = client.post(f"{EU}/deal", headers=deal_key)
    again = client.post(f"{EU}/deal", headers=deal_key)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.content == again.content
    assert first.headers["content-type"] == again.headers["content-type"] == "application/json"
    state = first.json()["round"]
    act = {"action": "stand", "expected_step": state["step"]}
    act_key = {"Idempotency-Key": uuid.uuid4().hex}
    path = f"/api/rounds/{state['round_id']}/actions"
    stood, repeated = (client.post(path, json=act, headers=act_key) for _ in range(2))
    assert stood.status_code == repeated.status_code == 200
    assert stood.content == repeated.content
    assert stood.json()["status"] != "open"
