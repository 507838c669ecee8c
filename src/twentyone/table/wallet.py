"""The wallet ledger's postings, derived from a round's events (the single source of money).

One debit per :class:`~twentyone.engine.WagerPlaced` and one credit per
:class:`~twentyone.engine.WagerSettled` that returns anything. A posting's transaction id is
derived from the round id and the event's index, so posting the same entry twice is a no-op
(the store keeps transaction ids unique). Voiding a round reverses every posting it made, so the
round nets to zero ("a malfunction voids all pays and plays").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from twentyone.engine import Event, WagerPlaced, WagerSettled


class EntryKind(StrEnum):
    """Why money moved."""

    GRANT = "grant"
    """Play money given to a player (the opening balance, a top-up)."""
    WAGER = "wager"
    """A stake debited: a main bet, side bet, insurance, double or split."""
    PAYOUT = "payout"
    """A settled wager paid back (stake included)."""
    VOID_REFUND = "void-refund"
    """A voided round's stake given back."""
    VOID_REVERSAL = "void-reversal"
    """A voided round's payout taken back."""


@dataclass(frozen=True, slots=True)
class Posting:
    """One ledger entry to post: a signed amount in minor units (debits are negative)."""

    txid: str
    round_id: str | None
    amount: int
    kind: EntryKind
    detail: str


def _describe(spot: int, hand: int | None, kind: str, name: str | None) -> str:
    where = f"spot {spot}" if hand is None else f"spot {spot} hand {hand}"
    return f"{where} {name or kind}"


def round_postings(round_id: str, events: Sequence[Event], start: int = 0) -> list[Posting]:
    """The postings of events ``start`` onward (transaction id ``<round>:<event index>``)."""
    out: list[Posting] = []
    for index in range(start, len(events)):
        event = events[index]
        if isinstance(event, WagerPlaced):
            detail = _describe(event.spot, event.hand, str(event.kind), event.name)
            out.append(
                Posting(f"{round_id}:{index}", round_id, -event.stake, EntryKind.WAGER, detail)
            )
        elif isinstance(event, WagerSettled) and event.line.returned > 0:
            line = event.line
            detail = f"{_describe(line.spot, line.hand, str(line.kind), line.name)} {line.outcome}"
            out.append(
                Posting(f"{round_id}:{index}", round_id, line.returned, EntryKind.PAYOUT, detail)
            )
    return out


def void_postings(round_id: str, posted: Iterable[Posting]) -> list[Posting]:
    """Postings that reverse everything ``posted`` for a round (``<txid>:void``)."""
    out: list[Posting] = []
    for posting in posted:
        if posting.round_id != round_id or posting.kind not in (EntryKind.WAGER, EntryKind.PAYOUT):
            continue
        kind = EntryKind.VOID_REFUND if posting.amount < 0 else EntryKind.VOID_REVERSAL
        out.append(
            Posting(
                f"{posting.txid}:void", round_id, -posting.amount, kind, f"void: {posting.detail}"
            )
        )
    return out


def held(events: Iterable[Event]) -> int:
    """Money on the table in a round: staked and not yet paid back or lost."""
    staked = returned = settled = 0
    for event in events:
        if isinstance(event, WagerPlaced):
            staked += event.stake
        elif isinstance(event, WagerSettled):
            settled += event.line.stake
            returned += event.line.returned
    return staked - settled
