"""Simulation confirms the exact figures; runs split over processes or Dask merge exactly.

SPEC 8: "a fast simulator [...] for confidence intervals, outcome distributions [...]; it scales
out on a Dask cluster when one is given." SPEC 9: ``twentyone simulate VARIANT --rounds N
[--seed S] [--workers K] [--dask ADDRESS] [--json]``; issue 11 adds ``--spots``,
``--insurance``, ``--strategy`` and ``--check``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from twentyone import cli
from twentyone.analysis.simulate import InsurancePolicy, SimPath, Tally, exact_insurance, simulate
from twentyone.analysis.simulate.kernel import NUMBA
from twentyone.analysis.simulate.run import CHUNK_ROUNDS, make_job, plan, run_chunk
from twentyone.analysis.simulate.strategy import find_strategy
from twentyone.rules import Rules
from twentyone.variants import all_variants, find_variant


@pytest.fixture(scope="module")
def main() -> Iterator[object]:
    """``twentyone.cli.main`` (numba is a dependency: the fast path must be there)."""
    assert NUMBA is not None
    assert "simulate" in cli.LAZY_COMMANDS
    yield cli.main


def _cases() -> list[tuple[str, int]]:
    return [(v.name, s) for v in all_variants() for s in sorted({1, v.rules.max_spots})]


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "spots"), _cases())
def test_simulated_ev_within_99pct_ci_of_exact(variant: str, spots: int) -> None:
    """Two million rounds per variant on 1 and the maximum spots: the exact basic-strategy EV
    (``house_edge(rules, "basic")``) lies in the 99% CI of the simulated result per spot, and
    each side bet's exact EV (``analyse_side_bet``) in the side bet's 99% CI."""
    rules = find_variant(variant).rules
    result = simulate(rules, 2_000_000 // spots, seed=sum(map(ord, variant)), spots=spots)
    assert result.path is SimPath.NUMBA
    lo, hi = result.main.ci99
    assert result.within_ci, f"{variant}: {result.exact_ev:+.5f} not in [{lo:+.5f}, {hi:+.5f}]"
    assert 1.0 / spots**0.5 < result.main.std_dev < 1.3  # spots share the dealer: correlated
    for side in result.side_bets:
        assert side.estimate.covers(float(side.exact.ev)), side.to_dict(result.rounds, result.tally)


@pytest.mark.slow
def test_insurance_always_within_99pct_ci_of_exact() -> None:
    """Insurance always taken (and even money, in Lucky 7): the insurance bets' result and the
    main result lie within their 99% CIs of the exact figures of :func:`exact_insurance`."""
    rules = find_variant("lucky-7").rules
    result = simulate(rules, 3_000_000, seed=77, insurance="always")
    assert result.insurance is not None
    assert result.insurance.covers(result.exact_insurance), result.to_dict()["insurance"]
    assert result.within_ci, result.to_dict()
    assert result.tally.flags["even_money"] > 0


def test_exact_insurance_matches_a_hand_count() -> None:
    """One deck, ace up, insurance always taken on half the bet at 2:1: over the player's two
    cards the hole card is a ten with chance 16/51 on average (the ace removed), so the bet is
    worth (16/51 × 2 − 35/51) / 2 = −3/102 per initial bet, times 4/52 for the ace."""
    rules = Rules(decks=1)
    ins, even_money = exact_insurance(rules, InsurancePolicy.ALWAYS)
    assert even_money == 0.0
    assert ins == pytest.approx(float(Fraction(4, 52) * Fraction(-3, 102)), rel=1e-12)
    assert exact_insurance(rules, InsurancePolicy.NEVER) == (0.0, 0.0)


def _tally(rules: Rules, seed: int, rounds: int) -> Tally:
    job = make_job(rules, find_strategy(rules), spots=3)
    return run_chunk(job, plan(rounds, seed, rounds)[0])


def test_tallies_merge_exactly_and_associatively() -> None:
    """Tallies are integer sums and counters: (a + b) + c == a + (b + c), in any order."""
    rules = find_variant("lucky-ladies").rules
    a, b, c = (_tally(rules, seed, 5000) for seed in (1, 2, 3))
    left = a.merge(b).merge(c)
    right = a.merge(b.merge(c))
    assert left == right == c.merge(a).merge(b)
    assert left.rounds == 15_000
    assert sum(left.nets.values()) == 15_000
    assert sum(left.hand_counts.values()) == 3 * 15_000
    assert sum(left.sides["lucky-ladies"].outcomes.values()) == 3 * 15_000
    assert left.net == sum(value * count for value, count in left.nets.items())


def test_engine_path_gives_the_same_result() -> None:
    """Forcing the engine path gives the very same tally (same shoes, same play)."""
    rules = find_variant("european").rules
    fast = simulate(rules, 3000, seed=8, insurance="always", chunk_rounds=1000)
    slow = simulate(rules, 3000, seed=8, insurance="always", chunk_rounds=1000, path=SimPath.ENGINE)
    assert slow.path is SimPath.ENGINE
    assert fast.tally == slow.tally


def test_chunks_have_independent_spawned_seeds() -> None:
    """Chunk i plays from child i of ``SeedSequence(seed).spawn``; sizes add up."""
    chunks = plan(2 * CHUNK_ROUNDS + 5, seed=4)
    assert [c.rounds for c in chunks] == [CHUNK_ROUNDS, CHUNK_ROUNDS, 5]
    children = np.random.SeedSequence(4).spawn(3)
    assert [c.seed.spawn_key for c in chunks] == [s.spawn_key for s in children]
    assert len({tuple(c.seed.generate_state(2)) for c in chunks}) == 3


def test_dask_path_equals_local_path() -> None:
    """The chunks sent to a Dask scheduler (an in-process cluster on 127.0.0.1) merge to the
    same tally as one local process."""
    distributed = pytest.importorskip("distributed")
    rules = find_variant("lucky-ladies").rules
    local = simulate(rules, 25_000, seed=21, spots=7, chunk_rounds=10_000)
    with distributed.LocalCluster(
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        scheduler_port=0,
        n_workers=1,
        threads_per_worker=2,
        dashboard_address=None,
    ) as cluster:
        remote = simulate(
            rules,
            25_000,
            seed=21,
            spots=7,
            chunk_rounds=10_000,
            dask_address=cluster.scheduler_address,
        )
    assert remote.tally == local.tally
    assert remote.dask_address == cluster.scheduler_address


@pytest.mark.slow
def test_local_workers_equal_one_process() -> None:
    """``--workers 2`` (two spawned processes) gives the tally of one process."""
    rules = find_variant("european").rules
    one = simulate(rules, 30_000, seed=5, chunk_rounds=10_000)
    two = simulate(rules, 30_000, seed=5, chunk_rounds=10_000, workers=2)
    assert two.tally == one.tally


def test_cli_json_contract(main: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --json``: one object with the contract's keys, and the new ones."""
    assert callable(main)
    argv = ["simulate", "lucky-7", "--rounds", "2e4", "--seed", "9", "--json", "--spots", "3"]
    assert main([*argv, "--insurance", "always"]) == 0
    out = json.loads(capsys.readouterr().out)
    contract = {
        "variant",
        "rounds",
        "seed",
        "ev",
        "ev_ci99",
        "std_dev",
        "ev_per_total_bet",
        "side_bet",
        "hit_frequencies",
        "exact_ev",
        "within_ci",
        "seconds",
        "rounds_per_second",
        "path",
        "rounds_per_cpu_second",
        "spots",
        "insurance",
        "insurance_policy",
        "side_bets",
        "hands_per_spot",
    }
    assert contract <= set(out)
    assert out["variant"] == "lucky-7"
    assert out["rounds"] == 20000
    assert out["seed"] == 9
    assert out["path"] == "numba"
    assert out["spots"] == 3
    assert out["insurance_policy"] == "always"
    lo, hi = out["ev_ci99"]
    assert lo < out["ev"] < hi
    assert isinstance(out["within_ci"], bool)
    assert {"name", "ev", "ci99", "within_ci"} <= set(out["side_bet"])
    assert out["side_bet"]["name"] == "lucky-7"
    assert {"ev", "ci99", "exact_ev", "within_ci"} <= set(out["insurance"])
    assert 0.4 < out["hit_frequencies"]["win"] < 0.5
    assert out["rounds_per_second"] > 0
    assert main([*argv, "--insurance", "always"]) == 0
    assert json.loads(capsys.readouterr().out)["ev"] == out["ev"]  # the seed repeats the run


