"""``twentyone simulate`` and ``twentyone report`` (SPEC section 9).

``simulate VARIANT --rounds N [--seed S] [--workers K] [--dask ADDRESS] [--json]`` plays N rounds
(one spot, basic strategy, the side bet at its minimum, insurance declined) with a progress bar
on stderr and prints the mean result with its 99% confidence interval next to the exact EV; with
``--json`` one object (:meth:`SimulationResult.to_dict`).

``report VARIANT [--out FILE] [--rounds N] [--seed S]`` writes the printable math report (PAR
sheet) of the variant as one self-contained HTML file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer

from twentyone.analysis.simulate import SimulationResult, simulate
from twentyone.errors import InvalidArgumentError
from twentyone.variants import find_variant

Rounds = Annotated[int, typer.Option("--rounds", min=1, help="Rounds to simulate.")]
Seed = Annotated[int | None, typer.Option("--seed", min=0, help="Seed (default: fresh, printed).")]


def _run(
    variant: str,
    rounds: int,
    seed: int | None,
    workers: int = 1,
    dask: str | None = None,
    *,
    quiet: bool = False,
) -> SimulationResult:
    """Simulate with a Rich progress bar on stderr."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    found = find_variant(variant)
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    hidden = quiet or not console.is_terminal  # stderr stays clean for scripts and pipes
    with Progress(*columns, console=console, transient=True, disable=hidden) as bar:
        task = bar.add_task(f"simulating {found.name}", total=rounds)
        return simulate(
            found.rules,
            rounds,
            seed,
            variant=found.name,
            workers=workers,
            dask_address=dask,
            progress=lambda n: bar.advance(task, n),
        )


def simulate_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    *,
    rounds: Rounds,
    seed: Seed = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Local processes (independent streams).")
    ] = 1,
    dask: Annotated[
        str | None, typer.Option("--dask", help="Dask scheduler address, e.g. tcp://host:8786.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Simulate the variant with the basic strategy and compare with the exact EV."""
    result = _run(variant, rounds, seed, workers, dask)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    lo, hi = result.main.ci99
    print(f"{result.variant}: {result.rounds:,} rounds, seed {result.seed}, path {result.path}")
    print(f"  EV per initial bet   {result.main.mean:+.5f}  99% CI [{lo:+.5f}, {hi:+.5f}]")
    verdict = "inside" if result.within_ci else "OUTSIDE"
    print(f"  exact EV (basic)     {result.exact_ev:+.5f}  ({verdict} the interval)")
    print(f"  standard deviation   {result.main.std_dev:.4f}")
    print(f"  EV per total bet     {result.ev_per_total_bet.mean:+.5f}")
    if result.side_bet is not None:
        side = result.side_bet
        slo, shi = side.estimate.ci99
        print(
            f"  side bet {side.name}: EV {side.estimate.mean:+.5f} [{slo:+.5f}, {shi:+.5f}], "
            f"exact {float(side.exact.ev):+.5f}"
        )
    for name, value in result.hit_frequencies().items():
        print(f"  {name:<24} {value:.5f}")
    print(f"  {result.seconds:.2f} s, {result.rounds_per_second:,.0f} rounds/s")


def report_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Output file (default VARIANT-par.html).")
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            min=1,
            help="Rounds of the confirming simulation (default: enough for a 99% interval of "
            "at most ±0.02%).",
        ),
    ] = None,
    seed: Seed = None,
) -> None:
    """Write the variant's math report (PAR sheet) as a printable HTML file."""
    from twentyone.analysis.report import report_html, report_rounds

    found = find_variant(variant)
    path = out or Path(f"{found.name}-par.html")
    folder = path.parent if str(path.parent) else Path()
    if not folder.is_dir() or not os.access(folder, os.W_OK) or path.is_dir():
        raise InvalidArgumentError(f"cannot write the report to {path}")
    result = _run(found.name, rounds or report_rounds(found.rules), seed)
    try:
        path.write_text(report_html(found, result), encoding="utf-8")
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write the report to {path}: {exc.strerror}") from exc
    print(path)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``report`` to ``app``."""
    app.command("simulate")(simulate_command)
    app.command("report")(report_command)
