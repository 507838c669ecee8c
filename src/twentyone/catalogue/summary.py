"""What ``twentyone games check`` prints about a valid catalogue."""

from __future__ import annotations

from typing import Any

from twentyone.catalogue.model import Catalogue


def summary_lines(catalogue: Catalogue) -> list[str]:
    """What ``twentyone games check`` prints for a valid catalogue."""
    games = len(catalogue.games)
    tables = len(catalogue.paytables)
    lines = [
        f"{catalogue.source}: valid: {games} game{'s' if games != 1 else ''}"
        + (f", {tables} pay table{'s' if tables != 1 else ''}" if tables else "")
        + "."
    ]
    for v in catalogue.games:
        rules = v.rules
        sides = ", ".join(f"{b.name} ({b.paytable})" for b in rules.side_bets) or "no side bet"
        base = f"based on {v.base}" if v.base else "from the default rules"
        spots = f"1-{rules.max_spots} spots" if rules.max_spots > 1 else "1 spot"
        lines.append(
            f"  {v.name}: {v.title}; {base}; {rules.decks} deck{'s' if rules.decks > 1 else ''},"
            f" {spots}; {sides};"
            f" rules {rules.version()}"
        )
        table = []
        if v.chips:
            table.append(f"chips {', '.join(map(str, v.chips))}")
        if v.limits:
            levels = ", ".join(f"{x.level} {x.min_bet}-{x.max_bet}" for x in v.limits)
            table.append(f"main-bet limits {levels}")
        if table:
            lines.append(f"    {'; '.join(table)} (minor units; the rest as the table)")
    for t in catalogue.paytables:
        lines.append(f"  pay table {t.name} of {t.side_bet}")
    return lines


def summary_dict(catalogue: Catalogue) -> dict[str, Any]:
    """JSON form of a valid catalogue (``games check --json``)."""
    return {
        "file": catalogue.source,
        "valid": True,
        "games": [
            {
                "name": v.name,
                "title": v.title,
                "base": v.base,
                "aliases": list(v.aliases),
                "rules_version": v.rules.version(),
                "rules": v.rules.to_dict(),
                "chips": list(v.chips),
                "limits": {x.level: {"min_bet": x.min_bet, "max_bet": x.max_bet} for x in v.limits},
            }
            for v in catalogue.games
        ],
        "paytables": [{"name": t.name, "side_bet": str(t.side_bet)} for t in catalogue.paytables],
    }
