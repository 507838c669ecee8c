"""Idempotent money requests: an ``Idempotency-Key`` makes a retry answer the first response.

DEAL, REBET & DEAL, DOUBLE & DEAL, every decision and the top-up take the header. The first
request with a key runs in one store unit (one transaction) that also writes the key's record:
the record is looked up, the request runs and its response is stored — committed together, so
money moved if and only if the record exists (:func:`once`). A repeat (same player, same key,
same request) finds the record and answers the stored response without running again; the
same key with another request is refused ``422 idempotency-key-reused``. A request that is
refused records nothing (it changed nothing: a retry gets the same refusal). Records are kept
a day (pruned now and then).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Annotated, Any, cast

from fastapi import Header, Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import Table, and_, bindparam, delete, insert, select
from sqlalchemy.exc import IntegrityError

from twentyone.errors import TwentyoneError
from twentyone.server.accounts import LOGIN, Login
from twentyone.server.errors import IdempotencyKeyReusedError
from twentyone.server.models import IdempotencyRow, SessionRow
from twentyone.store.service import TableService
from twentyone.store.unit import Unit

KEEP = timedelta(days=1)
REPLAYED = "Idempotent-Replayed"
_T = cast(Table, IdempotencyRow.__table__)

IdempotencyKey = Annotated[
    str | None,
    Header(
        alias="Idempotency-Key",
        min_length=1,
        max_length=100,
        pattern=r"^[A-Za-z0-9_.:-]+$",
        description=(
            "One random value (a UUID) per intent; a retry of the same intent sends it again "
            "and gets the first response, with no second debit."
        ),
    ),
]


def request_hash(request: Request, body: BaseModel | None = None) -> str:
    """What a repeat must match: the method, the path and the body.

    The path as ``request.url.path`` has it, read from the request's scope (building the URL
    costs more than the hash)."""
    scope = request.scope
    path = scope["path"].replace("?", "%3F").replace("#", "%23").replace("\\", "%5C")
    text = f"{scope['method']} {path}\n{'' if body is None else body.model_dump_json()}"
    return hashlib.sha256(text.encode()).hexdigest()


_FIND = select(_T.c.request_hash, _T.c.status, _T.c.response).where(
    _T.c.player_id == bindparam("p"), _T.c.key == bindparam("k")
)
_LOGIN_AND_FIND = LOGIN.add_columns(_T.c.request_hash, _T.c.status, _T.c.response).outerjoin(
    _T, and_(_T.c.player_id == SessionRow.player_id, _T.c.key == bindparam("k"))
)
"""The session's read (:data:`~twentyone.server.accounts.LOGIN`) and the key's record of its
player (:data:`_FIND`) in one statement."""
_RECORD = insert(_T).values(
    {
        c: bindparam(c)
        for c in ("player_id", "key", "request_hash", "status", "response", "created_at")
    }
)
_PRUNE = delete(_T).where(_T.c.player_id == bindparam("p"), _T.c.created_at < bindparam("before"))
PRUNE_ONE_IN = 64
"""A player's records older than :data:`KEEP` are deleted on one keyed request in this many."""


def _replay(unit: Unit, player_id: str, key: str, fingerprint: str) -> Response | None:
    driver = unit.driver
    found = driver.one(unit.conn, driver.prepare(_FIND), {"p": player_id, "k": key})
    return _replayed(found, fingerprint)


def _replayed(found: Sequence[Any] | None, fingerprint: str) -> Response | None:
    """The stored response of a key's record (``request_hash, status, response``; ``None`` or
    a hash ``None``: no record)."""
    if found is None or found[0] is None:
        return None
    request, status, response = found
    if request != fingerprint:
        raise IdempotencyKeyReusedError(
            "this Idempotency-Key was used for another request: send a new key"
        )
    return Response(
        response, status_code=status, media_type="application/json", headers={REPLAYED: "true"}
    )


def _answer(body: str | bytes, status: int) -> Response:
    return Response(body, status_code=status, media_type="application/json")


def once(
    service: TableService,
    login: Login,
    *,
    key: str | None,
    fingerprint: str,
    status: int,
    work: Callable[[str], BaseModel],
) -> Response:
    """The response of ``work(player_id)`` the first time ``key`` is seen for the login's
    player; the stored one after (with ``Idempotent-Replayed: true``).

    The answer is encoded once, here, in the request's worker thread: the JSON stored with the
    key is the body sent (a model returned to FastAPI would be validated again in another
    worker thread and encoded again on the event loop).

    One transaction does it all: the session is looked up in it (:meth:`Login.player_in`: on
    SQLite the request's one connection, on PostgreSQL one pool checkout for the request), then
    the record is looked up and written in ``work``'s own transaction (``work`` takes the
    player's lock as its first step, as every store call does). A session whose use is due to
    be recorded (once a minute) is looked up on its own first, as before, and the request runs
    after. Two copies of one request at once: the second either finds the record, or — having
    waited on the player's lock while the first committed — fails (the key's primary key, or a
    refusal such as ``round-in-progress``), is rolled back whole, and then answers the first
    one's record.
    """
    response = _once(service, login, key, fingerprint, status, work)
    if response is None:  # the session's use is due to be recorded: on its own, first
        login.player_id  # noqa: B018 (outside any transaction; refused here if it must be)
        response = _once(service, login, key, fingerprint, status, work)
    assert response is not None  # the login is known now
    return response


def _player_and_replay(
    login: Login, unit: Unit, key: str, fingerprint: str
) -> tuple[str | None, Response | None]:
    """The login's player (``None``: look the session up first, outside) and the key's stored
    response, if any (one read where the session is looked up here)."""
    player_id, record = login.player_in(unit, _LOGIN_AND_FIND, {"k": key})
    if player_id is None:
        return None, None
    if record is None:  # the session was known already: read the record on its own
        return player_id, _replay(unit, player_id, key, fingerprint)
    return player_id, _replayed(record, fingerprint)


def _once(
    service: TableService,
    login: Login,
    key: str | None,
    fingerprint: str,
    status: int,
    work: Callable[[str], BaseModel],
) -> Response | None:
    """``once``'s one transaction; ``None`` (having read and written nothing else) when the
    session needs more than a read."""
    if key is None:
        with service.unit(whole=True) as unit:
            player_id = login.player_in(unit)[0]
            if player_id is None:
                return None
            return _answer(work(player_id).model_dump_json(), status)
    player_id = None
    try:
        with service.unit(whole=True) as unit:  # a refusal ends it: no savepoints inside
            player_id, replayed = _player_and_replay(login, unit, key, fingerprint)
            if player_id is None or replayed is not None:
                return replayed
            body = work(player_id).model_dump_json()
            driver = unit.driver
            if secrets.randbelow(PRUNE_ONE_IN) == 0:
                prune = driver.prepare(_PRUNE)
                driver.run(unit.conn, prune, {"p": player_id, "before": unit.now - KEEP})
            driver.run(
                unit.conn,
                driver.prepare(_RECORD),
                {
                    "player_id": player_id,
                    "key": key,
                    "request_hash": fingerprint,
                    "status": status,
                    "response": body,
                    "created_at": unit.now,
                },
            )
            return _answer(body, status)
    except (IntegrityError, TwentyoneError) as exc:
        if isinstance(exc, IdempotencyKeyReusedError) or player_id is None:
            raise  # (no player: the session was refused)
        with service.unit() as unit:  # a twin may have committed first: answer its record
            replayed = _replay(unit, player_id, key, fingerprint)
        if replayed is None:
            raise
        return replayed
