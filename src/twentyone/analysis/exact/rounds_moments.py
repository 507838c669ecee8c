"""The exact second moment of a split round with resplits, from pairs of hands.

The variance of a round needs only its first two moments. A split round's result is the sum of
its hands' results, ``X = sum_h X_h``, so

    ``E[X^2] = sum_h E[X_h^2] + 2 sum_{h < h'} E[X_h X_h']``

and each term needs one hand, or two hands, with the dealer: never the joint of all the hands,
which for many decks and four hands is out of reach
(:mod:`~twentyone.analysis.exact.split_rounds`). Everything here is per
:class:`~twentyone.analysis.exact.split.SplitPattern` (which second cards were pair cards), with
the pattern's chance included, as in :meth:`~twentyone.analysis.exact.split.SplitSolver.value`.

Derivation. Every split hand plays by a zero-memory policy, and the chance of a run of cards
depends only on how many of each rank it holds. So the cards of a round may be dealt in any
order that keeps each hand's run of later cards intact and keeps each second-card draw's
condition (a pair card; not a pair card; any card) with that draw, without changing any
probability (the reordering of :meth:`~twentyone.analysis.exact.split.SplitSolver.value`).
For hands ``A = h`` before ``B = h'`` of a pattern with ``s`` resplits, order the cards as:

1. the ``s`` pair cards that made new hands;
2. ``A``'s second card, ``B``'s second card;
3. ``A``'s later cards, then ``B``'s;
4. the dealer's cards;
5. the other hands' second and later cards.

The other hands' later cards, and the second cards of the other hands that take any card, sum
out (each sums to one over the policy's play). The other ``r`` hands whose second card was drawn
while a resplit was possible must not take a pair card: ``[not a pair card] = 1 - [a pair
card]``, expanded over the ``r`` of them, gives the terms ``(-1)^t C(r, t)`` in which ``t``
of them take a pair card; those cards move to the front too, so

    ``E[X_A X_B; pattern] = sum_t (-1)^t C(r, t) P(s + t pair cards first) S(2 + s + t)``

where ``P(j pair cards first)`` is the product of ``j`` draws of a pair card after the deal (the
same factors as :meth:`~twentyone.analysis.exact.split.SplitSolver.hand_terms`) and ``S(m)`` is
the pairwise sum with ``m`` pair cards out (the hands' own two pair cards among them):

    ``S(m) = sum_{f, g} a(f) b(g) B_m(f + g) sum_o r_A(f, o) r_B(g, o) D_m(f + g, o)``

over the final hands ``f`` of ``A`` and ``g`` of ``B``: ``a(f)``, ``b(g)`` the numbers of
ordered draws after the pair card (second card first) that the policy turns into them (with the
hand's own condition on its second card), ``B_m(u)`` the chance of one ordered run of the two
hands' drawn cards from the shoe without the ``m`` pair cards, ``D_m(u, o)`` the dealer's chance
of outcome ``o`` with ``u`` and ``m - 2`` more pair cards out, and ``r`` the hands' results
(:func:`~twentyone.analysis.exact.split_pairs.hand_results`; the first hand of the round settles
as the first). With a peek the dealer's blackjack column is left out (that chance is the deal's),
as in the distribution.

Which second cards count. Each final hand's count splits by its second card: ``N(f)`` (not a
pair card's count) and ``T(f)`` (a card of the pair card's count). A hand that takes any card
counts ``N + T``; a restricted one counts ``N`` where every card of that count pairs the hand.
Where a ten-count pair is split by rank only the tens of the pair's rank pair it: a restricted
second ten is then one of another rank, with chance ``rho = (T_m - q) / T_m`` of the tens
``T_m`` left, ``q`` of them of the pair's rank (the convention of
:meth:`~twentyone.analysis.exact.split.SplitSolver.second_card_value`); draw a restricted hand's
second card before an unrestricted one's (step 2 allows either order), and where both are
restricted the second one's ``rho`` is ``(T_m - 1 - q) / (T_m - 1)`` after a ten of another
rank. Each ``S(m)`` is therefore a sum of the four sums with ``N`` or ``T`` for each hand,
computed together in one pass over the pairs of final hands.

The single-hand terms ``E[X_h^2; pattern]`` are the hand's exact result tables
(:class:`~twentyone.analysis.exact.distribution.SplitTables`) with the same pattern weights as
its value.

Cost. The pairs of final hands of one pair card and up card (about 2.3 million for 2-2 against a
7 from six decks) are summed once for every ``m`` at the same time, by union of their cards: a
union's dealer vectors (one per ``m``, shared across ``m`` where the removals agree) and ``B``
are computed once. The compiled kernel (:mod:`~twentyone.analysis.exact.rounds_moments_kernel`)
runs the pass when Numba is there; the NumPy code is the same sums in blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Protocol

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.dealer import N_OUTCOMES, FloatArray, Outcome
from twentyone.analysis.exact.shoe import TEN
from twentyone.analysis.exact.space import IntArray
from twentyone.analysis.exact.split import (
    SplitPattern,
    SplitSolver,
    split_patterns,
)
from twentyone.analysis.exact.split_pairs import hand_results
from twentyone.analysis.exact.split_rounds import final_layers
from twentyone.rules import SplitBy


class HandTables(Protocol):
    """The split hands' result tables
    (:class:`~twentyone.analysis.exact.distribution.SplitTables`)."""

    def second_card(
        self, pair: int, committed: int, restricted: bool, first: bool, hands: int = 0
    ) -> FloatArray:
        """``(5, 7)`` ``P(result, dealer outcome)`` of a split hand from its second card on,
        as :meth:`~twentyone.analysis.exact.split.SplitSolver.second_card_value` values it."""
        ...


_KEY_WEIGHTS = 64 ** np.arange(10, dtype=np.int64)
"""A composition's key (at most 63 cards of a rank in a union of two hands)."""
_BLOCK = 1 << 16
"""Pairs of final hands the NumPy code sums at once."""
_N, _T = 0, 1
"""The two counts of a final hand by its second card (see the module docstring)."""


