"""The compiled step of the split-round programme: every state with one more hand, merged.

:func:`expand` is what :meth:`~twentyone.analysis.exact.split_rounds._Programme.add` does
with NumPy (every pair of a state and a final hand, the pairs that take more cards of a rank
than the shoe holds left out, equal ``(composition, result row)`` states summed), in one pass
over the pairs with an open-addressing hash table instead of a sort: about thirty times
faster, which is what lets the programme sum every pattern of a split to four hands. Each
state (or composition) takes a group of hands of one length only while their chance is at
least its limit, the programme's pruning by chance (all of them with a limit of 0). Numba
compiles it on first use (cached on disk in a folder of its own); without Numba
:func:`compiled` is ``None`` and the programme uses NumPy.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from twentyone.analysis.exact.compiled import ENV
from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.space import IntArray

_MIX_KEY = np.uint64(0x9E3779B97F4A7C15)
_MIX_MONEY = np.uint64(0xC2B2AE3D27D4EB4F)


def expand(
    skeys: IntArray,
    smoney: IntArray,
    sweight: FloatArray,
    sdigits: IntArray,
    hkeys: IntArray,
    hmoney: IntArray,
    hcount: FloatArray,
    hdigits: IntArray,
    cap: IntArray,
    hchance: FloatArray,
    hgroup: IntArray,
    glen: IntArray,
    limit: FloatArray,
) -> tuple[IntArray, IntArray, FloatArray]:
    """Every state ``(skeys, smoney, sweight)`` with every hand ``(hkeys, hmoney, hcount)``
    added (keys and money codes add, weights multiply), merged. ``sdigits``/``hdigits``:
    ``(states, R)``/``(hands, R)`` their cards of ``R`` ranks the shoe may run out of, ``cap``
    the shoe's cards of those ranks: a pair that takes more is left out. The hands come in
    groups (``hgroup``: where each starts, and the end) of ``glen[g]`` drawn cards, each in
    decreasing ``hchance``: state ``i`` takes a group's hands while ``hchance`` is at least
    ``limit[i, glen[g]]`` (the pruning of :mod:`~twentyone.analysis.exact.split_rounds`)."""
    n_out = 0
    size = 1024
    while size < 2 * (len(skeys) + len(hkeys)):
        size *= 2
    table = np.full(size, -1, dtype=np.int64)
    okeys = np.empty(size // 2, dtype=np.int64)
    omoney = np.empty(size // 2, dtype=np.int64)
    oweight = np.empty(size // 2, dtype=np.float64)
    risky = len(cap)
    for i in range(len(skeys)):
        sk = skeys[i]
        sm = smoney[i]
        sw = sweight[i]
        for g in range(len(glen)):
            least = limit[i, glen[g]]
            for j in range(hgroup[g], hgroup[g + 1]):
                if hchance[j] < least:
                    break
                key = sk + hkeys[j]
                fits = True
                for r in range(risky):
                    if sdigits[i, r] + hdigits[j, r] > cap[r]:
                        fits = False
                        break
                if not fits:
                    continue
                money = sm + hmoney[j]
                weight = sw * hcount[j]
                mask = size - 1
                h = (np.uint64(key) * _MIX_KEY) ^ (np.uint64(money) * _MIX_MONEY)
                slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                while True:
                    at = table[slot]
                    if at < 0:
                        table[slot] = n_out
                        okeys[n_out] = key
                        omoney[n_out] = money
                        oweight[n_out] = weight
                        n_out += 1
                        break
                    if okeys[at] == key and omoney[at] == money:
                        oweight[at] += weight
                        break
                    slot = (slot + 1) & mask
                if 2 * n_out >= size:
                    # Grow: double the table and the outputs, re-insert.
                    size *= 2
                    mask = size - 1
                    grown_keys = np.empty(size // 2, dtype=np.int64)
                    grown_money = np.empty(size // 2, dtype=np.int64)
                    grown_weight = np.empty(size // 2, dtype=np.float64)
                    grown_keys[:n_out] = okeys[:n_out]
                    grown_money[:n_out] = omoney[:n_out]
                    grown_weight[:n_out] = oweight[:n_out]
                    okeys, omoney, oweight = grown_keys, grown_money, grown_weight
                    table = np.full(size, -1, dtype=np.int64)
                    for k in range(n_out):
                        h = (np.uint64(okeys[k]) * _MIX_KEY) ^ (np.uint64(omoney[k]) * _MIX_MONEY)
                        slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                        while table[slot] >= 0:
                            slot = (slot + 1) & mask
                        table[slot] = k
    return okeys[:n_out].copy(), omoney[:n_out].copy(), oweight[:n_out].copy()


def distinct_sums(
    ckeys: IntArray,
    cdigits: IntArray,
    hkeys: IntArray,
    hdigits: IntArray,
    cap: IntArray,
    hchance: FloatArray,
    hgroup: IntArray,
    glen: IntArray,
    limit: FloatArray,
) -> tuple[IntArray, IntArray]:
    """The distinct compositions ``ckeys[c] + hkeys[f]`` that fit the shoe and the limits (as
    in :func:`expand`), and the hash table :func:`settle_pairs` finds them by."""
    size = 1024
    while size < 2 * (len(ckeys) + len(hkeys)):
        size *= 2
    table = np.full(size, -1, dtype=np.int64)
    out = np.empty(size // 2, dtype=np.int64)
    n_out = 0
    risky = len(cap)
    for i in range(len(ckeys)):
        for g in range(len(glen)):
            least = limit[i, glen[g]]
            for j in range(hgroup[g], hgroup[g + 1]):
                if hchance[j] < least:
                    break
                fits = True
                for r in range(risky):
                    if cdigits[i, r] + hdigits[j, r] > cap[r]:
                        fits = False
                        break
                if not fits:
                    continue
                key = ckeys[i] + hkeys[j]
                mask = size - 1
                h = np.uint64(key) * _MIX_KEY
                slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                while True:
                    at = table[slot]
                    if at < 0:
                        table[slot] = n_out
                        out[n_out] = key
                        n_out += 1
                        break
                    if out[at] == key:
                        break
                    slot = (slot + 1) & mask
                if 2 * n_out >= size:
                    size *= 2
                    mask = size - 1
                    grown = np.empty(size // 2, dtype=np.int64)
                    grown[:n_out] = out[:n_out]
                    out = grown
                    table = np.full(size, -1, dtype=np.int64)
                    for k in range(n_out):
                        h = np.uint64(out[k]) * _MIX_KEY
                        slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                        while table[slot] >= 0:
                            slot = (slot + 1) & mask
                        table[slot] = k
    return out[:n_out].copy(), table


def settle_pairs(
    ckeys: IntArray,
    cstart: IntArray,
    nets: IntArray,
    sweight: FloatArray,
    cdigits: IntArray,
    hkeys: IntArray,
    hcount: FloatArray,
    hrows: IntArray,
    gclass: IntArray,
    hdigits: IntArray,
    cap: IntArray,
    hchance: FloatArray,
    hgroup: IntArray,
    glen: IntArray,
    limit: FloatArray,
    table: IntArray,
    dkeys: IntArray,
    chance: FloatArray,
    acc: FloatArray,
) -> None:
    """Add to ``acc`` (net result ``-8 .. 8`` at ``net + 8``) every round that ends when a
    last hand (``hkeys``, ``hcount``, ``hrows``: its result against each dealer outcome) is
    added to the states of a composition ``ckeys[c]`` (rows ``cstart[c]:cstart[c + 1]`` of
    ``nets``, the round's ``net + 8`` so far against each outcome, and ``sweight``);
    ``chance[d, o]``: the chance of one ordered run of the cards of composition ``dkeys[d]``
    (found in ``table``, from :func:`distinct_sums`) times the dealer's chance of outcome
    ``o`` after them. The hands come in runs of one result row, each run in groups as
    :func:`expand` takes them (``gclass``: the group where each run starts, and the end;
    ``limit`` per composition): a run's chances are summed first, then spread over the states.
    The finished states are never merged: only their sum with the dealer is kept."""
    mask = len(table) - 1
    risky = len(cap)
    outcomes = chance.shape[1]
    # Each composition's rounds are summed apart, then added (less rounding than one sum).
    local = np.zeros(len(acc))
    run = np.zeros(outcomes)
    for i in range(len(ckeys)):
        local[:] = 0.0
        for q in range(len(gclass) - 1):
            run[:] = 0.0
            for g in range(gclass[q], gclass[q + 1]):
                least = limit[i, glen[g]]
                for j in range(hgroup[g], hgroup[g + 1]):
                    if hchance[j] < least:
                        break
                    fits = True
                    for r in range(risky):
                        if cdigits[i, r] + hdigits[j, r] > cap[r]:
                            fits = False
                            break
                    if not fits:
                        continue
                    key = ckeys[i] + hkeys[j]
                    h = np.uint64(key) * _MIX_KEY
                    slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                    while dkeys[table[slot]] != key:
                        slot = (slot + 1) & mask
                    d = table[slot]
                    for o in range(outcomes):
                        run[o] += chance[d, o] * hcount[j]
            first = hgroup[gclass[q]]
            for o in range(outcomes):
                g = run[o]
                if g == 0.0:
                    continue
                shift = hrows[first, o]
                for s in range(cstart[i], cstart[i + 1]):
                    local[nets[s, o] + shift] += sweight[s] * g
        for k in range(len(acc)):
            acc[k] += local[k]


@dataclass(frozen=True, slots=True)
class Kernels:
    """The compiled functions of this module."""

    expand: Callable[..., tuple[IntArray, IntArray, FloatArray]]
    distinct_sums: Callable[..., tuple[IntArray, IntArray]]
    settle_pairs: Callable[..., None]


@cache
def compiled() -> Kernels | None:
    """This module's functions compiled by Numba (imported only here: a command that does not
    sum a split round does not pay for it), or ``None`` without Numba or with
    ``$TWENTYONE_EXACT_COMPILED`` at ``0`` (see :mod:`.compiled`). Their disk cache is a folder
    of its own, as :mod:`.kernels`' is."""
    if os.environ.get(ENV) == "0":
        return None
    from twentyone.analysis.exact import kernels

    if not kernels.AVAILABLE:  # pragma: no cover - numba is a dependency
        return None
    jit = kernels.decorator(fastmath=False, source=Path(__file__), name="rounds")
    return Kernels(jit(expand), jit(distinct_sums), jit(settle_pairs))


__all__ = ["Kernels", "compiled", "distinct_sums", "expand", "settle_pairs"]
