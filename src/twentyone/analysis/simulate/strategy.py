"""What the simulated player does: a playing strategy as data, and an insurance policy.

A :class:`PlayStrategy` answers one question, ``action(cards, up, legal)``, the way the exact
analysis's :class:`~twentyone.analysis.exact.strategy.ExactStrategy` does. Three kinds exist:

* ``basic``: the exact total-dependent chart of the rules (``house_edge(rules, "basic")``);
* ``optimal``: the exact composition-dependent play (``house_edge(rules, "optimal")``);
* a **chart file**: the JSON that ``twentyone strategy VARIANT --format json`` writes (rows
  ``hard``, ``soft``, ``pairs``, ``hard_three_or_more_cards``, ``soft_three_or_more_cards``,
  one code per up card ``2 ... 10, A``; codes as in
  :data:`~twentyone.analysis.exact.strategy.LEGEND`), edited or written by hand.

The engine path asks the strategy hand by hand; the kernel reads the same answers from tables
built once (:mod:`.tables`), so both play the same game.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol

from twentyone.analysis.exact.house_edge import StrategyKind, base_game_rules
from twentyone.analysis.exact.strategy import basic_strategy, optimal_strategy
from twentyone.cards import Card
from twentyone.errors import InvalidArgumentError
from twentyone.rules import Rules


class InsurancePolicy(StrEnum):
    """When the simulated player takes insurance (or even money, where it is offered)."""

    NEVER = "never"
    """Always decline."""
    ALWAYS = "always"
    """Always take it."""
    BEST = "best"
    """Take it when its expected value, given the spot's own two cards and the ace up, is
    positive (even money: when it is worth more than the blackjack's expected payout)."""


class PlayStrategy(Protocol):
    """A playing strategy: the action for a hand, given the legal set."""

    @property
    def name(self) -> str:
        """How the strategy is reported (``basic``, ``optimal`` or the chart file's name)."""
        ...

    def action(self, cards: Sequence[Card], up: Card, *, legal: Collection[str]) -> str:
        """The action name to take (one of ``legal``)."""
        ...

    def __hash__(self) -> int:
        """Strategies key the table caches."""
        ...


@dataclass(frozen=True, slots=True)
class ExactPlay:
    """The exact analysis's basic or optimal strategy of a rule set."""

    rules: Rules
    kind: StrategyKind

    @property
    def name(self) -> str:
        """``basic`` or ``optimal``."""
        return str(self.kind)

    def action(self, cards: Sequence[Card], up: Card, *, legal: Collection[str]) -> str:
        """As :meth:`ExactStrategy.action` (cached per rules, so cheap to rebuild)."""
        base = base_game_rules(self.rules)
        exact = basic_strategy(base) if self.kind is StrategyKind.BASIC else optimal_strategy(base)
        return exact.action(cards, up, legal=legal)


_UP_INDEX = {points: i for i, points in enumerate((2, 3, 4, 5, 6, 7, 8, 9, 10, 1))}
"""Up-card points → column of a chart row (``2 ... 10, A``)."""
_CODES = {"H", "S", "Dh", "Ds", "P", "Rh", "Rs", "Rp"}
_FALLBACK = {"h": "hit", "s": "stand", "p": "split"}


@dataclass(frozen=True, slots=True, eq=False)
class ChartPlay:
    """A total-dependent chart read from a file (see the module docstring)."""

    label: str
    hard: Mapping[int, tuple[str, ...]]
    soft: Mapping[int, tuple[str, ...]]
    pairs: Mapping[int, tuple[str, ...]]
    hard_multi: Mapping[int, tuple[str, ...]]
    soft_multi: Mapping[int, tuple[str, ...]]

    @property
    def name(self) -> str:
        """The chart file's name."""
        return self.label

    def action(self, cards: Sequence[Card], up: Card, *, legal: Collection[str]) -> str:
        """The chart's code for the hand, resolved against the legal set."""
        allowed = set(legal)
        if len(allowed) == 1:
            return next(iter(allowed))
        col = _UP_INDEX[up.points]
        hard = sum(c.points for c in cards)
        soft = hard <= 11 and any(c.points == 1 for c in cards)
        total = hard + 10 if soft else hard
        if len(cards) == 2:
            if cards[0].points == cards[1].points and "split" in allowed:
                row = self.pairs.get(cards[0].points)
                if row is not None:
                    choice = _resolve(row[col], allowed)
                    if choice is not None:
                        return choice
            table = self.soft if soft else self.hard
            row = table.get(total)
            if row is not None:
                choice = _resolve(row[col], allowed)
                if choice is not None:
                    return choice
        table = self.soft_multi if soft else self.hard_multi
        row = table.get(total)
        hits = row[col] == "H" if row is not None else total < (18 if soft else 12)
        want = "hit" if hits and total < 21 else "stand"
        return want if want in allowed else next(a for a in ("stand", "hit") if a in allowed)


def _resolve(code: str, allowed: set[str]) -> str | None:
    """``Dh`` → double if allowed else hit, and so on; ``None`` when nothing applies."""
    first = {"H": "hit", "S": "stand", "D": "double", "P": "split", "R": "surrender"}[code[0]]
    if first in allowed:
        return first
    if len(code) > 1 and _FALLBACK[code[1]] in allowed:
        return _FALLBACK[code[1]]
    return None


def _rows(data: Mapping[str, Any], key: str, parse: Any) -> dict[int, tuple[str, ...]]:
    raw = data.get(key, {})
    if not isinstance(raw, Mapping):
        raise InvalidArgumentError(f"strategy chart: {key!r} must be an object of rows")
    out: dict[int, tuple[str, ...]] = {}
    for label, codes in raw.items():
        if not isinstance(codes, list) or len(codes) != 10 or not set(codes) <= _CODES:
            raise InvalidArgumentError(
                f"strategy chart: row {key} {label} needs 10 codes among {sorted(_CODES)}"
            )
        try:
            out[parse(str(label))] = tuple(codes)
        except ValueError as exc:
            raise InvalidArgumentError(f"strategy chart: bad row label {key} {label!r}") from exc
    return out


def _soft_label(label: str) -> int:
    """``A,7`` → soft 18."""
    ace, other = label.split(",")
    if ace != "A":
        raise ValueError(label)
    return 11 + int(other)


def _pair_label(label: str) -> int:
    """``A,A`` → 1, ``10,10`` → 10 (points of the pair's cards)."""
    one, two = label.split(",")
    if one != two:
        raise ValueError(label)
    return 1 if one == "A" else int(one)


def load_chart(path: Path) -> ChartPlay:
    """Read a chart file.

    Raises:
        InvalidArgumentError: if the file cannot be read or is not a chart.
    """
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise InvalidArgumentError(f"cannot read the strategy chart {path}: {exc}") from exc
    if not isinstance(data, Mapping) or not {"hard", "soft", "pairs"} <= set(data):
        raise InvalidArgumentError(f"{path} is not a strategy chart (hard, soft, pairs rows)")
    return ChartPlay(
        path.name,
        _rows(data, "hard", int),
        _rows(data, "soft", _soft_label),
        _rows(data, "pairs", _pair_label),
        _rows(data, "hard_three_or_more_cards", int),
        _rows(data, "soft_three_or_more_cards", int),
    )


def find_strategy(rules: Rules, strategy: str | PlayStrategy = "basic") -> PlayStrategy:
    """``basic``, ``optimal``, a chart file's path, or a strategy object as it is.

    Raises:
        InvalidArgumentError: for anything else.
    """
    if not isinstance(strategy, str):
        return strategy
    if strategy in (StrategyKind.BASIC, StrategyKind.OPTIMAL):
        return ExactPlay(rules, StrategyKind(strategy))
    path = Path(strategy)
    if path.is_file():
        return load_chart(path)
    raise InvalidArgumentError(
        f"strategy must be basic, optimal or a chart file; {strategy!r} is none of these"
    )
