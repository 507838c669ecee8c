"""Reading a catalogue file (TOML or JSON): its sections, table defaults and pay tables; the
games are :mod:`twentyone.catalogue.games`."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from twentyone.catalogue.checks import PAYTABLE_KEYS, TOP_KEYS, Mistakes, describe, is_int, suggest
from twentyone.catalogue.games import Games
from twentyone.catalogue.model import (
    Catalogue,
    InvalidCatalogueError,
    LevelLimits,
    TableDefaults,
    Variant,
)
from twentyone.sidebets.paytables import (
    OUTCOMES,
    Paytable,
    SideBetName,
    find_paytable,
    paytable_names,
    register_paytable,
    unregister_paytable,
)


def read_catalogue(
    path: str | Path,
    *,
    bases: Sequence[Variant] = (),
    table: TableDefaults | None = None,
) -> Catalogue:
    """Read and check the catalogue file ``path`` (``.toml`` or ``.json``).

    Args:
        path: the file.
        bases: the games a catalogue game may name as ``base`` (and whose names and aliases it
            may not reuse); games of the same file may be bases too.
        table: the table defaults; ``None`` means the file must define them in ``[table]``
            (the shipped presets do).

    Raises:
        InvalidCatalogueError: with every mistake, one line each.
    """
    source = str(path)
    return parse_catalogue(_load(Path(path), source), source, bases=bases, table=table)


def _load(path: Path, source: str) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidCatalogueError(
            source, [f"{source}: the file cannot be read ({exc.strerror or exc})."]
        ) from exc
    except UnicodeDecodeError as exc:
        raise InvalidCatalogueError(source, [f"{source}: the file is not UTF-8 text."]) from exc
    as_json = path.suffix.lower() == ".json" or (
        path.suffix.lower() != ".toml" and text.lstrip().startswith("{")
    )
    try:
        return json.loads(text) if as_json else tomllib.loads(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        sentence = f"the file is not valid JSON ({exc.msg} at {where})."
        raise InvalidCatalogueError(source, [f"{source}: {sentence}"]) from exc
    except tomllib.TOMLDecodeError as exc:
        sentence = f"the file is not valid TOML ({exc})."
        raise InvalidCatalogueError(source, [f"{source}: {sentence}"]) from exc


def parse_catalogue(
    data: object,
    source: str,
    *,
    bases: Sequence[Variant] = (),
    table: TableDefaults | None = None,
) -> Catalogue:
    """Check catalogue ``data`` (parsed TOML or JSON); see :func:`read_catalogue`."""
    return Reader(source, bases, table).read(data)


@contextmanager
def installed_paytables(tables: Sequence[Paytable]) -> Iterator[None]:
    """Register ``tables`` for the duration of a block (the ones not already registered)."""
    added = [t for t in tables if t.name not in paytable_names(t.side_bet)]
    for table in added:
        register_paytable(table)
    try:
        yield
    finally:
        for table in added:
            unregister_paytable(table.side_bet, table.name)


def install_paytables(catalogue: Catalogue) -> None:
    """Register the pay tables a checked catalogue adds (a valid game may use them)."""
    for table in catalogue.paytables:
        register_paytable(table)


class Reader(Mistakes):
    """One pass over a catalogue, collecting every mistake."""

    def __init__(self, source: str, bases: Sequence[Variant], table: TableDefaults | None) -> None:
        super().__init__(source)
        self.bases = {key.lower(): v for v in bases for key in (v.name, *v.aliases)}
        self.table = table

    # -- top level --------------------------------------------------------------------------

    def read(self, data: object) -> Catalogue:
        if not isinstance(data, Mapping):
            self.mistake("the file", "a catalogue is a table with a list of games.")
            raise InvalidCatalogueError(self.source, self.lines)
        allowed = TOP_KEYS if self.table is not None else ("table", *TOP_KEYS)
        for key in data:
            if key == "table" and key not in allowed:
                self.mistake(
                    key, "the table defaults are the shipped ones; set chips and limits per game."
                )
            elif key not in allowed:
                self.mistake(key, f"there is no such section{suggest(key, allowed)}")
        table = self.table if self.table is not None else self._table(data.get("table"))
        paytables = self._paytables(data.get("paytables", []))
        games_data = data.get("games", [])
        if not isinstance(games_data, list) or not all(isinstance(g, Mapping) for g in games_data):
            self.mistake("games", "must be a list of tables, one per game.")
            games_data = []
        with installed_paytables(paytables):
            games = Games(self, self.bases, games_data, table, paytables).build()
        if self.lines:
            raise InvalidCatalogueError(self.source, self.lines)
        return Catalogue(self.source, games, paytables, None if self.table else table)

    def _table(self, data: object) -> TableDefaults:
        fallback = TableDefaults((100,), (LevelLimits("standard", 100, 100),))
        if not isinstance(data, Mapping):
            self.mistake("table", "the table defaults (chips and limits) are missing.")
            return fallback
        for key in data:
            if key not in ("chips", "limits"):
                self.mistake(f"table, {key}", "there is no such key; use chips and limits.")
        chips = self.chips("table", data.get("chips"))
        limits = self.limits("table", data.get("limits"), None)
        if isinstance(data.get("limits"), Mapping) and not data["limits"]:
            self.mistake("table, limits", "must list at least one VIP level.")
        if chips is None or not limits:
            return fallback
        return TableDefaults(chips, limits)

    # -- pay tables ------------------------------------------------------------------------

    def _paytables(self, data: object) -> tuple[Paytable, ...]:
        if not isinstance(data, list) or not all(isinstance(p, Mapping) for p in data):
            self.mistake("paytables", "must be a list of tables, one per pay table.")
            return ()
        out: list[Paytable] = []
        for index, item in enumerate(data, start=1):
            table = self._paytable(index, item)
            if table is None:
                continue
            if any(t.side_bet == table.side_bet and t.name == table.name for t in out):
                self.mistake(
                    f'pay table "{table.name}" of {table.side_bet}',
                    "is defined twice in this file.",
                )
                continue
            if (
                table.name in paytable_names(table.side_bet)
                and find_paytable(table.side_bet, table.name) != table
            ):
                self.mistake(
                    f'pay table "{table.name}" of {table.side_bet}',
                    "a different pay table of that name already exists; choose another name.",
                )
                continue
            out.append(table)
        return tuple(out)

    def _paytable(self, index: int, item: Mapping[str, Any]) -> Paytable | None:
        name = item.get("name")
        where = f'pay table "{name}"' if isinstance(name, str) and name else f"pay table #{index}"
        ok = True
        for key in item:
            if key not in PAYTABLE_KEYS:
                self.mistake(
                    f"{where}, {key}", f"there is no such key{suggest(key, PAYTABLE_KEYS)}"
                )
                ok = False
        if not isinstance(name, str) or not name.strip():
            self.mistake(where + ", name", "every pay table needs a name (text).")
            ok = False
        try:
            bet = SideBetName(str(item.get("side_bet")))
        except ValueError:
            shown = describe(item.get("side_bet")) if "side_bet" in item else "missing"
            self.mistake(
                f"{where}, side_bet",
                f"must be one of {', '.join(SideBetName)}, not {shown}.",
            )
            return None
        where = f"{where} of {bet}"
        description = item.get("description", "")
        if not isinstance(description, str):
            self.mistake(f"{where}, description", "must be text.")
            ok = False
        pays = item.get("pays")
        if not isinstance(pays, Mapping):
            self.mistake(
                f"{where}, pays",
                f"must be a table of what each outcome pays to 1: {', '.join(OUTCOMES[bet])}.",
            )
            return None
        known = OUTCOMES[bet]
        for outcome, value in pays.items():
            if outcome not in known:
                self.mistake(
                    f"{where}, pays.{outcome}",
                    f"{bet} has no such outcome{suggest(outcome, known)}",
                )
                ok = False
            elif not is_int(value) or value < 0:
                self.mistake(
                    f"{where}, pays.{outcome}",
                    f"must be a whole number of 0 or more (pays to 1), not {describe(value)}.",
                )
                ok = False
        missing = [o for o in known if o not in pays]
        if missing:
            self.mistake(f"{where}, pays", f"says nothing about {', '.join(missing)}.")
            ok = False
        if not ok or not isinstance(name, str):
            return None
        return Paytable(name, bet, tuple((o, int(pays[o])) for o in known), str(description))
