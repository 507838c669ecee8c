"""Split hands: the value of splitting a pair, exact for one split, near-exact for resplits.

Rules (SPEC section 3): each split hand gets its second card only when the hand before it is
finished; split aces take one card each unless ``hit_split_aces``; ace + ten after a split is 21,
not a blackjack; doubling needs ``double_after_split``; a pair drawn to a split hand may be split
again while fewer than ``max_split_hands`` hands exist (aces only with ``resplit_aces``).

Why one split is exact. Every split hand is played by the same zero-memory policy (it sees only
its own cards). The chance of any run of cards that comes right after a stopping time of a
shuffled shoe equals the chance of the same run from the shoe at that time (optional stopping
for the martingale ``P(the last k cards are s | cards seen)``). So the first hand's value, given
its own final cards, needs only the dealer's distribution from the shoe less those cards and
the other hand's pair card; and both hands have the same expected value (swap their card runs).
Hence ``EV(split) = 2 * E[value of one hand whose removal is its cards plus the other pair
card]``, which :func:`split_value` computes exactly.

Resplits. With ``m`` pair cards committed to hands, a hand whose second card is drawn while
resplitting is still possible is a hand whose second card is *not* the pair card ("restricted"),
else any card. The expected number of hands of each kind follows from the chance of drawing the
pair card with ``m`` of them out; each hand's value removes its own cards and the ``m`` pair
cards. What is left out is the removal of *other* hands' non-pair cards, whose first-order effect
is zero by the same martingale argument; the error is far below 0.001 percentage points.
"""

from __future__ import annotations

from functools import cache

from twentyone.analysis.exact.actions import Action, Policy
from twentyone.analysis.exact.player import ZERO, UpcardSolver, Value, can_double
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, add, hand_total, plus, size
from twentyone.rules import SplitBy


class SplitHandEvaluator:
    """Values of hands in one split context, following a fixed zero-memory policy.

    Args:
        solver: the up card's solver (dealer vectors, draw chances, settling).
        policy: what to do with each hand.
        pair: the split card's index.
        committed: how many pair cards sit in hands (the removal besides the hand itself is
            ``committed - 1`` pair cards).
    """

    def __init__(
        self,
        solver: UpcardSolver,
        policy: Policy,
        pair: int,
        committed: int,
        decisions: dict[Composition, Action] | None = None,
    ) -> None:
        self.solver = solver
        self.decisions: dict[Composition, Action] = {} if decisions is None else decisions
        """The policy's choice per split hand (it depends on the hand only: shared)."""
        self.policy = policy
        self.pair = pair
        self.committed = committed
        self.extra = add((0,) * 10, pair, committed - 1)
        self.one_card = pair == ACE and not solver.rules.hit_split_aces
        self.das = solver.rules.double_after_split
        self._memo: dict[Composition, Value] = {}

    def reset(self) -> None:
        """Forget values (after the solver leaves collecting mode)."""
        self._memo.clear()

    def value(self, hand: Composition) -> Value:
        """The value of a split hand holding ``hand`` (two or more cards)."""
        found = self._memo.get(hand)
        if found is not None:
            return found
        solver = self.solver
        removed_l = list(hand)
        removed_l[self.pair] += self.committed - 1
        removed = tuple(removed_l)
        if solver.stops(hand) or (self.one_card and sum(hand) == 2):
            out = solver.settle(hand, removed, 1, True)
        else:
            action = self.decisions.get(hand)
            if action is None:
                if sum(hand) == 2:
                    legal = {Action.STAND, Action.HIT}
                    if self.das and can_double(solver.rules, hand):
                        legal.add(Action.DOUBLE)
                    action = self.policy.choose(hand, frozenset(legal))
                else:
                    action = Action.HIT if self.policy.hits(hand) else Action.STAND
                self.decisions[hand] = action
            if action is Action.STAND:
                out = solver.settle(hand, removed, 1, True)
            else:
                ev = staked = 0.0
                for c, p in solver.draws(removed):
                    grown = list(hand)
                    grown[c] += 1
                    g = tuple(grown)
                    if action is Action.DOUBLE:
                        v = solver.settle(g, plus(g, self.extra), 2, True)
                    else:
                        v = self.value(g)
                    ev += p * v[0]
                    staked += p * v[1]
                out = (ev, staked)
        self._memo[hand] = out
        return out


