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
import numpy.typing as npt

from twentyone.analysis.exact import kernels
from twentyone.analysis.exact.kernels import (
    FlatTrie,
    FloatArray,
    IntArray,
    decorator,
    empty_trie,
    trie_sums,
)

BoolArray = npt.NDArray[np.bool_]

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
def _key_order(keys: IntArray) -> IntArray:
    """The stable order of non-negative keys (as ``np.argsort(keys, kind="stable")``), by a
    radix sort a byte at a time (the bytes every key shares skipped)."""
    n = len(keys)
    order = np.arange(n)
    held = keys.copy()
    spare_order = np.empty(n, dtype=np.int64)
    spare_held = np.empty(n, dtype=np.int64)
    counts = np.zeros(257, dtype=np.int64)
    for shift in range(0, 64, 8):
        counts[:] = 0
        for i in range(n):
            counts[((held[i] >> shift) & 255) + 1] += 1
        if n == 0 or counts.max() == n:
            continue
        for b in range(1, 257):
            counts[b] += counts[b - 1]
        for i in range(n):
            digit = (held[i] >> shift) & 255
            at = counts[digit]
            counts[digit] += 1
            spare_order[at] = order[i]
            spare_held[at] = held[i]
        order, spare_order = spare_order, order
        held, spare_held = spare_held, held
    return order


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
    source: IntArray,
    picked: IntArray,
    keys: IntArray,
    presorted: bool,
    where: IntArray,
    vectors: FloatArray,
    trie: FlatTrie,
) -> None:
    """``vectors[where[j]]`` = the dealer's outcome vector after removal ``source[picked[j]]``
    (of key ``keys[j]``; ``presorted``: the keys ascend already): the trie summed in key
    order, the bust chance one minus the rest."""
    n = len(picked)
    if n == 0:
        return
    rows = picked
    out_rows = where
    if not presorted:
        order = _key_order(keys)
        rows = picked[order]
        out_rows = where[order]
    # The rows are summed in place (the trie writes the outcomes it has multisets for).
    for k in range(n):
        vectors[out_rows[k]] = 0.0
    if len(trie[-1]):
        trie_sums(source, rows, trie, vectors, out_rows)
    for k in range(n):
        row = vectors[out_rows[k]]
        s = 0.0
        for o in range(_N_OUTCOMES):
            s += row[o]
        row[_BUST] = 1.0 - s


