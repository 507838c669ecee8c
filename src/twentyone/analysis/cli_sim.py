"""``twentyone simulate`` and ``twentyone report`` (SPEC section 9).

``simulate VARIANT --rounds N [--seed S] [--spots K] [--insurance never|always|best]
[--strategy basic|optimal|FILE] [--workers W | --dask ADDRESS] [--check] [--json]`` plays N
rounds (``1e9`` and ``1_000_000`` are understood) with a progress bar on stderr and prints
every figure with its 99% confidence interval next to the exact value; with ``--json`` one
object (:meth:`SimulationResult.to_dict`). ``--dask local`` starts a Dask ``LocalCluster`` of
W workers; ``--check`` plays every round with the engine too and stops at a difference.

``report VARIANT [--out FILE] [--rounds N] [--seed S]`` writes the printable math report (PAR
sheet) of the variant as one self-contained HTML file.

The simulator's modules are imported when a command runs, not when the command line is built.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from twentyone.errors import InvalidArgumentError
from twentyone.variants import find_variant

if TYPE_CHECKING:
    from twentyone.analysis.simulate import SimulationResult

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT, as shells report it)."""
MAX_ROUNDS = 10**13
"""More rounds than any machine plays (a typo guard)."""


def parse_rounds(text: str | int) -> int:
    """A whole number of rounds from ``20000000``, ``20_000_000``, ``2e7`` or ``1E9``.

    >>> parse_rounds("1e9"), parse_rounds("20_000")
    (1000000000, 20000)

    Raises:
        typer.BadParameter: for anything else, zero or a fraction.
    """
    cleaned = str(text).strip().replace("_", "")
    try:
        if "e" in cleaned.lower():
            mantissa, _, exponent = cleaned.lower().partition("e")
            value = float(mantissa) * 10 ** int(exponent)
            if not value.is_integer():
                raise ValueError(text)
            rounds = int(value)
        else:
            rounds = int(cleaned)
    except (ValueError, OverflowError) as exc:
        raise typer.BadParameter(f"{text!r} is not a whole number of rounds") from exc
    if not 1 <= rounds <= MAX_ROUNDS:
        raise typer.BadParameter(f"rounds must be 1 to {MAX_ROUNDS:.0e}")
    return rounds


Rounds = Annotated[
    int,
    typer.Option(
        "--rounds", parser=parse_rounds, metavar="N", help="Rounds to simulate (1e9 works)."
    ),
]
Seed = Annotated[int | None, typer.Option("--seed", min=0, help="Seed (default: fresh, printed).")]


