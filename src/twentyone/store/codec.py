"""Events as JSON rows: ``{"type": "CardDealt", "spot": 0, "hand": 0, "card": "As", ...}``."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from typing import Any

from twentyone.cards import Card
from twentyone.engine import Event, WagerLine

_FIELDS: dict[type, tuple[str, ...]] = {}
_ENCODER = json.JSONEncoder(separators=(",", ":"))


def _plain(value: object) -> object:
    if isinstance(value, Card | StrEnum):
        return str(value)
    if isinstance(value, WagerLine):
        return value.to_dict()
    return value


def event_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready event: its type name and its fields (cards as ``"As"``).

    >>> from twentyone.cards import parse_cards
    >>> from twentyone.engine import CardDealt
    >>> event_dict(CardDealt(0, 0, parse_cards("As")[0]))
    {'type': 'CardDealt', 'spot': 0, 'hand': 0, 'card': 'As', 'face_down': False}
    """
    kind = type(event)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(event))
    out: dict[str, Any] = {"type": kind.__name__}
    for name in names:
        value = getattr(event, name)
        out[name] = value if value is None or type(value) in (int, bool, str) else _plain(value)
    return out


def dumps(value: object) -> str:
    """Compact JSON (one encoder, built once).

    >>> dumps({"a": [1, 2]})
    '{"a":[1,2]}'
    """
    return _ENCODER.encode(value)
