"""The split pass's compiled loops (Numba): :meth:`~.split.SplitSolver.prepare` in three calls.

:func:`split_rows` lists every row ``(context, hand)`` the policy reaches, layer by layer, with
each hitting row's child rows and every removal a finished row settles against;
:func:`split_values` settles the rows (the dealer vectors of those removals given) and fills in
the hitting rows from their children, last layer first; :func:`pair_values` sums the split
value of every pair from its two-card rows, term by term as :meth:`~.split.SplitSolver.value`
does. :func:`play_rows` and :func:`play_codes` choose CDP1's and CDP's plays
(:meth:`~.split.SplitSolver.pair_play`). The rows, codes and layers are the NumPy code's (same
order), and every sum is added in the NumPy code's order, so the values and plays are its own to
the bit given the same dealer vectors.

Loaded as :mod:`.kernels` is (only when :func:`.compiled.active` says so), with its own disk
cache folder (:func:`.kernels.cache_dir` of this file).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.kernels import FloatArray, IntArray, decorator

BoolArray = npt.NDArray[np.bool_]

_jit = decorator(fastmath=False, source=Path(__file__), name="exact-split")
"""Sums in the NumPy code's order, bit for bit."""

_STAND, _HIT, _DOUBLE = 0, 1, 2


@_jit
def _grow(values: IntArray, need: int) -> IntArray:
    """``values`` with room for at least ``need`` rows (doubled), its rows kept."""
    if need <= values.shape[0]:
        return values
    out = np.empty(max(need, 2 * values.shape[0]), dtype=values.dtype)
    out[: values.shape[0]] = values
    return out


@_jit
def _grow_rows(values: IntArray, need: int) -> IntArray:
    """:func:`_grow` for a table of ten columns."""
    if need <= values.shape[0]:
        return values
    out = np.empty((max(need, 2 * values.shape[0]), 10), dtype=values.dtype)
    out[: values.shape[0]] = values
    return out


@_jit
def _ranks(ctx: IntArray, hand: IntArray, hands: int) -> IntArray:
    """Each entry's place in the order of ``(ctx, hand)`` (distinct pairs, ``0 <= hand <
    hands``): a radix sort of ``ctx * hands + hand`` a byte at a time (a few passes over the
    entries, none over the whole space)."""
    count = len(ctx)
    order = np.arange(count)
    keys = np.empty(count, dtype=np.int64)
    top = 0
    for u in range(count):
        keys[u] = ctx[u] * hands + hand[u]
        top = max(top, keys[u])
    spare = np.empty(count, dtype=np.int64)
    counts = np.empty(257, dtype=np.int64)
    shift = 0
    while (top >> shift) > 0:
        counts[:] = 0
        for u in range(count):
            counts[((keys[order[u]] >> shift) & 255) + 1] += 1
        for b in range(1, 257):
            counts[b] += counts[b - 1]
        for u in range(count):
            digit = (keys[order[u]] >> shift) & 255
            spare[counts[digit]] = order[u]
            counts[digit] += 1
        order, spare = spare, order
        shift += 8
    rank = np.empty(count, dtype=np.int64)
    for j in range(count):
        rank[order[j]] = j
    return rank


