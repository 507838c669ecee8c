"""Games as data: the catalogue format, read from TOML or JSON and checked mistake by mistake.

A catalogue defines games from a base game plus rule overrides, side bets with their pay tables,
main-bet limits per VIP level and chips; it may add pay tables of its own. The shipped games are
themselves a catalogue (``presets.toml``, loaded by :mod:`twentyone.variants`); an operator names
their own in ``$TWENTYONE_GAMES``. Reading never stops at the first mistake: every mistake is one
line naming the file, the game, the key and what is wrong (README "Games as data").
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from twentyone.errors import InvalidRulesError, TwentyoneError
from twentyone.rules import Rules, SideBetRules, default_side_bet
from twentyone.sidebets.paytables import (
    OUTCOMES,
    Paytable,
    SideBetName,
    find_paytable,
    paytable_names,
    register_paytable,
    unregister_paytable,
)


class InvalidCatalogueError(TwentyoneError):
    """A games catalogue with mistakes; ``problems`` holds one line per mistake."""

    code = "invalid-catalogue"

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = tuple(problems)
        count = len(self.problems)
        super().__init__(
            f"the games catalogue {source} has {count} mistake{'s' if count != 1 else ''}:\n"
            + "\n".join(self.problems)
        )


@dataclass(frozen=True, slots=True)
class LevelLimits:
    """The main-bet limits of one VIP level at one game, in minor units."""

    level: str
    min_bet: int
    max_bet: int


@dataclass(frozen=True, slots=True)
class Variant:
    """A named game: its rules, the names of its spots, its table and where it is defined.

    ``chips`` and ``limits`` are what the game's catalogue entry sets (itself or through its
    base game); empty means the table's own (``[table]`` of the presets).
    """

    name: str
    title: str
    rules: Rules
    description: str
    aliases: tuple[str, ...] = ()
    spot_names: tuple[str, ...] = field(default=())
    source: str = ""
    base: str | None = None
    chips: tuple[int, ...] = ()
    limits: tuple[LevelLimits, ...] = ()
    origin: str = ""

    def spot_name(self, index: int) -> str:
        """What the player calls spot ``index`` (0 = played first = rightmost)."""
        if index < len(self.spot_names):
            return self.spot_names[index]
        return f"spot {index + 1}"


@dataclass(frozen=True, slots=True)
class TableDefaults:
    """The table every game has unless its entry says otherwise: VIP limits and chips."""

    chips: tuple[int, ...]
    limits: tuple[LevelLimits, ...]

    @property
    def levels(self) -> tuple[str, ...]:
        """The VIP level names, lowest first."""
        return tuple(item.level for item in self.limits)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A checked catalogue: its games in file order and the pay tables it adds."""

    source: str
    games: tuple[Variant, ...]
    paytables: tuple[Paytable, ...] = ()
    table: TableDefaults | None = None


# -- reading ------------------------------------------------------------------------------------


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
    return _Reader(source, bases, table).read(data)


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


# -- the checks ---------------------------------------------------------------------------------

_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_ALIAS = re.compile(r"[a-z0-9][a-z0-9_-]*")
_TOP_KEYS = ("games", "paytables")
_GAME_KEYS = (
    "name",
    "title",
    "base",
    "aliases",
    "description",
    "spot_names",
    "source",
    "rules",
    "side_bets",
    "limits",
    "chips",
)
_SIDE_BET_KEYS = ("name", "paytable", "min_stake", "max_stake", "aggregate_cap")
_PAYTABLE_KEYS = ("name", "side_bet", "description", "pays")
_RULE_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.init and f.name != "side_bets"}
_DEFAULT_RULES = Rules()


