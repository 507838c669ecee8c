"""Initial schema: players, seats, rounds, round events and the ledger.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("vip_level", sa.String(length=32), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.Column("open_round_id", sa.String(length=32), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("name", name=op.f("uq_players_name")),
    )
    op.create_table(
        "ledger",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("txid", sa.String(length=96), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("round_id", sa.String(length=32), nullable=True),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ledger_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger")),
        sa.UniqueConstraint("txid", name=op.f("uq_ledger_txid")),
    )
    with op.batch_alter_table("ledger", schema=None) as batch_op:
        batch_op.create_index("ix_ledger_player_id", ["player_id", "id"], unique=False)
        batch_op.create_index(batch_op.f("ix_ledger_round_id"), ["round_id"], unique=False)

    op.create_table(
        "rounds",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("rules_version", sa.String(length=16), nullable=False),
        sa.Column("layout", sa.Text(), nullable=False),
        sa.Column("bets", sa.Text(), nullable=False),
        sa.Column("shoe", sa.LargeBinary(), nullable=True),
        sa.Column("cards", sa.Text(), nullable=True),
        sa.Column("decisions", sa.Text(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("events_saved", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("staked", sa.BigInteger(), nullable=False),
        sa.Column("returned", sa.BigInteger(), nullable=False),
        sa.Column("balance_before", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=True),
        sa.Column("void_reason", sa.Text(), nullable=True),
        sa.Column("started_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("finished_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_rounds_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rounds")),
    )
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.create_index("ix_rounds_player_started", ["player_id", "started_at"], unique=False)
        batch_op.create_index("ix_rounds_status_started", ["status", "started_at"], unique=False)

    op.create_table(
        "seats",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("layout", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_seats_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "variant", name=op.f("pk_seats")),
    )
    op.create_table(
        "round_events",
        sa.Column("round_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(
            ["round_id"], ["rounds.id"], name=op.f("fk_round_events_round_id_rounds")
        ),
        sa.PrimaryKeyConstraint("round_id", "seq", name=op.f("pk_round_events")),
    )


def downgrade() -> None:
    op.drop_table("round_events")
    op.drop_table("seats")
    with op.batch_alter_table("rounds", schema=None) as batch_op:
        batch_op.drop_index("ix_rounds_status_started")
        batch_op.drop_index("ix_rounds_player_started")

    op.drop_table("rounds")
    with op.batch_alter_table("ledger", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_ledger_round_id"))
        batch_op.drop_index("ix_ledger_player_id")

    op.drop_table("ledger")
    op.drop_table("players")
