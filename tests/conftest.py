"""Test-wide settings and the fixtures several suites share.

Under CI (``CI`` set) Hypothesis runs derandomized: the same examples every run, so a green
build stays green for the same code; locally it explores new examples on every run.

PostgreSQL (the store and server suites): ``TWENTYONE_TEST_PG_URL`` names a server
(``scripts/pg_test_server.sh`` starts one); each test worker gets one fresh database for the
session, and ``pg_empty`` hands a test that database with every table emptied. Without the
variable the PostgreSQL cases fail under CI and are skipped elsewhere.

Rule citations: ``@pytest.mark.rule("ll-63", ...)`` names the rules of ``tests/rules/*.toml``
a test checks (``tests/test_rule_citations.py`` holds every rule to a citing test).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

PG_ENV = "TWENTYONE_TEST_PG_URL"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "rule(*ids): the rules (tests/rules/*.toml) this test drives and checks"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each cited rule id becomes a ``rule`` property of the test's JUnit XML record, so a run
    with ``--junitxml`` says which rules passed (``scripts/rule_matrix.py --junit``)."""
    for item in items:
        for mark in item.iter_markers("rule"):
            item.user_properties.extend(("rule", rule) for rule in mark.args)


@pytest.fixture(scope="session")
def pg_database() -> Iterator[str]:
    """A fresh PostgreSQL database for this test worker (dropped at the end of the session)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

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


@pytest.fixture
def pg_empty(pg_database: str) -> str:
    """The worker's PostgreSQL database with every table emptied (the schema is kept).

    TRUNCATE is not an UPDATE or DELETE, so the audit log's triggers let a test empty it.
    """
    from sqlalchemy import create_engine, text

    engine = create_engine(pg_database)
    with engine.begin() as conn:
        names = conn.execute(
            text("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        ).scalars()
        tables = [f'"{n}"' for n in names if n != "alembic_version"]
        if tables:
            conn.execute(text(f"TRUNCATE {', '.join(tables)} CASCADE"))
    engine.dispose()
    return pg_database
