"""The store's plain-record rows and its idempotent ledger posting (SPEC section 5 "Wallet").

"Every balance change is a ledger entry with a unique transaction id and the round id; applying
the same entry twice has no effect. Balance = sum of the ledger, always." The service posts with
``INSERT ... ON CONFLICT (txid) DO NOTHING``; these tests hold it to that, also when an entry in
the middle of a batch is already posted, and check that concurrent calls for one player on two
connections never lose an update (the player's lock, then fresh reads).
"""

from __future__ import annotations

import threading

from sqlalchemy import select
from storetest import OpenService

from twentyone.engine import Action, SpotBet
from twentyone.store import rows
from twentyone.store.accounts import post
from twentyone.store.service import TableService
from twentyone.table.wallet import EntryKind, Posting


def test_round_record_fields_are_the_rounds_columns_in_order() -> None:
    """Rows are read positionally, so the records must list the table's columns in order."""
    assert tuple(c.name for c in rows.ROUNDS.c) == rows.ROUND_FIELDS
    names = tuple(c.name for c in rows.PLAYER_COLS)
    assert names == tuple(rows.StoredPlayer.__dataclass_fields__)[: len(names)]


def _post(service: TableService, player_id: str, postings: list[Posting]) -> None:
    with service.unit() as unit:
        post(unit, unit.player(player_id), postings)


def _running_balances_hold(service: TableService, player_id: str) -> None:
    statement = service.records.statement(player_id, limit=1000)
    assert statement.reconciles
    running = 0
    for line in statement.entries:
        running += line.amount
        assert line.balance_after == running, line


def test_posting_a_batch_twice_changes_nothing(service: TableService) -> None:
    """Applying the same entries again has no effect on the ledger or the balance."""
    p = service.accounts.create_player("p", grant=1000).id
    batch = [
        Posting(f"t:{i}", None, amount, EntryKind.GRANT, "test")
        for i, amount in enumerate([500, -200, 300])
    ]
    _post(service, p, batch)
    _post(service, p, batch)
    statement = service.records.statement(p)
    assert statement.total == 4
    assert statement.balance == 1600
    _running_balances_hold(service, p)


def test_an_already_posted_entry_inside_a_batch_is_skipped(service: TableService) -> None:
    """Only the new entries go in, and their running balances skip the known one."""
    p = service.accounts.create_player("p", grant=1000).id
    _post(service, p, [Posting("t:1", None, 500, EntryKind.GRANT, "first")])
    batch = [
        Posting("t:0", None, 10, EntryKind.GRANT, "new"),
        Posting("t:1", None, 500, EntryKind.GRANT, "again"),
        Posting("t:2", None, 20, EntryKind.GRANT, "new"),
        Posting("t:0", None, 10, EntryKind.GRANT, "twice in one batch"),
        Posting("t:3", None, 30, EntryKind.GRANT, "new"),
    ]
    _post(service, p, batch)
    statement = service.records.statement(p)
    assert [(e.txid, e.amount, e.balance_after) for e in statement.entries[1:]] == [
        ("t:1", 500, 1500),
        ("t:0", 10, 1510),
        ("t:2", 20, 1530),
        ("t:3", 30, 1560),
    ]
    assert statement.balance == 1560
    _running_balances_hold(service, p)


def test_concurrent_bets_on_two_connections_lose_no_chip(open_service: OpenService) -> None:
    """Two server processes clicking for one player: every chip placed is on the table."""
    first, second = open_service(), open_service()
    p = first.accounts.create_player("p").id
    clicks = 15
    errors: list[BaseException] = []

    def click(svc: TableService) -> None:
        try:
            for _ in range(clicks):
                svc.seat.place(p, "european", 0, 100)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=click, args=(svc,)) for svc in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert first.seat.table(p, "european").layout.total == 2 * clicks * 100


def test_concurrent_actions_on_two_connections_stay_consistent(
    open_service: OpenService,
) -> None:
    """Two connections acting in one round: each step is taken once, on the fresh round."""
    first, second = open_service(), open_service()
    p = first.accounts.create_player("p", grant=10**9).id
    outcomes: list[str] = []

    def play(svc: TableService) -> None:
        for _ in range(40):
            state = svc.play.current_round(p)
            if state is None or state.is_over:
                try:
                    svc.seat.set_bets(p, "european", [SpotBet(1000)])
                    svc.play.deal(p, "european")
                except Exception as exc:  # another connection dealt first
                    outcomes.append(type(exc).__name__)
                continue
            legal = state.legal_actions
            action = Action.STAND if Action.STAND in legal else legal[0]
            try:
                # The round it saw: another connection may have finished it and dealt the
                # next at the same step, where this action may not be legal.
                svc.play.act(p, action, expected_step=state.step, round_id=state.round_id)
            except Exception as exc:  # the other connection took this step
                outcomes.append(type(exc).__name__)

    threads = [threading.Thread(target=play, args=(svc,)) for svc in (first, second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    allowed = {"StaleActionError", "RoundInProgressError", "NoRoundError", "NoBetsError"}
    assert set(outcomes) <= allowed
    _running_balances_hold(first, p)
    with first.engine.connect() as conn:
        open_rounds = conn.execute(
            select(rows.ROUNDS.c.id).where(rows.ROUNDS.c.status == "open")
        ).all()
    assert len(open_rounds) <= 1
