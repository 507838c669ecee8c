"""Store commands: ``twentyone sweep`` (void rounds unresolved for 90 days) and ``migrate``.

``register(app)`` adds them to the ``twentyone`` command. :func:`open_service` opens the store
for every command that takes ``--db`` (these, ``play``, ``admin add``), so a database that
cannot be opened is one sentence for all of them, not a traceback.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from twentyone.errors import InvalidArgumentError, TwentyoneError
from twentyone.store import db

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from twentyone.store.service import TableService

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default: a SQLite file under $TWENTYONE_HOME)."),
]


def database_error(url: str | None, exc: Exception) -> InvalidArgumentError:
    """The one-line error for a database at ``url`` (``None``: the default) that will not open.

    >>> str(database_error(None, ValueError("no\\n  such   file")))
    'cannot open the default database: no such file'
    """
    message = " ".join(str(exc).split())
    return InvalidArgumentError(f"cannot open {url or 'the default database'}: {message}")


def open_service(url: str | None) -> TableService:
    """The table service on ``url`` (default: the SQLite file under ``$TWENTYONE_HOME``).

    Raises:
        InvalidArgumentError: when the URL names no database driver, is malformed, or the
            database cannot be reached or created (SQLAlchemy's error, on one line).
        TwentyoneError: as :meth:`TableService.open` raises it (a shoe key the database
            does not know).
    """
    from sqlalchemy.exc import SQLAlchemyError

    from twentyone.store.service import TableService

    try:
        return TableService.open(url)
    except TwentyoneError:
        raise
    except (SQLAlchemyError, ValueError, OSError) as exc:
        raise database_error(url, exc) from exc


def migrate(url: str | None) -> None:
    """Create or upgrade the schema of ``url`` (the errors as :func:`open_service` has them)."""
    from sqlalchemy.exc import SQLAlchemyError

    engine: Engine | None = None
    try:
        engine = db.make_engine(url or db.default_url())
        db.migrate(engine)
    except (SQLAlchemyError, ValueError, OSError) as exc:
        raise database_error(url, exc) from exc
    finally:
        if engine is not None:
            engine.dispose()


def register(app: typer.Typer) -> None:
    """Add the store's commands to ``app``."""

    @app.command("sweep")
    def sweep_command(
        url: DbOption = None,
        days: Annotated[int, typer.Option("--days", min=0, help="Age in days.")] = 90,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    ) -> None:
        """Void (and refund) every round left unfinished for DAYS days; safe to repeat."""
        service = open_service(url)
        try:
            voided = service.records.sweep(days=days)
        finally:
            service.close()
        if as_json:
            typer.echo(json.dumps({"voided": voided, "days": days}))
        else:
            typer.echo(f"voided {len(voided)} round(s) unfinished for {days} days or more")
            for round_id in voided:
                typer.echo(f"  {round_id}")

    @app.command("migrate")
    def migrate_command(url: DbOption = None) -> None:
        """Create or upgrade the database schema to the latest revision."""
        migrate(url)
        typer.echo("database schema is up to date")
