"""Split hands: the value of splitting a pair, exact for any number of hands.

Rules (SPEC section 3): each split hand gets its second card only when the hand before it is
finished; split aces take one card each unless ``hit_split_aces``; ace + ten after a split is 21,
not a blackjack; doubling needs ``double_after_split``; a pair drawn to a split hand is split
again while fewer than ``max_split_hands`` hands exist (aces only with ``resplit_aces``). Without
a peek, a dealer blackjack takes the first hand's bet, and the other hands' bets only if
``bj_takes_split_vs_*`` (a hand that busted has lost its stake already).

Why it is exact. Every split hand is played by the same zero-memory policy (it sees only its own
cards). The chance of a run of cards depends only on how many of each rank it holds, so the
cards of a round may be dealt in another order that keeps each hand's run intact without
changing any probability: every hand's second card first (the resplits' pair cards among
them), then one hand's later cards, then the dealer's; the other hands' later cards come last
and sum out. A split hand's value therefore needs only its own cards and a number of pair cards
out of the shoe (:meth:`SplitSolver.value` gives the weights, one :class:`SplitPattern` at a
time). ``tests/analysis/test_exact_vs_engine_enumeration.py`` checks it against the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import pairwise
from math import comb
from weakref import WeakKeyDictionary, ref

import numpy as np

from twentyone.analysis.exact.actions import Action, Policy
from twentyone.analysis.exact.dealer import N_OUTCOMES, FloatArray, Outcome
from twentyone.analysis.exact.player import (
    _EPS,
    UpcardSolver,
    Value,
    can_double,
    expect_children,
)
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, add, hand_total, size
from twentyone.analysis.exact.space import BoolArray, HandSpace, IntArray
from twentyone.rules import SplitBy


@dataclass(frozen=True, slots=True)
class SplitPattern:
    """One way the second cards of a split can fall, by pair card (``S``) and not (``R``/``U``).

    Attributes:
        splits: how many second cards were pair cards that made a new hand.
        restricted: how many hands took a second card known not to be a pair card (drawn while
            a resplit was still possible).
        kinds: each hand's kind in play order, ``True`` for restricted, ``False`` for a second
            card drawn once the hand limit was reached (any card).
        hands_at: how many hands exist when each hand (in play order) is played: its own
            pair cards have made their hands, later hands' second cards are not dealt yet.
    """

    splits: int
    restricted: int
    kinds: tuple[bool, ...]
    hands_at: tuple[int, ...]


@cache
def split_patterns(max_hands: int, resplit: bool) -> tuple[SplitPattern, ...]:
    """Every sequence of second-card draws a split can see, as :class:`SplitPattern`\\ s.

    The hand being dealt its second card draws until it gets a card that does not pair it,
    each pair card making a new hand while fewer than ``max_hands`` exist (and ``resplit``);
    once the limit is reached every hand still waiting takes any card.

    >>> [(p.splits, p.kinds) for p in split_patterns(3, True)]
    [(0, (True, True)), (1, (False, False, False)), (1, (True, False, False))]
    """
    out: list[SplitPattern] = []

    def walk(hands: int, pending: int, kinds: tuple[bool, ...], at: tuple[int, ...]) -> None:
        if pending == 0:
            out.append(SplitPattern(hands - 2, sum(kinds), kinds, at))
            return
        if resplit and hands < max_hands:
            walk(hands + 1, pending + 1, kinds, at)
            walk(hands, pending - 1, (*kinds, True), (*at, hands))
        else:
            walk(hands, pending - 1, (*kinds, False), (*at, hands))

    walk(2, 2, (), ())
    return tuple(sorted(out, key=lambda p: (p.splits, p.kinds)))


@cache
def _most_committed(max_hands: int, resplit: bool) -> int:
    """The most pair cards out of the shoe any term of :meth:`SplitSolver.value` values a
    split hand with (see :meth:`SplitSolver.committed_range`)."""
    most = 2
    for pattern in split_patterns(max_hands, resplit):
        for restricted in pattern.kinds:
            most = max(most, 2 + pattern.splits + pattern.restricted - restricted)
    return most


def _same_rank_share(solver: UpcardSolver, pair: int) -> float:
    """Share of the pair's value class that has the pair card's rank (ten-count by rank)."""
    if pair == TEN and solver.rules.split_by is SplitBy.RANK:
        return 0.25
    return 1.0


class SplitRows:
    """The split hands :meth:`SplitSolver.prepare` valued, for other per-hand quantities.

    Attributes:
        layers: ``(start, stop)`` of each layer of equal card count, two cards first.
        code: each row's action code (``SPLIT_STAND``, ``SPLIT_HIT``, ``SPLIT_DOUBLE``).
        context: each row's context index (:meth:`SplitSolver.context`).
        hand: each row's row in the solver's hand space.
        probs: ``(rows, 10)`` chance of each next card of a row that hits or doubles (zero
            for a row that stands).
        removed: ``(rows, 10)`` cards out of the shoe besides the up card.
        contexts: how many contexts there are.
        space: how many hands the solver's hand space has.

    ``removed`` and ``probs`` are built on first use when not given (from ``comps``, the hand
    space's cards, ``extra``, each context's pair cards out besides a hand's own, and
    ``draw``, :meth:`~twentyone.analysis.exact.player.UpcardSolver.draw_rows`).
    """

    def __init__(
        self,
        layers: list[tuple[int, int]],
        code: IntArray,
        context: IntArray,
        hand: IntArray,
        contexts: int,
        space: int,
        *,
        comps: IntArray,
        extra: IntArray,
        draw: Callable[[IntArray], FloatArray],
        removed: IntArray | None = None,
        probs: FloatArray | None = None,
    ) -> None:
        self.layers = layers
        self.code = code
        self.context = context
        self.hand = hand
        self.contexts = contexts
        self.space = space
        self._comps = comps
        self._extra = extra
        self._draw = draw
        if removed is not None:
            self.__dict__["removed"] = removed
        if probs is not None:
            self.__dict__["probs"] = probs

    @cached_property
    def removed(self) -> IntArray:
        """``(rows, 10)`` cards out of the shoe besides the up card."""
        removed: IntArray = self._comps[self.hand] + self._extra[self.context]
        return removed

    @cached_property
    def probs(self) -> FloatArray:
        """``(rows, 10)`` chance of each next card of a row that hits or doubles (zero for a
        row that stands)."""
        draws = np.flatnonzero(self.code != SPLIT_STAND)
        probs = np.zeros((len(self.code), 10))
        probs[draws] = self._draw(self.removed[draws])
        return probs

    @cached_property
    def _sorted(self) -> tuple[IntArray, IntArray]:
        """The rows' keys ``context * space + hand``, sorted, and the row of each."""
        keys = self.context * self.space + self.hand
        order = np.argsort(keys, kind="stable")
        return keys[order], order

    def find(self, context: IntArray | int, hand: IntArray | int) -> IntArray:
        """The row of each ``(context, hand)`` (broadcast), ``-1`` where play never gets
        there or ``hand`` is negative (no such hand)."""
        ctx = np.asarray(context, dtype=np.int64)
        index = np.asarray(hand, dtype=np.int64)
        keys, order = self._sorted
        wanted = ctx * self.space + index
        if not len(keys):
            return np.full(wanted.shape, -1, dtype=np.int64)
        pos = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
        hit = (keys[pos] == wanted) & (index >= 0)
        found: IntArray = np.where(hit, order[pos], -1)
        return found

    @cached_property
    def rowmap(self) -> IntArray:
        """``(contexts, hand space)`` -> row, ``-1`` where play never gets there (built on
        first use: :meth:`find` looks rows up without it)."""
        table = np.full((self.contexts, self.space), -1, dtype=np.int64)
        table[self.context, self.hand] = np.arange(len(self.code))
        return table


