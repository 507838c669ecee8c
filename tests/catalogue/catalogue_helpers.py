"""Helpers shared by the catalogue tests (imported as a top-level module by pytest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

WriteCatalogue = Callable[..., Path]
"""``write(text, name="games.toml")``: a catalogue file called ``name`` holding ``text``."""
