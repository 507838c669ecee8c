"""Player protection: limits, time-out, self-exclusion and the reality check (GLI-19 appendix A,
UKGC RTS 12–14). The rules are the store's (:mod:`twentyone.store.protection`): the deal and the
decisions refuse what breaks them; this router only reads and sets them."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter
from pydantic import Field

from twentyone.server.deps import CurrentLogin, ServiceDep
from twentyone.server.schemas import MAX_MONEY, Input, Schema

router = APIRouter(prefix="/api/protection", tags=["protection"])

Kind = Literal["loss", "stake"]
Period = Literal["24h", "7d", "30d"]


class PendingOut(Schema):
    """A higher limit (``amount``; ``None``: removed) that applies ``from`` this time."""

    amount: int | None
    from_: str = Field(alias="from")


class LimitOut(Schema):
    """One limit: the amount in force (``None``: none), what its window has used (loss:
    staked − returned; stake: staked) and what is left, and a pending change."""

    kind: Kind
    period: Period
    amount: int | None
    used: int | None
    left: int | None
    pending: PendingOut | None


class BreakOut(Schema):
    """A break in force: until when, set when."""

    until: str
    set_at: str | None


class RealityCheckOut(Schema):
    """The reality-check interval (``None``: off), when it falls due, whether it is due."""

    minutes: int | None
    due_at: str | None
    due: bool


class SessionOut(Schema):
    """The web session: its start, elapsed seconds, and what it staked and returned."""

    started_at: str
    elapsed_seconds: int
    staked: int
    returned: int
    net: int


class ProtectionOut(Schema):
    """The player's protection settings and session (times ISO 8601 UTC, money minor units)."""

    player_id: str
    now: str
    limits: list[LimitOut]
    time_out: BreakOut | None
    self_exclusion: BreakOut | None
    play_blocked_until: str | None
    reality_check: RealityCheckOut
    session: SessionOut | None


class LimitIn(Input):
    """Set a ``kind`` limit over ``period`` to ``amount`` (minor units), or remove it (``null``).
    A lower limit applies at once; a higher one, or a removal, after 24 hours."""

    kind: Kind
    period: Period
    amount: Annotated[int, Field(gt=0, le=MAX_MONEY)] | None


class RealityCheckIn(Input):
    """A reality check every ``minutes`` (15, 30 or 60) of a session, or none (``null``)."""

    minutes: Literal[15, 30, 60] | None


class BreakIn(Input):
    """A time-out of ``length`` days (1, 7, 30) or a self-exclusion of ``length`` months (6,
    12, 24, 60), from now; it cannot be shortened or lifted early."""

    kind: Literal["time-out", "self-exclusion"]
    length: Annotated[int, Field(gt=0, le=60)]


def _out(status: dict[str, Any]) -> ProtectionOut:
    return ProtectionOut.model_validate(status)


@router.get("", summary="Limits, breaks, reality check and the session")
def status(service: ServiceDep, login: CurrentLogin) -> ProtectionOut:
    """What is in force and pending (with when it takes effect), and the session's elapsed time,
    stake, return and net."""
    return _out(service.protection.status(login.player_id))


@router.post("/limits", summary="Set or remove a loss or stake limit")
def set_limit(body: LimitIn, service: ServiceDep, login: CurrentLogin) -> ProtectionOut:
    """A lower (or first) limit applies at once; a higher one or a removal after 24 hours."""
    return _out(service.protection.set_limit(login.player_id, body.kind, body.period, body.amount))


@router.post("/reality-check", summary="Set the reality-check interval")
def set_reality_check(
    body: RealityCheckIn, service: ServiceDep, login: CurrentLogin
) -> ProtectionOut:
    """Every ``minutes`` of the session the next deal waits for the notice to be acknowledged."""
    return _out(service.protection.set_reality_check(login.player_id, body.minutes))


@router.post(
    "/reality-check/acknowledge",
    summary="Acknowledge the reality check",
)
def acknowledge(service: ServiceDep, login: CurrentLogin) -> ProtectionOut:
    """The player read the session's summary: play goes on, the next check an interval on."""
    return _out(service.protection.acknowledge(login.player_id))


@router.post("/break", summary="Take a time-out or exclude yourself")
def take_break(body: BreakIn, service: ServiceDep, login: CurrentLogin) -> ProtectionOut:
    """From now no new round is dealt (a round in progress may finish) until the break ends."""
    return _out(service.protection.take_break(login.player_id, body.kind, body.length))
