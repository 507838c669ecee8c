"""Player expected values against one up card, with exact removal of every card seen.

Conventions (one :class:`UpcardSolver` per shoe and up card):

* A value is a pair ``(ev, stake)``: the expected result and the expected amount staked, both
  per unit of initial bet on the hand.
* With a peeking dealer (``peek = ace_and_ten``) values are *unconditional* expectations of
  ``result * [dealer has no blackjack]``: the player's draws come from the shoe with only the up
  card removed and the dealer's blackjack chance is counted against the hand's final cards.
  Comparing actions this way is the same as comparing them given no blackjack (the factor
  ``P(no blackjack | seen cards)`` is common), and it makes split hands exact (see
  :mod:`twentyone.analysis.exact.split`). The round-level blackjack term is added at the deal.
* Without a peek (no-peek and no-hole-card games) the dealer's blackjack is an outcome like any
  other: it takes from each hand what the rules say (:meth:`UpcardSolver.settle`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from twentyone.analysis.exact.dealer import (
    N_OUTCOMES,
    DealerEvaluator,
    FloatArray,
    Outcome,
    compiled_trie,
)
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, hand_total, size
from twentyone.analysis.exact.space import (
    BoolArray,
    HandSpace,
    IntArray,
    hand_space,
    keys,
    totals,
)
from twentyone.rules import DoubleOn, PeekMode, Rules

if TYPE_CHECKING:  # the kernels import Numba: only the code that computes loads them
    from twentyone.analysis.exact.kernels import FlatTrie

_EPS = 1e-12
"""Two values closer than this are a tie (ties go to the first action of ``ACTION_ORDER``)."""

Value = tuple[float, float]
"""``(expected result, expected stake)`` per unit of initial bet."""

ZERO: Value = (0.0, 0.0)


def can_double(rules: Rules, hand: Composition) -> bool:
    """Whether a two-card hand may be doubled by ``double_on`` and ``double_hard_only``."""
    return _can_double(rules.double_on, rules.double_hard_only, hand)


@lru_cache(maxsize=4096)
def _can_double(double_on: DoubleOn, hard_only: bool, hand: Composition) -> bool:
    """:func:`can_double` by the two rules it reads (asked about a thousand times per house
    edge, for the same few dozen hands: remembered)."""
    total, soft = hand_total(hand)
    if hard_only and soft:
        return False
    if double_on is DoubleOn.NINE_TO_ELEVEN:
        return 9 <= total <= 11
    if double_on is DoubleOn.TEN_TO_ELEVEN:
        return 10 <= total <= 11
    return True


class UpcardSolver:
    """Exact values of every player hand against one up card.

    On construction every hand the shoe can deal (:class:`~.space.HandSpace`) is valued at once,
    a layer of equal card count at a time: standing, hitting then playing optimally (hit or
    stand), and doubling a two-card hand. The per-hand methods look those values up.

    Args:
        rules: the game.
        shoe: the cards left once the up card is dealt.
        up: the up card's composition index.
        space: the hands to value (default: every hand ``shoe`` and the up card can deal); a
            larger shoe's space may be passed (cached once for many shoes drawn from it): the
            hands this shoe cannot deal are marked invalid and left at zero.
    """

    def __init__(
        self, rules: Rules, shoe: Composition, up: int, space: HandSpace | None = None
    ) -> None:
        self.rules = rules
        self.shoe = shoe
        self.up = up
        self.cards = size(shoe)
        self.peek = rules.peek is PeekMode.ACE_AND_TEN
        if up == ACE:
            self.takes_double = rules.bj_takes_double_vs_ace
            self.takes_split = rules.bj_takes_split_vs_ace
        else:
            self.takes_double = rules.bj_takes_double_vs_ten
            self.takes_split = rules.bj_takes_split_vs_ten
        self.charlie = rules.charlie_cards
        self._shoe_arr = np.array(shoe, dtype=np.int64)
        self._shoe_float = self._shoe_arr.astype(np.float64)
        self._dealer_keys = np.zeros(0, dtype=np.int64)
        self._dealer_rows = np.zeros((0, N_OUTCOMES))
        from twentyone.analysis.exact.compiled import active

        self._compiled = active()
        """Whether the compiled kernels serve this solver (fixed at construction)."""
        self._dealer_evaluator: DealerEvaluator | None = None
        self._trie: FlatTrie | None = None
        if self._compiled:
            self._trie = compiled_trie(shoe, up, rules.dealer_hits_soft_17)
        self._store: tuple[IntArray, IntArray, FloatArray, int] = (
            np.full(16, -1, dtype=np.int64),
            np.zeros(16, dtype=np.int64),
            np.zeros((16, N_OUTCOMES)),
            0,
        )
        """The compiled path's dealer vectors (:func:`~.kernels_upcard.dealer_lookup`)."""
        self._draws: dict[Composition, list[tuple[int, float]]] = {}
        self._probs: FloatArray | None = None
        if space is None:
            full = list(shoe)
            full[up] += 1
            space = hand_space(tuple(full), self.charlie)
        self.space = space
        """The hands of the whole shoe (shared by the up cards); :attr:`valid` marks the ones
        this shoe can still deal."""
        self.valid: BoolArray
        if self._compiled and type(self).settle_rows is UpcardSolver.settle_rows:
            self._solve_unsplit_compiled()
        else:
            self.valid = np.all(self.space.comps <= self._shoe_arr[None, :], axis=1)
            self._solve_unsplit()

    # -- dealer ------------------------------------------------------------------------------

    @property
    def _evaluator(self) -> DealerEvaluator:
        """The NumPy code's dealer evaluator (built on first use)."""
        if self._dealer_evaluator is None:
            self._dealer_evaluator = DealerEvaluator(
                self.shoe, self.up, self.rules.dealer_hits_soft_17
            )
        return self._dealer_evaluator

    def _flat(self) -> FlatTrie:
        """The dealer trie as the kernels take it."""
        if self._trie is None:
            self._trie = self._evaluator._flat_trie()
        return self._trie

    def dealer_rows(self, removed: IntArray) -> FloatArray:
        """The dealer's unconditional outcome vectors ``(H, 7)`` for removal rows ``(H, 10)``.

        Removals are computed once per solver (keyed by :func:`~.space.keys`), in one batch per
        call for those not seen before.
        """
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        if self._compiled:
            return self._dealer_lookup(removed)
        wanted = keys(removed)
        pos = np.searchsorted(self._dealer_keys, wanted)
        known = pos < len(self._dealer_keys)
        known[known] = self._dealer_keys[pos[known]] == wanted[known]
        if not np.all(known):
            new_keys, first = np.unique(wanted[~known], return_index=True)
            # The keys are the dealer's suffix keys: sorted and distinct already.
            rows = self._evaluator.probabilities(removed[~known][first], distinct=True)
            merged = np.concatenate((self._dealer_keys, new_keys))
            order = np.argsort(merged, kind="stable")
            self._dealer_keys = merged[order]
            self._dealer_rows = np.concatenate((self._dealer_rows, rows))[order]
            pos = np.searchsorted(self._dealer_keys, wanted)
        return self._dealer_rows[pos]

    def _dealer_lookup(self, removed: IntArray) -> FloatArray:
        """:meth:`dealer_rows` by the compiled store (one kernel call)."""
        from twentyone.analysis.exact.kernels_upcard import dealer_lookup

        out = np.empty((len(removed), N_OUTCOMES))
        table, slots, vectors, count = self._store
        store = dealer_lookup(
            np.ascontiguousarray(removed),
            self._shoe_arr,
            table,
            slots,
            vectors,
            count,
            self._flat(),
            out,
        )
        if store[3] < 0:
            raise ValueError("removed cards are not in the shoe")
        self._store = store
        return out

    def dealer_batch(self, removed: IntArray) -> FloatArray:
        """:meth:`dealer_rows` without keeping the vectors (for one large batch of removals
        that will not be asked again)."""
        if self._compiled:
            from twentyone.analysis.exact.kernels_upcard import dealer_vectors

            removed = np.ascontiguousarray(removed, dtype=np.int64).reshape(-1, 10)
            out = np.zeros((len(removed), N_OUTCOMES))
            if not dealer_vectors(removed, self._shoe_arr, self._flat(), out):
                raise ValueError("removed cards are not in the shoe")
            return out
        return self._evaluator.probabilities(removed)

    def dealer(self, removed: Composition) -> tuple[float, ...]:
        """The dealer's unconditional outcome vector with ``removed`` out of the shoe."""
        return tuple(self.dealer_rows(np.array([removed]))[0].tolist())

    def prepare(self, removals: Iterable[Composition]) -> None:
        """Compute the dealer vectors of many removals in one batch."""
        todo = list(removals)
        if todo:
            self.dealer_rows(np.array(todo, dtype=np.int64))

    def unsplit_hands(self) -> list[Composition]:
        """Every unsplit hand of two or more cards that play can reach (deal, hit, double)."""
        return sorted(tuple(row) for row in self.space.comps[self.valid].tolist())

    def blackjack_chance(self, removed: Composition) -> float:
        """Chance that the hole card makes a dealer blackjack given the removed cards."""
        left = self.cards - size(removed)
        if self.up == ACE:
            return (self.shoe[TEN] - removed[TEN]) / left
        if self.up == TEN:
            return (self.shoe[ACE] - removed[ACE]) / left
        return 0.0

    def blackjack_rows(self, removed: IntArray) -> FloatArray:
        """:meth:`blackjack_chance` of each removal row."""
        left = (self.cards - removed.sum(axis=1)).astype(np.float64)
        if self.up in (ACE, TEN):
            other = TEN if self.up == ACE else ACE
            chance: FloatArray = (self.shoe[other] - removed[:, other]) / left
            return chance
        return np.zeros(len(removed))

    def draw_rows(self, removed: IntArray) -> FloatArray:
        """``(H, 10)`` chance of each next card after each removal row (zero if none left)."""
        chances: FloatArray = self._shoe_float[None, :] - removed
        over = chances.min(axis=1) < 0.0
        np.maximum(chances, 0.0, out=chances)
        chances /= np.maximum(self.cards - removed.sum(axis=1), 1)[:, None]
        chances[over] = 0.0
        return chances

    def draws(self, removed: Composition) -> list[tuple[int, float]]:
        """Each card index that can come next, with its probability."""
        found = self._draws.get(removed)
        if found is None:
            left = self.cards - size(removed)
            shoe = self.shoe
            found = [
                (c, (shoe[c] - removed[c]) / left) for c in range(10) if shoe[c] - removed[c] > 0
            ]
            self._draws[removed] = found
        return found

    # -- settling finished hands -------------------------------------------------------------

    def stops(self, hand: Composition) -> bool:
        """Whether a hand takes no more decisions: bust, 21, or the Charlie card count."""
        total = hand_total(hand)[0]
        return total >= 21 or (self.charlie is not None and sum(hand) >= self.charlie)

    def versus_dealer(self, hands: IntArray) -> BoolArray:
        """Which finished hands (rows) are settled against the dealer's total (not bust and no
        winning Charlie): the ones that need a dealer vector."""
        versus: BoolArray = totals(hands)[0] <= 21
        if self.charlie is not None and self.rules.charlie_wins:
            versus &= hands.sum(axis=1) < self.charlie
        return versus

    def settle_rows(
        self,
        hands: IntArray,
        removed: IntArray,
        stake: int,
        split: bool,
        first: bool = False,
        *,
        dealer: FloatArray | None = None,
    ) -> tuple[FloatArray, FloatArray]:
        """Values ``(ev, stake)`` of finished hands (rows), as :meth:`settle` for each row.

        ``dealer``: the rows' dealer vectors, when the caller has them (only those of the rows
        :meth:`versus_dealer` picks are read), instead of :meth:`dealer_rows`."""
        hands = np.asarray(hands, dtype=np.int64).reshape(-1, 10)
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        total, _ = totals(hands)
        p_bj = self.blackjack_rows(removed)
        bust = total > 21
        versus = ~bust
        if self.charlie is not None and self.rules.charlie_wins:
            versus &= hands.sum(axis=1) < self.charlie
        win = np.where(bust, -float(stake) * (1.0 - p_bj), stake * (1.0 - p_bj))
        if np.any(versus):
            d = self.dealer_rows(removed[versus]) if dealer is None else dealer[versus]
            win[versus] = stake * np.einsum("ij,ij->i", d, _VERSUS[total[versus]])
        if self.peek:
            ev = win - p_bj * 0.0
            staked = stake * (1.0 - p_bj)
        else:
            loss = float((not split) or first or self.takes_split)
            if stake == 2 and self.takes_double:
                loss += 1.0
            ev = win - p_bj * np.where(bust, float(stake), loss)
            staked = np.full(len(hands), float(stake))
        return ev, staked

    def settle(
        self, hand: Composition, removed: Composition, stake: int, split: bool, first: bool = False
    ) -> Value:
        """Value of a finished hand.

        Args:
            hand: the hand's cards.
            removed: every card out of the shoe besides the up card (the hand, and for a split
                hand the other hands' pair cards).
            stake: 1, or 2 for a doubled hand.
            split: whether the hand came from a split.
            first: whether it is the first hand of a split (the one that keeps the original bet).

        Rules: a bust hand loses its whole stake whatever the dealer holds. A Charlie hand
        (``charlie_cards`` reached with ``charlie_wins``) wins 1:1 unless the dealer has a
        blackjack. Without a peek, a dealer blackjack takes the original bet of an unsplit hand,
        a split hand's stake only if ``bj_takes_split_vs_*`` (otherwise the round's original
        bet is taken once, in :mod:`~twentyone.analysis.exact.split`), and a double part only
        if ``bj_takes_double_vs_*``.
        """
        ev, staked = self.settle_rows(np.array([hand]), np.array([removed]), stake, split, first)
        return float(ev[0]), float(staked[0])

    # -- composition-dependent optimal values of an unsplit hand ------------------------------

    def _solve_unsplit(self) -> None:
        """Stand, hit (then hit or stand optimally) and double values of every hand."""
        space = self.space
        comps = space.comps
        n = len(space)
        valid = self.valid
        self._stand_ev = np.zeros(n)
        self._stand_st = np.zeros(n)
        self._stand_ev[valid], self._stand_st[valid] = self.settle_rows(
            comps[valid], comps[valid], 1, False
        )
        probs = self._probs = self._next_chances()
        best_ev = self._stand_ev.copy()
        best_st = self._stand_st.copy()
        hit_ev = np.zeros(n)
        hit_st = np.zeros(n)
        from twentyone.analysis.exact.compiled import active

        if space.live_layers and active():
            from twentyone.analysis.exact.kernels import hit_or_stand

            # One compiled pass over the layers, last first (the same sums, in the same order).
            order = np.concatenate(space.live_layers[::-1])
            hit_or_stand(
                order, space.child, probs, self._stand_ev, best_ev, best_st, hit_ev, hit_st, _EPS
            )
        else:
            for rows in reversed(space.live_layers):
                ev, st = expect_children(probs[rows], space.child[rows], best_ev, best_st)
                hit_ev[rows] = ev
                hit_st[rows] = st
                take = ev > self._stand_ev[rows] + _EPS
                best_ev[rows] = np.where(take, ev, best_ev[rows])
                best_st[rows] = np.where(take, st, best_st[rows])
        self._hit_ev, self._hit_st = hit_ev, hit_st
        self._best_ev, self._best_st = best_ev, best_st
        self._double_ev = np.zeros(n)
        self._double_st = np.zeros(n)
        if len(space.layers) > 1:
            start, stop = space.layers[0]
            s3, e3 = space.layers[1]
            d_ev = np.zeros(n)
            d_st = np.zeros(n)
            three = np.flatnonzero(valid[s3:e3]) + s3
            d_ev[three], d_st[three] = self.settle_rows(comps[three], comps[three], 2, False)
            ev, st = expect_children(probs[start:stop], space.grown[start:stop], d_ev, d_st)
            self._double_ev[start:stop] = ev
            self._double_st[start:stop] = st

    def _next_chances(self) -> FloatArray:
        """:attr:`probs` worked out: only the hands that may draw (a fifth of the space) and
        the two-card hands (doubles) need the chances of the next card; a hand that stops is
        worth its stand value."""
        space = self.space
        first = np.arange(*space.layers[0]) if space.layers else np.zeros(0, dtype=np.int64)
        draws = np.union1d(np.flatnonzero(~space.stops), first)
        probs = np.zeros((len(space), 10))
        probs[draws] = self.draw_rows(space.comps[draws])
        return probs

    @property
    def probs(self) -> FloatArray:
        """``(N, 10)`` chance of each next card of every hand of the space that may draw (and
        of every two-card hand), as :meth:`draw_rows` (zero for the others). The compiled
        path works the chances out where it uses them and builds this table only when it is
        asked for (basic strategy's passes read it)."""
        if self._probs is None:
            self._probs = self._next_chances()
        return self._probs

    def _solve_unsplit_compiled(self) -> None:
        """:attr:`valid` and :meth:`_solve_unsplit` in one kernel call (the same sums in the
        same order, the dealer vectors of the stand values kept in the compiled store)."""
        from twentyone.analysis.exact.kernels_upcard import unsplit_values

        space = self.space
        n = len(space)
        bounds = np.array([start for start, _ in space.layers] + [n], dtype=np.int64)
        outputs = [np.zeros(n) for _ in range(8)]
        self.valid = np.zeros(n, dtype=np.bool_)
        self._store = unsplit_values(
            space.comps,
            space._order,
            bounds,
            self.valid,
            space.total,
            space.ncards,
            space.stops,
            space.child,
            space.grown,
            self._shoe_arr,
            self.up,
            self.peek,
            self.charlie if self.charlie is not None and self.rules.charlie_wins else 0,
            self.takes_double,
            _EPS,
            self._flat(),
            _VERSUS,
            *outputs,
        )
        self._stand_ev, self._stand_st = outputs[0], outputs[1]
        self._best_ev, self._best_st = outputs[2], outputs[3]
        self._hit_ev, self._hit_st = outputs[4], outputs[5]
        self._double_ev, self._double_st = outputs[6], outputs[7]

    def row(self, hand: Composition) -> int:
        """The hand's row in :attr:`space` (an error if the shoe cannot deal it)."""
        found = self.space.row(hand)
        if found < 0 or not self.valid[found]:
            raise ValueError(f"hand {hand} cannot be dealt from this shoe")
        return found

    def stand(self, hand: Composition) -> Value:
        """Standing on an unsplit hand."""
        i = self.row(hand)
        return float(self._stand_ev[i]), float(self._stand_st[i])

    def hit(self, hand: Composition) -> Value:
        """Hitting an unsplit hand, then playing optimally (hit or stand)."""
        i = self.row(hand)
        return float(self._hit_ev[i]), float(self._hit_st[i])

    def best_hit_stand(self, hand: Composition) -> Value:
        """The better of hitting and standing (a hand that stops just settles)."""
        i = self.row(hand)
        return float(self._best_ev[i]), float(self._best_st[i])

    def double(self, hand: Composition) -> Value:
        """Doubling an unsplit two-card hand."""
        i = self.row(hand)
        if self.space.ncards[i] != 2:
            raise ValueError("only a two-card hand can be doubled")
        return float(self._double_ev[i]), float(self._double_st[i])

    def surrender(self, hand: Composition) -> Value:
        """Late surrender: half the stake is lost unless the dealer has a blackjack."""
        alive = 1.0 - self.blackjack_chance(hand) if self.peek else 1.0
        return -0.5 * alive, alive

    def stand_vector(self, hand: Composition) -> tuple[float, ...]:
        """The dealer's unconditional outcome vector against an unsplit hand."""
        return self.dealer(hand)


