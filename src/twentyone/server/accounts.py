"""Accounts and sessions: guests, registration, login and logout on the store's database.

A visitor without a session gets a guest player (a play-money account) at once. Registering
attaches a username and password to the session's guest, so its balance and history stay
with it; logging in switches the session to the account's player. A session is a random
token in an HttpOnly cookie; the database keeps only its SHA-256.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import bindparam, delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from twentyone.server.errors import (
    AlreadyRegisteredError,
    InvalidCredentialsError,
    NotAuthenticatedError,
    UsernameTakenError,
)
from twentyone.server.models import AccountRow, SessionRow
from twentyone.server.passwords import DUMMY_HASH, hash_password, verify_password
from twentyone.store.db import READ_ONLY
from twentyone.store.service import TableService

_LOGIN = (
    select(SessionRow.player_id, SessionRow.expires_at, AccountRow.username)
    .outerjoin(AccountRow, AccountRow.player_id == SessionRow.player_id)
    .where(SessionRow.token_hash == bindparam("token_hash"))
)
"""A session's player, expiry and (registered accounts) username, in one read."""


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def username_key(username: str) -> str:
    """The form usernames are unique in (``Alice`` and ``alice`` are one account)."""
    return username.strip().casefold()


@dataclass(frozen=True, slots=True)
class Login:
    """Who a session belongs to: the player id and, for a registered account, its username."""

    player_id: str
    username: str | None


@dataclass(frozen=True, slots=True)
class NewSession:
    """A session just opened: the token for the cookie and who it logs in."""

    token: str
    login: Login


class Accounts:
    """Credentials and sessions next to the table service's players."""

    def __init__(
        self, service: TableService, *, session_days: int = 30, password_cost: int | None = None
    ) -> None:
        """Use ``service``'s database; sessions last ``session_days``."""
        self.service = service
        self.session_days = session_days
        self._cost = password_cost
        self._sessions = sessionmaker(service.engine, expire_on_commit=False)
        # Looking a session up only reads: on SQLite it waits for no writer.
        self._reads = service.engine.execution_options(**READ_ONLY)

    def _hash(self, password: str) -> str:
        return (
            hash_password(password) if self._cost is None else hash_password(password, n=self._cost)
        )

    def _open(self, session: Session, player_id: str) -> str:
        token = secrets.token_urlsafe(32)
        now = _now()
        session.add(
            SessionRow(
                token_hash=_token_hash(token),
                player_id=player_id,
                created_at=now,
                expires_at=now + timedelta(days=self.session_days),
            )
        )
        return token

    # -- sessions ------------------------------------------------------------------------------

    def login_of(self, token: str | None) -> Login:
        """The login of a session token, or :class:`NotAuthenticatedError`."""
        if not token:
            raise NotAuthenticatedError("no session: start one with POST /api/auth/guest")
        with self._reads.connect() as conn:
            row = conn.execute(_LOGIN, {"token_hash": _token_hash(token)}).first()
        if row is None or row.expires_at <= _now():
            raise NotAuthenticatedError("the session has expired or was closed: log in again")
        return Login(row.player_id, row.username)

    def guest(self) -> NewSession:
        """A new guest player with the opening play-money grant, and a session for it."""
        player = self.service.accounts.create_player(f"guest-{secrets.token_hex(8)}")
        with self._sessions.begin() as session:
            token = self._open(session, player.id)
        return NewSession(token, Login(player.id, None))

    def logout(self, token: str | None) -> None:
        """Close the session (unknown tokens are ignored)."""
        if not token:
            return
        with self._sessions.begin() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _token_hash(token)))

    # -- accounts ------------------------------------------------------------------------------

    def register(self, token: str | None, username: str, password: str) -> NewSession:
        """Give the session's guest player a login (a new player when there is no session).

        The old session is replaced by a new one (a fresh token after a privilege change).
        """
        login: Login | None = None
        if token:
            try:
                login = self.login_of(token)
            except NotAuthenticatedError:
                login = None
        if login is not None and login.username is not None:
            raise AlreadyRegisteredError(f"you are logged in as {login.username}: log out first")
        key = username_key(username)
        hashed = self._hash(password)
        with self._sessions.begin() as session:
            taken = session.scalars(
                select(AccountRow.player_id).where(AccountRow.username_key == key)
            )
            if taken.first() is not None:
                raise UsernameTakenError(f"the username {username!r} is taken")
        if login is None:
            login = Login(
                self.service.accounts.create_player(f"user-{secrets.token_hex(8)}").id, None
            )
        now = _now()
        try:
            with self._sessions.begin() as session:
                session.add(
                    AccountRow(
                        player_id=login.player_id,
                        username=username.strip(),
                        username_key=key,
                        password_hash=hashed,
                        created_at=now,
                        updated_at=now,
                    )
                )
                session.flush()
                if token:
                    session.execute(
                        delete(SessionRow).where(SessionRow.token_hash == _token_hash(token))
                    )
                new_token = self._open(session, login.player_id)
        except IntegrityError:
            raise UsernameTakenError(f"the username {username!r} is taken") from None
        return NewSession(new_token, Login(login.player_id, username.strip()))

    def login(self, token: str | None, username: str, password: str) -> NewSession:
        """Check the password and open a session for the account's player."""
        key = username_key(username)
        with self._sessions.begin() as session:
            account = session.scalars(
                select(AccountRow).where(AccountRow.username_key == key)
            ).first()
            stored = DUMMY_HASH if account is None else account.password_hash
        matches = verify_password(password, stored)
        if account is None or not matches:
            raise InvalidCredentialsError("the username or the password is wrong")
        with self._sessions.begin() as session:
            if token:
                session.execute(
                    delete(SessionRow).where(SessionRow.token_hash == _token_hash(token))
                )
            new_token = self._open(session, account.player_id)
        return NewSession(new_token, Login(account.player_id, account.username))

    def sweep_sessions(self) -> int:
        """Delete expired sessions; returns how many."""
        with self._sessions.begin() as session:
            result = session.execute(delete(SessionRow).where(SessionRow.expires_at <= _now()))
            return int(getattr(result, "rowcount", 0) or 0)
