"""The Alembic migrations build exactly the schema of the models, down and up again."""

from __future__ import annotations

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from twentyone.server import models as _server_models  # noqa: F401  (their tables too)
from twentyone.store import admin_models, protection_models  # noqa: F401  (their tables)
from twentyone.store.db import alembic_config, make_engine, migrate
from twentyone.store.models import Base


def _ours(name: str | None, type_: str, _parent: object) -> bool:
    return type_ != "table" or name in Base.metadata.tables


def test_migrations_match_the_models(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        migrate(engine)
        migrate(engine)  # idempotent
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"include_name": _ours}
            )  # tables of other packages' migrations are theirs to check
            diff = compare_metadata(context, Base.metadata)
        assert diff == []
        command.downgrade(alembic_config(engine), "base")
        migrate(engine)
    finally:
        engine.dispose()
