"""Tallies of simulated rounds: exact integer sums that merge in any order.

A :class:`Tally` keeps sums, sums of squares and counts in minor units (Python integers), so
tallies from chunks, processes or Dask workers merge exactly and associatively: the merged tally
of a run does not depend on how the run was split.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from twentyone.analysis.simulate.fast import ChunkTallies
from twentyone.analysis.simulate.record import (
    FLAG_NAMES,
    OUTCOME_NAMES,
    T_INS_NET,
    T_INS_NET_SQ,
    T_NET,
    T_NET_SQ,
    T_NET_STAKED,
    T_ROUNDS,
    T_SIDE,
    T_STAKED,
    T_STAKED_SQ,
)
from twentyone.analysis.simulate.tables import MAIN_BET, Layout
from twentyone.sidebets.base import LOSE

Z99 = 2.5758293035489004
"""The two-sided 99% normal quantile."""


@dataclass(slots=True)
class SideTally:
    """One side bet over a number of rounds (every spot staked it).

    Attributes:
        net, net_sq: sum of the side bet's net result per round over the spots, and of its
            square.
        outcomes: wagers by outcome (:data:`~twentyone.sidebets.base.LOSE` included).
    """

    net: int = 0
    net_sq: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    def merge(self, other: SideTally) -> SideTally:
        """Both sets of rounds."""
        return SideTally(
            self.net + other.net, self.net_sq + other.net_sq, self.outcomes + other.outcomes
        )


@dataclass(slots=True)
class Tally:
    """What a number of rounds added up to (money in minor units, over every spot).

    Attributes:
        rounds: rounds played.
        net, net_sq: sum of the main result per round (hands and insurance), and of its square.
        staked, staked_sq, net_staked: sums of the amount staked on the hands per round
            (initial bets, doubles, splits), of its square and of net × staked.
        insurance_net, insurance_sq: sum of insurance's net result per round, and its square.
        sides: each side bet's tally, by name.
        flags: rounds with each event (``double``, ``split``, ``player_blackjack``...).
        hands: hands played, by outcome (``win``, ``blackjack``, ``bust``...).
        hand_counts: spots by the number of hands they ended with (1 unless split).
        nets: rounds by main result.
    """

    rounds: int = 0
    net: int = 0
    net_sq: int = 0
    staked: int = 0
    staked_sq: int = 0
    net_staked: int = 0
    insurance_net: int = 0
    insurance_sq: int = 0
    sides: dict[str, SideTally] = field(default_factory=dict)
    flags: Counter[str] = field(default_factory=Counter)
    hands: Counter[str] = field(default_factory=Counter)
    hand_counts: Counter[int] = field(default_factory=Counter)
    nets: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, chunk: ChunkTallies, lay: Layout) -> Tally:
        """The tally of the kernel's arrays."""
        s = [int(v) for v in chunk.sums]
        tally = cls(
            rounds=s[T_ROUNDS],
            net=s[T_NET],
            net_sq=s[T_NET_SQ],
            staked=s[T_STAKED],
            staked_sq=s[T_STAKED_SQ],
            net_staked=s[T_NET_STAKED],
            insurance_net=s[T_INS_NET],
            insurance_sq=s[T_INS_NET_SQ],
        )
        for b, name in enumerate(lay.side_names):
            side = SideTally(s[T_SIDE + 2 * b], s[T_SIDE + 2 * b + 1])
            counts = chunk.side_counts[b]
            if counts[0]:
                side.outcomes[LOSE] = int(counts[0])
            for i, outcome in enumerate(lay.side_outcomes[b]):
                if counts[i + 1]:
                    side.outcomes[outcome] = int(counts[i + 1])
            tally.sides[name] = side
        for f, name in enumerate(FLAG_NAMES.values()):
            if chunk.flags[f]:
                tally.flags[name] = int(chunk.flags[f])
        for code, name in OUTCOME_NAMES.items():
            if chunk.outcomes[code]:
                tally.hands[name] = int(chunk.outcomes[code])
        for n, count in enumerate(chunk.hand_counts.tolist()):
            if count:
                tally.hand_counts[n] = count
        for bin_ in np.flatnonzero(chunk.net_hist).tolist():
            tally.nets[lay.net_low + bin_ * lay.net_unit] = int(chunk.net_hist[bin_])
        return tally

    def merge(self, other: Tally) -> Tally:
        """The tally of both sets of rounds."""
        sides = dict(self.sides)
        for name, side in other.sides.items():
            sides[name] = sides[name].merge(side) if name in sides else side
        return Tally(
            rounds=self.rounds + other.rounds,
            net=self.net + other.net,
            net_sq=self.net_sq + other.net_sq,
            staked=self.staked + other.staked,
            staked_sq=self.staked_sq + other.staked_sq,
            net_staked=self.net_staked + other.net_staked,
            insurance_net=self.insurance_net + other.insurance_net,
            insurance_sq=self.insurance_sq + other.insurance_sq,
            sides=sides,
            flags=self.flags + other.flags,
            hands=self.hands + other.hands,
            hand_counts=self.hand_counts + other.hand_counts,
            nets=self.nets + other.nets,
        )

    @property
    def side_outcomes(self) -> Counter[str]:
        """The first side bet's wagers by outcome (empty without a side bet)."""
        return next(iter(self.sides.values())).outcomes if self.sides else Counter()


