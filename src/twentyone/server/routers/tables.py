"""A player's seat at a variant's table: chips on spots, UNDO, CLEAR, DOUBLE, REBET, DEAL.

Bets placed before DEAL are not wagers (no money moves); DEAL and its REBET / DOUBLE forms
debit the wagers and answer the table with the round just dealt (settled at once when, for
example, the dealer's peek finds a blackjack).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Path, status

from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.schemas import PlaceBetIn, TableOut
from twentyone.store.service import TableService
from twentyone.store.views import RoundState, TableState

router = APIRouter(prefix="/api/tables/{variant}", tags=["tables"])

VariantName = Annotated[str, Path(max_length=64, description="Variant name or alias")]


def table_out(state: TableState, dealt: RoundState | None = None) -> TableOut:
    """The table as JSON; ``dealt`` replaces the round (a round settled at the deal too)."""
    data = state.to_dict()
    if dealt is not None:
        data["round"] = dealt.to_dict()
    return TableOut.model_validate(data)


@router.get("", summary="The player's seat")
def get_table(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Chips, limits, the bets on the spots, the balance and the round in progress (of any
    variant: the client goes back to it)."""
    return table_out(service.seat.table(login.player_id, variant))


@router.post("/bets", summary="Place a chip")
def place_bet(
    variant: VariantName, body: PlaceBetIn, service: ServiceDep, login: CurrentLogin
) -> TableOut:
    """Add one chip to a spot's main bet or, with ``side``, to its side bet."""
    return table_out(service.seat.place(login.player_id, variant, body.spot, body.chip, body.side))


@router.post("/undo", summary="UNDO")
def undo(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Take back the last chip (or the last DOUBLE)."""
    return table_out(service.seat.undo(login.player_id, variant))


@router.post("/clear", summary="CLEAR BETS")
def clear(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Take every chip off the table."""
    return table_out(service.seat.clear(login.player_id, variant))


@router.post("/double", summary="DOUBLE (before the deal)")
def double(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Double every bet on the table."""
    return table_out(service.seat.double_bets(login.player_id, variant))


@router.post("/rebet", summary="REBET")
def rebet(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Place the previous round's bets."""
    return table_out(service.seat.rebet(login.player_id, variant))


def _dealt(
    service: TableService, player_id: str, variant: str, deal: Callable[[str, str], RoundState]
) -> TableOut:
    """Deal and answer the table it leaves, in one transaction (one durable commit)."""
    with service.unit():
        state = deal(player_id, variant)
        return table_out(service.seat.table(player_id, variant, dealt=state), state)


@router.post("/deal", status_code=status.HTTP_201_CREATED, summary="DEAL")
def deal(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Deal the bets on the table: the wagers are debited and the cards dealt."""
    return _dealt(service, login.player_id, variant, service.play.deal)


@router.post("/rebet-and-deal", status_code=status.HTTP_201_CREATED, summary="REBET & DEAL")
def rebet_and_deal(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """The previous round's bets, dealt at once."""
    return _dealt(service, login.player_id, variant, service.play.rebet_and_deal)


@router.post("/double-and-deal", status_code=status.HTTP_201_CREATED, summary="DOUBLE & DEAL")
def double_and_deal(variant: VariantName, service: ServiceDep, login: CurrentLogin) -> TableOut:
    """Twice the previous round's bets, dealt at once."""
    return _dealt(service, login.player_id, variant, service.play.double_and_deal)
