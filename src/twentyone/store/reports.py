"""The operator's reports: how each game and bet is paying against its theory, and the day's
money, reconciled with the ledger.

**Game performance.** Per game and per bet — the main game, each side bet, insurance — over
the settled rounds started in a period: rounds, staked, returned, and the realised return to
player with its 99% confidence interval. The main game's RTP is per initial bet (the way its
house edge is quoted: doubles and splits add stake but the edge is per unit first wagered):
``1 + net / initial``; a side bet's and insurance's is ``returned / staked``. Each round is one
observation ``(x_i, y_i)`` (stake, return) and the RTP is the ratio ``R = Σy / Σx``; its
standard error is the ratio estimator's, from the per-round spread of the return around it:
``se = sqrt(Σ (y_i - R x_i)² / (n (n - 1))) / x̄`` (Cochran, *Sampling Techniques*, 3rd ed.,
§6.4), and the interval is ``R ± 2.5758 se``.

Insurance's theory (:func:`insurance_rtp`) is the exact RTP of a player who always insures,
knowing only the dealer's ace: one ace out of a full shoe of the game's decks, so the hole card
is a ten with probability ``16d / (52d − 1)`` and the bet returns ``(1 + pays)`` times that
(6 decks at 2 to 1: ``3 · 96 / 311 = 288 / 311 ≈ 0.9260``). The player's own cards are not
taken out: a figure for the bet on its own, as its RTP is usually quoted.

**Daily totals.** Per UTC day, from the ledger itself: staked (wager debits), returned
(payouts), voided (the refunds and reversals of voided rounds, net), granted (play money
given), and held: what rounds still unfinished at the day's end have taken from their players
and not paid back. Staked, returned, voided and granted of a day are exactly the day's ledger
entries by kind, so ``granted - staked + returned + voided`` is the day's change of every
balance together.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select

from twentyone.rules import Rules
from twentyone.store import rows
from twentyone.store.rounds import SETTLED
from twentyone.store.unit import Store, naive
from twentyone.table.wallet import EntryKind

_R, _E, _L = rows.ROUNDS.c, rows.EVENTS.c, rows.LEDGER.c
Z99 = 2.5758293035489004
"""The two-sided 99% point of the standard normal distribution."""
MAX_DAYS = 366
"""The longest period a daily report covers."""


@dataclass(slots=True)
class Sample:
    """Per-round sums of one bet: rounds, Σx (stake the RTP is per), Σy (what came back), the
    squares and cross products, and the money staked and returned."""

    rounds: int = 0
    sx: int = 0
    sy: int = 0
    sxx: int = 0
    sxy: int = 0
    syy: int = 0
    staked: int = 0
    returned: int = 0

    def add(self, x: int, y: int, staked: int, returned: int) -> None:
        """One round's observation."""
        self.rounds += 1
        self.sx += x
        self.sy += y
        self.sxx += x * x
        self.sxy += x * y
        self.syy += y * y
        self.staked += staked
        self.returned += returned


@dataclass(frozen=True, slots=True)
class Interval:
    """A realised RTP and its confidence interval (``None`` bounds: fewer than two rounds)."""

    rtp: float | None
    low: float | None
    high: float | None


def ratio_interval(sample: Sample, z: float = Z99) -> Interval:
    """The ratio ``Σy/Σx`` and its interval ``± z·se`` (see the module docstring).

    >>> s = Sample()
    >>> for x, y in [(1, 2), (1, 0)]:
    ...     s.add(x, y, x, y)
    >>> i = ratio_interval(s)
    >>> i.rtp, round(i.high - i.rtp, 4)  # residuals ±1: se = sqrt(2 / 2) / 1
    (1.0, 2.5758)
    """
    n = sample.rounds
    if n == 0 or sample.sx == 0:
        return Interval(None, None, None)
    ratio = sample.sy / sample.sx
    if n < 2:
        return Interval(ratio, None, None)
    # Σ (y - R x)² = Σy² - 2 R Σxy + R² Σx² with R = sy / sx: in integers until the division.
    numerator = sample.syy * sample.sx**2 - 2 * sample.sxy * sample.sy * sample.sx
    numerator += sample.sxx * sample.sy**2
    residual = max(0.0, numerator / sample.sx**2)
    mean_x = sample.sx / n
    se = math.sqrt(residual / (n * (n - 1))) / mean_x
    return Interval(ratio, ratio - z * se, ratio + z * se)


