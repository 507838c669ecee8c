"""The unit of work: one transaction, and the rows it holds, shared by every store unit.

Every call into the store (accounts, seat, play, records) runs in one :class:`Unit`: one
database transaction that locks the player before it reads anything of the player's (SQLite:
``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT ... FOR UPDATE`` on the player row), reads each row
once (the unit keeps the player, its round and its seat as it has them, so nothing is read
twice), writes the player back once at the end if it changed, and commits once. Any error rolls
the whole transaction back, so a refusal changes nothing.

A call made while a unit is open on the same thread joins it: ``with store.unit(): ...`` makes
several calls one transaction, e.g. a deal and the table it leaves, or a request and a record of
its outcome (an idempotency key) committed together with it. Each joined call runs behind a
savepoint: when it is refused, what it did is undone and the unit can go on (e.g. to record the
refusal) or end. A unit opened ``whole`` ends at any refusal inside it (its caller never catches
one and goes on, as a request's unit does): the calls joining it take no savepoint, and a unit
whose joined call was refused cannot commit.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, event

from twentyone.cards import Shoe
from twentyone.rng import SystemRandomSource
from twentyone.rules import Rules
from twentyone.store import db
from twentyone.store.crypto import ShoeCipher
from twentyone.store.driver import Driver
from twentyone.store.rows import StoredPlayer, StoredRound, StoredSeat
from twentyone.table.limits import TableConfig

if TYPE_CHECKING:
    from twentyone.engine import Round

ShoeFactory = Callable[[Rules], Shoe]
Clock = Callable[[], datetime]

_SOURCES = threading.local()


def system_shoe(rules: Rules) -> Shoe:
    """A fresh shoe shuffled by the OS CSPRNG (a new shoe every round).

    Each thread keeps one :class:`SystemRandomSource` (it reads the CSPRNG 4 KiB at a time); a
    forked process starts its own, so no two processes ever share buffered random words.
    """
    pid = os.getpid()
    source: SystemRandomSource | None = getattr(_SOURCES, "source", None)
    if source is None or _SOURCES.pid != pid:
        source = _SOURCES.source = SystemRandomSource()
        _SOURCES.pid = pid
    return Shoe.shuffled(rules.decks, source)


def utcnow() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def naive(moment: datetime) -> datetime:
    """UTC without tzinfo, as stored."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def aware(moment: datetime) -> datetime:
    """A stored (naive UTC) time with its time zone."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


class Store:
    """What the units share: the database, the shoe cipher, the table configuration, the shoe
    factory, the clock, and the rounds in progress kept in memory (by id: step and round)."""

    def __init__(
        self,
        engine: Engine,
        cipher: ShoeCipher,
        config: TableConfig,
        *,
        shoe_factory: ShoeFactory = system_shoe,
        clock: Clock = utcnow,
    ) -> None:
        self.engine = engine
        self.cipher = cipher
        self.config = config
        self.shoe_factory = shoe_factory
        self.clock = clock
        self.driver = Driver(engine)
        self.live: dict[str, tuple[int, Round]] = {}
        self._current = threading.local()
        self._lock = db.write_lock(engine)
        self._writer: Connection | None = None
        if self._lock is not None:
            event.listen(engine, "engine_disposed", self._close_writer)

    def now(self) -> datetime:
        """The clock's time, as stored (naive UTC)."""
        return naive(self.clock())

    @contextmanager
    def unit(self, *, whole: bool = False) -> Iterator[Unit]:
        """One transaction (or the one this thread already has open: the call joins it).

        Any error rolls it back and forgets the rounds kept in memory. ``whole``: a refusal
        anywhere in it ends it (see the module docstring), so the calls joining it need no
        savepoints (a request's unit: two statements fewer for each call it makes).

        On a SQLite file every unit runs on one connection, taken with the file's write lock:
        it alone writes, so its page cache stays valid from one transaction to the next (a pool
        connection finds the file changed by the others and reads its pages again), and it
        never goes back to the pool between units.
        """
        current: Unit | None = getattr(self._current, "unit", None)
        if current is not None:
            with current.joined():
                yield current
            return
        lock = self._lock
        try:
            if lock is None:
                with self.engine.begin() as conn:
                    yield from self._run(conn, whole)
                return
            lock.take()
            try:
                writer = self._writer
                if writer is None or writer.closed or writer.invalidated:
                    writer = self._writer = self.engine.connect()
                with writer.begin():
                    yield from self._run(writer, whole)
            finally:
                lock.give()
        except BaseException:
            self.live.clear()
            raise

    def _run(self, conn: Connection, whole: bool) -> Iterator[Unit]:
        unit = Unit(self, conn, whole=whole)
        self._current.unit = unit
        try:
            yield unit
            if unit.refused:
                raise RuntimeError("a call in a whole unit was refused: the unit cannot commit")
            unit.flush()
        finally:
            self._current.unit = None

    def _close_writer(self, _engine: Engine) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()


