"""Player protection over the API, on the store's injected clock (issue 13 part 4).

Re-login after 30 minutes without activity, the reality check's refusal and notice, a limit's
refusal with its sentence, a time-out, and the refusals of settings that are not offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient
from server_helpers import GameClient, Shoes, ok, quick_rtp, refused

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

KEY = Fernet.generate_key()
SETTINGS = ServerSettings(password_cost=2**10)
"""Cheap scrypt in tests."""

# european: player Ts, dealer 6d, player 9h (19); dealer draws 5c 7d: 18. The player wins.
WIN_19 = "Ts 6d 9h 5c 7d"
# european: player 5s, dealer 6d, player 6h (11); DOUBLE draws Ts (21); dealer 6 8 4: 18.
ELEVEN = "5s 6d 6h Ts 8c 4h"


class Clock:
    """The store's clock (the accounts' too), moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def timed(tmp_path: Path, shoes: Shoes, clock: Clock) -> Iterator[TableService]:
    svc = TableService.open(
        f"sqlite:///{tmp_path / 'p.db'}", key=KEY, shoe_factory=shoes, clock=clock
    )
    yield svc
    svc.close()


def _visitor(svc: TableService, settings: ServerSettings = SETTINGS) -> Iterator[TestClient]:
    with GameClient(create_app(svc, settings=settings, rtp=quick_rtp)) as client:
        yield client


@pytest.fixture
def player(timed: TableService) -> Iterator[TestClient]:
    """A visitor with a guest session."""
    for client in _visitor(timed):
        ok(client.post("/api/auth/guest"))
        yield client


def _register(client: TestClient, name: str = "alice") -> None:
    ok(client.post("/api/auth/register", json={"username": name, "password": "s3cret-pass"}), 201)


def _deal(client: TestClient, shoes: Shoes, cards: str, bet: int = 1000) -> dict[str, object]:
    shoes.stack(cards)
    ok(client.post("/api/tables/european/bets", json={"spot": 0, "chip": bet}))
    return dict(ok(client.post("/api/tables/european/deal"), 201))


def _act(client: TestClient, action: str) -> dict[str, object]:
    current = ok(client.get("/api/rounds/current"))
    round_id = current["round"]["round_id"] if "round" in current else current["round_id"]
    return dict(ok(client.post(f"/api/rounds/{round_id}/actions", json={"action": action})))


# -- re-login after inactivity ----------------------------------------------------------------


