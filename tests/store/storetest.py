"""Helpers shared by the store tests (imported as a top-level module by pytest)."""

from __future__ import annotations

from collections.abc import Callable

from cryptography.fernet import Fernet

from twentyone.cards import Shoe, parse_cards
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.store.service import TableService

KEY = Fernet.generate_key()
"""The shoe key of the test services (and of the crash driver)."""


class Shoes:
    """Shoe factory for tests: scripted card orders first, then seeded random shoes."""

    def __init__(self, seed: int = 1) -> None:
        self.scripted: list[str] = []
        self.rng = SeededRandomSource(seed)

    def stack(self, cards: str) -> None:
        """The next round is dealt ``cards`` first (then the rest of a shuffled shoe)."""
        self.scripted.append(cards)

    def __call__(self, rules: Rules) -> Shoe:
        if not self.scripted:
            return Shoe.shuffled(rules.decks, self.rng)
        return Shoe.stacked(parse_cards(self.scripted.pop(0)), rules.decks, self.rng)


OpenService = Callable[..., TableService]
"""Opens a service on the test database (again: a restart)."""


def reconciles(svc: TableService, player_id: str) -> int:
    """The player's balance, after checking that it is the sum of its ledger entries."""
    statement = svc.records.statement(player_id, limit=10_000)
    assert statement.reconciles
    assert sum(e.amount for e in statement.entries) == statement.balance
    return statement.balance
