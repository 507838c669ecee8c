"""The distribution of a round's net result per initial bet, its variance and standard deviation.

What a round can return (SPEC sections 3 and 8, insurance not taken): a blackjack pays
``blackjack_pays`` (or pushes a dealer blackjack); a late surrender returns half; every other
hand wins, pushes or loses its stake (1, or 2 when doubled), a Charlie included, and a split
round adds up its hands: -8 to +8 units with four doubled hands.

Method. For one hand the analysis already values each hand of the hand space against the
dealer's outcome vector for its removal; here each value becomes a ``(5, 7)`` table
``P(the hand's result is r and the dealer ends in o)`` for ``r = -2 .. 2``, built the same way
(settled rows, then a backward pass through the hits, layer by layer). A round without a split
has one hand, so its distribution is exact. A split into two hands (no resplit possible) is
summed exactly over every pair of final hands (:mod:`~twentyone.analysis.exact.split_pairs`).
Where a resplit is possible, every round of the split (any number of hands) is summed exactly
by a dynamic programme over the hands in play order
(:mod:`~twentyone.analysis.exact.split_rounds`). Its cost is the number of distinct
compositions the hands can take together, which for many decks and hands that draw many small
cards (2-2 against a 7, four hands) is far beyond a second; past ``budget`` that split's hands
are combined as independent given the split pattern and the dealer's outcome instead: each
hand's table is exact (the same pattern weights as its value, see
:meth:`~twentyone.analysis.exact.split.SplitSolver.value`), so the mean stays exact and only
what one hand's cards tell about another's beyond the dealer's outcome is left out.
:attr:`RoundDistribution.exact` says whether any such round entered and
:attr:`RoundDistribution.approximate` how likely those rounds are. With a threshold
(:data:`~twentyone.analysis.exact.split_rounds.DEFAULT_THRESHOLD`, off by default) the
programme instead sums every pattern but leaves out the rounds whose chance it bounds below
it: :attr:`RoundDistribution.missing` bounds their chance, each net result's chance is at
most that below its exact value, and the mean (the EV) and the second moment come exact from
the split values and pairs of hands.

The variance and standard deviation are exact for every rule set all the same: they need only
the second moment, and a split round's ``E[X^2]`` needs only pairs of its hands with the dealer
(:mod:`~twentyone.analysis.exact.rounds_moments`), summed exactly for the rounds the table
leaves out (:attr:`RoundDistribution.second_moment`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from twentyone.analysis.exact import split_rounds
from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.dealer import N_OUTCOMES, FloatArray, Outcome
from twentyone.analysis.exact.game import deal_legal
from twentyone.analysis.exact.player import UpcardSolver, can_double
from twentyone.analysis.exact.rounds_moments import split_second_moment as pairwise_moment
from twentyone.analysis.exact.shoe import TEN, Composition, is_natural
from twentyone.analysis.exact.space import IntArray
from twentyone.analysis.exact.split import (
    SPLIT_DOUBLE,
    SPLIT_HIT,
    SPLIT_STAND,
    SplitPattern,
    SplitSolver,
    pair_index,
    split_patterns,
)
from twentyone.analysis.exact.split_pairs import hand_results, two_hand_distribution
from twentyone.analysis.exact.split_rounds import split_round
from twentyone.rules import SplitBy

RESULTS = 5
"""A hand's result in units of initial bet, ``-2 .. 2``, at index ``result + 2``."""


