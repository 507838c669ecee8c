"""Helpers shared by the server tests (imported as a top-level module by pytest)."""

from __future__ import annotations

import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import uvicorn
from fastapi.testclient import TestClient

from twentyone.cards import Shoe, parse_cards
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.store.service import TableService
from twentyone.variants import Variant

OpenService = Callable[[], TableService]
"""Opens a service on the test database (again: a restart)."""
NewClient = Callable[[], TestClient]
"""Makes a new visitor (its own cookie jar)."""


CSRF_COOKIE = "twentyone_csrf"


class GameClient(TestClient):
    """A visitor as the browser client behaves: every non-GET request carries ``X-CSRF-Token``
    equal to the ``twentyone_csrf`` cookie (the client sets a fresh one first when it has none,
    as a page would after any GET)."""

    def request(self, method: str, url: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        if method.upper() not in {"GET", "HEAD", "OPTIONS"}:
            token = self.cookies.get(CSRF_COOKIE)
            if token is None:
                token = secrets.token_urlsafe(32)
                self.cookies.set(CSRF_COOKIE, token)
            headers = dict(kwargs.pop("headers", None) or {})
            headers.setdefault("X-CSRF-Token", token)
            kwargs["headers"] = headers
        return super().request(method, url, **kwargs)


class Shoes:
    """Shoe factory: scripted card orders first (then a seeded shuffle), else seeded shoes."""

    def __init__(self, seed: int = 1) -> None:
        self.scripted: list[str] = []
        self.rng = SeededRandomSource(seed)

    def stack(self, cards: str) -> None:
        """The next round is dealt ``cards`` first (then the rest of a shuffled shoe)."""
        self.scripted.append(cards)

    def __call__(self, rules: Rules) -> Shoe:
        if not self.scripted:
            return Shoe.shuffled(rules.decks, self.rng)
        return Shoe.stacked(parse_cards(self.scripted.pop(0)), rules.decks, self.rng)


def quick_rtp(variant: Variant) -> dict[str, object]:
    """A stand-in for the exact returns (seconds to compute) in tests that only render them."""
    return {
        "base_game_rtp": 0.9951,
        "side_bets": [
            {"name": str(b.name), "paytable": b.paytable, "decks": 6, "rtp": 0.9605, "ev": "-1/25"}
            for b in variant.rules.side_bets
        ],
    }


def ok(response: Any, status: int = 200) -> Any:
    """The JSON of a response that must have ``status``."""
    assert response.status_code == status, response.text
    return response.json()


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    """Check an error response: its status, the ``{"error": {code, message}}`` body."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"error"}
    assert body["error"]["code"] == code
    assert body["error"]["message"]
    return body


def snapshot(client: TestClient, variant: str = "lucky-lucky") -> dict[str, Any]:
    """Everything a refusal must leave unchanged: the seat, the round, the money, the ledger."""
    table = ok(client.get(f"/api/tables/{variant}"))
    return {
        "table": table,
        "current": ok(client.get("/api/rounds/current")),
        "wallet": ok(client.get("/api/wallet")),
        "statement": ok(client.get("/api/statement")),
        "history": ok(client.get("/api/history")),
    }


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def live_server(app: Any, **config: Any) -> Iterator[str]:
    """``app`` under a real Uvicorn in a thread on 127.0.0.1; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", **config)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def csrf_headers(client: Any) -> dict[str, str]:
    """The ``X-CSRF-Token`` header for an httpx client that holds the cookie (after a GET)."""
    token = client.cookies.get(CSRF_COOKIE)
    assert token, "no twentyone_csrf cookie yet: GET something first"
    return {"X-CSRF-Token": token}