def _shown(value: object) -> str:
    """How a value from the file reads in a sentence."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'the text "{value}"'
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "null"
    return str(value)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _suggest(key: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    return f"; did you mean {close[0]}?" if close else f"; known: {', '.join(known)}."


class _Reader:
    """One pass over a catalogue, collecting every mistake."""

    def __init__(self, source: str, bases: Sequence[Variant], table: TableDefaults | None) -> None:
        self.source = source
        self.bases = {key.lower(): v for v in bases for key in (v.name, *v.aliases)}
        self.table = table
        self.lines: list[str] = []

    def mistake(self, where: str, sentence: str) -> None:
        self.lines.append(f"{self.source}: {where}: {sentence}")

    # -- top level --------------------------------------------------------------------------

    def read(self, data: object) -> Catalogue:
        if not isinstance(data, Mapping):
            self.mistake("the file", "a catalogue is a table with a list of games.")
            raise InvalidCatalogueError(self.source, self.lines)
        allowed = _TOP_KEYS if self.table is not None else ("table", *_TOP_KEYS)
        for key in data:
            if key == "table" and key not in allowed:
                self.mistake(
                    key, "the table defaults are the shipped ones; set chips and limits per game."
                )
            elif key not in allowed:
                self.mistake(key, f"there is no such section{_suggest(key, allowed)}")
        table = self.table if self.table is not None else self._table(data.get("table"))
        paytables = self._paytables(data.get("paytables", []))
        games_data = data.get("games", [])
        if not isinstance(games_data, list) or not all(isinstance(g, Mapping) for g in games_data):
            self.mistake("games", "must be a list of tables, one per game.")
            games_data = []
        with installed_paytables(paytables):
            games = _Games(self, games_data, table, paytables).build()
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
                self.mistake(f"table.{key}", f"there is no such key{_suggest(key, ['chips'])}")
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
            if table.name in paytable_names(table.side_bet) and find_paytable(
                table.side_bet, table.name
            ) != (table):
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
            if key not in _PAYTABLE_KEYS:
                self.mistake(
                    f"{where}, {key}", f"there is no such key{_suggest(key, _PAYTABLE_KEYS)}"
                )
                ok = False
        if not isinstance(name, str) or not name.strip():
            self.mistake(where + ", name", "every pay table needs a name (text).")
            ok = False
        try:
            bet = SideBetName(str(item.get("side_bet")))
        except ValueError:
            shown = _shown(item.get("side_bet")) if "side_bet" in item else "missing"
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
                    f"{bet} has no such outcome{_suggest(outcome, known)}",
                )
                ok = False
            elif not _is_int(value) or value < 0:
                self.mistake(
                    f"{where}, pays.{outcome}",
                    f"must be a whole number of 0 or more (pays to 1), not {_shown(value)}.",
                )
                ok = False
        missing = [o for o in known if o not in pays]
        if missing:
            self.mistake(f"{where}, pays", f"says nothing about {', '.join(missing)}.")
            ok = False
        if not ok or not isinstance(name, str):
            return None
        return Paytable(name, bet, tuple((o, int(pays[o])) for o in known), str(description))

    # -- chips and limits (shared by [table] and each game) ------------------------------------

    def chips(self, where: str, data: object) -> tuple[int, ...] | None:
        """The chips of ``data``, or None after reporting what is wrong."""
        if not isinstance(data, list) or not data:
            self.mistake(f"{where}, chips", "must be a list of chip values (minor units).")
            return None
        bad = [v for v in data if not _is_int(v) or v < 1]
        if bad:
            shown = ", ".join(_shown(v) for v in bad)
            self.mistake(
                f"{where}, chips",
                f"each chip must be a whole number of minor units of 1 or more, not {shown}.",
            )
        repeated = sorted({v for v in data if _is_int(v) and data.count(v) > 1})
        if repeated:
            self.mistake(
                f"{where}, chips", f"lists {', '.join(map(str, repeated))} more than once."
            )
        if bad or repeated:
            return None
        return tuple(data)

    def limits(
        self, where: str, data: object, levels: Sequence[str] | None
    ) -> tuple[LevelLimits, ...]:
        """The VIP limits of ``data`` (``levels``: the known levels; None: any names)."""
        if not isinstance(data, Mapping):
            self.mistake(
                f"{where}, limits",
                "must be a table of VIP levels, each with min_bet and max_bet (minor units).",
            )
            return ()
        out: list[LevelLimits] = []
        for level, item in data.items():
            key = f"{where}, limits.{level}"
            if levels is not None and level not in levels:
                self.mistake(key, f"there is no such VIP level{_suggest(level, levels)}")
                continue
            if not isinstance(item, Mapping):
                self.mistake(key, "must be a table with min_bet and max_bet (minor units).")
                continue
            for extra in item:
                if extra not in ("min_bet", "max_bet"):
                    self.mistake(f"{key}.{extra}", "there is no such key; use min_bet and max_bet.")
            low, high = item.get("min_bet"), item.get("max_bet")
            good = True
            for name, value in (("min_bet", low), ("max_bet", high)):
                if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                    shown = "missing" if value is None else _shown(value)
                    self.mistake(
                        f"{key}.{name}",
                        f"must be a whole number of minor units of 1 or more, not {shown}.",
                    )
                    good = False
            if good and isinstance(low, int) and isinstance(high, int):
                if low > high:
                    self.mistake(key, f"the minimum bet {low} is over the maximum bet {high}.")
                else:
                    out.append(LevelLimits(level, low, high))
        return tuple(out)


class _Games:
    """The games of one catalogue, built in base-first order."""

    def __init__(
        self,
        reader: _Reader,
        data: list[Mapping[str, Any]],
        table: TableDefaults,
        paytables: Sequence[Paytable],
    ) -> None:
        self.reader = reader
        self.data = data
        self.table = table
        self.paytables = paytables
        self.labels = [self._label(i, g) for i, g in enumerate(data, start=1)]
        self.index: dict[str, int] = {}
        self.built: dict[int, Variant | None] = {}
        self.building: set[int] = set()
        self.failed: set[int] = set()

    @staticmethod
    def _label(position: int, game: Mapping[str, Any]) -> str:
        name = game.get("name")
        return f'game "{name}"' if isinstance(name, str) and name else f"game #{position}"

    def mistake(self, i: int, key: str | None, sentence: str) -> None:
        self.failed.add(i)
        self.reader.mistake(self.labels[i] if key is None else f"{self.labels[i]}, {key}", sentence)

    def build(self) -> tuple[Variant, ...]:
        for i, game in enumerate(self.data):
            self._identity(i, game)
        for i in range(len(self.data)):
            self._game(i)
        self._in_game_order()
        return tuple(v for i in range(len(self.data)) if (v := self.built.get(i)) is not None)

    def _in_game_order(self) -> None:
        """Group the mistakes game by game, in file order (bases are built out of order)."""
        prefixes = [f"{self.reader.source}: {label}" for label in self.labels]

        def game_of(line: str) -> int:
            for index, prefix in enumerate(prefixes):
                if line.startswith((prefix + ",", prefix + ":")):
                    return index
            return -1

        self.reader.lines.sort(key=game_of)

    # -- names ----------------------------------------------------------------------------

    def _identity(self, i: int, game: Mapping[str, Any]) -> None:
        for key in game:
            if key in _RULE_FIELDS:
                self.mistake(
                    i, key, f"this is a rule: write it under rules ({key} = ... in [games.rules])."
                )
            elif key not in _GAME_KEYS:
                self.mistake(i, key, f"there is no such key{_suggest(key, _GAME_KEYS)}")
        name = game.get("name")
        if not isinstance(name, str) or not _NAME.fullmatch(name):
            shown = "missing" if name is None else _shown(name)
            self.mistake(
                i,
                "name",
                "must be lower-case letters and digits joined by hyphens, like "
                f'"double-deck", not {shown}.',
            )
            keys: list[str] = []
        else:
            keys = [name]
        aliases = game.get("aliases", [])
        if not isinstance(aliases, list):
            self.mistake(i, "aliases", "must be a list of names.")
            aliases = []
        for alias in aliases:
            if not isinstance(alias, str) or not _ALIAS.fullmatch(alias):
                self.mistake(
                    i,
                    "aliases",
                    f"{_shown(alias)} is not a name (lower-case letters, digits, - and _).",
                )
            else:
                keys.append(alias)
        for key in keys:
            folded = key.lower()
            base = self.reader.bases.get(folded)
            what = "name" if key == name else "aliases"
            if base is not None:
                self.mistake(i, what, f'"{key}" is already the name or an alias of {base.name}.')
            elif folded in self.index and self.index[folded] != i:
                other = self.labels[self.index[folded]]
                self.mistake(i, what, f'"{key}" is already the name or an alias of {other}.')
            elif folded in self.index:
                self.mistake(i, what, f'"{key}" is listed twice.')
            else:
                self.index[folded] = i
        for key, required in (("title", True), ("description", False), ("source", False)):
            value = game.get(key)
            if value is None and not required:
                continue
            if not isinstance(value, str) or not value.strip():
                shown = "missing" if value is None else _shown(value)
                self.mistake(i, key, f"must be text the player can read, not {shown}.")
        spots = game.get("spot_names", [])
        if not isinstance(spots, list) or not all(isinstance(s, str) and s for s in spots):
            self.mistake(i, "spot_names", "must be a list of names, one per spot.")

    # -- one game ---------------------------------------------------------------------------

    def _base(self, i: int, game: Mapping[str, Any]) -> tuple[bool, Variant | None]:
        """(found, base game): (True, None) when the game starts from the default rules."""
        base = game.get("base")
        if base is None:
            return True, None
        if not isinstance(base, str):
            self.mistake(i, "base", f"must be the name of a game, not {_shown(base)}.")
            return False, None
        folded = base.strip().lower()
        if folded in self.index:
            j = self.index[folded]
            if j == i or j in self.building:
                self.mistake(i, "base", f'"{base}" leads back to this game; bases cannot loop.')
                return False, None
            built = self._game(j)
            return built is not None, built
        if folded in self.reader.bases:
            return True, self.reader.bases[folded]
        known = sorted({v.name for v in self.reader.bases.values()} | set(self._names()))
        self.mistake(i, "base", f'there is no game "{base}"{_suggest(folded, known)}')
        return False, None

    def _names(self) -> list[str]:
        return [n for g in self.data if isinstance(n := g.get("name"), str)]

    def _game(self, i: int) -> Variant | None:
        if i in self.built:
            return self.built[i]
        self.building.add(i)
        game = self.data[i]
        found, base = self._base(i, game)
        start = len(self.reader.lines)
        changes = self._rule_changes(i, game.get("rules", {}))
        side_bets = self._side_bets(i, game) if "side_bets" in game else None
        limits = (
            self.reader.limits(self.labels[i], game["limits"], self.table.levels)
            if "limits" in game
            else None
        )
        chips = self.reader.chips(self.labels[i], game["chips"]) if "chips" in game else None
        self.building.discard(i)
        rules = None
        if found and changes is not None:
            # Side bets with mistakes of their own are left out, so the rules are still judged.
            bets = () if side_bets is None and "side_bets" in game else side_bets
            rules = self._rules(i, base.rules if base else _DEFAULT_RULES, changes, bets)
        variant = None
        if rules is not None and i not in self.failed and len(self.reader.lines) == start:
            merged = _merge_limits(base.limits if base else (), limits or ())
            own_chips = chips if chips is not None else (base.chips if base else ())
            self._check_table(i, own_chips or self.table.chips, merged)
            variant = Variant(
                name=str(game["name"]),
                title=str(game["title"]),
                rules=rules,
                description=str(game.get("description", "")),
                aliases=tuple(game.get("aliases", ())),
                spot_names=tuple(game.get("spot_names", ())),
                source=str(game.get("source", "")),
                base=base.name if base else None,
                chips=own_chips,
                limits=merged,
                origin=self.reader.source,
            )
            if len(variant.spot_names) > rules.max_spots:
                self.mistake(
                    i,
                    "spot_names",
                    f"names {len(variant.spot_names)} spots but the game has {rules.max_spots}.",
                )
        self.built[i] = variant
        return variant

    def _check_table(self, i: int, chips: tuple[int, ...], limits: tuple[LevelLimits, ...]) -> None:
        effective = {item.level: item for item in self.table.limits}
        effective.update({item.level: item for item in limits})
        smallest = min(chips)
        for item in effective.values():
            if smallest > item.max_bet:
                self.mistake(
                    i,
                    "chips",
                    f"the smallest chip ({smallest}) is over the maximum bet of VIP level "
                    f"{item.level} ({item.max_bet}), so no bet could be placed there.",
                )

    # -- rules ------------------------------------------------------------------------------

    def _rule_changes(self, i: int, data: object) -> dict[str, object] | None:
        if not isinstance(data, Mapping):
            self.mistake(i, "rules", "must be a table of rule switches.")
            return None
        out: dict[str, object] = {}
        ok = True
        for key, value in data.items():
            where = f"rules.{key}"
            if key == "side_bets":
                self.mistake(
                    i, where, "side bets are listed under the game's side_bets, not in rules."
                )
                ok = False
                continue
            if key not in _RULE_FIELDS:
                self.mistake(i, where, f"there is no such rule{_suggest(key, list(_RULE_FIELDS))}")
                ok = False
                continue
            try:
                out[key] = _rule_value(key, value)
            except _WrongTypeError as exc:
                self.mistake(i, where, f"{exc.args[0]}, not {_shown(value)}.")
                ok = False
        return out if ok else None

    def _rules(
        self,
        i: int,
        base: Rules,
        changes: Mapping[str, Any],
        side_bets: tuple[SideBetRules, ...] | None,
    ) -> Rules | None:
        try:
            rules = dataclasses.replace(base, **changes)
            if side_bets is not None:
                rules = dataclasses.replace(rules, side_bets=side_bets)
        except InvalidRulesError as exc:
            for problem in str(exc).split("; "):
                key, sentence = _where_in_rules(problem)
                self.mistake(i, key, sentence)
            return None
        return rules

    def _side_bets(self, i: int, game: Mapping[str, Any]) -> tuple[SideBetRules, ...] | None:
        data = game["side_bets"]
        if not isinstance(data, list) or not all(isinstance(b, Mapping) for b in data):
            self.mistake(i, "side_bets", "must be a list of tables, one per side bet.")
            return None
        out: list[SideBetRules] = []
        ok = True
        for position, item in enumerate(data, start=1):
            bet = self._side_bet(i, position, item)
            ok = ok and bet is not None
            if bet is not None:
                out.append(bet)
        return tuple(out) if ok else None

    def _side_bet(self, i: int, position: int, item: Mapping[str, Any]) -> SideBetRules | None:
        try:
            name = SideBetName(str(item.get("name")))
        except ValueError:
            shown = "missing" if item.get("name") is None else _shown(item.get("name"))
            self.mistake(
                i,
                f"side_bets #{position}, name",
                f"must be one of {', '.join(SideBetName)}, not {shown}.",
            )
            return None
        where = f"side_bets.{name}"
        ok = True
        for key in item:
            if key not in _SIDE_BET_KEYS:
                self.mistake(
                    i, f"{where}.{key}", f"there is no such key{_suggest(key, _SIDE_BET_KEYS)}"
                )
                ok = False
        bet = default_side_bet(name)
        paytable = item.get("paytable", bet.paytable)
        known = paytable_names(name)
        if not isinstance(paytable, str) or paytable not in known:
            self.mistake(
                i,
                f"{where}.paytable",
                f"{name} has no pay table {json.dumps(paytable)}; known: {', '.join(known)}.",
            )
            ok = False
        values: dict[str, int | None] = {}
        for key in ("min_stake", "max_stake", "aggregate_cap"):
            if key not in item:
                continue
            value = item[key]
            if key == "aggregate_cap" and (value is None or value == "none"):
                values[key] = None
            elif not _is_int(value) or value < 1:
                self.mistake(
                    i,
                    f"{where}.{key}",
                    f"must be a whole number of minor units of 1 or more, not {_shown(value)}.",
                )
                ok = False
            else:
                values[key] = value
        low = values.get("min_stake", bet.min_stake)
        high = values.get("max_stake", bet.max_stake)
        if ok and low is not None and high is not None and low > high:
            self.mistake(i, where, f"the minimum stake {low} is over the maximum stake {high}.")
            ok = False
        if not ok:
            return None
        return dataclasses.replace(bet, paytable=str(paytable), **values)  # type: ignore[arg-type]


class _WrongTypeError(Exception):
    """A rule value of the wrong type; ``args[0]`` says what it must be."""


def _rule_value(key: str, value: object) -> object:
    """A rule switch's value from the file, or :class:`_WrongTypeError`."""
    current = getattr(_DEFAULT_RULES, key)
    if key == "charlie_cards":
        if value is None or value == "none":
            return None
        if not _is_int(value):
            raise _WrongTypeError('must be a number of cards, or "none" for no Charlie rule')
        return value
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise _WrongTypeError("must be true or false")
        return value
    if isinstance(current, StrEnum):
        enum = type(current)
        if not isinstance(value, str) or value not in set(enum):
            raise _WrongTypeError(f"must be one of {', '.join(enum)}")
        return enum(value)
    if isinstance(current, Fraction):
        text = str(value) if _is_int(value) or isinstance(value, str) else None
        try:
            if text is None:
                raise ValueError(text)
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise _WrongTypeError('must be a fraction written as text, like "3/2"') from None
    if _is_int(current):
        if not _is_int(value):
            raise _WrongTypeError("must be a whole number")
        return value
    raise _WrongTypeError("cannot be set in a catalogue")  # pragma: no cover - every field is above


