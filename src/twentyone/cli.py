"""The ``twentyone`` command.

Each package registers its own sub-commands (``register(app)``), so this module only wires them
and turns every caller error into exit status 2 with one line on stderr. A package's commands
are imported only when one of them runs (:class:`LazyGroup`): ``--help`` and ``variants`` load
neither the web server, the database nor the numerical libraries. Not even the games are loaded
at import, so an operator's bad ``$TWENTYONE_GAMES`` or ``$TWENTYONE_PAYTABLES`` file is reported
by :func:`main` in one line, like any other mistake.
"""

from __future__ import annotations

import importlib
import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import click
import typer
import typer.main
from typer._click import exceptions as typer_click  # typer ≥ 0.29 vendors its own click
from typer.core import TyperCommand, TyperGroup

from twentyone.errors import TwentyoneError

LAZY_COMMANDS: dict[str, tuple[str, str]] = {
    "sidebet": (
        "twentyone.analysis.cli_sidebet",
        "Exact side-bet analysis: per outcome its probability and contribution; EV and RTP.",
    ),
    "house-edge": (
        "twentyone.analysis.cli_exact",
        "Exact house edge of the base game (no side bets, insurance declined).",
    ),
    "strategy": (
        "twentyone.analysis.cli_exact",
        "Basic strategy chart (hard, soft, pairs) derived from the exact values.",
    ),
    "advise": (
        "twentyone.analysis.cli_advise",
        "The exact value of every legal action of a hand, the best marked (the table's hint).",
    ),
    "simulate": (
        "twentyone.analysis.cli_sim",
        "Simulate the variant and compare every figure with its exact value.",
    ),
    "report": (
        "twentyone.analysis.cli_sim",
        "Write the variant's math report (PAR sheet) as a printable HTML file.",
    ),
    "sweep": (
        "twentyone.store.cli",
        "Void (and refund) every round left unfinished for DAYS days; safe to repeat.",
    ),
    "migrate": (
        "twentyone.store.cli",
        "Create or upgrade the database schema to the latest revision.",
    ),
    "games": ("twentyone.cli_games", "The games catalogue ($TWENTYONE_GAMES)."),
    "serve": ("twentyone.server.cli", "Run the web game: open http://HOST:PORT/ in a browser."),
    "admin": (
        "twentyone.server.cli_admin",
        "Administrators of the back office: add, list, remove NAME, password NAME.",
    ),
}
"""Command name -> (module whose ``register(app)`` adds it, one-line help for ``--help``)."""


class LazyGroup(TyperGroup):
    """A command group that imports a package's commands only when one of them is run.

    ``--help`` lists the lazy commands from :data:`LAZY_COMMANDS` without importing them;
    running one (or asking for its own ``--help``) imports its module and registers it.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:  # type: ignore[override]
        """The eager commands, then the lazy ones."""
        names = list(self.commands)
        return names + [n for n in LAZY_COMMANDS if n not in self.commands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> Any:  # type: ignore[override]
        """The command, or for a lazy one not loaded yet a stand-in that only has its help."""
        found = self.commands.get(cmd_name)
        if found is None and cmd_name in LAZY_COMMANDS:
            return TyperCommand(cmd_name, short_help=LAZY_COMMANDS[cmd_name][1])
        return found

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:  # type: ignore[override]
        """Load the named lazy command's module, then resolve as usual."""
        if args and args[0] in LAZY_COMMANDS and args[0] not in self.commands:
            self.load(LAZY_COMMANDS[args[0]][0])
        return super().resolve_command(ctx, args)  # type: ignore[arg-type]

    def load(self, module: str) -> None:
        """Import ``module`` and add every command its ``register`` defines."""
        sub = typer.Typer()
        importlib.import_module(module).register(sub)
        group = typer.main.get_group(sub)
        for name, command in group.commands.items():
            self.commands[name] = command


app = typer.Typer(
    name="twentyone",
    cls=LazyGroup,
    help="Rules-exact casino blackjack variants: play, replay, and the game mathematics.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Rules-exact casino blackjack variants: play, replay, and the game mathematics."""


JsonFlag = Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")]


class Lang(StrEnum):
    """The languages the game's text is written in."""

    EN = "en"
    IT = "it"


LangOption = Annotated[
    Lang, typer.Option("--lang", help="The language of the text: en (English) or it (Italiano).")
]


def _print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2))