@_jit
def split_rows(
    pair: IntArray,
    committed: IntArray,
    one_card: BoolArray,
    extra: IntArray,
    which: IntArray,
    table: IntArray,
    pair_rows: IntArray,
    shoe: IntArray,
    comps: IntArray,
    child: IntArray,
    grown: IntArray,
    stops: BoolArray,
    ncards: IntArray,
    total: IntArray,
    charlie: int,
) -> tuple[
    IntArray, IntArray, IntArray, IntArray, IntArray, IntArray, IntArray, IntArray, IntArray
]:
    """The rows of the split pass and what they settle against.

    Context ``k`` splits ``pair[k]`` with ``committed[k]`` pair cards out (``extra[k]``: the
    removal besides a hand's own cards); its rows play ``table[which[k]]`` (an action code per
    hand of the space; split aces that take one card, ``one_card[k]``, stand on two cards).
    ``pair_rows[p, c]``: the space row of ``p`` plus ``c``; ``charlie``: the card count that
    wins without meeting the dealer (0: none).

    Returns ``(ctx, hand, code, bounds, hit_row, hit_child, start_row, items, removals)``: the
    rows (each layer sorted by ``ctx * hands + hand``, layer ``i`` the rows ``bounds[i] ..
    bounds[i + 1]``); each hitting row (in layer order) with its child row per next card
    (``-1``: the card cannot come); ``start_row[k, c]`` the row of context ``k``'s hand of the
    pair card and ``c``; ``items`` ``(S, 4)``: each finished hand (row, space row of the hand,
    card drawn to a double or ``-1`` for a row that stands, index in ``removals`` or ``-1``
    when it does not meet the dealer's total), the standing rows in row order then each
    doubled row's cards; ``removals`` ``(V, 10)``: the cards out of the shoe of each item that
    meets the dealer's total.
    """
    contexts = len(pair)
    n = comps.shape[0]
    # slot[g]: 1 + the index among the next layer's new rows of hand g for the context whose
    # rows are being read (0: none yet).
    slot = np.zeros(n, dtype=np.int64)
    cap = max(16, contexts * 10)
    row_ctx = np.empty(cap, dtype=np.int64)
    row_hand = np.empty(cap, dtype=np.int64)
    start_row = np.full((contexts, 10), -1, dtype=np.int64)
    rows = 0
    hands = np.empty(10, dtype=np.int64)
    cards = np.empty(10, dtype=np.int64)
    for k in range(contexts):
        p = pair[k]
        got = 0
        for c in range(10):
            left = shoe[c] - (committed[k] if c == p else 0)
            h = pair_rows[p, c]
            if left > 0 and h >= 0:
                # Insertion by hand row: the layer is sorted by (context, hand).
                j = got
                while j > 0 and hands[j - 1] > h:
                    hands[j] = hands[j - 1]
                    cards[j] = cards[j - 1]
                    j -= 1
                hands[j] = h
                cards[j] = c
                got += 1
        for j in range(got):
            row_ctx[rows] = k
            row_hand[rows] = hands[j]
            start_row[k, cards[j]] = rows
            rows += 1
    bounds = np.empty(32, dtype=np.int64)
    bounds[0] = 0
    layers = 0
    row_code = np.empty(row_ctx.shape[0], dtype=np.int64)
    hit_row = np.empty(cap, dtype=np.int64)
    hit_child = np.empty((cap, 10), dtype=np.int64)
    hits = 0
    next_ctx = np.empty(cap, dtype=np.int64)
    next_hand = np.empty(cap, dtype=np.int64)
    start = 0
    stop = rows
    while stop > start:
        bounds = _grow(bounds, layers + 2)
        layers += 1
        bounds[layers] = stop
        row_code = _grow(row_code, stop)
        first_hit = hits
        fresh = 0
        hit_row = _grow(hit_row, hits + stop - start)
        hit_child = _grow_rows(hit_child, hits + stop - start)
        next_ctx = _grow(next_ctx, 10 * (stop - start))
        next_hand = _grow(next_hand, 10 * (stop - start))
        group = 0
        for i in range(start, stop):
            k = row_ctx[i]
            h = row_hand[i]
            if i > start and k != row_ctx[i - 1]:
                # A layer's rows come by context: the next context starts a fresh count.
                for u in range(group, fresh):
                    slot[next_hand[u]] = 0
                group = fresh
            code = _STAND
            if not (stops[h] or (one_card[k] and ncards[h] == 2)):
                code = table[which[k], h]
            row_code[i] = code
            if code != _HIT:
                continue
            hit_row[hits] = i
            for c in range(10):
                if shoe[c] - comps[h, c] - extra[k, c] > 0:
                    g = child[h, c]
                    u = slot[g]
                    if u == 0:
                        next_ctx[fresh] = k
                        next_hand[fresh] = g
                        fresh += 1
                        u = fresh
                        slot[g] = u
                    hit_child[hits, c] = u - 1
                else:
                    hit_child[hits, c] = -1
            hits += 1
        for u in range(group, fresh):
            slot[next_hand[u]] = 0
        # The next layer in key order: by hand, then stably by context (a radix sort).
        rank = _ranks(next_ctx[:fresh], next_hand[:fresh], n)
        row_ctx = _grow(row_ctx, stop + fresh)
        row_hand = _grow(row_hand, stop + fresh)
        for u in range(fresh):
            row_ctx[stop + rank[u]] = next_ctx[u]
            row_hand[stop + rank[u]] = next_hand[u]
        for u in range(fresh):
            rank[u] += stop
        for i in range(first_hit, hits):
            for c in range(10):
                if hit_child[i, c] >= 0:
                    hit_child[i, c] = rank[hit_child[i, c]]
        start = stop
        stop += fresh
    rows = stop
    # The finished hands: the standing rows, then each doubled row's hand with each card
    # (counted first: the arrays are made to size, large ones cost their pages).
    count = 0
    meets = 0
    for doubles in (False, True):
        for i in range(rows):
            if row_code[i] != (_DOUBLE if doubles else _STAND):
                continue
            k = row_ctx[i]
            h = row_hand[i]
            for c in range(10 if doubles else 1):
                g = h
                if doubles:
                    if shoe[c] - comps[h, c] - extra[k, c] <= 0:
                        continue
                    g = grown[h, c]
                count += 1
                if total[g] <= 21 and (charlie == 0 or ncards[g] < charlie):
                    meets += 1
    items = np.empty((count, 4), dtype=np.int64)
    removals = np.empty((meets, 10), dtype=np.int64)
    s = 0
    v = 0
    for doubles in (False, True):
        for i in range(rows):
            if row_code[i] != (_DOUBLE if doubles else _STAND):
                continue
            k = row_ctx[i]
            h = row_hand[i]
            for c in range(10 if doubles else 1):
                g = h
                if doubles:
                    if shoe[c] - comps[h, c] - extra[k, c] <= 0:
                        continue
                    g = grown[h, c]
                items[s, 0] = i
                items[s, 1] = g
                items[s, 2] = c if doubles else -1
                items[s, 3] = -1
                if total[g] <= 21 and (charlie == 0 or ncards[g] < charlie):
                    for r in range(10):
                        removals[v, r] = comps[g, r] + extra[k, r]
                    items[s, 3] = v
                    v += 1
                s += 1
    return (
        row_ctx[:rows],
        row_hand[:rows],
        row_code[:rows],
        bounds[: layers + 1],
        hit_row[:hits],
        hit_child[:hits],
        start_row,
        items,
        removals,
    )


