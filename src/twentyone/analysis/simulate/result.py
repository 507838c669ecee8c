"""A simulation's result next to the exact figures it confirms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from twentyone.analysis.exact.house_edge import StrategyKind, base_game_rules, house_edge
from twentyone.analysis.sidebets import SideBetAnalysis, analyse_side_bet
from twentyone.analysis.simulate.run import Progress, SimPath, choose_path, make_job, run
from twentyone.analysis.simulate.stats import (
    Estimate,
    Tally,
    hit_frequencies,
    main_estimate,
    outcome_distribution,
    per_total_bet,
    side_estimate,
)
from twentyone.analysis.simulate.tables import played_side_bet
from twentyone.rng import SystemRandomSource
from twentyone.rules import Rules


@dataclass(frozen=True, slots=True)
class SideBetResult:
    """The simulated side bet (staked at its minimum every round) and its exact figures."""

    name: str
    stake: int
    estimate: Estimate
    exact: SideBetAnalysis

    def to_dict(self, rounds: int, tally: Tally) -> dict[str, Any]:
        """JSON-ready form."""
        n = max(rounds, 1)
        return {
            "name": self.name,
            "paytable": self.exact.paytable,
            "stake": self.stake,
            "ev": self.estimate.mean,
            "ci99": list(self.estimate.ci99),
            "std_dev": self.estimate.std_dev,
            "exact_ev": float(self.exact.ev),
            "exact_std_dev": self.exact.std_dev,
            "within_ci": self.estimate.covers(float(self.exact.ev)),
            "hit_frequency": 1 - tally.side_outcomes.get("lose", 0) / n,
            "exact_hit_frequency": float(self.exact.hit_frequency),
            "outcomes": {
                line.outcome: {
                    "pays": line.pays,
                    "frequency": tally.side_outcomes.get(line.outcome, 0) / n,
                    "probability": float(line.probability),
                }
                for line in self.exact.outcomes
            },
        }


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a run found, and the exact figures (basic strategy) it is checked against.

    Attributes:
        variant: the variant's name.
        rules: the rules played.
        rounds: rounds played.
        seed: the run's seed (the same seed gives the same result).
        path: the code that played the rounds.
        path_reason: why the engine played, when it did.
        tally: the run's sums and counts.
        main: the main bet's result per round per initial bet.
        ev_per_total_bet: the main bet's result per amount staked.
        exact_ev: ``house_edge(rules, "basic").ev``.
        exact_ev_per_total_bet: its result per amount staked.
        side_bet: the side bet's figures, if the rules offer one.
        seconds: wall time of the run.
        workers: local processes used (1 with Dask).
        dask_address: the Dask scheduler, if one ran the chunks.
    """

    variant: str
    rules: Rules
    rounds: int
    seed: int
    path: SimPath
    path_reason: str | None
    tally: Tally
    main: Estimate
    ev_per_total_bet: Estimate
    exact_ev: float
    exact_ev_per_total_bet: float
    side_bet: SideBetResult | None
    seconds: float
    workers: int
    dask_address: str | None

    @property
    def within_ci(self) -> bool:
        """Whether the exact EV lies within the simulation's 99% confidence interval."""
        return self.main.covers(self.exact_ev)

    @property
    def rounds_per_second(self) -> float:
        """Throughput of the run."""
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")

    def hit_frequencies(self) -> dict[str, float]:
        """Per-round frequencies: win, push, lose and each event."""
        return hit_frequencies(self.tally)

    def hand_outcomes(self) -> dict[str, float]:
        """Share of hands (split hands counted) by outcome."""
        hands = max(sum(self.tally.hands.values()), 1)
        return {name: count / hands for name, count in sorted(self.tally.hands.items())}

    def to_dict(self) -> dict[str, Any]:
        """The ``simulate --json`` object (SPEC section 9), extra keys after the contract."""
        return {
            "variant": self.variant,
            "rounds": self.rounds,
            "seed": self.seed,
            "ev": self.main.mean,
            "ev_ci99": list(self.main.ci99),
            "std_dev": self.main.std_dev,
            "ev_per_total_bet": self.ev_per_total_bet.mean,
            "side_bet": (
                None if self.side_bet is None else self.side_bet.to_dict(self.rounds, self.tally)
            ),
            "hit_frequencies": self.hit_frequencies(),
            "exact_ev": self.exact_ev,
            "within_ci": self.within_ci,
            "seconds": self.seconds,
            "rounds_per_second": self.rounds_per_second,
            "path": str(self.path),
            "path_reason": self.path_reason,
            "strategy": str(StrategyKind.BASIC),
            "ev_per_total_bet_ci99": list(self.ev_per_total_bet.ci99),
            "exact_ev_per_total_bet": self.exact_ev_per_total_bet,
            "hand_outcomes": self.hand_outcomes(),
            "outcome_distribution": [
                {"net": net, "probability": p} for net, p in outcome_distribution(self.tally)
            ],
            "workers": self.workers,
            "dask": self.dask_address,
            "rules_version": self.rules.version(),
        }


def new_seed() -> int:
    """A fresh seed from the OS CSPRNG (printed with the result, so the run can be repeated)."""
    return SystemRandomSource().randbelow(2**32)


def simulate(
    rules: Rules,
    rounds: int,
    seed: int | None = None,
    *,
    variant: str = "",
    workers: int = 1,
    dask_address: str | None = None,
    path: SimPath | None = None,
    progress: Progress | None = None,
) -> SimulationResult:
    """Simulate ``rounds`` rounds of ``rules``: one spot, the basic strategy, the side bet at its
    minimum stake, insurance declined; compare with the exact figures.

    Args:
        rules: the game.
        rounds: how many rounds (at least 1).
        seed: the run's seed (default: a fresh one, reported in the result).
        variant: the variant's name, for the report.
        workers: local processes.
        dask_address: a Dask scheduler address (``tcp://host:port``) to run the chunks on.
        path: force a path (default: the kernel where it plays the rules exactly).
        progress: told the rounds of each finished chunk.
    """
    chosen, reason = choose_path(rules)
    if path is not None and path is not chosen:
        chosen, reason = path, None if path is SimPath.NUMBA else "asked for"
    job = make_job(rules, chosen)
    run_seed = new_seed() if seed is None else seed
    tally, seconds = run(
        job, rounds, run_seed, workers=workers, dask_address=dask_address, progress=progress
    )
    exact = house_edge(base_game_rules(rules), StrategyKind.BASIC)
    bet = played_side_bet(rules)
    side = None
    if bet is not None:
        analysis = analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        side = SideBetResult(
            str(bet.name), bet.min_stake, side_estimate(tally, bet.min_stake), analysis
        )
    return SimulationResult(
        variant=variant,
        rules=rules,
        rounds=rounds,
        seed=run_seed,
        path=chosen,
        path_reason=reason,
        tally=tally,
        main=main_estimate(tally),
        ev_per_total_bet=per_total_bet(tally),
        exact_ev=exact.ev,
        exact_ev_per_total_bet=exact.ev_per_total_bet,
        side_bet=side,
        seconds=seconds,
        workers=1 if dask_address else workers,
        dask_address=dask_address,
    )
