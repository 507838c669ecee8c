"""Tallies of simulated rounds: exact integer sums that merge in any order.

A :class:`Tally` keeps sums, sums of squares and counts in minor units (Python integers), so
tallies from chunks, processes or Dask workers merge exactly: the merged tally of a run does not
depend on how the run was split.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.kernel import (
    F_FLAGS,
    F_HANDS,
    F_RETURNED,
    F_SIDE_OUTCOME,
    F_SIDE_RETURNED,
    F_STAKED,
    FLAG_NAMES,
    MAX_HANDS,
    NO_SIDE,
    OUTCOME_NAMES,
    SIDE_LOSE,
)
from twentyone.analysis.simulate.tables import MAIN_BET, played_side_bet
from twentyone.rules import Rules
from twentyone.sidebets.base import LOSE
from twentyone.sidebets.paytables import OUTCOMES

I64 = npt.NDArray[np.int64]

Z99 = 2.5758293035489004
"""The two-sided 99% normal quantile."""


def _sum(values: I64) -> int:
    return int(values.sum(dtype=np.int64))


@dataclass(slots=True)
class Tally:
    """What a number of rounds added up to (money in minor units).

    Attributes:
        rounds: rounds played.
        net, net_sq: sum of the main bet's net result per round, and of its square.
        staked, staked_sq, net_staked: sums of the amount staked on the main bet per round
            (initial bet, doubles, splits), of its square and of net × staked.
        side_net, side_sq: sum of the side bet's net result per round, and of its square.
        flags: rounds with each event (``double``, ``split``, ``player_blackjack``...).
        hands: hands played, by outcome (``win``, ``blackjack``, ``bust``...).
        side_outcomes: side-bet results by outcome (:data:`~twentyone.sidebets.base.LOSE`
            included).
        nets: rounds by net result of the main bet.
    """

    rounds: int = 0
    net: int = 0
    net_sq: int = 0
    staked: int = 0
    staked_sq: int = 0
    net_staked: int = 0
    side_net: int = 0
    side_sq: int = 0
    flags: Counter[str] = field(default_factory=Counter)
    hands: Counter[str] = field(default_factory=Counter)
    side_outcomes: Counter[str] = field(default_factory=Counter)
    nets: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, records: I64, rules: Rules) -> Tally:
        """The tally of kernel-layout records played under ``rules``."""
        staked = records[:, F_STAKED]
        net = records[:, F_RETURNED] - staked
        bet = played_side_bet(rules)
        side_stake = 0 if bet is None else bet.min_stake
        side = records[:, F_SIDE_RETURNED] - side_stake
        tally = cls(
            rounds=len(records),
            net=_sum(net),
            net_sq=_sum(net * net),
            staked=_sum(staked),
            staked_sq=_sum(staked * staked),
            net_staked=_sum(net * staked),
            side_net=_sum(side) if bet is not None else 0,
            side_sq=_sum(side * side) if bet is not None else 0,
        )
        flags = records[:, F_FLAGS]
        for bit, name in FLAG_NAMES.items():
            tally.flags[name] = int(np.count_nonzero(flags & bit))
        packed = records[:, F_HANDS]
        codes = np.concatenate([(packed >> (4 * i)) & 15 for i in range(MAX_HANDS)])
        counts = np.bincount(codes, minlength=16)
        for code, name in OUTCOME_NAMES.items():
            if counts[code]:
                tally.hands[name] = int(counts[code])
        if bet is not None:
            names = OUTCOMES[bet.name]
            outcome = records[:, F_SIDE_OUTCOME]
            assert not np.any(outcome == NO_SIDE), "every round stakes the side bet"
            for index, count in zip(*np.unique(outcome, return_counts=True), strict=True):
                key = LOSE if index == SIDE_LOSE else names[int(index)]
                tally.side_outcomes[key] = int(count)
        for value, count in zip(*np.unique(net, return_counts=True), strict=True):
            tally.nets[int(value)] = int(count)
        return tally

    def merge(self, other: Tally) -> Tally:
        """The tally of both sets of rounds."""
        return Tally(
            rounds=self.rounds + other.rounds,
            net=self.net + other.net,
            net_sq=self.net_sq + other.net_sq,
            staked=self.staked + other.staked,
            staked_sq=self.staked_sq + other.staked_sq,
            net_staked=self.net_staked + other.net_staked,
            side_net=self.side_net + other.side_net,
            side_sq=self.side_sq + other.side_sq,
            flags=self.flags + other.flags,
            hands=self.hands + other.hands,
            side_outcomes=self.side_outcomes + other.side_outcomes,
            nets=self.nets + other.nets,
        )


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


def main_estimate(tally: Tally) -> Estimate:
    """The main bet's result per round, per unit of initial bet."""
    return estimate(tally.net, tally.net_sq, tally.rounds, MAIN_BET)


def per_total_bet(tally: Tally) -> Estimate:
    """The main bet's result per amount staked (ratio of sums), with a delta-method interval."""
    if tally.staked == 0:
        return Estimate(math.nan, math.nan, math.nan)
    n = tally.rounds
    ratio = tally.net / tally.staked
    residual = tally.net_sq - 2 * ratio * tally.net_staked + ratio * ratio * tally.staked_sq
    mean_staked = tally.staked / n
    sd = math.sqrt(max(residual / n, 0.0)) / mean_staked
    return Estimate(ratio, sd, Z99 * sd / math.sqrt(n))


def side_estimate(tally: Tally, stake: int) -> Estimate:
    """The side bet's result per round, per unit staked."""
    return estimate(tally.side_net, tally.side_sq, tally.rounds, stake)


def hit_frequencies(tally: Tally) -> dict[str, float]:
    """How often a round is won, pushed, lost, and has each event (per round)."""
    n = max(tally.rounds, 1)
    won = sum(c for v, c in tally.nets.items() if v > 0)
    pushed = tally.nets.get(0, 0)
    out = {"win": won / n, "push": pushed / n, "lose": (tally.rounds - won - pushed) / n}
    out.update({name: tally.flags.get(name, 0) / n for name in FLAG_NAMES.values()})
    if tally.side_outcomes:
        out["side_bet_win"] = 1 - tally.side_outcomes.get(LOSE, 0) / n
    return out


def outcome_distribution(tally: Tally) -> list[tuple[float, float]]:
    """``(net result per initial bet, share of rounds)``, from the worst result up."""
    n = max(tally.rounds, 1)
    return [(value / MAIN_BET, count / n) for value, count in sorted(tally.nets.items())]
