"""The play lane (``server/lane.py``) answers DEAL and decisions exactly as the routes do.

The same requests go to two apps over two fresh stores dealing the same shoes: the app as it
is, and one without the lane (every request through the framework's routes). Every answer —
status, JSON, headers — is the same once ids and times are masked; the lane answered the
well-formed play requests itself and passed every other one on.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import GameClient, Shoes, quick_rtp

from twentyone.server import create_app
from twentyone.server.lane import PlayLane
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

SETTINGS = ServerSettings(password_cost=2**10)
TABLE = "/api/tables/european"
_ID = re.compile(r"\b[0-9a-f]{16,32}\b")
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(\+00:00)?")
_VOLATILE = {"set-cookie", "date", "content-length"}


def _masked(text: str) -> str:
    return _TIME.sub("<time>", _ID.sub("<id>", text))


def _answer(response: Any) -> tuple[int, str, dict[str, str]]:
    headers = {k: _masked(v) for k, v in response.headers.items() if k not in _VOLATILE}
    return response.status_code, _masked(response.text), headers


class Twins:
    """Two visitors, one on each app, sent the same requests."""

    def __init__(self, lane: TestClient, routes: TestClient) -> None:
        self.lane, self.routes = lane, routes
        self.rounds = ("", "")
        """Each side's round in progress (``{round}`` in a path)."""

    def send(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        """The request to both; their answers must be the same. The lane's status and JSON."""
        mine = getattr(self.lane, method)(path.format(round=self.rounds[0]), **kwargs)
        theirs = getattr(self.routes, method)(path.format(round=self.rounds[1]), **kwargs)
        assert _answer(mine) == _answer(theirs), (path, mine.text, theirs.text)
        if "round" in mine.json() and mine.json()["round"] is not None:
            self.rounds = (mine.json()["round"]["round_id"], theirs.json()["round"]["round_id"])
        return mine.status_code, mine.json()


@pytest.fixture
def twins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    key = Fernet.generate_key()
    services, apps = [], []
    for name in ("lane", "routes"):
        svc = TableService.open(
            f"sqlite:///{tmp_path / f'{name}.db'}", key=key, shoe_factory=Shoes(seed=7)
        )
        services.append(svc)
        apps.append(create_app(svc, settings=SETTINGS, rtp=quick_rtp))
    without: FastAPI = apps[1]
    without.user_middleware = [m for m in without.user_middleware if m.cls is not PlayLane]
    answered: list[str] = []
    passed: list[str] = []
    call = PlayLane._call

    def spy(self: PlayLane, scope: Any, *args: Any) -> Any:
        found = call(self, scope, *args)
        (passed if found is None else answered).append(scope["path"].rsplit("/", 1)[-1])
        return found

    monkeypatch.setattr(PlayLane, "_call", spy)
    clients = [GameClient(a) for a in apps]
    for c in clients:
        c.__enter__()
    yield Twins(*clients), answered, passed
    for c in clients:
        c.__exit__(None, None, None)
    for svc in services:
        svc.close()


def test_the_lane_answers_as_the_routes_do(twins: Any) -> None:
    pair, answered, passed = twins
    hit_or_stand = {"expected_step": 0}
    assert pair.send("post", TABLE + "/deal")[0] == 401  # no session yet: passed on
    assert pair.send("post", "/api/auth/guest")[0] == 200
    assert pair.send("post", TABLE + "/bets", json={"spot": 0, "chip": 100})[0] == 200
    first = {"Idempotency-Key": "deal-1"}
    status, table = pair.send("post", TABLE + "/deal", headers=first)
    assert status == 201
    assert pair.send("post", TABLE + "/deal", headers=first)[0] == 201  # the stored answer
    assert pair.send("post", TABLE + "/rebet-and-deal", headers=first)[0] == 422  # key reused
    assert pair.send("post", TABLE + "/deal")[0] == 409  # round in progress
    act = "/api/rounds/{round}/actions"
    assert pair.send("post", act, json={"action": "fly"})[0] == 422  # passed on
    assert pair.send("post", act, json=hit_or_stand, headers={"Idempotency-Key": "a b"})[0] == 422
    assert (
        pair.send("post", act, content=b"stand", headers={"Content-Type": "text/plain"})[0] == 422
    )
    assert pair.send("post", "/api/rounds/nope/actions", json={"action": "stand"})[0] == 404
    assert pair.send("post", act, json={"action": "stand", "expected_step": 99})[0] == 409
    state = table["round"]
    for step in range(20):
        if state["status"] != "open":
            break
        action = "no-insurance" if "no-insurance" in state["legal_actions"] else "stand"
        body = {"action": action, "expected_step": state["step"]}
        key = {"Idempotency-Key": f"act-{step}"}
        status, state = pair.send("post", act, json=body, headers=key)
        assert status == 200
        assert pair.send("post", act, json=body, headers=key) == (200, state)  # replayed
    assert state["status"] != "open"
    assert pair.send("post", TABLE + "/double-and-deal")[0] == 201
    assert pair.send("post", "/api/tables/" + "x" * 65 + "/deal")[0] == 422  # passed on
    assert {"deal", "rebet-and-deal", "double-and-deal", "actions"} <= set(answered)
    assert passed.count("actions") == 3 and passed.count("deal") == 1
