"""Store test fixtures: every store test runs on SQLite and on PostgreSQL.

PostgreSQL is the shared ``pg_empty`` fixture of ``tests/conftest.py``: each test worker gets
its own database and each test starts from empty tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from storetest import KEY, OpenService, Shoes

from twentyone.store.service import TableService


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database URL, once per backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'twentyone.db'}"
    url: str = request.getfixturevalue("pg_empty")
    return url


@pytest.fixture
def shoes() -> Shoes:
    """The shoes the service deals from."""
    return Shoes()


@pytest.fixture
def open_service(db_url: str, shoes: Shoes) -> Iterator[OpenService]:
    """Open (and re-open, as after a restart) services on the test database."""
    opened: list[TableService] = []

    def opener(**kwargs: object) -> TableService:
        kwargs.setdefault("key", KEY)
        kwargs.setdefault("shoe_factory", shoes)
        svc = TableService.open(db_url, **kwargs)  # type: ignore[arg-type]
        opened.append(svc)
        return svc

    yield opener
    for svc in opened:
        svc.close()


@pytest.fixture
def service(open_service: OpenService) -> TableService:
    """A service on an empty database."""
    return open_service()
