"""The table service: the store's units on one database, used by the terminal game and the server.

Each unit owns one concern and every call is one transaction (:mod:`twentyone.store.unit`):

- ``accounts`` (:mod:`~twentyone.store.accounts`): players, VIP levels, grants, the wallet —
  the only code that posts to the ledger;
- ``seat`` (:mod:`~twentyone.store.seat`): the bets on a player's seat before the deal;
- ``play`` (:mod:`~twentyone.store.play`): deal, decisions, the round in progress, voiding
  (the stored round itself: :mod:`~twentyone.store.rounds`);
- ``records`` (:mod:`~twentyone.store.records`): history, round records, the statement,
  scenario export and the 90-day sweep;
- ``training`` (:mod:`~twentyone.store.training`): the player's training-mode setting.
- ``admin`` (:mod:`~twentyone.store.admin`): administrators and their audited changes (VIP
  level, lock, void), the audit log; ``backoffice`` (:mod:`~twentyone.store.backoffice`): the
  back office's searches; ``reports`` (:mod:`~twentyone.store.reports`): game performance and
  daily totals;
- ``protection`` (:mod:`~twentyone.store.protection`): loss and stake limits, time-out,
  self-exclusion and the reality check (its checks are hooks in ``play``).

>>> import tempfile, pathlib
>>> from twentyone.cards import Shoe
>>> home = pathlib.Path(tempfile.mkdtemp())
>>> stacked = lambda rules: Shoe.from_cards("Ts 6d 7h 9c")  # player 10, dealer 6, player 7
>>> svc = TableService.open(
...     f"sqlite:///{home / 'doc.db'}", key_file=home / "shoe.key", shoe_factory=stacked
... )
>>> alice = svc.accounts.create_player("alice")
>>> svc.seat.place(alice.id, "european", 0, 1000).layout.total
1000
>>> svc.accounts.wallet(alice.id).balance  # nothing moves before DEAL
100000
>>> state = svc.play.deal(alice.id, "european")
>>> svc.accounts.wallet(alice.id).balance
99000
>>> svc.close()
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine

from twentyone.store import db, keyring
from twentyone.store.accounts import Accounts
from twentyone.store.admin import Administration
from twentyone.store.backoffice import BackOffice
from twentyone.store.crypto import ShoeCipher
from twentyone.store.play import Play
from twentyone.store.protection import Protection
from twentyone.store.records import Records
from twentyone.store.reports import Reports
from twentyone.store.seat import Seat
from twentyone.store.training import Training
from twentyone.store.unit import Clock, ShoeFactory, Store, Unit, system_shoe, utcnow
from twentyone.table.limits import TableConfig


class TableService:
    """Players, bets, rounds, money and history on one database, one unit per concern."""

    def __init__(
        self,
        engine: Engine,
        cipher: ShoeCipher,
        config: TableConfig | None = None,
        *,
        shoe_factory: ShoeFactory = system_shoe,
        clock: Clock = utcnow,
        migrate: bool = True,
    ) -> None:
        """Use ``engine``; ``migrate`` brings the schema to the latest revision first."""
        if migrate:
            db.migrate(engine)
        self.store = Store(
            engine, cipher, config or TableConfig(), shoe_factory=shoe_factory, clock=clock
        )
        self.accounts = Accounts(self.store)
        self.seat = Seat(self.store)
        self.play = Play(self.store)
        self.records = Records(self.store)
        self.training = Training(self.store)
        self.admin = Administration(self.store)
        self.backoffice = BackOffice(self.store)
        self.reports = Reports(self.store)
        self.protection = Protection(self.store)

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        key: str | bytes | None = None,
        key_file: Path | None = None,
        config: TableConfig | None = None,
        shoe_factory: ShoeFactory = system_shoe,
        clock: Clock = utcnow,
    ) -> TableService:
        """Open the store at ``url`` (default: a SQLite file under ``$TWENTYONE_HOME``).

        The shoe key is ``key``, else ``$TWENTYONE_SHOE_KEY``, else ``key_file`` (default
        ``$TWENTYONE_HOME/shoe.key``), created with owner-only permissions when absent. A key
        that is not the one the database records is refused (:mod:`~twentyone.store.keyring`).
        """
        cipher = ShoeCipher.from_config(key, key_file or db.home() / "shoe.key")
        engine = db.make_engine(url or db.default_url())
        service = cls(engine, cipher, config, shoe_factory=shoe_factory, clock=clock)
        try:
            keyring.check_key(engine, cipher)  # one key for every process on the database
        except BaseException:
            service.close()
            raise
        return service

    @property
    def engine(self) -> Engine:
        """The database engine."""
        return self.store.engine

    @property
    def cipher(self) -> ShoeCipher:
        """The cipher of the stored shoes."""
        return self.store.cipher

    @property
    def config(self) -> TableConfig:
        """The table configuration (chips, limits, procedures)."""
        return self.store.config

    @contextmanager
    def unit(self, *, whole: bool = False) -> Iterator[Unit]:
        """One transaction that the calls made inside it join (see :mod:`~twentyone.store.unit`;
        ``whole``: a refusal inside it ends it, so the calls take no savepoints)."""
        with self.store.unit(whole=whole) as unit:
            yield unit

    def close(self) -> None:
        """Release the database connections."""
        self.store.live.clear()
        self.store.engine.dispose()
