"""Whether the exact analysis runs its compiled loops (:mod:`.kernels`) or its NumPy code.

Loading Numba and the compiled kernels costs a process about 0.3 s of CPU once (the import, then
the first call's load from the disk cache; the first time on a machine, when they are compiled into
that cache, about 20 s more); a whole ``house_edge`` of the standard game then takes about a fifth
of the NumPy code's time. One computation in a fresh process (``twentyone house-edge``) is
therefore faster with the NumPy code, and a process that computes again and again (the game
server's hints, the PAR report, a benchmark) is faster compiled. So the kernels run when

* ``$TWENTYONE_EXACT_COMPILED`` is ``1`` (``0``: never), or else
* Numba is loaded in the process already (by the simulator, or by :func:`load`): its cost is
  paid.

Both give the same figures (to the last bits of the dealer trie's reordered sums, under 1e-15).
"""

from __future__ import annotations

import os
import sys

ENV = "TWENTYONE_EXACT_COMPILED"


def active() -> bool:
    """Whether the compiled kernels run now (see the module docstring)."""
    wanted = os.environ.get(ENV)
    if wanted == "0":
        return False
    if wanted != "1" and "numba" not in sys.modules:
        return False
    from twentyone.analysis.exact.kernels import AVAILABLE

    return AVAILABLE


def load() -> bool:
    """Load Numba and every kernel now (for a process that will compute often, e.g. at a
    server's start), so that :func:`active` holds and no computation pays the load; whether
    the kernels are there (``False`` without Numba)."""
    from twentyone.analysis.exact import kernels_split, kernels_upcard
    from twentyone.analysis.exact.kernels import AVAILABLE, warm

    if AVAILABLE:
        warm()
        kernels_upcard.warm()
        kernels_split.warm()
    return AVAILABLE


__all__ = ["ENV", "active", "load"]
