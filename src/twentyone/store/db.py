"""Database connection: SQLite by default (a file, WAL, durable commits), PostgreSQL by URL.

Every unit of work is one transaction that holds the player's lock: on SQLite ``BEGIN
IMMEDIATE`` (the database write lock), on PostgreSQL ``SELECT ... FOR UPDATE`` on the player
row. ``synchronous=FULL`` makes every SQLite commit durable before the result is shown.

On a SQLite file the threads of one process queue for the write lock in Python (a lock taken
at ``BEGIN`` and given back when the connection returns to the pool) instead of in SQLite's
busy handler, which polls with sleeps growing to 100 ms and so makes a long latency tail under
load; other processes still wait in the busy handler. A transaction that only reads can say so
(:data:`READ_ONLY`): it begins a plain deferred transaction, reads a WAL snapshot and waits for
no writer. The write-ahead log is copied into the database file by a thread of its own
(:class:`Checkpointer`), not by whichever commit fills it; and a server process on SQLite needs
only a couple of worker threads, on PostgreSQL a few (:func:`worker_threads`).
"""

from __future__ import annotations

import os
import select
import sqlite3
import threading
import weakref
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.pool import StaticPool

HOME_ENV = "TWENTYONE_HOME"
DB_ENV = "TWENTYONE_DB"
MIGRATIONS = Path(__file__).parent / "alembic"

READ_ONLY = {"twentyone_read_only": True}
"""Execution options of a transaction that only reads: ``engine.execution_options(**READ_ONLY)``."""

_POOL = {"pool_size": 10, "max_overflow": 30}
"""Connections per process: enough for every worker thread of the server (40) at once."""

CHECKPOINT_EVERY = 100
"""Write transactions between two checkpoints of a SQLite file (each writes a few pages)."""

BACKSTOP_PAGES = 10_000
"""Log pages past which a commit checkpoints itself (the checkpoint thread fell behind)."""

SQLITE_WORKERS = 2
"""Worker threads a server process on SQLite needs: one writing (a file has one writer at a
time) and one reading, or ready to begin the next write the moment the last one commits. More
threads only queue for the write lock, and every hand-off between them costs CPU (measured with
20 players: 1.9 ms of server CPU per request with 40 threads, 1.4 with 2, the same latency)."""

POSTGRES_WORKERS = 6
"""Worker threads a server process on PostgreSQL needs: it locks one player's row, not the
database, so requests of different players run at once, each mostly waiting for its round trips
and its commit; a few threads keep the database busy, and more only take the GIL from each
other (measured with 20 players on 2 cores, one process: 1.75 ms of server CPU per request and
p99 294 ms with anyio's 40 threads, 1.35 ms and 159 ms with 6; 3 were too few)."""


def worker_threads(engine: Engine) -> int:
    """How many worker threads a server process should run its store calls in."""
    return SQLITE_WORKERS if is_sqlite(engine) else POSTGRES_WORKERS


def home() -> Path:
    """``$TWENTYONE_HOME`` or ``~/.twentyone``: the database file and the shoe key live here."""
    env = os.environ.get(HOME_ENV)
    return Path(env) if env else Path.home() / ".twentyone"


def default_url() -> str:
    """``$TWENTYONE_DB`` or a SQLite file under :func:`home`."""
    return os.environ.get(DB_ENV) or f"sqlite:///{home() / 'twentyone.db'}"


def is_sqlite(engine: Engine) -> bool:
    """Whether ``engine`` is SQLite."""
    return engine.dialect.name == "sqlite"


def single_reads(engine: Engine) -> Engine:
    """``engine`` for connections that run single reading statements outside a transaction
    (a session's lookup): on SQLite :data:`READ_ONLY` (no ``BEGIN IMMEDIATE``, no writer
    waited for), on PostgreSQL autocommit (no ``BEGIN`` and ``ROLLBACK`` round trips around the
    one statement)."""
    if is_sqlite(engine):
        return engine.execution_options(**READ_ONLY)
    return engine.execution_options(isolation_level="AUTOCOMMIT")


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, ``synchronous=FULL`` and immediate transactions."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        engine = create_engine(url, **_POOL)
        event.listen(engine, "checkout", _check_alive)
        return engine
    database = parsed.database
    kwargs: dict[str, Any] = {}
    memory = not database or database == ":memory:"
    if memory:
        kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
    else:
        Path(str(database)).expanduser().parent.mkdir(parents=True, exist_ok=True)
        kwargs = dict(_POOL)
    engine = create_engine(url, **kwargs)
    checkpoints = None if memory else Checkpointer(str(database), uri="uri" in parsed.query)
    lock = None if memory else WriteLock(checkpoints)
    if lock is not None:
        _WRITE_LOCKS[engine] = lock

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transactions out of the driver's hands so BEGIN IMMEDIATE is ours to send.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")  # see Checkpointer
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        # Straight to the driver: this runs once per transaction, on the hot path.
        driver = connection.connection.driver_connection
        if connection.get_execution_options().get("twentyone_read_only"):
            driver.execute("BEGIN")
            return
        if lock is not None:
            lock.take()
        driver.execute("BEGIN IMMEDIATE")

    @event.listens_for(engine.pool, "checkin")
    def _checkin(_dbapi_connection: Any, _record: Any) -> None:
        # The transaction is over (committed or rolled back): the next writer may begin.
        if lock is not None:
            lock.give()

    @event.listens_for(engine, "engine_disposed")
    def _disposed(_engine: Any) -> None:
        if checkpoints is not None:
            checkpoints.stop()

    return engine


