"""The back office's rounds: search by id, player, game, time and status; a round's full
record (the same record the player's replay draws); void and refund an unfinished round."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query

from twentyone.server.admin_deps import CurrentAdmin
from twentyone.server.deps import ServiceDep
from twentyone.server.labels import label_entries
from twentyone.server.routers.admin_players import ReasonIn
from twentyone.store.backoffice import RoundFilter

router = APIRouter(prefix="/api/admin/rounds", tags=["back office"])

RoundId = Annotated[str, Path(min_length=1, max_length=32, pattern="^[0-9a-f]+$")]


@router.get("", summary="Find rounds")
def search(
    service: ServiceDep,
    admin: CurrentAdmin,
    round_id: Annotated[str | None, Query(max_length=32, pattern="^[0-9a-fA-F]*$")] = None,
    player: Annotated[str | None, Query(max_length=100)] = None,
    variant: Annotated[str | None, Query(max_length=64)] = None,
    status: Literal["open", "settled", "void"] | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> dict[str, Any]:
    """Rounds matching every filter given (an id by its first characters; a player by name,
    login or id; ``since`` ≤ start < ``until``), newest first."""
    wanted = RoundFilter(round_id or None, player or None, variant or None, status, since, until)
    found, total = service.backoffice.rounds(wanted, offset=offset, limit=limit)
    return {"rounds": found, "total": total, "offset": offset, "limit": limit}


@router.get("/{round_id}", summary="A round's full record")
def record(service: ServiceDep, admin: CurrentAdmin, round_id: RoundId) -> dict[str, Any]:
    """Rules, bets, cards, decisions, every event and ledger entry, and the player (a round in
    progress shows only the cards its player has seen)."""
    found, player_id = service.backoffice.round(round_id)
    account = service.backoffice.player(player_id)
    data = found.to_dict()
    data["entries"] = label_entries(data["entries"], {found.summary.id: found})
    return {
        **data,
        "player_id": player_id,
        "player_name": account["name"],
        "username": account["username"],
    }


@router.post("/{round_id}/void", summary="Void and refund an unfinished round")
def void(
    service: ServiceDep, admin: CurrentAdmin, round_id: RoundId, body: ReasonIn
) -> dict[str, Any]:
    """Every posting of the round is reversed (its stakes refunded, anything paid taken
    back), with the reason; audited. A finished round: ``409 round-not-open``."""
    return service.admin.void_round(admin, round_id, body.reason).to_dict()