@dataclass(frozen=True, slots=True)
class FinalHands:
    """Every final hand one split hand of a pair can end in, counted by its second card.

    Attributes:
        cards: ``(F, 10)`` the final hands' cards, the pair card included.
        stake: ``(F,)`` 1, or 2 for a doubled hand.
        count: ``(F, 2)`` the ordered draws after the pair card that the policy turns into the
            hand, with a second card that is not of the pair card's count (column 0) and with
            one that is (column 1).
    """

    cards: IntArray
    stake: IntArray
    count: FloatArray


def final_hands(splits: SplitSolver, pair: int, hands: int = 2) -> FinalHands:
    """The final hands of a split hand of ``pair`` played for ``hands`` hands on the spot
    (CDP; else the play does not depend on it): a forward pass over the hand space, a layer
    of equal card count at a time, as :func:`~.split_rounds.hand_set` (both second-card
    counts at once)."""
    solver = splits.solver
    space = solver.space
    count = np.zeros((len(space), 2))
    for c in range(10):
        row = space.row(tuple((i == pair) + (i == c) for i in range(10)))
        if row >= 0 and solver.valid[row]:
            count[row, _T if c == pair else _N] += 1.0
    return FinalHands(*final_layers(splits, pair, hands, count))


def _first_out(solver_shoe: int, share: float, cards: int) -> list[float]:
    """``P(j pair cards first)`` after the deal for ``j = 0 ..`` (the factors and their order of
    :meth:`~twentyone.analysis.exact.split.SplitSolver.hand_terms`)."""
    pairs = solver_shoe * share - 2
    left = cards - 2
    chances = [1.0]
    for i in range(max(int(solver_shoe) - 1, 0)):
        factor = max(pairs - i, 0.0) / (left - i) if left > i else 0.0
        chances.append(chances[i] * factor)
    return chances


