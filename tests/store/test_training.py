"""Training mode kept with the player (store unit ``training``), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from storetest import OpenService

from twentyone.store.service import TableService
from twentyone.table.errors import UnknownPlayerError


def test_training_mode_is_off_for_a_new_player_and_kept(
    service: TableService, open_service: OpenService
) -> None:
    """Off for a new player; each player's setting is its own and survives a restart (the
    setting is a column of the player's row)."""
    alice = service.accounts.create_player("alice")
    bob = service.accounts.create_player("bob")
    assert service.training.is_on(alice.id) is False
    assert service.training.set(alice.id, True) is True
    assert service.training.is_on(alice.id) is True
    assert service.training.is_on(bob.id) is False
    assert service.accounts.wallet(alice.id).balance == alice.wallet.balance  # no money moves
    again = open_service()
    assert again.training.is_on(alice.id) is True
    assert again.training.is_on(bob.id) is False
    again.training.set(alice.id, False)
    assert service.training.is_on(alice.id) is False


def test_an_unknown_player_has_no_training_setting(service: TableService) -> None:
    """Asking or setting the training mode of a player that does not exist is an error."""
    with pytest.raises(UnknownPlayerError):
        service.training.is_on("0" * 32)
    with pytest.raises(UnknownPlayerError):
        service.training.set("0" * 32, True)
