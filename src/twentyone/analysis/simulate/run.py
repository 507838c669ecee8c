"""Running a simulation: chunks with independent seeds, on one core, K processes or Dask.

A run of ``rounds`` rounds from ``seed`` is cut into chunks of :data:`CHUNK_ROUNDS` rounds; chunk
``i`` plays from child ``i`` of ``SeedSequence(seed).spawn(...)``. Each chunk returns a
:class:`~.stats.Tally` (exact integer sums), so the result depends on the rules, the rounds and
the seed only — not on the number of workers, nor on whether Dask ran it, nor on the path (the
kernel and the engine deal the same shoes from the same seed and play them identically).
"""

from __future__ import annotations

import importlib
import multiprocessing
import socket
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from twentyone.analysis.simulate.engine_play import engine_records
from twentyone.analysis.simulate.fast import shuffled_records
from twentyone.analysis.simulate.kernel import NUMBA
from twentyone.analysis.simulate.stats import Tally
from twentyone.analysis.simulate.tables import KernelTables, kernel_tables, unsupported
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules

CHUNK_ROUNDS = 1 << 16
"""Rounds per chunk: the unit of work, of seeding and of progress."""
DASK_CONNECT_SECONDS = 10.0
"""How long to try to reach a Dask scheduler before giving up."""


class SimPath(StrEnum):
    """Which code plays the rounds."""

    NUMBA = "numba"
    """The compiled kernel (:mod:`.kernel`)."""
    ENGINE = "engine"
    """The engine's :class:`~twentyone.engine.Round`, one round at a time."""


class DaskUnavailableError(TwentyoneError):
    """The Dask scheduler given with ``--dask`` cannot be reached (or Dask is not installed)."""

    code = "dask-unavailable"


@dataclass(frozen=True, slots=True)
class Job:
    """What every chunk of a run shares (picklable: it travels to processes and Dask workers)."""

    rules: Rules
    path: SimPath
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


def make_job(rules: Rules, path: SimPath | None = None) -> Job:
    """The job for ``rules`` on ``path`` (default: :func:`choose_path`)."""
    chosen = path or choose_path(rules)[0]
    tables = kernel_tables(rules) if chosen is SimPath.NUMBA else None
    return Job(rules, chosen, tables)


def plan(rounds: int, seed: int) -> list[Chunk]:
    """The chunks of a run of ``rounds`` rounds from ``seed``."""
    count = -(-rounds // CHUNK_ROUNDS)
    seeds = np.random.SeedSequence(seed).spawn(count)
    return [Chunk(i, min(CHUNK_ROUNDS, rounds - i * CHUNK_ROUNDS), seeds[i]) for i in range(count)]


def run_chunk(job: Job, chunk: Chunk) -> Tally:
    """Play one chunk and tally it (runs wherever the chunk was sent)."""
    if job.path is SimPath.NUMBA:
        assert job.tables is not None
        records = shuffled_records(job.tables, chunk.seed, chunk.rounds)
    else:
        records = engine_records(job.rules, chunk.seed, chunk.rounds)
    return Tally.of(records, job.rules)


Progress = Callable[[int], None]
"""Told the number of rounds each finished chunk played."""


def _local(job: Job, chunks: list[Chunk], workers: int) -> Iterator[Tally]:
    if workers == 1 or len(chunks) == 1:
        for chunk in chunks:
            yield run_chunk(job, chunk)
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures = [pool.submit(run_chunk, job, chunk) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()


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


def _dask(job: Job, chunks: list[Chunk], address: str) -> Iterator[Tally]:
    try:
        distributed: Any = importlib.import_module("distributed")  # untyped: used through Any
    except ImportError as exc:  # pragma: no cover - dask is optional
        raise DaskUnavailableError("--dask needs dask.distributed installed") from exc
    _check_reachable(address)
    try:
        client = distributed.Client(
            address, timeout=f"{DASK_CONNECT_SECONDS}s", set_as_default=False
        )
    except (OSError, TimeoutError, ValueError) as exc:
        raise DaskUnavailableError(f"cannot reach the Dask scheduler at {address}: {exc}") from exc
    with client:
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
) -> tuple[Tally, float]:
    """Play ``rounds`` rounds; returns the merged tally and the seconds it took.

    Args:
        job: the rules and the path.
        rounds: how many rounds (at least 1).
        seed: the run's seed.
        workers: local processes (ignored with ``dask_address``).
        dask_address: a Dask scheduler to send the chunks to.
        progress: told the rounds of each finished chunk.
    """
    if rounds < 1 or workers < 1:
        raise ValueError("rounds and workers must be at least 1")
    chunks = plan(rounds, seed)
    start = time.perf_counter()
    results = _dask(job, chunks, dask_address) if dask_address else _local(job, chunks, workers)
    total = Tally()
    for tally in results:
        total = total.merge(tally)
        if progress is not None:
            progress(tally.rounds)
    return total, time.perf_counter() - start
