"""Total-dependent basic strategy derived from the exact values, and its exact value.

A basic-strategy decision depends only on the up card and the hand's class: two-card hands by
soft/hard total (all actions), pairs by the pair card (all actions, split first if it is best),
and hands of three or more cards by soft/hard total (hit or stand). Each class keeps its actions
ranked best first; a hand takes its class's best *legal* action (so "double, else hit" falls out).

Derivation per up card: multi-card classes are decided from the highest total down (hard 21-12,
soft 21-12, hard 11-4: each class only leads to classes already decided), choosing hit or stand
by the sum over the class's compositions of (reach probability x exact value); reach
probabilities follow composition-dependent optimal play from the deal. Two-card classes are
ranked by deal-probability-weighted values with the basic-strategy continuation; a pair is
ranked by its own values, the split valued with split hands playing the basic strategy.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.game import (
    ActionValues,
    OptimalPolicy,
    deal_legal,
    make_solver,
    prepare_splits,
)
from twentyone.analysis.exact.player import _EPS, UpcardSolver, Value, can_double, expect_children
from twentyone.analysis.exact.shoe import Composition, hand_total, is_natural
from twentyone.analysis.exact.space import BoolArray, IntArray
from twentyone.analysis.exact.split import (
    SPLIT_DOUBLE,
    SPLIT_HIT,
    SPLIT_STAND,
    SplitSolver,
    pair_index,
)
from twentyone.rules import Rules, Surrender

HandClass = tuple[bool, int]
"""``(soft, total)``."""

_SPLIT_CODE = {Action.STAND: SPLIT_STAND, Action.HIT: SPLIT_HIT, Action.DOUBLE: SPLIT_DOUBLE}


class BasicPolicy(ActionValues):
    """The basic strategy against one up card (see the module docstring)."""

    def __init__(self, solver: UpcardSolver) -> None:
        self.solver = solver
        self.multi: dict[HandClass, bool] = {}
        self.two: dict[HandClass, tuple[Action, ...]] = {}
        self.pairs: dict[int, tuple[Action, ...]] = {}
        n = len(solver.space)
        self._value_ev = np.zeros(n)
        self._value_st = np.zeros(n)
        self._hit_ev = np.zeros(n)
        self._hit_st = np.zeros(n)
        self.splits = SplitSolver(solver, self)
        self._derive()

    # -- the policy ------------------------------------------------------------------------

    def hits(self, hand: Composition) -> bool:
        """Hit or stand by the multi-card class of the hand's total."""
        total, soft = hand_total(hand)
        return self.multi.get((soft, total), total < 12)

    def ranking(self, hand: Composition) -> tuple[Action, ...]:
        """The hand's class's actions, best first."""
        pair = pair_index(hand)
        if pair is not None and pair in self.pairs:
            return self.pairs[pair]
        total, soft = hand_total(hand)
        return self.two.get((soft, total), (Action.HIT, Action.STAND))

    def choose(self, hand: Composition, legal: frozenset[Action]) -> Action:
        """The best legal action of the hand's two-card class."""
        for action in self.ranking(hand):
            if action in legal:
                return action
        return Action.HIT if self.hits(hand) else Action.STAND

    def split_actions(self, rows: IntArray) -> IntArray:
        """The action codes of :meth:`hits` and :meth:`choose` for rows of the solver's hand
        space, as a split hand sees them (stand, hit, and double on two cards if allowed)."""
        solver = self.solver
        space = solver.space
        table = np.zeros((2, 32), dtype=np.bool_)
        table[:, :12] = True
        for (soft, total), hit in self.multi.items():
            table[int(soft), total] = hit
        code = np.where(
            table[space.soft[rows].astype(np.int64), np.minimum(space.total[rows], 31)],
            SPLIT_HIT,
            SPLIT_STAND,
        )
        das = solver.rules.double_after_split
        for j in np.flatnonzero(space.ncards[rows] == 2).tolist():
            hand: Composition = tuple(space.comps[rows[j]].tolist())
            legal = {Action.STAND, Action.HIT}
            if das and can_double(solver.rules, hand):
                legal.add(Action.DOUBLE)
            code[j] = _SPLIT_CODE[self.choose(hand, frozenset(legal))]
        return code

    # -- values under this policy ---------------------------------------------------------------

    def value(self, hand: Composition) -> Value:
        """Value of an unsplit hand of three or more cards played by the chart."""
        i = self.solver.row(hand)
        return float(self._value_ev[i]), float(self._value_st[i])

    def hit(self, hand: Composition) -> Value:
        """Hitting, then following the chart."""
        i = self.solver.row(hand)
        return float(self._hit_ev[i]), float(self._hit_st[i])

    # -- derivation ---------------------------------------------------------------------------

    def _reach(self) -> tuple[FloatArray, BoolArray]:
        """Chance that each hand of three or more cards is held under optimal play, and
        whether play reaches it at all (rows of the solver's hand space)."""
        solver = self.solver
        rules = solver.rules
        space = solver.space
        optimal = OptimalPolicy(solver)
        n = len(space)
        reach = np.zeros(n)
        reached = np.zeros(n, dtype=np.bool_)
        probs = solver.probs
        hitting = ~space.stops & (solver._hit_ev > solver._stand_ev + _EPS)
        first = space.layers[0]
        weight = np.zeros(n)
        for hand, prob in _two_card_deals(solver):
            if solver.stops(hand):
                continue
            legal = deal_legal(rules, hand) - {Action.SPLIT}
            if optimal.choose(hand, legal) is Action.HIT:
                weight[solver.row(hand)] = prob
        hitting[first[0] : first[1]] = weight[first[0] : first[1]] > 0
        held = np.zeros(n, dtype=np.bool_)
        held[first[0] : first[1]] = hitting[first[0] : first[1]]
        for start, stop in space.layers:
            if start != first[0]:
                reach[start:stop] = weight[start:stop]
            rows = np.flatnonzero(hitting[start:stop] & held[start:stop]) + start
            child = space.child[rows]
            ok = (child >= 0) & (probs[rows] > 0)
            share = (weight[rows][:, None] * probs[rows])[ok]
            weight += np.bincount(child[ok], weights=share, minlength=n)
            held[child[ok]] = True
            reached[child[ok]] = True
        return reach, reached

    def _derive(self) -> None:
        solver = self.solver
        rules = solver.rules
        space = solver.space
        reach, reached = self._reach()
        probs = solver.probs
        stand_ev, stand_st = solver._stand_ev, solver._stand_st
        value_ev, value_st = self._value_ev, self._value_st
        value_ev[:] = stand_ev
        value_st[:] = stand_st
        live = ~space.stops
        order = (
            [(False, t) for t in range(20, 11, -1)]
            + [(True, t) for t in range(20, 11, -1)]
            + [(False, t) for t in range(11, 3, -1)]
        )
        for soft, total in order:
            rows = np.flatnonzero(live & (space.soft == soft) & (space.total == total))
            hit_ev, hit_st = expect_children(probs[rows], space.child[rows], value_ev, value_st)
            self._hit_ev[rows] = hit_ev
            self._hit_st[rows] = hit_st
            members = reached[rows]
            if np.any(members):
                p = reach[rows][members]
                stand = float(np.sum(p * stand_ev[rows][members]))
                hit = float(np.sum(p * hit_ev[members]))
                takes = hit > stand + _EPS
            else:
                takes = total < 12
            self.multi[(soft, total)] = takes
            if takes:
                value_ev[rows] = hit_ev
                value_st[rows] = hit_st
        # Two-card hands that are not pairs, weighted by the chance of the deal.
        deals: dict[HandClass, list[tuple[Composition, float]]] = {}
        pairs: list[Composition] = []
        for hand, prob in _two_card_deals(solver):
            if pair_index(hand) is not None:
                pairs.append(hand)
                continue
            total, soft = hand_total(hand)
            deals.setdefault((soft, total), []).append((hand, prob))
        for cls, members_ in deals.items():
            actions = [Action.STAND, Action.HIT]
            if can_double(rules, members_[0][0]):
                actions.append(Action.DOUBLE)
            if rules.surrender is Surrender.LATE:
                actions.append(Action.SURRENDER)
            scores = {a: sum(p * self.action_value(h, a)[0] for h, p in members_) for a in actions}
            self.two[cls] = _rank(scores)
        for hand in pairs:
            pair = pair_index(hand)
            assert pair is not None
            legal = deal_legal(rules, hand) | (
                {Action.SPLIT} if rules.max_split_hands >= 2 else set()
            )
            self.pairs[pair] = _rank(
                {a: self.action_value(hand, a)[0] for a in legal if a is not Action.SPLIT}
            )
        # Split values need the two-card ranking of the split hands: value them last.
        prepare_splits(solver, self.splits)
        for hand in pairs:
            pair = pair_index(hand)
            assert pair is not None
            if rules.max_split_hands < 2:
                continue
            split_ev = self.splits.value(pair)[0]
            rest = self.pairs[pair]
            best = self.action_value(hand, rest[0])[0]
            if split_ev > best + _EPS:
                self.pairs[pair] = (Action.SPLIT, *rest)
            else:
                self.pairs[pair] = (*rest, Action.SPLIT)


def _rank(scores: dict[Action, float]) -> tuple[Action, ...]:
    order = list(Action)
    return tuple(sorted(scores, key=lambda a: (-round(scores[a], 12), order.index(a))))


def _two_card_deals(solver: UpcardSolver) -> Iterator[tuple[Composition, float]]:
    shoe = solver.shoe
    n = solver.cards
    for a in range(10):
        for b in range(a, 10):
            if shoe[a] == 0 or shoe[b] - (a == b) <= 0:
                continue
            hand_l = [0] * 10
            hand_l[a] += 1
            hand_l[b] += 1
            hand = tuple(hand_l)
            if is_natural(hand):
                continue
            yield hand, shoe[a] * (shoe[b] - (a == b)) / (n * (n - 1)) * (1 if a == b else 2)


def basic_policies(rules: Rules, shoe: Composition) -> dict[int, BasicPolicy]:
    """The basic strategy for each possible up card."""
    return {up: BasicPolicy(make_solver(rules, up, shoe)) for up in range(10) if shoe[up]}