@_jit
def split_values(
    row_ctx: IntArray,
    row_hand: IntArray,
    items: IntArray,
    vectors: FloatArray,
    versus: FloatArray,
    hit_row: IntArray,
    hit_child: IntArray,
    comps: IntArray,
    extra: IntArray,
    ncards: IntArray,
    total: IntArray,
    shoe: IntArray,
    cards: int,
    other: int,
    peek: bool,
    takes_split: bool,
    takes_double: bool,
    out: FloatArray,
) -> None:
    """Every row's value: ``out[0]`` the expected result, ``out[1]`` the expected stake and,
    with three rows, ``out[2]`` the result of the split's first hand (no peek: it alone loses
    its stake to a dealer blackjack when ``takes_split`` is off).

    Each item of :func:`split_rows` is settled as
    :meth:`~twentyone.analysis.exact.player.UpcardSolver.settle_rows` settles a split hand
    (``vectors[j]`` the dealer's outcome vector of removal ``j``, ``versus[t]`` a total ``t``'s
    result per outcome; ``other``: the rank whose hole card makes a dealer blackjack, ``-1``
    none); a doubled row adds its cards' results in card order; then each hitting row, last
    first, is the chance-weighted sum of its children in card order.
    """
    apart = out.shape[0] == 3
    outcomes = vectors.shape[1]
    extra_size = np.zeros(extra.shape[0], dtype=np.int64)
    for k in range(extra.shape[0]):
        for r in range(10):
            extra_size[k] += extra[k, r]
    for j in range(items.shape[0]):
        i = items[j, 0]
        g = items[j, 1]
        card = items[j, 2]
        k = row_ctx[i]
        stake = 1.0 if card < 0 else 2.0
        left = float(cards - ncards[g] - extra_size[k])
        p_bj = 0.0
        if other >= 0:
            p_bj = (shoe[other] - comps[g, other] - extra[k, other]) / left
        t = total[g]
        bust = t > 21
        if items[j, 3] >= 0:
            d = vectors[items[j, 3]]
            # Two running sums, the even outcomes' and the odd ones', as NumPy's einsum adds.
            even = 0.0
            odd = 0.0
            for o in range(0, outcomes, 2):
                even += d[o] * versus[t, o]
            for o in range(1, outcomes, 2):
                odd += d[o] * versus[t, o]
            win = stake * (even + odd)
        elif bust:
            win = -stake * (1.0 - p_bj)
        else:
            win = stake * (1.0 - p_bj)
        first = 0.0
        if peek:
            ev = win - p_bj * 0.0
            staked = stake * (1.0 - p_bj)
        else:
            loss = 1.0 if takes_split else 0.0
            loss_first = 1.0
            if card >= 0 and takes_double:
                loss += 1.0
                loss_first += 1.0
            ev = win - p_bj * (stake if bust else loss)
            first = win - p_bj * (stake if bust else loss_first)
            staked = stake
        if card < 0:
            out[0, i] = ev
            out[1, i] = staked
            if apart:
                out[2, i] = first
        else:
            h = row_hand[i]
            chance = (shoe[card] - comps[h, card] - extra[k, card]) / float(
                max(cards - ncards[h] - extra_size[k], 1)
            )
            out[0, i] += chance * ev
            out[1, i] += chance * staked
            if apart:
                out[2, i] += chance * first
    chances = np.empty(10)
    for i in range(hit_row.shape[0] - 1, -1, -1):
        r = hit_row[i]
        k = row_ctx[r]
        h = row_hand[r]
        below = float(max(cards - ncards[h] - extra_size[k], 1))
        for c in range(10):
            chances[c] = (shoe[c] - comps[h, c] - extra[k, c]) / below
        for a in range(out.shape[0]):
            s = 0.0
            for c in range(10):
                j = hit_child[i, c]
                if j >= 0:
                    s += chances[c] * out[a, j]
            out[a, r] = s


