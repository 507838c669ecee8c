"""The exact house edge of a rule set: the public entry points of the exact analysis.

``house_edge(rules)`` plays every up card and every two-card deal with exact removal and returns
the player's expected result per initial bet (``ev``), ``rtp = 1 + ev`` and the result per
amount staked. ``base_game_rtp(rules)`` is the cached figure the rules text shows.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from twentyone.analysis.exact.actions import StrategyKind
from twentyone.analysis.exact.basic import BasicPolicy, basic_policies
from twentyone.analysis.exact.distribution import (
    RoundDistribution,
    as_distribution,
    mix,
    up_card_round,
)
from twentyone.analysis.exact.game import OptimalPolicy, deal_values, make_solver, prepare_splits
from twentyone.analysis.exact.shoe import Composition, full_shoe, size
from twentyone.analysis.exact.strategy import basic_strategy
from twentyone.rules import Rules


@dataclass(frozen=True, slots=True)
class UpCardResult:
    """The player's figures against one up card.

    Attributes:
        up: the up card's composition index (0 = ace, 9 = ten).
        probability: the chance of this up card.
        ev: expected result per initial bet, given this up card.
        stake: expected total staked per initial bet, given this up card.
    """

    up: int
    probability: float
    ev: float
    stake: float


@dataclass(frozen=True, slots=True)
class HouseEdgeResult:
    """The exact base-game figures of a rule set under one strategy.

    Attributes:
        rules: the game.
        strategy: the strategy played.
        ev: the player's expected result per unit of initial main bet (negative: house edge).
        rtp: ``1 + ev``.
        ev_per_total_bet: ``ev`` divided by the expected amount staked (initial + doubles +
            splits).
        expected_stake: the expected amount staked per initial bet.
        insurance_ev: the expected result of one unit of insurance bet with an ace up, if
            always taken (``None`` when the rules offer no insurance).
        up_cards: the figures per up card.
        seconds: the time the calculation took.
        distribution: the chance of each net result of a round (when asked for).
    """

    rules: Rules
    strategy: StrategyKind
    ev: float
    rtp: float
    ev_per_total_bet: float
    expected_stake: float
    insurance_ev: float | None
    up_cards: tuple[UpCardResult, ...]
    seconds: float
    distribution: RoundDistribution | None = None

    @property
    def sd(self) -> float | None:
        """The standard deviation of a round's net result per initial bet (if computed), exact
        for every rule set (:attr:`RoundDistribution.sd`)."""
        return None if self.distribution is None else self.distribution.sd

    @property
    def variance(self) -> float | None:
        """The variance of a round's net result per initial bet (if computed), exact."""
        return None if self.distribution is None else self.distribution.variance

    @property
    def sd_exact(self) -> bool | None:
        """Whether :attr:`sd` and :attr:`variance` are exact (if computed)."""
        return None if self.distribution is None else self.distribution.sd_exact

    def distribution_dict(self) -> dict[str, Any] | None:
        """The distribution as JSON: net results with their chances (``exact``: whether the
        table is, ``approximate``: the chance of its rounds that are not, ``missing``: a bound on
        the chance of the rounds a threshold left out), SD and variance
        (``sd_exact``: whether they are; ``table_sd``: the table's own)."""
        dist = self.distribution
        if dist is None:
            return None
        return {
            "outcomes": [{"net": x, "probability": p} for x, p in dist.outcomes],
            "exact": dist.exact,
            "approximate": dist.approximate,
            "missing": dist.missing,
            "sd": dist.sd,
            "variance": dist.variance,
            "sd_exact": dist.sd_exact,
            "table_sd": dist.table_sd,
            "table_variance": dist.table_variance,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the ``rules`` as :meth:`Rules.to_dict`)."""
        return {
            "rules": self.rules.to_dict(),
            "strategy": str(self.strategy),
            "ev": self.ev,
            "rtp": self.rtp,
            "ev_per_total_bet": self.ev_per_total_bet,
            "expected_stake": self.expected_stake,
            "insurance_ev": self.insurance_ev,
            "up_cards": [
                {"up": u.up + 1, "probability": u.probability, "ev": u.ev, "stake": u.stake}
                for u in self.up_cards
            ],
            "seconds": self.seconds,
            "sd": self.sd,
            "variance": self.variance,
            "sd_exact": self.sd_exact,
            "distribution": self.distribution_dict(),
        }


def insurance_ev(rules: Rules, shoe: Composition | None = None) -> float | None:
    """The expected result of one unit of insurance, ``None`` where the rules offer none.

    Insurance pays ``insurance_pays`` when the hole card is a ten under an ace.

    Averaged over the player's cards, the chance of a ten in the hole is the share of tens in
    the shoe after the ace (the player's cards do not change it on average).
    """
    if shoe is None:
        shoe = full_shoe(rules.decks)
    if not rules.insurance or shoe[0] == 0:
        return None
    p_ten = shoe[9] / (size(shoe) - 1)
    return p_ten * float(rules.insurance_pays) - (1.0 - p_ten)


def house_edge(
    rules: Rules,
    strategy: StrategyKind | str = StrategyKind.OPTIMAL,
    shoe: Composition | None = None,
    *,
    distribution: bool = False,
    prune: float = 0.0,
) -> HouseEdgeResult:
    """The exact expected result of one hand played from a fresh shoe.

    Args:
        rules: the game (every rule switch enters the figure).
        strategy: ``optimal`` (composition-dependent) or ``basic`` (total-dependent chart).
        shoe: a different starting shoe (tests use tiny shoes); default: ``rules.decks`` decks.
        distribution: also compute the distribution of a round's net result
            (:mod:`~twentyone.analysis.exact.distribution`).
        prune: with ``distribution``, a chance (of a round against its up card): above 0 the
            table sums every pattern of every split, leaving out only the rounds whose chance
            is bound below it, and :attr:`RoundDistribution.missing` bounds what it left out
            (every probability then lies at most that below its exact value); 0 (default):
            the budgeted table (:mod:`~twentyone.analysis.exact.distribution`).
    """
    if not 0.0 <= prune < 1.0:
        raise ValueError(f"prune must be a chance in [0, 1), got {prune!r}")
    kind = StrategyKind(strategy)
    start = time.perf_counter()
    full = full_shoe(rules.decks) if shoe is None else shoe
    n = size(full)
    ups: list[UpCardResult] = []
    parts: list[tuple[float, dict[float, float]]] = []
    approximate = 0.0
    missing = 0.0
    second = 0.0
    for up, policy in up_card_policies(rules, kind, full, cached=shoe is None).items():
        deals = deal_values(policy.solver, policy, policy.splits)
        ev = sum(d.probability * d.ev for d in deals)
        stake = sum(d.probability * d.stake for d in deals)
        ups.append(UpCardResult(up, full[up] / n, ev, stake))
        if distribution:
            found = (
                up_card_round(policy.solver, policy, policy.splits, math.inf, threshold=prune)
                if prune > 0.0
                else up_card_round(policy.solver, policy, policy.splits)
            )
            parts.append((full[up] / n, found.distribution))
            approximate += full[up] / n * found.approximate
            missing += full[up] / n * found.missing
            second += full[up] / n * found.second_moment
    ev = sum(u.probability * u.ev for u in ups)
    stake = sum(u.probability * u.stake for u in ups)
    return HouseEdgeResult(
        rules=rules,
        strategy=kind,
        ev=ev,
        rtp=1.0 + ev,
        ev_per_total_bet=ev / stake,
        expected_stake=stake,
        insurance_ev=insurance_ev(rules, full),
        up_cards=tuple(ups),
        seconds=time.perf_counter() - start,
        distribution=(
            as_distribution(
                mix(parts), approximate == missing == 0.0, approximate, second, missing, ev
            )
            if distribution
            else None
        ),
    )


def up_card_policies(
    rules: Rules, kind: StrategyKind, shoe: Composition, cached: bool
) -> dict[int, OptimalPolicy | BasicPolicy]:
    """The policy against each possible up card (the cached chart's for a full basic shoe;
    ``cached``: the shoe is the rules' own, so cached solvers may serve)."""
    if kind is StrategyKind.BASIC:
        if cached:
            strategy = basic_strategy(rules)
            return {up: strategy.policy(up) for up in range(10) if shoe[up]}
        return dict(basic_policies(rules, shoe))
    out: dict[int, OptimalPolicy | BasicPolicy] = {}
    cdp1 = kind is StrategyKind.CDP1
    cdp = kind is StrategyKind.CDP
    for up in range(10):
        if shoe[up]:
            solver = make_solver(rules, up, shoe)
            policy = OptimalPolicy(solver, first_hand_play=cdp1, by_hands=cdp)
            prepare_splits(policy.solver, policy.splits)
            out[up] = policy
    return out


GOLDEN = Path(__file__).with_name("golden_rtp.json")
"""Stored base-game RTPs keyed by rules version (regenerated by ``scripts/gen_exact_golden.py``)."""


@lru_cache(maxsize=64)
def _stored() -> dict[str, float]:
    if GOLDEN.exists():
        data: dict[str, Any] = json.loads(GOLDEN.read_text())
        return {k: float(v["rtp"]) for k, v in data.items()}
    return {}


@lru_cache(maxsize=64)
def base_game_rtp(rules: Rules) -> float:
    """The exact base-game RTP (composition-dependent optimal play) of ``rules``.

    Side bets, spots and insurance do not change it, so the figure is looked up by the rules
    with those switches reset; presets are stored in ``golden_rtp.json``; other rules are
    computed (a few seconds) and cached for the process.
    """
    key_rules = base_game_rules(rules)
    stored = _stored().get(key_rules.version())
    if stored is not None:
        return stored
    return house_edge(key_rules).rtp


def base_game_rules(rules: Rules) -> Rules:
    """``rules`` without the switches that cannot change the base game's return."""
    return rules.replace(
        side_bets=(),
        max_spots=1,
        insurance=False,
        even_money=False,
        insurance_pays="2",
        dealer_first_card_face_down=False,
    )


__all__ = [
    "GOLDEN",
    "HouseEdgeResult",
    "RoundDistribution",
    "StrategyKind",
    "UpCardResult",
    "base_game_rtp",
    "base_game_rules",
    "house_edge",
    "insurance_ev",
    "up_card_policies",
]
