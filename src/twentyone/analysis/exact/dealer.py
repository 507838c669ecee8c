"""Dealer outcome probabilities for any shoe composition, up card and removal of seen cards.

Rule (SPEC section 3): the dealer draws to 16 and stands on 17 or more, hitting a soft 17 only
when ``dealer_hits_soft_17``; an up card and a first drawn card making ace + ten is a blackjack.

Method. Which of the dealer's draw sequences end in which total does not depend on the shoe, and
the probability of a sequence depends only on the multiset of its cards (a product of falling
factorials). So for each up card we list, once, every final multiset of drawn cards with the
number of its orderings in which the dealer stops exactly at the last card
(:class:`DealerTable`). For a shoe, :class:`DealerEvaluator` gives the outcome probabilities
after removing any batch of card compositions with one matrix product in log space: the log of
``prod_r ff(n_r - p_r, k_r) / ff(n_r, k_r)`` is linear in one-hot codes of ``k_r``.

The outcome vector is ``(17, 18, 19, 20, 21, bust, blackjack)`` and is *unconditional*: it sums
to one and includes the dealer's blackjack. :func:`dealer_probabilities` also gives the values
conditioned on no blackjack (what a player sees after the dealer peeks).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.shoe import ACE, TEN, Composition, size

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

_NEG = -1e200
"""Stands for log 0: finite, so that one-hot products stay well defined, and exp() gives 0."""


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


def _dealer_state(up: int, drawn: Composition, hits_soft_17: bool) -> int | None:
    """The outcome of up card + drawn cards if the dealer stops there, else ``None``."""
    if size(drawn) == 1 and ((up == ACE and drawn[TEN] == 1) or (up == TEN and drawn[ACE] == 1)):
        return int(Outcome.BLACKJACK)
    hard = up + 1 + sum(n * (i + 1) for i, n in enumerate(drawn))
    if hard > 21:
        return int(Outcome.BUST)
    has_ace = up == ACE or drawn[ACE] > 0
    if has_ace and hard + 10 <= 21:
        total = hard + 10
        if total > 17:
            return total - 17
        return None if total < 17 or hits_soft_17 else 0
    if hard >= 17:
        return hard - 17
    return None


@cache
def dealer_table(up: int, hits_soft_17: bool) -> DealerTable:
    """The final draw multisets after up card index ``up`` (no deck limit applies)."""
    live: dict[Composition, float] = {(0,) * 10: 1.0}
    final: dict[Composition, tuple[float, int]] = {}
    while live:
        nxt: dict[Composition, float] = {}
        for drawn, ways in live.items():
            for r in range(10):
                grown = list(drawn)
                grown[r] += 1
                key = tuple(grown)
                state = _dealer_state(up, key, hits_soft_17)
                if state is None:
                    nxt[key] = nxt.get(key, 0.0) + ways
                else:
                    old = final.get(key, (0.0, state))
                    final[key] = (old[0] + ways, state)
        live = nxt
    keys = sorted(final)
    counts = np.array(keys, dtype=np.int64).reshape(len(keys), 10)
    orderings = np.array([final[k][0] for k in keys], dtype=np.float64)
    outcome = np.array([final[k][1] for k in keys], dtype=np.int64)
    return DealerTable(up, hits_soft_17, counts, orderings, outcome)


def _log_ratio_table(n: int, p_max: int, k_max: int) -> FloatArray:
    """``T[p, k] = log(ff(n - p, k) / ff(n, k))`` for ``k >= 1`` (``_NEG`` where zero)."""
    table = np.zeros((p_max + 1, k_max + 1), dtype=np.float64)
    for p in range(p_max + 1):
        acc = 0.0
        for k in range(1, k_max + 1):
            a = n - p - (k - 1)
            b = n - (k - 1)
            if a <= 0 or acc == _NEG:
                acc = _NEG
            else:
                acc += math.log(a / b)
            table[p, k] = acc
    return table


class DealerEvaluator:
    """Dealer outcome probabilities for one shoe (after the up card) and one up card.

    Args:
        shoe: the cards left after the up card is dealt.
        up: the up card's composition index.
        hits_soft_17: the dealer's soft-17 rule.
    """

    def __init__(self, shoe: Composition, up: int, hits_soft_17: bool) -> None:
        table = dealer_table(up, hits_soft_17)
        ok = np.all(table.counts <= np.array(shoe), axis=1)
        counts = table.counts[ok]
        self.shoe = shoe
        self.up = up
        self.total = size(shoe)
        sizes = counts.sum(axis=1)
        log_base = np.zeros(len(counts))
        for r in range(10):
            log_base += _log_ff_vec(shoe[r], counts[:, r])
        log_base -= _log_ff_vec(self.total, sizes)
        weight = table.orderings[ok] * np.exp(log_base)
        self._out = np.zeros((len(counts), N_OUTCOMES))
        self._out[np.arange(len(counts)), table.outcome[ok]] = weight
        # One-hot columns: (rank, k) for k >= 1 present, then drawn-size columns.
        self._columns: list[tuple[int, int]] = []
        for r in range(10):
            for k in range(1, int(counts[:, r].max(initial=0)) + 1):
                self._columns.append((r, k))
        self._max_size = int(sizes.max(initial=0))
        onehot = np.zeros((len(counts), len(self._columns) + self._max_size))
        for c, (r, k) in enumerate(self._columns):
            onehot[:, c] = counts[:, r] == k
        for j in range(1, self._max_size + 1):
            onehot[:, len(self._columns) + j - 1] = sizes == j
        self._onehot_t = np.ascontiguousarray(onehot.T)
        self._ratio = [
            _log_ratio_table(shoe[r], shoe[r], max(1, int(counts[:, r].max(initial=0))))
            for r in range(10)
        ]
        self._size_ratio = _log_ratio_table(self.total, self.total, max(1, self._max_size))

    @property
    def multisets(self) -> int:
        """How many final draw multisets are possible from this shoe."""
        return int(self._out.shape[0])

    def probabilities(self, removed: IntArray) -> FloatArray:
        """Outcome vectors ``(H, 7)`` after removing each row of ``removed`` ``(H, 10)``.

        A removal that takes more cards of a rank than the shoe holds is an error.
        """
        removed = np.asarray(removed, dtype=np.int64).reshape(-1, 10)
        if np.any(removed > np.array(self.shoe)):
            raise ValueError("removed cards are not in the shoe")
        out = np.empty((len(removed), N_OUTCOMES))
        step = max(1, 4_000_000 // max(1, self.multisets))
        for start in range(0, len(removed), step):
            block = removed[start : start + step]
            q = np.empty((len(block), self._onehot_t.shape[0]))
            for c, (r, k) in enumerate(self._columns):
                q[:, c] = self._ratio[r][block[:, r], k]
            sizes = block.sum(axis=1)
            base = len(self._columns) - 1
            for j in range(1, self._max_size + 1):
                q[:, base + j] = -self._size_ratio[sizes, j]
            np.maximum(q, _NEG, out=q)
            out[start : start + step] = np.exp(q @ self._onehot_t) @ self._out
        return out


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
