"""The play advisor at the table and in the history.

``GET /api/rounds/{id}/advice``: the value of every action offered now in the round in progress,
computed from the player's view only (the engine's view: no hole card, no shoe).
``GET /api/rounds/{id}/review``: every decision of a finished round valued from its record, with
what each mistake cost. Both are refused with ``403 advice-off`` where the game's catalogue entry
turns the advisor off (``advisor = false``).
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Path

from twentyone.analysis.advice_round import advice_for, review
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules
from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.store.service import TableService
from twentyone.variants import find_variant

router = APIRouter(prefix="/api/rounds", tags=["advice"])

RoundId = Annotated[str, Path(min_length=1, max_length=64, description="A round id")]


class AdviceOffError(TwentyoneError):
    """The game's operator has switched the advisor off."""

    code = "advice-off"


class NoDecisionError(TwentyoneError):
    """The round asks no decision now."""

    code = "no-decision"


def _check_on(variant: str) -> None:
    try:
        game = find_variant(variant)
    except TwentyoneError:
        return
    if not game.advisor:
        raise AdviceOffError(f"the advisor is switched off for {game.name}")


@router.get("/{round_id}/advice", summary="The value of every move offered now")
def get_advice(round_id: RoundId, service: ServiceDep, login: CurrentLogin) -> dict[str, Any]:
    """Each offered action's expected value per unit of the hand's bet, the best one and the
    basic strategy's. Refused: another round than the one in progress (``404 unknown-round``),
    no decision asked (``409 no-decision``), hints off for the game (``403 advice-off``)."""
    state = service.current_round(login.player_id)
    if state is None or state.round_id != round_id:
        service.round_record(login.player_id, round_id)  # 404 for a round not the player's
        raise NoDecisionError(f"round {round_id} asks no more decisions")
    _check_on(state.variant)
    rules = _rules(service, login.player_id, round_id, state.variant, state.rules_version)
    view = dataclasses.replace(state.view, legal_actions=state.legal_actions)
    advice = advice_for(rules, view)
    if advice is None or view.current is None:
        raise NoDecisionError(f"round {round_id} asks no decision now")
    spot, hand = view.current
    return {
        "round_id": round_id,
        "step": state.step,
        "spot": spot,
        "hand": hand,
        **advice.to_dict(),
    }


@router.get("/{round_id}/review", summary="A finished round's decisions and what they cost")
def get_review(round_id: RoundId, service: ServiceDep, login: CurrentLogin) -> dict[str, Any]:
    """Every decision valued from the view the player had, the mistakes and their cost in
    expected value (minor units, and bets); only for a finished round (``409 no-decision``
    while it is in progress)."""
    record = service.round_record(login.player_id, round_id)
    data = record.to_dict()
    if data.get("status") != "settled":
        raise NoDecisionError(
            f"round {round_id} is {data.get('status')}: only a settled round is reviewed"
        )
    _check_on(str(data.get("variant", "")))
    result = review(
        {
            "rules": data["rules"],
            "bets": data["bets"],
            "cards": data["cards"],
            "actions": data["decisions"],
        }
    )
    return {"round_id": round_id, **result.to_dict()}


def _rules(
    service: TableService, player_id: str, round_id: str, variant: str, version: str
) -> Rules:
    """The round's rules: the game's, or the record's when the game has changed since."""
    try:
        rules = find_variant(variant).rules
    except TwentyoneError:
        rules = None
    if rules is not None and rules.version() == version:
        return rules
    return Rules.from_dict(service.round_record(player_id, round_id).rules)


__all__ = ["AdviceOffError", "NoDecisionError", "router"]
