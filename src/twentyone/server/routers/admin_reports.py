"""The back office's reports: game performance against theory, and daily totals (also CSV)."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime, time, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

from twentyone.display import text
from twentyone.errors import TwentyoneError
from twentyone.server.admin_deps import CurrentAdmin
from twentyone.server.deps import RtpDep, ServiceDep
from twentyone.server.errors import error_response
from twentyone.server.settings import RtpProvider
from twentyone.store.reports import MAX_DAYS, DayTotals, insurance_rtp
from twentyone.store.service import TableService
from twentyone.variants import find_variant

router = APIRouter(prefix="/api/admin/reports", tags=["back office"])

Day = Annotated[date | None, Query(description="A UTC day, YYYY-MM-DD")]
CSV_COLUMNS = (
    ("day", "admin.col.day"),
    ("rounds", "admin.col.rounds-started"),
    ("staked", "admin.col.staked"),
    ("returned", "admin.col.returned"),
    ("voided", "admin.col.voided"),
    ("house_net", "admin.col.house"),
    ("granted", "admin.col.granted"),
    ("held", "admin.col.held"),
    ("ledger_change", "admin.col.ledger-change"),
)
"""The daily CSV's columns: each field of the daily totals with the catalogue key of its header.
The headers are written in the reader's language; the cells are machine-readable whatever the
language: ``day`` an ISO date (``2026-12-01``), ``rounds`` an integer, every other column an
amount in major units as a plain decimal (``-1234.50``: a point, no separators)."""


def _theory(rtp: RtpProvider, variant: str) -> dict[tuple[str, str | None], float]:
    """The exact RTP of the variant's main game (its strategy as the table plays), side bets
    and insurance (always insured, only the dealer's ace known), keyed as the performance rows
    are (cached by the provider)."""
    try:
        game = find_variant(variant)
        figures = rtp(game)
    except TwentyoneError:
        return {}
    out: dict[tuple[str, str | None], float] = {}
    if game.rules.insurance:
        out[("insurance", None)] = float(insurance_rtp(game.rules))
    base = figures.get("base_game_rtp")
    if isinstance(base, int | float):
        out[("main", None)] = float(base)
    sides = figures.get("side_bets")
    for side in sides if isinstance(sides, list) else []:
        out[("side", str(side["name"]))] = float(side["rtp"])
    return out


def _moment(day: date | None) -> datetime | None:
    return None if day is None else datetime.combine(day, time.min)


@router.get("/performance", summary="Game performance against theory")
def performance(
    service: ServiceDep,
    admin: CurrentAdmin,
    rtp: RtpDep,
    since: Day = None,
    until: Day = None,
) -> dict[str, Any]:
    """Per game and bet (main game, insurance, each side bet), over the settled rounds started
    from ``since`` to ``until`` (UTC days, both included): rounds, staked, returned, realised
    RTP with its 99% confidence interval, the theoretical RTP and whether it falls outside."""
    end = None if until is None else until + timedelta(days=1)
    figures = service.reports.performance(since=_moment(since), until=_moment(end))
    theories: dict[str, dict[tuple[str, str | None], float]] = {}
    rows = []
    for item in figures:
        if item.variant not in theories:
            theories[item.variant] = _theory(rtp, item.variant)
        rows.append(item.to_dict(theories[item.variant].get((item.bet, item.name))))
    return {"rows": rows, "confidence": 0.99}


def _days(service: TableService, since: date | None, until: date | None) -> list[DayTotals]:
    last = until or service.store.now().date()
    first = since or last - timedelta(days=29)
    return service.reports.daily(first, last)


def _range_error(since: date | None, until: date | None) -> Response | None:
    if since is not None and until is not None:
        days = (until - since).days + 1
        if not 1 <= days <= MAX_DAYS:
            return error_response(
                "invalid-request", f"the period must be 1 to {MAX_DAYS} days, not {days}"
            )
    return None


@router.get("/daily", summary="Daily totals")
def daily(service: ServiceDep, admin: CurrentAdmin, since: Day = None, until: Day = None) -> Any:
    """Per UTC day (default: the last 30): rounds started, staked, returned, voided, house
    net, play money granted, held in open rounds at the day's end, and the ledger change they
    add up to."""
    refused = _range_error(since, until)
    if refused is not None:
        return refused
    days = _days(service, since, until)
    return {"days": [d.to_dict() for d in days]}


def major_units(minor: int) -> str:
    """Minor units as a plain decimal for a spreadsheet: ``-1234.50`` (no separators).

    >>> major_units(123450), major_units(-5), major_units(0)
    ('1234.50', '-0.05', '0.00')
    """
    sign = "-" if minor < 0 else ""
    return f"{sign}{abs(minor) // 100}.{abs(minor) % 100:02d}"


@router.get(
    "/daily.csv",
    summary="Daily totals as CSV",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}}, "description": "The daily totals"}},
)
def daily_csv(
    service: ServiceDep, admin: CurrentAdmin, since: Day = None, until: Day = None
) -> Response:
    """The daily totals as a CSV file: one header row in the reader's language (``?lang=``,
    else ``Accept-Language``), then one row per day whose cells are the same in every language
    for a spreadsheet to read: the day as an ISO date, rounds started as an integer, and the
    amounts (staked, returned, voided, house net, play money granted, held in open rounds at the
    day's end, ledger change) in major units as plain decimals with two places."""
    refused = _range_error(since, until)
    if refused is not None:
        return refused
    days = _days(service, since, until)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([text(key) for _, key in CSV_COLUMNS])
    for day in days:
        data = day.to_dict()
        writer.writerow(
            [
                data[key] if key in {"day", "rounds"} else major_units(int(data[key]))
                for key, _ in CSV_COLUMNS
            ]
        )
    name = f"daily-{days[0].day.isoformat()}-{days[-1].day.isoformat()}.csv"
    return Response(
        out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
