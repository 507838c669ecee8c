"""Idempotent money requests: an ``Idempotency-Key`` makes a retry answer the first response.

DEAL, REBET & DEAL, DOUBLE & DEAL, every decision and the top-up take the header. The first
request with a key runs in one store unit (one transaction) that also writes the key's record:
the player's lock is taken first, the record is looked up, the request runs and its response is
stored — committed together, so money moved if and only if the record exists. A repeat (same
player, same key, same request) finds the record under the same lock and answers the stored
response without running again; the same key with another request is refused
``422 idempotency-key-reused``. A request that is refused records nothing (it changed nothing:
a retry gets the same refusal). Records are kept a day.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta
from typing import Annotated, cast

from fastapi import Header, Request
from fastapi.responses import Response
from pydantic import BaseModel
from sqlalchemy import Table, delete, insert, select

from twentyone.server.errors import IdempotencyKeyReusedError
from twentyone.server.models import IdempotencyRow
from twentyone.store.service import TableService

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
    """What a repeat must match: the method, the path and the body."""
    text = f"{request.method} {request.url.path}\n{'' if body is None else body.model_dump_json()}"
    return hashlib.sha256(text.encode()).hexdigest()


def once(
    service: TableService,
    player_id: str,
    *,
    key: str | None,
    fingerprint: str,
    status: int,
    work: Callable[[], BaseModel],
) -> BaseModel | Response:
    """``work()`` the first time ``key`` is seen for the player; its stored answer after."""
    if key is None:
        return work()
    with service.unit() as unit:
        unit.player(player_id)  # the player's lock: a concurrent repeat waits here
        conn = unit.conn
        found = conn.execute(
            select(_T.c.request_hash, _T.c.status, _T.c.response).where(
                _T.c.player_id == player_id, _T.c.key == key
            )
        ).first()
        if found is not None:
            if found.request_hash != fingerprint:
                raise IdempotencyKeyReusedError(
                    "this Idempotency-Key was used for another request: send a new key"
                )
            return Response(
                found.response,
                status_code=found.status,
                media_type="application/json",
                headers={REPLAYED: "true"},
            )
        result = work()
        conn.execute(
            delete(_T).where(_T.c.player_id == player_id, _T.c.created_at < unit.now - KEEP)
        )
        conn.execute(
            insert(_T).values(
                player_id=player_id,
                key=key,
                request_hash=fingerprint,
                status=status,
                response=result.model_dump_json(),
                created_at=unit.now,
            )
        )
        return result
