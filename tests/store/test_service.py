"""The table service on SQLite and PostgreSQL: the shoe key file, one transaction per unit."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from twentyone.store.service import TableService
from twentyone.table.errors import InsufficientFundsError


def test_key_file_is_owner_only(tmp_path: Path, db_url: str) -> None:
    key_file = tmp_path / "keys" / "shoe.key"
    os.environ.pop("TWENTYONE_SHOE_KEY", None)
    svc = TableService.open(db_url, key_file=key_file)
    svc.close()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(key_file.read_bytes()) == 44


def test_calls_inside_one_unit_are_one_transaction(service: TableService) -> None:
    """A refusal after several calls in one unit changes nothing that any of them did."""
    p = service.accounts.create_player("p").id
    with pytest.raises(RuntimeError), service.unit():
        service.accounts.grant(p, 5000, "inside")
        service.seat.place(p, "european", 0, 100)
        assert service.accounts.wallet(p).balance == 105_000  # the unit sees its own work
        raise RuntimeError("refused")
    assert service.accounts.wallet(p).balance == 100_000
    assert service.seat.table(p, "european").layout.total == 0
    assert service.records.statement(p).total == 1


def test_a_refused_call_inside_a_unit_changes_nothing_and_the_unit_goes_on(
    service: TableService,
) -> None:
    """A refusal changes nothing, also when it is one call of several in one transaction."""
    p = service.accounts.create_player("p", grant=0).id
    with service.unit():
        service.accounts.grant(p, 500, "first")
        with pytest.raises(InsufficientFundsError):
            service.accounts.grant(p, -800, "overdraw")  # posted, then refused
        service.seat.place(p, "european", 0, 100)
        assert service.accounts.wallet(p).balance == 500
    assert service.accounts.wallet(p).balance == 500
    assert [e.txid for e in service.records.statement(p).entries] == [f"grant:{p}:first"]
    assert service.seat.table(p, "european").layout.total == 100


def test_a_whole_unit_ends_at_a_refusal_inside_it(service: TableService) -> None:
    """A unit opened ``whole`` (a request's) takes no savepoints: a refused call in it leaves
    the unit unable to commit, so nothing any call in it did is kept, even if the refusal was
    caught."""
    p = service.accounts.create_player("p", grant=0).id
    with pytest.raises(RuntimeError, match="cannot commit"), service.unit(whole=True):
        service.accounts.grant(p, 500, "first")
        with pytest.raises(InsufficientFundsError):
            service.accounts.grant(p, -800, "overdraw")
    assert service.accounts.wallet(p).balance == 0
    assert service.records.statement(p).total == 0
    with service.unit(whole=True):  # without a refusal it commits as one transaction
        service.accounts.grant(p, 500, "first")
        service.seat.place(p, "european", 0, 100)
    assert service.accounts.wallet(p).balance == 500
    assert service.seat.table(p, "european").layout.total == 100
