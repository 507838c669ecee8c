"""``twentyone games check FILE``: check a games catalogue before the server or terminal uses it.

A valid file prints a summary (one line per game) and exits 0; a file with mistakes exits 2 with
every mistake at once, one line each on stderr (after the ``error: invalid-catalogue:`` line that
counts them), exactly as ``serve`` and ``play`` refuse an invalid ``$TWENTYONE_GAMES``.
``register(app)`` adds the command; it imports nothing the ``twentyone`` command has not.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from twentyone.catalogue import InvalidCatalogueError, summary_dict, summary_lines
from twentyone.errors import InvalidArgumentError
from twentyone.variants import GAMES_ENV, load_catalogue


def check(file: Path | None, *, as_json: bool = False) -> None:
    """Check ``file`` (default: ``$TWENTYONE_GAMES``) and print the summary.

    Raises:
        InvalidCatalogueError: with every mistake (after printing them as JSON with ``as_json``).
        InvalidArgumentError: when no file is named and ``$TWENTYONE_GAMES`` is unset.
    """
    path = file or (Path(os.environ[GAMES_ENV]) if os.environ.get(GAMES_ENV) else None)
    if path is None:
        raise InvalidArgumentError(f"name a catalogue file, or set ${GAMES_ENV}")
    try:
        catalogue = load_catalogue(path)
    except InvalidCatalogueError as exc:
        if as_json:
            typer.echo(json.dumps({"file": str(path), "valid": False, "mistakes": exc.problems}))
        raise
    if as_json:
        typer.echo(json.dumps(summary_dict(catalogue), indent=2))
    else:
        typer.echo("\n".join(summary_lines(catalogue)))


def register(app: typer.Typer) -> None:
    """Add the ``games`` command group (``games check``) to ``app``."""
    games = typer.Typer(help="The games catalogue ($TWENTYONE_GAMES).", no_args_is_help=True)

    @games.command("check")
    def check_command(
        file: Annotated[
            Path | None,
            typer.Argument(help="Catalogue (.toml or .json); default $TWENTYONE_GAMES."),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
    ) -> None:
        """Check a games catalogue: a summary (exit 0) or every mistake, one a line (exit 2)."""
        check(file, as_json=as_json)

    app.add_typer(games, name="games")
