"""Table configuration: chips, VIP bet limits and the table procedures (SPEC section 5).

Main-bet limits depend on the player's VIP level and apply to the initial bet only; a split,
double or insurance may exceed them. Side-bet limits come from the rules
(:class:`~twentyone.rules.SideBetRules`). The levels, their limits and the chips are catalogue
data: the table defaults of ``presets.toml``, and per game what its catalogue entry sets.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from twentyone.money import MAX_MONEY
from twentyone.table.errors import UnknownVipLevelError
from twentyone.variants import TABLE, LevelLimits, all_variants


class OverMaxPolicy(StrEnum):
    """What the table does with a bet over the maximum."""

    REFUSE = "refuse"
    """Refuse it with a clear error (online default)."""
    HONOUR = "honour"
    """Honour it up to the maximum and return the rest (Lucky Ladies land procedure)."""


@dataclass(frozen=True, slots=True)
class BetLimits:
    """Minimum and maximum main bet per spot, in minor units."""

    min_bet: int
    max_bet: int

    def __post_init__(self) -> None:
        if not 1 <= self.min_bet <= self.max_bet <= MAX_MONEY:
            raise ValueError(f"bet limits need 1 <= min_bet <= max_bet <= {MAX_MONEY}")


def _levels(limits: tuple[LevelLimits, ...]) -> dict[str, BetLimits]:
    return {item.level: BetLimits(item.min_bet, item.max_bet) for item in limits}


DEFAULT_LEVELS: Mapping[str, BetLimits] = MappingProxyType(_levels(TABLE.limits))
"""The VIP levels a table has unless configured otherwise (``[table.limits]`` of the presets:
standard $1-$500, silver $1-$1,000, gold $5-$2,500, platinum $10-$10,000)."""

DEFAULT_CHIPS: tuple[int, ...] = TABLE.chips
"""Chip values in minor units (``[table]`` of the presets: $1, $5, $10, $25, $100, $500)."""


def catalogue_chips() -> dict[str, tuple[int, ...]]:
    """The chips of every registered game whose catalogue entry sets them."""
    return {v.name: v.chips for v in all_variants() if v.chips}


def catalogue_levels() -> dict[str, Mapping[str, BetLimits]]:
    """The VIP limits of every registered game whose catalogue entry sets them."""
    return {v.name: _levels(v.limits) for v in all_variants() if v.limits}


@dataclass(frozen=True, slots=True)
class TableConfig:
    """Everything an operator may set about the tables without code.

    ``chips_by_variant`` overrides ``chips`` for a variant and ``levels_by_variant`` the limits
    of some levels (both default to what the games catalogue sets); ``opening_grant`` is the
    play-money balance a new player gets (a ledger entry); rounds left unfinished for
    ``void_after_days`` are voided by the sweep.
    """

    levels: Mapping[str, BetLimits] = field(default_factory=lambda: dict(DEFAULT_LEVELS))
    default_level: str = "standard"
    chips: tuple[int, ...] = DEFAULT_CHIPS
    chips_by_variant: Mapping[str, tuple[int, ...]] = field(default_factory=catalogue_chips)
    over_max: OverMaxPolicy = OverMaxPolicy.REFUSE
    opening_grant: int = 100_000
    void_after_days: int = 90
    levels_by_variant: Mapping[str, Mapping[str, BetLimits]] = field(
        default_factory=catalogue_levels
    )

    def __post_init__(self) -> None:
        if self.default_level not in self.levels:
            raise UnknownVipLevelError(f"default level {self.default_level!r} is not configured")
        for chips in (self.chips, *self.chips_by_variant.values()):
            if not chips or any(not isinstance(c, int) or not 0 < c <= MAX_MONEY for c in chips):
                raise ValueError(f"chip values must be whole minor units from 1 to {MAX_MONEY}")
        if not 0 <= self.opening_grant <= MAX_MONEY:
            raise ValueError(f"the opening grant must be 0 to {MAX_MONEY} minor units")

    def limits(self, level: str, variant: str | None = None) -> BetLimits:
        """The main-bet limits of VIP ``level`` (at ``variant``'s table, if it sets its own)."""
        if level not in self.levels:
            known = ", ".join(self.levels)
            raise UnknownVipLevelError(f"unknown VIP level {level!r}; known: {known}")
        own = self.levels_by_variant.get(variant, {}) if variant is not None else {}
        return own.get(level, self.levels[level])

    def chips_for(self, variant: str) -> tuple[int, ...]:
        """The chip values offered at ``variant``'s table."""
        return tuple(self.chips_by_variant.get(variant, self.chips))
