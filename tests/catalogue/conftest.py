"""Catalogue fixtures: catalogue files written to a temporary directory."""

from __future__ import annotations

from pathlib import Path

import pytest
from catalogue_helpers import WriteCatalogue


@pytest.fixture
def write(tmp_path: Path) -> WriteCatalogue:
    """Write a catalogue file under ``tmp_path``."""

    def writer(text: str, name: str = "games.toml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return writer
