"""The request dependencies: the table service, the accounts and the session's login.

Route functions take them as ``Annotated`` parameters; tests replace the service by building
the app with their own (``create_app(service)``), e.g. one dealing from a scripted shoe.
"""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from twentyone.server.accounts import Accounts, Login
from twentyone.server.settings import RtpProvider, ServerSettings
from twentyone.server.throttle import Throttles
from twentyone.store.service import TableService


def get_service(request: Request) -> TableService:
    """The table service of this app."""
    return cast(TableService, request.app.state.service)


def get_accounts(request: Request) -> Accounts:
    """The accounts store of this app."""
    return cast(Accounts, request.app.state.accounts)


def get_settings(request: Request) -> ServerSettings:
    """The server settings of this app."""
    return cast(ServerSettings, request.app.state.settings)


def get_throttles(request: Request) -> Throttles:
    """The throttles of this app (new guests, password hashes)."""
    return cast(Throttles, request.app.state.throttles)


def client_address(request: Request) -> str:
    """The client's address (Uvicorn puts a trusted proxy's ``X-Forwarded-For`` there)."""
    return request.client.host if request.client is not None else "unknown"


def get_rtp(request: Request) -> RtpProvider:
    """The theoretical-return provider of this app."""
    return cast(RtpProvider, request.app.state.rtp)


def session_token(request: Request) -> str | None:
    """The session cookie's token, if the request carries one."""
    return request.cookies.get(get_settings(request).cookie_name)


ServiceDep = Annotated[TableService, Depends(get_service)]
AccountsDep = Annotated[Accounts, Depends(get_accounts)]
SettingsDep = Annotated[ServerSettings, Depends(get_settings)]
ThrottlesDep = Annotated[Throttles, Depends(get_throttles)]
RtpDep = Annotated[RtpProvider, Depends(get_rtp)]
TokenDep = Annotated[str | None, Depends(session_token)]


def current_login(accounts: AccountsDep, token: TokenDep) -> Login:
    """The session's login, or ``401 not-authenticated``."""
    return accounts.login_of(token)


CurrentLogin = Annotated[Login, Depends(current_login)]
