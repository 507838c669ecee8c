"""Play money that lasts: a top-up back to the starting balance (the rule and the ledger entry
are the store's :meth:`~twentyone.store.accounts.Accounts.top_up`)."""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, Request, Response

from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.idempotency import IdempotencyKey, once, request_hash
from twentyone.server.schemas import WalletOut

router = APIRouter(prefix="/api/wallet", tags=["history"])


@router.post("/top-up", response_model=WalletOut, summary="Top the play money back up")
def top_up(
    request: Request,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> WalletOut | Response:
    """Credit the difference up to the starting balance, as one ledger entry (a grant).

    Refused, changing nothing: a round in progress (``409 round-in-progress``), a balance
    already at or above the starting balance (``409 top-up-not-needed``). With an
    ``Idempotency-Key`` a repeat answers the first response.
    """

    def work(player_id: str) -> WalletOut:
        return WalletOut.model_validate(service.accounts.top_up(player_id).to_dict())

    result = once(
        service,
        login,
        key=idempotency_key,
        fingerprint=request_hash(request),
        status=200,
        work=work,
    )
    return result if isinstance(result, Response) else cast(WalletOut, result)
