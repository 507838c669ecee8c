"""A player's seat at a variant's table: chips on spots, UNDO, CLEAR, DOUBLE, REBET, DEAL.

Bets placed before DEAL are not wagers (no money moves); DEAL and its REBET / DOUBLE forms
debit the wagers and answer the table with the round just dealt (settled at once when, for
example, the dealer's peek finds a blackjack).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Request, Response, status

from twentyone.server.accounts import Login
from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.idempotency import IdempotencyKey, once, request_hash
from twentyone.server.schemas import PlaceBetIn, TableOut
from twentyone.store.play import Play
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


DEALS = {
    "deal": Play.deal,
    "rebet-and-deal": Play.rebet_and_deal,
    "double-and-deal": Play.double_and_deal,
}
"""The deal routes (the last part of the path) and the store call each makes."""


def dealt(
    service: TableService,
    login: Login,
    variant: str,
    how: str,
    *,
    key: str | None,
    fingerprint: str,
) -> Response:
    """Deal (``how``: a key of :data:`DEALS`) and answer the table it leaves, in one
    transaction (one durable commit); with an ``Idempotency-Key``, a repeat answers the first
    deal's response and deals nothing. Runs in a worker thread (the routes below, and the play
    lane: :mod:`twentyone.server.lane`)."""
    deal = DEALS[how]

    def work(player_id: str) -> TableOut:
        state = deal(service.play, player_id, variant)
        table = service.seat.table(player_id, variant, dealt=state)
        return table_out(table, state)  # still inside the request's one transaction

    created = status.HTTP_201_CREATED
    return once(service, login, key=key, fingerprint=fingerprint, status=created, work=work)


@router.post("/deal", status_code=status.HTTP_201_CREATED, response_model=TableOut, summary="DEAL")
def deal(
    request: Request,
    variant: VariantName,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Deal the bets on the table: the wagers are debited and the cards dealt."""
    return dealt(
        service, login, variant, "deal", key=idempotency_key, fingerprint=request_hash(request)
    )


@router.post(
    "/rebet-and-deal",
    status_code=status.HTTP_201_CREATED,
    response_model=TableOut,
    summary="REBET & DEAL",
)
def rebet_and_deal(
    request: Request,
    variant: VariantName,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """The previous round's bets, dealt at once."""
    fingerprint = request_hash(request)
    return dealt(
        service, login, variant, "rebet-and-deal", key=idempotency_key, fingerprint=fingerprint
    )


@router.post(
    "/double-and-deal",
    status_code=status.HTTP_201_CREATED,
    response_model=TableOut,
    summary="DOUBLE & DEAL",
)
def double_and_deal(
    request: Request,
    variant: VariantName,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """Twice the previous round's bets, dealt at once."""
    fingerprint = request_hash(request)
    return dealt(
        service, login, variant, "double-and-deal", key=idempotency_key, fingerprint=fingerprint
    )