@dataclass(frozen=True, slots=True)
class RoundDistribution:
    """The chance of each net result of a round, per unit of initial bet.

    Attributes:
        outcomes: ``(net, probability)`` pairs in increasing net, probabilities summing to one.
        exact: ``False`` when rounds of a split whose exact sum passed the budget enter, their
            hands combined as independent given the dealer's outcome (see the module
            docstring).
        approximate: the chance of those rounds (``0.0`` when exact): no net result's chance
            is off by more.
        missing: a bound on the chance of the split rounds a threshold left out
            (:data:`~twentyone.analysis.exact.split_rounds.DEFAULT_THRESHOLD`, ``0.0`` without
            one): each net result's chance is at most that below its exact value, never above
            it (the table sums to at least ``1 - missing``).

    The mean is exact either way, and so are :attr:`variance` and :attr:`sd` (from
    :attr:`second_moment` where the table is not exact); :attr:`table_sd` is the table's own.
    """

    outcomes: tuple[tuple[float, float], ...]
    exact: bool
    approximate: float = 0.0
    second_moment: float | None = None
    """``E[X^2]`` of the net result ``X``, exact (:mod:`~.rounds_moments`), where the table is
    not (``None`` where it is: its own moments are exact)."""
    missing: float = 0.0
    exact_mean: float | None = None
    """The expected net result, exact (the EV), where the table's own mean is not (a threshold
    left rounds out: it is within ``8 missing``)."""

    @property
    def mean(self) -> float:
        """The expected net result (the house edge, negated): exact."""
        if self.exact_mean is not None:
            return self.exact_mean
        return math.fsum(x * p for x, p in self.outcomes)

    @property
    def variance(self) -> float:
        """The variance of the net result, exact (from :attr:`second_moment` where the table
        is approximate)."""
        if self.second_moment is None:
            return self.table_variance
        return self.second_moment - self.mean**2

    @property
    def sd(self) -> float:
        """The standard deviation of the net result, exact where :attr:`sd_exact`."""
        return math.sqrt(self.variance)

    @property
    def sd_exact(self) -> bool:
        """Whether :attr:`variance` and :attr:`sd` are exact (the table, or the pairwise second
        moment where the table is approximate)."""
        return self.exact or self.second_moment is not None

    @property
    def table_variance(self) -> float:
        """The variance of the table :attr:`outcomes` itself (approximate where the table is)."""
        mean = math.fsum(x * p for x, p in self.outcomes)
        return math.fsum(p * (x - mean) ** 2 for x, p in self.outcomes)

    @property
    def table_sd(self) -> float:
        """The standard deviation of the table :attr:`outcomes` itself."""
        return math.sqrt(self.table_variance)

    def probability(self, net: float) -> float:
        """The chance of one net result (zero if it cannot happen)."""
        return math.fsum(p for x, p in self.outcomes if abs(x - net) < 1e-9)


def mix(parts: Iterable[tuple[float, dict[float, float]]]) -> dict[float, float]:
    """The weighted sum of distributions given as ``{net: chance}``."""
    out: dict[float, float] = {}
    for weight, dist in parts:
        for x, p in dist.items():
            key = round(x, 9)
            out[key] = out.get(key, 0.0) + weight * p
    return out


def settle_joint(
    solver: UpcardSolver,
    hands: IntArray,
    removed: IntArray,
    stake: int,
    *,
    split: bool,
    first: bool,
    marginal: bool = False,
) -> FloatArray:
    """``(H, 5, 7)`` tables ``P(result, dealer outcome)`` of finished hands (rows), as
    :meth:`~twentyone.analysis.exact.player.UpcardSolver.settle_rows` settles them.

    With a peek the dealer-blackjack column is empty (that chance is the deal's, see
    :func:`deal_distributions`). ``marginal``: only each table's sum over the dealer's outcomes
    will be used, so a hand that does not meet the dealer's total (bust, or a winning Charlie)
    is settled on the blackjack chance alone (its other chance in the bust column), without a
    dealer vector."""
    count = len(hands)
    if marginal and count:
        d = np.zeros((count, N_OUTCOMES))
        versus = solver.versus_dealer(hands)
        if np.any(versus):
            d[versus] = solver.dealer_rows(removed[versus])
        p_bj = solver.blackjack_rows(removed[~versus])
        d[~versus, Outcome.BUST] = 1.0 - p_bj
        d[~versus, Outcome.BLACKJACK] = p_bj
    else:
        d = solver.dealer_rows(removed).copy() if count else np.zeros((0, N_OUTCOMES))
    result = hand_results(solver, hands, stake, split=split, first=first)
    if solver.peek:
        d[:, Outcome.BLACKJACK] = 0.0
    table = np.zeros((count, RESULTS, N_OUTCOMES))
    rows = np.repeat(np.arange(count), N_OUTCOMES)
    cols = np.tile(np.arange(N_OUTCOMES), count)
    table[rows, result.ravel() + 2, cols] = d.ravel()
    return table


