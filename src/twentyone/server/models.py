"""Storage models of the web accounts: credentials, login sessions, idempotency records.

They live on the store's declarative ``Base`` (same metadata, same naming convention) and are
created by the Alembic revisions ``0002_accounts`` and ``0003_hardening``, so opening a
:class:`~twentyone.store.service.TableService` brings them in with the rest of the schema.
Neither table holds a secret in clear: passwords are scrypt hashes and a session is stored as
the SHA-256 of its cookie token.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from twentyone.store.models import Base


class AccountRow(Base):
    """A registered login for a player (guests have none)."""

    __tablename__ = "accounts"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    username: Mapped[str] = mapped_column(String(100))
    username_key: Mapped[str] = mapped_column(String(100), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime())
    updated_at: Mapped[datetime] = mapped_column(DateTime())


class SessionRow(Base):
    """A login session: the hash of the cookie token, its player, when it expires, and when it
    was last used (to the minute: ``0005_protection``; a registered player idle too long logs in
    again)."""

    __tablename__ = "web_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    expires_at: Mapped[datetime] = mapped_column(DateTime())
    seen_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)


class IdempotencyRow(Base):
    """The first response to a money request sent with an ``Idempotency-Key``.

    Written in the same transaction as the money movement, so a request either moved money
    and has its record, or did neither. ``request_hash`` tells a repeat from a different
    request that reuses the key.
    """

    __tablename__ = "idempotency_keys"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int] = mapped_column(Integer())
    response: Mapped[str] = mapped_column(Text())
    created_at: Mapped[datetime] = mapped_column(DateTime(), index=True)