@_jit
def dealer_lookup(
    removed: IntArray,
    shoe: IntArray,
    table: IntArray,
    slots: IntArray,
    vectors: FloatArray,
    count: int,
    trie: FlatTrie,
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
    # The removals the store lacks, each once, in key order (the order the trie sums in).
    pos = np.empty(n, dtype=np.int64)
    missing = np.empty(n, dtype=np.int64)
    missing_keys = np.empty(n, dtype=np.int64)
    lacking = 0
    mask = len(table) - 1
    for i in range(n):
        key = _key(removed, i)
        at = _slot(key, mask)
        while table[at] >= 0 and table[at] != key:
            at = (at + 1) & mask
        if table[at] == key:
            pos[i] = slots[at]
        else:
            missing[lacking] = i
            missing_keys[lacking] = key
            lacking += 1
    order = _key_order(missing_keys[:lacking])
    fresh = np.empty(lacking, dtype=np.int64)
    added = 0
    for j in range(lacking):
        u = order[j]
        if added == 0 or missing_keys[u] != missing_keys[fresh[added - 1]]:
            fresh[added] = u
            added += 1
        pos[missing[u]] = count + added - 1
    # Grown only as far as the new removals need: the table at most half full.
    if 2 * (count + added) > len(table):
        size = len(table)
        while size < 2 * (count + added):
            size *= 2
        table, slots = _grown_table(table, slots, size)
        mask = len(table) - 1
    if count + added > vectors.shape[0]:
        bigger = np.empty((max(2 * vectors.shape[0], count + added), _N_OUTCOMES))
        bigger[:count] = vectors[:count]
        vectors = bigger
    rows = np.empty(added, dtype=np.int64)
    for j in range(added):
        key = missing_keys[fresh[j]]
        at = _slot(key, mask)
        while table[at] >= 0:
            at = (at + 1) & mask
        table[at] = key
        slots[at] = count + j
        rows[j] = missing[fresh[j]]
    _add_vectors(removed, rows, rows, True, np.arange(count, count + added), vectors, trie)
    for i in range(n):
        out[i] = vectors[pos[i]]
    return table, slots, vectors, count + added


@_jit
def dealer_vectors(
    removed: IntArray,
    shoe: IntArray,
    trie: FlatTrie,
    out: FloatArray,
) -> bool:
    """``out[i]`` = the dealer's outcome vector after removal ``removed[i]`` (nothing kept);
    ``False`` (nothing computed) when a removal takes more of a rank than ``shoe`` holds."""
    n = removed.shape[0]
    for i in range(n):
        for r in range(10):
            if removed[i, r] > shoe[r]:
                return False
    keys = np.empty(n, dtype=np.int64)
    for i in range(n):
        keys[i] = _key(removed, i)
    _add_vectors(
        removed,
        np.arange(n),
        keys,
        False,
        np.arange(n),
        out,
        trie,
    )
    return True


@_jit
def _drawn_value(
    chances: FloatArray, next_row: IntArray, i: int, ev_of: FloatArray, stake_of: FloatArray
) -> tuple[float, float]:
    """Hand ``i``'s value and stake after one more card: each card's chance times the value
    and stake of the hand it makes (``next_row[i, c]``, ``-1`` where the shoe has none)."""
    ev = 0.0
    st = 0.0
    for c in range(10):
        h = next_row[i, c]
        if h >= 0:
            ev += chances[c] * ev_of[h]
            st += chances[c] * stake_of[h]
    return ev, st


@_jit
def _next_chances(shoe: IntArray, comps: IntArray, i: int, left: int, out: FloatArray) -> bool:
    """``out[r]``: the chance that the next card after hand ``comps[i]`` (``left`` cards left)
    is of rank ``r``, as ``UpcardSolver.draw_rows`` gives it; ``False`` (every chance zero,
    nothing written) when the hand holds more of a rank than ``shoe``."""
    for r in range(10):
        if shoe[r] - comps[i, r] < 0:
            return False
    scale = float(max(left, 1))
    for r in range(10):
        out[r] = max(float(shoe[r]) - comps[i, r], 0.0) / scale
    return True


@_jit
def unsplit_values(
    comps: IntArray,
    order: IntArray,
    bounds: IntArray,
    valid: BoolArray,
    total: IntArray,
    ncards: IntArray,
    stops: BoolArray,
    child: IntArray,
    grown: IntArray,
    shoe: IntArray,
    up: int,
    peek: bool,
    charlie: int,
    takes_double: bool,
    eps: float,
    trie: FlatTrie,
    versus_table: FloatArray,
    stand_ev: FloatArray,
    stand_st: FloatArray,
    best_ev: FloatArray,
    best_st: FloatArray,
    hit_ev: FloatArray,
    hit_st: FloatArray,
    double_ev: FloatArray,
    double_st: FloatArray,
) -> tuple[IntArray, IntArray, FloatArray, int]:
    """The unsplit values of every hand of a space (``UpcardSolver._solve_unsplit``), in one
    pass: the dealer vectors of the valid hands settled against the dealer (the store of
    :func:`dealer_lookup` they start, returned), standing (stake 1), hitting then playing on
    (last layer first) and doubling the two-card hands, each next card's chance worked out
    where it is used (as ``UpcardSolver.draw_rows`` gives it: a table of them would cost a
    megabyte of fresh pages per up card).

    ``order``: the rows in key order; ``bounds``: each layer's first row, then the end;
    ``ncards``: each hand's card count;
    ``valid`` (an output): the rows the shoe deals; ``charlie``: the card count of a winning
    Charlie, ``0`` for none; ``versus_table``: each standing total's result per dealer outcome
    (``player._VERSUS``). The outputs start at zero.
    """
    n = comps.shape[0]
    cards = 0
    for r in range(10):
        cards += shoe[r]
    for i in range(n):
        ok = True
        for r in range(10):
            if comps[i, r] > shoe[r]:
                ok = False
        valid[i] = ok
    # The hands that need a dealer vector (valid, not bust, no winning Charlie), key order.
    versus = np.zeros(n, dtype=np.bool_)
    m = 0
    for k in range(n):
        i = order[k]
        if valid[i] and total[i] <= 21 and (charlie == 0 or ncards[i] < charlie):
            versus[i] = True
            m += 1
    # The store with room for as many vectors again (the split pass's, which come next) without
    # being copied: the table a quarter full, the spare rows not touched.
    size = 16
    while size < 4 * m:
        size *= 2
    table = np.full(size, -1, dtype=np.int64)
    slots = np.zeros(size, dtype=np.int64)
    vectors = np.empty((max(2 * m, 16), _N_OUTCOMES))
    vector_of = np.full(n, -1, dtype=np.int64)
    rows = np.empty(m, dtype=np.int64)
    mask = size - 1
    j = 0
    for k in range(n):
        i = order[k]
        if versus[i]:
            rows[j] = i
            vector_of[i] = j
            key = _key(comps, i)
            at = _slot(key, mask)
            while table[at] >= 0:
                at = (at + 1) & mask
            table[at] = key
            slots[at] = j
            j += 1
    # The rows come in key order (their keys are not needed).
    _add_vectors(
        comps,
        rows,
        rows,
        True,
        np.arange(m),
        vectors,
        trie,
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
    # Hit, then play on optimally: last layer first.
    for i in range(n):
        best_ev[i] = stand_ev[i]
        best_st[i] = stand_st[i]
    chances = np.empty(10)
    for layer in range(len(bounds) - 2, -1, -1):
        for i in range(bounds[layer], bounds[layer + 1]):
            if stops[i] or not _next_chances(shoe, comps, i, cards - ncards[i], chances):
                continue
            ev, st = _drawn_value(chances, child, i, best_ev, best_st)
            hit_ev[i] = ev
            hit_st[i] = st
            if ev > stand_ev[i] + eps:
                best_ev[i] = ev
                best_st[i] = st
    # Doubling a two-card hand: its drawn card's chance times the three-card hand's value.
    if len(bounds) > 2:
        for i in range(0, second):
            if not _next_chances(shoe, comps, i, cards - ncards[i], chances):
                continue
            double_ev[i], double_st[i] = _drawn_value(chances, grown, i, double3_ev, double3_st)
    return table, slots, vectors, m


@_jit
def _dealer_state(up: int, drawn: IntArray, hits_soft_17: bool) -> int:
    """The outcome of up card + ``drawn`` if the dealer stops there, else ``-1``
    (``dealer._dealer_states`` for one row)."""
    cards = 0
    hard = up + 1
    for r in range(10):
        cards += drawn[r]
        hard += drawn[r] * (r + 1)
    soft = (drawn[_ACE] > 0 or up == _ACE) and hard + 10 <= 21
    total = hard + 10 if soft else hard
    state = total - 17 if total >= 17 else -1
    if hits_soft_17 and soft and total == 17:
        state = -1
    if hard > 21:
        state = _BUST
    if up == _ACE and cards == 1 and drawn[_TEN] == 1:
        state = _N_OUTCOMES - 1
    if up == _TEN and cards == 1 and drawn[_ACE] == 1:
        state = _N_OUTCOMES - 1
    return state


@_jit
def dealer_finals(up: int, hits_soft_17: bool) -> tuple[IntArray, FloatArray, IntArray]:
    """:func:`~.dealer.dealer_table`'s arrays: every final multiset of drawn cards after up
    card ``up`` (sorted by aces, then deuces, ...), the number of its orderings in which the
    dealer stops exactly at its last card, and its outcome. Drawn a card at a time, the
    multisets of one card count merged (their orderings added)."""
    live = np.zeros((1, 10), dtype=np.int64)
    ways = np.ones(1)
    cap = 4096
    counts = np.zeros((cap, 10), dtype=np.int64)
    orderings = np.zeros(cap)
    outcome = np.zeros(cap, dtype=np.int64)
    found = 0
    grown = np.zeros(10, dtype=np.int64)
    while live.shape[0]:
        # Only the rows and slots written are read: nothing to clear but the table.
        nxt = np.empty((10 * live.shape[0], 10), dtype=np.int64)
        nxt_ways = np.empty(10 * live.shape[0])
        n_next = 0
        size = 64
        while size < 20 * live.shape[0]:
            size *= 2
        table = np.full(size, -1, dtype=np.int64)
        slots = np.empty(size, dtype=np.int64)
        mask = size - 1
        for j in range(live.shape[0]):
            for c in range(10):
                grown[:] = live[j]
                grown[c] += 1
                state = _dealer_state(up, grown, hits_soft_17)
                key = 0
                for r in range(9, -1, -1):
                    key = key * _BASE + grown[r]
                # One table for the multisets that stop and those that draw again (a
                # multiset is one or the other).
                at = _slot(key, mask)
                while table[at] >= 0 and table[at] != key:
                    at = (at + 1) & mask
                if table[at] == key:
                    k = slots[at]
                    if state >= 0:
                        orderings[k] += ways[j]
                    else:
                        nxt_ways[k] += ways[j]
                    continue
                table[at] = key
                if state >= 0:
                    if found == counts.shape[0]:
                        counts = np.concatenate((counts, np.zeros_like(counts)))
                        orderings = np.concatenate((orderings, np.zeros_like(orderings)))
                        outcome = np.concatenate((outcome, np.zeros_like(outcome)))
                    slots[at] = found
                    counts[found] = grown
                    orderings[found] = ways[j]
                    outcome[found] = state
                    found += 1
                else:
                    slots[at] = n_next
                    nxt[n_next] = grown
                    nxt_ways[n_next] = ways[j]
                    n_next += 1
        live = nxt[:n_next]
        ways = nxt_ways[:n_next]
    lex = np.zeros(found, dtype=np.int64)
    for i in range(found):
        key = 0
        for r in range(10):
            key = key * 32 + counts[i, r]
        lex[i] = key
    order = _key_order(lex)
    return counts[order], orderings[order], outcome[order]


@_jit
def dealer_trie_shape(
    counts: IntArray, outcome: IntArray, shoe: IntArray
) -> tuple[
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
]:
    """The shape of the flat trie of :meth:`~.dealer.DealerEvaluator._flat_trie` from the
    dealer table: which multisets the shoe can deal (``counts[i] <= shoe``, not bust), in trie
    order, and the trie's levels over them. It depends on the shoe only through which
    multisets it holds, so :func:`~.dealer.compiled_trie` keeps it per up card, dealer rule and
    ``min(shoe, most)`` (the reference compiles its dealer hands into its code).

    Returns ``(child_k, k_off, first, f_off, group_at, group_size, runs, run_outcome, rows,
    k_max_rank, k_size)``: the trie's arrays, the table row of each multiset in trie order,
    each rank's largest count in a kept multiset and the largest draw (``k_size`` as a
    one-element array)."""
    m_all = counts.shape[0]
    keep = np.zeros(m_all, dtype=np.bool_)
    m = 0
    for i in range(m_all):
        ok = outcome[i] != _BUST
        for r in range(10):
            if counts[i, r] > shoe[r]:
                ok = False
        keep[i] = ok
        if ok:
            m += 1
    rows = np.flatnonzero(keep)
    sizes = np.zeros(m, dtype=np.int64)
    k_max_rank = np.zeros(10, dtype=np.int64)
    for j in range(m):
        for r in range(10):
            c = counts[rows[j], r]
            sizes[j] += c
            k_max_rank[r] = max(k_max_rank[r], c)
    k_size = 0
    for j in range(m):
        k_size = max(k_size, sizes[j])
    trie = np.zeros((m, 11), dtype=np.int64)
    sort_key = np.zeros(m, dtype=np.int64)
    for j in range(m):
        i = rows[j]
        trie[j, 0] = outcome[i] * (k_size + 1) + sizes[j]
        key = trie[j, 0]
        for r in range(10):
            trie[j, r + 1] = counts[i, r]
            key = key * 32 + counts[i, r]
        sort_key[j] = key
    order = _key_order(sort_key)
    trie = trie[order]
    rows = rows[order]
    # Level d's nodes: the rows where one of the trie's columns 0 .. d changes.
    new = np.zeros(m, dtype=np.bool_)
    if m:
        new[0] = True
    level_size = np.zeros(11, dtype=np.int64)
    starts = np.zeros((11, m), dtype=np.int64)
    for d in range(11):
        n_d = 0
        for j in range(m):
            if j and trie[j, d] != trie[j - 1, d]:
                new[j] = True
            if new[j]:
                starts[d, n_d] = j
                n_d += 1
        level_size[d] = n_d
    k_off = np.zeros(11, dtype=np.int64)
    for d in range(10):
        k_off[d + 1] = k_off[d] + level_size[d + 1]
    child_k = np.zeros(k_off[10], dtype=np.int64)
    for d in range(10):
        for c in range(level_size[d + 1]):
            child_k[k_off[d] + c] = trie[starts[d + 1, c], d + 1]
    # first: per level d >= 1, each node's first child in level d + 1, then the level's end
    # (level 0 keeps one zero, as the NumPy code).
    f_off = np.zeros(11, dtype=np.int64)
    f_off[1] = 1
    for d in range(1, 10):
        f_off[d + 1] = f_off[d] + level_size[d] + 1
    first = np.zeros(f_off[10], dtype=np.int64)
    parent0 = np.zeros(level_size[0], dtype=np.int64)
    for d in range(10):
        c = 0
        for j in range(level_size[d]):
            while c < level_size[d + 1] and starts[d + 1, c] < starts[d, j]:
                c += 1
            if d == 0:
                parent0[j] = c
            else:
                first[f_off[d] + j] = c
        if d:
            first[f_off[d] + level_size[d]] = level_size[d + 1]
    children = level_size[1]
    groups = level_size[0]
    group_at = np.zeros(groups + 1, dtype=np.int64)
    group_size = np.zeros(groups, dtype=np.int64)
    group_outcome = np.zeros(groups, dtype=np.int64)
    for g in range(groups):
        group_at[g] = parent0[g]
        group = trie[starts[0, g], 0]
        group_size[g] = group % (k_size + 1)
        group_outcome[g] = group // (k_size + 1)
    group_at[groups] = children
    # The groups come sorted by outcome: each outcome's groups are one run.
    n_runs = 0
    for g in range(groups):
        if g == 0 or group_outcome[g] != group_outcome[g - 1]:
            n_runs += 1
    runs = np.zeros(n_runs + 1, dtype=np.int64)
    run_outcome = np.zeros(n_runs, dtype=np.int64)
    o = 0
    for g in range(groups):
        if g == 0 or group_outcome[g] != group_outcome[g - 1]:
            runs[o] = g
            run_outcome[o] = group_outcome[g]
            o += 1
    runs[n_runs] = groups
    most = np.full(1, k_size, dtype=np.int64)
    return (
        child_k,
        k_off,
        first,
        f_off,
        group_at,
        group_size,
        runs,
        run_outcome,
        rows,
        k_max_rank,
        most,
    )


@_jit
def dealer_trie_weights(
    counts: IntArray,
    log_orderings: FloatArray,
    rows: IntArray,
    k_max_rank: IntArray,
    k_size: int,
    shoe: IntArray,
    logs: FloatArray,
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """The shoe's part of the flat trie (:func:`dealer_trie_shape` the rest): ``(ratio,
    size_ratio, log_weight)``, each rank's chance factors, the draw size's, and the log of
    each kept multiset's chance from the full shoe (``rows``: their table rows in trie order;
    ``log_orderings``: the log of each multiset's orderings; ``logs[i]``: ``log(i)``; the caller
    takes the exponential, as the NumPy code does)."""
    total = 0
    for r in range(10):
        total += shoe[r]
    m = len(rows)
    # log ff(n, k) of each rank's count and of the size, summed as the NumPy code sums them.
    ff = np.zeros((11, total + 1))
    for r in range(11):
        n = shoe[r] if r < 10 else total
        for k in range(1, n + 1):
            ff[r, k] = ff[r, k - 1] + logs[n - k + 1]
    log_weight = np.zeros(m)
    for j in range(m):
        i = rows[j]
        value = log_orderings[i]
        size = 0
        for r in range(10):
            value += ff[r, min(counts[i, r], shoe[r])]
            size += counts[i, r]
        value -= ff[10, min(size, total)]
        log_weight[j] = value
    p_max = 0
    k_max = 0
    for r in range(10):
        p_max = max(p_max, shoe[r] + 1)
        k_max = max(k_max, k_max_rank[r] + 1)
    ratio = np.zeros((10, p_max, k_max))
    for r in range(10):
        n = shoe[r]
        for p in range(n + 1):
            ratio[r, p, 0] = 1.0
            value = 1.0
            for j in range(k_max_rank[r]):
                value *= max(n - p - j, 0.0) / max(n - j, 1.0)
                ratio[r, p, j + 1] = value
    # The size factor G[s, K] = ff(total, K) / ff(total - s, K).
    sized = np.ones((total + 1, k_size + 1))
    for s in range(total + 1):
        value = 1.0
        for j in range(k_size):
            left = total - s - j
            value *= (total - j) / max(left, 1.0) if left > 0 else 0.0
            sized[s, j + 1] = value
    return ratio, sized, log_weight


@_jit
def _sorted_by_key(rows: IntArray) -> tuple[IntArray, IntArray]:
    """The rows in key order (stable) and their keys."""
    n = rows.shape[0]
    keys = np.empty(n, dtype=np.int64)
    for i in range(n):
        keys[i] = _key(rows, i)
    order = _key_order(keys)
    return rows[order], keys[order]


@_jit
def _decoded(keys: IntArray) -> IntArray:
    """The compositions of keys (base 64: six bits per rank, rank 0 lowest)."""
    rows = np.empty((len(keys), 10), dtype=np.int64)
    for i in range(len(keys)):
        key = keys[i]
        for r in range(10):
            rows[i, r] = key & (_BASE - 1)
            key >>= 6
    return rows


@_jit
def hand_space_rows(
    limit: IntArray, charlie: int, first_layer: IntArray
) -> tuple[
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    BoolArray,
    BoolArray,
    IntArray,
]:
    """:class:`~.space.HandSpace`'s hands: ``(comps, starts, keys, grown, order, ncards,
    total, soft, stops, child)``, the hands by card count then key, each layer's first row then
    the end, their keys, the row of each hand plus one card of each rank (``-1`` where it is
    not in the space), the rows in key order, and each hand's card count, best total,
    softness, whether it stops (21 or more, or the Charlie count) and ``grown`` with ``-1``
    for the hands that stop. The first layer is the given hands the shoe ``limit`` holds; a
    hand below 21 (and the Charlie count, ``0``: none) grows by each card left. The layers
    grow as keys (a tenth of the rows' memory), the hands decoded once at the end."""
    kept = 0
    for i in range(first_layer.shape[0]):
        ok = True
        for r in range(10):
            if first_layer[i, r] > limit[r]:
                ok = False
        kept += ok
    layer = np.empty((kept, 10), dtype=np.int64)
    j = 0
    for i in range(first_layer.shape[0]):
        ok = True
        for r in range(10):
            if first_layer[i, r] > limit[r]:
                ok = False
        if ok:
            layer[j] = first_layer[i]
            j += 1
    layer, layer_keys = _sorted_by_key(layer)
    weights = np.empty(10, dtype=np.int64)
    w = 1
    for r in range(10):
        weights[r] = w
        w *= _BASE
    keys = np.empty(max(64, 4 * kept), dtype=np.int64)
    starts = [0]
    n = 0
    while layer.shape[0]:
        if n + layer.shape[0] > keys.shape[0]:
            more = np.empty(max(2 * keys.shape[0], n + layer.shape[0]), dtype=np.int64)
            more[:n] = keys[:n]
            keys = more
        keys[n : n + layer.shape[0]] = layer_keys
        n += layer.shape[0]
        starts.append(n)
        # The next layer: each live hand plus each card left, once each.
        size = 64
        while size < 4 * layer.shape[0]:
            size *= 2
        table = np.full(size, -1, dtype=np.int64)
        none = np.zeros(size, dtype=np.int64)
        mask = size - 1
        grown_keys = np.empty(10 * layer.shape[0], dtype=np.int64)
        found = 0
        for i in range(layer.shape[0]):
            hard = 0
            cards = 0
            for r in range(10):
                hard += layer[i, r] * (r + 1)
                cards += layer[i, r]
            total = hard + 10 if layer[i, _ACE] > 0 and hard <= 11 else hard
            if total >= 21 or (charlie and cards >= charlie):
                continue
            for c in range(10):
                if layer[i, c] + 1 > limit[c]:
                    continue
                key = layer_keys[i] + weights[c]
                at = _slot(key, mask)
                while table[at] >= 0 and table[at] != key:
                    at = (at + 1) & mask
                if table[at] == key:
                    continue
                table[at] = key
                grown_keys[found] = key
                found += 1
                if 2 * found > len(table):
                    table, none = _grown_table(table, none, 2 * len(table))
                    mask = len(table) - 1
        layer_keys = grown_keys[:found][_key_order(grown_keys[:found])]
        layer = _decoded(layer_keys)
    keys = keys[:n].copy()
    comps = _decoded(keys)
    # Each hand plus one card: a hand of the next layer or none (a layer holds every hand of
    # its card count). A layer's keys ascend, and so do they with one card's weight added:
    # each card's matches are one merge of the layer with the next.
    plus = np.full((n, 10), -1, dtype=np.int64)
    for depth in range(len(starts) - 2):
        below = starts[depth + 1]
        end = starts[depth + 2]
        for c in range(10):
            j = below
            for i in range(starts[depth], below):
                key = keys[i] + weights[c]
                while j < end and keys[j] < key:
                    j += 1
                if j == end:
                    break
                if keys[j] == key:
                    plus[i, c] = j
    order = _key_order(keys)
    # Per hand: cards, best total (as ``space.totals``), and whether it stops.
    ncards = np.zeros(n, dtype=np.int64)
    best = np.zeros(n, dtype=np.int64)
    soft = np.zeros(n, dtype=np.bool_)
    stops = np.zeros(n, dtype=np.bool_)
    child = plus.copy()
    for i in range(n):
        hard = 0
        for r in range(10):
            ncards[i] += comps[i, r]
            hard += comps[i, r] * (r + 1)
        soft[i] = comps[i, _ACE] > 0 and hard <= 11
        best[i] = hard + 10 if soft[i] else hard
        stops[i] = best[i] >= 21 or (charlie != 0 and ncards[i] >= charlie)
        if stops[i]:
            child[i, :] = -1
    return (
        comps,
        np.array(starts, dtype=np.int64),
        keys,
        plus,
        order,
        ncards,
        best,
        soft,
        stops,
        child,
    )


def warm() -> None:
    """Load these kernels (their first call, on empty arrays)."""
    none = np.zeros(0, dtype=np.int64)
    table10 = np.zeros((0, 10), dtype=np.int64)
    trie = empty_trie()
    shoe = np.zeros(10, dtype=np.int64)
    table = np.full(16, -1, dtype=np.int64)
    slots = np.zeros(16, dtype=np.int64)
    dealer_lookup(table10, shoe, table, slots, np.zeros((16, 7)), 0, trie, np.zeros((0, 7)))
    dealer_vectors(table10, shoe, trie, np.zeros((0, 7)))
    dealer_finals(9, False)
    hand_space_rows(shoe, 0, table10)
    dealer_trie_shape(table10, none, shoe)
    dealer_trie_weights(
        table10, np.zeros(0), none, np.zeros(10, dtype=np.int64), 0, shoe, np.zeros(1)
    )
    zero = np.zeros(0)
    flags = np.zeros(0, dtype=np.bool_)
    unsplit_values(
        table10,
        none,
        np.zeros(1, dtype=np.int64),
        flags,
        none,
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
        trie,
        np.zeros((22, 7)),
        zero,
        zero,
        zero,
        zero,
        zero,
        zero,
        zero,
        zero,
    )


__all__ = [
    "dealer_finals",
    "dealer_lookup",
    "dealer_trie_shape",
    "dealer_trie_weights",
    "dealer_vectors",
    "hand_space_rows",
    "unsplit_values",
    "warm",
]
