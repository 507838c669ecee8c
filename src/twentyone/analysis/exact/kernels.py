"""The exact analysis's compiled loops (Numba), loaded only by the code that computes.

Importing this module imports Numba (about 0.18 s of CPU); a kernel's first call loads it from
the disk cache (about 0.15 s for the first kernel of a process, a few milliseconds for each
other; compiling them all on an empty cache, about 3.5 s). So the modules that use a kernel
import it inside the function that calls it, and only when :func:`.compiled.active` says so: a
command that does not compute, or computes once, never pays for it.

The compiled code is kept on disk (``cache=True``) in a folder of its own, named by a digest of
this file (``$TWENTYONE_CACHE_DIR/numba/exact-…``, else ``$XDG_CACHE_HOME/twentyone/…`` or
``~/.cache/twentyone/…``; ``$NUMBA_CACHE_DIR`` is used as it is when set). When no folder can
be written, the kernels are compiled in memory for the process instead (slower to start, the
same results).

Without Numba (it is a dependency, but a broken install may lack it) :data:`AVAILABLE` is false
and the callers use their NumPy code.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])
FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
FlatTrie = tuple[
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    FloatArray,
    FloatArray,
    IntArray,
    IntArray,
    IntArray,
    IntArray,
    FloatArray,
]
"""The dealer trie's arrays as :func:`dealer_sums` takes them, one argument (``child_k, k_off,
first, f_off, ratio, size_ratio, group_at, group_size, runs, run_outcome, weight``; built by
:meth:`.dealer.DealerEvaluator._flat_trie` and :func:`.dealer.compiled_trie`)."""


def cache_dir(source: Path | None = None, name: str = "exact") -> Path:
    """The folder of one module's compiled kernels (``source``, default this one), one per
    version of that file (Numba's own check sees only the decorated function's file)."""
    digest = hashlib.sha256((source or Path(__file__)).read_bytes()).hexdigest()[:16]
    env = os.environ.get("TWENTYONE_CACHE_DIR")
    if env:
        return Path(env) / "numba" / f"{name}-{digest}"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "twentyone" / "numba" / f"{name}-{digest}"


def writable(folder: Path) -> bool:
    """Whether ``folder`` exists or can be made, and a file can be written in it."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def _load_numba() -> ModuleType | None:
    try:
        return importlib.import_module("numba")
    except ImportError:  # pragma: no cover - numba is a dependency
        return None


NUMBA = _load_numba()
AVAILABLE = NUMBA is not None
"""Whether the kernels are compiled (else the callers' NumPy code runs)."""


def decorator(fastmath: bool, source: Path | None = None, name: str = "exact") -> Callable[[F], F]:
    """``njit`` with the disk cache in :func:`cache_dir` of ``source`` (in memory if it cannot
    be written); ``fastmath``: sums may be reordered (the last bits of a result may change)."""
    if NUMBA is None:  # pragma: no cover - numba is a dependency
        return lambda fn: fn
    numba = NUMBA
    folder = None if os.environ.get("NUMBA_CACHE_DIR") else cache_dir(source, name)
    use_cache = folder is None or writable(folder)

    def compiled(fn: F, cache: bool) -> F:
        options = {"nogil": True, "error_model": "numpy", "fastmath": fastmath}
        return cast(F, numba.njit(cache=cache, **options)(fn))

    def decorate(fn: F) -> F:
        if not use_cache:
            return compiled(fn, False)
        saved = numba.config.CACHE_DIR
        # Numba picks the cache folder when a function is decorated: set it for this module's
        # kernels only (the simulator keeps its own).
        if folder is not None:
            numba.config.CACHE_DIR = str(folder)
        try:
            return compiled(fn, True)
        except RuntimeError:  # pragma: no cover - no cache locator at all
            return compiled(fn, False)
        finally:
            numba.config.CACHE_DIR = saved

    return decorate


_jit = decorator(fastmath=True)
_exact_jit = decorator(fastmath=False)
"""For the sums whose results decide a play: added in the NumPy code's order, bit for bit."""


@_jit
def dealer_sums(removed: IntArray, trie: FlatTrie, out: FloatArray) -> None:
    """The dealer trie of :class:`~twentyone.analysis.exact.dealer.DealerEvaluator`, summed
    for each removal: ``out[i, o]`` = the chance of outcome ``o`` after ``removed[i]`` (see
    :func:`trie_sums`; the removals come sorted by key)."""
    rows = np.arange(removed.shape[0])
    trie_sums(removed, rows, trie, out, rows)


