"""The play lane: DEAL (and its forms) and decisions, answered without the framework's routing.

They are most of a game's requests, and each is small: the framework's own work for a request
(matching the path against the routes in turn, building the request, solving the dependencies,
the wrappers around the endpoint) costs about as much server CPU as the store call. This ASGI
layer, just inside the request guard (:mod:`twentyone.server.security`: the language, the
cross-site and CSRF checks, the body limit and the headers apply to these requests as to any),
answers a well-formed play request itself: with the route's own code
(:func:`~twentyone.server.routers.tables.dealt`,
:func:`~twentyone.server.routers.rounds.decided`) in worker threads of its own
(:class:`Workers`: as many as the store needs, :func:`~twentyone.store.db.worker_threads`),
and a refusal with the app's own (:func:`~twentyone.server.errors.refusal`).

Everything else goes on to the app — another path, a path value or ``Idempotency-Key`` out of
its bounds, no session cookie, a body that is not the decision's JSON — and the app answers
(and refuses) it exactly as the route does. The routes stay declared: the OpenAPI document is
theirs, and so is the answer to any request this lane passes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import queue
import re
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi import Request
from fastapi.responses import Response
from pydantic import ValidationError

from twentyone.errors import TwentyoneError
from twentyone.server.accounts import Accounts
from twentyone.server.deps import SessionLogin
from twentyone.server.errors import refusal
from twentyone.server.idempotency import request_hash
from twentyone.server.routers.rounds import decided
from twentyone.server.routers.tables import DEALS, dealt
from twentyone.server.schemas import ActionIn
from twentyone.server.security import ASGIApp, Message, Receive, Scope, Send, replay
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

_DEAL = re.compile(r"/api/tables/([^/]{1,64})/(" + "|".join(map(re.escape, DEALS)) + ")")
"""A deal's path (the variant as the route bounds it: at most 64 characters)."""
_ACT = re.compile(r"/api/rounds/([^/]{1,64})/actions")
"""A decision's path (the round id as the route bounds it: 1 to 64 characters)."""
_KEY = re.compile(r"[A-Za-z0-9_.:-]{1,100}")
"""An ``Idempotency-Key`` as the routes take it."""


T = TypeVar("T")

IDLE_SECONDS = 30.0
"""How long a worker thread of the lane waits for a call before it ends (the next call starts
one again): an app no longer used leaves no thread behind."""


class Workers:
    """The lane's worker threads: a call goes to them through one queue and its result comes
    back to the event loop with :meth:`asyncio.AbstractEventLoop.call_soon_threadsafe`, in the
    caller's context (its language: :func:`twentyone.display.reading`).

    ``anyio.to_thread.run_sync`` does the same with a capacity limiter, a cancel scope and a
    queue built on a condition variable: twice the CPU of this hand-off, which every play
    request makes once. A call runs to its end even when its caller is cancelled (as it does
    there): a deal started is committed or rolled back whole.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._calls: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._alive = 0

    async def run(self, call: Callable[[], T]) -> T:
        """``call()`` in a worker thread; its result (or its exception) here."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._calls.put((loop, future, contextvars.copy_context(), call))
        with self._lock:
            if self._alive < self.size:
                self._alive += 1
                threading.Thread(target=self._work, name="twentyone-lane", daemon=True).start()
        return await future

    def close(self) -> None:
        """End every worker thread once the calls before are done."""
        with self._lock:
            alive = self._alive
        for _ in range(alive):
            self._calls.put(None)

    def _work(self) -> None:
        while True:
            try:
                item = self._calls.get(timeout=IDLE_SECONDS)
            except queue.Empty:
                with self._lock:
                    if self._calls.empty():
                        self._alive -= 1
                        return
                continue
            if item is None:
                with self._lock:
                    self._alive -= 1
                return
            loop, future, context, call = item
            try:
                answer: tuple[Callable[..., None], Any] = (_done, context.run(call))
            except BaseException as exc:  # handed to the caller, raised there
                answer = (_fail, exc)
            with contextlib.suppress(RuntimeError):  # a loop closed: nobody waits for it
                loop.call_soon_threadsafe(*answer, future)


def _done(result: Any, future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.set_result(result)


def _fail(exc: BaseException, future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.set_exception(exc)


class PlayLane:
    """The ASGI layer described in the module docstring."""

    def __init__(
        self,
        app: ASGIApp,
        service: TableService,
        accounts: Accounts,
        settings: ServerSettings,
        workers: Workers,
    ) -> None:
        self.app = app
        self.service = service
        self.accounts = accounts
        self.cookie = settings.cookie_name
        self.workers = workers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope.get("root_path"):
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        deal = _DEAL.fullmatch(path) if path.startswith("/api/tables/") else None
        act = _ACT.fullmatch(path) if deal is None and path.startswith("/api/rounds/") else None
        if deal is None and act is None:
            await self.app(scope, receive, send)
            return
        messages = await _body(receive)
        call = self._call(scope, deal, act, b"".join(m.get("body", b"") for m in messages))
        if call is None:  # the app answers (or refuses) it as the route does
            await self.app(scope, replay(messages, receive), send)
            return
        try:
            response: Response = await self.workers.run(call)
        except TwentyoneError as exc:
            response = refusal(exc)
        await response(scope, receive, send)

    def _call(
        self,
        scope: Scope,
        deal: re.Match[str] | None,
        act: re.Match[str] | None,
        body: bytes,
    ) -> Callable[[], Response] | None:
        """The store call answering the request, or ``None`` when the app should answer."""
        request = Request(scope)
        keys = request.headers.getlist("idempotency-key")
        if len(keys) > 1 or (keys and _KEY.fullmatch(keys[0]) is None):
            return None
        key = keys[0] if keys else None
        token = request.cookies.get(self.cookie)
        if not token:
            return None
        service, login = self.service, SessionLogin(self.accounts, token)
        if deal is not None:
            variant, how = deal.group(1), deal.group(2)
            fingerprint = request_hash(request)
            return lambda: dealt(service, login, variant, how, key=key, fingerprint=fingerprint)
        assert act is not None
        decision = _decision(request, body)
        if decision is None:
            return None
        round_id, fingerprint = act.group(1), request_hash(request, decision)
        return lambda: decided(service, login, round_id, decision, key=key, fingerprint=fingerprint)


def _decision(request: Request, body: bytes) -> ActionIn | None:
    """The decision in a JSON body, as the route reads it (``None``: let the route refuse)."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json" or not body:
        return None
    try:
        data: Any = json.loads(body)
        return ActionIn.model_validate(data)
    except (ValueError, ValidationError):  # not JSON (or not UTF-8), or not a decision
        return None


async def _body(receive: Receive) -> list[Message]:
    """The request's body messages (the guard has read them already, within its limit)."""
    messages: list[Message] = []
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request" or not message.get("more_body", False):
            return messages
