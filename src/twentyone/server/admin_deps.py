"""The back office's request dependencies: the administrator of the request's admin cookie.

A request without a live administrator session is refused ``401 admin-not-authenticated``
before anything is read: a player's session cookie is not looked at, and a forged admin
cookie finds no session.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from twentyone.server.admin_auth import AdminAuth
from twentyone.server.settings import ServerSettings
from twentyone.store.admin import AdminInfo


async def get_admin_auth(request: Request) -> AdminAuth:
    """The app's administrator logins."""
    return cast(AdminAuth, request.app.state.admin_auth)


def admin_token(request: Request) -> str | None:
    """The admin cookie's token, if the request carries one."""
    settings = cast(ServerSettings, request.app.state.settings)
    return request.cookies.get(settings.admin_cookie_name)


def current_admin(request: Request) -> AdminInfo:
    """The request's administrator, or ``401 admin-not-authenticated``."""
    return cast(AdminAuth, request.app.state.admin_auth).admin_of(admin_token(request))


AdminAuthDep = Annotated[AdminAuth, Depends(get_admin_auth)]
AdminTokenDep = Annotated[str | None, Depends(admin_token)]
CurrentAdmin = Annotated[AdminInfo, Depends(current_admin)]
