"""The player's money: wallet, history of rounds, and the statement of ledger entries."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.labels import label_entries, statement_records
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
    """Every balance change with its transaction id and a label a person reads; reconciles to
    the balance."""
    page = service.records.statement(login.player_id, offset=offset, limit=limit)
    data = page.to_dict()
    records = statement_records(service, login.player_id, (e.round_id for e in page.entries))
    data["entries"] = label_entries(data["entries"], records)
    return StatementOut.model_validate(data)