def _where_in_rules(problem: str) -> tuple[str, str]:
    """The key a problem of :class:`Rules` is about, and its sentence without the key's name."""
    sentence = problem.rstrip(".") + "."
    for key in sorted(_RULE_FIELDS, key=len, reverse=True):
        if problem.startswith(key + " "):
            return f"rules.{key}", sentence[len(key) + 1 :]
    for bet in SideBetName:
        if problem.startswith(f"{bet}:"):
            return f"side_bets.{bet}", sentence[len(bet) + 1 :].strip()
    if problem.startswith("side bet "):
        return "side_bets", sentence
    return "rules", sentence


def _merge_limits(
    base: tuple[LevelLimits, ...], own: tuple[LevelLimits, ...]
) -> tuple[LevelLimits, ...]:
    merged = {item.level: item for item in base}
    merged.update({item.level: item for item in own})
    return tuple(merged.values())


def summary_lines(catalogue: Catalogue) -> list[str]:
    """What ``twentyone games check`` prints for a valid catalogue."""
    games = len(catalogue.games)
    tables = len(catalogue.paytables)
    lines = [
        f"{catalogue.source}: valid: {games} game{'s' if games != 1 else ''}"
        + (f", {tables} pay table{'s' if tables != 1 else ''}" if tables else "")
        + "."
    ]
    for v in catalogue.games:
        rules = v.rules
        sides = ", ".join(f"{b.name} ({b.paytable})" for b in rules.side_bets) or "no side bet"
        base = f"based on {v.base}" if v.base else "from the default rules"
        spots = f"1-{rules.max_spots} spots" if rules.max_spots > 1 else "1 spot"
        lines.append(
            f"  {v.name}: {v.title}; {base}; {rules.decks} deck{'s' if rules.decks > 1 else ''},"
            f" {spots}; {sides};"
            f" rules {rules.version()}"
        )
    for t in catalogue.paytables:
        lines.append(f"  pay table {t.name} of {t.side_bet}")
    return lines


def summary_dict(catalogue: Catalogue) -> dict[str, Any]:
    """JSON form of a valid catalogue (``games check --json``)."""
    return {
        "file": catalogue.source,
        "valid": True,
        "games": [
            {
                "name": v.name,
                "title": v.title,
                "base": v.base,
                "aliases": list(v.aliases),
                "rules_version": v.rules.version(),
                "rules": v.rules.to_dict(),
                "chips": list(v.chips),
                "limits": {x.level: {"min_bet": x.min_bet, "max_bet": x.max_bet} for x in v.limits},
            }
            for v in catalogue.games
        ],
        "paytables": [{"name": t.name, "side_bet": str(t.side_bet)} for t in catalogue.paytables],
    }
