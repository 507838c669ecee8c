"""Administrator login for the back office: its own cookie, its own sessions, throttled.

Administrators are not players: a session here is a row of ``admin_sessions`` (the SHA-256 of
the cookie's token), its cookie is ``twentyone_admin`` (HttpOnly, ``SameSite=Strict``, sent
only to ``/api/admin``), and a player's session cookie means nothing to it, nor it to the
player's routes. Failed logins are throttled as the players' are (per name and per client
address, ``429 login-locked``), and each login, logout and refused login (the name tried
and the client address, never the password) goes into the audit log. A session ends
``admin_idle_minutes`` after its last request, and ``admin_session_minutes`` after login at the
latest. Session times come from the store's clock.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from twentyone.server.errors import (
    AdminNotAuthenticatedError,
    InvalidCredentialsError,
    LoginLockedError,
)
from twentyone.server.passwords import DUMMY_HASH, verify_password
from twentyone.server.settings import ServerSettings
from twentyone.server.throttle import Window
from twentyone.store.admin import AdminInfo, name_key
from twentyone.store.service import TableService

ADMIN_COOKIE_PATH = "/api/admin"


def token_hash(token: str) -> str:
    """What the database keeps of a session token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class AdminAuth:
    """Administrator logins and sessions on the table service's database."""

    def __init__(self, service: TableService, settings: ServerSettings) -> None:
        self.service = service
        self.minutes = settings.admin_session_minutes
        idle = settings.admin_idle_minutes
        self.idle = None if idle is None else timedelta(minutes=idle)
        window, lock = settings.login_window_s, settings.login_lock_s
        self.name_failures = Window(settings.login_failures, window, lock)
        self.client_failures = Window(settings.client_failures, window, lock)

    def check_lock(self, name: str, client: str) -> None:
        """:class:`LoginLockedError` while the name or the client address is locked."""
        for window, key in ((self.name_failures, name_key(name)), (self.client_failures, client)):
            left = window.locked_for(key)
            if left is not None:
                raise LoginLockedError(f"too many failed logins: try again in {left} seconds", left)

    def login(self, name: str, password: str, client: str) -> tuple[str, AdminInfo]:
        """Check the password; a new session's token and its administrator."""
        self.check_lock(name, client)
        found = self.service.admin.credentials(name)
        stored = DUMMY_HASH if found is None else found[1]
        matches = verify_password(password, stored)
        if found is None or not matches:
            self.service.admin.failed_login(name, client)
            hits = [self.name_failures.hit(name_key(name)), self.client_failures.hit(client)]
            lock = max((s for s in hits if s is not None), default=None)
            if lock is not None:
                raise LoginLockedError(f"too many failed logins: try again in {lock} seconds", lock)
            raise InvalidCredentialsError("the name or the password is wrong")
        self.name_failures.clear(name_key(name))
        admin = found[0]
        token = secrets.token_urlsafe(32)
        longest = timedelta(minutes=self.minutes)
        expires = self.service.store.now() + (
            longest if self.idle is None else min(self.idle, longest)
        )
        self.service.admin.open_session(admin, token_hash(token), expires)
        return token, admin

    def admin_of(self, token: str | None) -> AdminInfo:
        """The administrator of a live session, or ``401 admin-not-authenticated`` (also once
        the session was idle too long); the request counts as the session's use."""
        if token:
            longest = timedelta(minutes=self.minutes)
            admin = self.service.admin.use_session(token_hash(token), self.idle, longest)
            if admin is not None:
                return admin
        raise AdminNotAuthenticatedError("log in to the back office")

    def logout(self, token: str | None) -> None:
        """End the session (an unknown one is ignored)."""
        if token:
            self.service.admin.close_session(token_hash(token))