def insurance_rtp(rules: Rules) -> Fraction:
    """The exact RTP of always insuring against the dealer's ace, with only that ace out of a
    full shoe of ``rules.decks`` decks: ``(1 + pays) · 16d / (52d − 1)``.

    >>> from twentyone.rules import Rules
    >>> insurance_rtp(Rules(decks=6))
    Fraction(288, 311)
    """
    decks = rules.decks
    return (1 + rules.insurance_pays) * Fraction(16 * decks, 52 * decks - 1)


@dataclass(frozen=True, slots=True)
class BetFigures:
    """One game's one bet over a period."""

    variant: str
    bet: str
    """``main``, ``insurance`` or ``side``."""
    name: str | None
    """The side bet's name (``None`` for the main game and insurance)."""
    sample: Sample = field(compare=False)

    def to_dict(self, theory: float | None = None) -> dict[str, Any]:
        """JSON-ready, with the interval and, given the theory, whether it falls outside."""
        interval = ratio_interval(self.sample)
        outside = None
        if theory is not None and interval.low is not None and interval.high is not None:
            outside = not interval.low <= theory <= interval.high
        return {
            "variant": self.variant,
            "bet": self.bet,
            "name": self.name,
            "rounds": self.sample.rounds,
            "staked": self.sample.staked,
            "returned": self.sample.returned,
            "initial": self.sample.sx,
            "rtp": interval.rtp,
            "low": interval.low,
            "high": interval.high,
            "theory": theory,
            "outside": outside,
        }


def _observations(
    bets: list[dict[str, Any]], lines: Iterable[dict[str, Any]]
) -> dict[tuple[str, str | None], tuple[int, int, int, int]]:
    """One round's ``(x, y, staked, returned)`` per bet."""
    out: dict[tuple[str, str | None], list[int]] = {}
    initial = sum(int(b["bet"]) for b in bets)
    main = out.setdefault(("main", None), [initial, initial, 0, 0])
    for line in lines:
        stake, returned = int(line["stake"]), int(line["returned"])
        if line["kind"] == "hand":
            main[1] += returned - stake
            main[2] += stake
            main[3] += returned
            continue
        key = ("insurance", None) if line["kind"] == "insurance" else ("side", str(line["name"]))
        got = out.setdefault(key, [0, 0, 0, 0])
        got[0] += stake
        got[1] += returned
        got[2] += stake
        got[3] += returned
    return {key: (v[0], v[1], v[2], v[3]) for key, v in out.items()}


@dataclass(frozen=True, slots=True)
class DayTotals:
    """One UTC day's money (minor units)."""

    day: date
    rounds: int
    staked: int
    returned: int
    voided: int
    granted: int
    held: int

    @property
    def house_net(self) -> int:
        """What the house kept: staked less returned less what voids gave back."""
        return self.staked - self.returned - self.voided

    @property
    def ledger_change(self) -> int:
        """The day's change of all balances together (its ledger entries' sum)."""
        return self.granted - self.staked + self.returned + self.voided

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "day": self.day.isoformat(),
            "rounds": self.rounds,
            "staked": self.staked,
            "returned": self.returned,
            "voided": self.voided,
            "house_net": self.house_net,
            "granted": self.granted,
            "held": self.held,
            "ledger_change": self.ledger_change,
        }