class PairMoments:
    """The pairwise sums ``S(m)`` of one pair card against one up card, and from them every
    pattern's second moment (see the module docstring)."""

    def __init__(self, splits: SplitSolver, pair: int, *, use_kernel: bool = True) -> None:
        if splits.rows is None:
            splits.prepare()
        self.splits = splits
        self.pair = pair
        self.solver = splits.solver
        self.use_kernel = use_kernel
        rules = self.solver.rules
        self.by_rank = pair == TEN and rules.split_by is SplitBy.RANK
        self.share = 0.25 if self.by_rank else 1.0
        self.patterns = split_patterns(rules.max_split_hands, splits.resplits(pair))
        self._sums: dict[int, FloatArray] = {}
        self._variants: list[int] = sorted(
            {at if splits.by_hands else 2 for p in self.patterns for at in p.hands_at}
        )
        self.first_out = _first_out(self.solver.shoe[pair], self.share, self.solver.cards)

    # -- the pattern terms ---------------------------------------------------------------------

    def terms(self, pattern: SplitPattern) -> list[tuple[float, int, bool, bool, bool, int, int]]:
        """Every pairwise term of ``pattern``: ``(weight, m, A restricted, B restricted, A is the
        round's first hand, A's variant, B's variant)`` for each pair of hands ``A`` before
        ``B`` and each ``t`` of the expansion."""
        shoe = self.solver.shoe[self.pair]
        out = []
        by_hands = self.splits.by_hands
        for h in range(len(pattern.kinds)):
            for g in range(h + 1, len(pattern.kinds)):
                ka, kb = pattern.kinds[h], pattern.kinds[g]
                others = pattern.restricted - ka - kb
                va = pattern.hands_at[h] if by_hands else 2
                vb = pattern.hands_at[g] if by_hands else 2
                for t in range(others + 1):
                    m = 2 + pattern.splits + t
                    if m > shoe:
                        break
                    weight = (-1) ** t * comb(others, t) * self.first_out[pattern.splits + t]
                    out.append((weight, m, ka, kb, h == 0, va, vb))
        return out

    def require(self, patterns: frozenset[SplitPattern] | tuple[SplitPattern, ...]) -> None:
        """Compute the pairwise sums every one of ``patterns`` needs, in one pass."""
        self._compute(sorted({t[1] for p in patterns for t in self.terms(p)}))

    def cross(self, pattern: SplitPattern) -> float:
        """``sum_{h < h'} E[X_h X_h'; pattern]``."""
        terms = self.terms(pattern)
        self._compute(sorted({t[1] for t in terms}))
        columns = {v: i for i, v in enumerate(self._variants)}
        total = 0.0
        for weight, m, ka, kb, first, va, vb in terms:
            sums = self._sums[m][int(first)]
            ia, ib = 2 * columns[va], 2 * columns[vb]
            s = 0.0
            for xa in (_N, _T):
                for xb in (_N, _T):
                    coefficient = self._coefficient(m, ka, kb, xa, xb)
                    if coefficient:
                        s += coefficient * float(sums[ia + xa, ib + xb])
            total += weight * s
        return total

    def _rho(self, m: int, before: int) -> float:
        """The chance that a restricted second ten is of another rank than the pair's, with
        ``m`` pair cards out and ``before`` tens of another rank drawn before it."""
        tens = self.solver.shoe[TEN] - m - before
        same = self.solver.shoe[TEN] * self.share - m
        return max(tens - same, 0.0) / tens if tens > 0 else 0.0

    def _coefficient(self, m: int, ka: bool, kb: bool, xa: int, xb: int) -> float:
        """The coefficient of the sum with hand ``A``'s count ``xa`` and ``B``'s ``xb``
        (``_N``/``_T``): a hand that takes any card counts both; a restricted one ``N`` only,
        or, with tens split by rank, ``T`` times ``rho`` (a restricted hand's second card
        drawn first; where both are restricted the second one's ``rho`` follows a ten)."""
        if not self.by_rank:
            return float((not ka or xa == _N) and (not kb or xb == _N))
        out = 1.0
        if ka and xa == _T:
            out *= self._rho(m, 0)
        if kb and xb == _T:
            out *= self._rho(m, int(ka and xa == _T))
        return out

    def second_moment(self, pattern: SplitPattern, single: float) -> float:
        """``E[X^2; pattern]`` given the single-hand part ``sum_h E[X_h^2; pattern]``."""
        return single + 2.0 * self.cross(pattern)

    # -- the pairwise sums ---------------------------------------------------------------------

    def _compute(self, wanted: list[int]) -> None:
        """Fill ``self._sums[m]`` (``(2, W, W)``: not first / first, then ``A``'s and ``B``'s
        weight columns) for each ``m`` in ``wanted`` not yet done."""
        todo = [m for m in wanted if m not in self._sums]
        if not todo:
            return
        solver = self.solver
        pair = self.pair
        sets = [final_hands(self.splits, pair, v) for v in self._variants]
        cards = np.concatenate([s.cards for s in sets])
        stake = np.concatenate([s.stake for s in sets])
        width = 2 * len(sets)
        weight = np.zeros((len(cards), width))
        at = 0
        for i, s in enumerate(sets):
            weight[at : at + len(s.cards), 2 * i : 2 * i + 2] = s.count
            at += len(s.cards)
        keep = weight.sum(axis=1) > 0
        cards, stake, weight = cards[keep], stake[keep], weight[keep]
        rows = hand_results(solver, cards, stake, split=True, first=False).astype(np.float64)
        first = hand_results(solver, cards, stake, split=True, first=True).astype(np.float64)
        if solver.peek:
            rows[:, Outcome.BLACKJACK] = first[:, Outcome.BLACKJACK] = 0.0
        keys = cards @ _KEY_WEIGHTS
        versus = solver.versus_dealer(cards)
        kernel = None
        if self.use_kernel:
            from twentyone.analysis.exact.rounds_moments_kernel import compiled

            kernel = compiled()
        if kernel is not None:
            pair_union, union_keys, need = kernel.pair_unions(keys, versus)
        else:
            pair_union, union_keys, need = _pair_unions(keys, versus)
        unions = (union_keys[:, None] // _KEY_WEIGHTS[None, :]) % 64
        chance = self._chances(unions, union_keys, need, todo)
        if kernel is not None:
            sums = kernel.pair_sums(pair_union, rows, first, weight, chance)
        else:
            sums = _pair_sums(len(keys), pair_union, rows, first, weight, chance)
        for i, m in enumerate(todo):
            self._sums[m] = sums[i]

    def _chances(
        self, unions: IntArray, union_keys: IntArray, need: npt.NDArray[np.bool_], ms: list[int]
    ) -> FloatArray:
        """``(M, U, 7)``: per ``m`` in ``ms`` and per union of two final hands, ``B_m`` times
        the dealer's outcome chances with the union and ``m - 2`` more pair cards out (a union
        no pair of which meets the dealer's total: its whole chance but the blackjack on the
        first outcome). A removal several ``m`` share (a union with a pair card more) gets its
        dealer vector once."""
        solver = self.solver
        pair = self.pair
        shoe = np.array(solver.shoe, dtype=np.int64)
        # Filled one m at a time, each a contiguous block.
        by_m = np.zeros((len(ms), len(unions), N_OUTCOMES))
        fits = np.all(unions <= shoe[None, :], axis=1)
        drawn = unions.copy()
        drawn[:, pair] -= 2
        # B's factors of the ranks other than the pair card's do not depend on m.
        others = np.ones(len(unions))
        for r in range(10):
            if r == pair:
                continue
            most = int(drawn[:, r].max(initial=0))
            ff = np.concatenate(([1.0], np.cumprod(shoe[r] - np.arange(most, dtype=np.float64))))
            others *= ff[np.minimum(drawn[:, r], most)]
        size = drawn.sum(axis=1)
        mine = drawn[:, pair]
        picks: list[IntArray] = []
        for m in ms:
            picks.append(np.flatnonzero(fits & (unions[:, pair] + m - 2 <= shoe[pair])))
        # One dealer vector per distinct removal that meets the dealer's total.
        dealt_keys = np.concatenate(
            [
                union_keys[pick[need[pick]]] + (m - 2) * _KEY_WEIGHTS[pair]
                for m, pick in zip(ms, picks, strict=True)
            ]
        )
        dealt_rows = np.concatenate([pick[need[pick]] for pick in picks])
        distinct, first_at, inverse = np.unique(dealt_keys, return_index=True, return_inverse=True)
        inverse = inverse.reshape(-1)
        removed = unions[dealt_rows[first_at]]
        removed[:, pair] += (distinct - union_keys[dealt_rows[first_at]]) // _KEY_WEIGHTS[pair]
        vectors = solver.dealer_batch(removed) if len(removed) else np.zeros((0, N_OUTCOMES))
        at = 0
        total = int(shoe.sum())
        for i, (m, pick) in enumerate(zip(ms, picks, strict=True)):
            left = total - m
            most = int(size.max(initial=0))
            ff_size = np.concatenate(([1.0], np.cumprod(left - np.arange(most, dtype=np.float64))))
            top = int(mine.max(initial=0))
            ff_pair = np.concatenate(
                ([1.0], np.cumprod(shoe[pair] - m - np.arange(top, dtype=np.float64)))
            )
            run = others[pick] * ff_pair[mine[pick]] / ff_size[size[pick]]
            dealer = np.zeros((len(pick), N_OUTCOMES))
            needed = need[pick]
            count = int(needed.sum())
            dealer[needed] = vectors[inverse[at : at + count]]
            at += count
            blackjack = solver.blackjack_rows(unions[pick[~needed]] + _pair_cards(pair, m - 2))
            dealer[~needed, 0] = 1.0 - blackjack
            dealer[~needed, Outcome.BLACKJACK] = blackjack
            if solver.peek:
                dealer[:, Outcome.BLACKJACK] = 0.0
            by_m[i][pick] = run[:, None] * dealer
        return by_m


def _pair_cards(pair: int, count: int) -> IntArray:
    """``count`` cards of ``pair`` as a composition row."""
    row = np.zeros(10, dtype=np.int64)
    row[pair] = count
    return row


def _pair_unions(
    keys: IntArray, versus: npt.NDArray[np.bool_]
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_]]:
    """Every pair ``i <= j`` of final hands (row by row): its union's index, the unions' keys
    and whether any pair of a union has a hand settled against the dealer's total."""
    left, right = np.triu_indices(len(keys))
    distinct, inverse = np.unique(keys[left] + keys[right], return_inverse=True)
    inverse = inverse.reshape(-1)
    need = np.zeros(len(distinct), dtype=np.bool_)
    need[inverse[versus[left] | versus[right]]] = True
    return inverse.astype(np.int64), distinct, need


