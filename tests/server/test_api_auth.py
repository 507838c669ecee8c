"""Accounts over the API: a guest account at once, register, login, logout, session cookies."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import NewClient, ok, refused
from sqlalchemy import select
from sqlalchemy.orm import Session

from twentyone.server.models import AccountRow, SessionRow
from twentyone.store.service import TableService


def test_a_new_visitor_gets_a_play_money_account_at_once(new_client: NewClient) -> None:
    """SPEC 7: "a play-money account that a new visitor gets at once"."""
    visitor = new_client()
    response = visitor.post("/api/auth/guest")
    me = ok(response)
    assert me["balance"] == 100_000
    assert me["registered"] is False
    assert me["username"] is None
    cookie = response.headers["set-cookie"]
    assert "twentyone_session=" in cookie
    assert "HttpOnly" in cookie
    assert "samesite=lax" in cookie.lower()
    assert "Path=/" in cookie
    # The same visitor keeps the same account.
    assert ok(visitor.post("/api/auth/guest"))["id"] == me["id"]
    assert ok(visitor.get("/api/auth/me"))["id"] == me["id"]


def test_requests_without_a_session_are_refused(new_client: NewClient) -> None:
    stranger = new_client()
    for method, path in [
        ("GET", "/api/auth/me"),
        ("GET", "/api/tables/lucky-lucky"),
        ("GET", "/api/rounds/current"),
        ("GET", "/api/history"),
        ("GET", "/api/statement"),
        ("GET", "/api/wallet"),
    ]:
        refused(stranger.request(method, path), 401, "not-authenticated")
    refused(
        stranger.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}),
        401,
        "not-authenticated",
    )
    stranger.cookies.set("twentyone_session", "forged-token")
    refused(stranger.get("/api/wallet"), 401, "not-authenticated")


def test_register_keeps_the_guest_balance_and_login_finds_it(
    client: TestClient, new_client: NewClient, service: TableService
) -> None:
    guest = ok(client.get("/api/auth/me"))
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 1000}))
    ok(client.post("/api/tables/lucky-lucky/deal"), 201)
    old_token = client.cookies.get("twentyone_session")
    me = ok(
        client.post("/api/auth/register", json={"username": "Alice", "password": "s3cret-pass"}),
        201,
    )
    assert me["id"] == guest["id"]
    assert me["registered"] is True
    assert me["username"] == "Alice"
    assert me["open_round_variant"] == "lucky-lucky"
    # The session token is renewed on registration; the old one is closed.
    assert client.cookies.get("twentyone_session") != old_token
    other = new_client()
    other.cookies.set("twentyone_session", str(old_token))
    refused(other.get("/api/auth/me"), 401, "not-authenticated")

    laptop = new_client()
    ok(laptop.post("/api/auth/guest"))
    logged = ok(
        laptop.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"})
    )
    assert logged["id"] == guest["id"]
    assert logged["open_round_id"] == me["open_round_id"]

    # Only a scrypt hash is stored, and sessions are stored as token hashes.
    with Session(service.engine) as session:
        account = session.scalars(select(AccountRow)).one()
        assert account.password_hash.startswith("scrypt$")
        assert "s3cret-pass" not in account.password_hash
        tokens = set(session.scalars(select(SessionRow.token_hash)))
    assert laptop.cookies.get("twentyone_session") not in tokens


def test_wrong_password_unknown_user_and_taken_names_are_refused(
    client: TestClient, new_client: NewClient
) -> None:
    ok(client.post("/api/auth/register", json={"username": "bob", "password": "password-1"}), 201)
    refused(
        client.post("/api/auth/register", json={"username": "carol", "password": "password-2"}),
        409,
        "already-registered",
    )
    other = new_client()
    ok(other.post("/api/auth/guest"))
    refused(
        other.post("/api/auth/register", json={"username": "BOB", "password": "password-2"}),
        409,
        "username-taken",
    )
    refused(
        other.post("/api/auth/login", json={"username": "bob", "password": "password-2"}),
        401,
        "invalid-credentials",
    )
    refused(
        other.post("/api/auth/login", json={"username": "nobody", "password": "password-2"}),
        401,
        "invalid-credentials",
    )
    # Still the guest it was.
    assert ok(other.get("/api/auth/me"))["registered"] is False


def test_malformed_credentials_are_invalid_requests(client: TestClient) -> None:
    for body in (
        {"username": "ab", "password": "long-enough"},
        {"username": "has space", "password": "long-enough"},
        {"username": "dave", "password": "short"},
        {"username": "dave"},
        {"username": "dave", "password": "long-enough", "admin": True},
    ):
        refused(client.post("/api/auth/register", json=body), 422, "invalid-request")


def test_logout_closes_the_session(client: TestClient) -> None:
    ok(client.post("/api/auth/register", json={"username": "erin", "password": "password-1"}), 201)
    response = client.post("/api/auth/logout")
    assert response.status_code == 204
    refused(client.get("/api/auth/me"), 401, "not-authenticated")
    # Logging in again finds the same account.
    again = ok(client.post("/api/auth/login", json={"username": "erin", "password": "password-1"}))
    assert again["username"] == "erin"
