"""Accounts and sessions: guests, registration, login and logout on the store's database.

A visitor without a session gets a guest player (a play-money account) at once. Registering
attaches a username and password to the session's guest, so its balance and history stay
with it; logging in switches the session to the account's player. A session is a random
token in an HttpOnly cookie; the database keeps only its SHA-256.

A registered player's session ends after ``idle_minutes`` without a request
(:class:`~twentyone.server.settings.ServerSettings`; ``session-idle``: log in again). The last
request is recorded to the minute (a write at most once a minute per session), so the session
ends between ``idle_minutes − 1`` and ``idle_minutes`` after the last request, never later. A
guest has no password to log in again with: its session stays, but its play session (the session
bar's clock and sums, the reality check: :mod:`twentyone.store.protection`) starts anew. Logging
in (or a new guest) starts a play session; logging out ends it. Time is the store's injected
clock.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.expression import ClauseElement

from twentyone.server.errors import (
    AlreadyRegisteredError,
    InvalidCredentialsError,
    LoginLockedError,
    NotAuthenticatedError,
    SessionIdleError,
    UsernameTakenError,
)
from twentyone.server.models import AccountRow, SessionRow
from twentyone.server.passwords import DUMMY_HASH, hash_password, verify_password
from twentyone.server.settings import ServerSettings
from twentyone.server.throttle import Window
from twentyone.store import db
from twentyone.store.admin_models import PlayerLockRow
from twentyone.store.locks import AccountLockedError
from twentyone.store.service import TableService
from twentyone.store.unit import Unit, naive

LOGIN = (
    select(
        SessionRow.player_id,
        SessionRow.expires_at,
        SessionRow.seen_at,
        SessionRow.created_at,
        AccountRow.username,
        PlayerLockRow.player_id.label("locked"),
    )
    .outerjoin(AccountRow, AccountRow.player_id == SessionRow.player_id)
    .outerjoin(PlayerLockRow, PlayerLockRow.player_id == SessionRow.player_id)
    .where(SessionRow.token_hash == bindparam("token_hash"))
)
"""A session's player, expiry, last use, (registered accounts) username and lock, in one read
(by ``token_hash``); a caller may join more of the player's rows to it (:meth:`Login.player_in`)."""
_COLUMNS = len(LOGIN.selected_columns)
_SEEN = (
    update(SessionRow)
    .where(SessionRow.token_hash == bindparam("b_token"))
    .values(seen_at=bindparam("b_seen"))
)
SEEN_STEP = timedelta(minutes=1)
"""How stale a session's recorded last use may get before it is written again."""


def _checked(row: Any, now: datetime) -> tuple[Login, datetime | None]:
    """The login a session row (:data:`LOGIN`) names and its last use, or the refusal."""
    if row is None:
        raise NotAuthenticatedError("the session has expired or was closed: log in again")
    player_id, expires_at, seen, _created_at, username, locked = row
    if expires_at <= now:
        raise NotAuthenticatedError("the session has expired or was closed: log in again")
    if locked is not None:
        raise AccountLockedError("this account is locked by the casino")
    return Login(player_id, username), seen


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

    def player_in(
        self, unit: Unit, read: ClauseElement = LOGIN, params: Mapping[str, Any] | None = None
    ) -> tuple[str | None, list[Any] | None]:
        """The player id, looked up (where it is looked up at all) in the request's own
        transaction ``unit`` — by ``read``, :data:`LOGIN` with more columns joined to it, with
        ``params`` — and the rest of that row (``None``: no lookup ran; the caller reads what
        it needs itself). A player id ``None``: the session needs more than a read — ask
        :attr:`player_id` outside any transaction (:class:`.deps.SessionLogin`)."""
        return self.player_id, None


@dataclass(frozen=True, slots=True)
class NewSession:
    """A session just opened: the token for the cookie and who it logs in."""

    token: str
    login: Login


