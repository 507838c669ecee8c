"""Bounded, strict input (issue 10, reproductions 1, 2 and 8), on SQLite and PostgreSQL.

"Bad input gets a clear error with a stable code … and changes nothing" (BRIEF standards): a
query value past what the database can hold, a body over the limit, a body with thousands of
unknown keys, a number that is not a JSON integer — each is refused with a small body.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from server_helpers import ok, refused, snapshot

LL = "/api/tables/lucky-lucky"


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


@pytest.mark.parametrize("path", ["/api/history", "/api/statement"])
@pytest.mark.parametrize("offset", ["9223372036854775808", "2147483648", "-1", "1e3", "x"])
def test_an_offset_past_the_bound_is_an_invalid_request(
    client: TestClient, path: str, offset: str
) -> None:
    """Reproduction 1: ``offset=9223372036854775808`` was a 500 (an integer overflow)."""
    refused(client.get(f"{path}?offset={offset}"), 422, "invalid-request")


@pytest.mark.parametrize("path", ["/api/history", "/api/statement"])
def test_the_largest_offset_answers_an_empty_page(client: TestClient, path: str) -> None:
    page = ok(client.get(f"{path}?offset=2147483647"))
    assert page["offset"] == 2_147_483_647
    assert page.get("rounds", page.get("entries")) == []


def test_a_body_over_the_limit_is_refused_with_a_small_body(client: TestClient) -> None:
    """Reproduction 2: a 50 MiB ``side`` got a 400 repeating the whole input."""
    before = snapshot(client)
    body = json.dumps({"spot": 0, "chip": 100, "side": "x" * 1_000_000}).encode()
    response = client.post(f"{LL}/bets", content=body, headers={"content-type": "application/json"})
    refused(response, 413, "body-too-large")
    assert len(response.content) < 1_000
    assert snapshot(client) == before


def test_a_streamed_body_over_the_limit_is_refused(client: TestClient) -> None:
    """Without a Content-Length (chunked), the limit holds as the body arrives."""
    before = snapshot(client)
    chunks = iter([b'{"spot": 0, "chip": 100, "side": "', *([b"x" * 8192] * 8), b'"}'])
    response = client.post(
        f"{LL}/bets", content=chunks, headers={"content-type": "application/json"}
    )
    refused(response, 413, "body-too-large")
    assert "content-length" not in response.request.headers
    assert snapshot(client) == before


def test_a_long_string_under_the_limit_is_not_echoed(client: TestClient) -> None:
    before = snapshot(client)
    response = client.post(f"{LL}/bets", json={"spot": 0, "chip": 100, "side": "y" * 10_000})
    refused(response, 422, "invalid-request")
    assert "yyyyyyyyyyyyyyyyyyyy" not in response.text
    assert len(response.content) < 1_000
    response = client.get(f"/api/tables/{'z' * 3_000}")
    refused(response, 422, "invalid-request")
    assert len(response.content) < 1_000
    assert snapshot(client) == before


def test_thousands_of_unknown_keys_give_a_short_error(client: TestClient) -> None:
    """Reproduction 2: 60,000 unknown keys gave a 4 MB error body."""
    before = snapshot(client)
    body = {"spot": 0, "chip": 100, **{f"k{i}": 1 for i in range(1_500)}}
    response = client.post(f"{LL}/bets", json=body)
    error = refused(response, 422, "invalid-request")["error"]
    assert len(error["details"]) == 10
    assert "1,499 more" in error["message"]
    assert len(response.content) < 2_000
    huge = {f"key-{i}": i for i in range(60_000)}
    refused(client.post(f"{LL}/bets", json=huge), 413, "body-too-large")
    assert snapshot(client) == before


@pytest.mark.parametrize(
    "raw",
    [
        b'{"spot": 0, "chip": "100"}',
        b'{"spot": 0, "chip": 100.0}',
        b'{"spot": 0, "chip": 1e2}',
        b'{"spot": 0, "chip": true}',
        b'{"spot": "0", "chip": 100}',
        b'{"spot": false, "chip": 100}',
        b'{"spot": 0, "chip": 100, "side": 7}',
    ],
)
def test_a_number_is_a_json_integer_and_nothing_else(client: TestClient, raw: bytes) -> None:
    """Reproduction 8: ``"100"``, ``100.0``, ``1e2``, ``true`` and ``spot: "0"`` were taken."""
    before = snapshot(client)
    response = client.post(f"{LL}/bets", content=raw, headers={"content-type": "application/json"})
    refused(response, 422, "invalid-request")
    assert snapshot(client) == before


@pytest.mark.parametrize(
    "body",
    [
        {"action": "stand", "expected_step": "0"},
        {"action": "stand", "expected_step": 0.0},
        {"action": "stand", "apply_to_all": 1},
        {"action": "stand", "apply_to_all": "true"},
        {"action": 1},
    ],
)
def test_a_decision_takes_strict_types(client: TestClient, body: dict[str, object]) -> None:
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    state = ok(client.post(f"{LL}/deal"), 201)["round"]
    before = snapshot(client)
    refused(
        client.post(f"/api/rounds/{state['round_id']}/actions", json=body), 422, "invalid-request"
    )
    assert snapshot(client) == before


def test_credentials_take_strings_only(client: TestClient) -> None:
    body = {"username": "alice", "password": 12345678}
    refused(client.post("/api/auth/register", json=body), 422, "invalid-request")
