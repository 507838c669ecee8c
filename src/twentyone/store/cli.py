"""Store commands: ``twentyone sweep`` (void rounds unresolved for 90 days) and ``migrate``.

``register(app)`` adds them to the ``twentyone`` command.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from twentyone.store import db

DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default: a SQLite file under $TWENTYONE_HOME)."),
]


def register(app: typer.Typer) -> None:
    """Add the store's commands to ``app``."""

    @app.command("sweep")
    def sweep_command(
        url: DbOption = None,
        days: Annotated[int, typer.Option("--days", min=0, help="Age in days.")] = 90,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    ) -> None:
        """Void (and refund) every round left unfinished for DAYS days; safe to repeat."""
        from twentyone.store.service import TableService

        service = TableService.open(url)
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
        engine = db.make_engine(url or db.default_url())
        try:
            db.migrate(engine)
        finally:
            engine.dispose()
        typer.echo("database schema is up to date")
