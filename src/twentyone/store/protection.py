"""Player protection (GLI-19 appendix A, UKGC RTS 12–14): limits, breaks and the reality check.

What the player sets, and what it does:

- **Loss and stake limits** over the rolling 24 hours, 7 days and 30 days. A wager that would
  take the window's stake (what was staked) or loss (staked − returned) over a limit is refused
  before it is taken: the deal's bets and side bets, a double, a split, insurance. A lower limit
  (or a first one) applies at once; a higher one, or removing one, only 24 hours after it was
  asked for (until then it is *pending*).
- **Time-out** (24 hours, 7 or 30 days) and **self-exclusion** (6 months to 5 years): from the
  moment it is set no new round is dealt (the round in progress may finish); neither can be
  shortened or lifted by the player.
- **Reality check**: every ``N`` minutes of a session the next deal waits until the player
  acknowledges a notice of the session's elapsed time, staked, returned and net (or leaves). A
  round in progress is never interrupted: only a deal is refused.

How the money counts (the definition a test lab checks):

- A wager counts as *staked* at the moment it is taken and a payout (stake included) as
  *returned* at the moment it is paid; a voided round's refund counts as returned when it is
  refunded. So an open round's stakes count in full as staked, and as lost until they are paid
  back: a wager is refused when ``staked + wager > stake limit`` or
  ``staked − returned + wager > loss limit`` over the window.
- The windows count whole hours and whole UTC days, never less than the nominal window: the
  24-hour window is the current hour and the 24 before it, the 7- and 30-day windows are today
  and the 7 (30) UTC days before. Money is kept in hourly and daily tallies only while the player
  has a limit (the past 31 days of the ledger are counted when the first one is set), so a
  decision reads at most 57 tally rows, and the hot path of a player without protection settings
  reads one row per deal.

A session is what the web server opens at login (:meth:`Protection.start_session`) and closes at
logout; its stake and return are running sums kept with the settings. Play outside a web session
(the terminal game) has no reality check.
"""

from __future__ import annotations

import calendar
import json
import weakref
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, cast