@_jit
def trie_sums(
    removed: IntArray, rows: IntArray, trie: FlatTrie, out: FloatArray, out_rows: IntArray
) -> None:
    """:func:`dealer_sums` of the removals ``removed[rows[i]]`` in turn (sorted by key), the
    chance of outcome ``o`` after the ``i``-th written to ``out[out_rows[i], o]`` (the caller's
    rows read and written in place: no copy of either).

    ``trie`` is ``(child_k, k_off, first, f_off, ratio, size_ratio, group_at, group_size,
    runs, run_outcome, weight)``. The trie's level ``d`` (``0 <= d <= 10``) holds the nodes that
    fix the group (outcome and draw size) and the ranks ``0 .. d-1`` (level 10: the multisets,
    of chance ``weight`` from the full shoe). Node ``c`` of level ``d + 1`` holds ``child_k[k_off[d]
    + c]`` cards of rank ``d``; the children of node ``j`` of level ``d`` are the nodes
    ``first[f_off[d] + j] .. first[f_off[d] + j + 1]`` of level ``d + 1``; ``ratio[d, p, k]`` is
    rank ``d``'s factor. A node's sum depends on the removal's ranks ``d .. 9`` only: the
    removals come sorted with rank 9 most significant, and level ``d`` is summed again only
    when one of those ranks differs from the removal before. The root sums, per outcome, its
    children (level 1: the nodes that fix the group and the aces; the groups ``runs[o] ..
    runs[o + 1]`` end in outcome ``run_outcome[o]``, group ``g``'s children are ``group_at[g] ..
    group_at[g + 1]``), each times its coefficient: its aces' factor ``ratio[0, p, child_k[c]]``
    times its group's size factor ``size_ratio[s, group_size[g]]``. The coefficients depend on
    the removal's aces ``p`` and size ``s`` only, so each ``(s, p)`` pair's row of them is worked
    out once per call, the first time a removal has it (a few dozen pairs for thousands of
    removals): the root is then one contiguous product per outcome, not a factor lookup per
    child. (The factors are looked up, not kept per child and removal size: a table that size
    would cost its pages on every up card.)
    """
    (
        child_k,
        k_off,
        first,
        f_off,
        ratio,
        size_ratio,
        group_at,
        group_size,
        runs,
        run_outcome,
        weight,
    ) = trie
    levels = len(k_off) - 1
    # The counts and parents in narrow copies: the level sums read them for every node, and a
    # byte and four bytes a node keep more of the trie in cache than eight each (about a tenth
    # faster).
    counts = child_k.astype(np.uint8)
    # values[k_off[d] + c]: the sum of node c of level d + 1 for the current removal's ranks
    # d + 1 .. 9 (the multisets' weights at the last level).
    values = np.zeros(k_off[levels])
    values[k_off[levels - 1] :] = weight
    # parent[k_off[d] + c]: where in ``values`` the parent of node c of level d + 1 is. A
    # level's children come in their parents' order, so a level is summed in one run over its
    # children (each parent's children added in order, as a loop per parent would).
    parent = np.zeros(k_off[levels], dtype=np.int32)
    for d in range(1, levels):
        below = k_off[d]
        here = k_off[d - 1]
        for j in range(below - here):
            for c in range(first[f_off[d] + j], first[f_off[d] + j + 1]):
                parent[below + c] = here + j
    # The root's children: each one's group size, and each outcome's run of them (the groups
    # come sorted by outcome, their children in their order).
    children = k_off[1]
    child_size = np.zeros(children, dtype=np.int64)
    for g in range(len(group_size)):
        for c in range(group_at[g], group_at[g + 1]):
            child_size[c] = group_size[g]
    outcome_at = np.zeros(len(run_outcome) + 1, dtype=np.int64)
    for o in range(len(run_outcome) + 1):
        outcome_at[o] = group_at[runs[o]]
    # coefficients[row_of[s * p_max + p]]: the root's coefficients of removals of size s with
    # p aces (-1: none yet).
    p_max = ratio.shape[1]
    row_of = np.full(size_ratio.shape[0] * p_max, -1, dtype=np.int64)
    coefficients = np.empty((16, children))
    made = 0
    for i in range(len(rows)):
        row = rows[i]
        changed = levels - 1
        if i:
            changed = -1
            for r in range(levels - 1, -1, -1):
                if removed[row, r] != removed[rows[i - 1], r]:
                    changed = r
                    break
        for d in range(changed, 0, -1):
            factor = ratio[d, removed[row, d]]
            below = k_off[d]
            end = k_off[d + 1]
            # Every node has a child (a trie's nodes lead to multisets), so each parent's sum
            # is written below: nothing to clear first.
            if below == end:
                continue
            at = parent[below]
            s = 0.0
            for c in range(below, end):
                if parent[c] != at:
                    values[at] = s
                    at = parent[c]
                    s = 0.0
                s += factor[counts[c]] * values[c]
            values[at] = s
        size = 0
        for r in range(levels):
            size += removed[row, r]
        aces = removed[row, 0]
        at = row_of[size * p_max + aces]
        if at < 0:
            if made == coefficients.shape[0]:
                more = np.empty((2 * made, children))
                more[:made] = coefficients[:made]
                coefficients = more
            factor = ratio[0, aces]
            sized = size_ratio[size]
            for c in range(children):
                coefficients[made, c] = sized[child_size[c]] * factor[child_k[c]]
            at = made
            row_of[size * p_max + aces] = at
            made += 1
        coefficient = coefficients[at]
        for o in range(len(run_outcome)):
            s = 0.0
            for c in range(outcome_at[o], outcome_at[o + 1]):
                s += coefficient[c] * values[c]
            out[out_rows[i], run_outcome[o]] = s


