"""Rounds: the round in progress, decisions in it, and any past round's full record.

Every request is checked against the round's owner: a round id that is not the session
player's is ``404 unknown-round``, whoever owns it.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request, Response

from twentyone.server.accounts import Login
from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.idempotency import IdempotencyKey, once, request_hash
from twentyone.server.labels import label_entries
from twentyone.server.schemas import ActionIn, CurrentRoundOut, RoundOut, RoundRecordOut
from twentyone.store.service import TableService

router = APIRouter(prefix="/api/rounds", tags=["rounds"])

RoundId = Annotated[str, Path(min_length=1, max_length=64, description="A round id")]


@router.get("/current", summary="The round in progress")
def current_round(service: ServiceDep, login: CurrentLogin) -> CurrentRoundOut:
    """The player's unfinished round (``null`` when there is none): resume it."""
    state = service.play.current_round(login.player_id)
    if state is None:
        return CurrentRoundOut(round=None)
    return CurrentRoundOut(round=RoundOut.model_validate(state.to_dict()))


def decided(
    service: TableService,
    login: Login,
    round_id: str,
    body: ActionIn,
    *,
    key: str | None,
    fingerprint: str,
) -> Response:
    """Take the decision ``body`` in the round ``round_id`` and answer the round (one
    transaction, one durable commit; with an ``Idempotency-Key``, a repeat answers the first
    response). Runs in a worker thread (the route below, and the play lane:
    :mod:`twentyone.server.lane`)."""

    def work(player: str) -> RoundOut:
        state = service.play.act(
            player,
            body.action,
            apply_to_all=body.apply_to_all,
            expected_step=body.expected_step,
            round_id=round_id,
        )
        return RoundOut.model_validate(state.to_dict())

    return once(service, login, key=key, fingerprint=fingerprint, status=200, work=work)


@router.post("/{round_id}/actions", response_model=RoundOut, summary="Take a decision")
def act(
    *,
    request: Request,
    round_id: RoundId,
    body: ActionIn,
    service: ServiceDep,
    login: CurrentLogin,
    idempotency_key: IdempotencyKey = None,
) -> Response:
    """HIT, STAND, DOUBLE, SPLIT, insurance ACCEPT / DECLINE (``apply_to_all``), EVEN MONEY.

    Refused (nothing changes): a round that is not yours (``404 unknown-round``), a round
    already over or a ``expected_step`` that is not the round's step (``409 stale-action``),
    an action not legal now (``409 illegal-action``), more than the balance covers
    (``402 insufficient-funds``). With an ``Idempotency-Key``, a repeat answers the first
    response.
    """
    fingerprint = request_hash(request, body)
    return decided(service, login, round_id, body, key=idempotency_key, fingerprint=fingerprint)


@router.get("/{round_id}", summary="A round's full record")
def get_round(round_id: RoundId, service: ServiceDep, login: CurrentLogin) -> RoundRecordOut:
    """Cards in order, decisions, events (to replay it step by step), wagers, ledger entries."""
    record = service.records.round_record(login.player_id, round_id)
    data = record.to_dict()
    data["entries"] = label_entries(data["entries"], {record.summary.id: record})
    return RoundRecordOut.model_validate(data)


@router.get("/{round_id}/scenario", summary="A finished round as a scenario file")
def get_scenario(round_id: RoundId, service: ServiceDep, login: CurrentLogin) -> dict[str, Any]:
    """The scenario (SPEC section 10) that ``twentyone replay`` reproduces exactly."""
    return service.records.export_scenario(login.player_id, round_id)