@_jit
def pair_values(
    pairs: IntArray,
    lowest: IntArray,
    highest: IntArray,
    share: FloatArray,
    shoe: IntArray,
    cards: int,
    splits: IntArray,
    restricted: IntArray,
    kinds: IntArray,
    at: IntArray,
    by_hands: bool,
    context: IntArray,
    start_row: IntArray,
    values: FloatArray,
    out: FloatArray,
) -> None:
    """``out[i]`` the split value ``(ev, stake)`` of ``pairs[i]``, as
    :meth:`~twentyone.analysis.exact.split.SplitSolver.value` sums it (same terms, same order).

    Pattern ``q`` of :func:`~.split.split_patterns` has ``splits[q]`` resplits and
    ``restricted[q]`` restricted hands; ``kinds[q, h]`` is hand ``h``'s kind (1 restricted, 0
    any card, -1 no such hand) and ``at[q, h]`` the hands on the spot when it is played. A pair
    is valued with ``lowest[i] <= committed < highest[i]`` pair cards out and ``share[i]`` of its
    value class of its rank; ``context[pair, committed, hands]`` is the context,
    ``start_row[k, c]`` the row of its two-card hand with ``c`` and ``values`` the rows' (ev,
    stake[, first hand's ev]).
    """
    first_ev = values.shape[0] - 1 if values.shape[0] == 3 else 0
    chances = np.empty(64)
    for i in range(len(pairs)):
        p = pairs[i]
        pair_cards = shoe[p] * share[i] - 2
        rest = cards - 2
        chances[0] = 1.0
        known = 1
        ev = 0.0
        staked = 0.0
        for q in range(splits.shape[0]):
            for h in range(kinds.shape[1]):
                kind = kinds[q, h]
                if kind < 0:
                    break
                others = restricted[q] - kind
                hands = at[q, h] if by_hands else 0
                ways = 1
                for t in range(others + 1):
                    m = splits[q] + 2 + t
                    if m < lowest[i] or m >= highest[i]:
                        break
                    if t:
                        ways = ways * (others - t + 1) // t
                    j = splits[q] + t
                    while known <= j:
                        chances[known] = chances[known - 1] * (
                            max(pair_cards - (known - 1), 0.0) / (rest - (known - 1))
                        )
                        known += 1
                    weight = (-ways if t % 2 else ways) * chances[j]
                    k = context[p, m, hands]
                    left = cards - m
                    e = 0.0
                    s = 0.0
                    for c in range(10):
                        count = shoe[c] - (m if c == p else 0)
                        if count <= 0:
                            continue
                        chance = count / left
                        if kind == 1 and c == p:
                            chance -= (shoe[p] * share[i] - m) / (cards - m)
                        row = start_row[k, c]
                        e += chance * values[first_ev if h == 0 else 0, row]
                        s += chance * values[1, row]
                    ev += weight * e
                    staked += weight * s
        out[i, 0] = ev
        out[i, 1] = staked


