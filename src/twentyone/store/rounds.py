"""The stored round: saving it, rebuilding it, voiding it, and the state a player sees.

A round in progress is kept as its rules, bets, encrypted shoe and decisions; each step saves
its new events and ledger entries with it (one multi-row insert each), so they are committed
together before anything is shown. After a crash it is rebuilt by replaying them (same cards,
same pending decision); a round that cannot be rebuilt is voided and refunded. A finished
round is rebuilt for its view from its clear record (cards, decisions) on the same row.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from twentyone.cards import DECK, Card, parse_cards, verify_shoe
from twentyone.engine import Action, CardDealt, Event, Phase, Round, RoundView, SpotBet
from twentyone.engine.record import dealt_cards, decisions, replay
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules
from twentyone.store import rows
from twentyone.store.accounts import post, wallet_of
from twentyone.store.codec import dumps, event_dict
from twentyone.store.rows import StoredPlayer, StoredRound
from twentyone.store.unit import Store, Unit, aware
from twentyone.store.views import RoundState, RoundSummary, Wallet
from twentyone.table import play
from twentyone.table.wallet import EntryKind, Posting, held, round_postings, void_postings

OPEN, SETTLED, VOID = "open", "settled", "void"

REBUILD_ERRORS = (TwentyoneError, KeyError, TypeError, json.JSONDecodeError)
"""What a round that cannot be rebuilt raises."""

_TEXT = {card: str(card) for card in DECK}


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as stored: their names, space-separated."""
    return " ".join([_TEXT[card] for card in cards])


# -- saving ----------------------------------------------------------------------------------


def save(
    unit: Unit, player: StoredPlayer, row: StoredRound, rnd: Round, *, new: bool = False
) -> None:
    """Write the round's new events and ledger entries and the round (the player at the end).

    All in the unit's transaction; ``new`` inserts the round row instead of updating it.
    """
    conn = unit.conn
    events = rnd.events
    over = rnd.is_over
    public = events if over else rnd.public_events()
    start = row.events_saved
    post(unit, player, round_postings(row.id, events, start))
    taken = decisions(rnd)
    row.events_saved = len(events)
    row.decisions = dumps(list(taken))
    row.step = len(taken)
    row.staked = rnd.staked
    row.returned = rnd.returned
    row.updated_at = unit.now
    if over:
        row.status = SETTLED
        row.cards = dumps([_TEXT[c] for c in dealt_cards(rnd)])
        row.shoe = None
        row.balance_after = player.balance
        row.finished_at = unit.now
        player.open_round_id = None
    if new:
        unit.driver.insert_round(conn, row)
        unit.hold_round(row)
    else:
        unit.driver.write_round(conn, row)
    if start < len(events):
        unit.driver.insert_events(
            conn,
            [
                {
                    "round_id": row.id,
                    "seq": seq,
                    "type": type(public[seq]).__name__,
                    "data": dumps(event_dict(public[seq])),
                    "hidden": public[seq] is not events[seq],
                }
                for seq in range(start, len(events))
            ],
        )
    live = unit.store.live
    if over:
        _unhide(unit, row.id, events, start)
        live.pop(row.id, None)
    else:
        live[row.id] = (row.step, rnd)


def _unhide(unit: Unit, round_id: str, events: Sequence[Event], stop: int) -> None:
    """Show the face-down cards stored hidden among the first ``stop`` events."""
    shown = [
        {"b_round": round_id, "b_seq": seq, "b_data": dumps(event_dict(events[seq]))}
        for seq in range(stop)
        if isinstance(event := events[seq], CardDealt) and event.face_down
    ]
    if shown:
        unit.driver.unhide(unit.conn, shown)


# -- rebuilding and voiding ------------------------------------------------------------------


def rebuild(store: Store, row: StoredRound) -> Round:
    """Replay the round from its rules, bets, shoe and decisions (cached while unchanged)."""
    cached = store.live.get(row.id)
    if cached is not None and cached[0] == row.step:
        return cached[1]
    rules = Rules.from_dict(json.loads(row.rules))
    bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in json.loads(row.bets)]
    if row.shoe is None:
        raise TwentyoneError("the round's shoe is missing")
    cards = parse_cards(store.cipher.decrypt(row.shoe))
    verify_shoe(cards, rules.decks)  # a stored shoe the rules cannot hold is not resumed
    rnd = replay(rules, bets, cards, json.loads(row.decisions))
    if len(rnd.events) != row.events_saved or rnd.is_over:
        raise TwentyoneError("the replayed round does not match its stored events")
    store.live[row.id] = (row.step, rnd)
    return rnd


def rebuild_or_none(store: Store, row: StoredRound) -> Round | None:
    """The rebuilt round, or ``None`` if it cannot be rebuilt."""
    try:
        return rebuild(store, row)
    except REBUILD_ERRORS:
        return None


