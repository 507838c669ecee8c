"""Administration: administrators, their sessions, and the audited actions on players and rounds.

Administrators are a role apart from players (their own table and sessions). Every change an
administrator makes — a VIP level, a lock, an unlock, a void — is one transaction with its
audit entry (:mod:`twentyone.store.audit`): the change and its record are committed together or
not at all. Logins and logouts are recorded too. Passwords arrive here already hashed (the web
layer hashes them): the store keeps the hash and never sees a password.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import Table, delete, func, insert, select, update

from twentyone.errors import TwentyoneError
from twentyone.store import audit, locks
from twentyone.store.accounts import Accounts, wallet_of
from twentyone.store.admin_models import AdministratorRow, AdminSessionRow
from twentyone.store.audit import AuditAction, AuditEntry, ChainCheck
from twentyone.store.play import Play, locked_round
from twentyone.store.rounds import OPEN
from twentyone.store.unit import Store, Unit, aware
from twentyone.store.views import RoundSummary

ADMINS = cast(Table, AdministratorRow.__table__)
SESSIONS = cast(Table, AdminSessionRow.__table__)
_D, _S, _K = ADMINS.c, SESSIONS.c, locks.LOCKS.c
MAX_REASON = 500
SEEN_STEP = timedelta(minutes=1)
"""How far a request must move a session's idle expiry before it is written (at most one
write a minute per session: a session ends between ``idle − 1`` and ``idle`` minutes after its
last request, never later)."""


class AdminExistsError(TwentyoneError):
    """An administrator of that name already exists."""

    code = "admin-exists"


class UnknownAdminError(TwentyoneError):
    """No administrator has that name."""

    code = "unknown-admin"


class LastAdminError(TwentyoneError):
    """The only administrator left cannot be removed: nobody could then log in to the back
    office (``twentyone admin add`` another first)."""

    code = "last-admin"


class RoundNotOpenError(TwentyoneError):
    """Only an unfinished round can be voided: a settled or voided one is left as it is."""

    code = "round-not-open"


class ReasonRequiredError(TwentyoneError):
    """A void, lock, unlock or VIP-level change must say why (a short sentence)."""

    code = "reason-required"


def name_key(name: str) -> str:
    """The form administrator names are unique in (``Ada`` and ``ada`` are one)."""
    return name.strip().casefold()


@dataclass(frozen=True, slots=True)
class AdminInfo:
    """An administrator: id and name."""

    id: str
    name: str
    created_at: datetime

    @property
    def actor(self) -> tuple[str, str]:
        """``(id, name)`` as the audit log records who."""
        return (self.id, self.name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"id": self.id, "name": self.name, "created_at": aware(self.created_at).isoformat()}


@dataclass(frozen=True, slots=True)
class AdminListing:
    """An administrator as ``twentyone admin list`` shows it, with its last login (taken from
    the audit log, which records every login: the administrators' table keeps no copy)."""

    admin: AdminInfo
    last_login: datetime | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        last = None if self.last_login is None else aware(self.last_login).isoformat()
        return {**self.admin.to_dict(), "last_login": last}


def _reason(reason: str) -> str:
    cleaned = " ".join(reason.split())
    if not cleaned:
        raise ReasonRequiredError("give the reason in a few words")
    if len(cleaned) > MAX_REASON:
        raise ReasonRequiredError(f"the reason is longer than {MAX_REASON} characters")
    return cleaned


def _admin(row: Any) -> AdminInfo:
    return AdminInfo(row.id, row.name, row.created_at)


class Administration:
    """Administrators, their sessions, and the audited changes they make."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._accounts = Accounts(store)
        self._play = Play(store)

    # -- administrators ------------------------------------------------------------------------

    def add_admin(self, name: str, password_hash: str, *, by: str) -> AdminInfo:
        """A new administrator (``by`` says who made it, e.g. the command line's user)."""
        cleaned = name.strip()
        with self._store.unit() as unit:
            taken = unit.conn.execute(select(_D.id).where(_D.name_key == name_key(cleaned)))
            if taken.first() is not None:
                raise AdminExistsError(f"an administrator called {cleaned!r} already exists")
            info = AdminInfo(uuid.uuid4().hex, cleaned, unit.now)
            unit.conn.execute(
                insert(ADMINS),
                {
                    "id": info.id,
                    "name": info.name,
                    "name_key": name_key(cleaned),
                    "password_hash": password_hash,
                    "created_at": info.created_at,
                },
            )
            audit.append(
                unit.conn,
                unit.now,
                (info.id, by),
                AuditAction.ADMIN_ADDED,
                ("admin", info.id),
                {},
                {"name": info.name},
                "added from the command line",
            )
            return info

    def list_admins(self) -> list[AdminListing]:
        """Every administrator, by name, with its last login (``None``: never logged in)."""
        logins = (
            select(func.max(audit.AUDIT.c.at))
            .where(audit.AUDIT.c.action == AuditAction.LOGIN.value)
            .where(audit.AUDIT.c.admin_id == _D.id)
            .scalar_subquery()
        )
        query = select(ADMINS, logins.label("last_login")).order_by(_D.name_key)
        with self._store.unit() as unit:
            return [AdminListing(_admin(row), row.last_login) for row in unit.conn.execute(query)]

    def remove_admin(self, name: str, *, by: str) -> tuple[AdminInfo, int]:
        """Remove the administrator called ``name`` and end its sessions; returns it and how
        many sessions ended. Refused for an unknown name and for the last administrator (the
        administrators' rows are locked first, so two removals cannot each leave the other
        as the last one and both go through)."""
        with self._store.unit() as unit:
            info = self._removable(unit, name)
            ended = self._end_sessions(unit, info.id)
            unit.conn.execute(delete(ADMINS).where(_D.id == info.id))
            audit.append(
                unit.conn,
                unit.now,
                (info.id, by),
                AuditAction.ADMIN_REMOVED,
                ("admin", info.id),
                {"name": info.name},
                {"sessions_ended": ended},
                "removed from the command line",
            )
            return info, ended

    def set_password(self, name: str, password_hash: str, *, by: str) -> tuple[AdminInfo, int]:
        """Give the administrator called ``name`` a new password hash and end every session
        it has (a session opened with the old password must not outlive it); returns it and
        how many sessions ended."""
        with self._store.unit() as unit:
            info = self._named(unit, name)
            unit.conn.execute(
                update(ADMINS).where(_D.id == info.id).values(password_hash=password_hash)
            )
            ended = self._end_sessions(unit, info.id)
            audit.append(
                unit.conn,
                unit.now,
                (info.id, by),
                AuditAction.ADMIN_PASSWORD,
                ("admin", info.id),
                {"name": info.name},
                {"name": info.name, "sessions_ended": ended},
                "password reset from the command line",
            )
            return info, ended

    def named(self, name: str) -> AdminInfo:
        """The administrator called ``name`` (refused if there is none)."""
        with self._store.unit() as unit:
            return self._named(unit, name)

    def removable(self, name: str) -> AdminInfo:
        """The administrator called ``name`` if :meth:`remove_admin` would remove it, so a
        command asks to confirm only what it will do."""
        with self._store.unit() as unit:
            return self._removable(unit, name)

    @classmethod
    def _removable(cls, unit: Unit, name: str) -> AdminInfo:
        ids = unit.conn.execute(select(_D.id).with_for_update()).scalars().all()
        info = cls._named(unit, name)
        if len(ids) == 1:
            raise LastAdminError(
                f"{info.name} is the last administrator: add another one before removing it"
            )
        return info

    @staticmethod
    def _row(unit: Unit, name: str) -> Any:
        """The administrators' row of ``name`` (names compared as :func:`name_key` folds
        them), or ``None``."""
        return unit.conn.execute(select(ADMINS).where(_D.name_key == name_key(name))).first()

    @classmethod
    def _named(cls, unit: Unit, name: str) -> AdminInfo:
        row = cls._row(unit, name)
        if row is None:
            raise UnknownAdminError(f"there is no administrator called {name.strip()!r}")
        return _admin(row)

    @staticmethod
    def _end_sessions(unit: Unit, admin_id: str) -> int:
        """Delete every session of ``admin_id``; returns how many were live (an expired one
        not yet swept ended already)."""
        live = select(func.count()).where(_S.admin_id == admin_id, _S.expires_at > unit.now)
        count = int(unit.conn.execute(live).scalar_one())
        unit.conn.execute(delete(SESSIONS).where(_S.admin_id == admin_id))
        return count

    def credentials(self, name: str) -> tuple[AdminInfo, str] | None:
        """The administrator called ``name`` and its password hash, if there is one."""
        with self._store.unit() as unit:
            row = self._row(unit, name)
            return None if row is None else (_admin(row), row.password_hash)

    # -- sessions ------------------------------------------------------------------------------

    def open_session(self, admin: AdminInfo, token_hash: str, expires_at: datetime) -> None:
        """Record a new session of ``admin`` (and the login in the audit log)."""
        with self._store.unit() as unit:
            unit.conn.execute(
                insert(SESSIONS),
                {
                    "token_hash": token_hash,
                    "admin_id": admin.id,
                    "created_at": unit.now,
                    "expires_at": expires_at,
                },
            )
            audit.append(
                unit.conn, unit.now, admin.actor, AuditAction.LOGIN, ("admin", admin.id), {}, {}
            )

    def failed_login(self, name: str, client: str) -> None:
        """Record a refused login in the audit log: the name tried, the client address and
        when (the password is never seen here). A name that is no administrator's is recorded
        as tried, with an empty administrator id."""
        tried = " ".join(name.split())[:100]
        with self._store.unit() as unit:
            row = unit.conn.execute(select(_D.id).where(_D.name_key == name_key(tried))).first()
            admin_id = "" if row is None else str(row.id)
            audit.append(
                unit.conn,
                unit.now,
                (admin_id, tried),
                AuditAction.LOGIN_FAILED,
                ("admin", admin_id),
                {},
                {"name": tried, "client": client[:64]},
            )

    def use_session(
        self, token_hash: str, idle: timedelta | None, longest: timedelta
    ) -> AdminInfo | None:
        """The administrator of a live session, whose use this request is: the session then
        ends ``idle`` after now, but never later than ``longest`` after its login (an expired,
        idle or unknown session: ``None``)."""
        query = (
            select(ADMINS, _S.created_at.label("opened_at"), _S.expires_at)
            .join(SESSIONS, _S.admin_id == _D.id)
            .where(_S.token_hash == token_hash)
        )
        with self._store.unit() as unit:
            row = unit.conn.execute(query).first()
            if row is None or row.expires_at <= unit.now:
                return None
            cap = row.opened_at + longest
            expires = cap if idle is None else min(unit.now + idle, cap)
            if expires - row.expires_at >= SEEN_STEP:
                unit.conn.execute(
                    update(SESSIONS).where(_S.token_hash == token_hash).values(expires_at=expires)
                )
            return _admin(row)

    def session_admin(self, token_hash: str) -> AdminInfo | None:
        """The administrator of a live session (an expired or unknown one: ``None``)."""
        query = (
            select(ADMINS, _S.expires_at)
            .join(SESSIONS, _S.admin_id == _D.id)
            .where(_S.token_hash == token_hash)
        )
        with self._store.unit() as unit:
            row = unit.conn.execute(query).first()
            if row is None or row.expires_at <= unit.now:
                return None
            return _admin(row)

    def close_session(self, token_hash: str) -> None:
        """End a session (an unknown one is ignored); a logout is recorded."""
        with self._store.unit() as unit:
            found = self.session_admin(token_hash)
            unit.conn.execute(delete(SESSIONS).where(_S.token_hash == token_hash))
            if found is not None:
                audit.append(
                    unit.conn,
                    unit.now,
                    found.actor,
                    AuditAction.LOGOUT,
                    ("admin", found.id),
                    {},
                    {},
                )

    def sweep_sessions(self) -> int:
        """Delete expired sessions; returns how many."""
        with self._store.unit() as unit:
            result = unit.conn.execute(delete(SESSIONS).where(_S.expires_at <= unit.now))
            return int(getattr(result, "rowcount", 0) or 0)

    # -- audited changes -----------------------------------------------------------------------

    def set_vip_level(
        self, admin: AdminInfo, player_id: str, level: str, reason: str
    ) -> dict[str, Any]:
        """Move a player to another VIP level (its limits apply from the next deal); the level
        it already has: no change, nothing recorded. Like a lock, it must say why: it changes
        the player's limits."""
        why = _reason(reason)
        with self._store.unit() as unit:
            before = unit.player(player_id).vip_level
            if before == level:
                return {"vip_level": level}
            info = self._accounts.set_vip_level(player_id, level)
            audit.append(
                unit.conn,
                unit.now,
                admin.actor,
                AuditAction.VIP_LEVEL,
                ("player", player_id),
                {"vip_level": before},
                {"vip_level": info.vip_level},
                why,
            )
            return {"vip_level": info.vip_level}

    def lock(self, admin: AdminInfo, player_id: str, reason: str) -> dict[str, Any]:
        """Lock a player: no login and no new round until unlocked (already locked: no change,
        nothing recorded)."""
        why = _reason(reason)
        with self._store.unit() as unit:
            unit.player(player_id)
            if locks.is_locked(unit.conn, player_id):
                return self._lock_state(unit, player_id)
            unit.conn.execute(
                insert(locks.LOCKS),
                {
                    "player_id": player_id,
                    "locked_at": unit.now,
                    "admin_id": admin.id,
                    "reason": why,
                },
            )
            after = self._lock_state(unit, player_id)
            audit.append(
                unit.conn,
                unit.now,
                admin.actor,
                AuditAction.LOCK,
                ("player", player_id),
                {"locked": False},
                after,
                why,
            )
            return after

    def unlock(self, admin: AdminInfo, player_id: str, reason: str) -> dict[str, Any]:
        """Unlock a player (not locked: no change, nothing recorded)."""
        why = _reason(reason)
        with self._store.unit() as unit:
            unit.player(player_id)
            before = self._lock_state(unit, player_id)
            if not before["locked"]:
                return before
            unit.conn.execute(delete(locks.LOCKS).where(_K.player_id == player_id))
            audit.append(
                unit.conn,
                unit.now,
                admin.actor,
                AuditAction.UNLOCK,
                ("player", player_id),
                before,
                {"locked": False},
                why,
            )
            return {"locked": False}

    @staticmethod
    def _lock_state(unit: Unit, player_id: str) -> dict[str, Any]:
        row = unit.conn.execute(select(locks.LOCKS).where(_K.player_id == player_id)).first()
        if row is None:
            return {"locked": False}
        return {
            "locked": True,
            "locked_at": aware(row.locked_at).isoformat(),
            "reason": row.reason,
        }

    def lock_state(self, player_id: str) -> dict[str, Any]:
        """``{"locked": False}`` or the lock's time and reason."""
        with self._store.unit() as unit:
            return self._lock_state(unit, player_id)

    def void_round(self, admin: AdminInfo, round_id: str, reason: str) -> RoundSummary:
        """Void an unfinished round and refund it through the store's void (every posting the
        round made is reversed, so the ledger stays whole); refused for a finished round."""
        why = _reason(reason)
        with self._store.unit() as unit:
            player, row = locked_round(unit, round_id)
            if row.status != OPEN:
                raise RoundNotOpenError(f"round {round_id} is {row.status}: it cannot be voided")
            balance_before = player.balance
            before: dict[str, Any] = {
                "status": row.status,
                "staked": row.staked,
                "returned": row.returned,
                "held": wallet_of(unit, player).held,
                "balance": player.balance,
            }
            done = self._play.void_round(round_id, f"voided by the casino: {why}")
            player = unit.player(row.player_id)
            refunded = player.balance - balance_before  # stakes back, payouts taken back
            after = {
                "status": done.status,
                "staked": row.staked,
                "returned": row.returned,
                "held": 0,
                "balance": player.balance,
                "balance_change": refunded,
            }
            audit.append(
                unit.conn,
                unit.now,
                admin.actor,
                AuditAction.VOID,
                ("round", round_id),
                before,
                after,
                why,
            )
            return done

    # -- the log -------------------------------------------------------------------------------

    def audit_log(
        self, *, target_id: str | None = None, offset: int = 0, limit: int = 100
    ) -> tuple[list[AuditEntry], int]:
        """A page of the audit log, newest first, and how many entries it holds in all."""
        with self._store.unit() as unit:
            return audit.entries(unit.conn, target_id=target_id, offset=offset, limit=limit)

    def verify_audit(self) -> ChainCheck:
        """Check the audit log's hash chain from its first entry."""
        with self._store.unit() as unit:
            return audit.verify(unit.conn)