class Unit:
    """One transaction on one connection, with the rows it has read (each read once).

    ``now`` is the moment of the transaction: every row it writes is stamped with it.
    ``whole``: a refusal ends the unit (its joined calls take no savepoint; ``refused`` then
    says one was refused, and the unit rolls back).
    """

    def __init__(self, store: Store, conn: Connection, *, whole: bool = False) -> None:
        self.store = store
        self.conn = conn
        self.driver = store.driver
        self.now = store.now()
        self.whole = whole
        self.refused = False
        self.locked: dict[str, bool] = {}
        """Whether a player is locked, where the player's read said so (:mod:`.locks`)."""
        self.protection_rows: dict[str, list[Any] | None] = {}
        """A player's protection row as the player's read found it (taken by
        :func:`~twentyone.store.protection.settings_of`)."""
        self._players: dict[str, StoredPlayer] = {}
        self._rounds: dict[str, StoredRound | None] = {}
        self._seats: dict[tuple[str, str], StoredSeat] = {}
        self._depth = 0

    # -- players -----------------------------------------------------------------------------

    def player(self, player_id: str) -> StoredPlayer:
        """The player, locked for this transaction (read once)."""
        player = self._players.get(player_id)
        if player is None:
            player = self._players[player_id] = self.driver.lock_player(self.conn, player_id)
        return player

    def hold(self, player: StoredPlayer) -> StoredPlayer:
        """Keep a player this transaction read or created itself (written back at the end)."""
        return self._players.setdefault(player.id, player)

    def player_and_round(self, player_id: str) -> tuple[StoredPlayer, StoredRound | None]:
        """The player, locked, and its unfinished round (one query where the database allows)."""
        player = self._players.get(player_id)
        if player is not None:
            return player, self.round(player.open_round_id)
        player, row = self.driver.lock_player_and_round(self.conn, player_id)
        self._players[player_id] = player
        if player.open_round_id is not None:
            self._rounds[player.open_round_id] = row
        return player, row

    def player_and_seat(
        self, player_id: str, variant: str, *, checks: bool = False
    ) -> tuple[StoredPlayer, StoredSeat]:
        """The player, locked, and its seat at ``variant`` (one query where the database allows).

        A seat not stored yet comes back without text or data. ``checks`` (a deal): the same
        read also finds whether the player is locked and its protection settings (kept in
        :attr:`locked` and :attr:`protection_rows`).
        """
        seat = self._seats.get((player_id, variant))
        if seat is not None:
            return self.player(player_id), seat
        driver = self.driver
        if checks:
            held = self._players.get(player_id)
            player, text, locked, settings = driver.lock_player_seat_and_checks(
                self.conn, player_id, variant, held=held
            )
            self.locked[player_id] = locked
            self.protection_rows[player_id] = settings
        elif player_id in self._players:
            player = self._players[player_id]
            text = driver.get_seat(self.conn, player_id, variant)
        else:
            player, text = driver.lock_player_and_seat(self.conn, player_id, variant)
        self._players.setdefault(player_id, player)
        player = self._players[player_id]
        seat = self._seats[(player_id, variant)] = StoredSeat.of(player_id, variant, text)
        return player, seat

    # -- rounds ------------------------------------------------------------------------------

    def round(self, round_id: str | None) -> StoredRound | None:
        """The round ``round_id``, if there is one (read once)."""
        if round_id is None:
            return None
        if round_id not in self._rounds:
            self._rounds[round_id] = self.driver.get_round(self.conn, round_id)
        return self._rounds[round_id]

    def hold_round(self, row: StoredRound) -> None:
        """Keep a round this transaction created."""
        self._rounds[row.id] = row

    def forget_round(self, round_id: str) -> None:
        """Read the round again next time (after another player's lock was taken)."""
        self._rounds.pop(round_id, None)

    # -- the end -----------------------------------------------------------------------------

    @contextmanager
    def joined(self) -> Iterator[None]:
        """A call joining this unit: behind a savepoint, so that its refusal changes nothing
        (the rows this unit holds are read again afterwards) and the unit may go on.

        The savepoint statements go straight to the driver's cursor (through SQLAlchemy's
        nested transactions they cost more than the call's own statements).
        """
        if self.whole:
            try:
                yield
                self.flush()
            except BaseException:
                self.refused = True  # the unit ends: what the call did is rolled back with it
                self._forget()
                raise
            return
        self._depth += 1
        name = f"unit_{self._depth}"
        driver, conn = self.driver, self.conn
        driver.savepoint(conn, name)
        try:
            yield
            self.flush()
        except BaseException:
            driver.savepoint(conn, name, "ROLLBACK TO SAVEPOINT")
            driver.savepoint(conn, name, "RELEASE SAVEPOINT")
            self._forget()
            raise
        else:
            driver.savepoint(conn, name, "RELEASE SAVEPOINT")
        finally:
            self._depth -= 1

    def _forget(self) -> None:
        """Read every row again next time (a joined call was refused)."""
        self._players.clear()
        self._rounds.clear()
        self._seats.clear()
        self.locked.clear()
        self.protection_rows.clear()
        self.store.live.clear()

    def flush(self) -> None:
        """Write back every player whose balance or open round changed."""
        for player in self._players.values():
            self.driver.write_player(self.conn, player)