def _check_alive(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """A pooled PostgreSQL connection the server has closed is replaced as it is checked out.

    A server that stops or restarts (or ends a backend) sends a last message and closes the
    socket; an idle connection's socket is otherwise silent. So a socket with anything to read
    at checkout is taken for closed: the pool discards it and hands out a fresh connection
    (SQLAlchemy's :class:`~sqlalchemy.exc.DisconnectionError` protocol), and no request fails
    on a connection from before a restart. This asks the kernel, not the server: it costs no
    round trip, where ``pool_pre_ping`` sends one on every checkout.
    """
    try:
        if dbapi_connection.closed:
            raise DisconnectionError("the connection is closed")
        poller = select.poll()
        poller.register(dbapi_connection.fileno(), select.POLLIN | select.POLLPRI)
        ready = poller.poll(0)
    except DisconnectionError:
        raise
    except Exception as exc:  # no socket to ask: take it for closed
        raise DisconnectionError("the connection has no socket") from exc
    if ready:
        raise DisconnectionError("the database closed the connection (a restart?)")


_WRITE_LOCKS: weakref.WeakKeyDictionary[Engine, WriteLock] = weakref.WeakKeyDictionary()


def write_lock(engine: Engine) -> WriteLock | None:
    """The write lock of a SQLite file's engine (``None``: PostgreSQL, in-memory SQLite)."""
    return _WRITE_LOCKS.get(engine)


class WriteLock:
    """The threads of one process queue here for a SQLite file's one writer.

    Taken when a write transaction begins (or before, by a caller that holds it around a
    transaction of its own: :meth:`~twentyone.store.unit.Store.unit`), given back when the
    connection returns to the pool or that caller is done; a thread that holds it takes it
    again at no cost. Each write transaction given back is counted for the checkpoints.
    """

    def __init__(self, checkpoints: Checkpointer | None) -> None:
        self._lock = threading.Lock()
        self._holder = threading.local()
        self._checkpoints = checkpoints

    def take(self) -> None:
        """Hold the lock (at once when this thread holds it already)."""
        if not getattr(self._holder, "held", False):
            self._lock.acquire()
            self._holder.held = True

    def give(self) -> None:
        """Give the lock back, if this thread holds it (a write transaction ended)."""
        if getattr(self._holder, "held", False):
            if self._checkpoints is not None:
                self._checkpoints.written()
            self._holder.held = False
            self._lock.release()


class Checkpointer:
    """Copies the write-ahead log into the database file in a thread of its own.

    SQLite's own checkpoint runs inside the commit that fills the log past 1,000 pages: that
    commit, and every writer queued behind its lock, waits while the pages are copied and the
    file is synced — the slowest commits of a busy server. Here the request connections leave
    it (``wal_autocheckpoint`` only as a backstop, at :data:`BACKSTOP_PAGES`) and this thread,
    woken every :data:`CHECKPOINT_EVERY` write transactions, runs a passive checkpoint on its
    own connection: it copies what no reader still needs and never blocks a writer. The thread
    starts with the first checkpoint and ends when the engine is disposed.
    """

    def __init__(self, path: str, *, uri: bool = False) -> None:
        self.path = path
        self.uri = uri
        self._count = 0
        self._wake = threading.Event()
        self._stopping = False
        self._due = False
        self._thread: threading.Thread | None = None
        self._mutex = threading.Lock()

    def written(self) -> None:
        """Count one write transaction (called under the engine's write lock)."""
        self._count += 1
        if self._count < CHECKPOINT_EVERY:
            return
        self._count = 0
        with self._mutex:
            if self._stopping:
                return
            self._due = True
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="twentyone-checkpoint", daemon=True
                )
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        conn = sqlite3.connect(
            self.path, isolation_level=None, check_same_thread=False, uri=self.uri
        )
        try:
            conn.execute("PRAGMA synchronous=FULL")
            while True:
                self._wake.wait()
                self._wake.clear()
                with self._mutex:
                    due, self._due = self._due, False
                if due:
                    conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                if self._stopping:
                    return
        finally:
            conn.close()

    def stop(self) -> None:
        """End the thread once the checkpoint it was woken for is done (the engine is
        disposed; SQLite checkpoints the rest as its last connection closes)."""
        with self._mutex:
            self._stopping = True
            thread = self._thread
        self._wake.set()
        if thread is not None:
            thread.join()


def alembic_config(engine: Engine | None = None) -> Config:
    """The Alembic configuration of the store's migrations (no ini file needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if engine is not None:
        config.attributes["engine"] = engine
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` (idempotent; safe from several processes on PG)."""
    command.upgrade(alembic_config(engine), revision)
