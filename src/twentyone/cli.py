"""The ``twentyone`` command.

Each package registers its own sub-commands (``register(app)``), so this module only wires them
and turns every caller error into exit status 2 with one line on stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import click
import typer
from typer._click import exceptions as typer_click  # typer ≥ 0.29 vendors its own click

from twentyone import cli_games
from twentyone.analysis import cli_exact, cli_sidebet, cli_sim
from twentyone.errors import TwentyoneError
from twentyone.rulestext import rules_document
from twentyone.scenario import InvalidScenarioError, replay_text
from twentyone.server import cli as server_cli
from twentyone.store import cli as store_cli
from twentyone.variants import all_variants, find_variant

app = typer.Typer(
    name="twentyone",
    help="Rules-exact casino blackjack variants: play, replay, and the game mathematics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Rules-exact casino blackjack variants: play, replay, and the game mathematics."""


JsonFlag = Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")]


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


@app.command("variants")
def variants_command(as_json: JsonFlag = False) -> None:
    """List the variant presets."""
    items: list[dict[str, Any]] = [
        {
            "name": v.name,
            "title": v.title,
            "aliases": list(v.aliases),
            "decks": v.rules.decks,
            "max_spots": v.rules.max_spots,
            "side_bets": [str(b.name) for b in v.rules.side_bets],
            "description": v.description,
        }
        for v in all_variants()
    ]
    if as_json:
        _print_json({"variants": items})
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="twentyone variants")
    for column in ("name", "title", "decks", "spots", "side bets", "aliases"):
        table.add_column(column)
    for item in items:
        table.add_row(
            item["name"],
            item["title"],
            str(item["decks"]),
            f"1-{item['max_spots']}",
            ", ".join(item["side_bets"]) or "-",
            ", ".join(item["aliases"]),
        )
    Console().print(table)


@app.command("rules")
def rules_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    as_json: JsonFlag = False,
) -> None:
    """Show a variant's rules text (generated from its rule switches)."""
    document = rules_document(find_variant(variant))
    if as_json:
        _print_json(document)
        return
    typer.echo(f"{document['title']} ({document['variant']}, rules {document['rules_version']})")
    typer.echo(document["description"])
    typer.echo("")
    for line in [*document["text"], *document["rtp"]]:
        typer.echo(f"- {line}")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="Scenario JSON file (SPEC section 10).")],
    as_json: JsonFlag = False,
) -> None:
    """Replay a scripted round and print its settlement."""
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidScenarioError(f"cannot read {file}: {exc.strerror}") from exc
    result = replay_text(text)
    if as_json:
        _print_json(result)
        return
    dealer = result["dealer"]
    bj = " (blackjack)" if dealer["blackjack"] else ""
    typer.echo(f"dealer: {' '.join(dealer['cards'])} = {dealer['total']}{bj}")
    for hand in result["hands"]:
        cards = " ".join(hand["cards"])
        typer.echo(
            f"spot {hand['spot']} hand {hand['hand']}: {cards} = {hand['total']} {hand['outcome']}"
        )
    for wager in result["wagers"]:
        label = wager["name"] or wager["kind"]
        typer.echo(
            f"  spot {wager['spot']} {label}: staked {wager['stake']}, returned {wager['returned']}"
        )
    typer.echo(f"staked {result['staked']}, returned {result['returned']}, net {result['net']:+d}")


@app.command("play")
def play_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")] = "lucky-lucky",
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: a SQLite file).")
    ] = None,
    player: Annotated[str, typer.Option("--player", help="Your player name.")] = "player",
) -> None:
    """Play in the terminal with a play-money balance (an unfinished round resumes)."""
    from twentyone.terminal import play

    play(variant, url=db, player=player)


cli_sidebet.register(app)
cli_games.register(app)
cli_exact.register(app)
cli_sim.register(app)
store_cli.register(app)
server_cli.register(app)


def main(argv: list[str] | None = None) -> int:
    """Run the command; exit 0 on success, 2 on bad arguments (one line on stderr)."""
    try:
        app(args=argv, standalone_mode=False)
    except TwentyoneError as exc:
        print(f"error: {exc.code}: {exc}", file=sys.stderr)
        return 2
    except (click.exceptions.Exit, typer.Exit) as exc:
        return int(exc.exit_code or 0)
    except (click.exceptions.Abort, typer.Abort, KeyboardInterrupt, EOFError):
        print("error: aborted", file=sys.stderr)
        return 1
    except typer_click.NoArgsIsHelpError:
        return 0  # the help text is already printed
    except (click.UsageError, typer_click.UsageError) as exc:
        message = " ".join(exc.format_message().split())
        print(f"error: usage: {message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
