"""Player protection: limits, time-out, self-exclusion, reality check, session activity.

Revision ID: 0005_protection
Revises: 0004_admin
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005_protection"
down_revision: str | None = "0004_admin"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "protection",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("limits", sa.Text(), nullable=False),
        sa.Column("reality_minutes", sa.Integer(), nullable=True),
        sa.Column("timeout_until", sa.DateTime(), nullable=True),
        sa.Column("timeout_set_at", sa.DateTime(), nullable=True),
        sa.Column("excluded_until", sa.DateTime(), nullable=True),
        sa.Column("excluded_set_at", sa.DateTime(), nullable=True),
        sa.Column("session_started_at", sa.DateTime(), nullable=True),
        sa.Column("session_checked_at", sa.DateTime(), nullable=True),
        sa.Column("session_staked", sa.BigInteger(), nullable=False),
        sa.Column("session_returned", sa.BigInteger(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_protection_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_protection")),
    )
    op.create_table(
        "protection_tally",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("span", sa.String(length=1), nullable=False),
        sa.Column("bucket", sa.Integer(), nullable=False),
        sa.Column("staked", sa.BigInteger(), nullable=False),
        sa.Column("returned", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_protection_tally_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "span", "bucket", name=op.f("pk_protection_tally")),
    )
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seen_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_sessions", schema=None) as batch_op:
        batch_op.drop_column("seen_at")
    op.drop_table("protection_tally")
    op.drop_table("protection")
