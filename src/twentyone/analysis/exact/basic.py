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

from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.game import (
    OptimalPolicy,
    deal_legal,
    deal_values,
    make_solver,
    prepare_splits,
)
from twentyone.analysis.exact.player import _EPS, UpcardSolver, Value, can_double
from twentyone.analysis.exact.shoe import Composition, hand_total, is_natural, size
from twentyone.analysis.exact.split import SplitSolver, pair_index
from twentyone.rules import Rules, Surrender

HandClass = tuple[bool, int]
"""``(soft, total)``."""


def _children(solver: UpcardSolver, hand: Composition) -> Iterator[tuple[Composition, float]]:
    for c, p in solver.draws(hand):
        grown = list(hand)
        grown[c] += 1
        yield tuple(grown), p


class BasicPolicy:
    """The basic strategy against one up card (see the module docstring)."""

    def __init__(self, solver: UpcardSolver) -> None:
        self.solver = solver
        self.multi: dict[HandClass, bool] = {}
        self.two: dict[HandClass, tuple[Action, ...]] = {}
        self.pairs: dict[int, tuple[Action, ...]] = {}
        self._value: dict[Composition, Value] = {}
        self._hit: dict[Composition, Value] = {}
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

    # -- values under this policy ---------------------------------------------------------------

    def value(self, hand: Composition) -> Value:
        """Value of an unsplit hand of three or more cards played by the chart."""
        found = self._value.get(hand)
        if found is None:
            solver = self.solver
            if solver.stops(hand) or not self.hits(hand):
                found = solver.stand(hand)
            else:
                found = self.hit(hand)
            self._value[hand] = found
        return found

    def hit(self, hand: Composition) -> Value:
        """Hitting, then following the chart."""
        found = self._hit.get(hand)
        if found is None:
            ev = staked = 0.0
            for grown, p in _children(self.solver, hand):
                v = self.value(grown)
                ev += p * v[0]
                staked += p * v[1]
            found = (ev, staked)
            self._hit[hand] = found
        return found

    def action_value(self, hand: Composition, action: Action) -> Value:
        """Value of ``action`` on an unsplit two-card hand, the chart played afterwards."""
        solver = self.solver
        if action is Action.STAND:
            return solver.stand(hand)
        if action is Action.HIT:
            return self.hit(hand)
        if action is Action.DOUBLE:
            return solver.double(hand)
        if action is Action.SURRENDER:
            return solver.surrender(hand)
        pair = pair_index(hand)
        if pair is None:
            raise ValueError("only a pair can be split")
        return self.splits.value(pair)

    # -- derivation ---------------------------------------------------------------------------

    def _reach(self) -> dict[Composition, float]:
        """Chance that each hand of three or more cards is held, under optimal play."""
        solver = self.solver
        rules = solver.rules
        optimal = OptimalPolicy(solver)
        layer: dict[Composition, float] = {}
        n = solver.cards
        shoe = solver.shoe
        for a in range(10):
            for b in range(a, 10):
                if shoe[a] == 0 or shoe[b] - (a == b) <= 0:
                    continue
                hand_l = [0] * 10
                hand_l[a] += 1
                hand_l[b] += 1
                hand = tuple(hand_l)
                if is_natural(hand) or solver.stops(hand):
                    continue
                legal = deal_legal(rules, hand) - {Action.SPLIT}
                if optimal.choose(hand, legal) is not Action.HIT:
                    continue
                prob = shoe[a] * (shoe[b] - (a == b)) / (n * (n - 1)) * (1 if a == b else 2)
                for grown, p in _children(solver, hand):
                    layer[grown] = layer.get(grown, 0.0) + prob * p
        reach: dict[Composition, float] = {}
        while layer:
            nxt: dict[Composition, float] = {}
            for hand, prob in layer.items():
                reach[hand] = reach.get(hand, 0.0) + prob
                if solver.stops(hand) or not optimal.hits(hand):
                    continue
                for grown, p in _children(solver, hand):
                    nxt[grown] = nxt.get(grown, 0.0) + prob * p
            layer = nxt
        return reach

    def _derive(self) -> None:
        solver = self.solver
        rules = solver.rules
        reach = self._reach()
        by_class: dict[HandClass, list[tuple[Composition, float]]] = {}
        for hand, prob in reach.items():
            if solver.stops(hand):
                continue
            total, soft = hand_total(hand)
            by_class.setdefault((soft, total), []).append((hand, prob))
        order = (
            [(False, t) for t in range(20, 11, -1)]
            + [(True, t) for t in range(20, 11, -1)]
            + [(False, t) for t in range(11, 3, -1)]
        )
        for cls in order:
            members = by_class.get(cls, [])
            stand = sum(p * solver.stand(h)[0] for h, p in members)
            hit = sum(p * self.hit(h)[0] for h, p in members)
            self.multi[cls] = hit > stand + _EPS if members else cls[1] < 12
            self._value.clear()
            self._hit.clear()
        # Two-card hands that are not pairs, weighted by the chance of the deal.
        deals: dict[HandClass, list[tuple[Composition, float]]] = {}
        pairs: list[Composition] = []
        for hand, prob in _two_card_deals(solver):
            if pair_index(hand) is not None:
                pairs.append(hand)
                continue
            total, soft = hand_total(hand)
            deals.setdefault((soft, total), []).append((hand, prob))
        for cls, members in deals.items():
            actions = [Action.STAND, Action.HIT]
            if can_double(rules, members[0][0]):
                actions.append(Action.DOUBLE)
            if rules.surrender is Surrender.LATE:
                actions.append(Action.SURRENDER)
            scores = {a: sum(p * self.action_value(h, a)[0] for h, p in members) for a in actions}
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
        self._value.clear()
        self._hit.clear()


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


def basic_up_card_values(
    rules: Rules, shoe: Composition, cached: bool = False
) -> list[tuple[int, float, float, float]]:
    """``(up, chance of the up card, ev, stake)`` when every hand follows the basic strategy.

    With ``cached`` (a full shoe of ``rules.decks`` decks) the policies of
    :func:`~twentyone.analysis.exact.strategy.basic_strategy` are reused.
    """
    n = size(shoe)
    out = []
    if cached:
        from twentyone.analysis.exact.strategy import basic_strategy

        strategy = basic_strategy(rules)
        policies = {up: strategy.policy(up) for up in range(10) if shoe[up]}
    else:
        policies = dict(basic_policies(rules, shoe))
    for up, policy in policies.items():
        assert isinstance(policy, BasicPolicy)
        deals = deal_values(policy.solver, policy, policy.splits)
        ev = sum(d.probability * d.ev for d in deals)
        stake = sum(d.probability * d.stake for d in deals)
        out.append((up, shoe[up] / n, ev, stake))
    return out
