"""Storage models of the back office: administrators, their sessions, the audit log and the
player locks (created by the Alembic revision ``0004_admin``).

Administrators are not players: their own table, their own sessions (the SHA-256 of the cookie
token, never the token) and their own cookie. The audit log is append-only: the migration adds
database triggers that refuse any ``UPDATE`` or ``DELETE`` of it, no store function changes a
row of it, and each entry carries the SHA-256 of the one before it (:mod:`twentyone.store.audit`),
so a row changed behind the triggers' back breaks the chain where it was changed.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from twentyone.store.models import Base, Id


class AdministratorRow(Base):
    """A back-office login: a name, a password hash (scrypt), when it was made."""

    __tablename__ = "administrators"

    id: Mapped[str] = mapped_column(Id, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    name_key: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime())


class AdminSessionRow(Base):
    """An administrator's session: the hash of the cookie token and when it expires."""

    __tablename__ = "admin_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    admin_id: Mapped[str] = mapped_column(ForeignKey("administrators.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    expires_at: Mapped[datetime] = mapped_column(DateTime())


class AuditRow(Base):
    """One administrative action: who, when, what, on what, the state before and after.

    ``seq`` counts from 1 without gaps; ``prev_hash`` is the ``hash`` of entry ``seq - 1``
    (64 zeros for the first) and is unique, so the chain cannot fork.
    """

    __tablename__ = "admin_audit"

    seq: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    at: Mapped[datetime] = mapped_column(DateTime())
    admin_id: Mapped[str] = mapped_column(Id)
    admin_name: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(32))
    target_kind: Mapped[str] = mapped_column(String(16))
    target_id: Mapped[str] = mapped_column(String(64), index=True)
    before: Mapped[str] = mapped_column(Text)
    after: Mapped[str] = mapped_column(Text)
    reason: Mapped[str] = mapped_column(Text)
    prev_hash: Mapped[str] = mapped_column(String(64), unique=True)
    hash: Mapped[str] = mapped_column(String(64), unique=True)


class PlayerLockRow(Base):
    """A locked player (no row: not locked): who locked it, when and why."""

    __tablename__ = "player_locks"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    locked_at: Mapped[datetime] = mapped_column(DateTime())
    admin_id: Mapped[str] = mapped_column(Id)
    reason: Mapped[str] = mapped_column(Text)