@_exact_jit
def fill_hits(rows: IntArray, child: IntArray, probs: FloatArray, values: FloatArray) -> None:
    """``values[v, r] = sum_c probs[i, c] * values[v, child[i, c]]`` for each ``r = rows[i]``
    in turn, the children ``-1`` left out, summed in rank order: the hitting split rows filled
    in from their children, last layer first (so a child is filled before its parent)."""
    for i in range(len(rows)):
        r = rows[i]
        for v in range(values.shape[0]):
            s = 0.0
            for c in range(child.shape[1]):
                j = child[i, c]
                if j >= 0:
                    s += probs[i, c] * values[v, j]
            values[v, r] = s


@_exact_jit
def hit_or_stand(
    rows: IntArray,
    child: IntArray,
    probs: FloatArray,
    stand_ev: FloatArray,
    best_ev: FloatArray,
    best_st: FloatArray,
    hit_ev: FloatArray,
    hit_st: FloatArray,
    eps: float,
) -> None:
    """Hitting then playing on optimally, for each hand ``r = rows[i]`` in turn (last layer
    first): ``hit_*[r]`` the chance-weighted ``best_*`` of its children (``child[r, c]``, ``-1``
    left out, rank order), and ``best_*[r]`` the hit's when it beats ``stand_ev[r] + eps``."""
    for i in range(len(rows)):
        r = rows[i]
        ev = 0.0
        st = 0.0
        for c in range(child.shape[1]):
            j = child[r, c]
            if j >= 0:
                ev += probs[r, c] * best_ev[j]
                st += probs[r, c] * best_st[j]
        hit_ev[r] = ev
        hit_st[r] = st
        if ev > stand_ev[r] + eps:
            best_ev[r] = ev
            best_st[r] = st


def empty_trie() -> FlatTrie:
    """A trie of no multisets (to load the kernels that take one)."""
    none = np.zeros(0, dtype=np.int64)
    levels = np.zeros(11, dtype=np.int64)
    return (
        none,
        levels,
        none,
        levels,
        np.zeros((10, 1, 1)),
        np.zeros((1, 1)),
        np.zeros(1, dtype=np.int64),
        none,
        np.zeros(1, dtype=np.int64),
        none,
        np.zeros(0),
    )


def warm() -> None:
    """Load every kernel (its first call, on empty arrays): Numba loads compiled code on a
    function's first call, about 0.15 s for the first one of a process."""
    none = np.zeros(0, dtype=np.int64)
    table = np.zeros((0, 10), dtype=np.int64)
    chances = np.zeros((0, 10))
    one = np.zeros(1)
    dealer_sums(table, empty_trie(), np.zeros((0, 7)))
    fill_hits(none, table, chances, np.zeros((2, 1)))
    hit_or_stand(none, table, chances, one, one, one, one, one, 0.0)


__all__ = [
    "AVAILABLE",
    "FlatTrie",
    "cache_dir",
    "dealer_sums",
    "empty_trie",
    "fill_hits",
    "hit_or_stand",
    "trie_sums",
    "warm",
    "writable",
]
