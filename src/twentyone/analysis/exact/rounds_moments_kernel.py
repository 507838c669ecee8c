"""The compiled pass of :mod:`~twentyone.analysis.exact.rounds_moments` over pairs of hands.

:func:`pair_unions` and :func:`pair_sums` do what the NumPy code of
:class:`~twentyone.analysis.exact.rounds_moments.PairMoments` does (the unions of every pair of
final hands, found by an open-addressing hash table instead of a sort, then the pairwise sums of
every ``m`` in one loop over the pairs), without the pairs' arrays. Numba compiles them on first
use (cached on disk in a folder of their own); without Numba :func:`compiled` is ``None``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.compiled import ENV
from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.space import IntArray

_MIX_KEY = np.uint64(0x9E3779B97F4A7C15)


def pair_unions(
    keys: IntArray, versus: npt.NDArray[np.bool_]
) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_]]:
    """Every pair ``i <= j`` of final hands (row by row): its union's index, the unions' keys
    (in order of first appearance) and whether any pair of a union has a hand settled against
    the dealer's total."""
    n = len(keys)
    pairs = n * (n + 1) // 2
    size = 1024
    while size < 2 * n:
        size *= 2
    table = np.full(size, -1, dtype=np.int64)
    out = np.empty(size // 2, dtype=np.int64)
    need = np.zeros(size // 2, dtype=np.bool_)
    union = np.empty(pairs, dtype=np.int64)
    n_out = 0
    p = 0
    for i in range(n):
        for j in range(i, n):
            key = keys[i] + keys[j]
            mask = size - 1
            h = np.uint64(key) * _MIX_KEY
            slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
            while True:
                at = table[slot]
                if at < 0:
                    table[slot] = n_out
                    out[n_out] = key
                    need[n_out] = False
                    at = n_out
                    n_out += 1
                    break
                if out[at] == key:
                    break
                slot = (slot + 1) & mask
            union[p] = at
            if versus[i] or versus[j]:
                need[at] = True
            p += 1
            if 2 * n_out >= size:
                size *= 2
                mask = size - 1
                grown = np.empty(size // 2, dtype=np.int64)
                grown[:n_out] = out[:n_out]
                out = grown
                grown_need = np.zeros(size // 2, dtype=np.bool_)
                grown_need[:n_out] = need[:n_out]
                need = grown_need
                table = np.full(size, -1, dtype=np.int64)
                for k in range(n_out):
                    h = np.uint64(out[k]) * _MIX_KEY
                    slot = np.int64((h ^ (h >> np.uint64(29))) & np.uint64(mask))
                    while table[slot] >= 0:
                        slot = (slot + 1) & mask
                    table[slot] = k
    return union, out[:n_out].copy(), need[:n_out].copy()


def pair_sums(
    pair_union: IntArray,
    rows: FloatArray,
    first: FloatArray,
    weight: FloatArray,
    chance: FloatArray,
) -> FloatArray:
    """``(M, 2, W, W)``: per ``m``, for ``A`` not the round's first hand and the first, the
    sums over every ordered pair ``(A, B)`` of final hands of ``w_A[a] w_B[b] sum_o r_A[o]
    r_B[o] chance[m, union, o]`` (``pair_union`` as :func:`pair_unions` gives it)."""
    n = rows.shape[0]
    outcomes = rows.shape[1]
    ms = chance.shape[0]
    width = weight.shape[1]
    out = np.zeros((ms, 2, width, width))
    d_n = np.zeros(ms)
    d_f = np.zeros(ms)
    p = 0
    for i in range(n):
        for j in range(i, n):
            u = pair_union[p]
            p += 1
            for orient in range(2):
                if orient == 1 and i == j:
                    break
                a = i if orient == 0 else j
                b = j if orient == 0 else i
                live = False
                for k in range(ms):
                    sn = 0.0
                    sf = 0.0
                    for o in range(outcomes):
                        c = chance[k, u, o]
                        if c != 0.0:
                            rb = rows[b, o] * c
                            sn += rows[a, o] * rb
                            sf += first[a, o] * rb
                    d_n[k] = sn
                    d_f[k] = sf
                    if sn != 0.0 or sf != 0.0:
                        live = True
                if not live:
                    continue
                for x in range(width):
                    wa = weight[a, x]
                    if wa == 0.0:
                        continue
                    for y in range(width):
                        wab = wa * weight[b, y]
                        if wab == 0.0:
                            continue
                        for k in range(ms):
                            out[k, 0, x, y] += wab * d_n[k]
                            out[k, 1, x, y] += wab * d_f[k]
    return out


@dataclass(frozen=True, slots=True)
class Kernels:
    """The compiled functions of this module."""

    pair_unions: Callable[..., tuple[IntArray, IntArray, npt.NDArray[np.bool_]]]
    pair_sums: Callable[..., FloatArray]


@cache
def compiled() -> Kernels | None:
    """This module's functions compiled by Numba (imported only here), or ``None`` without
    Numba or with ``$TWENTYONE_EXACT_COMPILED`` at ``0`` (see :mod:`.compiled`)."""
    if os.environ.get(ENV) == "0":
        return None
    from twentyone.analysis.exact import kernels

    if not kernels.AVAILABLE:  # pragma: no cover - numba is a dependency
        return None
    jit = kernels.decorator(fastmath=False, source=Path(__file__), name="moments")
    return Kernels(jit(pair_unions), jit(pair_sums))


__all__ = ["Kernels", "compiled", "pair_sums", "pair_unions"]