@cache
def hand_kinds(
    chances: tuple[float, ...], max_hands: int, resplit: bool
) -> tuple[tuple[int, bool, float], ...]:
    """Expected number of finished split hands of each kind.

    Args:
        chances: ``chances[m]`` is the chance that a second card pairs the hand when ``m``
            pair cards are committed.
        max_hands: the most hands splitting may make.
        resplit: whether a new pair may be split again.

    Returns:
        ``(committed, restricted, expected count)`` triples: ``committed`` pair cards were out
        when the hand's second card came; ``restricted`` means it was known not to pair.
    """
    counts: dict[tuple[int, bool], float] = {}
    states: dict[tuple[int, int], float] = {(2, 2): 1.0}
    while states:
        (m, pending), prob = min(states.items(), key=lambda kv: (kv[0][0], -kv[0][1]))
        del states[(m, pending)]
        if pending == 0:
            continue
        if resplit and m < max_hands:
            q = chances[m]
            grow = (m + 1, pending + 1)
            states[grow] = states.get(grow, 0.0) + prob * q
            key = (m, True)
            counts[key] = counts.get(key, 0.0) + prob * (1.0 - q)
            done = (m, pending - 1)
            states[done] = states.get(done, 0.0) + prob * (1.0 - q)
        else:
            key = (m, False)
            counts[key] = counts.get(key, 0.0) + prob
            done = (m, pending - 1)
            states[done] = states.get(done, 0.0) + prob
    return tuple((m, r, n) for (m, r), n in sorted(counts.items()))


def _same_rank_share(solver: UpcardSolver, pair: int) -> float:
    """Share of the pair's value class that has the pair card's rank (ten-count by rank)."""
    if pair == TEN and solver.rules.split_by is SplitBy.RANK:
        return 0.25
    return 1.0


class SplitSolver:
    """Split values of every pair against one up card under one policy."""

    def __init__(self, solver: UpcardSolver, policy: Policy) -> None:
        self.solver = solver
        self.policy = policy
        self._contexts: dict[tuple[int, int], SplitHandEvaluator] = {}
        self._values: dict[int, Value] = {}
        self._decisions: dict[Composition, Action] = {}

    def context(self, pair: int, committed: int) -> SplitHandEvaluator:
        """The evaluator of hands with ``committed`` pair cards out."""
        key = (pair, committed)
        found = self._contexts.get(key)
        if found is None:
            found = SplitHandEvaluator(self.solver, self.policy, pair, committed, self._decisions)
            self._contexts[key] = found
        return found

    def kinds(self, pair: int) -> tuple[tuple[int, bool, float], ...]:
        """Expected counts of hands by kind when ``pair`` is split."""
        solver = self.solver
        rules = solver.rules
        resplit = rules.max_split_hands > 2 and (pair != ACE or rules.resplit_aces)
        share = _same_rank_share(solver, pair)
        chances = tuple(
            max(0.0, (solver.shoe[pair] * share - m) / (solver.cards - m))
            for m in range(rules.max_split_hands + 1)
        )
        return hand_kinds(chances, rules.max_split_hands, resplit)

    def value(self, pair: int) -> Value:
        """Value of splitting a pair of ``pair`` (all hands together, per initial bet)."""
        found = self._values.get(pair)
        if found is not None:
            return found
        solver = self.solver
        share = _same_rank_share(solver, pair)
        ev = staked = 0.0
        for committed, restricted, count in self.kinds(pair):
            ctx = self.context(pair, committed)
            removed = add((0,) * 10, pair, committed)
            if removed[pair] > solver.shoe[pair]:
                continue
            e = s = 0.0
            paired = 0.0
            v_pair = ZERO
            for c, p in solver.draws(removed):
                v = ctx.value(add(add((0,) * 10, pair), c))
                e += p * v[0]
                s += p * v[1]
                if c == pair:
                    v_pair = v
                    paired = (solver.shoe[pair] * share - committed) / (solver.cards - committed)
            if restricted:
                e = (e - paired * v_pair[0]) / (1.0 - paired)
                s = (s - paired * v_pair[1]) / (1.0 - paired)
            ev += count * e
            staked += count * s
        if not solver.peek and not solver.takes_split:
            ev -= solver.blackjack_chance(add((0,) * 10, pair, 2))
        out = (ev, staked)
        if not solver.collecting:
            self._values[pair] = out
        return out

    def reset(self) -> None:
        """Forget values (after the solver leaves collecting mode)."""
        self._values.clear()
        for ctx in self._contexts.values():
            ctx.reset()


def pair_index(hand: Composition) -> int | None:
    """The pair card's index if ``hand`` is two cards of the same count."""
    if size(hand) != 2:
        return None
    for i, n in enumerate(hand):
        if n == 2:
            return i
    return None


__all__ = ["SplitHandEvaluator", "SplitSolver", "hand_kinds", "hand_total", "pair_index"]