@app.command("variants")
def variants_command(as_json: JsonFlag = False) -> None:
    """List the games: the presets and those of $TWENTYONE_GAMES."""
    from twentyone.variants import all_variants

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
    lang: LangOption = Lang.EN,
) -> None:
    """Show a variant's rules text (generated from its rule switches)."""
    from twentyone.display import reading, text
    from twentyone.rulestext import rules_document
    from twentyone.variants import find_variant

    with reading(lang.value):
        document = rules_document(find_variant(variant))
        if as_json:
            typer.echo(json.dumps(document, indent=2, ensure_ascii=False))
            return
        version = text("page.rules-version", version=document["rules_version"])
        typer.echo(f"{document['title']} ({document['variant']}, {version})")
        typer.echo(document["description"])
        sections = [
            (text("page.objective"), document["objective"]),
            (text("page.rules"), document["text"]),
            (text("page.card-values"), document["card_values"]),
            *[(text(f"side-bet.{s['name']}"), s["rules"]) for s in document["side_bets"]],
            (text("page.rtp-heading"), document["rtp"]),
        ]
        for title, lines in sections:
            if lines:
                typer.echo("")
                typer.echo(f"{title}:")
                for line in lines:
                    typer.echo(f"- {line}")


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="Scenario JSON file (SPEC section 10).")],
    as_json: JsonFlag = False,
) -> None:
    """Replay a scripted round and print its settlement."""
    from twentyone.scenario import InvalidScenarioError, replay_text

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidScenarioError(f"cannot read {file}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise InvalidScenarioError(f"{file} is not UTF-8 text (a scenario is JSON)") from exc
    result = replay_text(text)
    if as_json:
        _print_json(result)
        return
    for line in _replay_lines(result):
        typer.echo(line)


def _replay_lines(result: dict[str, Any]) -> list[str]:
    """A replayed round as a person reads it: spots and hands counted from 1, outcomes and
    wagers named, amounts in the reader's money format (the JSON keeps the scenario's minor
    units and 0-based positions).

    >>> round_ = {"dealer": {"cards": ["Ts", "7h"], "total": 17, "blackjack": False},
    ...     "hands": [{"spot": 0, "hand": 0, "cards": ["Ts", "9h"], "total": 19,
    ...                "outcome": "win"}],
    ...     "wagers": [{"spot": 0, "hand": 0, "kind": "hand", "name": None, "stake": 1000,
    ...                 "returned": 2000}],
    ...     "staked": 1000, "returned": 2000, "net": 1000}
    >>> for line in _replay_lines(round_):
    ...     print(line)
    Dealer: Ts 7h = 17
    Spot 1: Ts 9h = 19, Win
      Spot 1: staked 10.00, returned 20.00
    Staked 10.00, returned 20.00, net +10.00
    """
    from twentyone.display import format_money, hand_label, outcome_name, wager_label

    dealer = result["dealer"]
    bj = " (blackjack)" if dealer["blackjack"] else ""
    lines = [f"Dealer: {' '.join(dealer['cards'])} = {dealer['total']}{bj}"]
    per_spot: dict[int, int] = {}
    for hand in result["hands"]:
        per_spot[hand["spot"]] = per_spot.get(hand["spot"], 0) + 1
    for hand in result["hands"]:
        label = hand_label(hand["spot"] + 1, hand["hand"] + 1, per_spot[hand["spot"]])
        cards = " ".join(hand["cards"])
        outcome = f", {outcome_name(hand['outcome'])}" if hand["outcome"] else ""
        lines.append(f"{label}: {cards} = {hand['total']}{outcome}")
    for wager in result["wagers"]:
        hand_no = wager.get("hand")
        label = wager_label(
            wager["kind"],
            wager["spot"] + 1,
            None if hand_no is None else hand_no + 1,
            name=wager["name"],
            hands_on_spot=per_spot.get(wager["spot"], 1),
        )
        stake, back = format_money(wager["stake"]), format_money(wager["returned"])
        lines.append(f"  {label}: staked {stake}, returned {back}")
    net = result["net"]
    lines.append(
        f"Staked {format_money(result['staked'])}, returned {format_money(result['returned'])},"
        f" net {'+' if net > 0 else ''}{format_money(net)}"
    )
    return lines


@app.command("play")
def play_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")] = "lucky-lucky",
    db: Annotated[
        str | None, typer.Option("--db", help="Database URL (default: a SQLite file).")
    ] = None,
    player: Annotated[str, typer.Option("--player", help="Your player name.")] = "player",
    lang: LangOption = Lang.EN,
) -> None:
    """Play in the terminal with a play-money balance (an unfinished round resumes)."""
    from twentyone.display import reading
    from twentyone.errors import InvalidArgumentError
    from twentyone.terminal import play

    if not player.strip() or len(player) > 100:  # the store's names are 1 to 100 characters
        raise InvalidArgumentError("the player name must be 1 to 100 characters")

    with reading(lang.value):
        play(variant, url=db, player=player)


def main(argv: list[str] | None = None) -> int:
    """Run the command; exit 0 on success, 2 on bad arguments (one line on stderr)."""
    try:
        status = app(args=argv, standalone_mode=False)  # a command's typer.Exit(code) comes back
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
        # typer validates through pydantic, which puts "Value error, " before the reason
        message = " ".join(exc.format_message().split()).replace(": Value error, ", ": ")
        print(f"error: usage: {message}", file=sys.stderr)
        return 2
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
