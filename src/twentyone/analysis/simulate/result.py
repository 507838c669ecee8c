"""A simulation's result next to the exact figures it confirms."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from twentyone.analysis.exact.house_edge import base_game_rules, house_edge
from twentyone.analysis.sidebets import SideBetAnalysis, analyse_side_bet
from twentyone.analysis.simulate.engine_play import takes_insurance
from twentyone.analysis.simulate.run import (
    CHUNK_ROUNDS,
    Progress,
    SimPath,
    choose_path,
    make_job,
    run,
)
from twentyone.analysis.simulate.stats import (
    Estimate,
    Tally,
    hit_frequencies,
    insurance_estimate,
    main_estimate,
    outcome_distribution,
    per_total_bet,
    side_estimate,
)
from twentyone.analysis.simulate.strategy import (
    ExactPlay,
    InsurancePolicy,
    PlayStrategy,
    find_strategy,
)
from twentyone.analysis.simulate.tables import MAIN_BET, played_side_bets
from twentyone.cards import Card, Rank, Suit
from twentyone.engine.settle import ceil_money
from twentyone.errors import InvalidArgumentError
from twentyone.rng import SystemRandomSource
from twentyone.rules import Rules


def _num(value: float) -> float | None:
    """A float for JSON (``None`` for NaN: no exact figure)."""
    return None if math.isnan(value) else value


@dataclass(frozen=True, slots=True)
class SideBetResult:
    """One simulated side bet (staked at its minimum on every spot) and its exact figures."""

    name: str
    stake: int
    estimate: Estimate
    exact: SideBetAnalysis

    def to_dict(self, rounds: int, tally: Tally) -> dict[str, Any]:
        """JSON-ready form."""
        side = tally.sides.get(self.name)
        counts = side.outcomes if side is not None else {}
        wagers = max(sum(counts.values()), 1)
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
            "hit_frequency": 1 - counts.get("lose", 0) / wagers,
            "exact_hit_frequency": float(self.exact.hit_frequency),
            "outcomes": {
                line.outcome: {
                    "pays": line.pays,
                    "frequency": counts.get(line.outcome, 0) / wagers,
                    "probability": float(line.probability),
                }
                for line in self.exact.outcomes
            },
        }


def exact_insurance(rules: Rules, policy: InsurancePolicy) -> tuple[float, float]:
    """What the insurance policy adds to a spot's expected result, per initial bet, exactly.

    Returns ``(insurance bets' expected net, even money's gain over the blackjack's payout)``.
    Both are sums over the spot's two cards against an ace up (ordered draws from a full shoe,
    the ace removed), with the policy's decision for each; insurance is a separate bet, so the
    hands' value is that of the base game.
    """
    if not rules.insurance or policy is InsurancePolicy.NEVER:
        return 0.0, 0.0
    decks = rules.decks
    counts = [4 * decks] * 9 + [16 * decks]
    total = 52 * decks
    p_ace = counts[0] / total
    counts[0] -= 1
    left = total - 1
    cards = [Card(rank, Suit.SPADES) for rank in list(Rank)[:10]]
    bj_win = ceil_money(MAIN_BET * rules.blackjack_pays)
    ins_win = ceil_money(MAIN_BET * rules.insurance_pays / 2)
    half = MAIN_BET // 2
    insurance = 0.0
    even_money = 0.0
    for a in range(10):
        for b in range(10):
            p = counts[a] / left * (counts[b] - (a == b)) / (left - 1)
            if p <= 0:
                continue
            hand = (cards[a], cards[b])
            tens = 16 * decks - (a == 9) - (b == 9)
            p_ten = tens / (total - 3)
            natural = {a, b} == {0, 9}
            if not takes_insurance(rules, policy, hand):
                continue
            if natural and rules.even_money:
                even_money += p * (MAIN_BET - (1 - p_ten) * bj_win) / MAIN_BET
            elif half > 0:
                insurance += p * (p_ten * ins_win - (1 - p_ten) * half) / MAIN_BET
    return p_ace * insurance, p_ace * even_money


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a run found, and the exact figures it is checked against.

    Attributes:
        variant: the variant's name.
        rules: the rules played.
        rounds: rounds played.
        seed: the run's seed (the same seed gives the same result).
        path: the code that played the rounds.
        path_reason: why the engine played, when it did.
        tally: the run's sums and counts.
        main: the main result (hands and insurance) per spot per initial bet.
        ev_per_total_bet: the main result per amount staked on the hands.
        exact_ev: the exact main result per spot per initial bet (NaN for a chart file).
        exact_ev_per_total_bet: its result per amount staked.
        side_bet: the first side bet's figures, if the rules offer one.
        seconds: wall time of the run.
        workers: local processes used (1 with a remote Dask scheduler).
        dask_address: the Dask scheduler, if one ran the chunks.
        spots: spots played each round.
        insurance_policy: when insurance and even money were taken.
        strategy: the playing strategy's name.
        insurance: insurance bets' result per spot per initial bet.
        exact_insurance: its exact value.
        side_bets: every side bet's figures.
        cpu_seconds: CPU time of this process and its local workers (NaN with Dask).
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
    spots: int = 1
    insurance_policy: InsurancePolicy = InsurancePolicy.NEVER
    strategy: str = "basic"
    insurance: Estimate | None = None
    exact_insurance: float = 0.0
    side_bets: tuple[SideBetResult, ...] = ()
    cpu_seconds: float = math.nan

    @property
    def within_ci(self) -> bool:
        """Whether the exact EV lies within the simulation's 99% confidence interval."""
        return self.main.covers(self.exact_ev)

    @property
    def rounds_per_second(self) -> float:
        """Throughput of the run (wall clock)."""
        return self.rounds / self.seconds if self.seconds > 0 else float("inf")

    @property
    def rounds_per_cpu_second(self) -> float:
        """Rounds per CPU second of the processes that played (NaN with Dask)."""
        return self.rounds / self.cpu_seconds if self.cpu_seconds > 0 else math.nan

    def hit_frequencies(self) -> dict[str, float]:
        """Per-round frequencies: win, push, lose and each event."""
        return hit_frequencies(self.tally)

    def hand_outcomes(self) -> dict[str, float]:
        """Share of hands (split hands counted) by outcome."""
        hands = max(sum(self.tally.hands.values()), 1)
        return {name: count / hands for name, count in sorted(self.tally.hands.items())}

    def to_dict(self) -> dict[str, Any]:
        """The ``simulate --json`` object (SPEC section 9), extra keys after the contract."""
        spots_total = max(self.rounds * self.spots, 1)
        insurance = self.insurance
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
            "exact_ev": _num(self.exact_ev),
            "within_ci": None if math.isnan(self.exact_ev) else self.within_ci,
            "seconds": self.seconds,
            "rounds_per_second": self.rounds_per_second,
            "rounds_per_cpu_second": _num(self.rounds_per_cpu_second),
            "cpu_seconds": _num(self.cpu_seconds),
            "path": str(self.path),
            "path_reason": self.path_reason,
            "strategy": self.strategy,
            "spots": self.spots,
            "insurance_policy": str(self.insurance_policy),
            "insurance": (
                None
                if insurance is None
                else {
                    "ev": insurance.mean,
                    "ci99": list(insurance.ci99),
                    "exact_ev": self.exact_insurance,
                    "within_ci": insurance.covers(self.exact_insurance),
                    "taken": self.tally.flags.get("insurance", 0) / max(self.rounds, 1),
                    "even_money": self.tally.flags.get("even_money", 0) / max(self.rounds, 1),
                }
            ),
            "side_bets": [s.to_dict(self.rounds, self.tally) for s in self.side_bets],
            "ev_per_total_bet_ci99": list(self.ev_per_total_bet.ci99),
            "exact_ev_per_total_bet": _num(self.exact_ev_per_total_bet),
            "hand_outcomes": self.hand_outcomes(),
            "hands_per_spot": {
                str(n): c / spots_total for n, c in sorted(self.tally.hand_counts.items())
            },
            "outcome_distribution": [
                {"net": net, "probability": p}
                for net, p in outcome_distribution(self.tally, self.spots)
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
    spots: int = 1,
    insurance: InsurancePolicy | str = InsurancePolicy.NEVER,
    strategy: str | PlayStrategy = "basic",
    checked: bool = False,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> SimulationResult:
    """Simulate ``rounds`` rounds of ``rules`` and compare with the exact figures.

    Every spot stakes the main bet and each side bet of the rules at its minimum.

    Args:
        rules: the game.
        rounds: how many rounds (at least 1).
        seed: the run's seed (default: a fresh one, reported in the result).
        variant: the variant's name, for the report.
        workers: local processes (or a ``"local"`` Dask cluster's workers).
        dask_address: a Dask scheduler address (``tcp://host:port``) or ``"local"``.
        path: force a path (default: the kernel where it plays the rules exactly).
        progress: told the rounds of each finished chunk.
        spots: spots played each round (1 to ``rules.max_spots``).
        insurance: ``never``, ``always`` or ``best`` (also for even money).
        strategy: ``basic``, ``optimal``, a chart file's path or a strategy object.
        checked: play every round with the engine too and stop at the first difference.
        chunk_rounds: rounds per chunk (the seeds are per chunk).

    Raises:
        InvalidArgumentError: for spots out of range, an unknown policy or strategy.
    """
    if not 1 <= spots <= rules.max_spots:
        raise InvalidArgumentError(
            f"this game has {rules.max_spots} spot(s) a round: spots must be 1 to {rules.max_spots}"
        )
    try:
        policy = InsurancePolicy(insurance)
    except ValueError as exc:
        raise InvalidArgumentError("insurance must be never, always or best") from exc
    play = find_strategy(rules, strategy)
    chosen, reason = choose_path(rules)
    if checked and chosen is SimPath.NUMBA:
        chosen = SimPath.CHECKED
    if path is not None and path is not chosen:
        chosen, reason = path, None if path is not SimPath.ENGINE else "asked for"
    job = make_job(rules, play, chosen, spots=spots, insurance=policy)
    run_seed = new_seed() if seed is None else seed
    tally, seconds, cpu = run(
        job,
        rounds,
        run_seed,
        workers=workers,
        dask_address=dask_address,
        progress=progress,
        chunk_rounds=chunk_rounds,
    )
    ins_exact, even_money_gain = exact_insurance(rules, policy)
    if isinstance(play, ExactPlay):
        exact = house_edge(base_game_rules(rules), play.kind)
        exact_ev = exact.ev + ins_exact + even_money_gain
        exact_per_total = exact_ev / exact.expected_stake
    else:
        exact_ev = exact_per_total = math.nan
    sides = tuple(
        SideBetResult(
            str(bet.name),
            bet.min_stake,
            side_estimate(tally, str(bet.name), bet.min_stake, spots),
            analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable),
        )
        for bet in played_side_bets(rules)
    )
    return SimulationResult(
        variant=variant,
        rules=rules,
        rounds=rounds,
        seed=run_seed,
        path=chosen,
        path_reason=reason,
        tally=tally,
        main=main_estimate(tally, spots),
        ev_per_total_bet=per_total_bet(tally),
        exact_ev=exact_ev,
        exact_ev_per_total_bet=exact_per_total,
        side_bet=sides[0] if sides else None,
        seconds=seconds,
        workers=1 if dask_address and dask_address != "local" else workers,
        dask_address=dask_address,
        spots=spots,
        insurance_policy=policy,
        strategy=play.name,
        insurance=insurance_estimate(tally, spots) if rules.insurance else None,
        exact_insurance=ins_exact,
        side_bets=sides,
        cpu_seconds=cpu,
    )
