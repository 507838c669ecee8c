"""Web server fixtures: a table service on a fresh SQLite file dealing scripted shoes, the app
over it, and TestClients that are separate visitors (each its own cookie jar).

A test module that must hold on PostgreSQL too overrides ``db_url`` with a fixture returning
``both_backends`` (PostgreSQL from the shared ``pg_empty`` fixture of ``tests/conftest.py``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import GameClient, NewClient, OpenService, Shoes, quick_rtp

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

KEY = Fernet.generate_key()
SETTINGS = ServerSettings(password_cost=2**10)
"""Cheap scrypt in tests (production uses the default cost)."""


@pytest.fixture
def shoes() -> Shoes:
    """The shoes the service deals from: ``shoes.stack("As Kd ...")`` scripts the next round."""
    return Shoes()


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """The test database: a fresh SQLite file."""
    return f"sqlite:///{tmp_path / 'server.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def both_backends(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database, once on SQLite and once on PostgreSQL (use as ``db_url``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    url: str = request.getfixturevalue("pg_empty")
    return url


@pytest.fixture
def open_service(db_url: str, shoes: Shoes) -> Iterator[OpenService]:
    """Open (and re-open, as after a restart) services on one database."""
    url = db_url
    opened: list[TableService] = []

    def opener() -> TableService:
        svc = TableService.open(url, key=KEY, shoe_factory=shoes)
        opened.append(svc)
        return svc

    yield opener
    for svc in opened:
        svc.close()


@pytest.fixture
def service(open_service: OpenService) -> TableService:
    """A service on an empty database."""
    return open_service()


@pytest.fixture
def app(service: TableService) -> FastAPI:
    """The web app over the test service."""
    return create_app(service, settings=SETTINGS, rtp=quick_rtp)


@pytest.fixture
def new_client(app: FastAPI) -> Iterator[NewClient]:
    """Make visitors: each client has its own cookies (a separate browser)."""
    clients: list[TestClient] = []

    def make() -> TestClient:
        client = GameClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def client(new_client: NewClient) -> TestClient:
    """A visitor who has started a guest session."""
    c = new_client()
    assert c.post("/api/auth/guest").status_code == 200
    return c
