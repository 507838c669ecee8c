"""Events as JSON rows: ``{"type": "CardDealt", "spot": 0, "hand": 0, "card": "As", ...}``."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from typing import Any

from twentyone.cards import Card
from twentyone.engine import Event, WagerLine


def _plain(value: object) -> object:
    if isinstance(value, Card | StrEnum):
        return str(value)
    if isinstance(value, WagerLine):
        return value.to_dict()
    return value


def event_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready event: its type name and its fields (cards as ``"As"``)."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for field in dataclasses.fields(event):
        out[field.name] = _plain(getattr(event, field.name))
    return out


def dumps(value: object) -> str:
    """Compact JSON."""
    return json.dumps(value, separators=(",", ":"))
