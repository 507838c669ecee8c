"""The storage models (SQLAlchemy 2). The schema itself is made by the Alembic migrations.

Storage keeps values, not pickled objects: rules as JSON, bets, the decisions, the round's
events as JSON rows, and the shoe of a round in progress encrypted (never in clear). A ledger
row per balance change; ``players.balance`` is the running sum, checked against the ledger.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

Id = String(32)
"""Player and round ids: UUID4 hex."""

Money = BigInteger()
"""Minor units."""

AutoId = BigInteger().with_variant(Integer(), "sqlite")
"""An auto-increment key (SQLite only auto-increments INTEGER PRIMARY KEY)."""


class Base(DeclarativeBase):
    """Declarative base with stable constraint names (for migrations)."""

    metadata = MetaData(naming_convention=NAMING)


class PlayerRow(Base):
    """A player: a play-money account."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(Id, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    vip_level: Mapped[str] = mapped_column(String(32))
    balance: Mapped[int] = mapped_column(Money)
    open_round_id: Mapped[str | None] = mapped_column(Id, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime())
    # the language the player picked (``it``, ``en``); NULL: follow the browser's
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    training: Mapped[bool] = mapped_column(Boolean(), server_default=false())
    """Training mode: the advisor points out a mistake before it is played."""


class SeatRow(Base):
    """A player's bet layout at one variant's table (before the deal: not wagers)."""

    __tablename__ = "seats"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    variant: Mapped[str] = mapped_column(String(64), primary_key=True)
    layout: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(DateTime())


class RoundRow(Base):
    """One round: what it was dealt from, its decisions so far, and its money summary."""

    __tablename__ = "rounds"
    __table_args__ = (
        Index("ix_rounds_player_started", "player_id", "started_at"),
        Index("ix_rounds_status_started", "status", "started_at"),
    )

    id: Mapped[str] = mapped_column(Id, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    variant: Mapped[str] = mapped_column(String(64))
    rules: Mapped[str] = mapped_column(Text)
    rules_version: Mapped[str] = mapped_column(String(16))
    layout: Mapped[str] = mapped_column(Text)
    bets: Mapped[str] = mapped_column(Text)
    shoe: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    cards: Mapped[str | None] = mapped_column(Text, nullable=True)
    decisions: Mapped[str] = mapped_column(Text)
    step: Mapped[int] = mapped_column(Integer)
    events_saved: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    staked: Mapped[int] = mapped_column(Money)
    returned: Mapped[int] = mapped_column(Money)
    balance_before: Mapped[int] = mapped_column(Money)
    balance_after: Mapped[int | None] = mapped_column(Money, nullable=True)
    void_reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    started_at: Mapped[datetime] = mapped_column(DateTime())
    updated_at: Mapped[datetime] = mapped_column(DateTime())
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)


class EventRow(Base):
    """One event of a round, as JSON (a face-down card is hidden until the round is over)."""

    __tablename__ = "round_events"

    round_id: Mapped[str] = mapped_column(ForeignKey("rounds.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(32))
    data: Mapped[str] = mapped_column(Text)
    hidden: Mapped[bool] = mapped_column(Boolean)


class LedgerRow(Base):
    """One balance change: unique transaction id, round id, signed amount, running balance."""

    __tablename__ = "ledger"
    __table_args__ = (Index("ix_ledger_player_id", "player_id", "id"),)

    id: Mapped[int] = mapped_column(AutoId, primary_key=True, autoincrement=True)
    txid: Mapped[str] = mapped_column(String(96), unique=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    round_id: Mapped[str | None] = mapped_column(Id, nullable=True, index=True)
    amount: Mapped[int] = mapped_column(Money)
    balance_after: Mapped[int] = mapped_column(Money)
    kind: Mapped[str] = mapped_column(String(16))
    detail: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime())