def test_cli_check_mode(main: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` plays the engine alongside and reports the checked path."""
    assert callable(main)
    argv = ["simulate", "european", "--rounds", "500", "--seed", "3", "--check", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["path"] == "checked"


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [
        (["simulate", "no-such-game", "--rounds", "10"], "error: unknown-variant:"),
        (["simulate", "european", "--rounds", "0"], "error: usage:"),
        (["simulate", "european"], "error: usage:"),
        (["simulate", "european", "--rounds", "10", "--workers", "0"], "error: usage:"),
        (["simulate", "european", "--rounds", "ten"], "error: usage:"),
        (["simulate", "european", "--rounds", "1.5"], "error: usage:"),
        (["simulate", "european", "--rounds", "10", "--spots", "2"], "error: invalid-argument:"),
        (
            ["simulate", "european", "--rounds", "10", "--insurance", "x"],
            "error: invalid-argument:",
        ),
        (
            ["simulate", "european", "--rounds", "10", "--strategy", "/no/such/chart.json"],
            "error: invalid-argument:",
        ),
    ],
)
def test_cli_bad_arguments_exit_2(
    main: object, argv: list[str], prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bad arguments: exit status 2 and one line on stderr."""
    assert callable(main)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(prefix), err
    assert err.count("\n") == 1


def test_cli_bad_chart_file_exit_2(
    main: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A chart file that is not a chart: exit status 2, ``invalid-argument``."""
    assert callable(main)
    bad = tmp_path / "chart.json"
    bad.write_text(json.dumps({"hard": {"12": ["X"] * 10}, "soft": {}, "pairs": {}}))
    argv = ["simulate", "european", "--rounds", "10", "--strategy", str(bad)]
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("error: invalid-argument:")


def test_cli_unreachable_dask_exits_2(
    main: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Dask address nobody listens on: exit status 2, code ``dask-unavailable``."""
    pytest.importorskip("distributed")
    monkeypatch.setattr("twentyone.analysis.simulate.run.DASK_CONNECT_SECONDS", 1.0)
    assert callable(main)
    argv = ["simulate", "european", "--rounds", "10", "--dask", "tcp://127.0.0.1:9"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: dask-unavailable:"), err
    assert err.count("\n") == 1
