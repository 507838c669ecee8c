"""Games as data: the catalogue format, read from TOML or JSON and checked mistake by mistake.

A catalogue defines games from a base game plus rule overrides, side bets with their pay tables,
main-bet limits per VIP level and chips; it may add pay tables of its own. The shipped games are
themselves a catalogue (``presets.toml``, loaded by :mod:`twentyone.variants`); an operator names
their own in ``$TWENTYONE_GAMES``. Reading never stops at the first mistake: every mistake is one
line naming the file, the game, the key and what is wrong (README "Games as data").
"""

from __future__ import annotations

from twentyone.catalogue.model import (
    Catalogue,
    InvalidCatalogueError,
    LevelLimits,
    TableDefaults,
    Variant,
)
from twentyone.catalogue.reader import (
    install_paytables,
    installed_paytables,
    parse_catalogue,
    read_catalogue,
)
from twentyone.catalogue.summary import summary_dict, summary_lines

__all__ = [
    "Catalogue",
    "InvalidCatalogueError",
    "LevelLimits",
    "TableDefaults",
    "Variant",
    "install_paytables",
    "installed_paytables",
    "parse_catalogue",
    "read_catalogue",
    "summary_dict",
    "summary_lines",
]
