"""Play money that lasts: a top-up back to the starting balance."""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, Request, Response

from twentyone.errors import TwentyoneError
from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.idempotency import IdempotencyKey, once, request_hash
from twentyone.server.schemas import WalletOut
from twentyone.table.errors import RoundInProgressError

router = APIRouter(prefix="/api/wallet", tags=["history"])

TOP_UP_DETAIL = "top-up"
"""The ledger detail of a top-up grant (its label: :func:`twentyone.display.entry_label`)."""


class TopUpNotNeededError(TwentyoneError):
    """A top-up asked for with the balance already at or above the starting balance."""

    code = "top-up-not-needed"


@router.post("/top-up", response_model=WalletOut, summary="Top the play money back up")
def top_up(
    request: Request,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> WalletOut | Response:
    """Credit the difference up to the starting balance, as one ledger entry (a grant).

    Refused, changing nothing: a round in progress (``409 round-in-progress``), a balance
    already at or above the starting balance (``409 top-up-not-needed``). The checks and the
    grant are one transaction, and the entry's transaction id is derived from the ledger's
    length, so a repeat posts nothing twice; with an ``Idempotency-Key`` a repeat answers the
    first response.
    """

    def work() -> WalletOut:
        with service.unit():  # one transaction: the checks and the grant see the same balance
            current = service.play.current_round(login.player_id)
            if current is not None and not current.is_over:
                raise RoundInProgressError("finish the round in progress before a top-up")
            start = service.config.opening_grant
            balance = service.accounts.wallet(login.player_id).balance
            if balance >= start:
                raise TopUpNotNeededError(
                    f"the balance {balance} is already at or above the starting balance {start}"
                )
            entries = service.records.statement(login.player_id, limit=1).total
            wallet = service.accounts.grant(
                login.player_id, start - balance, f"top-up:{entries}", TOP_UP_DETAIL
            )
        return WalletOut.model_validate(wallet.to_dict())

    result = once(
        service,
        login.player_id,
        key=idempotency_key,
        fingerprint=request_hash(request),
        status=200,
        work=work,
    )
    return result if isinstance(result, Response) else cast(WalletOut, result)
