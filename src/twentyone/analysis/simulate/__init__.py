"""Simulation that confirms the exact figures (SPEC section 8).

``simulate(rules, rounds, seed)`` plays 1 to ``rules.max_spots`` spots a round, each with the
main bet and every side bet of the rules at its minimum stake, insurance and even money by a
policy (never, always, best), each hand by a strategy (basic, optimal or a chart file), and
reports every figure with its 99% confidence interval next to the exact value. The rounds are
played by a Numba kernel (:mod:`.kernel`) that adds them into mergeable tallies; a checked mode
plays every round with the engine too, on the same shoes, and stops at the first difference.
The engine itself plays the rounds only where Numba is not installed (:func:`choose_path`).
Chunks run on one core, on local processes or on a Dask cluster with the same result
(:mod:`.run`).
"""

from twentyone.analysis.simulate.result import (
    SideBetResult,
    SimulationResult,
    exact_insurance,
    simulate,
)
from twentyone.analysis.simulate.run import (
    CHUNK_ROUNDS,
    DaskUnavailableError,
    SimPath,
    SimulationMismatchError,
    choose_path,
)
from twentyone.analysis.simulate.stats import Estimate, SideTally, Tally
from twentyone.analysis.simulate.strategy import InsurancePolicy, find_strategy

__all__ = [
    "CHUNK_ROUNDS",
    "DaskUnavailableError",
    "Estimate",
    "InsurancePolicy",
    "SideBetResult",
    "SideTally",
    "SimPath",
    "SimulationMismatchError",
    "SimulationResult",
    "Tally",
    "choose_path",
    "exact_insurance",
    "find_strategy",
    "simulate",
]