def _expect(probs: FloatArray, child: IntArray, values: FloatArray) -> FloatArray:
    """``sum_c probs[:, c] * values[child[:, c]]`` over the children that exist."""
    out = np.zeros((len(child), *values.shape[1:]))
    for c in range(10):
        idx = child[:, c]
        ok = (idx >= 0) & (probs[:, c] > 0)
        if np.any(ok):
            out[ok] += probs[ok, c][:, None, None] * values[idx[ok]]
    return out


class HandTables:
    """The ``(5, 7)`` tables of every unsplit hand of a solver played by a policy.

    Attributes:
        stand: standing on the hand.
        hit: hitting it, then playing on by the policy.
        double: doubling a two-card hand.

    Only a table's sum over the dealer's outcomes is used (one hand's result), so a hand that
    does not meet the dealer's total keeps its chance in the bust column
    (:func:`settle_joint` with ``marginal``).
    """

    def __init__(self, solver: UpcardSolver, splits: SplitSolver) -> None:
        space = solver.space
        n = len(space)
        valid = np.flatnonzero(solver.valid)
        comps = space.comps
        probs = solver.draw_rows(comps)
        self.stand = np.zeros((n, RESULTS, N_OUTCOMES))
        self.stand[valid] = settle_joint(
            solver, comps[valid], comps[valid], 1, split=False, first=False, marginal=True
        )
        decide = getattr(splits.policy, "split_actions", None)
        hits = np.zeros(n, dtype=np.bool_)
        live = np.flatnonzero(solver.valid & ~space.stops & (space.ncards >= 3))
        if len(live):
            if decide is not None:
                hits[live] = decide(live) == SPLIT_HIT
            else:
                for i in live.tolist():
                    hits[i] = splits.policy.hits(tuple(space.comps[i].tolist()))
        best = self.stand.copy()
        self.hit = np.zeros_like(best)
        for start, stop in reversed(space.layers):
            rows = np.arange(start, stop)
            self.hit[rows] = _expect(probs[rows], space.child[rows], best)
            take = hits[rows]
            best[rows[take]] = self.hit[rows[take]]
        self.double = np.zeros_like(best)
        if len(space.layers) > 1:
            start, stop = space.layers[0]
            s3, e3 = space.layers[1]
            three = np.flatnonzero(solver.valid[s3:e3]) + s3
            settled = np.zeros_like(best)
            settled[three] = settle_joint(
                solver, comps[three], comps[three], 2, split=False, first=False, marginal=True
            )
            rows = np.arange(start, stop)
            self.double[rows] = _expect(probs[rows], space.grown[rows], settled)


