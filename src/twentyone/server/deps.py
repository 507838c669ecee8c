"""The request dependencies: the table service, the accounts and the session's login.

Route functions take them as ``Annotated`` parameters; tests replace the service by building
the app with their own (``create_app(service)``), e.g. one dealing from a scripted shoe.

Every dependency here is ``async``: FastAPI runs a plain ``def`` dependency in a worker thread
of its own, a hand-off that costs more than the dependency itself. The session lookup, which
reads the database, is deferred to the endpoint's own worker thread (:class:`SessionLogin`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, cast

from fastapi import Depends, Request
from sqlalchemy.sql.expression import ClauseElement

from twentyone.server.accounts import LOGIN, Accounts, Login
from twentyone.server.errors import NotAuthenticatedError
from twentyone.server.settings import RtpProvider, ServerSettings
from twentyone.server.throttle import Throttles
from twentyone.store.service import TableService
from twentyone.store.unit import Unit


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


class SessionLogin(Login):
    """The session's login, looked up when it is first asked for.

    The endpoints that take it run in a worker thread, and so does the lookup then: one
    hand-off to a thread per request instead of two (the dependency's own and the endpoint's).
    A play request looks it up in its own transaction (:meth:`player_in`, from
    :func:`~twentyone.server.idempotency.once`), in one read with the request's
    ``Idempotency-Key`` record: no connection of its own, no statement more.
    """

    __slots__ = ("_accounts", "_found", "_token")
    _accounts: Accounts
    _found: Login | None
    _token: str

    def __init__(self, accounts: Accounts, token: str) -> None:
        object.__setattr__(self, "_accounts", accounts)
        object.__setattr__(self, "_token", token)
        object.__setattr__(self, "_found", None)

    def _login(self) -> Login:
        found: Login | None = self._found
        if found is None:
            found = self._accounts.login_of(self._token)
            object.__setattr__(self, "_found", found)
        return found

    @property
    def player_id(self) -> str:
        return self._login().player_id

    def player_in(
        self, unit: Unit, read: ClauseElement = LOGIN, params: Mapping[str, Any] | None = None
    ) -> tuple[str | None, list[Any] | None]:
        found: Login | None = self._found
        if found is not None:
            return found.player_id, None
        found, rest = self._accounts.login_in(unit, self._token, read, params)
        if found is None:
            return None, rest
        object.__setattr__(self, "_found", found)
        return found.player_id, rest

    @property
    def username(self) -> str | None:
        return self._login().username


async def current_login(request: Request) -> Login:
    """The session's login (``401 not-authenticated`` without a session cookie at once; with
    one that is not a live session, when the endpoint first asks who it is)."""
    state = request.app.state
    token = request.cookies.get(cast(ServerSettings, state.settings).cookie_name)
    if not token:
        raise NotAuthenticatedError("no session: start one with POST /api/auth/guest")
    return SessionLogin(cast(Accounts, state.accounts), token)


CurrentLogin = Annotated[Login, Depends(current_login)]