def _day_of(value: Any) -> date:
    """A ``date()`` of the database as a date (SQLite answers text)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    return date.fromisoformat(str(value)[:10])


def _start(day: date) -> datetime:
    return datetime.combine(day, time.min)


class Reports:
    """Game performance and daily totals."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def performance(
        self, *, since: datetime | None = None, until: datetime | None = None
    ) -> list[BetFigures]:
        """Every game's bets over the settled rounds started in ``[since, until)``; per game the
        main game first, then insurance, then the side bets by name."""
        where = [_R.status == SETTLED]
        if since is not None:
            where.append(_R.started_at >= naive(since))
        if until is not None:
            where.append(_R.started_at < naive(until))
        query = (
            select(_R.id, _R.variant, _R.bets, _E.data)
            .select_from(rows.ROUNDS.outerjoin(rows.EVENTS, _E.round_id == _R.id))
            .where(*where, (_E.type == "WagerSettled") | _E.type.is_(None))
            .order_by(_R.id, _E.seq)
        )
        samples: dict[tuple[str, str, str | None], Sample] = {}
        with self._store.unit() as unit:
            current: tuple[str, str, str] | None = None
            lines: list[dict[str, Any]] = []

            def close() -> None:
                if current is None:
                    return
                _, variant, bets = current
                for (bet, name), (x, y, st, rt) in _observations(json.loads(bets), lines).items():
                    samples.setdefault((variant, bet, name), Sample()).add(x, y, st, rt)

            for round_id, variant, bets, data in unit.conn.execute(query):
                if current is None or current[0] != round_id:
                    close()
                    current, lines = (round_id, variant, bets), []
                if data is not None:
                    lines.append(json.loads(data)["line"])
            close()
        order = {"main": 0, "insurance": 1, "side": 2}
        keys = sorted(samples, key=lambda k: (k[0], order[k[1]], k[2] or ""))
        return [BetFigures(v, b, n, samples[(v, b, n)]) for v, b, n in keys]

    def daily(self, since: date, until: date) -> list[DayTotals]:
        """Each UTC day from ``since`` to ``until`` (both included), oldest first."""
        days = (until - since).days + 1
        if days < 1 or days > MAX_DAYS:
            raise ValueError(f"a daily report covers 1 to {MAX_DAYS} days, not {days}")
        begin, end = _start(since), _start(until + timedelta(days=1))
        day = func.date(_L.created_at)
        by_kind = (
            select(day, _L.kind, func.sum(_L.amount))
            .where(_L.created_at >= begin, _L.created_at < end)
            .group_by(day, _L.kind)
        )
        started = func.date(_R.started_at)
        rounds_by_day = (
            select(started, func.count())
            .where(_R.started_at >= begin, _R.started_at < end)
            .group_by(started)
        )
        sums: dict[date, dict[str, int]] = {}
        with self._store.unit() as unit:
            for found_day, kind, amount in unit.conn.execute(by_kind):
                sums.setdefault(_day_of(found_day), {})[kind] = int(amount)
            counts = {_day_of(d): int(n) for d, n in unit.conn.execute(rounds_by_day)}
            held = [
                self._held_at(unit.conn, _start(since + timedelta(days=i + 1))) for i in range(days)
            ]
        out = []
        for i in range(days):
            on = since + timedelta(days=i)
            kinds = sums.get(on, {})
            out.append(
                DayTotals(
                    day=on,
                    rounds=counts.get(on, 0),
                    staked=-kinds.get(EntryKind.WAGER, 0),
                    returned=kinds.get(EntryKind.PAYOUT, 0),
                    voided=kinds.get(EntryKind.VOID_REFUND, 0)
                    + kinds.get(EntryKind.VOID_REVERSAL, 0),
                    granted=kinds.get(EntryKind.GRANT, 0),
                    held=held[i],
                )
            )
        return out

    @staticmethod
    def _held_at(conn: Any, moment: datetime) -> int:
        """What rounds unfinished at ``moment`` had taken from their players by then."""
        unfinished = (_R.started_at < moment) & (
            _R.finished_at.is_(None) | (_R.finished_at >= moment)
        )
        query = (
            select(func.coalesce(func.sum(_L.amount), 0))
            .select_from(rows.LEDGER.join(rows.ROUNDS, _R.id == _L.round_id))
            .where(
                unfinished,
                _L.created_at < moment,
                _L.kind.in_([str(EntryKind.WAGER), str(EntryKind.PAYOUT)]),
            )
        )
        return -int(conn.execute(query).scalar() or 0)