class SplitTables:
    """The ``(5, 7)`` table of every split hand :class:`SplitSolver` valued (same rows)."""

    def __init__(self, splits: SplitSolver) -> None:
        if splits.rows is None:
            splits.prepare()
        rows = splits.rows
        assert rows is not None
        solver = splits.solver
        space = solver.space
        self.splits = splits
        hands = space.comps[rows.hand]
        eye = np.eye(10, dtype=np.int64)
        doubling = np.flatnonzero(rows.code == SPLIT_DOUBLE)
        dbl_rows = np.repeat(doubling, 10)
        dbl_card = np.tile(np.arange(10), len(doubling))
        ok = rows.probs[dbl_rows, dbl_card] > 0
        dbl_rows, dbl_card = dbl_rows[ok], dbl_card[ok]
        standing = np.flatnonzero(rows.code == SPLIT_STAND)

        def tables(first: bool) -> FloatArray:
            out = np.zeros((len(rows.code), RESULTS, N_OUTCOMES))
            out[standing] = settle_joint(
                solver, hands[standing], rows.removed[standing], 1, split=True, first=first
            )
            doubled = settle_joint(
                solver,
                hands[dbl_rows] + eye[dbl_card],
                rows.removed[dbl_rows] + eye[dbl_card],
                2,
                split=True,
                first=first,
            )
            np.add.at(out, dbl_rows, rows.probs[dbl_rows, dbl_card][:, None, None] * doubled)
            for start, stop in reversed(rows.layers):
                hitting = np.flatnonzero(rows.code[start:stop] == SPLIT_HIT) + start
                if not len(hitting):
                    continue
                child = rows.rowmap[
                    rows.context[hitting][:, None], np.maximum(space.child[rows.hand[hitting]], 0)
                ]
                child = np.where(rows.probs[hitting] > 0, child, -1)
                out[hitting] = _expect(rows.probs[hitting], child, out)
            return out

        self.table = tables(False)
        self.first = self.table
        if not solver.peek and not solver.takes_split:
            self.first = tables(True)

    def second_card(
        self, pair: int, committed: int, restricted: bool, first: bool, hands: int = 0
    ) -> FloatArray:
        """The table version of :meth:`SplitSolver.second_card_value`."""
        splits = self.splits
        solver = splits.solver
        rows = splits.rows
        assert rows is not None
        table = self.first if first else self.table
        k = splits.context(pair, committed, hands)
        removed = tuple(committed if i == pair else 0 for i in range(10))
        out = np.zeros((RESULTS, N_OUTCOMES))
        share = 0.25 if pair == TEN and solver.rules.split_by is SplitBy.RANK else 1.0
        for c, p in solver.draws(removed):
            hand = tuple((i == pair) + (i == c) for i in range(10))
            row = rows.rowmap[k, solver.space.row(hand)]
            chance = p
            if restricted and c == pair:
                chance -= (solver.shoe[pair] * share - committed) / (solver.cards - committed)
            out += chance * table[row]
        return out

    def distribution(
        self, pair: int, skip: frozenset[SplitPattern] = frozenset()
    ) -> dict[float, float]:
        """``{net: chance}`` of splitting ``pair`` where a resplit is possible (unnormalised
        with a peek: no dealer blackjack), the hands combined as independent given the pattern
        and dealer outcome; the patterns in ``skip`` left out."""
        out: dict[float, float] = {}
        memo: dict[tuple[int, bool, bool, int], FloatArray] = {}
        for pattern, hands in self.splits.hand_terms(pair):
            if pattern in skip:
                continue
            joint = []
            for terms in hands:
                table = np.zeros((RESULTS, N_OUTCOMES))
                for weight, m, restricted, first, count in terms:
                    key = (m, restricted, first, count)
                    found = memo.get(key)
                    if found is None:
                        found = memo[key] = self.second_card(pair, m, restricted, first, count)
                    table += weight * found
                joint.append(table)
            dealer = joint[0].sum(axis=0)
            for o in range(N_OUTCOMES):
                if dealer[o] <= 0.0:
                    continue
                conv = np.ones(1)
                for table in joint:
                    conv = np.convolve(conv, table[:, o] / dealer[o])
                low = -2 * len(joint)
                for i, p in enumerate(conv):
                    if p != 0.0:
                        out[float(low + i)] = out.get(float(low + i), 0.0) + dealer[o] * p
        return out


