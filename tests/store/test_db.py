"""The database connection's mechanics: SQLite checkpoints in a thread of their own, the worker
threads a server process needs, driver errors raised as SQLAlchemy raises them, and PostgreSQL
connections a restart closed replaced before they fail a request."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError
from storetest import KEY

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
    player's row, so a few threads run several players' requests at once."""
    sqlite = db.is_sqlite(service.engine)
    assert db.worker_threads(service.engine) == (2 if sqlite else 6)


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


def _end_every_connection(url: str) -> int:
    """Close every connection to the database at ``url`` from the server's side, as a restart
    does (each backend sends its last message and exits); how many there were."""
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            ended = conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            ).all()
    finally:
        admin.dispose()
    assert all(done for (done,) in ended)  # each backend is gone, its socket closed
    return len(ended)


def test_after_a_postgresql_restart_no_request_fails(pg_empty: str) -> None:
    """Every pooled connection the server closed is replaced when it is next checked out: the
    calls after a restart all succeed, however many connections the pool kept."""
    service = TableService.open(pg_empty, key=KEY)
    try:
        players = [service.accounts.create_player(f"p{i}").id for i in range(3)]
        balances = [service.accounts.wallet(player).balance for player in players]
        held = [service.engine.connect() for _ in range(3)]  # the pool keeps three
        for conn in held:
            conn.close()
        assert _end_every_connection(pg_empty) >= 3
        for _ in range(2):  # as many calls as the pool has dead connections, and more
            assert [service.accounts.wallet(player).balance for player in players] == balances
    finally:
        service.close()
