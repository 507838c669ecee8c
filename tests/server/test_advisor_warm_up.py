"""The advisor warms up when the server starts, in the background: start-up does not wait."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient

from twentyone.rules import Rules
from twentyone.server import create_app
from twentyone.server.routers import advice
from twentyone.server.settings import ServerSettings
from twentyone.variants import all_variants


def test_the_server_answers_while_the_advisor_warms_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server the ``serve`` command runs (its own store) warms every game that offers hints
    at start, in a thread of its own: requests are answered before the warm-up has finished."""
    monkeypatch.setenv("TWENTYONE_HOME", str(tmp_path))
    monkeypatch.setenv("TWENTYONE_SHOE_KEY", Fernet.generate_key().decode())
    release = threading.Event()
    warmed: list[Rules] = []

    def slow_warm(rules: Rules) -> None:
        assert release.wait(30), "the test never released the warm-up"
        warmed.append(rules)

    monkeypatch.setattr(advice, "warm", slow_warm)
    settings = ServerSettings(password_cost=2**10)
    app = create_app(db_url=f"sqlite:///{tmp_path / 'serve.db'}", settings=settings)
    with TestClient(app, base_url="http://localhost") as client:
        thread = app.state.advisor_warm_up
        assert thread.is_alive() and thread.daemon
        assert client.get("/api/names").status_code == 200  # answered while it warms
        assert not warmed
        release.set()
        thread.join(30)
        assert not thread.is_alive()
    assert warmed == [v.rules for v in all_variants() if v.advisor]
