"""Helpers shared by the catalogue tests (imported as a top-level module by pytest)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

WriteCatalogue = Callable[..., Path]
"""``write(text, name="games.toml")``: a catalogue file called ``name`` holding ``text``."""


def catalogue_writer(directory: Path) -> WriteCatalogue:
    """A :data:`WriteCatalogue` writing under ``directory``."""

    def write(text: str, name: str = "games.toml") -> Path:
        path = directory / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
