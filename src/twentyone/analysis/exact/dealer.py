"""Dealer outcome probabilities for any shoe composition, up card and removal of seen cards.

Rule (SPEC section 3): the dealer draws to 16 and stands on 17 or more, hitting a soft 17 only
when ``dealer_hits_soft_17``; an up card and a first drawn card making ace + ten is a blackjack.

Method. Which of the dealer's draw sequences end in which total does not depend on the shoe, and
the probability of a sequence depends only on the multiset of its cards (a product of falling
factorials). So for each up card we list, once, every final multiset of drawn cards with the
number of its orderings in which the dealer stops exactly at the last card
(:class:`DealerTable`). For a shoe, :class:`DealerEvaluator` gives the outcome probabilities
after removing any batch of card compositions: the chance of a multiset is a product of one
factor per rank, ``ff(n_r - p_r, k_r) / ff(n_r, k_r)``, and one for the number of cards, so the
multisets are summed as a trie over the ranks, each node once per distinct removal of the ranks
below it. The trie is summed by a compiled loop (:func:`~.kernels.dealer_sums`, Numba, loaded
on the first call), which keeps one running sum per node and sums a level again only when the
ranks below it change from one removal to the next; the NumPy code it replaced runs without Numba.

The outcome vector is ``(17, 18, 19, 20, 21, bust, blackjack)`` and is *unconditional*: it sums
to one and includes the dealer's blackjack. :func:`dealer_probabilities` also gives the values
conditioned on no blackjack (what a player sees after the dealer peeks).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.shoe import ACE, TEN, Composition, size

if TYPE_CHECKING:  # the kernels import Numba: only the code that computes loads them
    from twentyone.analysis.exact.kernels import FlatTrie

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


class Outcome(IntEnum):
    """Index of a dealer outcome in an outcome vector."""

    D17 = 0
    """The dealer stands on 17."""
    D18 = 1
    """The dealer stands on 18."""
    D19 = 2
    """The dealer stands on 19."""
    D20 = 3
    """The dealer stands on 20."""
    D21 = 4
    """The dealer stands on 21 with three or more cards."""
    BUST = 5
    """The dealer goes over 21."""
    BLACKJACK = 6
    """Up card and first drawn (hole) card are ace + ten."""


N_OUTCOMES = len(Outcome)


@dataclass(frozen=True, slots=True)
class DealerTable:
    """Every final multiset of cards the dealer draws after one up card, shoe-independent.

    Attributes:
        up: composition index of the up card.
        hits_soft_17: the dealer rule the table is for.
        counts: ``(M, 10)`` cards of each rank drawn.
        orderings: ``(M,)`` number of draw orders of the multiset that end exactly there.
        outcome: ``(M,)`` the :class:`Outcome` each multiset ends in.
    """

    up: int
    hits_soft_17: bool
    counts: IntArray
    orderings: FloatArray
    outcome: IntArray


_UNDECIDED = -1
"""State code of a dealer hand that draws again."""


def _dealer_states(up: int, drawn: IntArray, hits_soft_17: bool) -> IntArray:
    """The :class:`Outcome` of up card + each row of drawn cards if the dealer stops there,
    else ``-1``."""
    cards = drawn.sum(axis=1)
    hard = up + 1 + drawn @ np.arange(1, 11, dtype=np.int64)
    has_ace = (drawn[:, ACE] > 0) | (up == ACE)
    soft = has_ace & (hard + 10 <= 21)
    total = np.where(soft, hard + 10, hard)
    state = np.where(total >= 17, total - 17, _UNDECIDED)
    if hits_soft_17:
        state = np.where(soft & (total == 17), _UNDECIDED, state)
    state = np.where(hard > 21, int(Outcome.BUST), state)
    if up in (ACE, TEN):
        other = TEN if up == ACE else ACE
        state = np.where((cards == 1) & (drawn[:, other] == 1), int(Outcome.BLACKJACK), state)
    return np.asarray(state, dtype=np.int64)


@cache
def dealer_table(up: int, hits_soft_17: bool) -> DealerTable:
    """The final draw multisets after up card index ``up`` (no deck limit applies); the
    compiled loop :func:`~.kernels_upcard.dealer_finals` lists the same multisets when
    :func:`~.compiled.active` says so."""
    from twentyone.analysis.exact.compiled import active

    if active():
        from twentyone.analysis.exact.kernels_upcard import dealer_finals

        counts, orderings, outcome = dealer_finals(up, hits_soft_17)
        return DealerTable(up, hits_soft_17, counts, orderings, outcome)
    eye = np.eye(10, dtype=np.int64)
    weights = 64 ** np.arange(10, dtype=np.int64)
    live = np.zeros((1, 10), dtype=np.int64)
    ways: FloatArray = np.ones(1)
    finals: list[tuple[IntArray, FloatArray, IntArray]] = []
    while len(live):
        grown = (live[:, None, :] + eye[None, :, :]).reshape(-1, 10)
        grown_ways = np.repeat(ways, 10)
        state = _dealer_states(up, grown, hits_soft_17)
        for stop in (True, False):
            pick = (state != _UNDECIDED) if stop else (state == _UNDECIDED)
            _, first, inverse = np.unique(
                grown[pick] @ weights, return_index=True, return_inverse=True
            )
            summed = np.asarray(
                np.bincount(inverse.ravel(), weights=grown_ways[pick], minlength=len(first)),
                dtype=np.float64,
            )
            if stop:
                finals.append((grown[pick][first], summed, state[pick][first]))
            else:
                live, ways = grown[pick][first], summed
    counts = np.concatenate([f[0] for f in finals])
    order = np.lexsort(counts.T[::-1])
    orderings = np.concatenate([f[1] for f in finals])[order]
    outcome = np.concatenate([f[2] for f in finals])[order]
    return DealerTable(up, hits_soft_17, counts[order], orderings, outcome)


@cache
def _trie_shape(up: int, hits_soft_17: bool, held: Composition) -> tuple[tuple[IntArray, ...], int]:
    """:func:`~.kernels_upcard.dealer_trie_shape` for the shoes that hold ``held`` of each rank
    (at most a rank's largest count in the dealer table): the multisets they can deal, and so
    the trie's shape, are the same. Kept per process, as :func:`dealer_table` is."""
    from twentyone.analysis.exact.kernels_upcard import dealer_trie_shape

    table = dealer_table(up, hits_soft_17)
    shape = dealer_trie_shape(table.counts, table.outcome, np.array(held, np.int64))
    return tuple(shape[:-1]), int(shape[-1][0])


@cache
def _log_orderings(up: int, hits_soft_17: bool) -> FloatArray:
    """The log of each multiset's orderings in :func:`dealer_table`."""
    return np.log(dealer_table(up, hits_soft_17).orderings)


def compiled_trie(shoe: Composition, up: int, hits_soft_17: bool) -> FlatTrie:
    """:meth:`DealerEvaluator._flat_trie` of ``DealerEvaluator(shoe, up, hits_soft_17)`` (the
    same arrays): its shape from :func:`_trie_shape`, the shoe's chance factors from the
    compiled loop :func:`~.kernels_upcard.dealer_trie_weights`."""
    from twentyone.analysis.exact.kernels_upcard import dealer_trie_weights

    table = dealer_table(up, hits_soft_17)
    most = _most_counts(up, hits_soft_17)
    held = tuple(min(n, k) for n, k in zip(shoe, most, strict=True))
    shape, k_size = _trie_shape(up, hits_soft_17, held)
    child_k, k_off, first, f_off, group_at, group_size, runs, run_outcome, rows, k_max = shape
    total = size(shoe)
    logs = np.log(np.arange(total + 1, dtype=np.float64).clip(1.0))
    ratio, sized, log_weight = dealer_trie_weights(
        table.counts,
        _log_orderings(up, hits_soft_17),
        rows,
        k_max,
        k_size,
        np.array(shoe, np.int64),
        logs,
    )
    return (
        child_k,
        k_off,
        first,
        f_off,
        ratio,
        sized,
        group_at,
        group_size,
        runs,
        run_outcome,
        np.exp(log_weight),
    )


@cache
def _most_counts(up: int, hits_soft_17: bool) -> tuple[int, ...]:
    """Each rank's largest count in a multiset of :func:`dealer_table`."""
    counts = dealer_table(up, hits_soft_17).counts
    return tuple(int(k) for k in counts.max(axis=0, initial=0))


def _ratio_table(n: int, p_max: int, k_max: int) -> FloatArray:
    """``T[p, k] = ff(n - p, k) / ff(n, k)``: the chance factor of ``k`` cards of a rank that
    has ``n`` cards in the shoe once ``p`` of them are removed (zero where too few are left)."""
    p = np.arange(p_max + 1, dtype=np.float64)[:, None]
    j = np.arange(k_max, dtype=np.float64)[None, :]
    step = np.maximum(n - p - j, 0.0) / np.maximum(n - j, 1.0)
    return np.concatenate((np.ones((p_max + 1, 1)), np.cumprod(step, axis=1)), axis=1)


def _size_table(n: int, k_max: int) -> FloatArray:
    """``G[s, K] = ff(n, K) / ff(n - s, K)`` (zero where ``K`` cards cannot be left)."""
    s = np.arange(n + 1, dtype=np.float64)[:, None]
    j = np.arange(k_max, dtype=np.float64)[None, :]
    left = n - s - j
    step = np.where(left > 0, (n - j) / np.maximum(left, 1.0), 0.0)
    return np.concatenate((np.ones((n + 1, 1)), np.cumprod(step, axis=1)), axis=1)


class DealerEvaluator:
    """Dealer outcome probabilities for one shoe (after the up card) and one up card.

    The chance of a final multiset ``m`` after removing ``p`` is its chance from the full shoe,
    ``w_m``, times ``prod_r T_r[p_r, m_r]`` (:func:`_ratio_table`) times ``G[|p|, |m|]``
    (:func:`_size_table`). The multisets, sorted by (size and outcome, aces, deuces, ...), form
    a trie; the sum over a node's subtree depends on ``p`` only through the counts of the ranks
    below it, so each node is summed once per distinct such suffix of the removals, not once
    per removal. Bust multisets are left out: the bust chance is one minus the others.

    Args:
        shoe: the cards left after the up card is dealt.
        up: the up card's composition index.
        hits_soft_17: the dealer's soft-17 rule.
    """

    def __init__(self, shoe: Composition, up: int, hits_soft_17: bool) -> None:
        table = dealer_table(up, hits_soft_17)
        ok = np.all(table.counts <= np.array(shoe), axis=1) & (table.outcome != Outcome.BUST)
        counts = table.counts[ok]
        outcome = table.outcome[ok]
        self.shoe = shoe
        self.up = up
        self.total = size(shoe)
        sizes = counts.sum(axis=1)
        log_base = np.log(table.orderings[ok])
        for r in range(10):
            log_base += _log_ff_vec(shoe[r], counts[:, r])
        log_base -= _log_ff_vec(self.total, sizes)
        k_size = int(sizes.max(initial=0))
        group = outcome * (k_size + 1) + sizes
        trie = np.column_stack((group, counts))
        order = np.lexsort(trie.T[::-1])
        trie = trie[order]
        self._weight = np.exp(log_base[order])
        m = len(trie)
        # starts[d]: first row of each node that fixes the group and ranks 0..d-1.
        starts: list[IntArray] = []
        new = np.zeros(m, dtype=np.bool_)
        new[:1] = True
        for d in range(11):
            new[1:] |= trie[1:, d] != trie[:-1, d]
            starts.append(np.flatnonzero(new))
        self._child_k = [trie[starts[d + 1], d + 1] for d in range(10)]
        self._parent_at = [np.searchsorted(starts[d + 1], starts[d]) for d in range(10)]
        groups = trie[starts[0], 0]
        self._group_outcome = groups // (k_size + 1)
        self._group_size = groups % (k_size + 1)
        self._ratio = [
            _ratio_table(shoe[r], shoe[r], int(counts[:, r].max(initial=0))) for r in range(10)
        ]
        self._size_ratio = _size_table(self.total, k_size)
        self._child_ratio_list: list[FloatArray] | None = None
        # The root's children (group, aces): their draw size and outcome.
        children = len(self._child_k[0])
        child_group = np.repeat(
            np.arange(len(groups)), np.diff(np.append(self._parent_at[0], children))
        )
        self._child_size = self._group_size[child_group]
        # Groups are sorted by outcome, so each outcome's children are one run.
        child_outcome = self._group_outcome[child_group]
        run = np.ones(children, dtype=np.bool_)
        run[1:] = child_outcome[1:] != child_outcome[:-1]
        self._outcome_at = np.flatnonzero(run)
        self._outcomes = child_outcome[self._outcome_at]
        self._flat: FlatTrie | None = None

    def _flat_trie(self) -> FlatTrie:
        """The trie as the flat arrays of :func:`~.kernels.dealer_sums` (built on first use)."""
        if self._flat is None:
            sizes = [len(k) for k in self._child_k]
            k_off = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
            firsts = [np.zeros(1, dtype=np.int64)]
            for d in range(1, 10):
                firsts.append(np.append(self._parent_at[d], sizes[d]).astype(np.int64))
            f_off = np.concatenate(([0], np.cumsum([len(f) for f in firsts]))).astype(np.int64)
            p_max = max(len(t) for t in self._ratio)
            k_max = max(t.shape[1] for t in self._ratio)
            ratio = np.zeros((10, p_max, k_max))
            for d, table in enumerate(self._ratio):
                ratio[d, : table.shape[0], : table.shape[1]] = table
            children = k_off[1]
            # The groups (outcome, draw size) come sorted by outcome: each outcome's groups are
            # one run.
            outcome = self._group_outcome
            run = np.ones(len(outcome), dtype=np.bool_)
            run[1:] = outcome[1:] != outcome[:-1]
            run_at = np.flatnonzero(run)
            self._flat = (
                np.concatenate(self._child_k).astype(np.int64),
                k_off,
                np.concatenate(firsts),
                f_off,
                ratio,
                self._size_ratio,
                np.append(self._parent_at[0], children).astype(np.int64),
                self._group_size.astype(np.int64),
                np.append(run_at, len(outcome)).astype(np.int64),
                outcome[run_at].astype(np.int64),
                self._weight,
            )
        return self._flat

    @property
    def multisets(self) -> int:
        """How many final draw multisets (other than busts) are possible from this shoe."""
        return len(self._weight)

    def probabilities(self, removed: IntArray, *, distinct: bool = False) -> FloatArray:
        """Outcome vectors ``(H, 7)`` after removing each row of ``removed`` ``(H, 10)``.

        ``distinct``: the rows are distinct and sorted by :func:`~.space.keys` (the caller has
        made them so; they are not sorted again). A removal that takes more cards of a rank
        than the shoe holds is an error.
        """
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        if np.any(removed > np.array(self.shoe)):
            raise ValueError("removed cards are not in the shoe")
        out = np.zeros((len(removed), N_OUTCOMES))
        if len(removed) and self.multisets:
            # Distinct removals, sorted by key (rank 9 most significant), summed in blocks: the
            # per-level arrays are (suffixes x nodes), too large for memory at once when the
            # removals are many.
            if distinct:
                rows = removed
            else:
                _, first, inverse = np.unique(
                    removed @ _SUFFIX_WEIGHTS, return_index=True, return_inverse=True
                )
                rows = removed[first]
            from twentyone.analysis.exact.compiled import active

            if active():
                from twentyone.analysis.exact.kernels import dealer_sums

                sums = np.zeros((len(rows), N_OUTCOMES))
                dealer_sums(np.ascontiguousarray(rows), self._flat_trie(), sums)
            else:
                sums = self.sums_numpy(rows)
            out = sums if distinct else sums[inverse.reshape(-1)]
        out[:, Outcome.BUST] = 1.0 - out.sum(axis=1)
        return out

    def sums_numpy(self, distinct: IntArray) -> FloatArray:
        """The non-bust outcome chances ``(H, 7)`` of distinct removals sorted by key, by NumPy
        (what the compiled kernel computes; used without Numba)."""
        return np.concatenate(
            [self._sums(distinct[i : i + _BLOCK]) for i in range(0, len(distinct), _BLOCK)]
        )

    @property
    def _child_ratio(self) -> list[FloatArray]:
        """Per level, the ratio factor of every child for each count of its rank (the NumPy
        code's tables, built on first use)."""
        if self._child_ratio_list is None:
            self._child_ratio_list = [
                np.ascontiguousarray(self._ratio[d][:, self._child_k[d]]) for d in range(10)
            ]
        return self._child_ratio_list

    def _sums(self, removed: IntArray) -> FloatArray:
        """The non-bust outcome chances ``(H, 7)`` of distinct removals sorted by key."""
        full = removed @ _SUFFIX_WEIGHTS
        # The distinct suffixes (counts of ranks d..9) of each level are runs of the sorted keys.
        levels: list[tuple[IntArray, IntArray]] = []
        parent = np.zeros(len(full), dtype=np.int64)
        for d in range(9, -1, -1):
            key = full // _SUFFIX_WEIGHTS[d]
            new = np.ones(len(key), dtype=np.bool_)
            new[1:] = key[1:] != key[:-1]
            run = np.cumsum(new) - 1
            levels.append((key[new] % _SUFFIX, parent[new]))
            parent = run
        # value[s, node]: the node's subtree sum for suffix s (suffix-major: row gathers).
        value = self._weight[None, :]
        for d in range(9, 0, -1):
            count, tail = levels[9 - d]
            factor = self._child_ratio[d][count]
            factor *= value[tail]
            value = np.add.reduceat(factor, self._parent_at[d], axis=1)
        # The root: the aces' factor and the size factor of each (aces, size) removal, then
        # each child's outcome.
        count, tail = levels[9]
        sizes = removed.sum(axis=1)
        pairs, which = np.unique(count * (self.total + 1) + sizes, return_inverse=True)
        root = self._child_ratio[0][pairs // (self.total + 1)]
        root *= self._size_ratio[pairs % (self.total + 1)][:, self._child_size]
        factor = root[which.reshape(-1)]
        factor *= value[tail]
        out = np.zeros((len(removed), N_OUTCOMES))
        out[:, self._outcomes] = np.add.reduceat(factor, self._outcome_at, axis=1)
        return out


_BLOCK = 4096
"""Distinct removals summed together (a block shares suffixes within itself only)."""
_SUFFIX = 64
"""Key base of a removal suffix (no rank count of a removal reaches it)."""
_SUFFIX_WEIGHTS = _SUFFIX ** np.arange(10, dtype=np.int64)


def _log_ff_vec(n: int, k: IntArray) -> FloatArray:
    """``log(n (n-1) ... (n-k+1))`` element-wise."""
    logs = np.concatenate(([0.0], np.cumsum(np.log(np.arange(n, 0, -1, dtype=np.float64)))))
    return np.asarray(logs[np.minimum(k, n)], dtype=np.float64)


@dataclass(frozen=True, slots=True)
class DealerProbabilities:
    """The dealer's final outcome probabilities for one up card and shoe.

    Attributes:
        up: the up card's composition index (0 = ace, 9 = ten).
        outcomes: unconditional probabilities of ``17, 18, 19, 20, 21, bust, blackjack``;
            they sum to one.
    """

    up: int
    outcomes: tuple[float, ...]

    @property
    def blackjack(self) -> float:
        """Probability that the hole card gives the dealer a blackjack."""
        return self.outcomes[Outcome.BLACKJACK]

    @property
    def bust(self) -> float:
        """Probability that the dealer busts (unconditional)."""
        return self.outcomes[Outcome.BUST]

    def given_no_blackjack(self) -> tuple[float, ...]:
        """``17, 18, 19, 20, 21, bust`` after a peek has shown no dealer blackjack."""
        rest = 1.0 - self.blackjack
        return tuple(p / rest for p in self.outcomes[: Outcome.BLACKJACK])


def dealer_probabilities(
    shoe: Composition,
    up: int,
    hits_soft_17: bool = False,
    removed: Composition = (0,) * 10,
) -> DealerProbabilities:
    """The dealer's outcome probabilities.

    Args:
        shoe: the whole shoe *including* the up card.
        up: the up card's composition index (0 = ace, 9 = ten).
        hits_soft_17: whether the dealer hits soft 17.
        removed: other cards already seen (e.g. the player's hand), not drawn by the dealer.
    """
    rest = list(shoe)
    rest[up] -= 1
    if rest[up] < 0:
        raise ValueError("the up card is not in the shoe")
    evaluator = DealerEvaluator(tuple(rest), up, hits_soft_17)
    probs = evaluator.probabilities(np.array([removed]))[0]
    return DealerProbabilities(up, tuple(float(p) for p in probs))
