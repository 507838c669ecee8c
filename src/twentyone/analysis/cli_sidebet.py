"""``twentyone sidebet NAME``: the exact return of a side bet (SPEC section 9).

With ``--json`` the output is one object ``{"name", "paytable", "decks", "ev": "p/q",
"ev_float", "rtp", "outcomes": [{"outcome", "pays", "probability": "p/q",
"probability_float"}]}`` plus ``hit_frequency``, ``std_dev`` and ``notes``; without it, a table.
Bad arguments raise :class:`~twentyone.errors.InvalidRulesError`, which the command turns into
exit status 2 and one line on stderr.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from twentyone.analysis.sidebets import SideBetAnalysis, analyse_side_bet


def register(app: typer.Typer) -> None:
    """Add the ``sidebet`` sub-command to ``app``."""
    app.command("sidebet")(sidebet)


def sidebet(
    name: Annotated[str, typer.Argument(help="lucky-lucky, lucky-7 or lucky-ladies.")],
    decks: Annotated[
        int | None,
        typer.Option(help="Decks in the shoe (default: the deck count of the variant's game)."),
    ] = None,
    paytable: Annotated[
        str | None, typer.Option(help="Pay-table name (default: the side bet's default).")
    ] = None,
    third_card: Annotated[
        str | None,
        typer.Option(
            "--third-card",
            help="Lucky 7 only: 'always' or 'unless-dealer-blackjack' (default, as the "
            "lucky-7 variant plays it).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Exact side-bet analysis: per outcome its probability and contribution; EV and RTP."""
    analysis = analyse_side_bet(name, decks, paytable, third_card)
    if as_json:
        typer.echo(json.dumps(analysis.to_dict()))
    else:
        _print_table(analysis)


def _print_table(analysis: SideBetAnalysis) -> None:
    """A readable table of the analysis: the side bet, its pay table and outcomes by their
    names (the ids ``--paytable`` takes and the JSON holds are in brackets after the names)."""
    from twentyone.display import paytable_name, side_bet_name, side_outcome_name

    bet, table_id = str(analysis.name), analysis.paytable
    title = (
        f"{side_bet_name(bet)} — {paytable_name(bet, table_id)} ({table_id}), "
        f"{analysis.decks} decks"
    )
    if analysis.third_card is not None:
        title += f", third card {analysis.third_card}"
    table = Table(title=title)
    table.add_column("outcome")
    table.add_column("pays", justify="right")
    table.add_column("probability", justify="right")
    table.add_column("exact", justify="right")
    table.add_column("contribution", justify="right")
    for line in analysis.outcomes:
        table.add_row(
            side_outcome_name(bet, line.outcome),
            f"{line.pays}:1" if line.pays >= 0 else "-1",
            f"{float(line.probability):.8f}",
            str(line.probability),
            f"{float(line.contribution):+.6f}",
        )
    console = Console()
    console.print(table)
    console.print(f"EV per unit staked: {float(analysis.ev):+.6f} ({analysis.ev})")
    console.print(f"RTP: {float(analysis.rtp) * 100:.4f}%")
    console.print(f"House edge: {float(analysis.house_edge) * 100:.4f}%")
    console.print(f"Hit frequency: {float(analysis.hit_frequency) * 100:.4f}%")
    console.print(f"Standard deviation: {analysis.std_dev:.4f}")
    for note in analysis.notes:
        console.print(f"note: {note}", highlight=False)
