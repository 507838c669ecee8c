"""Alembic environment: runs against the engine the store passes in (or ``sqlalchemy.url``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine, create_engine, text

from twentyone.store.models import Base

config = context.config
engine = config.attributes.get("engine")
if not isinstance(engine, Engine):
    url = config.get_main_option("sqlalchemy.url")
    if not url:
        from twentyone.store.db import default_url, make_engine

        engine = make_engine(default_url())
    else:
        engine = create_engine(url)

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Two processes migrating one database at once: the second waits, then sees head.
            connection.execute(text("SELECT pg_advisory_xact_lock(7202021)"))
        context.run_migrations()
