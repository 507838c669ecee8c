"""The whole round: every up card, every two-card deal, the chosen play, the deal-level terms.

Rule (SPEC sections 3 and 8): a player blackjack pays ``blackjack_pays`` and pushes a dealer
blackjack; with a peek, a dealer blackjack takes one original bet from every other hand before
anyone plays; without one, it is settled hand by hand at the end
(:meth:`~twentyone.analysis.exact.player.UpcardSolver.settle`). Insurance is a separate bet
and never enters these values.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from twentyone.analysis.exact.actions import ACTION_ORDER, Action, Policy
from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.player import _EPS, UpcardSolver, Value, can_double
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, full_shoe, is_natural, size
from twentyone.analysis.exact.space import IntArray
from twentyone.analysis.exact.split import (
    SPLIT_DOUBLE,
    SPLIT_HIT,
    SPLIT_STAND,
    SplitSolver,
    pair_index,
)
from twentyone.rules import Rules, SplitBy, Surrender


class ActionValues:
    """The value of each action on an unsplit hand, given how the policy plays on after a hit.

    Shared by the optimal and the basic policies: they differ only in :meth:`hit` (what the
    hand is worth when it hits and then plays on by the policy).
    """

    solver: UpcardSolver
    splits: SplitSolver

    def hit(self, hand: Composition) -> Value:
        """Hitting, then playing on optimally (the basic policy follows its chart instead)."""
        return self.solver.hit(hand)

    def action_value(self, hand: Composition, action: Action) -> Value:
        """The value of taking ``action`` on an unsplit two-card (or longer) hand."""
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


class OptimalPolicy(ActionValues):
    """Composition-dependent optimal play against one up card, reused after splits.

    Each decision maximises the hand's exact value as an unsplit hand with only its own cards
    (and the up card) removed; a split hand makes the same choice among its legal actions.
    """

    def __init__(
        self, solver: UpcardSolver, *, first_hand_play: bool = False, by_hands: bool = False
    ) -> None:
        self.solver = solver
        self.splits = SplitSolver(solver, self, first_hand_play=first_hand_play, by_hands=by_hands)

    def split_hand_action(
        self, pair: int, hand: Composition, legal: frozenset[Action], hands: int = 2
    ) -> Action:
        """What a split hand of ``pair`` does when the spot has ``hands`` hands: split again
        when it may, else (CDP1, CDP) the split hand's own best play, or the unsplit hand's
        choice."""
        if Action.SPLIT in legal:
            return Action.SPLIT
        if not self.splits.first_hand_play:
            return self.choose(hand, legal)
        count = max(hands, 2) if self.splits.by_hands else 2
        code = int(self.splits.pair_play(pair, count)[self.solver.space.row(hand)])
        action = {SPLIT_STAND: Action.STAND, SPLIT_HIT: Action.HIT, SPLIT_DOUBLE: Action.DOUBLE}[
            code
        ]
        if action not in legal:
            action = Action.HIT if Action.HIT in legal and code == SPLIT_DOUBLE else Action.STAND
        return action

    def split_actions(self, rows: IntArray) -> IntArray:
        """The action codes of :meth:`hits` and :meth:`choose` for rows of the solver's hand
        space, as a split hand sees them (stand, hit, and double on two cards if allowed)."""
        solver = self.solver
        space = solver.space
        stand = solver._stand_ev[rows]
        hit = solver._hit_ev[rows]
        code = np.where(hit > stand + _EPS, SPLIT_HIT, SPLIT_STAND)
        if solver.rules.double_after_split:
            two = np.flatnonzero(space.ncards[rows] == 2)
            doubles = np.zeros(len(rows), dtype=np.bool_)
            doubles[two] = [
                can_double(solver.rules, tuple(space.comps[i].tolist())) for i in rows[two].tolist()
            ]
            best = np.where(code == SPLIT_HIT, hit, stand)
            code = np.where(doubles & (solver._double_ev[rows] > best + _EPS), SPLIT_DOUBLE, code)
        return code

    def hits(self, hand: Composition) -> bool:
        """Hit when hitting is worth more than standing."""
        return self.solver.hit(hand)[0] > self.solver.stand(hand)[0] + _EPS

    def choose(self, hand: Composition, legal: frozenset[Action]) -> Action:
        """The legal action of highest value (ties go to the earlier of ``ACTION_ORDER``)."""
        best: Action | None = None
        best_ev = 0.0
        for action in ACTION_ORDER:
            if action in legal:
                ev = self.action_value(hand, action)[0]
                if best is None or ev > best_ev + _EPS:
                    best, best_ev = action, ev
        if best is None:
            raise ValueError("no legal action")
        return best


def deal_legal(rules: Rules, hand: Composition) -> frozenset[Action]:
    """The actions on a two-card unsplit hand that is not a blackjack (pairs by value)."""
    legal = {Action.STAND, Action.HIT}
    if can_double(rules, hand):
        legal.add(Action.DOUBLE)
    if rules.max_split_hands >= 2 and pair_index(hand) is not None:
        legal.add(Action.SPLIT)
    if rules.surrender is Surrender.LATE:
        legal.add(Action.SURRENDER)
    return frozenset(legal)


@dataclass(frozen=True, slots=True)
class DealValue:
    """One two-card deal against one up card.

    Attributes:
        hand: the player's two cards.
        probability: the chance of this deal given the up card.
        ev: expected result per initial bet, including the deal-level blackjack terms.
        stake: expected total amount staked per initial bet.
        action: the first decision (``None`` for a blackjack).
    """

    hand: Composition
    probability: float
    ev: float
    stake: float
    action: Action | None


def prepare_splits(solver: UpcardSolver, splits: SplitSolver) -> None:
    """Value every split hand of the up card in one batch (after the policy is settled)."""
    if solver.rules.max_split_hands < 2:
        return
    splits.reset()
    splits.prepare()


def _two_card_deals(
    solver: UpcardSolver,
) -> Iterator[tuple[int, int, Composition, float, float]]:
    """Each two-card hand ``a <= b`` the shoe can deal against the up card: its cards, the
    hand, its chance and the chance that the hole card makes a dealer blackjack."""
    shoe = solver.shoe
    n = solver.cards
    for a in range(10):
        for b in range(a, 10):
            if shoe[a] == 0 or shoe[b] - (a == b) <= 0:
                continue
            prob = shoe[a] * (shoe[b] - (a == b)) / (n * (n - 1)) * (1 if a == b else 2)
            hand_l = [0] * 10
            hand_l[a] += 1
            hand_l[b] += 1
            hand = tuple(hand_l)
            yield a, b, hand, prob, solver.blackjack_chance(hand)


def deal_values(solver: UpcardSolver, policy: Policy, splits: SplitSolver) -> list[DealValue]:
    """Every two-card deal against the solver's up card, played by ``policy``."""
    if type(policy) is OptimalPolicy and policy.solver is solver and policy.splits is splits:
        return _optimal_deal_values(solver, splits)
    rules = solver.rules
    shoe = solver.shoe
    out: list[DealValue] = []
    for a, b, hand, prob, p_bj in _two_card_deals(solver):
        if is_natural(hand):
            pays = float(rules.blackjack_pays)
            out.append(DealValue(hand, prob, (1.0 - p_bj) * pays, 1.0, None))
            continue
        legal = deal_legal(rules, hand)
        same = 1.0
        if a == b == TEN and rules.split_by is SplitBy.RANK:
            # Two ten-count cards are a pair by rank only if of one rank (one in four).
            same = (shoe[TEN] / 4 - 1) / (shoe[TEN] - 1)
        ev = stake = 0.0
        first: Action | None = None
        for legal_set, weight in ((legal, same), (legal - {Action.SPLIT}, 1.0 - same)):
            if weight <= 0.0:
                continue
            action = policy.choose(hand, legal_set)
            first = first or action
            if action is Action.SPLIT:
                v = splits.value(b)
            else:
                v = _action_value(solver, policy, hand, action)
            ev += weight * v[0]
            stake += weight * v[1]
        if solver.peek:
            ev -= p_bj
            stake += p_bj
        out.append(DealValue(hand, prob, ev, stake, first))
    return out


