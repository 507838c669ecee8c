"""Players and the wallet on SQLite and PostgreSQL: the opening grant, grants (SPEC 5 "Wallet")."""

from __future__ import annotations

import pytest
from storetest import reconciles

from twentyone.store.service import TableService
from twentyone.table.errors import TopUpNotNeededError


def test_new_player_gets_the_opening_grant_as_a_ledger_entry(service: TableService) -> None:
    alice = service.accounts.create_player("alice")
    assert alice.wallet.balance == 100_000
    statement = service.records.statement(alice.id)
    assert [(e.kind, e.amount) for e in statement.entries] == [("grant", 100_000)]
    assert statement.reconciles


def test_grant_is_idempotent(service: TableService) -> None:
    p = service.accounts.create_player("p").id
    service.accounts.grant(p, 5000, "topup-1")
    service.accounts.grant(p, 5000, "topup-1")
    assert service.accounts.wallet(p).balance == 105_000
    reconciles(service, p)


def test_top_up_credits_back_to_the_opening_balance_once(service: TableService) -> None:
    """Issue 8 item 9 ("a top-up back to the starting balance, a ledger entry like any
    other"): refused at the starting balance, then one grant of the difference, then refused
    again; every refusal changes nothing."""
    p = service.accounts.create_player("p").id
    with pytest.raises(TopUpNotNeededError):  # at the starting balance
        service.accounts.top_up(p)
    service.accounts.grant(p, -97_500, "spend", "test: spend the play money")
    wallet = service.accounts.top_up(p)
    assert wallet.balance == 100_000  # 2,500 + the 97,500 difference
    statement = service.records.statement(p)
    assert [(e.kind, e.amount, e.detail) for e in statement.entries][-1] == (
        "grant",
        97_500,
        "top-up",
    )
    with pytest.raises(TopUpNotNeededError):  # a second top-up
        service.accounts.top_up(p)
    assert service.records.statement(p).total == len(statement.entries)
    reconciles(service, p)
