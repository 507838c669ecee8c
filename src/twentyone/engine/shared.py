"""Shared immutable values: equal events are one object.

Events and settlement lines repeat round after round (the same card to the same place, the same
stake settled the same way); looking one up costs less than building it, and as values they may
be shared freely. The table is bounded: it is emptied when full.
"""

from __future__ import annotations

from typing import Any, TypeVar

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
