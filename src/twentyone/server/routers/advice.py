"""The play advisor at the table and in the history.

``GET /api/rounds/{id}/advice``: the value of every action offered now in the round in progress,
computed from the player's view only (the engine's view: no hole card, no shoe).
``GET /api/rounds/{id}/review``: every decision of a finished round valued from its record, with
what each mistake cost; ``GET /api/advice/summary``: their total over the player's latest rounds;
``GET /api/advice/rounds``: each round's cost for a page of the history.
``POST /api/advice/training``: turn the player's training mode on or off (kept with the account,
shown as ``training`` in ``GET /api/auth/me``).
Hints and reviews are refused with ``403 advice-off`` where the game's catalogue entry turns the
advisor off (``advisor = false``); the summary leaves such games out.

:func:`warm_up` builds what the hints of every game need in a background thread when the server
starts (start-up does not wait for it).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query

from twentyone.analysis.advice_round import RoundReview, advice_for, review
from twentyone.analysis.advisor import warm
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules
from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.schemas import MAX_COUNT, Input, Schema
from twentyone.store.service import TableService
from twentyone.variants import all_variants, find_variant

router = APIRouter(prefix="/api/rounds", tags=["advice"])
stats_router = APIRouter(prefix="/api/advice", tags=["advice"])

RoundId = Annotated[str, Path(min_length=1, max_length=64, description="A round id")]


class AdviceOffError(TwentyoneError):
    """The game's operator has switched the advisor off."""

    code = "advice-off"


class NoDecisionError(TwentyoneError):
    """The round asks no decision now."""

    code = "no-decision"


def _advisor_on(variant: str) -> bool:
    try:
        return find_variant(variant).advisor
    except TwentyoneError:
        return True


def _check_on(variant: str) -> None:
    if not _advisor_on(variant):
        raise AdviceOffError(f"the advisor is switched off for {variant}")


@lru_cache(maxsize=4096)
def _reviewed(round_id: str, record: str) -> RoundReview:
    """The review of a settled round's record (a settled record never changes)."""
    del round_id
    data = json.loads(record)
    return review(
        {
            "rules": data["rules"],
            "bets": data["bets"],
            "cards": data["cards"],
            "actions": data["decisions"],
        }
    )


_SETTLED: OrderedDict[tuple[str, str], tuple[str, RoundReview]] = OrderedDict()
"""(variant, review) of settled rounds by (player, round): a settled round never changes, so a
history page's rounds are read from the store once per process (the latest 4096 kept)."""
_SETTLED_LOCK = threading.Lock()


def _review_of(service: TableService, player_id: str, round_id: str) -> RoundReview:
    """The player's settled round reviewed (``409 no-decision`` for any other)."""
    key = (player_id, round_id)
    with _SETTLED_LOCK:
        known = _SETTLED.get(key)
        if known is not None:
            _SETTLED.move_to_end(key)
    if known is not None:
        _check_on(known[0])  # the operator may have switched the advisor off since
        return known[1]
    data = service.records.round_record(player_id, round_id).to_dict()
    if data.get("status") != "settled":
        status = data.get("status")
        raise NoDecisionError(f"round {round_id} is {status}: only a settled round is reviewed")
    _check_on(str(data.get("variant", "")))
    keep = {k: data[k] for k in ("rules", "bets", "cards", "decisions")}
    result = _reviewed(round_id, json.dumps(keep, sort_keys=True))
    with _SETTLED_LOCK:
        _SETTLED[key] = (str(data.get("variant", "")), result)
        while len(_SETTLED) > 4096:
            _SETTLED.popitem(last=False)
    return result


@router.get("/{round_id}/advice", summary="The value of every move offered now")
def get_advice(round_id: RoundId, service: ServiceDep, login: CurrentLogin) -> dict[str, Any]:
    """Each offered action's expected value per unit of the hand's bet, the best one and the
    basic strategy's. Refused: another round than the one in progress (``404 unknown-round``),
    no decision asked (``409 no-decision``), hints off for the game (``403 advice-off``)."""
    state = service.play.current_round(login.player_id)
    if state is None or state.round_id != round_id:
        service.records.round_record(login.player_id, round_id)  # 404 for a round not the player's
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
    result = _review_of(service, login.player_id, round_id)
    return {"round_id": round_id, **result.to_dict()}