def _run(
    variant: str,
    rounds: int,
    seed: int | None,
    workers: int = 1,
    dask: str | None = None,
    *,
    spots: int = 1,
    insurance: str = "never",
    strategy: str = "basic",
    checked: bool = False,
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

    from twentyone.analysis.simulate import simulate

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
    done = [0]

    def advance(n: int) -> None:
        done[0] += n
        bar.advance(task, n)

    try:
        with Progress(*columns, console=console, transient=True, disable=hidden) as bar:
            task = bar.add_task(f"simulating {found.name}", total=rounds)
            return simulate(
                found.rules,
                rounds,
                seed,
                variant=found.name,
                workers=workers,
                dask_address=dask,
                progress=advance,
                spots=spots,
                insurance=insurance,
                strategy=strategy,
                checked=checked,
            )
    except KeyboardInterrupt:
        # a part of a run is no sample of the seed's run, so no figure is printed for it
        print(
            f"interrupted: the simulation stopped after {done[0]:,} of {rounds:,} rounds"
            " (no figures are printed for a part of a run)",
            file=sys.stderr,
        )
        raise typer.Exit(INTERRUPTED) from None


def _pct(value: float) -> str:
    """A share per bet in percent, as ``house-edge`` prints it: ``-0.5571%``."""
    return f"{value * 100:+.4f}%"


def _interval(lo: float, hi: float) -> str:
    return f"99% CI [{_pct(lo)}, {_pct(hi)}]"


def _print(result: SimulationResult) -> None:
    """The figures for a person: percentages as ``house-edge`` and the report print them (so
    the two can be read side by side), events by their names, none that never happened."""
    from twentyone.analysis.report import HIT_LABELS, ROUND_RESULTS
    from twentyone.display import side_bet_name, variant_name

    print(
        f"{variant_name(result.variant)}: {result.rounds:,} rounds × {result.spots} spot(s), "
        f"seed {result.seed}, path {result.path}, strategy {result.strategy}, insurance "
        f"{result.insurance_policy}"
    )
    print(f"  EV per initial bet   {_pct(result.main.mean)}  {_interval(*result.main.ci99)}")
    if result.exact_ev == result.exact_ev:  # not NaN: an exact figure exists
        verdict = "inside" if result.within_ci else "OUTSIDE"
        print(f"  exact EV             {_pct(result.exact_ev)}  ({verdict} the interval)")
    total = result.ev_per_total_bet
    line = f"  EV per total bet     {_pct(total.mean)}  {_interval(*total.ci99)}"
    if result.exact_ev_per_total_bet == result.exact_ev_per_total_bet:
        line += f", exact {_pct(result.exact_ev_per_total_bet)}"
    print(line)
    print(f"  standard deviation   {result.main.std_dev:.4f} initial bets per round")
    if result.insurance is not None and result.insurance_policy != "never":
        ins = result.insurance
        print(
            f"  insurance            {_pct(ins.mean)}  {_interval(*ins.ci99)}, "
            f"exact {_pct(result.exact_insurance)}"
        )
    for side in result.side_bets:
        exact = float(side.exact.ev)
        verdict = "inside" if side.estimate.covers(exact) else "OUTSIDE"
        print(
            f"  side bet {side_bet_name(side.name)}: EV {_pct(side.estimate.mean)} "
            f"{_interval(*side.estimate.ci99)}, exact {_pct(exact)} ({verdict})"
        )
    found = result.hit_frequencies()
    for name, value in found.items():
        if value > 0.0 or name in ROUND_RESULTS:
            print(f"  {HIT_LABELS[name]:<40} {value:.5f}")
    absent = [HIT_LABELS[k] for k, v in found.items() if v == 0.0 and k not in ROUND_RESULTS]
    if absent:
        print(f"  not seen: {', '.join(absent)}")
    line = f"  {result.seconds:.2f} s, {result.rounds_per_second:,.0f} rounds/s"
    if result.cpu_seconds == result.cpu_seconds:  # measured (not NaN)
        line += f", {result.rounds_per_cpu_second:,.0f} rounds per CPU second"
    print(line + f" on {result.workers} worker(s)")


def simulate_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    *,
    rounds: Rounds,
    seed: Seed = None,
    spots: Annotated[
        int, typer.Option("--spots", min=1, help="Spots played each round (up to the game's).")
    ] = 1,
    insurance: Annotated[
        str, typer.Option("--insurance", help="Insurance and even money: never, always or best.")
    ] = "never",
    strategy: Annotated[
        str,
        typer.Option(
            "--strategy", help="basic, optimal, or a chart file (strategy --format json)."
        ),
    ] = "basic",
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", min=1, help="Local processes (default: one per core; same result)."
        ),
    ] = None,
    dask: Annotated[
        str | None,
        typer.Option("--dask", help="Dask scheduler address (tcp://host:8786), or 'local'."),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Play every round with the engine too and compare.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """Simulate the variant and compare every figure with its exact value."""
    if insurance not in ("never", "always", "best"):
        raise InvalidArgumentError("--insurance is never, always or best")
    result = _run(
        variant,
        rounds,
        seed,
        workers or os.cpu_count() or 1,
        dask,
        spots=spots,
        insurance=insurance,
        strategy=strategy,
        checked=check,
    )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    _print(result)


def report_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Output file (default VARIANT-par.html).")
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            parser=parse_rounds,
            metavar="N",
            help="Rounds of the confirming simulation (default: enough for a 99% interval of "
            "at most ±0.02%).",
        ),
    ] = None,
    seed: Seed = None,
) -> None:
    """Write the variant's math report (PAR sheet) as a printable HTML file."""
    from twentyone.analysis.report import REPORT_PRUNE, report_html, report_rounds

    found = find_variant(variant)
    path = out or Path(f"{found.name}-par.html")
    folder = path.parent if str(path.parent) else Path()
    if not folder.is_dir() or not os.access(folder, os.W_OK) or path.is_dir():
        raise InvalidArgumentError(f"cannot write the report to {path}")
    result = _run(found.name, rounds or report_rounds(found.rules), seed, os.cpu_count() or 1)
    try:
        path.write_text(report_html(found, result, prune=REPORT_PRUNE), encoding="utf-8")
    except OSError as exc:
        raise InvalidArgumentError(f"cannot write the report to {path}: {exc.strerror}") from exc
    print(path)


def register(app: typer.Typer) -> None:
    """Add ``simulate`` and ``report`` to ``app``."""
    app.command("simulate")(simulate_command)
    app.command("report")(report_command)
