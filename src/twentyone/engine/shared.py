"""Shared immutable values: equal events are one object.

Events and settlement lines repeat round after round (the same card to the same place, the same
stake settled the same way); looking one up costs less than building it, and as values they may
be shared freely. The table is bounded: it is emptied when full.
"""

from __future__ import annotations

from typing import Any, TypeVar

from twentyone.cards import Card
from twentyone.engine.model import CardDealt

T = TypeVar("T")

_INTERNED: dict[tuple[object, ...], Any] = {}
LIMIT = 100_000
"""How many values the table keeps before it starts again."""


def shared(cls: type[T], *args: Any) -> T:
    """``cls(*args)``, or the equal value built before.

    >>> from twentyone.engine.model import Peeked
    >>> shared(Peeked, True) is shared(Peeked, True)
    True
    """
    key = (cls, *args)
    value: T | None = _INTERNED.get(key)
    if value is None:
        if len(_INTERNED) >= LIMIT:
            _INTERNED.clear()
        value = _INTERNED[key] = cls(*args)
    return value


_CARDS: dict[int, CardDealt] = {}


def card_dealt(spot: int, hand: int, card: Card, face_down: bool) -> CardDealt:
    """The shared "card dealt" event (the commonest event, so keyed by one small integer:
    spot -1 to 6, hand 0 to 3, card 0 to 51, face down or up)."""
    key = (((spot + 1) * 8 + hand) * 52 + card.code) * 2 + face_down
    value = _CARDS.get(key)
    if value is None:
        value = _CARDS[key] = CardDealt(spot, hand, card, face_down)
    return value
