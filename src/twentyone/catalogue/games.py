"""The games of one catalogue: names, base, rules, side bets, limits and chips, each checked."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from twentyone.catalogue.checks import (
    ALIAS,
    DEFAULT_RULES,
    GAME_KEYS,
    NAME,
    RULE_FIELDS,
    SIDE_BET_KEYS,
    Mistakes,
    WrongTypeError,
    describe,
    is_int,
    merge_limits,
    rule_value,
    suggest,
    where_in_rules,
)
from twentyone.catalogue.model import LevelLimits, TableDefaults, Variant
from twentyone.errors import InvalidRulesError
from twentyone.rules import Rules, SideBetRules, default_side_bet
from twentyone.sidebets.paytables import Paytable, SideBetName, paytable_names


class Games:
    """The games of one catalogue, built in base-first order.

    ``bases`` maps each name and alias (lower case) of the games outside the file that a game
    may start from; mistakes go to ``reader``.
    """

    def __init__(
        self,
        reader: Mistakes,
        bases: Mapping[str, Variant],
        data: list[Mapping[str, Any]],
        table: TableDefaults,
        paytables: Sequence[Paytable],
    ) -> None:
        self.reader = reader
        self.bases = bases
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
        """The games without mistakes, in file order (every mistake noted)."""
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
            if key in RULE_FIELDS:
                self.mistake(i, key, "this is a rule switch: put it under the game's rules.")
            elif key not in GAME_KEYS:
                self.mistake(i, key, f"there is no such key{suggest(key, GAME_KEYS)}")
        name = game.get("name")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            shown = "missing" if name is None else describe(name)
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
            if not isinstance(alias, str) or not ALIAS.fullmatch(alias):
                self.mistake(
                    i,
                    "aliases",
                    f"{describe(alias)} is not a name (lower-case letters, digits, - and _).",
                )
            else:
                keys.append(alias)
        for key in keys:
            folded = key.lower()
            base = self.bases.get(folded)
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
                shown = "missing" if value is None else describe(value)
                self.mistake(i, key, f"must be text the player can read, not {shown}.")
        advisor = game.get("advisor", True)
        if not isinstance(advisor, bool):
            self.mistake(i, "advisor", f"must be true or false, not {describe(advisor)}.")
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
            self.mistake(i, "base", f"must be the name of a game, not {describe(base)}.")
            return False, None
        folded = base.strip().lower()
        if folded in self.index:
            j = self.index[folded]
            if j == i or j in self.building:
                self.mistake(i, "base", f'"{base}" leads back to this game; bases cannot loop.')
                return False, None
            built = self._game(j)
            return built is not None, built
        if folded in self.bases:
            return True, self.bases[folded]
        known = sorted({v.name for v in self.bases.values()} | set(self._names()))
        self.mistake(i, "base", f'there is no game "{base}"{suggest(folded, known)}')
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
            rules = self._rules(i, base.rules if base else DEFAULT_RULES, changes, bets)
        variant = None
        if rules is not None and i not in self.failed and len(self.reader.lines) == start:
            merged = merge_limits(base.limits if base else (), limits or ())
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
                advisor=bool(game.get("advisor", base.advisor if base else True)),
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
            if key not in RULE_FIELDS:
                self.mistake(i, where, f"there is no such rule{suggest(key, list(RULE_FIELDS))}")
                ok = False
                continue
            try:
                out[key] = rule_value(key, value)
            except WrongTypeError as exc:
                self.mistake(i, where, f"{exc.args[0]}, not {describe(value)}.")
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
                key, sentence = where_in_rules(problem)
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
            shown = "missing" if item.get("name") is None else describe(item.get("name"))
            self.mistake(
                i,
                f"side_bets #{position}, name",
                f"must be one of {', '.join(SideBetName)}, not {shown}.",
            )
            return None
        where = f"side_bets.{name}"
        ok = True
        for key in item:
            if key not in SIDE_BET_KEYS:
                self.mistake(
                    i, f"{where}.{key}", f"there is no such key{suggest(key, SIDE_BET_KEYS)}"
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
            elif not is_int(value) or value < 1:
                self.mistake(
                    i,
                    f"{where}.{key}",
                    f"must be a whole number of minor units of 1 or more, not {describe(value)}.",
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