class Accounts:
    """Credentials and sessions next to the table service's players."""

    def __init__(self, service: TableService, settings: ServerSettings | None = None) -> None:
        """Use ``service``'s database; sessions and login throttles as ``settings`` say."""
        config = settings or ServerSettings()
        self.service = service
        self.session_days = config.session_days
        self.idle = None if config.idle_minutes is None else timedelta(minutes=config.idle_minutes)
        self._store = service.store
        self._driver = service.store.driver
        self._cost = config.password_cost
        self._sessions = sessionmaker(service.engine, expire_on_commit=False)
        window, lock = config.login_window_s, config.login_lock_s
        self.account_failures = Window(config.login_failures, window, lock)
        """Failed logins per username: at the limit the account is locked."""
        self.client_failures = Window(config.client_failures, window, lock)
        """Failed logins per client address: at the limit the client is locked."""
        # Looking a session up is one read: on SQLite it waits for no writer, on PostgreSQL it
        # runs outside a transaction.
        self._reads = db.single_reads(service.engine)

    def _clock(self) -> datetime:
        """The store's clock (injected in tests), as stored: naive UTC."""
        return naive(self._store.clock())

    def _hash(self, password: str) -> str:
        return (
            hash_password(password) if self._cost is None else hash_password(password, n=self._cost)
        )

    def _open(self, session: Session, player_id: str) -> str:
        token = secrets.token_urlsafe(32)
        now = self._clock()
        session.add(
            SessionRow(
                token_hash=_token_hash(token),
                player_id=player_id,
                created_at=now,
                expires_at=now + timedelta(days=self.session_days),
                seen_at=now,
            )
        )
        return token

    # -- sessions ------------------------------------------------------------------------------

    def login_of(self, token: str | None) -> Login:
        """The login of a session token, or :class:`NotAuthenticatedError` (for a registered
        player idle too long, :class:`SessionIdleError`: the session is closed)."""
        if not token:
            raise NotAuthenticatedError("no session: start one with POST /api/auth/guest")
        token_hash = _token_hash(token)
        driver = self._driver
        with self._reads.connect() as conn:  # one statement (no BEGIN, no ROLLBACK)
            row = driver.one(conn, driver.prepare(LOGIN), {"token_hash": token_hash})
        now = self._clock()
        login, seen = _checked(row, now)
        if seen is None or now - seen >= SEEN_STEP:
            self._seen(token_hash, login.player_id, login.username, seen, now)
        return login

    def login_in(
        self,
        unit: Unit,
        token: str,
        read: ClauseElement = LOGIN,
        params: Mapping[str, Any] | None = None,
    ) -> tuple[Login | None, list[Any]]:
        """The login of a session token, read in ``unit`` (the request's own transaction: no
        connection of its own) by ``read`` (:data:`LOGIN`, or it with more columns joined:
        ``params`` for them), refused as :meth:`login_of` refuses it, and the rest of the row.
        The login is ``None`` when the session's use is due to be recorded (at most once a
        minute): then :meth:`login_of`, outside any transaction, records it (or closes an idle
        session) as it always does."""
        driver = self._driver
        values = {"token_hash": _token_hash(token), **(params or {})}
        row = driver.one(unit.conn, driver.prepare(read), values)
        now = self._clock()
        login, seen = _checked(None if row is None else row[:_COLUMNS], now)
        if seen is None or now - seen >= SEEN_STEP:
            return None, row[_COLUMNS:]
        return login, row[_COLUMNS:]

    def _seen(
        self,
        token_hash: str,
        player_id: str,
        username: str | None,
        seen: datetime | None,
        now: datetime,
    ) -> None:
        """Record the session's use; after ``idle`` without one, a registered player logs in
        again and a guest's play session starts anew."""
        idle = seen is not None and self.idle is not None and now - seen >= self.idle
        if idle and username is not None:
            with self._sessions.begin() as session:
                session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))
            self.service.protection.end_session(player_id)
            minutes = int(self.idle.total_seconds() // 60) if self.idle is not None else 0
            raise SessionIdleError(f"no activity for {minutes} minutes: log in again")
        with self.service.engine.begin() as conn:
            self._driver.run(
                conn, self._driver.prepare(_SEEN), {"b_token": token_hash, "b_seen": now}
            )
        if idle or seen is None:  # a guest back after a while, or a session from before 0005
            self.service.protection.start_session(player_id)

    def guest(self) -> NewSession:
        """A new guest player with the opening play-money grant, and a session for it."""
        player_id, token = self._new_player_with("guest", self._open)
        self.service.protection.start_session(player_id)
        return NewSession(token, Login(player_id, None))

    def logout(self, token: str | None) -> None:
        """Close the session, and the play session with it (unknown tokens are ignored)."""
        if not token:
            return
        with self._sessions.begin() as session:
            row = session.get(SessionRow, _token_hash(token))
            if row is None:
                return
            player_id = row.player_id
            session.delete(row)
        self.service.protection.end_session(player_id)

    # -- accounts ------------------------------------------------------------------------------

    def register(
        self,
        token: str | None,
        username: str,
        password: str,
        *,
        on_new_player: Callable[[], None] | None = None,
    ) -> NewSession:
        """Give the session's guest player a login (a new player when there is no session).

        The old session is replaced by a new one (a fresh token after a privilege change). All
        of it is one transaction under the player's lock, so concurrent registrations of one
        guest give one login. ``on_new_player`` runs before a new player is made (the guest
        throttle). Refusals: ``already-registered`` when the session's player has a login
        (also when another request just gave it one and replaced the session),
        ``username-taken`` when another player has the name.
        """
        player_id = self._session_player(token)
        key = username_key(username)
        with self._sessions.begin() as session:
            self._check_free(session, key, username, player_id)
        hashed = self._hash(password)
        if player_id is None and on_new_player is not None:
            on_new_player()
        now = self._clock()

        def attach(session: Session, player_id: str) -> str:
            self._check_free(session, key, username, player_id)  # again, under the lock
            session.add(
                AccountRow(
                    player_id=player_id,
                    username=username.strip(),
                    username_key=key,
                    password_hash=hashed,
                    created_at=now,
                    updated_at=now,
                )
            )
            session.flush()
            if token:
                self._replace(session, token)
            return self._open(session, player_id)

        try:
            if player_id is None:
                player_id, new_token = self._new_player_with("user", attach)
                self.service.protection.start_session(player_id)
            else:
                new_token = self._with_player(player_id, attach)
        except IntegrityError:
            with self._sessions.begin() as session:
                self._check_free(session, key, username, player_id)
            raise UsernameTakenError(f"the username {username!r} is taken") from None
        return NewSession(new_token, Login(player_id, username.strip()))

    def _session_player(self, token: str | None) -> str | None:
        """The player of a live session, or of one a registration just replaced."""
        if not token:
            return None
        with self._sessions.begin() as session:
            row = session.get(SessionRow, _token_hash(token))
            if row is None:
                return None
            if row.expires_at > self._clock() or row.expires_at == row.created_at:
                return row.player_id
            return None

    @staticmethod
    def _replace(session: Session, token: str) -> None:
        """End a session replaced by a new one: kept (expired at its start) until the sweep, so
        a request still carrying it is told its player has a login now."""
        row = session.get(SessionRow, _token_hash(token))
        if row is not None:
            row.expires_at = row.created_at

    def _with_player(self, player_id: str, attach: Callable[[Session, str], str]) -> str:
        """``attach`` in one transaction holding the player's lock."""
        with self.service.unit() as unit:
            unit.player(player_id)
            with Session(bind=unit.conn, join_transaction_mode="rollback_only") as session:
                token = attach(session, player_id)
                session.commit()  # flushes; the unit commits the transaction
            return token

    def _check_free(self, session: Session, key: str, username: str, player_id: str | None) -> None:
        """Refuse a player that already has a login, then a username another player has."""
        if player_id is not None:
            mine = session.get(AccountRow, player_id)
            if mine is not None:
                raise AlreadyRegisteredError(f"you are logged in as {mine.username}: log out first")
        taken = session.scalars(select(AccountRow.player_id).where(AccountRow.username_key == key))
        if taken.first() is not None:
            raise UsernameTakenError(f"the username {username!r} is taken")

    def _new_player_with(self, kind: str, attach: Callable[[Session, str], str]) -> tuple[str, str]:
        """A new player and its session (and login) in one transaction: nothing is left half
        made (a refused login leaves no player with play money)."""
        with self.service.unit() as unit:
            player = self.service.accounts.create_player(f"{kind}-{secrets.token_hex(8)}")
            with Session(bind=unit.conn, join_transaction_mode="rollback_only") as session:
                token = attach(session, player.id)
                session.commit()  # flushes; the unit commits the transaction
            return player.id, token

    def check_login_lock(self, username: str, client: str) -> None:
        """:class:`LoginLockedError` while the account or the client is locked."""
        for window, key, whose in (
            (self.account_failures, username_key(username), "this account"),
            (self.client_failures, client, "this address"),
        ):
            left = window.locked_for(key)
            if left is not None:
                raise LoginLockedError(
                    f"too many failed logins for {whose}: try again in {left} seconds", left
                )

    def login(
        self, token: str | None, username: str, password: str, client: str = "local"
    ) -> NewSession:
        """Check the password and open a session for the account's player.

        A wrong password counts against the account and the client address; at the limit
        (:class:`~twentyone.server.settings.ServerSettings`) they are locked
        (:class:`LoginLockedError`, even for the right password) for the lock's length.
        """
        key = username_key(username)
        self.check_login_lock(username, client)
        with self._sessions.begin() as session:
            account = session.scalars(
                select(AccountRow).where(AccountRow.username_key == key)
            ).first()
            stored = DUMMY_HASH if account is None else account.password_hash
        matches = verify_password(password, stored)
        if account is None or not matches:
            locks = [self.account_failures.hit(key), self.client_failures.hit(client)]
            lock = max((s for s in locks if s is not None), default=None)
            if lock is not None:
                raise LoginLockedError(f"too many failed logins: try again in {lock} seconds", lock)
            raise InvalidCredentialsError("the username or the password is wrong")
        self.account_failures.clear(key)
        with self._sessions.begin() as session:
            if session.get(PlayerLockRow, account.player_id) is not None:
                raise AccountLockedError("this account is locked by the casino")
            if token:
                session.execute(
                    delete(SessionRow).where(SessionRow.token_hash == _token_hash(token))
                )
            new_token = self._open(session, account.player_id)
        self.service.protection.start_session(account.player_id)
        return NewSession(new_token, Login(account.player_id, account.username))

    def sweep_sessions(self) -> int:
        """Delete expired sessions; returns how many."""
        with self._sessions.begin() as session:
            result = session.execute(
                delete(SessionRow).where(SessionRow.expires_at <= self._clock())
            )
            return int(getattr(result, "rowcount", 0) or 0)
