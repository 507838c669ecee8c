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
card]``, which :meth:`SplitSolver.value` computes exactly.

Resplits. With ``m`` pair cards committed to hands, a hand whose second card is drawn while
resplitting is still possible is a hand whose second card is *not* the pair card ("restricted"),
else any card. The expected number of hands of each kind follows from the chance of drawing the
pair card with ``m`` of them out; each hand's value removes its own cards and the ``m`` pair
cards. What is left out is the removal of *other* hands' non-pair cards, whose first-order effect
is zero by the same martingale argument; the error is far below 0.001 percentage points.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from twentyone.analysis.exact.actions import Action, Policy
from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.player import (
    ZERO,
    UpcardSolver,
    Value,
    can_double,
    expect_children,
)
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, add, hand_total, size
from twentyone.analysis.exact.space import IntArray
from twentyone.rules import SplitBy


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


SPLIT_STAND, SPLIT_HIT, SPLIT_DOUBLE = 0, 1, 2
"""Action codes of a split hand (a hand that stops, or split aces' one card, stands)."""
_CODE = {Action.STAND: SPLIT_STAND, Action.HIT: SPLIT_HIT, Action.DOUBLE: SPLIT_DOUBLE}


class SplitSolver:
    """Split values of every pair against one up card under one policy.

    All split contexts ``(pair, committed)`` of the up card are valued together, a layer of
    equal card count at a time over the rows ``(context, hand)`` the policy reaches: a forward
    pass lists the rows and the dealer removals they settle against (one dealer batch), a
    backward pass values them. Each hand's value removes its own cards and ``committed - 1``
    more pair cards.
    """

    def __init__(self, solver: UpcardSolver, policy: Policy) -> None:
        self.solver = solver
        self.policy = policy
        self._values: dict[int, Value] = {}
        self._decisions: IntArray = np.zeros(0, dtype=np.int64)
        self._contexts: dict[tuple[int, int], int] = {}
        self._rowmap: IntArray | None = None
        self._ev: FloatArray = np.zeros(0)
        self._st: FloatArray = np.zeros(0)

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

    # -- decisions ---------------------------------------------------------------------------

    def _decide(self, rows: IntArray) -> IntArray:
        """The policy's action code for each hand row of the space (two-card rules apply)."""
        solver = self.solver
        space = solver.space
        if len(self._decisions) != len(space):
            self._decisions = np.full(len(space), -1, dtype=np.int64)
        todo = np.unique(rows[self._decisions[rows] < 0])
        if len(todo):
            batch = getattr(self.policy, "split_actions", None)
            if batch is not None:
                self._decisions[todo] = batch(todo)
            else:
                das = solver.rules.double_after_split
                for i in todo.tolist():
                    hand: Composition = tuple(space.comps[i].tolist())
                    if space.ncards[i] == 2:
                        legal = {Action.STAND, Action.HIT}
                        if das and can_double(solver.rules, hand):
                            legal.add(Action.DOUBLE)
                        action = self.policy.choose(hand, frozenset(legal))
                    else:
                        action = Action.HIT if self.policy.hits(hand) else Action.STAND
                    self._decisions[i] = _CODE[action]
        decided: IntArray = self._decisions[rows]
        return decided

    # -- the batch ----------------------------------------------------------------------------

    def prepare(self) -> None:
        """Value every split hand of every pair the shoe can split (see the class docstring)."""
        solver = self.solver
        rules = solver.rules
        space = solver.space
        shoe = solver._shoe_arr
        n = len(space)
        self._values.clear()
        contexts: list[tuple[int, int]] = []
        if rules.max_split_hands >= 2:
            for pair in range(10):
                if solver.shoe[pair] < 2:
                    continue
                for committed, _, _ in self.kinds(pair):
                    if committed <= solver.shoe[pair] and (pair, committed) not in contexts:
                        contexts.append((pair, committed))
        self._contexts = {ctx: k for k, ctx in enumerate(contexts)}
        k_count = len(contexts)
        extra = np.zeros((k_count, 10), dtype=np.int64)
        one_card = np.zeros(k_count, dtype=np.bool_)
        for k, (pair, committed) in enumerate(contexts):
            extra[k, pair] = committed - 1
            one_card[k] = pair == ACE and not rules.hit_split_aces
        rowmap = np.full((k_count, n), -1, dtype=np.int64)
        # Forward: the rows each layer reaches.
        start_ctx: list[int] = []
        start_hand: list[int] = []
        for k, (pair, committed) in enumerate(contexts):
            for c in range(10):
                if solver.shoe[c] - committed * (c == pair) > 0:
                    hand = [0] * 10
                    hand[pair] += 1
                    hand[c] += 1
                    start_ctx.append(k)
                    start_hand.append(space.row(tuple(hand)))
        layer_ctx = np.array(start_ctx, dtype=np.int64)
        layer_hand = np.array(start_hand, dtype=np.int64)
        layers: list[tuple[int, int]] = []
        all_ctx: list[IntArray] = []
        all_hand: list[IntArray] = []
        all_code: list[IntArray] = []
        total_rows = 0
        while len(layer_ctx):
            order = np.argsort(layer_ctx * n + layer_hand, kind="stable")
            layer_ctx, layer_hand = layer_ctx[order], layer_hand[order]
            rowmap[layer_ctx, layer_hand] = np.arange(total_rows, total_rows + len(layer_ctx))
            settles = space.stops[layer_hand] | (
                one_card[layer_ctx] & (space.ncards[layer_hand] == 2)
            )
            code = np.full(len(layer_ctx), SPLIT_STAND, dtype=np.int64)
            if np.any(~settles):
                code[~settles] = self._decide(layer_hand[~settles])
            layers.append((total_rows, total_rows + len(layer_ctx)))
            total_rows += len(layer_ctx)
            all_ctx.append(layer_ctx)
            all_hand.append(layer_hand)
            all_code.append(code)
            hitting = code == SPLIT_HIT
            h_ctx = layer_ctx[hitting]
            h_hand = layer_hand[hitting]
            removed = space.comps[h_hand] + extra[h_ctx]
            avail = shoe[None, :] - removed > 0
            child = space.child[h_hand]
            sel_ctx = np.broadcast_to(h_ctx[:, None], child.shape)[avail]
            sel_hand = child[avail]
            uniq = np.unique(sel_ctx * n + sel_hand)
            layer_ctx, layer_hand = uniq // n, uniq % n
        row_ctx = np.concatenate(all_ctx) if all_ctx else np.zeros(0, dtype=np.int64)
        row_hand = np.concatenate(all_hand) if all_hand else np.zeros(0, dtype=np.int64)
        row_code = np.concatenate(all_code) if all_code else np.zeros(0, dtype=np.int64)
        hands = space.comps[row_hand]
        removed = hands + extra[row_ctx]
        probs = solver.draw_rows(removed)
        # Settled values: standing rows (stake 1) and the drawn card of doubled rows (stake 2).
        ev = np.zeros(total_rows)
        st = np.zeros(total_rows)
        standing = row_code == SPLIT_STAND
        doubling = np.flatnonzero(row_code == SPLIT_DOUBLE)
        dbl_rows = np.repeat(doubling, 10)
        dbl_card = np.tile(np.arange(10), len(doubling))
        ok = probs[dbl_rows, dbl_card] > 0
        dbl_rows, dbl_card = dbl_rows[ok], dbl_card[ok]
        eye = np.eye(10, dtype=np.int64)
        dbl_hands = hands[dbl_rows] + eye[dbl_card]
        dbl_removed = removed[dbl_rows] + eye[dbl_card]
        # One dealer batch for every removal the split hands settle against.
        settled = np.concatenate((hands[standing], dbl_hands))
        solver.dealer_rows(
            np.concatenate((removed[standing], dbl_removed))[solver.versus_dealer(settled)]
        )
        ev[standing], st[standing] = solver.settle_rows(hands[standing], removed[standing], 1, True)
        d_ev, d_st = solver.settle_rows(dbl_hands, dbl_removed, 2, True)
        for c in range(10):
            pick = dbl_card == c
            ev[dbl_rows[pick]] += probs[dbl_rows[pick], c] * d_ev[pick]
            st[dbl_rows[pick]] += probs[dbl_rows[pick], c] * d_st[pick]
        # Backward: hitting rows from the next layer's values.
        for start, stop in reversed(layers):
            sl = slice(start, stop)
            hitting = np.flatnonzero(row_code[sl] == SPLIT_HIT) + start
            if not len(hitting):
                continue
            child = rowmap[row_ctx[hitting][:, None], np.maximum(space.child[row_hand[hitting]], 0)]
            child = np.where(probs[hitting] > 0, child, -1)
            e, s = expect_children(probs[hitting], child, ev, st)
            ev[hitting] = e
            st[hitting] = s
        self._rowmap = rowmap
        self._ev, self._st = ev, st

    def hand_value(self, pair: int, committed: int, hand: Composition) -> Value:
        """The value of one split hand in context ``(pair, committed)``."""
        if self._rowmap is None:
            self.prepare()
        assert self._rowmap is not None
        index = self.solver.space.row(hand)
        row = self._rowmap[self._contexts[(pair, committed)], index] if index >= 0 else -1
        if row < 0:
            raise ValueError("the split hand is not reachable")
        return float(self._ev[row]), float(self._st[row])

    def value(self, pair: int) -> Value:
        """Value of splitting a pair of ``pair`` (all hands together, per initial bet)."""
        found = self._values.get(pair)
        if found is not None:
            return found
        solver = self.solver
        share = _same_rank_share(solver, pair)
        ev = staked = 0.0
        for committed, restricted, count in self.kinds(pair):
            removed = add((0,) * 10, pair, committed)
            if removed[pair] > solver.shoe[pair]:
                continue
            e = s = 0.0
            paired = 0.0
            v_pair = ZERO
            for c, p in solver.draws(removed):
                v = self.hand_value(pair, committed, add(add((0,) * 10, pair), c))
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
        self._values[pair] = out
        return out

    def reset(self) -> None:
        """Forget values and decisions (the policy changed)."""
        self._values.clear()
        self._decisions = np.zeros(0, dtype=np.int64)
        self._rowmap = None


def pair_index(hand: Composition) -> int | None:
    """The pair card's index if ``hand`` is two cards of the same count."""
    if size(hand) != 2:
        return None
    for i, n in enumerate(hand):
        if n == 2:
            return i
    return None


__all__ = [
    "SPLIT_DOUBLE",
    "SPLIT_HIT",
    "SPLIT_STAND",
    "SplitSolver",
    "hand_kinds",
    "hand_total",
    "pair_index",
]
