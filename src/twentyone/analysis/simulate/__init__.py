"""Simulation that confirms the exact figures (SPEC section 8).

``simulate(rules, rounds, seed)`` plays one spot with the total-dependent basic strategy of the
exact analysis, the main bet and the rules' side bet at its minimum stake, insurance declined,
and reports the mean result with its 99% confidence interval next to
``house_edge(rules, "basic")``. The rounds are played by a Numba kernel (:mod:`.kernel`) that is
checked against the engine card for card on the same shoes, or by the engine itself where the
kernel does not cover a rule (:func:`choose_path`). Chunks run on one core, on local processes
or on a Dask cluster with the same result (:mod:`.run`).
"""

from twentyone.analysis.simulate.result import SideBetResult, SimulationResult, simulate
from twentyone.analysis.simulate.run import (
    CHUNK_ROUNDS,
    DaskUnavailableError,
    SimPath,
    choose_path,
)
from twentyone.analysis.simulate.stats import Estimate, Tally

__all__ = [
    "CHUNK_ROUNDS",
    "DaskUnavailableError",
    "Estimate",
    "SideBetResult",
    "SimPath",
    "SimulationResult",
    "Tally",
    "choose_path",
    "simulate",
]