def split_second_moment(
    splits: SplitSolver,
    pair: int,
    patterns: frozenset[SplitPattern] | None = None,
    tables: SplitTables | None = None,
    *,
    use_kernel: bool = True,
) -> float:
    """``E[X^2]`` of splitting ``pair`` over ``patterns`` (default every pattern), exact, by
    pairs of hands (:func:`~twentyone.analysis.exact.rounds_moments.split_second_moment`);
    ``tables``: the split hands' tables, if built already."""
    if tables is None:
        tables = SplitTables(splits)
    return pairwise_moment(splits, pair, tables, patterns, use_kernel=use_kernel)


def _hand_dist(table: FloatArray) -> dict[float, float]:
    marginal = table.sum(axis=1)
    return {float(r - 2): float(p) for r, p in enumerate(marginal) if p != 0.0}


def deal_distributions(
    solver: UpcardSolver, policy: object, splits: SplitSolver, budget: float | None = None
) -> tuple[dict[float, float], bool]:
    """``{net: chance}`` of a round against the solver's up card, and whether it is exact
    (``budget``: as :func:`~twentyone.analysis.exact.split_rounds.split_round_distribution`;
    :func:`up_card_distribution` also gives the chance of the rounds that are not)."""
    dist, approximate = up_card_distribution(solver, policy, splits, budget)
    return dist, approximate == 0.0


@dataclass(frozen=True, slots=True)
class UpCardRound:
    """A round against one up card: the distribution and its exact second moment.

    Attributes:
        distribution: ``{net: chance}`` (see :func:`up_card_distribution`).
        approximate: the chance of the rounds whose split hands were combined as independent.
        second_moment: ``E[X^2]`` of the net result, exact: the table's, with the rounds that
            are approximate there summed by pairs of hands instead
            (:func:`~twentyone.analysis.exact.rounds_moments.split_second_moment`).
    """

    distribution: dict[float, float]
    approximate: float
    second_moment: float
    missing: float = 0.0
    """A bound on the chance of the split rounds the threshold left out of the distribution
    (:func:`~twentyone.analysis.exact.split_rounds.split_round`): each net result's chance is
    at most that below its value (0 without a threshold)."""


def up_card_distribution(
    solver: UpcardSolver, policy: object, splits: SplitSolver, budget: float | None = None
) -> tuple[dict[float, float], float]:
    """``{net: chance}`` of a round against the solver's up card, and the chance of the rounds
    whose split hands were combined as independent (see the module docstring)."""
    found = up_card_round(solver, policy, splits, budget, moments=False)
    return found.distribution, found.approximate


