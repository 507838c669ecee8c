"""Players and the wallet on SQLite and PostgreSQL: the opening grant, grants (SPEC 5 "Wallet")."""

from __future__ import annotations

from storetest import reconciles

from twentyone.store.service import TableService


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
