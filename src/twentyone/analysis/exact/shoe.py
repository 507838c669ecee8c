"""Card compositions: the hashable counts the exact analysis memoises on.

A composition is a tuple of ten counts, index 0 for aces, 1 to 8 for the deuce to the nine and 9
for every ten-count card (10, J, Q, K). The exact analysis never needs suits or which ten-count
rank a card is (the only exception, splitting by rank, is handled where it is used).

>>> full_shoe(1)
(4, 4, 4, 4, 4, 4, 4, 4, 4, 16)
>>> hand_total((1, 0, 0, 0, 0, 1, 0, 0, 0, 0))
(17, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from twentyone.cards import Card

Composition = tuple[int, ...]
"""Counts of aces, deuces, ..., nines and ten-count cards (ten entries)."""

ACE = 0
"""Index of the ace in a composition."""
TEN = 9
"""Index of the ten-count cards in a composition."""
RANKS = range(10)
"""Every composition index."""
POINTS = tuple(range(1, 11))
"""The count of each index (ace = 1)."""
EMPTY: Composition = (0,) * 10
"""No cards."""


def full_shoe(decks: int) -> Composition:
    """The composition of ``decks`` fresh 52-card decks."""
    return (4 * decks,) * 9 + (16 * decks,)


def index_of(card: Card) -> int:
    """The composition index of a card (its points minus one)."""
    return card.points - 1


def from_cards(cards: Iterable[Card]) -> Composition:
    """The composition of some cards."""
    counts = [0] * 10
    for card in cards:
        counts[card.points - 1] += 1
    return tuple(counts)


def from_indices(indices: Iterable[int]) -> Composition:
    """The composition of cards given by their indices (``0`` = ace, ``9`` = ten)."""
    counts = [0] * 10
    for i in indices:
        counts[i] += 1
    return tuple(counts)


def add(comp: Composition, index: int, count: int = 1) -> Composition:
    """``comp`` with ``count`` more cards of ``index``."""
    out = list(comp)
    out[index] += count
    return tuple(out)


def plus(a: Composition, b: Composition) -> Composition:
    """The cards of both compositions."""
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: Composition, b: Composition) -> Composition:
    """The cards of ``a`` without those of ``b`` (``b`` must be contained in ``a``)."""
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    if min(out) < 0:
        raise ValueError("cannot remove cards that are not in the shoe")
    return out


def size(comp: Composition) -> int:
    """How many cards."""
    return sum(comp)


def hard_total(comp: Composition) -> int:
    """The total with every ace counted 1."""
    return sum(n * (i + 1) for i, n in enumerate(comp))


@cache
def hand_total(comp: Composition) -> tuple[int, bool]:
    """The best total and whether it is soft (an ace counted 11), as in :mod:`twentyone.hand`."""
    hard = hard_total(comp)
    if comp[ACE] and hard <= 11:
        return hard + 10, True
    return hard, False


def is_natural(comp: Composition) -> bool:
    """Whether the cards are exactly an ace and a ten-count card."""
    return size(comp) == 2 and comp[ACE] == 1 and comp[TEN] == 1