@dataclass(frozen=True, slots=True)
class Estimate:
    """A simulated mean with its standard deviation and 99% confidence interval.

    Attributes:
        mean: the sample mean.
        std_dev: the sample standard deviation of one observation.
        half_width: half the width of the 99% confidence interval of the mean.
    """

    mean: float
    std_dev: float
    half_width: float

    @property
    def ci99(self) -> tuple[float, float]:
        """The 99% confidence interval of the mean."""
        return (self.mean - self.half_width, self.mean + self.half_width)

    def covers(self, value: float) -> bool:
        """Whether ``value`` lies inside the 99% confidence interval."""
        return abs(value - self.mean) <= self.half_width


def estimate(total: int, total_sq: int, n: int, unit: int) -> Estimate:
    """Mean, standard deviation and 99% half-width of ``n`` values given their sum and sum of
    squares, in units of ``unit``."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = total / n
    variance = max(total_sq / n - mean * mean, 0.0) * n / max(n - 1, 1)
    sd = math.sqrt(variance)
    return Estimate(mean / unit, sd / unit, Z99 * sd / unit / math.sqrt(n))


def main_estimate(tally: Tally, spots: int = 1) -> Estimate:
    """The main result per spot, per unit of initial bet (the standard deviation is that of a
    round's result per spot)."""
    return estimate(tally.net, tally.net_sq, tally.rounds, MAIN_BET * spots)


def insurance_estimate(tally: Tally, spots: int = 1) -> Estimate:
    """Insurance's result per spot, per unit of initial bet."""
    return estimate(tally.insurance_net, tally.insurance_sq, tally.rounds, MAIN_BET * spots)


def per_total_bet(tally: Tally) -> Estimate:
    """The main result per amount staked on the hands (ratio of sums), with a delta-method
    interval."""
    if tally.staked == 0:
        return Estimate(math.nan, math.nan, math.nan)
    n = tally.rounds
    ratio = tally.net / tally.staked
    residual = tally.net_sq - 2 * ratio * tally.net_staked + ratio * ratio * tally.staked_sq
    mean_staked = tally.staked / n
    sd = math.sqrt(max(residual / n, 0.0)) / mean_staked
    return Estimate(ratio, sd, Z99 * sd / math.sqrt(n))


def side_estimate(tally: Tally, name: str, stake: int, spots: int = 1) -> Estimate:
    """A side bet's result per spot, per unit staked."""
    side = tally.sides.get(name, SideTally())
    return estimate(side.net, side.net_sq, tally.rounds, stake * spots)


def hit_frequencies(tally: Tally) -> dict[str, float]:
    """How often a round is won, pushed, lost, and has each event (per round)."""
    n = max(tally.rounds, 1)
    won = sum(c for v, c in tally.nets.items() if v > 0)
    pushed = tally.nets.get(0, 0)
    out = {"win": won / n, "push": pushed / n, "lose": (tally.rounds - won - pushed) / n}
    out.update({name: tally.flags.get(name, 0) / n for name in FLAG_NAMES.values()})
    if tally.sides:
        wagers = max(sum(tally.side_outcomes.values()), 1)
        out["side_bet_win"] = 1 - tally.side_outcomes.get(LOSE, 0) / wagers
    return out


def outcome_distribution(tally: Tally, spots: int = 1) -> list[tuple[float, float]]:
    """``(main result per initial bet per spot, share of rounds)``, from the worst result up."""
    n = max(tally.rounds, 1)
    unit = MAIN_BET * spots
    return [(value / unit, count / n) for value, count in sorted(tally.nets.items())]