_DEALER_TOTALS = np.arange(17, 22, dtype=np.int64)
_VERSUS = np.zeros((22, N_OUTCOMES))
"""``_VERSUS[t]``: a standing total ``t``'s result against each dealer outcome (a dealer
blackjack is settled apart)."""
_VERSUS[:, : Outcome.BUST] = np.sign(np.arange(22)[:, None] - _DEALER_TOTALS[None, :])
_VERSUS[:, Outcome.BUST] = 1.0


def expect_children(
    probs: FloatArray, child: IntArray, value_ev: FloatArray, value_st: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """``sum_c probs[:, c] * value[child[:, c]]`` over the children that exist, in rank order.

    Summed one rank at a time so that each row adds its terms in the same order as a scalar
    loop over the ranks would. Passing the same array twice sums it once (both results are it).
    """
    ev = np.zeros(len(child))
    st = ev if value_st is value_ev else np.zeros(len(child))
    columns = np.ascontiguousarray(child.T)
    chances = np.ascontiguousarray(probs.T)
    for c in range(10):
        idx = columns[c]
        ok = idx >= 0
        if not ok.any():
            continue
        p = np.where(ok, chances[c], 0.0)
        ev += p * value_ev[idx]
        if st is not ev:
            st += p * value_st[idx]
    return ev, st
