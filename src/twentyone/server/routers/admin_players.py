"""The back office's players: search, the account (balance, VIP level, lock, limits and
exclusions), its ledger, and the audited changes (VIP level, lock, unlock)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, Field

from twentyone.server.admin_deps import CurrentAdmin
from twentyone.server.deps import ServiceDep
from twentyone.server.labels import label_entries, statement_records

router = APIRouter(prefix="/api/admin/players", tags=["back office"])

PlayerId = Annotated[str, Path(min_length=1, max_length=32, pattern="^[0-9a-f]+$")]
Offset = Annotated[int, Query(ge=0, le=1_000_000)]


class ReasonIn(BaseModel):
    """Why (a few words; kept in the audit log)."""

    reason: str = Field(min_length=1, max_length=500)


class LevelIn(BaseModel):
    """The VIP level to move the player to, and why."""

    level: str = Field(min_length=1, max_length=32)
    reason: str = Field(min_length=1, max_length=500)


@router.get("", summary="Find players")
def search(
    service: ServiceDep,
    admin: CurrentAdmin,
    q: Annotated[str, Query(max_length=100)] = "",
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> dict[str, Any]:
    """Players whose name, login or id matches ``q`` (every player when empty), newest first."""
    found, total = service.backoffice.players(q, offset=offset, limit=limit)
    return {
        "players": [p.to_dict() for p in found],
        "total": total,
        "offset": offset,
        "limit": limit,
    }


def _account(service: Any, player_id: str) -> dict[str, Any]:
    return {
        **service.backoffice.player(player_id),
        "lock": service.admin.lock_state(player_id),
        "protection": service.protection.status(player_id),
    }


@router.get("/{player_id}", summary="A player's account")
def player(service: ServiceDep, admin: CurrentAdmin, player_id: PlayerId) -> dict[str, Any]:
    """Balance, VIP level and limits, login, lock, limits and exclusions, totals."""
    return _account(service, player_id)


@router.get("/{player_id}/statement", summary="A player's ledger, oldest first")
def statement(
    service: ServiceDep,
    admin: CurrentAdmin,
    player_id: PlayerId,
    offset: Offset = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """Every balance change of the player with its label; reconciles to the balance."""
    page = service.records.statement(player_id, offset=offset, limit=limit)
    data = page.to_dict()
    records = statement_records(service, player_id, (e.round_id for e in page.entries))
    data["entries"] = label_entries(data["entries"], records)
    return data


@router.post("/{player_id}/vip-level", summary="Change a player's VIP level")
def vip_level(
    service: ServiceDep, admin: CurrentAdmin, player_id: PlayerId, body: LevelIn
) -> dict[str, Any]:
    """Move the player to another level (its limits apply from the next deal); audited."""
    service.admin.set_vip_level(admin, player_id, body.level, body.reason)
    return _account(service, player_id)


@router.post("/{player_id}/lock", summary="Lock a player")
def lock(
    service: ServiceDep, admin: CurrentAdmin, player_id: PlayerId, body: ReasonIn
) -> dict[str, Any]:
    """The player can no longer log in or deal (a round in progress can be voided); audited."""
    service.admin.lock(admin, player_id, body.reason)
    return _account(service, player_id)


@router.post("/{player_id}/unlock", summary="Unlock a player")
def unlock(
    service: ServiceDep, admin: CurrentAdmin, player_id: PlayerId, body: ReasonIn
) -> dict[str, Any]:
    """The player can log in and play again; audited."""
    service.admin.unlock(admin, player_id, body.reason)
    return _account(service, player_id)
