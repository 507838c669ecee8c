"""Compiled loops of one up card's set-up (Numba): the unsplit hands' values and the store of
dealer vectors of :class:`~twentyone.analysis.exact.player.UpcardSolver`.

Loaded only when :func:`.compiled.active` says so, as :mod:`.kernels` (whose trie sum,
:func:`~.kernels.dealer_sums`, these loops call): the NumPy code of ``player.py`` stays the
default path and computes the same figures (the dealer sums reordered in their last bits).

The dealer store maps a removal's key (:func:`~.space.keys`) to its row of dealer vectors in an
open-addressing hash table (``table``: the keys, ``-1`` for an empty slot; ``slots``: each key's
row of ``vectors``; ``count``: the rows in use). A batch of removals is looked up in one pass;
the ones not seen before are summed by the trie in key order (the order the trie shares most
work in) and added.

The compiled folder is named by this file and by ``kernels.py`` (whose kernel is compiled into
these), so a change to either recompiles both.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from twentyone.analysis.exact import kernels
from twentyone.analysis.exact.kernels import FloatArray, IntArray, dealer_sums, decorator
from twentyone.analysis.exact.space import BoolArray

_BOTH = hashlib.sha256(Path(kernels.__file__).read_bytes()).hexdigest()[:8]
_jit = decorator(fastmath=False, source=Path(__file__), name=f"upcard-{_BOTH}")
"""The values below decide plays: added in the NumPy code's order (the trie's own sums are
reordered, as :func:`~.kernels.dealer_sums` says)."""

_N_OUTCOMES = 7
_BUST = 5
_ACE = 0
_TEN = 9
_BASE = 64


@_jit
def _key(rows: IntArray, i: int) -> int:
    """The key of row ``i`` (rank 9 most significant, base 64, as :func:`~.space.keys`)."""
    key = 0
    for r in range(9, -1, -1):
        key = key * _BASE + rows[i, r]
    return key


@_jit
def _slot(key: int, mask: int) -> int:
    """The first slot a key probes (Fibonacci hashing)."""
    h = np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)
    return int(np.int64((h >> np.uint64(32)) & np.uint64(mask)))


@_jit
def _grown_table(table: IntArray, slots: IntArray, size: int) -> tuple[IntArray, IntArray]:
    """The table's keys rehashed into ``size`` slots (a power of two)."""
    new_table = np.full(size, -1, dtype=np.int64)
    new_slots = np.zeros(size, dtype=np.int64)
    mask = size - 1
    for s in range(len(table)):
        key = table[s]
        if key >= 0:
            at = _slot(key, mask)
            while new_table[at] >= 0:
                at = (at + 1) & mask
            new_table[at] = key
            new_slots[at] = slots[s]
    return new_table, new_slots


@_jit
def _add_vectors(
    rows: IntArray,
    where: IntArray,
    vectors: FloatArray,
    child_k: IntArray,
    k_off: IntArray,
    first: IntArray,
    f_off: IntArray,
    ratio: FloatArray,
    root_ratio: FloatArray,
    root_size: FloatArray,
    runs: IntArray,
    run_outcome: IntArray,
    weight: FloatArray,
) -> None:
    """``vectors[where[j]]`` = the dealer's outcome vector after removal ``rows[j]`` (the rows
    distinct, any order): the trie summed in key order, the bust chance one minus the rest."""
    n = rows.shape[0]
    if n == 0:
        return
    keys = np.empty(n, dtype=np.int64)
    for j in range(n):
        keys[j] = _key(rows, j)
    order = np.argsort(keys, kind="mergesort")
    ordered = np.empty((n, 10), dtype=np.int64)
    for k in range(n):
        ordered[k] = rows[order[k]]
    sums = np.zeros((n, _N_OUTCOMES))
    if len(weight):
        dealer_sums(
            ordered,
            child_k,
            k_off,
            first,
            f_off,
            ratio,
            root_ratio,
            root_size,
            runs,
            run_outcome,
            weight,
            sums,
        )
    for k in range(n):
        row = vectors[where[order[k]]]
        s = 0.0
        for o in range(_N_OUTCOMES):
            row[o] = sums[k, o]
            s += sums[k, o]
        row[_BUST] = 1.0 - s