def held_by(store: Store, row: StoredRound) -> int:
    """What an unfinished round holds: the stakes of its wagers not settled yet (a lost side
    bet is settled: it is not held). A round that cannot be rebuilt holds what it took (its
    void refunds that)."""
    rnd = rebuild_or_none(store, row)
    return row.staked - row.returned if rnd is None else held(rnd.events)


def resume(unit: Unit, player: StoredPlayer, row: StoredRound) -> Round | None:
    """The round in progress, or ``None`` after voiding one that cannot be rebuilt."""
    try:
        return rebuild(unit.store, row)
    except REBUILD_ERRORS as exc:
        void(unit, player, row, f"malfunction: cannot resume ({exc})", None)
        return None


def void(
    unit: Unit, player: StoredPlayer, row: StoredRound, reason: str, rnd: Round | None
) -> None:
    """Void the round: every posting it made is reversed (all pays and plays)."""
    posted = [
        Posting(e.txid, e.round_id, e.amount, EntryKind(e.kind), e.detail)
        for e in unit.conn.execute(rows.ROUND_LEDGER, {"round_id": row.id})
    ]
    post(unit, player, void_postings(row.id, posted))
    if rnd is not None:
        row.cards = dumps([_TEXT[c] for c in dealt_cards(rnd)])
        _unhide(unit, row.id, rnd.events, min(row.events_saved, len(rnd.events)))
    row.status = VOID
    row.void_reason = reason
    row.shoe = None
    row.balance_after = player.balance
    row.finished_at = row.updated_at = unit.now
    if player.open_round_id == row.id:
        player.open_round_id = None
    unit.driver.write_round(unit.conn, row)
    unit.store.live.pop(row.id, None)


def finished_round(row: StoredRound) -> Round:
    """A settled round replayed from its clear record (its cards and decisions)."""
    assert row.cards is not None
    rules = Rules.from_dict(json.loads(row.rules))
    bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in json.loads(row.bets)]
    return replay(rules, bets, parse_cards(json.loads(row.cards)), json.loads(row.decisions))


# -- what the player sees --------------------------------------------------------------------


def state_of(unit: Unit, player: StoredPlayer, row: StoredRound) -> RoundState:
    """The round as the player sees it (an unfinished one that cannot be resumed: void)."""
    rnd = resume(unit, player, row) if row.status == OPEN else None
    if rnd is not None:
        return live_state(unit, player, row, rnd)
    settled = row.status == SETTLED and row.cards is not None
    return finished_state(unit, player, row, finished_round(row).view() if settled else None)


def finished_state(
    unit: Unit, player: StoredPlayer, row: StoredRound, view: RoundView | None
) -> RoundState:
    """A finished (or voided) round: nothing is offered."""
    if view is None:
        view = RoundView(Phase.SETTLED, (), None, None, (), None, (), (), ())
    return _build(row, view, wallet_of(unit, player), staked=row.staked, returned=row.returned)


def live_state(unit: Unit, player: StoredPlayer, row: StoredRound, rnd: Round) -> RoundState:
    """The round ``rnd`` of ``row`` just played: what the balance can cover is offered."""
    if row.status != OPEN:
        return finished_state(unit, player, row, rnd.view())
    available = player.balance
    return _build(
        row,
        rnd.view(),
        Wallet(player.balance, held(rnd.events)),
        staked=rnd.staked,
        returned=rnd.returned,
        legal=play.affordable_actions(rnd, available),
        unaffordable=play.unaffordable_actions(rnd, available),
        apply_to_all=rnd.phase is Phase.INSURANCE,
    )


def _build(
    row: StoredRound,
    view: RoundView,
    wallet: Wallet,
    *,
    staked: int,
    returned: int,
    legal: tuple[Action, ...] = (),
    unaffordable: tuple[Action, ...] = (),
    apply_to_all: bool = False,
) -> RoundState:
    return RoundState(
        round_id=row.id,
        variant=row.variant,
        rules_version=row.rules_version,
        status=row.status,
        step=row.step,
        positions=tuple(json.loads(row.layout)),
        view=view,
        legal_actions=legal,
        unaffordable=unaffordable,
        apply_to_all=apply_to_all,
        wallet=wallet,
        staked=staked,
        returned=returned,
        void_reason=row.void_reason,
    )


def summary(row: StoredRound) -> RoundSummary:
    """A round's line in the player's history."""
    return RoundSummary(
        id=row.id,
        variant=row.variant,
        rules_version=row.rules_version,
        status=row.status,
        started_at=aware(row.started_at),
        finished_at=None if row.finished_at is None else aware(row.finished_at),
        staked=row.staked,
        returned=row.returned,
        balance_before=row.balance_before,
        balance_after=row.balance_after,
        void_reason=row.void_reason,
    )
