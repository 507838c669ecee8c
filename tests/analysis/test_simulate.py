"""Simulation confirms the exact figures; runs split over processes or Dask merge exactly.

SPEC 8: "a fast simulator [...] for confidence intervals, outcome distributions [...]; it scales
out on a Dask cluster when one is given." SPEC 9: ``twentyone simulate VARIANT --rounds N
[--seed S] [--workers K] [--dask ADDRESS] [--json]``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import numpy as np
import pytest

from twentyone import cli
from twentyone.analysis.simulate import SimPath, Tally, simulate
from twentyone.analysis.simulate.fast import shuffled_records
from twentyone.analysis.simulate.kernel import NUMBA
from twentyone.analysis.simulate.run import CHUNK_ROUNDS, make_job, plan, run_chunk
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.variants import all_variants, find_variant


@pytest.fixture(scope="module")
def main() -> Iterator[object]:
    """``twentyone.cli.main`` (numba is a dependency: the fast path must be there)."""
    assert NUMBA is not None
    assert any(c.name == "simulate" for c in cli.app.registered_commands)
    yield cli.main


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_simulated_ev_within_99pct_ci_of_exact_basic_ev(variant: str) -> None:
    """A million rounds per variant: ``house_edge(rules, "basic").ev`` lies in the 99% CI of
    the simulated mean, and the side bet's exact EV in the side bet's 99% CI."""
    result = simulate(find_variant(variant).rules, 1_000_000, seed=sum(map(ord, variant)))
    assert result.path is SimPath.NUMBA
    lo, hi = result.main.ci99
    assert result.within_ci, f"{variant}: {result.exact_ev:+.5f} not in [{lo:+.5f}, {hi:+.5f}]"
    assert 1.0 < result.main.std_dev < 1.3
    if result.side_bet is not None:
        side = result.side_bet
        assert side.estimate.covers(float(side.exact.ev)), side.to_dict(result.rounds, result.tally)


def test_tallies_merge_exactly() -> None:
    """The tally of two halves merged is the tally of the whole."""
    rules = find_variant("lucky-lucky").rules
    records = shuffled_records(kernel_tables(rules), 3, 30_000)
    whole = Tally.of(records, rules)
    halves = Tally.of(records[:12_345], rules).merge(Tally.of(records[12_345:], rules))
    assert halves == whole
    assert whole.rounds == 30_000
    assert sum(whole.nets.values()) == 30_000
    assert sum(whole.side_outcomes.values()) == 30_000
    assert whole.net == int((records[:, 1] - records[:, 0]).sum())


def test_engine_path_gives_the_same_result() -> None:
    """Forcing the engine path gives the very same tally (same shoes, same play)."""
    rules = find_variant("european").rules
    fast = simulate(rules, 3000, seed=8)
    slow = simulate(rules, 3000, seed=8, path=SimPath.ENGINE)
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
    rounds = 2 * CHUNK_ROUNDS + 1000
    local = simulate(rules, rounds, seed=21)
    with distributed.LocalCluster(
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        scheduler_port=0,
        n_workers=1,
        threads_per_worker=2,
        dashboard_address=None,
    ) as cluster:
        remote = simulate(rules, rounds, seed=21, dask_address=cluster.scheduler_address)
    assert remote.tally == local.tally
    assert remote.dask_address == cluster.scheduler_address


@pytest.mark.slow
def test_local_workers_equal_one_process() -> None:
    """``--workers 2`` (two spawned processes) gives the tally of one process."""
    rules = find_variant("european").rules
    rounds = 2 * CHUNK_ROUNDS + 10
    job = make_job(rules)
    one = Tally()
    for chunk in plan(rounds, 5):
        one = one.merge(run_chunk(job, chunk))
    two = simulate(rules, rounds, seed=5, workers=2)
    assert two.tally == one


def test_cli_json_contract(main: object, capsys: pytest.CaptureFixture[str]) -> None:
    """``simulate --json``: one object with the contract's keys."""
    assert callable(main)
    argv = ["simulate", "lucky-7", "--rounds", "20000", "--seed", "9", "--json"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
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
    }
    assert contract <= set(out)
    assert out["variant"] == "lucky-7"
    assert out["rounds"] == 20000
    assert out["seed"] == 9
    assert out["path"] == "numba"
    lo, hi = out["ev_ci99"]
    assert lo < out["ev"] < hi
    assert isinstance(out["within_ci"], bool)
    assert {"name", "ev", "ci99"} <= set(out["side_bet"])
    assert out["side_bet"]["name"] == "lucky-7"
    assert 0.4 < out["hit_frequencies"]["win"] < 0.46
    assert out["exact_ev"] == pytest.approx(-0.004868, abs=1e-5)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["ev"] == out["ev"]  # the seed repeats the run


@pytest.mark.parametrize(
    ("argv", "prefix"),
    [
        (["simulate", "no-such-game", "--rounds", "10"], "error: unknown-variant:"),
        (["simulate", "european", "--rounds", "0"], "error: usage:"),
        (["simulate", "european"], "error: usage:"),
        (["simulate", "european", "--rounds", "10", "--workers", "0"], "error: usage:"),
        (["simulate", "european", "--rounds", "ten"], "error: usage:"),
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
