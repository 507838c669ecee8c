"""Store test fixtures: every store test runs on SQLite and on PostgreSQL.

PostgreSQL comes from ``TWENTYONE_TEST_PG_URL`` (``scripts/pg_test_server.sh`` starts one);
each test worker gets its own database and each test starts from empty tables. Without the
variable the PostgreSQL cases fail under CI (``CI`` set) and are skipped elsewhere.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from storetest import KEY, OpenService, Shoes

from twentyone.store.service import TableService

PG_ENV = "TWENTYONE_TEST_PG_URL"


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A fresh PostgreSQL database for this test worker."""
    base = os.environ.get(PG_ENV)
    if not base:
        message = f"{PG_ENV} is not set: run scripts/pg_test_server.sh"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    name = f"twentyone_t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(base).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _empty_pg(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        exists = conn.execute(text("SELECT to_regclass('public.players')")).scalar()
        if exists:
            conn.execute(text("TRUNCATE round_events, ledger, seats, rounds, players CASCADE"))
        if conn.execute(text("SELECT to_regclass('public.admin_audit')")).scalar():
            # TRUNCATE is not an UPDATE or DELETE: the audit log's triggers let a test empty it
            conn.execute(text("TRUNCATE admin_audit, admin_sessions, administrators CASCADE"))
        if conn.execute(text("SELECT to_regclass('public.shoe_keys')")).scalar():
            conn.execute(text("TRUNCATE shoe_keys"))  # each test may bring its own key
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database URL, once per backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'twentyone.db'}"
    url: str = request.getfixturevalue("pg_database")
    _empty_pg(url)
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
