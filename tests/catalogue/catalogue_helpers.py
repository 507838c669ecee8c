"""Helpers shared by the catalogue tests (imported as a top-level module by pytest)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from twentyone.variants import GAMES_ENV, reload_games

WriteCatalogue = Callable[..., Path]
"""``write(text, name="games.toml")``: a catalogue file called ``name`` holding ``text``."""


def catalogue_writer(directory: Path) -> WriteCatalogue:
    """A :data:`WriteCatalogue` writing under ``directory``."""

    def write(text: str, name: str = "games.toml") -> Path:
        path = directory / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


@contextmanager
def games_in_env(path: Path) -> Iterator[None]:
    """``$TWENTYONE_GAMES`` names ``path`` within the block; the registry reads it afresh (and
    after the block, the previous value again)."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv(GAMES_ENV, str(path))
        reload_games()
        try:
            yield
        finally:
            reload_games()
