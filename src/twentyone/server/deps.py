"""The request dependencies: the table service, the accounts and the session's login.

Route functions take them as ``Annotated`` parameters; tests replace the service by building
the app with their own (``create_app(service)``), e.g. one dealing from a scripted shoe.

The dependencies that only read the app's state are ``async``: FastAPI runs a plain ``def``
dependency in the thread pool, a hand-off that costs more than the dependency itself. Only the
session lookup, which reads the database, runs in a worker thread.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from twentyone.server.accounts import Accounts, Login
from twentyone.server.settings import RtpProvider, ServerSettings
from twentyone.server.throttle import Throttles
from twentyone.store.service import TableService


async def get_service(request: Request) -> TableService:
    """The table service of this app."""
    return cast(TableService, request.app.state.service)


async def get_accounts(request: Request) -> Accounts:
    """The accounts store of this app."""
    return cast(Accounts, request.app.state.accounts)


async def get_settings(request: Request) -> ServerSettings:
    """The server settings of this app."""
    return cast(ServerSettings, request.app.state.settings)


async def get_throttles(request: Request) -> Throttles:
    """The throttles of this app (new guests, password hashes)."""
    return cast(Throttles, request.app.state.throttles)


def client_address(request: Request) -> str:
    """The client's address (Uvicorn puts a trusted proxy's ``X-Forwarded-For`` there)."""
    return request.client.host if request.client is not None else "unknown"


async def get_rtp(request: Request) -> RtpProvider:
    """The theoretical-return provider of this app."""
    return cast(RtpProvider, request.app.state.rtp)


async def session_token(request: Request) -> str | None:
    """The session cookie's token, if the request carries one."""
    return request.cookies.get(cast(ServerSettings, request.app.state.settings).cookie_name)


ServiceDep = Annotated[TableService, Depends(get_service)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
SettingsDep = Annotated[ServerSettings, Depends(get_settings)]
ThrottlesDep = Annotated[Throttles, Depends(get_throttles)]
RtpDep = Annotated[RtpProvider, Depends(get_rtp)]
TokenDep = Annotated[str | None, Depends(session_token)]


def current_login(request: Request) -> Login:
    """The session's login, or ``401 not-authenticated``.

    It reads the app's state itself rather than through the dependencies above: each
    dependency FastAPI resolves costs more than what it does.
    """
    state = request.app.state
    token = request.cookies.get(cast(ServerSettings, state.settings).cookie_name)
    return cast(Accounts, state.accounts).login_of(token)


CurrentLogin = Annotated[Login, Depends(current_login)]