def test_a_registered_player_logs_in_again_after_30_idle_minutes(
    player: TestClient, clock: Clock
) -> None:
    """Issue 13: "registered players are asked to log in again after 30 minutes without
    activity"."""
    _register(player)
    clock.advance(minutes=29)
    ok(player.get("/api/wallet"))  # activity: the 30 minutes start again
    clock.advance(minutes=29)
    ok(player.get("/api/wallet"))
    clock.advance(minutes=30)
    body = refused(player.get("/api/wallet"), 401, "session-idle")
    assert body["error"]["sentence"] == (
        "You have been away for a while; log in again to go on playing."
    )
    refused(player.get("/api/wallet"), 401, "not-authenticated")  # the session is closed
    ok(player.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"}))
    ok(player.get("/api/wallet"))


def test_deals_and_decisions_are_activity_and_end_an_idle_session(
    player: TestClient, shoes: Shoes, clock: Clock
) -> None:
    """The play requests (the play lane's, the session read in their own transaction) count as
    activity and end an idle session as every request does, moving no money when they do."""
    _register(player)
    clock.advance(minutes=29)
    dealt = _deal(player, shoes, WIN_19)  # activity: the 30 minutes start again
    clock.advance(minutes=29)
    key = {"Idempotency-Key": "stand-1"}
    round_id = dealt["round"]["round_id"]  # type: ignore[index]
    path = f"/api/rounds/{round_id}/actions"
    ok(player.post(path, json={"action": "stand"}, headers=key))
    clock.advance(minutes=29)
    balance = ok(player.get("/api/wallet"))["balance"]
    ok(player.post("/api/tables/european/bets", json={"spot": 0, "chip": 1000}))
    clock.advance(minutes=30)
    refused(player.post("/api/tables/european/deal", headers=key), 401, "session-idle")
    refused(player.get("/api/wallet"), 401, "not-authenticated")  # the session is closed
    ok(player.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"}))
    assert ok(player.get("/api/wallet"))["balance"] == balance  # the deal debited nothing


def test_the_idle_time_is_an_operator_setting(timed: TableService, clock: Clock) -> None:
    for client in _visitor(timed, ServerSettings(password_cost=2**10, idle_minutes=5)):
        ok(client.post("/api/auth/guest"))
        _register(client, "bob")
        clock.advance(minutes=4)
        ok(client.get("/api/wallet"))
        clock.advance(minutes=5)
        refused(client.get("/api/wallet"), 401, "session-idle")


def test_a_guest_keeps_the_account_but_starts_a_new_session(
    player: TestClient, shoes: Shoes, clock: Clock
) -> None:
    """A guest has no password to log in with: it is not logged out, but its session (the
    session bar's clock and sums, the reality check) starts anew after 30 idle minutes."""
    _deal(player, shoes, WIN_19)
    _act(player, "stand")
    assert ok(player.get("/api/protection"))["session"]["staked"] == 1000
    clock.advance(hours=2)
    status = ok(player.get("/api/protection"))
    assert status["session"] == {
        "started_at": "2026-12-01T14:00:00+00:00",
        "elapsed_seconds": 0,
        "staked": 0,
        "returned": 0,
        "net": 0,
    }


def test_logging_out_ends_the_session(player: TestClient) -> None:
    _register(player)
    me = ok(player.get("/api/auth/me"))
    player.post("/api/auth/logout")
    ok(player.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"}))
    assert ok(player.get("/api/protection"))["player_id"] == me["id"]


# -- the reality check ------------------------------------------------------------------------


def test_reality_check_refuses_the_next_deal_until_acknowledged(
    player: TestClient, shoes: Shoes, clock: Clock
) -> None:
    status = ok(player.post("/api/protection/reality-check", json={"minutes": 15}))
    assert status["reality_check"]["due_at"] == "2026-12-01T12:15:00+00:00"
    _deal(player, shoes, ELEVEN)  # staked 1000
    clock.advance(minutes=16)
    state = _act(player, "double")  # mid-round at 12:16: not interrupted; 2000 staked, 4000 back
    assert state["status"] == "settled"
    ok(player.post("/api/tables/european/bets", json={"spot": 0, "chip": 1000}))
    body = refused(player.post("/api/tables/european/deal"), 409, "reality-check-due")
    assert body["error"]["sentence"] == (
        "Time for a reality check: read your session summary to go on."
    )
    status = ok(player.get("/api/protection"))
    assert status["reality_check"]["due"] is True
    assert status["session"]["elapsed_seconds"] == 16 * 60
    assert (status["session"]["staked"], status["session"]["returned"]) == (2000, 4000)
    assert status["session"]["net"] == 2000
    ok(player.post("/api/protection/reality-check/acknowledge"))
    shoes.stack(WIN_19)
    ok(player.post("/api/tables/european/deal"), 201)


# -- limits and breaks ------------------------------------------------------------------------


def test_a_double_over_the_loss_limit_is_refused_with_a_sentence(
    player: TestClient, shoes: Shoes
) -> None:
    status = ok(
        player.post(
            "/api/protection/limits", json={"kind": "loss", "period": "24h", "amount": 1500}
        )
    )
    limit = status["limits"][0]
    assert (limit["kind"], limit["period"], limit["amount"], limit["left"]) == (
        "loss",
        "24h",
        1500,
        1500,
    )
    state = _deal(player, shoes, ELEVEN)
    assert "double" in state["round"]["legal_actions"]  # type: ignore[index]
    round_id = state["round"]["round_id"]  # type: ignore[index]
    body = refused(
        player.post(f"/api/rounds/{round_id}/actions", json={"action": "double"}), 403, "loss-limit"
    )
    assert body["error"]["sentence"] == "That would go over your 24-hour loss limit of 15.00."
    state = _act(player, "hit")  # the round goes on: Ts makes 21, the dealer's 6 8 4 is 18
    assert (state["status"], state["staked"], state["returned"]) == ("settled", 1000, 2000)


def test_a_higher_limit_waits_24_hours(player: TestClient, clock: Clock) -> None:
    ok(player.post("/api/protection/limits", json={"kind": "stake", "period": "7d", "amount": 500}))
    status = ok(
        player.post("/api/protection/limits", json={"kind": "stake", "period": "7d", "amount": 900})
    )
    stake_7d = next(x for x in status["limits"] if (x["kind"], x["period"]) == ("stake", "7d"))
    assert stake_7d["amount"] == 500
    assert stake_7d["pending"] == {"amount": 900, "from": "2026-12-02T12:00:00+00:00"}


def test_a_time_out_refuses_the_next_deal(player: TestClient, shoes: Shoes) -> None:
    _deal(player, shoes, WIN_19)
    status = ok(player.post("/api/protection/break", json={"kind": "time-out", "length": 7}))
    assert status["play_blocked_until"] == "2026-12-08T12:00:00+00:00"
    assert _act(player, "stand")["status"] == "settled"  # the round in progress finishes
    body = refused(player.post("/api/tables/european/rebet-and-deal"), 403, "on-time-out")
    assert "no new round can start" in body["error"]["sentence"]
    chip = player.post("/api/tables/european/bets", json={"spot": 0, "chip": 1000})
    body = refused(chip, 403, "on-time-out")  # no chip goes on the table either
    assert body["error"]["sentence"] == (
        "You are taking a time-out: no new round can start until it ends."
    )
    assert ok(player.get("/api/tables/european"))["total"] == 0
    refused(
        player.post("/api/protection/break", json={"kind": "time-out", "length": 1}),
        409,
        "break-in-force",
    )


@pytest.mark.parametrize(
    ("path", "body", "code"),
    [
        (
            "/api/protection/limits",
            {"kind": "loss", "period": "24h", "amount": 0},
            "invalid-request",
        ),
        (
            "/api/protection/limits",
            {"kind": "win", "period": "24h", "amount": 5},
            "invalid-request",
        ),
        (
            "/api/protection/limits",
            {"kind": "loss", "period": "1h", "amount": 5},
            "invalid-request",
        ),
        ("/api/protection/reality-check", {"minutes": 7}, "invalid-request"),
        ("/api/protection/break", {"kind": "time-out", "length": 2}, "invalid-protection-setting"),
        ("/api/protection/break", {"kind": "nap", "length": 1}, "invalid-request"),
    ],
)
def test_a_setting_not_offered_is_refused(
    player: TestClient, path: str, body: dict[str, object], code: str
) -> None:
    before = ok(player.get("/api/protection"))
    refused(player.post(path, json=body), 422 if code == "invalid-request" else 400, code)
    assert ok(player.get("/api/protection")) == before