SPLIT_STAND, SPLIT_HIT, SPLIT_DOUBLE = 0, 1, 2
"""Action codes of a split hand (a hand that stops, or split aces' one card, stands)."""
_CODE = {Action.STAND: SPLIT_STAND, Action.HIT: SPLIT_HIT, Action.DOUBLE: SPLIT_DOUBLE}


class SplitSolver:
    """Split values of every pair against one up card under one policy.

    All split contexts ``(pair, committed, hands)`` of the up card are valued together, a layer
    of equal card count at a time over the rows ``(context, hand)`` the policy reaches: a
    forward pass lists the rows and the dealer removals they settle against (one dealer batch),
    a backward pass values them. Each hand's value removes its own cards and ``committed - 1``
    more pair cards; ``hands`` is the number of hands the play of the hand may depend on (CDP),
    ``0`` when the play does not depend on it.

    When :func:`.compiled.active` says so, both passes (and every pair's :meth:`value`, and
    CDP1's and CDP's plays) run as the kernels of :mod:`.kernels_split`: the same rows and the
    same sums in the same order.
    """

    def __init__(
        self,
        solver: UpcardSolver,
        policy: Policy,
        *,
        first_hand_play: bool = False,
        by_hands: bool = False,
    ) -> None:
        self.solver = solver
        self._policy = ref(policy)
        """The policy, weakly: it holds this solver (``policy.splits``), and a cycle would keep
        both and the up card's arrays (megabytes) until the garbage collector runs; freed when
        the last user lets go, the next computation reuses their memory instead of fresh pages."""
        self.first_hand_play = first_hand_play or by_hands
        """CDP1 and CDP: a split hand plays what is best for a split hand of its pair with the
        other hands' pair cards out of the shoe, not the unsplit hand's play."""
        self.by_hands = by_hands
        """CDP: that play is chosen for the number of hands on the spot when the hand is played
        (CDP1: always as if there were two)."""
        self._pair_play: dict[tuple[int, int], IntArray] = {}
        self._values: dict[int, Value] = {}
        self._second_cards: dict[tuple[int, int, int], list[tuple[int, float, int]]] = {}
        self._doubles: BoolArray | None = None
        """Per hand of the space, whether it is two cards a split hand may double."""
        self._pair_hands: dict[int, IntArray] = {}
        """Per pair card, the space row of the pair card plus each rank (``-1``: none)."""
        self._decisions: IntArray = np.zeros(0, dtype=np.int64)
        self._contexts: dict[tuple[int, int, int], int] = {}
        self._ev: FloatArray = np.zeros(0)
        self._st: FloatArray = np.zeros(0)
        self._ev_first: FloatArray = np.zeros(0)
        self.rows: SplitRows | None = None
        """The rows of the last :meth:`prepare`."""

    @property
    def policy(self) -> Policy:
        """The policy whose plays the split hands follow (the one that made this solver)."""
        policy = self._policy()
        if policy is None:
            raise ReferenceError("the policy of this split solver no longer exists")
        return policy

    def resplits(self, pair: int) -> bool:
        """Whether a pair card drawn to a split hand of ``pair`` may be split again."""
        rules = self.solver.rules
        return rules.max_split_hands > 2 and (pair != ACE or rules.resplit_aces)

    def committed_range(self, pair: int) -> range:
        """The numbers of pair cards out of the shoe a split hand of ``pair`` is valued with:
        every ``2 + resplits + t`` of :meth:`pattern_terms`, never more than the shoe holds."""
        most = _most_committed(self.solver.rules.max_split_hands, self.resplits(pair))
        return range(2, min(most, self.solver.shoe[pair]) + 1)

    # -- decisions ---------------------------------------------------------------------------

    def _decide(self, rows: IntArray) -> IntArray:
        """The policy's action code for each hand row of the space (two-card rules apply)."""
        solver = self.solver
        space = solver.space
        if len(self._decisions) != len(space):
            self._decisions = np.full(len(space), -1, dtype=np.int64)
        todo = _distinct(rows[self._decisions[rows] < 0])
        if len(todo):
            policy = self.policy
            batch = getattr(policy, "split_actions", None)
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
                        action = policy.choose(hand, frozenset(legal))
                    else:
                        action = Action.HIT if policy.hits(hand) else Action.STAND
                    self._decisions[i] = _CODE[action]
        decided: IntArray = self._decisions[rows]
        return decided

    def pair_play(self, pair: int, hands: int = 2) -> IntArray:
        """CDP1's (and CDP's) action code for every row of the hand space holding a ``pair``
        card: the best of standing, hitting (then playing on the same way) and doubling two
        cards (with ``double_after_split``) for a split hand whose removal is its cards and the
        other ``hands - 1`` hands' pair cards (``-1`` where the shoe cannot deal the hand so)."""
        key = (pair, hands)
        found = self._pair_play.get(key)
        if found is not None:
            return found
        from twentyone.analysis.exact.compiled import active

        if active() and self._standard_solver():
            found = self._pair_play[key] = self._pair_play_compiled(pair, hands)
            return found
        solver = self.solver
        space = solver.space
        n = len(space)
        extra = np.zeros(10, dtype=np.int64)
        extra[pair] = hands - 1
        removed = space.comps + extra[None, :]
        rows = np.flatnonzero(
            (space.comps[:, pair] >= 1) & np.all(removed <= solver._shoe_arr[None, :], axis=1)
        )
        code = np.full(n, -1, dtype=np.int64)
        stand = np.zeros(n)
        stand[rows] = solver.settle_rows(space.comps[rows], removed[rows], 1, True)[0]
        probs = np.zeros((n, 10))
        probs[rows] = solver.draw_rows(removed[rows])
        double = np.full(n, -np.inf)
        two = rows[space.ncards[rows] == 2]
        if solver.rules.double_after_split and len(two):
            ok = np.array(
                [can_double(solver.rules, tuple(space.comps[i].tolist())) for i in two.tolist()],
                dtype=np.bool_,
            )
            two = two[ok]
            grown = space.grown[two]
            d_val = np.zeros(len(two))
            for c in range(10):
                g = grown[:, c]
                take = (g >= 0) & (probs[two, c] > 0)
                if np.any(take):
                    grown_hands = space.comps[g[take]]
                    d_ev = solver.settle_rows(grown_hands, grown_hands + extra[None, :], 2, True)[0]
                    d_val[take] += probs[two[take], c] * d_ev
            double[two] = d_val
        best = stand.copy()
        member = np.zeros(n, dtype=np.bool_)
        member[rows] = True
        for start, stop in reversed(space.layers):
            layer = np.arange(start, stop)
            layer = layer[member[layer]]
            if not len(layer):
                continue
            hit = expect_children(probs[layer], space.child[layer], best, best)[0]
            live = ~space.stops[layer]
            choice = np.where(live & (hit > stand[layer] + _EPS), SPLIT_HIT, SPLIT_STAND)
            value = np.where(choice == SPLIT_HIT, hit, stand[layer])
            doubles = live & (double[layer] > value + _EPS)
            choice = np.where(doubles, SPLIT_DOUBLE, choice)
            best[layer] = np.where(doubles, double[layer], value)
            code[layer] = choice
        self._pair_play[key] = code
        return code

    # -- the batch ----------------------------------------------------------------------------

    def prepare(self) -> None:
        """Value every split hand of every pair the shoe can split (see the class docstring)."""
        solver = self.solver
        rules = solver.rules
        space = solver.space
        shoe = solver._shoe_arr
        n = len(space)
        self._values.clear()
        self._second_cards.clear()
        contexts: list[tuple[int, int, int]] = []
        if rules.max_split_hands >= 2:
            for pair in range(10):
                if solver.shoe[pair] < 2:
                    continue
                if self.by_hands:
                    wanted = {
                        (term[1], term[4])
                        for _, hands in self.hand_terms(pair)
                        for terms in hands
                        for term in terms
                    }
                    contexts += [(pair, m, k) for m, k in sorted(wanted)]
                else:
                    contexts += [(pair, m, 0) for m in self.committed_range(pair)]
        self._contexts = {ctx: k for k, ctx in enumerate(contexts)}
        k_count = len(contexts)
        extra = np.zeros((k_count, 10), dtype=np.int64)
        one_card = np.zeros(k_count, dtype=np.bool_)
        for k, (pair, committed, _) in enumerate(contexts):
            extra[k, pair] = committed - 1
            one_card[k] = pair == ACE and not rules.hit_split_aces
        if k_count and self._compiled():
            self._prepare_compiled(contexts, extra, one_card)
            return
        # Forward: the rows each layer reaches.
        start_ctx: list[int] = []
        start_hand: list[int] = []
        for k, (pair, committed, _) in enumerate(contexts):
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
        # Per layer with hitting rows: those rows and the row of each one's child per next card
        # (-1 where the card cannot come), to fill in their values from the next layer's.
        steps: list[tuple[IntArray, IntArray]] = []
        total_rows = 0
        while len(layer_ctx):
            order = np.argsort(layer_ctx * n + layer_hand, kind="stable")
            layer_ctx, layer_hand = layer_ctx[order], layer_hand[order]
            settles = space.stops[layer_hand] | (
                one_card[layer_ctx] & (space.ncards[layer_hand] == 2)
            )
            code = np.full(len(layer_ctx), SPLIT_STAND, dtype=np.int64)
            if np.any(~settles) and self.first_hand_play:
                for k in np.unique(layer_ctx[~settles]).tolist():
                    pick = ~settles & (layer_ctx == k)
                    pair, _, hands = contexts[k]
                    code[pick] = self.pair_play(pair, hands or 2)[layer_hand[pick]]
            elif np.any(~settles):
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
            uniq = _distinct(sel_ctx * n + sel_hand)
            if len(h_ctx):
                # The next layer is ``uniq`` in this order (sorted: the sort above keeps it).
                child_rows = np.full(child.shape, -1, dtype=np.int64)
                child_rows[avail] = total_rows + np.searchsorted(uniq, sel_ctx * n + sel_hand)
                steps.append((np.flatnonzero(hitting) + (total_rows - len(layer_ctx)), child_rows))
            layer_ctx, layer_hand = uniq // n, uniq % n
        row_ctx = np.concatenate(all_ctx) if all_ctx else np.zeros(0, dtype=np.int64)
        row_hand = np.concatenate(all_hand) if all_hand else np.zeros(0, dtype=np.int64)
        row_code = np.concatenate(all_code) if all_code else np.zeros(0, dtype=np.int64)
        hands = space.comps[row_hand]
        removed = hands + extra[row_ctx]
        # The next card's chances matter only to the rows that draw one (most rows stand).
        draws = np.flatnonzero(row_code != SPLIT_STAND)
        probs = np.zeros((len(row_code), 10))
        probs[draws] = solver.draw_rows(removed[draws])
        # Settled values: standing rows (stake 1) and the drawn card of doubled rows (stake 2).
        doubling = np.flatnonzero(row_code == SPLIT_DOUBLE)
        dbl_rows = np.repeat(doubling, 10)
        dbl_card = np.tile(np.arange(10), len(doubling))
        ok = probs[dbl_rows, dbl_card] > 0
        dbl_rows, dbl_card = dbl_rows[ok], dbl_card[ok]
        eye = np.eye(10, dtype=np.int64)
        dbl_hands = hands[dbl_rows] + eye[dbl_card]
        dbl_removed = removed[dbl_rows] + eye[dbl_card]
        standing = row_code == SPLIT_STAND
        # One dealer batch for every removal the split hands settle against.
        settled = np.concatenate((hands[standing], dbl_hands))
        settled_removed = np.concatenate((removed[standing], dbl_removed))
        versus = solver.versus_dealer(settled)
        vectors = np.zeros((len(settled), N_OUTCOMES))
        vectors[versus] = solver.dealer_rows(settled_removed[versus])
        stands = int(np.count_nonzero(standing))

        def finished(first: bool) -> tuple[FloatArray, FloatArray]:
            return self._values_of(
                row_code=row_code,
                probs=probs,
                settled=settled,
                settled_removed=settled_removed,
                vectors=vectors,
                stands=stands,
                dbl_rows=dbl_rows,
                dbl_card=dbl_card,
                first=first,
            )

        ev, st = finished(False)
        # The first hand loses its stake to a dealer blackjack even where the others get theirs
        # back (no peek, ``bj_takes_split_vs_*`` off): its values are kept apart.
        ev_first = ev
        if not solver.peek and not solver.takes_split:
            ev_first, _ = finished(True)
        rows = SplitRows(
            layers,
            row_code,
            row_ctx,
            row_hand,
            k_count,
            n,
            comps=space.comps,
            extra=extra,
            draw=solver.draw_rows,
            removed=removed,
            probs=probs,
        )
        steps.reverse()
        from twentyone.analysis.exact.compiled import active

        if steps and active():
            from twentyone.analysis.exact.kernels import fill_hits

            # One compiled pass over the layers, last first (the same sums, in the same order).
            stacked = np.stack((ev, st) if ev_first is ev else (ev, st, ev_first))
            hitting = np.concatenate([h for h, _ in steps])
            fill_hits(hitting, np.concatenate([c for _, c in steps]), probs[hitting], stacked)
            apart = ev_first is not ev
            ev, st = stacked[0], stacked[1]
            ev_first = stacked[2] if apart else ev
        else:
            for values in (ev, st) if ev_first is ev else (ev, st, ev_first):
                for hitting, child in steps:
                    values[hitting] = expect_children(probs[hitting], child, values, values)[0]
        self._ev, self._st, self._ev_first = ev, st, ev_first
        self.rows = rows

    def _compiled(self) -> bool:
        """Whether :meth:`prepare` runs the compiled kernels (:mod:`.kernels_split`): when
        :func:`.compiled.active` says so, the policy decides rows in batches (or CDP1 / CDP
        plays), and the solver settles and draws as :class:`UpcardSolver` does (the kernels
        settle the hands themselves)."""
        from twentyone.analysis.exact.compiled import active

        if not active():
            return False
        if not self.first_hand_play and getattr(self.policy, "split_actions", None) is None:
            return False
        return self._standard_solver()

    def _standard_solver(self) -> bool:
        """Whether the solver settles and draws as :class:`UpcardSolver` does (the kernels of
        :mod:`.kernels_split` settle hands themselves)."""
        kind = type(self.solver)
        return all(getattr(kind, name) is getattr(UpcardSolver, name) for name in _SETTLES)

    def _pair_play_compiled(self, pair: int, hands: int) -> IntArray:
        """:meth:`pair_play` by the kernels (the same sums in the same order)."""
        from twentyone.analysis.exact.kernels_split import play_codes, play_rows

        solver = self.solver
        space = solver.space
        n = len(space)
        charlie = solver.charlie if solver.charlie and solver.rules.charlie_wins else 0
        member, rows, removals = play_rows(
            pair, hands - 1, solver._shoe_arr, space.comps, space.total, space.ncards, charlie
        )
        vectors = solver.dealer_rows(removals) if len(removals) else np.zeros((0, N_OUTCOMES))
        if self._doubles is None:
            self._doubles = np.zeros(n, dtype=np.bool_)
            if solver.rules.double_after_split:
                for i in np.flatnonzero(space.ncards == 2).tolist():
                    hand = tuple(space.comps[i].tolist())
                    self._doubles[i] = can_double(solver.rules, hand)
        bounds = np.array([start for start, _ in space.layers] + [n], dtype=np.int64)
        code = np.full(n, -1, dtype=np.int64)
        play_codes(
            pair,
            hands - 1,
            member,
            rows,
            vectors,
            _VERSUS,
            self._doubles,
            bounds,
            space.comps,
            space.ncards,
            space.total,
            space.stops,
            space.child,
            space.grown,
            solver._shoe_arr,
            solver.cards,
            {ACE: TEN, TEN: ACE}.get(solver.up, -1),
            solver.peek,
            solver.takes_split,
            solver.takes_double,
            _EPS,
            code,
        )
        return code

    def _prepare_compiled(
        self, contexts: list[tuple[int, int, int]], extra: IntArray, one_card: BoolArray
    ) -> None:
        """:meth:`prepare` by the kernels of :mod:`.kernels_split`: the same rows, codes and
        values (every sum in the same order), and every pair's :meth:`value` at once."""
        from twentyone.analysis.exact.kernels_split import pair_values, split_rows, split_values

        solver = self.solver
        space = solver.space
        n = len(space)
        k_count = len(contexts)
        pair = np.array([ctx[0] for ctx in contexts], dtype=np.int64)
        committed = np.array([ctx[1] for ctx in contexts], dtype=np.int64)
        # The play of each context's rows: one row of ``table`` per distinct play.
        which = np.zeros(k_count, dtype=np.int64)
        if self.first_hand_play:
            plays: dict[tuple[int, int], int] = {}
            for k, (p, _, hands) in enumerate(contexts):
                if not one_card[k]:  # split aces that take one card decide nothing
                    which[k] = plays.setdefault((p, hands or 2), len(plays))
            table = np.zeros((max(len(plays), 1), n), dtype=np.int64)
            for (p, hands), t in plays.items():
                table[t] = self.pair_play(p, hands)
        else:
            table = np.full((1, n), SPLIT_STAND, dtype=np.int64)
            live = np.flatnonzero(solver.valid & ~space.stops)
            table[0, live] = self._decide(live)
        charlie = solver.charlie if solver.charlie and solver.rules.charlie_wins else 0
        ctx, hand, code, bounds, hit_row, hit_child, start_row, items, removals = split_rows(
            pair,
            committed,
            one_card,
            extra,
            which,
            table,
            self._two_card_rows(),
            solver._shoe_arr,
            space.comps,
            space.child,
            space.grown,
            space.stops,
            space.ncards,
            space.total,
            charlie,
        )
        vectors = solver.dealer_rows(removals) if len(removals) else np.zeros((0, N_OUTCOMES))
        apart = not solver.peek and not solver.takes_split
        values = np.zeros((3 if apart else 2, len(code)))
        other = {ACE: TEN, TEN: ACE}.get(solver.up, -1)
        split_values(
            ctx,
            hand,
            items,
            vectors,
            _VERSUS,
            hit_row,
            hit_child,
            space.comps,
            extra,
            space.ncards,
            space.total,
            solver._shoe_arr,
            solver.cards,
            other,
            solver.peek,
            solver.takes_split,
            solver.takes_double,
            values,
        )
        self._ev, self._st = values[0], values[1]
        self._ev_first = values[2] if apart else values[0]
        layers = [(int(a), int(b)) for a, b in pairwise(bounds.tolist())]
        self.rows = SplitRows(
            layers,
            code,
            ctx,
            hand,
            k_count,
            n,
            comps=space.comps,
            extra=extra,
            draw=solver.draw_rows,
        )
        # Every pair's value, as :meth:`value` sums it.
        most_m = int(committed.max()) + 1
        most_k = max(ctx[2] for ctx in contexts) + 1
        index = np.full((10, most_m, most_k), -1, dtype=np.int64)
        index[pair, committed, [ctx[2] for ctx in contexts]] = np.arange(k_count)
        rules = solver.rules
        for resplit in (False, True):
            todo = [
                (p, self.committed_range(p))
                for p in dict.fromkeys(pair.tolist())
                if self.resplits(p) == resplit
            ]
            todo = [(p, r) for p, r in todo if len(r) and r.step == 1]
            if not todo:
                continue
            splits, restricted, kinds, at = _pattern_table(rules.max_split_hands, resplit)
            out = np.zeros((len(todo), 2))
            pair_values(
                np.array([p for p, _ in todo], dtype=np.int64),
                np.array([r.start for _, r in todo], dtype=np.int64),
                np.array([r.stop for _, r in todo], dtype=np.int64),
                np.array([_same_rank_share(solver, p) for p, _ in todo]),
                solver._shoe_arr,
                solver.cards,
                splits,
                restricted,
                kinds,
                at,
                self.by_hands,
                index,
                start_row,
                values,
                out,
            )
            for (p, _), (ev, staked) in zip(todo, out.tolist(), strict=True):
                self._values[p] = (ev, staked)

    def _two_card_rows(self) -> IntArray:
        """``(10, 10)``: the hand space's row of each pair card plus each card (``-1``: none),
        found once per hand space (the up cards of a shoe share theirs)."""
        space = self.solver.space
        found = _TWO_CARDS.get(space)
        if found is None:
            found = _TWO_CARDS[space] = space.find(_TWO_CARD_KEYS).reshape(10, 10)
        return found

    def _values_of(
        self,
        *,
        row_code: IntArray,
        probs: FloatArray,
        settled: IntArray,
        settled_removed: IntArray,
        vectors: FloatArray,
        stands: int,
        dbl_rows: IntArray,
        dbl_card: IntArray,
        first: bool,
    ) -> tuple[FloatArray, FloatArray]:
        """Values of the rows that stand or double (the hitting rows are filled in later):
        ``settled`` holds the standing rows' hands (the first ``stands``) then each doubled
        row's hand with its drawn card, ``settled_removed`` their removals and ``vectors``
        their dealer vectors."""
        solver = self.solver
        ev = np.zeros(len(row_code))
        st = np.zeros(len(row_code))
        standing = row_code == SPLIT_STAND
        ev[standing], st[standing] = solver.settle_rows(
            settled[:stands], settled_removed[:stands], 1, True, first, dealer=vectors[:stands]
        )
        d_ev, d_st = solver.settle_rows(
            settled[stands:], settled_removed[stands:], 2, True, first, dealer=vectors[stands:]
        )
        for c in range(10):
            pick = dbl_card == c
            ev[dbl_rows[pick]] += probs[dbl_rows[pick], c] * d_ev[pick]
            st[dbl_rows[pick]] += probs[dbl_rows[pick], c] * d_st[pick]
        return ev, st

    def context(self, pair: int, committed: int, hands: int = 0) -> int:
        """The index of context ``(pair, committed, hands)`` in :attr:`rows`."""
        return self._contexts[(pair, committed, hands)]

    def hand_value(
        self, pair: int, committed: int, hand: Composition, first: bool = False, hands: int = 0
    ) -> Value:
        """The value of one split hand in context ``(pair, committed, hands)``; ``first``: the
        hand played first (it alone may lose its stake to a dealer blackjack, see
        :meth:`prepare`)."""
        if self.rows is None:
            self.prepare()
        assert self.rows is not None
        index = self.solver.space.row(hand)
        row = int(self.rows.find(self.context(pair, committed, hands), index))
        if row < 0:
            raise ValueError("the split hand is not reachable")
        ev = self._ev_first if first else self._ev
        return float(ev[row]), float(self._st[row])

    def second_card_value(
        self, pair: int, committed: int, restricted: bool, first: bool, hands: int = 0
    ) -> Value:
        """``E[value of a split hand; its second card]`` with ``committed`` pair cards out
        (``hands``: as in :meth:`context`).

        Restricted: only the second cards that do not pair the hand count (the sum is not
        divided by their chance, which the pattern weights of :meth:`value` carry).
        """
        if self.rows is None:
            self.prepare()
        key = (pair, committed, hands)
        draws = self._second_cards.get(key)
        if draws is None:
            draws = self._second_cards[key] = self._second_card_rows(pair, committed, hands)
        ev = self._ev_first if first else self._ev
        st = self._st
        e = s = 0.0
        for c, p, row in draws:
            chance = p
            if restricted and c == pair:
                pairs = self.solver.shoe[pair] * _same_rank_share(self.solver, pair) - committed
                chance -= pairs / (self.solver.cards - committed)
            e += chance * float(ev[row])
            s += chance * float(st[row])
        return e, s

    def _second_card_rows(
        self, pair: int, committed: int, hands: int
    ) -> list[tuple[int, float, int]]:
        """Each second card of a split hand of ``pair`` with ``committed`` pair cards out: the
        card, its chance and the two-card hand's row."""
        solver = self.solver
        assert self.rows is not None
        k = self.context(pair, committed, hands)
        draws = solver.draws(add((0,) * 10, pair, committed))
        two_cards = self._pair_hands.get(pair)
        if two_cards is None:
            one = add((0,) * 10, pair)
            two_cards = np.array([solver.space.row(add(one, c)) for c in range(10)], np.int64)
            self._pair_hands[pair] = two_cards
        index = two_cards[[c for c, _ in draws]]
        rows = self.rows.find(k, index).tolist()
        if min(rows, default=0) < 0:
            raise ValueError("the split hand is not reachable")
        return [(c, p, row) for (c, p), row in zip(draws, rows, strict=True)]

    def value(self, pair: int) -> Value:
        """Value of splitting a pair of ``pair`` (all hands together, per initial bet).

        Exact for resplits. Order the cards of a round as: every hand's second card (the
        resplits' pair cards among them) first, then each hand's later cards, then the dealer's.
        The chance of a run of cards depends only on how many of each rank it holds, and which
        cards a hand takes after its second depends on its own cards only, so this reordering
        changes no probability. Then, for one hand and one :class:`SplitPattern`, the other
        hands' second cards may be moved after the dealer's (they are summed out), except that
        a restricted one must not be a pair card: ``[not a pair card] = 1 - [a pair card]``
        expanded over the ``r`` other restricted hands gives

            ``sum_t (-1)^t C(r, t) P(s + t pair cards first) * W(2 + s + t)``

        with ``s`` the pattern's resplits and ``W(m)`` :meth:`second_card_value` with ``m``
        pair cards out.
        """
        found = self._values.get(pair)
        if found is not None:
            return found
        memo: dict[tuple[int, bool, bool, int], Value] = {}
        ev = staked = 0.0
        for _, hands in self.hand_terms(pair):
            for terms in hands:
                for weight, m, restricted, first, k in terms:
                    key = (m, restricted, first, k)
                    w = memo.get(key)
                    if w is None:
                        w = memo[key] = self.second_card_value(pair, m, restricted, first, k)
                    ev += weight * w[0]
                    staked += weight * w[1]
        out = (ev, staked)
        self._values[pair] = out
        return out

    def pattern_terms(
        self, pair: int
    ) -> list[tuple[SplitPattern, list[list[tuple[float, int, bool, bool]]]]]:
        """The terms of :meth:`value`: per pattern, per hand in play order, the
        ``(weight, pair cards out, restricted, first hand)`` of each second-card value (for a
        play that does not depend on the number of hands, see :meth:`hand_terms`)."""
        return [
            (pattern, [[t[:4] for t in terms] for terms in hands])
            for pattern, hands in self.hand_terms(pair)
        ]

    def hand_terms(
        self, pair: int
    ) -> list[tuple[SplitPattern, list[list[tuple[float, int, bool, bool, int]]]]]:
        """:meth:`pattern_terms` with each term's context ``hands`` (:meth:`context`): the
        number of hands when the hand is played for CDP, else ``0``."""
        solver = self.solver
        pairs = solver.shoe[pair] * _same_rank_share(solver, pair) - 2
        cards = solver.cards - 2
        reachable = self.committed_range(pair)

        chances = [1.0]

        def first_out(j: int) -> float:
            # The product over i < j, each new factor multiplied on in order (kept for reuse).
            while len(chances) <= j:
                i = len(chances) - 1
                chances.append(chances[i] * (max(pairs - i, 0.0) / (cards - i)))
            return chances[j]

        out = []
        for pattern in split_patterns(solver.rules.max_split_hands, self.resplits(pair)):
            hands = []
            for h, restricted in enumerate(pattern.kinds):
                others = pattern.restricted - restricted
                k = pattern.hands_at[h] if self.by_hands else 0
                terms = []
                for t in range(others + 1):
                    m = 2 + pattern.splits + t
                    if m not in reachable:
                        break
                    weight = (-1) ** t * comb(others, t) * first_out(pattern.splits + t)
                    terms.append((weight, m, restricted, h == 0, k))
                hands.append(terms)
            out.append((pattern, hands))
        return out

    def reset(self) -> None:
        """Forget values and decisions (the policy changed)."""
        self._values.clear()
        self._second_cards.clear()
        self._decisions = np.zeros(0, dtype=np.int64)
        self.rows = None
        self._pair_play.clear()