@_jit
def dealer_lookup(
    removed: IntArray,
    shoe: IntArray,
    table: IntArray,
    slots: IntArray,
    vectors: FloatArray,
    count: int,
    child_k: IntArray,
    k_off: IntArray,
    first: IntArray,
    f_off: IntArray,
    ratio: FloatArray,
    root_ratio: FloatArray,
    root_size: FloatArray,
    runs: IntArray,
    run_outcome: IntArray,
    weight: FloatArray,
    out: FloatArray,
) -> tuple[IntArray, IntArray, FloatArray, int]:
    """``out[i]`` = the dealer's outcome vector after removal ``removed[i]``, from the store
    ``(table, slots, vectors, count)``, the removals not in it summed and added: the store
    afterwards is returned (its arrays grown when full). ``count`` comes back ``-1`` (nothing
    changed) when a removal takes more of a rank than ``shoe`` holds."""
    n = removed.shape[0]
    for i in range(n):
        for r in range(10):
            if removed[i, r] > shoe[r]:
                return table, slots, vectors, -1
    pos = np.empty(n, dtype=np.int64)
    fresh = np.empty(n, dtype=np.int64)
    added = 0
    mask = len(table) - 1
    for i in range(n):
        key = _key(removed, i)
        at = _slot(key, mask)
        while table[at] >= 0 and table[at] != key:
            at = (at + 1) & mask
        if table[at] == key:
            pos[i] = slots[at]
            continue
        table[at] = key
        slots[at] = count + added
        pos[i] = count + added
        fresh[added] = i
        added += 1
        if 2 * (count + added) > len(table):
            table, slots = _grown_table(table, slots, 2 * len(table))
            mask = len(table) - 1
    if added:
        if count + added > vectors.shape[0]:
            bigger = np.zeros((max(2 * vectors.shape[0], count + added), _N_OUTCOMES))
            bigger[:count] = vectors[:count]
            vectors = bigger
        rows = np.empty((added, 10), dtype=np.int64)
        where = np.empty(added, dtype=np.int64)
        for j in range(added):
            rows[j] = removed[fresh[j]]
            where[j] = count + j
        _add_vectors(
            rows,
            where,
            vectors,
            child_k,
            k_off,
            first,
            f_off,
            ratio,
            root_ratio,
            root_size,
            runs,
            run_outcome,
            weight,
        )
    for i in range(n):
        out[i] = vectors[pos[i]]
    return table, slots, vectors, count + added


