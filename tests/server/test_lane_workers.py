"""The play lane's worker threads: a call's result, its refusal and the caller's language all
come back to the event loop as they would from the call made in place."""

from __future__ import annotations

import asyncio
import contextvars
import threading

import pytest

from twentyone.server.lane import Workers

_WHO = contextvars.ContextVar("who", default="nobody")


def _in_a_loop(work: object) -> object:
    return asyncio.run(work)  # type: ignore[arg-type]


def test_a_call_runs_in_a_worker_thread_with_the_callers_context() -> None:
    workers = Workers(2)

    async def main() -> tuple[str, str, str]:
        _WHO.set("the caller")
        here = threading.current_thread().name
        there, who = await workers.run(lambda: (threading.current_thread().name, _WHO.get()))
        return here, there, who

    try:
        here, there, who = _in_a_loop(main())  # type: ignore[misc]
    finally:
        workers.close()
    assert there == "twentyone-lane" != here
    assert who == "the caller"


def test_a_calls_exception_is_raised_to_its_caller() -> None:
    workers = Workers(1)

    def refuse() -> None:
        raise LookupError("no such round")

    async def main() -> None:
        await workers.run(refuse)

    try:
        with pytest.raises(LookupError, match="no such round"):
            _in_a_loop(main())
    finally:
        workers.close()


def test_many_calls_at_once_each_get_their_own_answer() -> None:
    workers = Workers(2)

    async def main() -> list[int]:
        return list(await asyncio.gather(*(workers.run(lambda n=n: n * n) for n in range(50))))

    try:
        assert _in_a_loop(main()) == [n * n for n in range(50)]
    finally:
        workers.close()
