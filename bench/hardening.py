"""What each protection of issue 10 costs per request, measured in-process (no network).

The same app with and without each protection, requests interleaved so both see the same
machine load; medians over many requests, then the difference and the ratio:

- the request guard (body limit, Origin / Sec-Fetch-Site, CSRF token, headers) on a GET and on
  a POST (a chip placed and taken back);
- strict input schemas on a POST (validation with ``strict=True`` against the lax model);
- an ``Idempotency-Key`` on DEAL (the record's lookup and insert in the deal's transaction)
  and a repeat answered from the record;
- the login throttle's check and the guest counter (``Window``), per call.

Run: ``.venv/bin/python bench/hardening.py [--n 400]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from cryptography.fernet import Fernet
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import BaseModel, ConfigDict

from twentyone.server import create_app
from twentyone.server.schemas import PlaceBetIn
from twentyone.server.security import Guard
from twentyone.server.settings import ServerSettings
from twentyone.server.throttle import Window
from twentyone.store.service import TableService

EU = "/api/tables/european"


def _app(home: Path, name: str, *, guard: bool) -> tuple[FastAPI, TableService]:
    service = TableService.open(f"sqlite:///{home / name}", key=Fernet.generate_key())
    app = create_app(service, settings=ServerSettings(password_cost=2**10))
    if not guard:
        app.user_middleware = [m for m in app.user_middleware if m.cls is not Guard]
    return app, service


def _client(app: FastAPI) -> TestClient:
    client = TestClient(app)
    client.__enter__()
    client.get("/")
    token = client.cookies.get("twentyone_csrf") or "x" * 43
    client.cookies.set("twentyone_csrf", token)
    client.headers["X-CSRF-Token"] = token
    client.post("/api/auth/guest")
    return client


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _pair(n: int, with_: Callable[[], object], without: Callable[[], object]) -> str:
    a: list[float] = []
    b: list[float] = []
    for _ in range(n):
        a.append(_time(with_))
        b.append(_time(without))
    ma, mb = statistics.median(a) * 1e6, statistics.median(b) * 1e6
    return f"{ma:9.1f} µs with, {mb:9.1f} µs without: +{ma - mb:7.1f} µs ({ma / mb:.3f}x)"


class LaxBet(BaseModel):
    """``PlaceBetIn`` before issue 10: lax types."""

    model_config = ConfigDict(extra="forbid")
    spot: int
    chip: int
    side: str | None = None


async def _ok(_scope: object, receive: object, send: object) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})  # type: ignore[operator]
    await send({"type": "http.response.body", "body": b"{}"})  # type: ignore[operator]


def _guard_alone(n: int) -> None:
    """The guard in front of an app that answers at once: its own cost, without the app's."""
    guard = Guard(_ok, ServerSettings())
    token = "t" * 43

    def scope(method: str) -> dict[str, object]:
        headers = [
            (b"host", b"127.0.0.1:8000"),
            (b"origin", b"http://127.0.0.1:8000"),
            (b"sec-fetch-site", b"same-origin"),
            (b"cookie", f"twentyone_session=abc; twentyone_csrf={token}".encode()),
            (b"x-csrf-token", token.encode()),
            (b"content-type", b"application/json"),
            (b"content-length", b"28"),
        ]
        return {
            "type": "http",
            "method": method,
            "path": "/api/tables/european/bets",
            "scheme": "http",
            "headers": headers,
        }

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b'{"spot": 0, "chip": 100}   ', "more_body": False}

    async def send(_message: object) -> None:
        return None

    async def run(app: object, method: str) -> float:
        start = time.perf_counter()
        for _ in range(n):
            await app(scope(method), receive, send)  # type: ignore[operator]
        return (time.perf_counter() - start) / n * 1e6

    for method in ("GET", "POST"):
        with_, without = [], []
        for _ in range(7):
            with_.append(asyncio.run(run(guard, method)))
            without.append(asyncio.run(run(_ok, method)))
        a, b = statistics.median(with_), statistics.median(without)
        print(
            f"guard alone, {method:4}          {a:9.1f} µs with, {b:9.1f} µs without: "
            f"+{a - b:7.1f} µs per request"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=400, help="requests per measurement")
    n = parser.parse_args().n
    _guard_alone(n * 20)
    home = Path(tempfile.mkdtemp(prefix="twentyone-bench-"))
    guarded, s1 = _app(home, "a.db", guard=True)
    bare, s2 = _app(home, "b.db", guard=False)
    g, b = _client(guarded), _client(bare)
    print(f"median of {n} interleaved requests (TestClient, SQLite, one process)")
    print(
        "guard, GET /api/variants   ",
        _pair(n, lambda: g.get("/api/variants"), lambda: b.get("/api/variants")),
    )

    def bet_and_undo(c: TestClient) -> None:
        c.post(f"{EU}/bets", json={"spot": 0, "chip": 100})
        c.post(f"{EU}/undo")

    print("guard, POST bet + undo     ", _pair(n, lambda: bet_and_undo(g), lambda: bet_and_undo(b)))
    raw = {"spot": 0, "chip": 100, "side": None}
    print(
        "strict schema, one body    ",
        _pair(n * 20, lambda: PlaceBetIn.model_validate(raw), lambda: LaxBet.model_validate(raw)),
    )

    def deal(c: TestClient, key: bool) -> None:
        c.post(f"{EU}/bets", json={"spot": 0, "chip": 100})
        headers = {"Idempotency-Key": uuid.uuid4().hex} if key else {}
        answer = c.post(f"{EU}/deal", headers=headers).json()
        assert "round" in answer, answer
        state = answer["round"]
        while state["status"] == "open":
            legal = state["legal_actions"]
            action = "stand" if "stand" in legal else legal[0]
            body = {"action": action, "expected_step": state["step"]}
            state = c.post(f"/api/rounds/{state['round_id']}/actions", json=body).json()
            assert "status" in state, state

    rounds = max(50, n // 4)
    print(
        "idempotency key, bet+deal+play",
        _pair(rounds, lambda: deal(g, True), lambda: deal(g, False)),
    )
    g.post(f"{EU}/bets", json={"spot": 0, "chip": 100})
    key = {"Idempotency-Key": uuid.uuid4().hex}
    state = g.post(f"{EU}/deal", headers=key).json()["round"]
    print(
        "a repeat answered from the record vs GET table",
        _pair(n, lambda: g.post(f"{EU}/deal", headers=key), lambda: g.get(EU)),
    )
    del state
    window = Window(3, 1800, 1800)
    counter = iter(range(10**9))
    print(
        "Window.hit (a new key each) vs locked_for",
        _pair(n * 20, lambda: window.hit(f"k{next(counter)}"), lambda: window.locked_for("k")),
    )
    for c in (g, b):
        c.__exit__(None, None, None)
    s1.close()
    s2.close()


if __name__ == "__main__":
    main()