@_jit
def play_rows(
    pair: int,
    others: int,
    shoe: IntArray,
    comps: IntArray,
    total: IntArray,
    ncards: IntArray,
    charlie: int,
) -> tuple[BoolArray, IntArray, IntArray]:
    """The hands of CDP1's play of a split hand of ``pair`` with ``others`` more pair cards
    out (:meth:`~.split.SplitSolver.pair_play`): whether each hand of the space holds a pair
    card and the shoe can deal it so, and of those that meet the dealer's total (not bust, no
    winning Charlie), the space rows and their removals."""
    n = comps.shape[0]
    member = np.zeros(n, dtype=np.bool_)
    meets = 0
    for h in range(n):
        if comps[h, pair] < 1:
            continue
        ok = True
        for r in range(10):
            if comps[h, r] + (others if r == pair else 0) > shoe[r]:
                ok = False
                break
        if ok:
            member[h] = True
            if total[h] <= 21 and (charlie == 0 or ncards[h] < charlie):
                meets += 1
    rows = np.empty(meets, dtype=np.int64)
    removals = np.empty((meets, 10), dtype=np.int64)
    v = 0
    for h in range(n):
        if member[h] and total[h] <= 21 and (charlie == 0 or ncards[h] < charlie):
            rows[v] = h
            for r in range(10):
                removals[v, r] = comps[h, r] + (others if r == pair else 0)
            v += 1
    return member, rows, removals


@_jit
def _settled(
    stake: float,
    bust: bool,
    vectors: FloatArray,
    j: int,
    versus: FloatArray,
    t: int,
    p_bj: float,
    peek: bool,
    loss: float,
) -> float:
    """A finished split hand's expected result as
    :meth:`~twentyone.analysis.exact.player.UpcardSolver.settle_rows` gives it: ``vectors[j]``
    its dealer vector (``j < 0``: it does not meet the dealer's total), ``loss`` what a dealer
    blackjack takes without a peek from it if it did not bust."""
    if j >= 0:
        # Two running sums, the even outcomes' and the odd ones', as NumPy's einsum adds.
        even = 0.0
        odd = 0.0
        for o in range(0, vectors.shape[1], 2):
            even += vectors[j, o] * versus[t, o]
        for o in range(1, vectors.shape[1], 2):
            odd += vectors[j, o] * versus[t, o]
        win = stake * (even + odd)
    elif bust:
        win = -stake * (1.0 - p_bj)
    else:
        win = stake * (1.0 - p_bj)
    if peek:
        return win - p_bj * 0.0
    return win - p_bj * (stake if bust else loss)


