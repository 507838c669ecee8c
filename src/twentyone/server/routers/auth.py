"""Accounts: a guest account at once, register, login, logout, who am I."""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from twentyone.server.accounts import Login, NewSession
from twentyone.server.deps import AccountsDep, CurrentLogin, ServiceDep, SettingsDep, TokenDep
from twentyone.server.errors import NotAuthenticatedError
from twentyone.server.schemas import AccountOut, CredentialsIn
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
        }
    )


def _set_cookie(response: Response, settings: ServerSettings, new: NewSession) -> None:
    response.set_cookie(
        settings.cookie_name,
        new.token,
        max_age=settings.session_days * 86_400,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


@router.post("/guest", summary="Start playing at once (a guest play-money account)")
def guest(
    *,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    token: TokenDep,
) -> AccountOut:
    """The session's account; a visitor without a valid session gets a new guest account
    (with the opening play-money balance) and a session cookie."""
    try:
        return account_out(service, accounts.login_of(token))
    except NotAuthenticatedError:
        pass
    new = accounts.guest()
    _set_cookie(response, settings, new)
    return account_out(service, new.login)


@router.get("/me", summary="The session's account")
def me(service: ServiceDep, login: CurrentLogin) -> AccountOut:
    """Balance, limits, login name and any unfinished round of the session's player."""
    return account_out(service, login)


@router.post("/register", status_code=status.HTTP_201_CREATED, summary="Register a login")
def register(
    *,
    body: CredentialsIn,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    token: TokenDep,
) -> AccountOut:
    """Give the session's guest account a username and password (its balance and history
    stay); without a session a new account is made. The session token is renewed."""
    new = accounts.register(token, body.username, body.password)
    _set_cookie(response, settings, new)
    return account_out(service, new.login)


@router.post("/login", summary="Log in")
def login(
    *,
    body: CredentialsIn,
    response: Response,
    service: ServiceDep,
    accounts: AccountsDep,
    settings: SettingsDep,
    token: TokenDep,
) -> AccountOut:
    """Check the password and switch the session to that account."""
    new = accounts.login(token, body.username, body.password)
    _set_cookie(response, settings, new)
    return account_out(service, new.login)


@router.post("/logout", status_code=status.HTTP_204_NO_CONTENT, summary="Log out")
def logout(accounts: AccountsDep, settings: SettingsDep, token: TokenDep) -> Response:
    """Close the session and clear its cookie."""
    accounts.logout(token)
    response = Response(status_code=status.HTTP_204_NO_CONTENT)
    response.delete_cookie(
        settings.cookie_name,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    return response
