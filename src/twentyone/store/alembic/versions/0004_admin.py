"""Administrators, their sessions, the append-only audit log and player locks.

Revision ID: 0004_admin
Revises: 0003_hardening
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_admin"
down_revision: str | None = "0003_hardening"
branch_labels: str | None = None
depends_on: str | None = None

_REFUSAL = "the audit log is append-only"

_SQLITE_TRIGGERS = (
    f"CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit "
    f"BEGIN SELECT RAISE(ABORT, '{_REFUSAL}'); END",
    f"CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit "
    f"BEGIN SELECT RAISE(ABORT, '{_REFUSAL}'); END",
)
_PG_TRIGGERS = (
    "CREATE FUNCTION admin_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS "
    f"$$ BEGIN RAISE EXCEPTION '{_REFUSAL}'; END $$",
    "CREATE TRIGGER admin_audit_append_only BEFORE UPDATE OR DELETE ON admin_audit "
    "FOR EACH ROW EXECUTE FUNCTION admin_audit_append_only()",
)


def upgrade() -> None:
    op.create_table(
        "administrators",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_administrators")),
        sa.UniqueConstraint("name_key", name=op.f("uq_administrators_name_key")),
    )
    op.create_table(
        "admin_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("admin_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("expires_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["admin_id"],
            ["administrators.id"],
            name=op.f("fk_admin_sessions_admin_id_administrators"),
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_admin_sessions")),
    )
    with op.batch_alter_table("admin_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_admin_sessions_admin_id"), ["admin_id"], unique=False)
    op.create_table(
        "admin_audit",
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("admin_id", sa.String(length=32), nullable=False),
        sa.Column("admin_name", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=32), nullable=False),
        sa.Column("target_kind", sa.String(length=16), nullable=False),
        sa.Column("target_id", sa.String(length=64), nullable=False),
        sa.Column("before", sa.Text(), nullable=False),
        sa.Column("after", sa.Text(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("prev_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_admin_audit")),
        sa.UniqueConstraint("prev_hash", name=op.f("uq_admin_audit_prev_hash")),
        sa.UniqueConstraint("hash", name=op.f("uq_admin_audit_hash")),
    )
    with op.batch_alter_table("admin_audit", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_admin_audit_target_id"), ["target_id"], unique=False)
    op.create_table(
        "player_locks",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("locked_at", sa.DateTime(), nullable=False),
        sa.Column("admin_id", sa.String(length=32), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_player_locks_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", name=op.f("pk_player_locks")),
    )
    dialect = op.get_bind().dialect.name
    for statement in _PG_TRIGGERS if dialect == "postgresql" else _SQLITE_TRIGGERS:
        op.execute(statement)


def downgrade() -> None:
    op.drop_table("player_locks")
    with op.batch_alter_table("admin_audit", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_admin_audit_target_id"))
    op.drop_table("admin_audit")  # its triggers go with it
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION admin_audit_append_only()")
    with op.batch_alter_table("admin_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_admin_sessions_admin_id"))
    op.drop_table("admin_sessions")
    op.drop_table("administrators")