def up_card_round(
    solver: UpcardSolver,
    policy: object,
    splits: SplitSolver,
    budget: float | None = None,
    *,
    moments: bool = True,
    threshold: float | None = None,
) -> UpCardRound:
    """:func:`up_card_distribution` with the exact second moment (``moments``: compute the
    pairwise sums where the table is approximate; else the table's own second moment).
    ``threshold``: the chance of a round against this up card below which a split's programme
    leaves a state or a pair of a state and a hand out (default
    :data:`~twentyone.analysis.exact.split_rounds.DEFAULT_THRESHOLD`)."""
    if threshold is None:
        threshold = split_rounds.DEFAULT_THRESHOLD
    rules = solver.rules
    shoe = solver.shoe
    n = solver.cards
    tables = HandTables(solver, splits)
    split_tables: SplitTables | None = None
    choose = getattr(policy, "choose")  # noqa: B009 - the Policy protocol's method
    approximate = 0.0
    missing = 0.0
    correction = 0.0
    parts: list[tuple[float, dict[float, float]]] = []
    for a in range(10):
        for b in range(a, 10):
            if shoe[a] == 0 or shoe[b] - (a == b) <= 0:
                continue
            prob = shoe[a] * (shoe[b] - (a == b)) / (n * (n - 1)) * (1 if a == b else 2)
            hand: Composition = tuple((i == a) + (i == b) for i in range(10))
            p_bj = solver.blackjack_chance(hand)
            if is_natural(hand):
                pays = float(rules.blackjack_pays)
                parts.append((prob, {pays: 1.0 - p_bj, 0.0: p_bj}))
                continue
            legal = deal_legal(rules, hand)
            same = 1.0
            if a == b == TEN and rules.split_by is SplitBy.RANK:
                same = (shoe[TEN] / 4 - 1) / (shoe[TEN] - 1)
            row = solver.row(hand)
            for legal_set, weight in ((legal, same), (legal - {Action.SPLIT}, 1.0 - same)):
                if weight <= 0.0:
                    continue
                action = choose(hand, legal_set)
                if action is Action.SPLIT:
                    pair = pair_index(hand)
                    assert pair is not None
                    if splits.resplits(pair):
                        found = split_round(splits, pair, budget, threshold / (prob * weight))
                        missing += prob * weight * found.dropped
                        dist = found.distribution
                        every = split_patterns(rules.max_split_hands, True)
                        if len(found.done) < len(every) or found.dropped > 0.0:
                            if split_tables is None:
                                split_tables = SplitTables(splits)
                            rest = split_tables.distribution(pair, skip=found.done)
                            approximate += prob * weight * math.fsum(rest.values())
                            dist = mix([(1.0, dist), (1.0, rest)])
                            if moments:
                                # E[X^2] by pairs of hands of the rounds the table does not
                                # hold exactly: the patterns left, or every pattern where the
                                # threshold left some rounds out.
                                left, inexact = frozenset(every) - found.done, rest
                                if found.dropped > 0.0:
                                    left, inexact = frozenset(every), dist
                                exact = split_second_moment(splits, pair, left, split_tables)
                                correction += prob * weight * (exact - _second(inexact))
                    else:
                        dist = two_hand_distribution(splits, pair, _two_hand_context(splits, pair))
                elif action is Action.SURRENDER:
                    dist = {-0.5: 1.0 - p_bj if solver.peek else 1.0}
                elif action is Action.DOUBLE:
                    dist = _hand_dist(tables.double[row])
                elif action is Action.HIT:
                    dist = _hand_dist(tables.hit[row])
                else:
                    dist = _hand_dist(tables.stand[row])
                if solver.peek:
                    dist = mix([(1.0, dist), (1.0, {-1.0: p_bj})])
                parts.append((prob * weight, dist))
    dist = mix(parts)
    return UpCardRound(dist, approximate, _second(dist) + correction, missing)


def _second(dist: dict[float, float]) -> float:
    """``E[X^2]`` of ``{net: chance}``."""
    return math.fsum(x * x * p for x, p in dist.items())


def _two_hand_context(splits: SplitSolver, pair: int) -> int:
    """The ``hands`` of the context both hands of a two-hand split are valued in."""
    return splits.hand_terms(pair)[0][1][0][0][4]


def as_distribution(
    dist: dict[float, float],
    exact: bool,
    approximate: float = 0.0,
    second_moment: float | None = None,
    missing: float = 0.0,
    mean: float | None = None,
) -> RoundDistribution:
    """A :class:`RoundDistribution` from ``{net: chance}`` (zero chances dropped;
    ``second_moment`` kept only where the table is not exact, the exact ``mean`` only where a
    threshold left rounds out)."""
    outcomes = tuple((x, p) for x, p in sorted(dist.items()) if p > 0.0)
    return RoundDistribution(
        outcomes,
        exact,
        approximate,
        None if exact else second_moment,
        missing,
        mean if missing > 0.0 else None,
    )


__all__ = [
    "RESULTS",
    "HandTables",
    "RoundDistribution",
    "SplitTables",
    "UpCardRound",
    "as_distribution",
    "can_double",
    "deal_distributions",
    "mix",
    "settle_joint",
    "split_second_moment",
    "up_card_distribution",
    "up_card_round",
]
