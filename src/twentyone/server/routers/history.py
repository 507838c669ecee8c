"""The player's money: wallet, history of rounds, and the statement of ledger entries."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.schemas import MAX_COUNT, HistoryOut, StatementOut, WalletOut

router = APIRouter(prefix="/api", tags=["history"])

Offset = Annotated[int, Query(ge=0, le=MAX_COUNT, description="Items to skip")]


@router.get("/wallet", summary="Balance")
def wallet(service: ServiceDep, login: CurrentLogin) -> WalletOut:
    """The balance and the money held by the round in progress."""
    return WalletOut.model_validate(service.accounts.wallet(login.player_id).to_dict())


@router.get("/history", summary="Rounds played, newest first")
def history(
    service: ServiceDep,
    login: CurrentLogin,
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> HistoryOut:
    """A page of the player's rounds."""
    page = service.records.history(login.player_id, offset=offset, limit=limit)
    return HistoryOut.model_validate(page.to_dict())


@router.get("/statement", summary="Ledger entries, oldest first")
def statement(
    service: ServiceDep,
    login: CurrentLogin,
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> StatementOut:
    """Every balance change with its transaction id; reconciles to the balance."""
    page = service.records.statement(login.player_id, offset=offset, limit=limit)
    return StatementOut.model_validate(page.to_dict())
