"""``twentyone house-edge`` and ``twentyone strategy``: the exact base game (SPEC section 9).

``house-edge VARIANT [--rule KEY=VALUE ...] [--strategy optimal|basic] [--json]
[--distribution/--no-distribution]`` prints the player's expected result per initial bet, the
RTP and the result per amount staked; with ``--json`` one object ``{"variant", "rules",
"strategy", "ev", "rtp", "ev_per_total_bet", "seconds"}`` plus ``expected_stake``,
``insurance_ev``, ``sd``, ``variance``, ``sd_exact`` and ``distribution`` (``{"outcomes":
[{"net", "probability"}], "exact", "approximate", "sd", "variance", "sd_exact", "table_sd",
"table_variance"}``: every net result of a round per initial bet with its chance; ``exact`` is
false when split rounds that may be resplit enter, their hands combined given the dealer's
outcome, ``approximate`` the chance of those rounds; docs/commands.md lists every command's).

The distribution costs more than the house edge itself (one to three times as long), so it is
computed only where it is shown: in the JSON object (``--no-distribution`` leaves ``sd``,
``variance`` and ``distribution`` null), and in the text with ``--distribution``.

``strategy VARIANT [--rule KEY=VALUE ...] --format text|json|html|png [--out FILE]`` prints or
writes the basic strategy chart derived from the exact values.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from twentyone.errors import InvalidArgumentError, InvalidRulesError
from twentyone.rules import Rules
from twentyone.variants import find_variant


class ChartFormat(StrEnum):
    """Output format of ``twentyone strategy``."""

    TEXT = "text"
    """A fixed-width table."""
    JSON = "json"
    """One JSON object."""
    HTML = "html"
    """A coloured HTML page."""
    PNG = "png"
    """A coloured picture (needs ``--out``, or goes to ``strategy-VARIANT.png``)."""


def rules_with_overrides(variant: str, overrides: list[str] | None) -> tuple[str, Rules]:
    """The variant's name and rules with ``KEY=VALUE`` overrides applied.

    Raises:
        UnknownVariantError: for an unknown variant.
        InvalidRulesError: for a malformed override or an impossible rule set.
    """
    found = find_variant(variant)
    changes: dict[str, str] = {}
    for item in overrides or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InvalidRulesError(f"--rule needs KEY=VALUE, not {item!r}")
        changes[key.strip()] = value.strip()
    try:
        rules = found.rules.replace(**changes) if changes else found.rules
    except ValueError as exc:
        if isinstance(exc, InvalidRulesError):
            raise
        raise InvalidRulesError(str(exc)) from exc
    return found.name, rules


RuleOption = Annotated[
    list[str] | None,
    typer.Option("--rule", help="Override a rule switch, e.g. --rule decks=8 (repeatable)."),
]


def house_edge_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    rule: RuleOption = None,
    strategy: Annotated[
        str,
        typer.Option(
            help="optimal (composition-dependent, CDZ-), cdp1 (split hands play their own best), "
            "cdp (and by the number of hands) or basic (chart)."
        ),
    ] = "optimal",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    distribution: Annotated[
        bool | None,
        typer.Option(
            "--distribution/--no-distribution",
            help="Also compute the distribution of a round's result and its standard deviation "
            "(default: with --json only).",
        ),
    ] = None,
    prune: Annotated[
        float,
        typer.Option(
            metavar="CHANCE",
            help="Sum every split of the distribution's table, leaving out only rounds whose "
            "chance is bound below CHANCE, and print that bound on what the table lacks "
            "(e.g. 1e-9; slower: about 10 CPU seconds for 6 decks split to 4).",
        ),
    ] = 0.0,
) -> None:
    """Exact house edge of the base game (no side bets, insurance declined)."""
    from twentyone.analysis.exact.actions import StrategyKind
    from twentyone.analysis.exact.house_edge import house_edge

    name, rules = rules_with_overrides(variant, rule)
    try:
        kind = StrategyKind(strategy)
    except ValueError as exc:
        raise InvalidRulesError(
            f"unknown strategy {strategy!r}; known: {', '.join(StrategyKind)}"
        ) from exc
    if not 0.0 <= prune < 1.0:
        raise InvalidArgumentError(
            f"--prune takes a chance from 0 up to (not including) 1, not {prune:g}"
        )
    shown = as_json if distribution is None else distribution
    if prune > 0.0 and not shown:
        raise InvalidArgumentError("--prune prunes the distribution's table: add --distribution")
    result = house_edge(rules, kind, distribution=shown, prune=prune)
    if as_json:
        out = {
            "variant": name,
            "rules": rules.to_dict(),
            "strategy": str(kind),
            "ev": result.ev,
            "rtp": result.rtp,
            "ev_per_total_bet": result.ev_per_total_bet,
            "expected_stake": result.expected_stake,
            "insurance_ev": result.insurance_ev,
            "sd": result.sd,
            "variance": result.variance,
            "sd_exact": result.sd_exact,
            "distribution": result.distribution_dict(),
            "seconds": result.seconds,
        }
        print(json.dumps(out))
        return
    print(f"{name} ({kind} strategy)")
    print(f"  player EV per initial bet  {result.ev * 100:+.4f}%")
    print(f"  RTP                        {result.rtp * 100:.4f}%")
    print(f"  EV per total amount bet    {result.ev_per_total_bet * 100:+.4f}%")
    print(f"  expected total bet         {result.expected_stake:.4f} initial bets")
    if result.sd is not None:
        print(f"  standard deviation         {result.sd:.4f} initial bets per round")
        outcomes = result.distribution.outcomes if result.distribution is not None else ()
        for net, chance in outcomes:
            print(f"    net {net:+5.1f}  {chance * 100:.6g}%")
        dist = result.distribution
        if dist is not None and dist.missing > 0.0:
            print(
                f"    each chance is at most {dist.missing * 100:.2g}% below its exact value"
                " (rounds pruned)"
            )
        elif dist is not None and not dist.exact:
            print(
                f"    each chance is within {dist.approximate * 100:.2g}% of its exact value"
                " (rounds of some splits combined as independent)"
            )
    if result.insurance_ev is not None:
        print(
            f"  insurance EV (ace up)      {result.insurance_ev * 100:+.4f}% of the insurance bet"
        )
    print(f"  computed in {result.seconds:.2f} s")


def strategy_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    rule: RuleOption = None,
    fmt: Annotated[
        ChartFormat, typer.Option("--format", help="text, json, html or png.")
    ] = ChartFormat.TEXT,
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file.")] = None,
) -> None:
    """Basic strategy chart (hard, soft, pairs) derived from the exact values."""
    from twentyone.analysis.exact.chart import chart_html, chart_png, chart_text
    from twentyone.analysis.exact.strategy import strategy_chart
    from twentyone.display import variant_name

    name, rules = rules_with_overrides(variant, rule)
    # The chart is read by people (a printed or pasted picture): the game's title, not its id.
    changed = " ".join(rule or ())
    title = f"{variant_name(name)}{f' ({changed})' if changed else ''}: basic strategy"
    chart = strategy_chart(rules, title=f"{title} ({rules.decks} decks)")
    if fmt is ChartFormat.PNG:
        _write(out or Path(f"strategy-{name}.png"), chart_png(chart))
        return
    if fmt is ChartFormat.JSON:
        text = json.dumps({"variant": name, **chart.to_dict()}) + "\n"
    elif fmt is ChartFormat.HTML:
        text = chart_html(chart)
    else:
        text = chart_text(chart)
    if out is not None:
        _write(out, text.encode("utf-8"))
    else:
        sys.stdout.write(text)


def _write(path: Path, data: bytes) -> None:
    """Write the chart to ``path`` and print where it went.

    Raises:
        InvalidArgumentError: when ``path`` cannot be written (no such folder, a folder, no
            permission), in one line instead of a traceback.
    """
    try:
        path.write_bytes(data)
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write the chart to {path}: {exc.strerror}") from exc
    print(path)


def register(app: typer.Typer) -> None:
    """Add ``house-edge`` and ``strategy`` to ``app``."""
    app.command("house-edge")(house_edge_command)
    app.command("strategy")(strategy_command)