def _pair_sums(
    n: int,
    pair_union: IntArray,
    rows: FloatArray,
    first: FloatArray,
    weight: FloatArray,
    chance: FloatArray,
) -> FloatArray:
    """``(M, 2, W, W)``: per ``m``, for ``A`` not the first hand and the first, the sums over
    every ordered pair ``(A, B)`` of final hands of ``w_A[a] w_B[b] sum_o r_A[o] r_B[o]
    chance[m, union, o]`` (the pairs ``i <= j`` row by row, as :func:`_pair_unions`)."""
    left, right = np.triu_indices(n)
    ms, width = chance.shape[0], weight.shape[1]
    out = np.zeros((ms, 2, width, width))
    for lo in range(0, len(left), _BLOCK):
        i, j = left[lo : lo + _BLOCK], right[lo : lo + _BLOCK]
        u = chance[:, pair_union[lo : lo + _BLOCK]]
        for a, b, scale in ((i, j, 1.0), (j, i, 0.0)):
            both = np.where(a == b, scale, 1.0)
            wb = weight[b] * both[:, None]
            for f, r_a in enumerate((rows, first)):
                d = np.einsum("po,mpo->pm", r_a[a] * rows[b], u)
                out[:, f] += np.einsum("pa,pb,pm->mab", weight[a], wb, d)
    return out