@_jit
def play_codes(
    pair: int,
    others: int,
    member: BoolArray,
    rows: IntArray,
    vectors: FloatArray,
    versus: FloatArray,
    doubles: BoolArray,
    bounds: IntArray,
    comps: IntArray,
    ncards: IntArray,
    total: IntArray,
    stops: BoolArray,
    child: IntArray,
    grown: IntArray,
    shoe: IntArray,
    cards: int,
    other: int,
    peek: bool,
    takes_split: bool,
    takes_double: bool,
    eps: float,
    code: IntArray,
) -> None:
    """``code[h]``: CDP1's action for each ``member`` hand (:func:`play_rows`), as
    :meth:`~.split.SplitSolver.pair_play` chooses it (the same sums in the same order):
    standing, hitting then playing on so, and doubling (``doubles``: the two-card hands that
    may) compared layer by layer, last first (``bounds``: the space's layer starts and its
    size); ``vectors[j]`` is the dealer vector of ``rows[j]``."""
    n = comps.shape[0]
    vector_of = np.full(n, -1, dtype=np.int64)
    for j in range(len(rows)):
        vector_of[rows[j]] = j
    stand = np.zeros(n)
    doubled = np.zeros(n)
    probs = np.zeros((n, 10))
    loss = 1.0 if takes_split else 0.0
    loss_double = loss + (1.0 if takes_double else 0.0)
    for h in range(n):
        if not member[h]:
            continue
        size = ncards[h] + others
        p_bj = 0.0
        if other >= 0:
            p_bj = (shoe[other] - comps[h, other] - (others if other == pair else 0)) / float(
                cards - size
            )
        j = vector_of[h]
        bust = total[h] > 21
        stand[h] = _settled(1.0, bust, vectors, j, versus, total[h], p_bj, peek, loss)
        doubled[h] = _settled(2.0, bust, vectors, j, versus, total[h], p_bj, peek, loss_double)
        below = float(max(cards - size, 1))
        for c in range(10):
            left = shoe[c] - comps[h, c] - (others if c == pair else 0)
            probs[h, c] = max(left, 0) / below
    double = np.full(n, -np.inf)
    for h in range(n):
        if member[h] and doubles[h]:
            d = 0.0
            for c in range(10):
                g = grown[h, c]
                if g >= 0 and probs[h, c] > 0:
                    d += probs[h, c] * doubled[g]
            double[h] = d
    best = stand.copy()
    for layer in range(len(bounds) - 2, -1, -1):
        for h in range(bounds[layer], bounds[layer + 1]):
            if not member[h]:
                continue
            hit = 0.0
            for c in range(10):
                j = child[h, c]
                if j >= 0:
                    hit += probs[h, c] * best[j]
            live = not stops[h]
            choice = _HIT if live and hit > stand[h] + eps else _STAND
            value = hit if choice == _HIT else stand[h]
            if live and double[h] > value + eps:
                choice = _DOUBLE
                value = double[h]
            best[h] = value
            code[h] = choice


def warm() -> None:
    """Load every kernel of this module (its first call, on empty arrays)."""
    none = np.zeros(0, dtype=np.int64)
    flags = np.zeros(0, dtype=np.bool_)
    table = np.zeros((0, 10), dtype=np.int64)
    split_rows(
        none,
        none,
        flags,
        table,
        none,
        np.zeros((1, 1), dtype=np.int64),
        np.zeros((10, 10), dtype=np.int64),
        np.zeros(10, dtype=np.int64),
        table,
        table,
        table,
        flags,
        none,
        none,
        0,
    )
    split_values(
        none,
        none,
        np.zeros((0, 4), dtype=np.int64),
        np.zeros((0, 7)),
        np.zeros((22, 7)),
        none,
        table,
        table,
        table,
        none,
        none,
        np.zeros(10, dtype=np.int64),
        1,
        -1,
        True,
        False,
        False,
        np.zeros((2, 0)),
    )
    pair_values(
        none,
        none,
        none,
        np.zeros(0),
        np.zeros(10, dtype=np.int64),
        1,
        none,
        none,
        np.zeros((0, 1), dtype=np.int64),
        np.zeros((0, 1), dtype=np.int64),
        False,
        np.zeros((1, 1, 1), dtype=np.int64),
        table,
        np.zeros((2, 0)),
        np.zeros((0, 2)),
    )
    member, rows, _ = play_rows(0, 1, np.zeros(10, dtype=np.int64), table, none, none, 0)
    play_codes(
        0,
        1,
        member,
        rows,
        np.zeros((0, 7)),
        np.zeros((22, 7)),
        flags,
        np.zeros(1, dtype=np.int64),
        table,
        none,
        none,
        flags,
        table,
        table,
        np.zeros(10, dtype=np.int64),
        1,
        -1,
        True,
        False,
        False,
        0.0,
        none,
    )


__all__ = ["pair_values", "play_codes", "play_rows", "split_rows", "split_values", "warm"]
