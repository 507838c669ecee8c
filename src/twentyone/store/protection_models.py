"""Storage of the player-protection tools (Alembic revision ``0005_protection``).

One row per player who has used a tool or opened a web session (``protection``): the limits as
JSON, the reality-check interval, the time-out and self-exclusion ends, and the current
session's start, last reality check and running stake and return. The loss and stake limits
count what was staked and returned in hourly and daily tallies (``protection_tally``), kept
only while the player has a limit, so a decision reads a few dozen rows at most.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from twentyone.store.models import Base, Money


class ProtectionRow(Base):
    """A player's protection settings and current session."""

    __tablename__ = "protection"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    limits: Mapped[str] = mapped_column(Text)
    reality_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    timeout_until: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    timeout_set_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    excluded_until: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    excluded_set_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    session_started_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    session_checked_at: Mapped[datetime | None] = mapped_column(DateTime(), nullable=True)
    session_staked: Mapped[int] = mapped_column(Money)
    session_returned: Mapped[int] = mapped_column(Money)
    updated_at: Mapped[datetime] = mapped_column(DateTime())


class TallyRow(Base):
    """What a player staked and was returned in one hour (``span`` ``h``) or one UTC day
    (``d``); ``bucket`` counts hours (days) since 1970-01-01."""

    __tablename__ = "protection_tally"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    span: Mapped[str] = mapped_column(String(1), primary_key=True)
    bucket: Mapped[int] = mapped_column(Integer, primary_key=True)
    staked: Mapped[int] = mapped_column(Money)
    returned: Mapped[int] = mapped_column(Money)