def split_second_moment(
    splits: SplitSolver,
    pair: int,
    tables: HandTables,
    patterns: frozenset[SplitPattern] | None = None,
    *,
    use_kernel: bool = True,
) -> float:
    """``E[X^2]`` of splitting ``pair`` over ``patterns`` (default every pattern), exact, with
    their chance included (unnormalised with a peek: no dealer blackjack), ``X`` the round's
    net result per initial bet; ``tables``: the split hands' result tables (the single-hand
    terms)."""
    moments = PairMoments(splits, pair, use_kernel=use_kernel)
    moments.require(moments.patterns if patterns is None else patterns)
    squares = (np.arange(5) - 2.0) ** 2
    memo: dict[tuple[int, bool, bool, int], float] = {}
    total = 0.0
    for pattern, hands in splits.hand_terms(pair):
        if patterns is not None and pattern not in patterns:
            continue
        single = 0.0
        for terms in hands:
            for weight, m, restricted, first, k in terms:
                key = (m, restricted, first, k)
                found = memo.get(key)
                if found is None:
                    table = tables.second_card(pair, m, restricted, first, k)
                    found = memo[key] = float(squares @ table.sum(axis=1))
                single += weight * found
        total += moments.second_moment(pattern, single)
    return total


__all__ = ["FinalHands", "HandTables", "PairMoments", "final_hands", "split_second_moment"]
