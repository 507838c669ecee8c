"""The exact distribution of a split into two hands: every pair of final hands with the dealer.

Rules (SPEC sections 3 and 8): each hand is settled as :mod:`~twentyone.analysis.exact.player`
settles it (a bust loses its stake whatever the dealer holds; without a peek a dealer blackjack
takes the first hand's bet, the second's only if ``bj_takes_split_vs_*``, a double part only if
``bj_takes_double_vs_*``); the round's result is the sum of the two hands'.

Method. A split hand plays by a zero-memory policy, so which ordered draws lead to a final hand
``f`` depends on ``f``'s cards alone: ``c(f)`` of them (counted by a forward pass over the split
rows of :class:`~twentyone.analysis.exact.split.SplitSolver`). Any ordered run of cards has a
chance that depends only on how many of each rank it holds, so the first hand ending in ``f``,
the second in ``g`` and the dealer's cards have the chance ``c(f) c(g) B(f + g)`` times the
dealer's chance with ``f + g`` out of the shoe, where ``B`` is the chance of one ordered run of
the hands' drawn cards. Summing over every pair ``(f, g)`` and every dealer outcome gives the
distribution exactly: no independence is assumed. With resplits the number of hands varies and
this enumeration is not used (see :mod:`~twentyone.analysis.exact.distribution`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.dealer import N_OUTCOMES, FloatArray, Outcome
from twentyone.analysis.exact.player import UpcardSolver
from twentyone.analysis.exact.space import IntArray, totals
from twentyone.analysis.exact.split import SPLIT_DOUBLE, SPLIT_HIT, SPLIT_STAND, SplitSolver

_DEALER_TOTALS = np.arange(17, 22, dtype=np.int64)
_CELLS = 1 << 21
"""How many (union, cell) sums of pairs of final hands one block keeps at most."""
_KEY_WEIGHTS = 64 ** np.arange(10, dtype=np.int64)


def hand_results(
    solver: UpcardSolver, hands: IntArray, stake: int | IntArray, *, split: bool, first: bool
) -> IntArray:
    """``(H, 7)`` each finished hand's result in initial bets against each dealer outcome.

    ``stake``: 1, 2 for a doubled hand, or one per row. As
    :meth:`~twentyone.analysis.exact.player.UpcardSolver.settle_rows` settles: a bust loses
    the stake whatever the dealer holds, a winning Charlie wins it unless the dealer has a
    blackjack, and without a peek a dealer blackjack takes the original bet (a split hand's
    other than the first only if ``bj_takes_split_vs_*``) and the double part only if
    ``bj_takes_double_vs_*``. With a peek the blackjack column is the deal's (it is never
    reached by a hand that plays on) and is left as the no-peek rule gives it."""
    count = len(hands)
    stakes = np.broadcast_to(np.asarray(stake, dtype=np.int64), (count,))
    total, _ = totals(hands)
    result = np.zeros((count, N_OUTCOMES), dtype=np.int64)
    result[:, : Outcome.BUST] = stakes[:, None] * np.sign(total[:, None] - _DEALER_TOTALS[None, :])
    result[:, Outcome.BUST] = stakes
    charlie = solver.charlie
    if charlie is not None and solver.rules.charlie_wins:
        wins = hands.sum(axis=1) >= charlie
        result[wins, : Outcome.BLACKJACK] = stakes[wins, None]
    loss = int((not split) or first or solver.takes_split)
    doubled_loss = loss + int(solver.takes_double)
    result[:, Outcome.BLACKJACK] = -np.where(stakes == 2, doubled_loss, loss)
    bust = total > 21
    result[bust, :] = -stakes[bust, None]
    return result


def final_hands(
    splits: SplitSolver, pair: int, hands: int, restricted: bool = False
) -> tuple[IntArray, IntArray, FloatArray]:
    """Every final split hand of ``pair`` in the two-hand context: its cards (the pair card
    included), its stake (1, or 2 when doubled) and ``c(f)``, the number of ordered draws after
    the pair card that the policy turns into it (see the module docstring). ``restricted``:
    only hands whose second card is not a pair card (a resplit was possible)."""
    if splits.rows is None:
        splits.prepare()
    rows = splits.rows
    assert rows is not None
    solver = splits.solver
    space = solver.space
    k = splits.context(pair, 2, hands)
    mine = np.flatnonzero(rows.context == k)
    count = np.zeros(len(rows.code))
    for c in range(10):
        if restricted and c == pair:
            continue
        start = np.zeros(10, dtype=np.int64)
        start[pair] += 1
        start[c] += 1
        index = space.row(tuple(start.tolist()))
        if index >= 0 and rows.rowmap[k, index] >= 0:  # a two-card row is a second card
            count[rows.rowmap[k, index]] = 1.0
    # Forward, layer by layer: a hitting row passes its count to each child it can draw.
    for start_row, stop_row in rows.layers:
        layer = mine[(mine >= start_row) & (mine < stop_row)]
        hitting = layer[rows.code[layer] == SPLIT_HIT]
        if not len(hitting):
            continue
        child = rows.rowmap[k, np.maximum(space.child[rows.hand[hitting]], 0)]
        ok = (space.child[rows.hand[hitting]] >= 0) & (rows.probs[hitting] > 0) & (child >= 0)
        np.add.at(count, child[ok], np.broadcast_to(count[hitting][:, None], ok.shape)[ok])
    standing = mine[(rows.code[mine] == SPLIT_STAND) & (count[mine] > 0)]
    doubling = mine[(rows.code[mine] == SPLIT_DOUBLE) & (count[mine] > 0)]
    eye = np.eye(10, dtype=np.int64)
    dbl_rows = np.repeat(doubling, 10)
    dbl_card = np.tile(np.arange(10), len(doubling))
    ok = rows.probs[dbl_rows, dbl_card] > 0
    dbl_rows, dbl_card = dbl_rows[ok], dbl_card[ok]
    cards = np.concatenate((space.comps[rows.hand[standing]], space.comps[rows.hand[dbl_rows]]))
    cards[len(standing) :] += eye[dbl_card]
    stake = np.concatenate((np.ones(len(standing)), np.full(len(dbl_rows), 2))).astype(np.int64)
    weight = np.concatenate((count[standing], count[dbl_rows]))
    return cards, stake, weight


def _log_ff_table(shoe: tuple[int, ...], most: int) -> FloatArray:
    """``T[r, k] = log ff(shoe[r], k)`` (``-inf`` where ``k`` exceeds the cards of rank ``r``)."""
    table = np.full((10, most + 1), -np.inf)
    for r in range(10):
        n = shoe[r]
        logs = np.concatenate(([0.0], np.cumsum(np.log(np.arange(n, 0, -1, dtype=np.float64)))))
        top = min(n, most)
        table[r, : top + 1] = logs[: top + 1]
    return table


def _pairs(n: int) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Every ``(i, j)`` with ``i <= j < n``, row by row (``np.triu_indices`` in 32 bits)."""
    lengths = np.arange(n, 0, -1, dtype=np.int32)
    left = np.repeat(np.arange(n, dtype=np.int32), lengths)
    starts = np.cumsum(lengths) - lengths
    right = np.arange(len(left), dtype=np.int32) - np.repeat(starts - np.arange(n), lengths)
    return left, right.astype(np.int32)


