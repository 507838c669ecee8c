"""The statements of play, compiled once per database and run on the driver's own cursor.

A step of play runs the same few statements every time (lock the player with its round or
seat, write the round, its events, the ledger entries and the player). SQLAlchemy builds them
(:mod:`twentyone.store.rows`) and compiles them once for the engine's dialect; each execution
then goes straight to the DBAPI cursor, with SQLAlchemy's own conversion of each value (a time
on SQLite is stored as SQLAlchemy stores it), skipping the per-execution work of a Core
``execute`` that costs more than the statement itself. Statements run in the transaction the
unit of work began on the same connection.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import Column, Connection, Engine, bindparam, insert
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.expression import ClauseElement

from twentyone.store import rows
from twentyone.store.rows import StoredPlayer, StoredRound
from twentyone.table.errors import UnknownPlayerError

Convert = Callable[[Any], Any]

_P, _R, _L = rows.PLAYERS.c, rows.ROUNDS.c, rows.LEDGER.c
_NP = len(rows.PLAYER_COLS)
_EVENT = ("round_id", "seq", "type", "data", "hidden")
_POSTED = ("txid", "player_id", "round_id", "amount", "balance_after", "kind", "detail")


class Statement:
    """One statement compiled for a dialect: its SQL, its parameters in order, and the
    conversions of its parameters and of its result columns."""

    def __init__(self, engine: Engine, stmt: ClauseElement) -> None:
        dialect = engine.dialect
        compiled = cast(SQLCompiler, stmt.compile(dialect=dialect))
        self.sql = compiled.string
        names = compiled.positiontup
        self.positional = names is not None
        rendered = dict.fromkeys(compiled.bind_names.values())  # as named in the SQL
        self.names = tuple(names) if names is not None else tuple(rendered)
        binds = compiled.binds
        self.binds: tuple[Convert | None, ...] = tuple(
            binds[name].type.dialect_impl(dialect).bind_processor(dialect) for name in self.names
        )
        self.defaults = {  # values written into the statement (``.values(hidden=False)``)
            name: binds[name].effective_value for name in self.names if not binds[name].required
        }
        columns = getattr(stmt, "selected_columns", None) or ()
        processors = [
            cast(Column[Any], c).type.dialect_impl(dialect).result_processor(dialect, None)
            for c in columns
        ]
        self.results = tuple((i, p) for i, p in enumerate(processors) if p is not None)

    def args(self, params: Mapping[str, Any]) -> Sequence[Any] | dict[str, Any]:
        """The driver's parameters for ``params`` (by bind name)."""
        if self.defaults:
            params = {**self.defaults, **params}
        values = [
            params[name] if convert is None else convert(params[name])
            for name, convert in zip(self.names, self.binds, strict=True)
        ]
        return values if self.positional else dict(zip(self.names, values, strict=True))

    def row(self, values: Sequence[Any] | None) -> list[Any] | None:
        """A result row with its values converted (``None`` stays ``None``)."""
        if values is None:
            return None
        out = list(values)
        for index, convert in self.results:
            out[index] = convert(out[index])
        return out


