"""The table service: the casino facade the terminal game and the web server both use.

Every call is one database transaction that holds the player's lock, so a round's events and
its ledger entries are committed together before anything is shown, and a refusal (any error)
changes nothing. A round in progress is kept as its rules, bets, encrypted shoe and decisions;
after a crash it is rebuilt by replaying them (same cards, same pending decision), and a round
that cannot be rebuilt is voided and refunded.

The service speaks SQLAlchemy Core on one connection per call (prepared statements built once,
rows read as plain records): a step of play is a locked read of the player and its round, one
multi-row insert each for the new events and ledger entries, and one update each for the round
and the player. Ledger entries are posted with ``INSERT ... ON CONFLICT (txid) DO NOTHING``, so
the database itself makes posting the same entry twice a no-op.

>>> import tempfile, pathlib
>>> home = pathlib.Path(tempfile.mkdtemp())
>>> stacked = lambda rules: Shoe.from_cards("Ts 6d 7h 9c")  # player 10, dealer 6, player 7
>>> svc = TableService.open(
...     f"sqlite:///{home / 'doc.db'}", key_file=home / "shoe.key", shoe_factory=stacked
... )
>>> alice = svc.create_player("alice")
>>> svc.place(alice.id, "european", 0, 1000).layout.total
1000
>>> svc.wallet(alice.id).balance  # nothing moves before DEAL
100000
>>> state = svc.deal(alice.id, "european")
>>> svc.wallet(alice.id).balance
99000
>>> svc.close()
"""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, func, insert, select, update

from twentyone.cards import DECK, Card, Shoe, parse_cards, verify_shoe
from twentyone.engine import Action, CardDealt, Event, Phase, Round, RoundView, SpotBet
from twentyone.engine.record import dealt_cards, decisions, replay
from twentyone.errors import TwentyoneError
from twentyone.rng import SystemRandomSource
from twentyone.rules import Rules
from twentyone.scenario import scenario_of
from twentyone.store import db, rows
from twentyone.store.codec import dumps, event_dict
from twentyone.store.crypto import ShoeCipher
from twentyone.store.rows import StoredPlayer, StoredRound
from twentyone.store.views import (
    HistoryPage,
    PlayerInfo,
    RoundRecord,
    RoundState,
    RoundSummary,
    Statement,
    StatementLine,
    TableState,
    Wallet,
)
from twentyone.table import play
from twentyone.table.errors import (
    InsufficientFundsError,
    NoRoundError,
    PlayerExistsError,
    RoundInProgressError,
    StaleActionError,
    UnknownRoundError,
)
from twentyone.table.layout import BetLayout, Betting, SpotLayout
from twentyone.table.limits import TableConfig
from twentyone.table.wallet import EntryKind, Posting, held, round_postings, void_postings
from twentyone.variants import Variant, find_variant

OPEN, SETTLED, VOID = "open", "settled", "void"

_P, _R, _E, _L = rows.PLAYERS.c, rows.ROUNDS.c, rows.EVENTS.c, rows.LEDGER.c

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


_TEXT = {card: str(card) for card in DECK}


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join([_TEXT[card] for card in cards])


def _utcnow() -> datetime:
    return datetime.now(UTC)


def _naive(moment: datetime) -> datetime:
    """UTC without tzinfo, as stored."""
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


@lru_cache(maxsize=256)
def _rules_columns(rules: Rules) -> tuple[str, str]:
    """The stored JSON and the version of ``rules`` (computed once per rules value)."""
    return dumps(rules.to_dict()), rules.version()