@_jit
def unsplit_values(
    comps: IntArray,
    order: IntArray,
    bounds: IntArray,
    valid: BoolArray,
    total: IntArray,
    stops: BoolArray,
    child: IntArray,
    grown: IntArray,
    shoe: IntArray,
    up: int,
    peek: bool,
    charlie: int,
    takes_double: bool,
    eps: float,
    child_k: IntArray,
    k_off: IntArray,
    first: IntArray,
    f_off: IntArray,
    ratio: FloatArray,
    root_ratio: FloatArray,
    root_size: FloatArray,
    runs: IntArray,
    run_outcome: IntArray,
    weight: FloatArray,
    versus_table: FloatArray,
    stand_ev: FloatArray,
    stand_st: FloatArray,
    probs: FloatArray,
    best_ev: FloatArray,
    best_st: FloatArray,
    hit_ev: FloatArray,
    hit_st: FloatArray,
    double_ev: FloatArray,
    double_st: FloatArray,
) -> tuple[IntArray, IntArray, FloatArray, int]:
    """The unsplit values of every hand of a space (``UpcardSolver._solve_unsplit``), in one
    pass: the dealer vectors of the valid hands settled against the dealer (the store of
    :func:`dealer_lookup` they start, returned), standing (stake 1), each next card's chance,
    hitting then playing on (last layer first) and doubling the two-card hands.

    ``order``: the rows in key order; ``bounds``: each layer's first row, then the end;
    ``valid``: the rows the shoe deals; ``charlie``: the card count of a winning
    Charlie, ``0`` for none; ``versus_table``: each standing total's result per dealer outcome
    (``player._VERSUS``). The outputs start at zero.
    """
    n = comps.shape[0]
    cards = 0
    for r in range(10):
        cards += shoe[r]
    ncards = np.zeros(n, dtype=np.int64)
    for i in range(n):
        for r in range(10):
            ncards[i] += comps[i, r]
    # The hands that need a dealer vector (valid, not bust, no winning Charlie), key order.
    versus = np.zeros(n, dtype=np.bool_)
    m = 0
    for k in range(n):
        i = order[k]
        if valid[i] and total[i] <= 21 and (charlie == 0 or ncards[i] < charlie):
            versus[i] = True
            m += 1
    size = 16
    while size < 2 * m:
        size *= 2
    table = np.full(size, -1, dtype=np.int64)
    slots = np.zeros(size, dtype=np.int64)
    vectors = np.zeros((max(m, 16), _N_OUTCOMES))
    vector_of = np.full(n, -1, dtype=np.int64)
    rows = np.empty((m, 10), dtype=np.int64)
    where = np.arange(m)
    mask = size - 1
    j = 0
    for k in range(n):
        i = order[k]
        if versus[i]:
            rows[j] = comps[i]
            vector_of[i] = j
            key = _key(comps, i)
            at = _slot(key, mask)
            while table[at] >= 0:
                at = (at + 1) & mask
            table[at] = key
            slots[at] = j
            j += 1
    _add_vectors(
        rows,
        where,
        vectors,
        child_k,
        k_off,
        first,
        f_off,
        ratio,
        root_ratio,
        root_size,
        runs,
        run_outcome,
        weight,
    )
    other = -1
    if up == _ACE:
        other = _TEN
    elif up == _TEN:
        other = _ACE
    # Settled values of the valid hands: stake 1 for every one, stake 2 for the three-card
    # hands (a double's drawn card).
    double3_ev = np.zeros(n)
    double3_st = np.zeros(n)
    second = bounds[1] if len(bounds) > 1 else n
    third = bounds[2] if len(bounds) > 2 else second
    for i in range(n):
        if not valid[i]:
            continue
        p_bj = 0.0
        if other >= 0:
            p_bj = (shoe[other] - comps[i, other]) / float(cards - ncards[i])
        bust = total[i] > 21
        dot = 0.0
        if versus[i]:
            d = vectors[vector_of[i]]
            t = total[i]
            for o in range(_N_OUTCOMES):
                dot += d[o] * versus_table[t, o]
        for stake in (1, 2):
            if stake == 2 and not (second <= i < third):
                continue
            if versus[i]:
                win = stake * dot
            elif bust:
                win = -float(stake) * (1.0 - p_bj)
            else:
                win = stake * (1.0 - p_bj)
            if peek:
                ev = win - p_bj * 0.0
                st = stake * (1.0 - p_bj)
            else:
                loss = 1.0
                if stake == 2 and takes_double:
                    loss += 1.0
                ev = win - p_bj * (float(stake) if bust else loss)
                st = float(stake)
            if stake == 1:
                stand_ev[i] = ev
                stand_st[i] = st
            else:
                double3_ev[i] = ev
                double3_st[i] = st
    # The next card's chances of the hands that may draw and of the two-card hands.
    for i in range(n):
        if stops[i] and not (i < second):
            continue
        left = cards - ncards[i]
        over = False
        for r in range(10):
            if shoe[r] - comps[i, r] < 0:
                over = True
        if over:
            continue
        scale = float(max(left, 1))
        for r in range(10):
            probs[i, r] = max(float(shoe[r]) - comps[i, r], 0.0) / scale
    # Hit, then play on optimally: last layer first.
    for i in range(n):
        best_ev[i] = stand_ev[i]
        best_st[i] = stand_st[i]
    for layer in range(len(bounds) - 2, -1, -1):
        for i in range(bounds[layer], bounds[layer + 1]):
            if stops[i]:
                continue
            ev = 0.0
            st = 0.0
            for c in range(10):
                h = child[i, c]
                if h >= 0:
                    ev += probs[i, c] * best_ev[h]
                    st += probs[i, c] * best_st[h]
            hit_ev[i] = ev
            hit_st[i] = st
            if ev > stand_ev[i] + eps:
                best_ev[i] = ev
                best_st[i] = st
    # Doubling a two-card hand: its drawn card's chance times the three-card hand's value.
    if len(bounds) > 2:
        for i in range(0, second):
            ev = 0.0
            st = 0.0
            for c in range(10):
                h = grown[i, c]
                if h >= 0:
                    ev += probs[i, c] * double3_ev[h]
                    st += probs[i, c] * double3_st[h]
            double_ev[i] = ev
            double_st[i] = st
    return table, slots, vectors, m


def warm() -> None:
    """Load these kernels (their first call, on empty arrays)."""
    none = np.zeros(0, dtype=np.int64)
    table10 = np.zeros((0, 10), dtype=np.int64)
    trie = (
        none,
        np.zeros(11, dtype=np.int64),
        none,
        np.zeros(11, dtype=np.int64),
        np.zeros((10, 1, 1)),
        np.zeros((1, 1)),
        np.zeros((1, 1)),
        np.zeros(1, dtype=np.int64),
        none,
        np.zeros(0),
    )
    shoe = np.zeros(10, dtype=np.int64)
    table = np.full(16, -1, dtype=np.int64)
    slots = np.zeros(16, dtype=np.int64)
    dealer_lookup(table10, shoe, table, slots, np.zeros((16, 7)), 0, *trie, np.zeros((0, 7)))
    zero = np.zeros(0)
    flags = np.zeros(0, dtype=np.bool_)
    unsplit_values(
        table10,
        none,
        np.zeros(1, dtype=np.int64),
        flags,
        none,
        flags,
        table10,
        table10,
        shoe,
        5,
        True,
        0,
        False,
        0.0,
        *trie,
        np.zeros((22, 7)),
        zero,
        zero,
        np.zeros((0, 10)),
        zero,
        zero,
        zero,
        zero,
        zero,
        zero,
    )


__all__ = ["dealer_lookup", "unsplit_values", "warm"]
