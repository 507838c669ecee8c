"""The ``twentyone`` command.

Each package registers its own sub-commands (``register(app)``), so this module only wires them
and turns every caller error into exit status 2 with one line on stderr.
"""

from __future__ import annotations

import sys

import click
import typer

from twentyone.analysis import cli_exact, cli_sidebet
from twentyone.errors import TwentyoneError

app = typer.Typer(
    name="twentyone",
    help="Rules-exact casino blackjack variants: play, replay, and the game mathematics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

cli_sidebet.register(app)
cli_exact.register(app)


def main(argv: list[str] | None = None) -> int:
    """Run the command; exit 0 on success, 2 on bad arguments (one line on stderr)."""
    try:
        app(args=argv, standalone_mode=False)
    except TwentyoneError as exc:
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return 2
    except click.exceptions.Exit as exc:
        return int(exc.exit_code or 0)
    except click.exceptions.Abort:
        print("error: aborted", file=sys.stderr)
        return 1
    except click.UsageError as exc:
        print(f"error: {exc.format_message()}".replace("\n", " "), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
