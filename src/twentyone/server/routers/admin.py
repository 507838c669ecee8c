"""The back office: administrator login and logout, the audit log, the VIP levels, and the
page itself (``/admin``: its own ES modules under ``static/admin``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response, status
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from twentyone.server.admin_auth import ADMIN_COOKIE_PATH
from twentyone.server.admin_deps import AdminAuthDep, AdminTokenDep, CurrentAdmin
from twentyone.server.deps import ServiceDep, SettingsDep, ThrottlesDep, client_address
from twentyone.server.security import is_secure

STATIC = Path(__file__).resolve().parents[1] / "static"
router = APIRouter(prefix="/api/admin", tags=["back office"])
pages = APIRouter(include_in_schema=False)


class AdminLoginIn(BaseModel):
    """An administrator's name and password."""

    name: str = Field(min_length=1, max_length=100)
    password: str = Field(min_length=1, max_length=200)


@pages.get("/admin")
def back_office() -> FileResponse:
    """The back office's page."""
    return FileResponse(STATIC / "admin" / "index.html", headers={"Cache-Control": "no-cache"})


@router.post("/login", summary="Log in to the back office")
async def login(
    *,
    body: AdminLoginIn,
    request: Request,
    response: Response,
    auth: AdminAuthDep,
    settings: SettingsDep,
    throttles: ThrottlesDep,
) -> dict[str, Any]:
    """Check the administrator's password and open a back-office session (its own cookie).
    Failed logins are throttled: ``429 login-locked`` with ``Retry-After``."""
    client = client_address(request)
    auth.check_lock(body.name, client)
    token, admin = await throttles.hashes.run(lambda: auth.login(body.name, body.password, client))
    response.set_cookie(
        settings.admin_cookie_name,
        token,
        max_age=settings.admin_session_minutes * 60,
        path=ADMIN_COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=is_secure(request.scope, settings),
    )
    return admin.to_dict()


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT, summary="Log out")
def logout(
    request: Request, auth: AdminAuthDep, settings: SettingsDep, token: AdminTokenDep
) -> Response:
    """End the back-office session and clear its cookie."""
    auth.logout(token)
    response = Response(status_code=status.HTTP_204_NO_CONTENT)
    response.delete_cookie(
        settings.admin_cookie_name,
        path=ADMIN_COOKIE_PATH,
        httponly=True,
        samesite="strict",
        secure=is_secure(request.scope, settings),
    )
    return response


@router.get("/me", summary="The administrator of the session")
def me(admin: CurrentAdmin) -> dict[str, Any]:
    """Who is logged in to the back office."""
    return admin.to_dict()


@router.get("/levels", summary="The VIP levels and their table limits")
def levels(service: ServiceDep, admin: CurrentAdmin) -> list[dict[str, Any]]:
    """Every VIP level a player can be moved to, with its default minimum and maximum bet."""
    config = service.config
    return [
        {"id": name, "min_bet": limits.min_bet, "max_bet": limits.max_bet}
        for name, limits in config.levels.items()
    ]


@router.get("/audit", summary="The audit log, newest first")
def audit_log(
    service: ServiceDep,
    admin: CurrentAdmin,
    target: Annotated[str | None, Query(max_length=64)] = None,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """A page of administrative actions (who, when, what, before and after), with the check of
    the log's hash chain."""
    found, total = service.admin.audit_log(target_id=target, offset=offset, limit=limit)
    check = service.admin.verify_audit()
    return {
        "entries": [e.to_dict() for e in found],
        "total": total,
        "offset": offset,
        "limit": limit,
        "chain": {"entries": check.entries, "head": check.head, "broken_at": check.broken_at},
    }