def two_hand_distribution(
    splits: SplitSolver, pair: int, hands: int = 0, restricted: bool = False
) -> dict[float, float]:
    """``{net: chance}`` of splitting ``pair`` into exactly two hands (unnormalised with a peek:
    the dealer's blackjack is the deal's), exact. ``hands``: the context's hand count
    (:meth:`~twentyone.analysis.exact.split.SplitSolver.context`); ``restricted``: only the
    rounds in which neither hand's second card is a pair card (where a resplit was possible,
    the rounds that stay at two hands)."""
    solver = splits.solver
    cards, stake, weight = final_hands(splits, pair, hands, restricted)
    n_final = len(cards)
    first = hand_results(solver, cards, stake, split=True, first=True)
    second = hand_results(solver, cards, stake, split=True, first=False)
    if solver.peek:
        first[:, Outcome.BLACKJACK] = second[:, Outcome.BLACKJACK] = 0
    left_i, right_i = _pairs(n_final)
    # The pairs share far fewer unions: the dealer's chances and B once per union (a
    # composition's key is linear in its counts, so a union's key is the sum of two).
    key = cards @ _KEY_WEIGHTS
    pair_key = key[left_i] + key[right_i]
    order = np.argsort(pair_key)
    ordered_keys = pair_key[order]
    new = np.ones(len(order), dtype=np.bool_)
    new[1:] = ordered_keys[1:] != ordered_keys[:-1]
    # The pairs in union order: each pair's union index is then a running count.
    left_i, right_i = left_i[order], right_i[order]
    which = np.cumsum(new) - 1
    starts = np.append(np.flatnonzero(new), len(new))
    unions = cards[left_i[new]] + cards[right_i[new]]
    fits = np.all(unions <= np.array(solver.shoe, dtype=np.int64)[None, :], axis=1)
    # Where both hands bust (or win a Charlie) the dealer's total changes no result, only
    # whether the dealer has a blackjack: the dealer's chances are needed only for the unions
    # of a pair with a hand settled against the dealer's total.
    versus = solver.versus_dealer(cards)
    dealt = fits & np.logical_or.reduceat(versus[left_i] | versus[right_i], starts[:-1])
    weighted = np.zeros((len(unions), N_OUTCOMES))
    weighted[dealt] = solver.dealer_batch(unions[dealt])
    blind = fits & ~dealt
    weighted[blind, Outcome.BLACKJACK] = solver.blackjack_rows(unions[blind])
    weighted[blind, Outcome.BUST] = 1.0 - weighted[blind, Outcome.BLACKJACK]
    if solver.peek:
        weighted[:, Outcome.BLACKJACK] = 0.0
    rest = list(solver.shoe)
    rest[pair] -= 2
    drawn = unions[fits]
    drawn[:, pair] -= 2
    log_ff = _log_ff_table(tuple(rest), int(drawn.max(initial=0)))
    log_size = np.concatenate(
        ([0.0], np.cumsum(np.log(np.arange(sum(rest), 0, -1, dtype=np.float64))))
    )
    ranks = np.arange(10)
    run = np.exp(log_ff[ranks[None, :], drawn].sum(axis=1) - log_size[drawn.sum(axis=1)])
    weighted[fits] *= run[:, None]
    # A final hand's results against the dealer's outcomes take few distinct rows: sum the
    # pairs' chances into (union, first hand's row, second hand's row) cells, then weigh each
    # union's cells by its dealer chances (one matrix product per block of unions).
    rows_1, class_1 = np.unique(first, axis=0, return_inverse=True)
    rows_2, class_2 = np.unique(second, axis=0, return_inverse=True)
    class_1, class_2 = class_1.reshape(-1), class_2.reshape(-1)
    cells = len(rows_1) * len(rows_2)
    # Both hands settle alike (a peek, or a dealer blackjack takes every split bet): the pair
    # (f, g) and (g, f) fall in mirrored cells of one table, summed as one.
    alike = bool(np.array_equal(first, second))
    table = np.zeros((cells, N_OUTCOMES))
    # Blocks of whole unions, each of about ``step`` pairs: the per-pair arrays stay in the
    # cache, and a block's (union, cell) sums (at most ``step * cells``) in _CELLS.
    step = max(4096, _CELLS // cells)
    bounds = np.unique(
        np.append(np.searchsorted(starts, np.arange(0, len(which), step)), len(unions))
    )
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        i = left_i[starts[lo] : starts[hi]]
        j = right_i[starts[lo] : starts[hi]]
        chance = weight[i] * weight[j]
        once = np.where(i == j, 0.0, chance)
        ordered = class_1[i] * len(rows_2) + class_2[j]
        swapped = class_1[j] * len(rows_2) + class_2[i]
        if alike:
            ordered = np.minimum(ordered, swapped)
            chance += once
        local = (which[starts[lo] : starts[hi]] - lo) * cells
        by_union = np.bincount(local + ordered, chance, (hi - lo) * cells)
        if not alike:
            by_union += np.bincount(local + swapped, once, (hi - lo) * cells)
        table += by_union.reshape(hi - lo, cells).T @ weighted[lo:hi]
    table = table.T
    offset = 4
    acc = np.zeros(2 * offset + 1)
    net = rows_1[:, None, :] + rows_2[None, :, :]  # (row 1, row 2, outcome)
    for o in range(N_OUTCOMES):
        acc += np.bincount(net[:, :, o].ravel() + offset, weights=table[o], minlength=acc.size)
    return {float(x - offset): float(p) for x, p in enumerate(acc) if p != 0.0}


__all__ = ["final_hands", "hand_results", "two_hand_distribution"]
