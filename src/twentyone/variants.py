"""The registry of games: the shipped presets and the operator's catalogue, found by name.

``find_variant("lucky-lucky")`` (or an alias such as ``"ll"``, in any case) returns the game.
The presets are data (``presets.toml``, in the catalogue format of :mod:`twentyone.catalogue`;
their rule decisions are SPEC section 3). The games of the catalogue file named in
``$TWENTYONE_GAMES`` join them the first time the registry is asked; a catalogue with mistakes
makes every lookup raise :class:`~twentyone.catalogue.InvalidCatalogueError` with one line per
mistake, so nothing starts on a half-read catalogue. The variable is read once
(:func:`reload_games` reads it again).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from twentyone.catalogue import (
    Catalogue,
    InvalidCatalogueError,
    LevelLimits,
    TableDefaults,
    Variant,
    install_paytables,
    read_catalogue,
)
from twentyone.errors import UnknownVariantError
from twentyone.sidebets.paytables import unregister_paytable

__all__ = [
    "GAMES_ENV",
    "PRESETS",
    "PRESETS_FILE",
    "TABLE",
    "VARIANTS",
    "InvalidCatalogueError",
    "LevelLimits",
    "Variant",
    "all_variants",
    "find_variant",
    "load_catalogue",
    "register_variant",
    "reload_games",
]

PRESETS_FILE = Path(__file__).with_name("presets.toml")
"""The shipped games and the table defaults, in the catalogue format."""

GAMES_ENV = "TWENTYONE_GAMES"
"""The environment variable naming the operator's catalogue file (TOML or JSON)."""

_PRESETS: Catalogue = read_catalogue(PRESETS_FILE)
assert _PRESETS.table is not None  # the presets file defines the table defaults

TABLE: TableDefaults = _PRESETS.table
"""The table every game has unless its entry says otherwise (VIP limits, chips)."""

PRESETS: tuple[Variant, ...] = _PRESETS.games
"""The shipped games, the four documents' games first, then the base game."""

VARIANTS = PRESETS
"""Former name of :data:`PRESETS`."""


def load_catalogue(path: str | Path) -> Catalogue:
    """Read and check an operator's catalogue against the presets (registers nothing).

    Raises:
        InvalidCatalogueError: with every mistake, one line each.
    """
    return read_catalogue(path, bases=PRESETS, table=TABLE)


@dataclass(slots=True)
class _Registry:
    path: str | None
    by_key: dict[str, Variant] = field(default_factory=dict)
    order: list[Variant] = field(default_factory=list)
    error: InvalidCatalogueError | None = None

    def add(self, variant: Variant) -> None:
        keys = (variant.name, *variant.aliases)
        taken = [key for key in keys if key.lower() in self.by_key]
        if taken:
            raise ValueError(f"variant name or alias already registered: {', '.join(taken)}")
        for key in keys:
            self.by_key[key.lower()] = variant
        self.order.append(variant)


@dataclass(slots=True)
class _State:
    registry: _Registry | None = None
    added: list[Variant] = field(default_factory=list)
    paytables: list[tuple[str, str]] = field(default_factory=list)
    """(side bet, name) of the pay tables the catalogue registered (forgotten on reload)."""


_state = _State()


def _build(path: str | None) -> _Registry:
    registry = _Registry(path)
    games: tuple[Variant, ...] = ()
    if path:
        try:
            catalogue = load_catalogue(path)
        except InvalidCatalogueError as exc:
            registry.error = exc
            return registry
        install_paytables(catalogue)
        _state.paytables.extend((str(t.side_bet), t.name) for t in catalogue.paytables)
        games = catalogue.games
    for variant in (*PRESETS, *games, *_state.added):
        registry.add(variant)
    return registry


def _registry() -> _Registry:
    """The registry, built from the presets and ``$TWENTYONE_GAMES`` when first asked."""
    registry = _state.registry
    if registry is None:
        registry = _state.registry = _build(os.environ.get(GAMES_ENV) or None)
    if registry.error is not None:
        raise registry.error
    return registry


def reload_games() -> None:
    """Forget the registry: the next lookup reads ``$TWENTYONE_GAMES`` again.

    The server and the commands read the catalogue once, when a game is first asked for; a
    process that changes the variable (a test) calls this. The pay tables the old catalogue
    registered are forgotten with it.
    """
    for side_bet, name in _state.paytables:
        unregister_paytable(side_bet, name)
    _state.paytables.clear()
    _state.registry = None


def register_variant(variant: Variant) -> Variant:
    """Add a variant in code (its name and aliases must be new)."""
    _registry().add(variant)
    _state.added.append(variant)
    return variant


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases), case-insensitive."""
    registry = _registry()
    variant = registry.by_key.get(name.strip().lower()) if isinstance(name, str) else None
    if variant is None:
        known = ", ".join(v.name for v in registry.order)
        raise UnknownVariantError(f"unknown variant {name!r}; known: {known}")
    return variant


def all_variants() -> list[Variant]:
    """Every registered variant once: the presets, the catalogue's games, then any in code."""
    return list(_registry().order)
