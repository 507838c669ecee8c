"""Running a simulation: chunks with independent seeds, on one core, K processes or Dask.

A run of ``rounds`` rounds from ``seed`` is cut into chunks of ``chunk_rounds`` rounds; chunk
``i`` plays from child ``i`` of ``SeedSequence(seed).spawn(...)``. Each chunk returns a
:class:`~.stats.Tally` (exact integer sums), so the result depends on the rules, the play, the
rounds, the chunk size and the seed only — not on the number of workers, nor on whether Dask
ran it, nor on the path (the kernel and the engine deal the same shoes from the same seed and
play them identically; checked mode proves it chunk by chunk).
"""

from __future__ import annotations

import importlib
import logging
import math
import multiprocessing
import resource
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import ExitStack
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from twentyone.analysis.simulate.compile import NUMBA
from twentyone.analysis.simulate.engine_play import engine_rounds
from twentyone.analysis.simulate.fast import play
from twentyone.analysis.simulate.record import FIELDS
from twentyone.analysis.simulate.stats import Tally
from twentyone.analysis.simulate.strategy import InsurancePolicy, PlayStrategy
from twentyone.analysis.simulate.tables import KernelTables, kernel_tables, layout, unsupported
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules

CHUNK_ROUNDS = 1 << 18
"""Rounds per chunk by default: the unit of work, of seeding and of progress."""
DASK_CONNECT_SECONDS = 10.0
"""How long to try to reach a Dask scheduler before giving up."""
LOCAL_CLUSTER = "local"
"""The ``--dask`` address that starts a Dask ``LocalCluster`` of ``workers`` processes."""


class SimPath(StrEnum):
    """Which code plays the rounds."""

    NUMBA = "numba"
    """The compiled kernel (:mod:`.kernel`)."""
    ENGINE = "engine"
    """The engine's :class:`~twentyone.engine.Round`, one round at a time."""
    CHECKED = "checked"
    """Both, round for round on the same shoes; any difference stops the run."""


class DaskUnavailableError(TwentyoneError):
    """The Dask scheduler given with ``--dask`` cannot be reached (or Dask is not installed)."""

    code = "dask-unavailable"


class SimulationMismatchError(TwentyoneError):
    """Checked mode: the kernel and the engine played a round differently (a kernel bug)."""

    code = "simulation-mismatch"


@dataclass(frozen=True, slots=True)
class Job:
    """What every chunk of a run shares (picklable: it travels to processes and Dask workers)."""

    rules: Rules
    path: SimPath
    strategy: PlayStrategy
    spots: int
    insurance: InsurancePolicy
    tables: KernelTables | None


@dataclass(frozen=True, slots=True)
class Chunk:
    """One piece of a run: its place, its size and its own seed."""

    index: int
    rounds: int
    seed: np.random.SeedSequence


def choose_path(rules: Rules) -> tuple[SimPath, str | None]:
    """The fastest path that plays ``rules`` exactly, and why the kernel is not used, if not."""
    if NUMBA is None:
        return SimPath.ENGINE, "numba is not installed"
    reason = unsupported(rules)
    if reason is not None:
        return SimPath.ENGINE, reason
    return SimPath.NUMBA, None


def make_job(
    rules: Rules,
    strategy: PlayStrategy,
    path: SimPath | None = None,
    *,
    spots: int = 1,
    insurance: InsurancePolicy = InsurancePolicy.NEVER,
) -> Job:
    """The job for ``rules`` on ``path`` (default: :func:`choose_path`)."""
    chosen = path or choose_path(rules)[0]
    tables = (
        kernel_tables(rules, strategy, spots, insurance) if chosen is not SimPath.ENGINE else None
    )
    return Job(rules, chosen, strategy, spots, insurance, tables)


