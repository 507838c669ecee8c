"""Accounts: a guest account at once, register, login, logout, who am I.

Logins and registrations hash a password (scrypt, 16 MiB each): they wait for one of the
app's hashing slots on the event loop, and failed logins are throttled per account and per
client address (``429 login-locked`` with ``Retry-After``). New players per client address
are bounded too (``429 too-many-guests``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response, status

from twentyone.server.accounts import Login, NewSession
from twentyone.server.deps import (
    AccountsDep,
    CurrentLogin,
    ServiceDep,
    SettingsDep,
    ThrottlesDep,
    TokenDep,
    client_address,
)
from twentyone.server.errors import NotAuthenticatedError
from twentyone.server.schemas import AccountOut, CredentialsIn, LanguageIn
from twentyone.server.security import is_secure
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

router = APIRouter(prefix="/api/auth", tags=["auth"])


def account_out(service: TableService, login: Login) -> AccountOut:
    """The account view of a login (balance, limits, any unfinished round)."""
    info = service.accounts.get_player(login.player_id).to_dict()
    variant = None
    if info["open_round_id"] is not None:
        current = service.play.current_round(login.player_id)
        if current is not None and not current.is_over:
            variant = current.variant
        else:
            info["open_round_id"] = None
    return AccountOut.model_validate(
        {
            **info,
            "username": login.username,
            "registered": login.username is not None,
            "open_round_variant": variant,
            "starting_balance": service.config.opening_grant,
            "language": service.accounts.language(login.player_id),
            "training": service.training.is_on(login.player_id),
        }
    )


def _set_cookie(
    request: Request, response: Response, settings: ServerSettings, new: NewSession
) -> None:
    response.set_cookie(
        settings.cookie_name,
        new.token,
        max_age=settings.session_days * 86_400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=is_secure(request.scope, settings),
    )


@router.post(
    "/guest",
    summary="Start playing at once (a guest play-money account)",
)
def guest(
    *,
    request: Request,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    throttles: ThrottlesDep,
    token: TokenDep,
) -> AccountOut:
    """The session's account; a visitor without a valid session gets a new guest account
    (with the opening play-money balance) and a session cookie."""
    try:
        return account_out(service, accounts.login_of(token))
    except NotAuthenticatedError:
        pass
    throttles.new_player(client_address(request))
    new = accounts.guest()
    _set_cookie(request, response, settings, new)
    return account_out(service, new.login)


@router.get("/me", summary="The session's account")
def me(service: ServiceDep, login: CurrentLogin) -> AccountOut:
    """Balance, limits, login name and any unfinished round of the session's player."""
    return account_out(service, login)


@router.put("/language", summary="Pick the language the game is shown in")
def set_language(body: LanguageIn, service: ServiceDep, login: CurrentLogin) -> AccountOut:
    """Keep the player's language with the account (``null``: follow the browser again); the
    client then asks for its texts in it (``Accept-Language``)."""
    service.accounts.set_language(login.player_id, body.language)
    return account_out(service, login)


@router.post(
    "/register",
    status_code=status.HTTP_201_CREATED,
    summary="Register a login",
)
async def register(
    *,
    body: CredentialsIn,
    request: Request,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    throttles: ThrottlesDep,
    token: TokenDep,
) -> AccountOut:
    """Give the session's guest account a username and password (its balance and history
    stay); without a session a new account is made. The session token is renewed."""
    client = client_address(request)

    def work() -> AccountOut:
        new = accounts.register(
            token, body.username, body.password, on_new_player=lambda: throttles.new_player(client)
        )
        _set_cookie(request, response, settings, new)
        return account_out(service, new.login)

    return await throttles.hashes.run(work)


@router.post(
    "/login",
    summary="Log in",
)
async def login(
    *,
    body: CredentialsIn,
    request: Request,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    throttles: ThrottlesDep,
    token: TokenDep,
) -> AccountOut:
    """Check the password and switch the session to that account.

    After too many wrong passwords (GLI-19 2.5.3: 3 in 30 minutes by default) the account — and,
    after more, the client address — is locked for a while: ``429 login-locked`` with
    ``Retry-After``, even for the right password."""
    client = client_address(request)
    accounts.check_login_lock(body.username, client)  # before taking a hashing slot

    def work() -> AccountOut:
        new = accounts.login(token, body.username, body.password, client)
        _set_cookie(request, response, settings, new)
        return account_out(service, new.login)

    return await throttles.hashes.run(work)


@router.post(
    "/logout",
    status_code=status.HTTP_204_NO_CONTENT,
    summary="Log out",
)
def logout(
    request: Request, accounts: AccountsDep, settings: SettingsDep, token: TokenDep
) -> Response:
    """Close the session and clear its cookie."""
    accounts.logout(token)
    response = Response(status_code=status.HTTP_204_NO_CONTENT)
    response.delete_cookie(
        settings.cookie_name,
        path="/",
        httponly=True,
        samesite="lax",
        secure=is_secure(request.scope, settings),
    )
    return response
