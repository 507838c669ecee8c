"""The database connection's mechanics: SQLite checkpoints in a thread of their own, the worker
threads a server process needs, and driver errors raised as SQLAlchemy raises them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from twentyone.store import db
from twentyone.store.service import TableService


def _log_only_database(path: Path) -> sqlite3.Connection:
    """A WAL database whose rows are all still in the log (it never checkpoints itself)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA wal_autocheckpoint=0")
    conn.execute("CREATE TABLE t (a TEXT)")
    for _ in range(200):
        conn.execute("INSERT INTO t VALUES (?)", ("x" * 500,))
    return conn


def test_the_checkpoint_thread_copies_the_log_into_the_database_file(tmp_path: Path) -> None:
    """Woken after CHECKPOINT_EVERY write transactions, the thread copies the log's pages into
    the database file (the open connection keeps SQLite from doing it on close)."""
    path = tmp_path / "c.db"
    writer = _log_only_database(path)
    before = path.stat().st_size
    checkpoints = db.Checkpointer(str(path))
    for _ in range(db.CHECKPOINT_EVERY - 1):
        checkpoints.written()
    assert path.stat().st_size == before  # not due yet: no thread, nothing copied
    checkpoints.written()
    checkpoints.stop()  # returns once the checkpoint it was woken for is done
    assert path.stat().st_size > before + 200 * 500  # the 200 rows are in the file now
    writer.close()


def test_a_stopped_checkpointer_starts_no_thread(tmp_path: Path) -> None:
    path = tmp_path / "c.db"
    writer = _log_only_database(path)
    before = path.stat().st_size
    checkpoints = db.Checkpointer(str(path))
    checkpoints.stop()
    for _ in range(db.CHECKPOINT_EVERY):
        checkpoints.written()
    checkpoints.stop()
    assert path.stat().st_size == before
    writer.close()


def test_request_connections_leave_checkpoints_to_the_thread(tmp_path: Path) -> None:
    """A commit checkpoints itself only past the backstop (the thread fell far behind)."""
    engine = db.make_engine(f"sqlite:///{tmp_path / 'c.db'}")
    try:
        with engine.connect() as conn:
            pages = conn.execute(text("PRAGMA wal_autocheckpoint")).scalar()
            synchronous = conn.execute(text("PRAGMA synchronous")).scalar()
        assert pages == db.BACKSTOP_PAGES
        assert synchronous == 2  # FULL: every commit is durable before it is shown
    finally:
        engine.dispose()


def test_a_server_on_sqlite_needs_two_worker_threads(service: TableService) -> None:
    """One writes (a SQLite file has one writer at a time), one reads; PostgreSQL locks a
    player's row, so the server keeps its own number."""
    expected = db.SQLITE_WORKERS if db.is_sqlite(service.engine) else None
    assert db.worker_threads(service.engine) == expected


def test_a_driver_error_is_raised_as_sqlalchemy_raises_it(service: TableService) -> None:
    """A statement sent straight to the driver fails with SQLAlchemy's exception, so a
    caller catching ``IntegrityError`` (an idempotency key's twin) sees it either way."""
    player = service.accounts.create_player("p").id
    now = service.store.now()
    with pytest.raises(IntegrityError), service.unit() as unit:
        driver = unit.driver
        driver.write_seat(unit.conn, player, "european", "[]", new=True, now=now)
        driver.write_seat(unit.conn, player, "european", "[]", new=True, now=now)
    assert service.seat.table(player, "european").layout.total == 0  # rolled back whole


def test_units_on_a_sqlite_file_share_one_writing_connection(service: TableService) -> None:
    """Every unit writes on the same connection (its page cache stays valid), also after a
    refused one (PostgreSQL takes a pool connection per unit)."""
    player = service.accounts.create_player("p").id
    with service.unit() as unit:
        first = unit.conn.connection.driver_connection
    with pytest.raises(RuntimeError), service.unit() as unit:
        service.accounts.grant(player, 500, "refused")
        raise RuntimeError("refused")
    with service.unit() as unit:
        again = unit.conn.connection.driver_connection
    if db.is_sqlite(service.engine):
        assert first is again
    assert service.accounts.wallet(player).balance == 100_000