from sqlalchemy import (
    BigInteger,
    Table,
    and_,
    bindparam,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.sql.expression import ClauseElement

from twentyone.errors import TwentyoneError
from twentyone.store import rows
from twentyone.store.protection_models import ProtectionRow, TallyRow
from twentyone.store.unit import Store, Unit, aware
from twentyone.table.wallet import EntryKind

PROTECTION = cast(Table, ProtectionRow.__table__)
TALLY = cast(Table, TallyRow.__table__)
_X, _T, _L = PROTECTION.c, TALLY.c, rows.LEDGER.c


class LimitKind(StrEnum):
    """What a limit bounds."""

    LOSS = "loss"
    """Staked minus returned over the window."""
    STAKE = "stake"
    """Everything staked over the window."""


class LimitPeriod(StrEnum):
    """The rolling window a limit counts over."""

    DAY = "24h"
    """24 hours."""
    WEEK = "7d"
    """7 days."""
    MONTH = "30d"
    """30 days."""


class BreakKind(StrEnum):
    """A break from play the player cannot lift early."""

    TIME_OUT = "time-out"
    """A short break: 24 hours, 7 or 30 days."""
    SELF_EXCLUSION = "self-exclusion"
    """A long break: 6 months to 5 years."""


INCREASE_DELAY = timedelta(hours=24)
"""How long a higher limit (or a removed one) waits before it applies."""
REALITY_CHECK_MINUTES = (15, 30, 60)
"""The reality-check intervals offered (or off)."""
TIME_OUT_DAYS = (1, 7, 30)
"""The time-outs offered, in days."""
SELF_EXCLUSION_MONTHS = (6, 12, 24, 60)
"""The self-exclusions offered, in months."""
MAX_LIMIT = 10**12
"""The largest limit accepted (minor units)."""

_WINDOW_DAYS = {LimitPeriod.WEEK: 7, LimitPeriod.MONTH: 30}
_HOURS_BACK = 24
_DAYS_BACK = 30
_EPOCH = datetime(1970, 1, 1)


# -- errors ----------------------------------------------------------------------------------


class TimeOutError(TwentyoneError):
    """The player is on a time-out: no new round until it ends."""

    code = "on-time-out"


class SelfExcludedError(TwentyoneError):
    """The player has excluded themself: no new round until the exclusion ends."""

    code = "self-excluded"


class RealityCheckDueError(TwentyoneError):
    """The reality check is due: the next deal waits until the player acknowledges it."""

    code = "reality-check-due"


class LossLimitError(TwentyoneError):
    """The wager would take the window's loss over the player's loss limit."""

    code = "loss-limit"


class StakeLimitError(TwentyoneError):
    """The wager would take the window's stake over the player's stake limit."""

    code = "stake-limit"


class BreakInForceError(TwentyoneError):
    """A break is already in force that ends later: a break cannot be shortened."""

    code = "break-in-force"


class InvalidProtectionSettingError(TwentyoneError):
    """A limit, interval or break length that is not offered."""

    code = "invalid-protection-setting"


# -- the stored settings ---------------------------------------------------------------------


@dataclass(slots=True)
class Limit:
    """One limit: the amount in force (``None``: none) and a pending change, if any."""

    amount: int | None
    pending: int | None = None
    pending_from: datetime | None = None

    @property
    def has_pending(self) -> bool:
        """Whether a higher limit (or a removal) is waiting for its 24 hours."""
        return self.pending_from is not None

    def at(self, now: datetime) -> Limit:
        """The limit at ``now``: a pending change whose time has come is in force."""
        if self.pending_from is not None and self.pending_from <= now:
            return Limit(self.pending)
        return self

    def to_dict(self) -> dict[str, Any]:
        """As stored."""
        due = None if self.pending_from is None else self.pending_from.isoformat()
        return {"amount": self.amount, "pending": self.pending, "from": due}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Limit:
        """From :meth:`to_dict`."""
        due = data.get("from")
        return cls(data["amount"], data.get("pending"), None if due is None else _parse(due))


def _parse(text: str) -> datetime:
    return datetime.fromisoformat(text)


@dataclass(slots=True)
class Settings:
    """A player's stored protection row."""

    player_id: str
    limits: dict[tuple[LimitKind, LimitPeriod], Limit]
    reality_minutes: int | None
    timeout_until: datetime | None
    timeout_set_at: datetime | None
    excluded_until: datetime | None
    excluded_set_at: datetime | None
    session_started_at: datetime | None
    session_checked_at: datetime | None
    session_staked: int
    session_returned: int

    @classmethod
    def empty(cls, player_id: str) -> Settings:
        """No settings yet."""
        return cls(player_id, {}, None, None, None, None, None, None, None, 0, 0)

    def limits_at(self, now: datetime) -> dict[tuple[LimitKind, LimitPeriod], Limit]:
        """The limits at ``now`` (pending changes due by then applied; empty ones dropped)."""
        out = {}
        for key, limit in self.limits.items():
            current = limit.at(now)
            if current.amount is not None or current.has_pending:
                out[key] = current
        return out

    def limits_text(self) -> str:
        """The limits as stored (JSON)."""
        return json.dumps(
            {f"{kind}:{period}": limit.to_dict() for (kind, period), limit in self.limits.items()},
            sort_keys=True,
        )

    def reality_due_at(self) -> datetime | None:
        """When the reality check falls due (``None``: off, or no session)."""
        if self.reality_minutes is None or self.session_checked_at is None:
            return None
        return self.session_checked_at + timedelta(minutes=self.reality_minutes)

    def break_until(self, now: datetime) -> tuple[BreakKind, datetime] | None:
        """The break in force at ``now`` (self-exclusion first), if any."""
        if self.excluded_until is not None and self.excluded_until > now:
            return BreakKind.SELF_EXCLUSION, self.excluded_until
        if self.timeout_until is not None and self.timeout_until > now:
            return BreakKind.TIME_OUT, self.timeout_until
        return None


_COLS = rows.PROTECTION_COLS
_CACHE: weakref.WeakKeyDictionary[Unit, dict[str, Settings | None]] = weakref.WeakKeyDictionary()

# -- the statements of the hooks: compiled once per database, run on the driver's cursor ------

_IN_WINDOWS = or_(
    and_(_T.span == bindparam("h_span"), _T.bucket >= bindparam("h_from")),
    and_(_T.span == bindparam("d_span"), _T.bucket >= bindparam("d_from")),
)
_READ = select(*_COLS).where(_X.player_id == bindparam("player_id"))
_ADD_SESSION = (
    update(PROTECTION)
    .where(_X.player_id == bindparam("b_player"))
    .values(
        session_staked=_X.session_staked + bindparam("b_staked", type_=BigInteger()),
        session_returned=_X.session_returned + bindparam("b_returned", type_=BigInteger()),
    )
    .returning(_X.limits)
)
"""Add to the session's sums (kept outside a session too: a session starts them at zero)."""
_SUMS = select(_T.span, _T.bucket, _T.staked, _T.returned).where(
    _T.player_id == bindparam("player_id"), _IN_WINDOWS
)
_ADD_TALLY = (
    update(TALLY)
    .where(
        _T.player_id == bindparam("b_player"),
        or_(
            and_(_T.span == bindparam("b_h"), _T.bucket == bindparam("b_hour")),
            and_(_T.span == bindparam("b_d"), _T.bucket == bindparam("b_day")),
        ),
    )
    .values(
        staked=_T.staked + bindparam("b_staked", type_=BigInteger()),
        returned=_T.returned + bindparam("b_returned", type_=BigInteger()),
    )
)

_BUCKETS = or_(
    and_(_T.span == bindparam("b_h"), _T.bucket == bindparam("b_hour")),
    and_(_T.span == bindparam("b_d"), _T.bucket == bindparam("b_day")),
)
_HAVE_TALLY = select(_T.span).where(_T.player_id == bindparam("b_player"), _BUCKETS)
_NEW_TALLY = insert(TALLY).values(
    {n: bindparam(n) for n in ("player_id", "span", "bucket", "staked", "returned")}
)
_PRUNE = delete(TALLY).where(
    _T.player_id == bindparam("b_player"),
    or_(
        and_(_T.span == bindparam("b_h"), _T.bucket < bindparam("b_hour_from")),
        and_(_T.span == bindparam("b_d"), _T.bucket < bindparam("b_day_from")),
    ),
)
_WRITTEN = (*(column.name for column in rows.PROTECTION_COLS[1:]), "updated_at")
"""The columns a save writes: the settings after the player's id, and the time of the save."""
_INSERT = insert(PROTECTION).values({n: bindparam(n) for n in ("player_id", *_WRITTEN)})
_UPDATE = (
    update(PROTECTION)
    .where(_X.player_id == bindparam("b_player_id"))
    .values({n: bindparam(f"b_{n}") for n in _WRITTEN})
)


def _rows(unit: Unit, stmt: ClauseElement, params: dict[str, Any]) -> list[list[Any]]:
    """The rows of one of the statements above, run in the unit's transaction (compiled once
    per database, on the driver's cursor: :meth:`~twentyone.store.driver.Driver.prepare`)."""
    driver = unit.driver
    return cast(list[list[Any]], driver.all(unit.conn, driver.prepare(stmt), params))


def _run(unit: Unit, stmt: ClauseElement, params: dict[str, Any]) -> int:
    """Run one of the statements above in the unit's transaction: the rows it changed."""
    driver = unit.driver
    return driver.run(unit.conn, driver.prepare(stmt), params)


def _limits_of(text: str) -> dict[tuple[LimitKind, LimitPeriod], Limit]:
    out = {}
    for key, data in json.loads(text).items():
        kind, period = key.split(":")
        out[(LimitKind(kind), LimitPeriod(period))] = Limit.from_dict(data)
    return out


def settings_of(unit: Unit, player_id: str) -> Settings | None:
    """The player's protection settings (``None``: never set), read once per transaction
    (with the player, where the deal's first read found them: :attr:`Unit.protection_rows`)."""
    cache = _CACHE.setdefault(unit, {})
    if player_id in cache:
        return cache[player_id]
    if player_id in unit.protection_rows:
        held = unit.protection_rows.pop(player_id)
        found = [] if held is None else [held]
    else:
        found = _rows(unit, _READ, {"player_id": player_id})
    settings = None
    for row in found:
        settings = Settings(row[0], _limits_of(row[1]), *row[2:])
    cache[player_id] = settings
    return settings


def _write(unit: Unit, settings: Settings, *, new: bool) -> None:
    """Store the settings (this transaction holds the player's lock: nothing else writes them)."""
    values = {
        "limits": settings.limits_text(),
        "reality_minutes": settings.reality_minutes,
        "timeout_until": settings.timeout_until,
        "timeout_set_at": settings.timeout_set_at,
        "excluded_until": settings.excluded_until,
        "excluded_set_at": settings.excluded_set_at,
        "session_started_at": settings.session_started_at,
        "session_checked_at": settings.session_checked_at,
        "session_staked": settings.session_staked,
        "session_returned": settings.session_returned,
        "updated_at": unit.now,
    }
    if new:
        _run(unit, _INSERT, {"player_id": settings.player_id, **values})
    else:
        _run(
            unit,
            _UPDATE,
            {f"b_{n}": v for n, v in values.items()} | {"b_player_id": settings.player_id},
        )
    _CACHE.setdefault(unit, {})[settings.player_id] = settings


# -- the tallies -----------------------------------------------------------------------------


def _hour(moment: datetime) -> int:
    return int((moment - _EPOCH).total_seconds()) // 3600


def _day(moment: datetime) -> int:
    return (moment - _EPOCH).days


@dataclass(frozen=True, slots=True)
class Window:
    """What was staked and returned over one window."""

    staked: int = 0
    returned: int = 0

    def used(self, kind: LimitKind) -> int:
        """The window's stake, or its loss."""
        return self.staked if kind is LimitKind.STAKE else self.staked - self.returned


def windows(unit: Unit, player_id: str) -> dict[LimitPeriod, Window]:
    """What was staked and returned over each window, from the tallies (at most 57 rows)."""
    hour, day = _hour(unit.now), _day(unit.now)
    params: dict[str, Any] = {"player_id": player_id, "h_span": "h", "d_span": "d"}
    params |= {"h_from": hour - _HOURS_BACK, "d_from": day - _DAYS_BACK}
    found = _rows(unit, _SUMS, params)
    sums = {period: [0, 0] for period in LimitPeriod}
    for span, bucket, staked, returned in found:
        if span == "h":
            periods = [LimitPeriod.DAY]
        else:
            periods = [p for p, days in _WINDOW_DAYS.items() if bucket >= day - days]
        for period in periods:
            sums[period][0] += staked
            sums[period][1] += returned
    return {period: Window(*sums[period]) for period in LimitPeriod}


def _add(unit: Unit, player_id: str, moment: datetime, staked: int, returned: int) -> None:
    """Add to the hour's and the day's tallies (one update; at a new hour or day its row is
    inserted, and the tallies out of every window are dropped)."""
    hour, day = _hour(moment), _day(moment)
    params = {"b_player": player_id, "b_h": "h", "b_d": "d", "b_hour": hour, "b_day": day}
    if _run(unit, _ADD_TALLY, params | {"b_staked": staked, "b_returned": returned}) == 2:
        return
    have = {span for (span,) in _rows(unit, _HAVE_TALLY, params)}
    for span, bucket in (("h", hour), ("d", day)):
        if span not in have:
            tally = {"player_id": player_id, "span": span, "bucket": bucket}
            _run(unit, _NEW_TALLY, tally | {"staked": staked, "returned": returned})
    _prune(unit, player_id, moment)


def _prune(unit: Unit, player_id: str, moment: datetime) -> None:
    params = {"b_player": player_id, "b_h": "h", "b_d": "d"}
    before = {"b_hour_from": _hour(moment) - _HOURS_BACK, "b_day_from": _day(moment) - _DAYS_BACK}
    _run(unit, _PRUNE, params | before)


_STAKE_KINDS = (str(EntryKind.WAGER),)
_RETURN_KINDS = (str(EntryKind.PAYOUT), str(EntryKind.VOID_REFUND), str(EntryKind.VOID_REVERSAL))


def _backfill(unit: Unit, player_id: str) -> None:
    """Count the ledger's stakes and returns of the past 31 days into fresh tallies (once, when
    the player's first limit is set)."""
    unit.conn.execute(delete(TALLY).where(_T.player_id == player_id))
    since = unit.now - timedelta(days=_DAYS_BACK + 1)
    entries = unit.conn.execute(
        select(_L.kind, _L.amount, _L.created_at).where(
            _L.player_id == player_id,
            _L.created_at >= since,
            _L.kind.in_(_STAKE_KINDS + _RETURN_KINDS),
        )
    ).all()
    sums: dict[tuple[str, int], list[int]] = {}
    for kind, amount, at in entries:
        for key in (("h", _hour(at)), ("d", _day(at))):
            tally = sums.setdefault(key, [0, 0])
            if kind in _STAKE_KINDS:
                tally[0] -= amount
            else:
                tally[1] += amount
    hour, day = _hour(unit.now), _day(unit.now)
    kept = [
        {"player_id": player_id, "span": s, "bucket": b, "staked": v[0], "returned": v[1]}
        for (s, b), v in sums.items()
        if b >= (hour - _HOURS_BACK if s == "h" else day - _DAYS_BACK)
    ]
    if kept:
        unit.conn.execute(insert(TALLY), kept)


# -- the hooks of play -----------------------------------------------------------------------


def _refuse_break(settings: Settings, now: datetime) -> None:
    held = settings.break_until(now)
    if held is not None:
        kind, until = held
        error = SelfExcludedError if kind is BreakKind.SELF_EXCLUSION else TimeOutError
        raise error(f"no new round until {aware(until).isoformat()} ({kind})")


def check_chips(unit: Unit, player_id: str) -> None:
    """Refuse putting chips on the table (a chip, DOUBLE, REBET, bets set at once) during a
    time-out or self-exclusion: no bet for a round that cannot be dealt. Taking chips off
    (UNDO, CLEAR) and the round in progress are left alone."""
    settings = settings_of(unit, player_id)
    if settings is not None:
        _refuse_break(settings, unit.now)


def check_deal(unit: Unit, player_id: str, stake: int) -> None:
    """Refuse a new round during a break, while the reality check is due, or when its bets
    (``stake``: main bets and side bets) would break a limit."""
    settings = settings_of(unit, player_id)
    if settings is None:
        return
    now = unit.now
    _refuse_break(settings, now)
    due = settings.reality_due_at()
    if due is not None and due <= now:
        raise RealityCheckDueError(
            f"the reality check fell due at {aware(due).isoformat()}: acknowledge it to go on"
        )
    check_wager(unit, player_id, stake)


def check_wager(unit: Unit, player_id: str, wager: int) -> None:
    """Refuse a wager (a deal's bets, a double, a split, insurance) that would break a limit."""
    if wager <= 0:
        return
    settings = settings_of(unit, player_id)
    if settings is None:
        return
    limits = {k: v for k, v in settings.limits_at(unit.now).items() if v.amount is not None}
    if not limits:
        return
    sums = windows(unit, player_id)
    for period in LimitPeriod:
        for kind in LimitKind:
            limit = limits.get((kind, period))
            if limit is None or limit.amount is None:
                continue
            after = sums[period].used(kind) + wager
            if after > limit.amount:
                error = LossLimitError if kind is LimitKind.LOSS else StakeLimitError
                raise error(
                    f"a wager of {wager} would take the {kind} to {after}, over the {period} "
                    f"{kind} limit of {limit.amount}"
                )


def record(unit: Unit, player_id: str, staked: int, returned: int) -> None:
    """Count a round's new stakes and returns: into the session's sums, and into the tallies
    while the player has a limit."""
    cache = _CACHE.get(unit, {})
    if (staked == 0 and returned == 0) or (player_id in cache and cache[player_id] is None):
        return  # nothing to count, or this transaction found no settings (no row: no sums)
    params = {"b_player": player_id, "b_staked": staked, "b_returned": returned}
    found = _rows(unit, _ADD_SESSION, params)
    if found and found[0][0] != "{}":
        _add(unit, player_id, unit.now, staked, returned)
    cache.pop(player_id, None)  # read again (the sums changed in the database)


# -- what the player (and the back office) sees ----------------------------------------------


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else aware(moment).isoformat()


def status_of(unit: Unit, player_id: str) -> dict[str, Any]:
    """The player's protection status, JSON-ready (see :meth:`Protection.status`)."""
    settings = settings_of(unit, player_id) or Settings.empty(player_id)
    now = unit.now
    limits = settings.limits_at(now)
    sums = windows(unit, player_id) if limits else {p: Window() for p in LimitPeriod}
    shown = []
    for period in LimitPeriod:
        for kind in LimitKind:
            limit = limits.get((kind, period), Limit(None))
            used = sums[period].used(kind)
            pending = None
            if limit.has_pending:
                pending = {"amount": limit.pending, "from": _iso(limit.pending_from)}
            shown.append(
                {
                    "kind": str(kind),
                    "period": str(period),
                    "amount": limit.amount,
                    "used": used if limit.amount is not None else None,
                    "left": None if limit.amount is None else max(0, limit.amount - used),
                    "pending": pending,
                }
            )
    in_force = settings.break_until(now)
    timeout = settings.timeout_until is not None and settings.timeout_until > now
    excluded = settings.excluded_until is not None and settings.excluded_until > now
    due = settings.reality_due_at()
    session = None
    if settings.session_started_at is not None:
        staked, returned = settings.session_staked, settings.session_returned
        session = {
            "started_at": _iso(settings.session_started_at),
            "elapsed_seconds": int((now - settings.session_started_at).total_seconds()),
            "staked": staked,
            "returned": returned,
            "net": returned - staked,
        }
    return {
        "player_id": player_id,
        "now": _iso(now),
        "limits": shown,
        "time_out": (
            {"until": _iso(settings.timeout_until), "set_at": _iso(settings.timeout_set_at)}
            if timeout
            else None
        ),
        "self_exclusion": (
            {"until": _iso(settings.excluded_until), "set_at": _iso(settings.excluded_set_at)}
            if excluded
            else None
        ),
        "play_blocked_until": None if in_force is None else _iso(in_force[1]),
        "reality_check": {
            "minutes": settings.reality_minutes,
            "due_at": _iso(due),
            "due": due is not None and due <= now,
        },
        "session": session,
    }


def add_months(moment: datetime, months: int) -> datetime:
    """The same day and time ``months`` later (the month's last day if it is shorter).

    >>> add_months(datetime(2026, 8, 31, 12), 6)
    datetime.datetime(2027, 2, 28, 12, 0)
    """
    month = moment.month - 1 + months
    year, month = moment.year + month // 12, month % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


class Protection:
    """The player-protection settings and the web session's reality check."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _settings(self, unit: Unit, player_id: str) -> tuple[Settings, bool]:
        unit.player(player_id)  # the player's lock (and: the player exists)
        found = settings_of(unit, player_id)
        return (Settings.empty(player_id), True) if found is None else (found, False)

    def status(self, player_id: str) -> dict[str, Any]:
        """JSON-ready: ``limits`` (each kind and period: the amount in force or ``None``, what
        the window has used and what is left, and a ``pending`` change with the time it takes
        effect), ``time_out`` and ``self_exclusion`` (``until``, ``set_at``; ``None`` when
        not in force), ``play_blocked_until``, ``reality_check`` (``minutes``, ``due_at``,
        ``due``) and the web ``session`` (``started_at``, ``elapsed_seconds``, ``staked``,
        ``returned``, ``net``; ``None`` outside one). Times are ISO 8601 UTC, money minor units.
        """
        with self._store.unit() as unit:
            unit.player(player_id)
            return status_of(unit, player_id)

    def set_limit(
        self, player_id: str, kind: LimitKind | str, period: LimitPeriod | str, amount: int | None
    ) -> dict[str, Any]:
        """Set (``amount``) or remove (``None``) a limit: lower or first at once, higher or
        removed after :data:`INCREASE_DELAY` (asking for the same change again keeps its
        time). Returns the status."""
        try:
            kind, period = LimitKind(kind), LimitPeriod(period)
        except ValueError:
            raise InvalidProtectionSettingError(f"no {kind} limit over {period}") from None
        if amount is not None and (
            isinstance(amount, bool) or not isinstance(amount, int) or not 0 < amount <= MAX_LIMIT
        ):
            raise InvalidProtectionSettingError(
                f"a limit is a whole amount from 1 to {MAX_LIMIT}, not {amount!r}"
            )
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            now = unit.now
            start_tally = not settings.limits
            settings.limits = settings.limits_at(now)
            current = settings.limits.get((kind, period), Limit(None))
            if amount is not None and (current.amount is None or amount <= current.amount):
                changed = Limit(amount)
            elif current.has_pending and current.pending == amount:
                changed = current
            elif amount == current.amount:
                changed = Limit(amount)
            else:
                changed = Limit(current.amount, amount, now + INCREASE_DELAY)
            settings.limits[(kind, period)] = changed
            settings.limits = {
                k: v for k, v in settings.limits.items() if v.amount is not None or v.has_pending
            }
            if start_tally and settings.limits:
                _backfill(unit, player_id)
            _write(unit, settings, new=new)
            return status_of(unit, player_id)

    def set_reality_check(self, player_id: str, minutes: int | None) -> dict[str, Any]:
        """Set the reality-check interval (``None``: off); it counts from the session's last
        check. Returns the status."""
        if minutes is not None and minutes not in REALITY_CHECK_MINUTES:
            raise InvalidProtectionSettingError(
                f"a reality check every {minutes!r} minutes is not offered: "
                f"{', '.join(map(str, REALITY_CHECK_MINUTES))} or off"
            )
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            settings.reality_minutes = minutes
            _write(unit, settings, new=new)
            return status_of(unit, player_id)

    def take_break(self, player_id: str, kind: BreakKind | str, length: int) -> dict[str, Any]:
        """Start a time-out of ``length`` days or a self-exclusion of ``length`` months, from
        now. One already in force that ends later cannot be shortened
        (:class:`BreakInForceError`); a longer one replaces it. Returns the status."""
        try:
            kind = BreakKind(kind)
        except ValueError:
            raise InvalidProtectionSettingError(f"no break called {kind!r}") from None
        offered = TIME_OUT_DAYS if kind is BreakKind.TIME_OUT else SELF_EXCLUSION_MONTHS
        if isinstance(length, bool) or length not in offered:
            raise InvalidProtectionSettingError(
                f"a {kind} of {length!r} is not offered: {', '.join(map(str, offered))}"
            )
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            now = unit.now
            if kind is BreakKind.TIME_OUT:
                until = now + timedelta(days=length)
            else:
                until = add_months(now, length)
            held = settings.break_until(now)
            if held is not None and held[1] >= until:
                raise BreakInForceError(
                    f"a {held[0]} until {aware(held[1]).isoformat()} is in force: it cannot be "
                    "shortened"
                )
            if kind is BreakKind.TIME_OUT:
                settings.timeout_until, settings.timeout_set_at = until, now
            else:
                settings.excluded_until, settings.excluded_set_at = until, now
            _write(unit, settings, new=new)
            return status_of(unit, player_id)

    # -- the web session ---------------------------------------------------------------------

    def start_session(self, player_id: str) -> dict[str, Any]:
        """A new session (at login): its clock, its reality check and its sums start at zero."""
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            settings.session_started_at = settings.session_checked_at = unit.now
            settings.session_staked = settings.session_returned = 0
            _write(unit, settings, new=new)
            return status_of(unit, player_id)

    def end_session(self, player_id: str) -> None:
        """The player left (logged out): the session ends, and its reality check with it."""
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            if new or settings.session_started_at is None:
                return
            settings.session_started_at = settings.session_checked_at = None
            settings.session_staked = settings.session_returned = 0
            _write(unit, settings, new=False)

    def acknowledge(self, player_id: str) -> dict[str, Any]:
        """The player read the reality check: the next one falls due an interval from now."""
        with self._store.unit() as unit:
            settings, new = self._settings(unit, player_id)
            if settings.session_started_at is not None:
                settings.session_checked_at = unit.now
                _write(unit, settings, new=new)
            return status_of(unit, player_id)