def _reviews(
    service: TableService, player_id: str, offset: int, limit: int
) -> list[tuple[str, RoundReview]]:
    """The reviews of a page of the player's history (newest first): its settled rounds of
    games with hints (each review is computed once per process, then cached)."""
    page = service.records.history(player_id, offset=offset, limit=limit)
    return [
        (summary.id, _review_of(service, player_id, summary.id))
        for summary in page.rounds
        if summary.status == "settled" and _advisor_on(summary.variant)
    ]


@stats_router.get("/summary", summary="What mistakes cost over the player's last rounds")
def get_summary(
    service: ServiceDep,
    login: CurrentLogin,
    limit: Annotated[int, Query(ge=1, le=100, description="Latest rounds to look at")] = 50,
) -> dict[str, Any]:
    """Over the player's latest ``limit`` rounds, the settled ones of games with hints: how
    many decisions, how many were not the best play, and their total cost in expected value
    (minor units, and bets)."""
    rounds = decisions = mistakes = 0
    cost_money = cost_bets = 0.0
    for _, result in _reviews(service, login.player_id, 0, limit):
        rounds += 1
        decisions += len(result.decisions)
        mistakes += result.mistakes
        cost_money += result.cost_money
        cost_bets += result.cost_bets
    return {
        "rounds": rounds,
        "decisions": decisions,
        "mistakes": mistakes,
        "cost_money": cost_money,
        "cost_bets": cost_bets,
        "limit": limit,
    }


@stats_router.get("/rounds", summary="What mistakes cost in each round of a history page")
def get_rounds(
    service: ServiceDep,
    login: CurrentLogin,
    offset: Annotated[int, Query(ge=0, le=MAX_COUNT, description="Rounds to skip")] = 0,
    limit: Annotated[int, Query(ge=1, le=100, description="Rounds to look at")] = 25,
) -> dict[str, Any]:
    """For the page of ``GET /api/history`` with the same ``offset`` and ``limit``: each
    settled round of a game with hints, with its decisions, how many were not the best play
    and what they cost in expected value (minor units, and bets). Rounds of other games and
    unfinished rounds are left out."""
    return {
        "offset": offset,
        "limit": limit,
        "rounds": [
            {
                "round_id": round_id,
                "decisions": len(result.decisions),
                "mistakes": result.mistakes,
                "cost_money": result.cost_money,
                "cost_bets": result.cost_bets,
            }
            for round_id, result in _reviews(service, login.player_id, offset, limit)
        ],
    }


class TrainingIn(Input):
    """Training mode on (``true``) or off (``false``)."""

    on: bool


class TrainingOut(Schema):
    """The player's training mode now."""

    training: bool


@stats_router.post("/training", summary="Turn training mode on or off")
def set_training(body: TrainingIn, service: ServiceDep, login: CurrentLogin) -> TrainingOut:
    """Training mode is a player setting kept with the account (a guest's with the guest
    account, for as long as its session lasts): with it on, the table points out a move that
    is not the best play before it is sent, with the option to take it back."""
    return TrainingOut(training=service.training.set(login.player_id, body.on))


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
    return Rules.from_dict(service.records.round_record(player_id, round_id).rules)


def _warm_every_game() -> None:
    for variant in all_variants():
        if variant.advisor:
            try:
                warm(variant.rules)
            except Exception:  # a game that cannot be warmed is warmed by its first hint
                logging.getLogger(__name__).exception("advisor warm-up of %s", variant.name)


def warm_up() -> threading.Thread:
    """Warm the advisor up for every game that offers hints, in a background thread (the
    basic-strategy charts, the hands of each shoe, the dealer's tables: a second or two per
    game), so that the first hints need not build them. Returns the thread."""
    thread = threading.Thread(target=_warm_every_game, name="advisor-warm-up", daemon=True)
    thread.start()
    return thread


__all__ = [
    "AdviceOffError",
    "NoDecisionError",
    "TrainingIn",
    "TrainingOut",
    "router",
    "stats_router",
    "warm_up",
]
