"""Ledger entries labelled as a person reads them (``Bet · Spot 1``, not ``spot 0 hand 0``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from twentyone.display import entry_label, hands_per_spot
from twentyone.store.service import TableService
from twentyone.store.views import RoundRecord


def label_entries(
    entries: Iterable[dict[str, Any]], records: dict[str, RoundRecord]
) -> list[dict[str, Any]]:
    """``entries`` (JSON-ready ledger lines) each with its ``label``; ``records`` are the
    rounds they belong to (their table spots and how many hands each spot had)."""
    out = []
    for entry in entries:
        record = records.get(entry["round_id"] or "")
        label = entry_label(
            entry["kind"],
            entry["detail"],
            positions=None if record is None else tuple(record.positions),
            hands_on_spot=None if record is None else hands_per_spot(record.events),
        )
        out.append({**entry, "label": label})
    return out


def statement_records(
    service: TableService, player_id: str, round_ids: Iterable[str | None]
) -> dict[str, RoundRecord]:
    """The records of the rounds a page of the statement mentions."""
    wanted = {round_id for round_id in round_ids if round_id}
    return {
        round_id: service.records.round_record(player_id, round_id) for round_id in sorted(wanted)
    }
