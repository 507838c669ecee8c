"""How the kernel is compiled: Numba when it is installed, else plain Python (slow but exact)."""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np

F = TypeVar("F", bound=Callable[..., Any])


def kernel_cache_dir() -> Path:
    """Where Numba keeps the compiled kernel: one folder per version of this package's source.

    Numba's own cache notices a change to the file of the function it caches, not to the
    helpers it calls from other files; a folder named by a digest of every module here is
    never stale (``$NUMBA_CACHE_DIR``, when set, is used as it is).
    """
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    env = os.environ.get("TWENTYONE_CACHE_DIR")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    root = base if env else base / "twentyone"
    return root / "numba" / digest.hexdigest()[:16]


def _load_numba() -> ModuleType | None:
    try:
        numba = importlib.import_module("numba")
    except ImportError:  # pragma: no cover - numba is optional
        return None
    if not os.environ.get("NUMBA_CACHE_DIR"):
        numba.config.CACHE_DIR = str(kernel_cache_dir())
    return numba


NUMBA: ModuleType | None = _load_numba()
"""The Numba module, if installed (else the kernel runs as plain Python)."""


def jit(fn: F) -> F:
    """Compile ``fn`` with ``numba.njit`` (cached on disk, GIL released) when Numba is there.

    The kernel allocates nothing, so it is compiled without reference counting too: with it,
    every array handed to a helper expanded into the kernel was counted up and down with an
    atomic instruction at each call, round after round (14% of the kernel's time in a
    profile, although Numba prunes the counts it can prove useless).
    """
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(fn))


def inline(fn: F) -> F:
    """A helper of the kernel: compiled without reference counting (it allocates nothing, and
    counting the arrays it is passed would cost more than its work), so that LLVM inlines it
    into its caller as plain code."""
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(fn))


def expand(fn: F) -> F:
    """A large helper of the kernel, expanded into its caller by Numba itself (LLVM would
    call it, passing every array as seven words on the stack)."""
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True, error_model="numpy", inline="always")(fn))


RANK_SHIFT = 6
POINTS_SHIFT = 10
"""The kernel's cards carry their rank and count beside the engine's code: ``code | rank << 6 |
points << 10`` (:func:`kernel_card`), so that no card is divided by 13 in the kernel."""


def kernel_card(code: int) -> int:
    """The kernel's card for the engine's card code ``rank + 13 × suit``."""
    rank = code % 13
    return code | rank << RANK_SHIFT | min(rank + 1, 10) << POINTS_SHIFT


@inline
def points(card: int) -> int:
    """A kernel card's count: ace 1, two to nine their pips, ten and faces 10."""
    return card >> POINTS_SHIFT


@inline
def rank(card: int) -> int:
    """A kernel card's rank (0 = ace ... 12 = king)."""
    return card >> RANK_SHIFT & 15


@inline
def code(card: int) -> int:
    """A kernel card's engine code (what the side-bet tables are indexed by)."""
    return card & 63


@inline
def unsigned(index: int) -> np.uint64:
    """``index`` as an unsigned index: Numba then has no negative index to wrap around (a
    shift, an and, an add and a read of the array's length at every access)."""
    return np.uint64(index)


@inline
def best_total(hard: int, ace: int) -> int:
    """The best total of a hand of ``hard`` points holding an ace (``ace`` = 1) or not."""
    return hard + 10 if ace == 1 and hard <= 11 else hard