_FIRST, _SECOND = (np.asarray(x, dtype=np.int64) for x in np.triu_indices(10))
"""The two cards ``a <= b`` of every two-card hand, in :func:`_two_card_deals`'s order."""
_DEAL_KEYS = 64**_FIRST + 64**_SECOND
"""Their :func:`~.space.keys`."""
_DEAL_HANDS: tuple[Composition, ...] = tuple(
    tuple(int(a == r) + int(b == r) for r in range(10))
    for a, b in zip(_FIRST.tolist(), _SECOND.tolist(), strict=True)
)
_STAND, _HIT, _DOUBLE, _SPLIT, _SURRENDER = range(5)
_ACTIONS = (Action.STAND, Action.HIT, Action.DOUBLE, Action.SPLIT, Action.SURRENDER)
"""The actions by code, in ``ACTION_ORDER``."""


def _optimal_deal_values(solver: UpcardSolver, splits: SplitSolver) -> list[DealValue]:
    """:func:`deal_values` for :class:`OptimalPolicy`: the same choices and sums for every
    two-card hand at once (each one's action values read from the solver's arrays, the legal
    actions tried in ``ACTION_ORDER``, a later one taken only when worth more by ``_EPS``)."""
    rules = solver.rules
    shoe = solver._shoe_arr
    n = solver.cards
    pairs = _FIRST == _SECOND
    dealt = (shoe[_FIRST] > 0) & (shoe[_SECOND] - pairs > 0)
    first, second, pairs = _FIRST[dealt], _SECOND[dealt], pairs[dealt]
    prob = shoe[first] * (shoe[second] - pairs) / (n * (n - 1)) * np.where(pairs, 1, 2)
    other = {ACE: TEN, TEN: ACE}.get(solver.up)
    p_bj = np.zeros(len(first))
    if other is not None:
        held = (first == other).astype(np.int64) + (second == other)
        p_bj = (shoe[other] - held) / (n - 2)
    rows = solver.space.find(_DEAL_KEYS[dealt])
    hands = [h for h, ok in zip(_DEAL_HANDS, dealt.tolist(), strict=True) if ok]
    doubles = np.array([can_double(rules, h) for h in hands], dtype=np.bool_)
    alive = 1.0 - p_bj if solver.peek else np.ones(len(first))
    late = rules.surrender is Surrender.LATE
    split_ev = np.zeros(len(first))
    split_st = np.zeros(len(first))
    same = np.ones(len(first))
    if rules.split_by is SplitBy.RANK and shoe[TEN] >= 2:
        # Two ten-count cards are a pair by rank only if of one rank (one in four).
        same[pairs & (first == TEN)] = (shoe[TEN] / 4 - 1) / (shoe[TEN] - 1)
    if rules.max_split_hands >= 2:
        for i in np.flatnonzero(pairs & (same > 0.0)).tolist():
            split_ev[i], split_st[i] = splits.value(int(first[i]))
    else:
        pairs = np.zeros(len(first), dtype=np.bool_)
    choices = [
        (_HIT, solver._hit_ev[rows], solver._hit_st[rows], None),
        (_DOUBLE, solver._double_ev[rows], solver._double_st[rows], doubles),
        (_SPLIT, split_ev, split_st, pairs),
        (_SURRENDER, -0.5 * alive, alive, np.full(len(first), late)),
    ]

    def best(with_split: bool) -> tuple[FloatArray, FloatArray, IntArray]:
        ev, st = solver._stand_ev[rows], solver._stand_st[rows]
        code = np.full(len(first), _STAND)
        for action, a_ev, a_st, legal in choices:
            if action == _SPLIT and not with_split:
                continue
            take = a_ev > ev + _EPS
            if legal is not None:
                take &= legal
            ev, st = np.where(take, a_ev, ev), np.where(take, a_st, st)
            code = np.where(take, action, code)
        return ev, st, code

    ev_with, st_with, code_with = best(True)
    ev_without, st_without, code_without = best(False)
    ev = np.where(same > 0.0, same * ev_with, 0.0)
    stake = np.where(same > 0.0, same * st_with, 0.0)
    rest = 1.0 - same
    ev = np.where(rest > 0.0, ev + rest * ev_without, ev)
    stake = np.where(rest > 0.0, stake + rest * st_without, stake)
    code = np.where(same > 0.0, code_with, code_without)
    if solver.peek:
        ev -= p_bj
        stake += p_bj
    natural = (first == ACE) & (second == TEN)
    ev = np.where(natural, (1.0 - p_bj) * float(rules.blackjack_pays), ev)
    stake = np.where(natural, 1.0, stake)
    return [
        DealValue(hand, p, e, st, None if bj else _ACTIONS[c])
        for hand, p, e, st, c, bj in zip(
            hands,
            prob.tolist(),
            ev.tolist(),
            stake.tolist(),
            code.tolist(),
            natural.tolist(),
            strict=True,
        )
    ]


def _action_value(solver: UpcardSolver, policy: Policy, hand: Composition, action: Action) -> Value:
    value_of = getattr(policy, "action_value", None)
    if value_of is not None:
        v: Value = value_of(hand, action)
        return v
    raise TypeError("the policy cannot value its actions")


def make_solver(rules: Rules, up: int, shoe: Composition | None = None) -> UpcardSolver:
    """A solver for up card ``up`` dealt from ``shoe`` (default: the rules' full shoe)."""
    full = full_shoe(rules.decks) if shoe is None else shoe
    rest = list(full)
    rest[up] -= 1
    if rest[up] < 0:
        raise ValueError("the up card is not in the shoe")
    return UpcardSolver(rules, tuple(rest), up)


def up_card_chances(shoe: Composition) -> list[tuple[int, float]]:
    """Each possible up card with its chance."""
    n = size(shoe)
    return [(u, shoe[u] / n) for u in range(10) if shoe[u]]


__all__ = [
    "ACE",
    "DealValue",
    "OptimalPolicy",
    "deal_legal",
    "deal_values",
    "make_solver",
    "prepare_splits",
    "up_card_chances",
]