class Driver:
    """The hot statements of one engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.joined = engine.dialect.name == "sqlite"
        self._lock_player = Statement(engine, rows.LOCK_PLAYER)
        self._lock_player_round = Statement(engine, rows.LOCK_PLAYER_ROUND)
        self._lock_player_seat = Statement(engine, rows.LOCK_PLAYER_SEAT)
        self._round = Statement(engine, rows.SELECT_ROUND)
        self._seat = Statement(engine, rows.SELECT_SEAT)
        self._lock_player_seat_checks = Statement(engine, rows.LOCK_PLAYER_SEAT_CHECKS)
        self._seat_checks = Statement(engine, rows.SEAT_CHECKS)
        self._write_player = Statement(engine, rows.WRITE_PLAYER)
        self._write_round = Statement(engine, rows.WRITE_ROUND)
        self._insert_round = Statement(
            engine, insert(rows.ROUNDS).values({n: bindparam(n) for n in rows.ROUND_FIELDS})
        )
        self._write_seat = Statement(engine, rows.WRITE_SEAT)
        self._insert_seat = Statement(
            engine,
            insert(rows.SEATS).values(
                {n: bindparam(n) for n in ("player_id", "variant", "layout", "updated_at")}
            ),
        )
        self._posts = lru_cache(maxsize=16)(self._post_statement)
        self._events = lru_cache(maxsize=16)(self._events_statement)
        self._prepared: dict[ClauseElement, Statement] = {}
        self._errors: type[Exception] = engine.dialect.loaded_dbapi.Error

    # -- running ---------------------------------------------------------------------------

    @staticmethod
    def _cursor(conn: Connection) -> Any:
        return conn.connection.driver_connection.cursor()  # type: ignore[union-attr]

    def _execute(self, cursor: Any, sql: str, args: Any, *, many: bool = False) -> None:
        """Run ``sql`` on ``cursor``; a driver error is raised as SQLAlchemy raises it (e.g.
        :class:`sqlalchemy.exc.IntegrityError`), so callers see one kind whichever path ran."""
        try:
            if many:
                cursor.executemany(sql, args)
            else:
                cursor.execute(sql, args)
        except self._errors as exc:
            raise DBAPIError.instance(sql, args, exc, self._errors) from exc

    def prepare(self, stmt: ClauseElement) -> Statement:
        """``stmt`` (a statement built once, at import) compiled for this engine, once."""
        found = self._prepared.get(stmt)
        if found is None:
            found = self._prepared[stmt] = Statement(self.engine, stmt)
        return found

    def one(self, conn: Connection, stmt: Statement, params: Mapping[str, Any]) -> Any:
        """The first row of ``stmt`` with its values converted, or ``None``."""
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, stmt.sql, stmt.args(params))
            return stmt.row(cursor.fetchone())
        finally:
            cursor.close()

    def all(self, conn: Connection, stmt: Statement, params: Mapping[str, Any]) -> list[Any]:
        """Every row of ``stmt`` with its values converted."""
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, stmt.sql, stmt.args(params))
            return [stmt.row(found) for found in cursor.fetchall()]
        finally:
            cursor.close()

    def run(self, conn: Connection, stmt: Statement, params: Mapping[str, Any]) -> int:
        """Execute ``stmt``; the number of rows it changed."""
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, stmt.sql, stmt.args(params))
            return int(cursor.rowcount)
        finally:
            cursor.close()

    def savepoint(self, conn: Connection, name: str, step: str = "SAVEPOINT") -> None:
        """``SAVEPOINT name`` (``step``: or ``RELEASE SAVEPOINT`` / ``ROLLBACK TO SAVEPOINT``)."""
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, f"{step} {name}", ())
        finally:
            cursor.close()

    # -- reading ---------------------------------------------------------------------------

    def lock_player(self, conn: Connection, player_id: str) -> StoredPlayer:
        """The player's row, locked for this transaction."""
        row = self.one(conn, self._lock_player, {"player_id": player_id})
        if row is None:
            raise UnknownPlayerError(f"no player with id {player_id!r}")
        return rows.player_of(row)

    def get_round(self, conn: Connection, round_id: str) -> StoredRound | None:
        """The round ``round_id``, if there is one."""
        row = self.one(conn, self._round, {"round_id": round_id})
        return None if row is None else StoredRound(*row)

    def get_seat(self, conn: Connection, player_id: str, variant: str) -> str | None:
        """The stored layout of the player's seat at ``variant`` (``None``: no seat yet)."""
        row = self.one(conn, self._seat, {"player_id": player_id, "variant": variant})
        return None if row is None else cast(str, row[0])

    def lock_player_and_round(
        self, conn: Connection, player_id: str
    ) -> tuple[StoredPlayer, StoredRound | None]:
        """The player's row, locked, and its unfinished round (see :mod:`rows`: joined on
        SQLite, two reads on PostgreSQL)."""
        if not self.joined:
            player = self.lock_player(conn, player_id)
            round_id = player.open_round_id
            return player, None if round_id is None else self.get_round(conn, round_id)
        row = self.one(conn, self._lock_player_round, {"player_id": player_id})
        if row is None:
            raise UnknownPlayerError(f"no player with id {player_id!r}")
        return rows.player_of(row), None if row[_NP] is None else StoredRound(*row[_NP:])

    def lock_player_and_seat(
        self, conn: Connection, player_id: str, variant: str
    ) -> tuple[StoredPlayer, str | None]:
        """The player's row, locked, and its seat layout at ``variant`` (``None``: none yet)."""
        if not self.joined:
            player = self.lock_player(conn, player_id)
            return player, self.get_seat(conn, player_id, variant)
        row = self.one(conn, self._lock_player_seat, {"player_id": player_id, "variant": variant})
        if row is None:
            raise UnknownPlayerError(f"no player with id {player_id!r}")
        return rows.player_of(row), row[_NP]

    def lock_player_seat_and_checks(
        self, conn: Connection, player_id: str, variant: str, *, held: StoredPlayer | None
    ) -> tuple[StoredPlayer, str | None, bool, list[Any] | None]:
        """What a deal reads first: the player's row, locked (``held``: this transaction's
        already), its seat layout at ``variant``, whether the player is locked, and its
        protection row (:data:`rows.PROTECTION_COLS`; ``None``: none) — one query on SQLite,
        the lock and one query on PostgreSQL."""
        params = {"player_id": player_id, "variant": variant}
        if held is None and self.joined:
            row = self.one(conn, self._lock_player_seat_checks, params)
            if row is None:
                raise UnknownPlayerError(f"no player with id {player_id!r}")
            player, checks = rows.player_of(row), row[_NP:]
        else:
            player = held if held is not None else self.lock_player(conn, player_id)
            checks = self.one(conn, self._seat_checks, params)
            if checks is None:
                raise UnknownPlayerError(f"no player with id {player_id!r}")
        protection = None if checks[2] is None else list(checks[2:])
        return player, checks[0], checks[1] is not None, protection

    # -- writing ---------------------------------------------------------------------------

    def write_player(self, conn: Connection, player: StoredPlayer) -> None:
        """Store the player's balance and open round if they changed."""
        now = (player.balance, player.open_round_id)
        if now != player.stored:
            params = {"b_id": player.id, "b_balance": player.balance, "b_open": now[1]}
            self.run(conn, self._write_player, params)
            player.stored = now

    def write_round(self, conn: Connection, row: StoredRound) -> None:
        """Store what a round's play changes."""
        self.run(conn, self._write_round, rows.round_changes(row))

    def insert_round(self, conn: Connection, row: StoredRound) -> None:
        """Store a new round."""
        self.run(conn, self._insert_round, row.values())

    def insert_events(self, conn: Connection, events: Sequence[Mapping[str, Any]]) -> None:
        """Store a round's new events (``round_id``, ``seq``, ``type``, ``data``, ``hidden``)
        in one multi-row ``INSERT`` (one step of the database, where ``executemany`` takes
        one per row)."""
        if not events:
            return
        stmt = self._events(len(events))
        params = {f"{name}_{i}": value for i, e in enumerate(events) for name, value in e.items()}
        self.run(conn, stmt, params)

    def _events_statement(self, count: int) -> Statement:
        values: list[dict[str, Any]] = [
            {name: bindparam(f"{name}_{i}") for name in _EVENT} for i in range(count)
        ]
        return Statement(self.engine, insert(rows.EVENTS).values(values))

    def unhide(self, conn: Connection, shown: Sequence[Mapping[str, Any]]) -> None:
        """Show stored face-down cards (``b_round``, ``b_seq``, ``b_data`` each)."""
        stmt = self.prepare(rows.UNHIDE)
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, stmt.sql, [stmt.args(s) for s in shown], many=True)
        finally:
            cursor.close()

    def write_seat(
        self, conn: Connection, player_id: str, variant: str, layout: str, *, new: bool, now: Any
    ) -> None:
        """Store a seat's layout (``new``: insert its row)."""
        if new:
            params = {"player_id": player_id, "variant": variant, "layout": layout}
            self.run(conn, self._insert_seat, {**params, "updated_at": now})
        else:
            params = {"b_player": player_id, "b_variant": variant, "b_layout": layout}
            self.run(conn, self._write_seat, {**params, "b_now": now})

    def post(self, conn: Connection, entries: Sequence[Mapping[str, Any]]) -> set[str]:
        """Insert ledger rows, skipping transaction ids already posted; the ids inserted.

        ``INSERT ... VALUES (...), (...) ON CONFLICT (txid) DO NOTHING RETURNING txid``.
        """
        stmt = self._posts(len(entries))
        params = {f"{name}_{i}": e[name] for i, e in enumerate(entries) for name in e}
        cursor = self._cursor(conn)
        try:
            self._execute(cursor, stmt.sql, stmt.args(params))
            return {txid for (txid,) in cursor.fetchall()}
        finally:
            cursor.close()

    def _post_statement(self, count: int) -> Statement:
        dialect = self.engine.dialect.name
        table = rows.LEDGER
        if dialect == "sqlite":
            base: sqlite.Insert | postgresql.Insert = sqlite.insert(table)
        elif dialect == "postgresql":
            base = postgresql.insert(table)
        else:
            raise ValueError(f"the store runs on SQLite or PostgreSQL, not {dialect}")
        values: list[dict[str, Any]] = [
            {name: bindparam(f"{name}_{i}") for name in (*_POSTED, "created_at")}
            for i in range(count)
        ]
        stmt = base.values(values).on_conflict_do_nothing(index_elements=[_L.txid])
        return Statement(self.engine, stmt.returning(_L.txid))