_TWO_CARDS: WeakKeyDictionary[HandSpace, IntArray] = WeakKeyDictionary()
"""Per hand space, :meth:`SplitSolver._two_card_rows`."""
_KEY_WEIGHTS = 64 ** np.arange(10, dtype=np.int64)
_TWO_CARD_KEYS = (_KEY_WEIGHTS[:, None] + _KEY_WEIGHTS[None, :]).ravel()
"""The :func:`~.space.keys` of every two-card hand ``(pair card, card)``, pair card first."""

_SETTLES = ("settle_rows", "blackjack_rows", "draw_rows", "versus_dealer", "dealer_rows")
"""The solver's methods the compiled split pass does the work of (or calls) as they are."""

_VERSUS = np.zeros((22, N_OUTCOMES))
"""``_VERSUS[t]``: a standing total ``t``'s result against each dealer outcome (a dealer
blackjack is settled apart), as :meth:`UpcardSolver.settle_rows` reads it."""
_VERSUS[:, : Outcome.BUST] = np.sign(np.arange(22)[:, None] - np.arange(17, 22)[None, :])
_VERSUS[:, Outcome.BUST] = 1.0


@cache
def _pattern_table(max_hands: int, resplit: bool) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """:func:`split_patterns` as arrays: each pattern's resplits and restricted hands, and per
    hand in play order its kind (1 restricted, 0 any card, -1 no such hand) and the hands on
    the spot when it is played."""
    patterns = split_patterns(max_hands, resplit)
    width = max((len(p.kinds) for p in patterns), default=1)
    kinds = np.full((len(patterns), width), -1, dtype=np.int64)
    at = np.zeros((len(patterns), width), dtype=np.int64)
    for q, pattern in enumerate(patterns):
        kinds[q, : len(pattern.kinds)] = pattern.kinds
        at[q, : len(pattern.kinds)] = pattern.hands_at
    splits = np.array([p.splits for p in patterns], dtype=np.int64)
    restricted = np.array([p.restricted for p in patterns], dtype=np.int64)
    return splits, restricted, kinds, at


def _distinct(values: IntArray) -> IntArray:
    """The distinct values, sorted (as ``np.unique``, by one sort)."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), dtype=np.bool_)
    keep[1:] = ordered[1:] != ordered[:-1]
    distinct: IntArray = ordered[keep]
    return distinct


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
    "SplitPattern",
    "SplitRows",
    "SplitSolver",
    "hand_total",
    "pair_index",
    "split_patterns",
]