def plan(rounds: int, seed: int, chunk_rounds: int = CHUNK_ROUNDS) -> list[Chunk]:
    """The chunks of a run of ``rounds`` rounds from ``seed``."""
    count = -(-rounds // chunk_rounds)
    seeds = np.random.SeedSequence(seed).spawn(count)
    return [Chunk(i, min(chunk_rounds, rounds - i * chunk_rounds), seeds[i]) for i in range(count)]


def first_difference(engine: Any, kernel: Any) -> str:
    """The first round where two record arrays differ, field by field ('' when equal)."""
    rows = np.nonzero((engine != kernel).any(axis=1))[0]
    if not len(rows):
        return ""
    k = int(rows[0])
    diff = {
        name: (int(engine[k, c]), int(kernel[k, c]))
        for c, name in enumerate(FIELDS)
        if engine[k, c] != kernel[k, c]
    }
    return f"{len(rows)} rounds differ; first: round {k}: (engine, kernel) {diff}"


def run_chunk(job: Job, chunk: Chunk) -> Tally:
    """Play one chunk and tally it (runs wherever the chunk was sent)."""
    lay = layout(job.rules, job.spots)
    if job.path is SimPath.ENGINE:
        tallies, _ = engine_rounds(
            job.rules,
            chunk.seed,
            chunk.rounds,
            job.strategy,
            spots=job.spots,
            insurance=job.insurance,
        )
        return Tally.of(tallies, lay)
    assert job.tables is not None
    checked = job.path is SimPath.CHECKED
    tallies, records = play(job.tables, chunk.seed, chunk.rounds, keep_records=checked)
    if checked:
        reference, engine = engine_rounds(
            job.rules,
            chunk.seed,
            chunk.rounds,
            job.strategy,
            spots=job.spots,
            insurance=job.insurance,
        )
        diff = first_difference(engine, records)
        if diff:
            raise SimulationMismatchError(f"chunk {chunk.index}: {diff}")
        mine = Tally.of(tallies, lay)
        if mine != Tally.of(reference, lay):
            raise SimulationMismatchError(f"chunk {chunk.index}: the tallies differ")
        return mine
    return Tally.of(tallies, lay)


Progress = Callable[[int], None]
"""Told the number of rounds each finished chunk played."""


_WORKER_JOB: list[Job] = []
"""The job of a local worker process (sent once, not with every chunk)."""


def _init_worker(job: Job) -> None:
    # Ctrl-C reaches the whole process group: the main process alone decides to stop (and
    # terminates the workers), so a worker neither prints a traceback nor dies half-way.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER_JOB[:] = [job]


def _worker_chunk(chunk: Chunk) -> Tally:
    return run_chunk(_WORKER_JOB[0], chunk)


def _local(job: Job, chunks: list[Chunk], workers: int) -> Iterator[Tally]:
    if workers == 1 or len(chunks) == 1:
        for chunk in chunks:
            yield run_chunk(job, chunk)
        return
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=context, initializer=_init_worker, initargs=(job,)
    )
    try:
        futures = [pool.submit(_worker_chunk, chunk) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: a Ctrl-C or a failed chunk must not wait for the queued chunks (a
    plain ``shutdown`` plays them all first, which for a long run is hours)."""
    processes = list(pool._processes.values())  # Python 3.14 has pool.terminate_workers()
    # (typeshed misnames its type) shutdown(wait=False) forgets it
    manager: threading.Thread | None = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    # The pool's manager thread closes its wake-up pipe once it sees the workers gone; the
    # interpreter's exit hook writes to that pipe without a lock, so exiting while the thread
    # still runs can print "OSError: Bad file descriptor" (a race seen once in CI): wait for it.
    if manager is not None:
        manager.join(timeout=10)


def _check_reachable(address: str) -> None:
    """Refuse at once an address that is malformed or where nothing listens (a half-built
    Dask client would otherwise wait for its timeout and then complain while being collected)."""
    target = address.split("://", 1)[-1]
    host, _, port = target.rpartition(":")
    if not host or not port.isdigit():
        raise DaskUnavailableError(f"a Dask scheduler address is tcp://HOST:PORT, not {address!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=DASK_CONNECT_SECONDS):
            pass
    except OSError as exc:
        raise DaskUnavailableError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc


def _dask(job: Job, chunks: list[Chunk], address: str, workers: int) -> Iterator[Tally]:
    try:
        distributed: Any = importlib.import_module("distributed")  # untyped: used through Any
    except ImportError as exc:  # pragma: no cover - dask is optional
        raise DaskUnavailableError("--dask needs dask.distributed installed") from exc
    with ExitStack() as stack:
        if address == LOCAL_CLUSTER:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    host="127.0.0.1",
                    dashboard_address="127.0.0.1:0",
                    silence_logs=logging.ERROR,  # stderr stays for the progress bar
                )
            )
            address = cluster.scheduler_address
        else:
            _check_reachable(address)
        try:
            client = distributed.Client(
                address, timeout=f"{DASK_CONNECT_SECONDS}s", set_as_default=False
            )
        except (OSError, TimeoutError, ValueError) as exc:
            raise DaskUnavailableError(
                f"cannot reach the Dask scheduler at {address}: {exc}"
            ) from exc
        stack.enter_context(client)
        shared = client.scatter(job, broadcast=True)
        futures = [client.submit(run_chunk, shared, chunk, pure=False) for chunk in chunks]
        for future in distributed.as_completed(futures, loop=client.loop):
            result: Tally = future.result()
            yield result


def run(
    job: Job,
    rounds: int,
    seed: int,
    *,
    workers: int = 1,
    dask_address: str | None = None,
    progress: Progress | None = None,
    chunk_rounds: int = CHUNK_ROUNDS,
) -> tuple[Tally, float, float]:
    """Play ``rounds`` rounds; returns the merged tally, the wall seconds and the CPU seconds
    (this process's and its local workers'; NaN when Dask played: its workers' CPU time is
    not measured here).

    Args:
        job: the rules, the play and the path.
        rounds: how many rounds (at least 1).
        seed: the run's seed.
        workers: local processes (or, with ``dask_address="local"``, the local cluster's).
        dask_address: a Dask scheduler to send the chunks to, or ``"local"``.
        progress: told the rounds of each finished chunk.
        chunk_rounds: rounds per chunk (part of what makes a run reproducible).
    """
    if rounds < 1 or workers < 1 or chunk_rounds < 1:
        raise ValueError("rounds, workers and chunk_rounds must be at least 1")
    chunks = plan(rounds, seed, chunk_rounds)
    start = time.perf_counter()
    cpu = time.process_time() + _children_cpu()
    results = (
        _dask(job, chunks, dask_address, workers) if dask_address else _local(job, chunks, workers)
    )
    total = Tally()
    for tally in results:
        total = total.merge(tally)
        if progress is not None:
            progress(tally.rounds)
    done = time.process_time() + _children_cpu()  # the pool's workers have exited by now
    cpu_seconds = done - cpu if dask_address is None else math.nan
    return total, time.perf_counter() - start, cpu_seconds


def _children_cpu() -> float:
    """CPU seconds of this process's finished child processes (the local workers)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime
