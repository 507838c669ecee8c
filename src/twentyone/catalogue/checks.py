"""What the catalogue checks share: the keys, how a value reads in a sentence, the chips and
limits checks, and the type of each rule switch."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction

from twentyone.catalogue.model import LevelLimits
from twentyone.rules import Rules
from twentyone.sidebets.paytables import SideBetName

NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
ALIAS = re.compile(r"[a-z0-9][a-z0-9_-]*")
TOP_KEYS = ("games", "paytables")
GAME_KEYS = (
    "name",
    "title",
    "base",
    "aliases",
    "description",
    "spot_names",
    "advisor",
    "source",
    "rules",
    "side_bets",
    "limits",
    "chips",
)
SIDE_BET_KEYS = ("name", "paytable", "min_stake", "max_stake", "aggregate_cap")
PAYTABLE_KEYS = ("name", "side_bet", "description", "pays")
RULE_FIELDS = {f.name: f for f in dataclasses.fields(Rules) if f.init and f.name != "side_bets"}
DEFAULT_RULES = Rules()


def describe(value: object) -> str:
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


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def suggest(key: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(key, known, n=1)
    return f"; did you mean {close[0]}?" if close else f"; known: {', '.join(known)}."


class Mistakes:
    """The mistakes of one catalogue file, one line each, and the checks shared by its parts."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.lines: list[str] = []

    def mistake(self, where: str, sentence: str) -> None:
        """Note one mistake: ``FILE: WHERE: SENTENCE``."""
        self.lines.append(f"{self.source}: {where}: {sentence}")

    def chips(self, where: str, data: object) -> tuple[int, ...] | None:
        """The chips of ``data``, or None after reporting what is wrong."""
        if not isinstance(data, list) or not data:
            self.mistake(f"{where}, chips", "must be a list of chip values (minor units).")
            return None
        bad = [v for v in data if not is_int(v) or v < 1]
        if bad:
            shown = ", ".join(describe(v) for v in bad)
            self.mistake(
                f"{where}, chips",
                f"each chip must be a whole number of minor units of 1 or more, not {shown}.",
            )
        repeated = sorted({v for v in data if is_int(v) and data.count(v) > 1})
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
                self.mistake(key, f"there is no such VIP level{suggest(level, levels)}")
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
                    shown = "missing" if value is None else describe(value)
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


class WrongTypeError(Exception):
    """A rule value of the wrong type; ``args[0]`` says what it must be."""


def rule_value(key: str, value: object) -> object:
    """A rule switch's value from the file, or :class:`WrongTypeError`."""
    current = getattr(DEFAULT_RULES, key)
    if key == "charlie_cards":
        if value is None or value == "none":
            return None
        if not is_int(value):
            raise WrongTypeError('must be a number of cards, or "none" for no Charlie rule')
        return value
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise WrongTypeError("must be true or false")
        return value
    if isinstance(current, StrEnum):
        enum = type(current)
        if not isinstance(value, str) or value not in set(enum):
            raise WrongTypeError(f"must be one of {', '.join(enum)}")
        return enum(value)
    if isinstance(current, Fraction):
        text = str(value) if is_int(value) or isinstance(value, str) else None
        try:
            if text is None:
                raise ValueError(text)
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise WrongTypeError('must be a fraction written as text, like "3/2"') from None
    if is_int(current):
        if not is_int(value):
            raise WrongTypeError("must be a whole number")
        return value
    raise WrongTypeError("cannot be set in a catalogue")  # pragma: no cover - every field is above


def where_in_rules(problem: str) -> tuple[str, str]:
    """The key a problem of :class:`Rules` is about, and its sentence without the key's name."""
    sentence = problem.rstrip(".") + "."
    for key in sorted(RULE_FIELDS, key=len, reverse=True):
        if problem.startswith(key + " "):
            return f"rules.{key}", sentence[len(key) + 1 :]
    for bet in SideBetName:
        if problem.startswith(f"{bet}:"):
            return f"side_bets.{bet}", sentence[len(bet) + 1 :].strip()
    if problem.startswith("side bet "):
        return "side_bets", sentence
    return "rules", sentence


def merge_limits(
    base: tuple[LevelLimits, ...], own: tuple[LevelLimits, ...]
) -> tuple[LevelLimits, ...]:
    merged = {item.level: item for item in base}
    merged.update({item.level: item for item in own})
    return tuple(merged.values())