class TableService:
    """Players, bets, rounds, money and history on one database."""

    def __init__(
        self,
        engine: Engine,
        cipher: ShoeCipher,
        config: TableConfig | None = None,
        *,
        shoe_factory: ShoeFactory = system_shoe,
        clock: Clock = _utcnow,
        migrate: bool = True,
    ) -> None:
        """Use ``engine``; ``migrate`` brings the schema to the latest revision first."""
        self._post_stmt = rows.post_statement(engine)
        self._joined = db.is_sqlite(engine)  # see rows: one joined read under BEGIN IMMEDIATE
        if migrate:
            db.migrate(engine)
        self.engine = engine
        self.cipher = cipher
        self.config = config or TableConfig()
        self._shoe_factory = shoe_factory
        self._clock = clock
        self._live: dict[str, tuple[int, Round]] = {}

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        key: str | bytes | None = None,
        key_file: Path | None = None,
        config: TableConfig | None = None,
        shoe_factory: ShoeFactory = system_shoe,
        clock: Clock = _utcnow,
    ) -> TableService:
        """Open the store at ``url`` (default: a SQLite file under ``$TWENTYONE_HOME``).

        The shoe key is ``key``, else ``$TWENTYONE_SHOE_KEY``, else ``key_file`` (default
        ``$TWENTYONE_HOME/shoe.key``), created with owner-only permissions when absent.
        """
        cipher = ShoeCipher.from_config(key, key_file or db.home() / "shoe.key")
        engine = db.make_engine(url or db.default_url())
        return cls(engine, cipher, config, shoe_factory=shoe_factory, clock=clock)

    def close(self) -> None:
        """Release the database connections."""
        self._live.clear()
        self.engine.dispose()

    # -- plumbing --------------------------------------------------------------------------

    def _now(self) -> datetime:
        return _naive(self._clock())

    @contextmanager
    def _tx(self) -> Iterator[Connection]:
        """One transaction; any error rolls it back and forgets the rounds kept in memory."""
        try:
            with self.engine.begin() as conn:
                yield conn
        except BaseException:
            self._live.clear()
            raise

    def _open_round(self, conn: Connection, player: StoredPlayer) -> StoredRound | None:
        return rows.get_round(conn, player.open_round_id)

    def _post(self, conn: Connection, player: StoredPlayer, postings: Sequence[Posting]) -> None:
        """Post entries once each: a transaction id already in the ledger is skipped.

        The insert skips known transaction ids itself (``ON CONFLICT DO NOTHING``); in the rare
        case that it skipped one, the running balances of the entries it did insert are put
        right. The caller writes the player's new balance.
        """
        if not postings:
            return
        unique: dict[str, Posting] = {}
        for posting in postings:
            unique.setdefault(posting.txid, posting)  # the first of a repeated id counts
        now = self._now()
        balance = player.balance
        new_rows: list[dict[str, Any]] = []
        for posting in unique.values():
            balance += posting.amount
            new_rows.append(
                {
                    "txid": posting.txid,
                    "player_id": player.id,
                    "round_id": posting.round_id,
                    "amount": posting.amount,
                    "balance_after": balance,
                    "kind": str(posting.kind),
                    "detail": posting.detail,
                    "created_at": now,
                }
            )
        inserted = set(conn.execute(self._post_stmt, new_rows).scalars())
        if len(inserted) < len(new_rows):
            balance = player.balance
            fixes = []
            for row in new_rows:
                if row["txid"] in inserted:
                    balance += row["amount"]
                    if row["balance_after"] != balance:
                        fixes.append({"b_txid": row["txid"], "b_balance": balance})
            if fixes:
                conn.execute(rows.FIX_BALANCE_AFTER, fixes)
        player.balance = balance
        if balance < 0:
            raise InsufficientFundsError(f"the balance would go below zero ({balance})")

    def _wallet(self, conn: Connection, player: StoredPlayer) -> Wallet:
        row = self._open_round(conn, player)
        return Wallet(player.balance, 0 if row is None else row.staked - row.returned)

    # -- players -----------------------------------------------------------------------------

    def create_player(
        self, name: str, *, vip_level: str | None = None, grant: int | None = None
    ) -> PlayerInfo:
        """A new play-money account; the opening grant is its first ledger entry."""
        level = vip_level or self.config.default_level
        self.config.limits(level)
        amount = self.config.opening_grant if grant is None else grant
        with self._tx() as conn:
            if conn.execute(select(_P.id).where(_P.name == name)).first():
                raise PlayerExistsError(f"a player called {name!r} already exists")
            player = StoredPlayer(uuid.uuid4().hex, name, level, 0, None, self._now())
            conn.execute(
                insert(rows.PLAYERS),
                {
                    "id": player.id,
                    "name": player.name,
                    "vip_level": player.vip_level,
                    "balance": 0,
                    "open_round_id": None,
                    "created_at": player.created_at,
                },
            )
            if amount:
                posting = Posting(
                    f"grant:{player.id}:opening", None, amount, EntryKind.GRANT, "opening balance"
                )
                self._post(conn, player, [posting])
                rows.write_player(conn, player)
            return self._info(conn, player)

    def _info(self, conn: Connection, player: StoredPlayer) -> PlayerInfo:
        return PlayerInfo(
            id=player.id,
            name=player.name,
            vip_level=player.vip_level,
            limits=self.config.limits(player.vip_level),
            wallet=self._wallet(conn, player),
            open_round_id=player.open_round_id,
            created_at=_aware(player.created_at),
        )

    def get_player(self, player_id: str) -> PlayerInfo:
        """A player's account by id."""
        with self._tx() as conn:
            return self._info(conn, rows.lock_player(conn, player_id))

    def find_player(self, name: str) -> PlayerInfo | None:
        """A player's account by name, if any."""
        with self._tx() as conn:
            row = conn.execute(select(*rows.PLAYER_COLS).where(_P.name == name)).first()
            return None if row is None else self._info(conn, rows.player_of(row))

    def get_or_create_player(self, name: str) -> PlayerInfo:
        """The player called ``name``, created with the opening grant if new."""
        found = self.find_player(name)
        return found if found is not None else self.create_player(name)

    def set_vip_level(self, player_id: str, level: str) -> PlayerInfo:
        """Move a player to another VIP level (its limits apply from the next deal)."""
        self.config.limits(level)
        with self._tx() as conn:
            player = rows.lock_player(conn, player_id)
            conn.execute(update(rows.PLAYERS).where(_P.id == player.id).values(vip_level=level))
            player.vip_level = level
            return self._info(conn, player)

    def grant(self, player_id: str, amount: int, txid: str, detail: str = "grant") -> Wallet:
        """Credit play money (or debit, if negative) once per ``txid``."""
        with self._tx() as conn:
            player = rows.lock_player(conn, player_id)
            posting = Posting(f"grant:{player.id}:{txid}", None, amount, EntryKind.GRANT, detail)
            self._post(conn, player, [posting])
            rows.write_player(conn, player)
            return self._wallet(conn, player)

    def wallet(self, player_id: str) -> Wallet:
        """The balance and the money held by an unfinished round."""
        with self._tx() as conn:
            return self._wallet(conn, rows.lock_player(conn, player_id))

    # -- the bet layout ------------------------------------------------------------------------

    def _seat(
        self, conn: Connection, player_id: str, variant: Variant
    ) -> tuple[StoredPlayer, dict[str, object], bool]:
        """The player, locked, and its seat at ``variant`` (``False``: not stored yet)."""
        player, text = rows.lock_player_and_seat(conn, player_id, variant.name, joined=self._joined)
        if text is None:
            return player, {"layout": BetLayout.empty(variant.rules).to_dict()}, False
        loaded: dict[str, object] = json.loads(text)
        return player, loaded, True

    def _write_seat(
        self,
        conn: Connection,
        player: StoredPlayer,
        variant: Variant,
        data: dict[str, object],
        *,
        stored: bool,
    ) -> None:
        now = self._now()
        if stored:
            conn.execute(
                rows.WRITE_SEAT,
                {
                    "b_player": player.id,
                    "b_variant": variant.name,
                    "b_layout": dumps(data),
                    "b_now": now,
                },
            )
        else:
            conn.execute(
                rows.INSERT_SEAT,
                {
                    "player_id": player.id,
                    "variant": variant.name,
                    "layout": dumps(data),
                    "updated_at": now,
                },
            )

    @staticmethod
    def _layouts(data: dict[str, object]) -> tuple[BetLayout, BetLayout | None]:
        layout = BetLayout.from_dict(data["layout"])  # type: ignore[arg-type]
        last = data.get("last")
        return layout, None if last is None else BetLayout.from_dict(last)  # type: ignore[arg-type]

    def _betting(self, player: StoredPlayer, variant: Variant) -> Betting:
        return Betting(
            rules=variant.rules,
            limits=self.config.limits(player.vip_level, variant.name),
            chips=self.config.chips_for(variant.name),
            over_max=self.config.over_max,
            balance=player.balance,
        )

    def _table_state(
        self,
        conn: Connection,
        player: StoredPlayer,
        variant: Variant,
        layout: BetLayout,
        *,
        last: BetLayout | None,
        returned: int = 0,
    ) -> TableState:
        row = self._open_round(conn, player)
        state = None if row is None else self._round_state(conn, player, row)
        return TableState(
            player_id=player.id,
            variant=variant.name,
            chips=self.config.chips_for(variant.name),
            limits=self.config.limits(player.vip_level, variant.name),
            side_bets=variant.rules.side_bets,
            over_max=self.config.over_max,
            layout=layout,
            previous=last,
            wallet=self._wallet(conn, player),
            round=state,
            returned=returned,
        )

    def _bet_op(
        self,
        player_id: str,
        variant_name: str,
        op: Callable[[Betting, BetLayout, BetLayout | None], tuple[BetLayout, int]],
    ) -> TableState:
        variant = find_variant(variant_name)
        with self._tx() as conn:
            player, data, stored = self._seat(conn, player_id, variant)
            if player.open_round_id is not None:
                raise RoundInProgressError("finish the round in progress before betting again")
            layout, last = self._layouts(data)
            layout, returned = op(self._betting(player, variant), layout, last)
            data["layout"] = layout.to_dict()
            self._write_seat(conn, player, variant, data, stored=stored)
            return self._table_state(conn, player, variant, layout, last=last, returned=returned)

    def table(self, player_id: str, variant: str) -> TableState:
        """The player's seat at ``variant``'s table (and the round in progress, if any)."""
        found = find_variant(variant)
        with self._tx() as conn:
            player, data, stored = self._seat(conn, player_id, found)
            if not stored:
                self._write_seat(conn, player, found, data, stored=False)
            layout, last = self._layouts(data)
            return self._table_state(conn, player, found, layout, last=last)

    def place(
        self, player_id: str, variant: str, spot: int, chip: int, side: str | None = None
    ) -> TableState:
        """Add a chip to a spot's main bet (or its side bet ``side``)."""

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.place(layout, spot, chip, side)
            return placed.layout, placed.returned

        return self._bet_op(player_id, variant, op)

    def undo(self, player_id: str, variant: str) -> TableState:
        """UNDO: take back the last chip (or the last DOUBLE)."""
        return self._bet_op(player_id, variant, lambda b, layout, _: (b.undo(layout), 0))

    def clear(self, player_id: str, variant: str) -> TableState:
        """CLEAR BETS: take every chip off the table."""
        return self._bet_op(player_id, variant, lambda b, layout, _: (b.clear(layout), 0))

    def double_bets(self, player_id: str, variant: str) -> TableState:
        """DOUBLE before the deal: double every bet on the table."""

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.double(layout)
            return placed.layout, placed.returned

        return self._bet_op(player_id, variant, op)

    def rebet(self, player_id: str, variant: str) -> TableState:
        """REBET: place the previous round's bets."""

        def op(b: Betting, layout: BetLayout, last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.rebet(layout, last)
            return placed.layout, placed.returned

        return self._bet_op(player_id, variant, op)

    def set_bets(
        self, player_id: str, variant: str, spots: Sequence[SpotBet | SpotLayout | None]
    ) -> TableState:
        """Put these bets on the table at once (spot by spot; ``None`` leaves a spot empty)."""
        found = find_variant(variant)
        wanted = BetLayout.of(found.rules, spots)

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.rebet(layout, wanted)
            return placed.layout, placed.returned

        return self._bet_op(player_id, variant, op)

    # -- dealing -------------------------------------------------------------------------------

    def deal(self, player_id: str, variant: str) -> RoundState:
        """DEAL the bets on the table: the wagers are debited and the cards dealt."""
        return self._deal(player_id, variant, rebet=False, double=False)

    def rebet_and_deal(self, player_id: str, variant: str) -> RoundState:
        """REBET & DEAL: the previous round's bets, dealt at once."""
        return self._deal(player_id, variant, rebet=True, double=False)

    def double_and_deal(self, player_id: str, variant: str) -> RoundState:
        """DOUBLE & DEAL: twice the previous round's bets, dealt at once."""
        return self._deal(player_id, variant, rebet=True, double=True)

    def _deal(self, player_id: str, variant_name: str, *, rebet: bool, double: bool) -> RoundState:
        variant = find_variant(variant_name)
        rules = variant.rules
        with self._tx() as conn:
            player, data, stored = self._seat(conn, player_id, variant)
            if player.open_round_id is not None:
                raise RoundInProgressError(
                    f"round {player.open_round_id} is unfinished: finish it first"
                )
            layout, last = self._layouts(data)
            betting = self._betting(player, variant)
            if rebet:
                layout = betting.rebet(layout, last).layout
            if double:
                layout = betting.double(layout).layout
            bets = betting.check_deal(layout)
            shoe = self._shoe_factory(rules)
            order = shoe.remaining()
            rnd = Round.start(rules, bets, shoe)
            now = self._now()
            rules_text, version = _rules_columns(rules)
            row = StoredRound(
                id=uuid.uuid4().hex,
                player_id=player.id,
                variant=variant.name,
                rules=rules_text,
                rules_version=version,
                layout=dumps(list(layout.positions())),
                bets=dumps([bet.to_dict() for bet in bets]),
                shoe=self.cipher.encrypt(_cards_text(order)),
                cards=None,
                decisions="[]",
                step=0,
                events_saved=0,
                status=OPEN,
                staked=0,
                returned=0,
                balance_before=player.balance,
                balance_after=None,
                void_reason=None,
                started_at=now,
                updated_at=now,
                finished_at=None,
            )
            player.open_round_id = row.id
            data["layout"] = BetLayout.empty(rules).to_dict()
            data["last"] = BetLayout(layout.spots).to_dict()
            self._write_seat(conn, player, variant, data, stored=stored)
            self._save(conn, player, row, rnd, new=True)
            return self._state(conn, player, row, rnd)

    def _save(
        self,
        conn: Connection,
        player: StoredPlayer,
        row: StoredRound,
        rnd: Round,
        *,
        new: bool = False,
    ) -> None:
        """Write the round's new events and ledger entries, the round and the player.

        All in the caller's transaction; ``new`` inserts the round row instead of updating it.
        """
        events = rnd.events
        over = rnd.is_over
        public = events if over else rnd.public_events()
        start = row.events_saved
        self._post(conn, player, round_postings(row.id, events, start))
        now = self._now()
        taken = decisions(rnd)
        row.events_saved = len(events)
        row.decisions = dumps(list(taken))
        row.step = len(taken)
        row.staked = rnd.staked
        row.returned = rnd.returned
        row.updated_at = now
        if over:
            row.status = SETTLED
            row.cards = dumps([_TEXT[c] for c in dealt_cards(rnd)])
            row.shoe = None
            row.balance_after = player.balance
            row.finished_at = now
            player.open_round_id = None
        if new:
            conn.execute(rows.INSERT_ROUND, row.values())
        else:
            rows.write_round(conn, row)
        if start < len(events):
            conn.execute(
                rows.INSERT_EVENTS,
                [
                    {
                        "round_id": row.id,
                        "seq": seq,
                        "type": type(public[seq]).__name__,
                        "data": dumps(event_dict(public[seq])),
                        "hidden": public[seq] is not events[seq],
                    }
                    for seq in range(start, len(events))
                ],
            )
        if over:
            self._unhide(conn, row.id, events, start)
        rows.write_player(conn, player)
        if over:
            self._live.pop(row.id, None)
        else:
            self._live[row.id] = (row.step, rnd)

    @staticmethod
    def _unhide(conn: Connection, round_id: str, events: Sequence[Event], stop: int) -> None:
        """Show the face-down cards stored hidden among the first ``stop`` events."""
        shown = [
            {"b_round": round_id, "b_seq": seq, "b_data": dumps(event_dict(events[seq]))}
            for seq in range(stop)
            if isinstance(event := events[seq], CardDealt) and event.face_down
        ]
        if shown:
            conn.execute(rows.UNHIDE, shown)

    # -- resuming ------------------------------------------------------------------------------

    def _rebuild(self, row: StoredRound) -> Round:
        """Replay the round from its rules, bets, shoe and decisions (cached while unchanged)."""
        cached = self._live.get(row.id)
        if cached is not None and cached[0] == row.step:
            return cached[1]
        rules = Rules.from_dict(json.loads(row.rules))
        bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in json.loads(row.bets)]
        if row.shoe is None:
            raise TwentyoneError("the round's shoe is missing")
        cards = parse_cards(self.cipher.decrypt(row.shoe))
        verify_shoe(cards, rules.decks)
        rnd = replay(rules, bets, cards, json.loads(row.decisions))
        if len(rnd.events) != row.events_saved or rnd.is_over:
            raise TwentyoneError("the replayed round does not match its stored events")
        self._live[row.id] = (row.step, rnd)
        return rnd

    def _resume(self, conn: Connection, player: StoredPlayer, row: StoredRound) -> Round | None:
        """The round in progress, or ``None`` after voiding one that cannot be rebuilt."""
        try:
            return self._rebuild(row)
        except (TwentyoneError, KeyError, TypeError, json.JSONDecodeError) as exc:
            self._void(conn, player, row, f"malfunction: cannot resume ({exc})", None)
            return None

    def _void(
        self,
        conn: Connection,
        player: StoredPlayer,
        row: StoredRound,
        reason: str,
        rnd: Round | None,
    ) -> None:
        """Void the round: every posting it made is reversed (all pays and plays)."""
        posted = [
            Posting(e.txid, e.round_id, e.amount, EntryKind(e.kind), e.detail)
            for e in conn.execute(rows.ROUND_LEDGER, {"round_id": row.id})
        ]
        self._post(conn, player, void_postings(row.id, posted))
        if rnd is not None:
            row.cards = dumps([_TEXT[c] for c in dealt_cards(rnd)])
            self._unhide(conn, row.id, rnd.events, min(row.events_saved, len(rnd.events)))
        now = self._now()
        row.status = VOID
        row.void_reason = reason
        row.shoe = None
        row.balance_after = player.balance
        row.finished_at = row.updated_at = now
        if player.open_round_id == row.id:
            player.open_round_id = None
        rows.write_round(conn, row)
        rows.write_player(conn, player)
        self._live.pop(row.id, None)

    # -- playing -------------------------------------------------------------------------------

    def _round_state(self, conn: Connection, player: StoredPlayer, row: StoredRound) -> RoundState:
        rnd = self._resume(conn, player, row) if row.status == OPEN else None
        if rnd is not None:
            return self._state(conn, player, row, rnd)
        record = self._record(conn, row)
        # A finished round: rebuild it from its clear record for the view.
        rules = Rules.from_dict(record.rules)
        bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in record.bets]
        settled: Round | None = None
        if row.status == SETTLED and row.cards is not None:
            settled = replay(rules, bets, parse_cards(record.cards), record.decisions)
        view = None if settled is None else settled.view()
        return self._finished_state(conn, player, row, view)

    def _finished_state(
        self, conn: Connection, player: StoredPlayer, row: StoredRound, view: RoundView | None
    ) -> RoundState:
        if view is None:
            view = RoundView(Phase.SETTLED, (), None, None, (), None, (), (), ())
        return self._build_state(
            row, view, self._wallet(conn, player), staked=row.staked, returned=row.returned
        )

    def _state(
        self, conn: Connection, player: StoredPlayer, row: StoredRound, rnd: Round
    ) -> RoundState:
        if row.status != OPEN:
            return self._finished_state(conn, player, row, rnd.view())
        available = player.balance
        return self._build_state(
            row,
            rnd.view(),
            Wallet(player.balance, held(rnd.events)),
            staked=rnd.staked,
            returned=rnd.returned,
            legal=play.affordable_actions(rnd, available),
            unaffordable=play.unaffordable_actions(rnd, available),
            apply_to_all=rnd.phase is Phase.INSURANCE,
        )

    @staticmethod
    def _build_state(
        row: StoredRound,
        view: RoundView,
        wallet: Wallet,
        *,
        staked: int,
        returned: int,
        legal: tuple[Action, ...] = (),
        unaffordable: tuple[Action, ...] = (),
        apply_to_all: bool = False,
    ) -> RoundState:
        """A round as the player sees it (nothing is offered once it is over)."""
        return RoundState(
            round_id=row.id,
            variant=row.variant,
            rules_version=row.rules_version,
            status=row.status,
            step=row.step,
            positions=tuple(json.loads(row.layout)),
            view=view,
            legal_actions=legal,
            unaffordable=unaffordable,
            apply_to_all=apply_to_all,
            wallet=wallet,
            staked=staked,
            returned=returned,
            void_reason=row.void_reason,
        )

    def current_round(self, player_id: str) -> RoundState | None:
        """The player's unfinished round (a round that could not be resumed comes back void)."""
        with self._tx() as conn:
            player, row = rows.lock_player_and_round(conn, player_id, joined=self._joined)
            return None if row is None else self._round_state(conn, player, row)

    def act(
        self,
        player_id: str,
        action: Action | str,
        *,
        apply_to_all: bool = False,
        expected_step: int | None = None,
        round_id: str | None = None,
    ) -> RoundState:
        """Take a decision in the round in progress (insurance: optionally for every spot).

        ``expected_step`` (the ``step`` the caller saw) refuses a stale or repeated request;
        ``round_id`` (the round the caller saw) is checked under the same lock: another
        player's round is unknown, one of the player's finished rounds is stale.
        """
        with self._tx() as conn:
            player, row = rows.lock_player_and_round(conn, player_id, joined=self._joined)
            if round_id is not None and (row is None or row.id != round_id):
                named = rows.get_round(conn, round_id)
                if named is None or named.player_id != player_id:
                    raise UnknownRoundError(f"no round {round_id!r}")
                raise StaleActionError(
                    f"round {round_id} is {named.status}: no more decisions can be taken"
                )
            if row is None:
                raise NoRoundError("there is no round in progress: place bets and DEAL")
            if expected_step is not None and expected_step != row.step:
                raise StaleActionError(
                    f"the round is at step {row.step}, not {expected_step}: refresh and retry"
                )
            rnd = self._resume(conn, player, row)
            if rnd is None:
                return self._finished_state(conn, player, row, None)
            try:
                play.act(rnd, action, player.balance, apply_to_all=apply_to_all)
            except BaseException:
                self._live.pop(row.id, None)
                raise
            self._save(conn, player, row, rnd)
            return self._state(conn, player, row, rnd)

    # -- table procedures ------------------------------------------------------------------------

    def void_round(self, round_id: str, reason: str = "malfunction") -> RoundSummary:
        """Void an unfinished round (misdeal, malfunction): every wager of it is refunded."""
        with self._tx() as conn:
            found = rows.get_round(conn, round_id)
            if found is None:
                raise UnknownRoundError(f"no round {round_id!r}")
            player = rows.lock_player(conn, found.player_id)
            row = rows.get_round(conn, round_id)  # again, under the player's lock
            assert row is not None
            if row.status == OPEN:
                rnd: Round | None
                try:
                    rnd = self._rebuild(row)
                except (TwentyoneError, KeyError, TypeError, json.JSONDecodeError):
                    rnd = None
                self._void(conn, player, row, reason, rnd)
            return _summary(row)

    def sweep(self, now: datetime | None = None, days: int | None = None) -> list[str]:
        """Void every round left unfinished for ``days`` (default 90); returns their ids.

        Safe to run repeatedly and alongside play: each round is re-checked under its player's
        lock, and a round already finished is left alone.
        """
        limit = days if days is not None else self.config.void_after_days
        cutoff = _naive(now or self._clock()) - timedelta(days=limit)
        with self._tx() as conn:
            stale = list(
                conn.execute(
                    select(_R.id, _R.player_id).where(_R.status == OPEN, _R.started_at < cutoff)
                )
            )
        voided: list[str] = []
        for round_id, player_id in stale:
            with self._tx() as conn:
                player = rows.lock_player(conn, player_id)
                row = rows.get_round(conn, round_id)
                if row is None or row.status != OPEN or row.started_at >= cutoff:
                    continue
                try:
                    rnd: Round | None = self._rebuild(row)
                except (TwentyoneError, KeyError, TypeError, json.JSONDecodeError):
                    rnd = None
                self._void(conn, player, row, f"unresolved for {limit} days", rnd)
                voided.append(round_id)
        return voided

    # -- history -----------------------------------------------------------------------------------

    def history(self, player_id: str, *, offset: int = 0, limit: int = 20) -> HistoryPage:
        """The player's rounds, newest first, a page at a time."""
        with self._tx() as conn:
            rows.lock_player(conn, player_id)
            total = conn.execute(
                select(func.count()).select_from(rows.ROUNDS).where(_R.player_id == player_id)
            ).scalar()
            found = conn.execute(
                select(*rows.ROUND_COLS)
                .where(_R.player_id == player_id)
                .order_by(_R.started_at.desc(), _R.id.desc())
                .offset(offset)
                .limit(limit)
            )
            return HistoryPage(
                tuple(_summary(StoredRound(*r)) for r in found), total or 0, offset, limit
            )

    def _own_round(self, conn: Connection, player_id: str, round_id: str) -> StoredRound:
        row = rows.get_round(conn, round_id)
        if row is None or row.player_id != player_id:
            raise UnknownRoundError(f"no round {round_id!r} for this player")
        return row

    def _record(self, conn: Connection, row: StoredRound) -> RoundRecord:
        events = tuple(
            json.loads(data)
            for data in conn.execute(
                select(_E.data).where(_E.round_id == row.id).order_by(_E.seq)
            ).scalars()
        )
        if row.cards is not None:
            cards = tuple(json.loads(row.cards))
        else:
            cards = tuple(
                e["card"] for e in events if e["type"] == "CardDealt" and e["card"] is not None
            )
        entries = conn.execute(rows.ROUND_LEDGER, {"round_id": row.id})
        return RoundRecord(
            summary=_summary(row),
            rules=json.loads(row.rules),
            positions=tuple(json.loads(row.layout)),
            bets=tuple(json.loads(row.bets)),
            cards=cards,
            decisions=tuple(json.loads(row.decisions)),
            events=events,
            wagers=tuple(e["line"] for e in events if e["type"] == "WagerSettled"),
            entries=tuple(_line(e) for e in entries),
        )

    def round_record(self, player_id: str, round_id: str) -> RoundRecord:
        """Everything about one of the player's rounds (hidden cards stay hidden until it ends)."""
        with self._tx() as conn:
            rows.lock_player(conn, player_id)
            return self._record(conn, self._own_round(conn, player_id, round_id))

    def statement(self, player_id: str, *, offset: int = 0, limit: int = 100) -> Statement:
        """Ledger entries, oldest first, with the balance they reconcile to."""
        with self._tx() as conn:
            player = rows.lock_player(conn, player_id)
            where = _L.player_id == player_id
            total, ledger_sum = conn.execute(
                select(func.count(), func.coalesce(func.sum(_L.amount), 0)).where(where)
            ).one()
            lines = conn.execute(
                select(*rows.LEDGER_COLS).where(where).order_by(_L.id).offset(offset).limit(limit)
            )
            return Statement(
                tuple(_line(r) for r in lines),
                int(total),
                offset,
                limit,
                player.balance,
                int(ledger_sum),
            )

    def export_scenario(self, player_id: str, round_id: str) -> dict[str, object]:
        """A finished round as a scenario file (SPEC section 10) that ``replay`` reproduces."""
        with self._tx() as conn:
            rows.lock_player(conn, player_id)
            row = self._own_round(conn, player_id, round_id)
            if row.status == OPEN:
                raise RoundInProgressError("a round in progress cannot be exported")
            if row.cards is None:
                raise UnknownRoundError(f"round {round_id} was voided before its cards were known")
            rules = Rules.from_dict(json.loads(row.rules))
            bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in json.loads(row.bets)]
            rnd = replay(rules, bets, parse_cards(json.loads(row.cards)), json.loads(row.decisions))
            return scenario_of(rnd, row.variant)


def _summary(row: StoredRound) -> RoundSummary:
    return RoundSummary(
        id=row.id,
        variant=row.variant,
        rules_version=row.rules_version,
        status=row.status,
        started_at=_aware(row.started_at),
        finished_at=None if row.finished_at is None else _aware(row.finished_at),
        staked=row.staked,
        returned=row.returned,
        balance_before=row.balance_before,
        balance_after=row.balance_after,
        void_reason=row.void_reason,
    )


def _line(row: Sequence[Any]) -> StatementLine:
    txid, round_id, kind, amount, balance_after, detail, created_at = row
    return StatementLine(
        txid=txid,
        round_id=round_id,
        kind=kind,
        amount=amount,
        balance_after=balance_after,
        detail=detail,
        created_at=_aware(created_at),
    )
