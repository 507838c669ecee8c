"""Rules: one frozen, self-validating value holding every rule switch.

Everything (engine, table, analysis, simulator) takes the same :class:`Rules`. An impossible
combination raises :class:`~twentyone.errors.InvalidRulesError` when the value is built, so a
``Rules`` that exists can be played.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from twentyone.errors import InvalidRulesError
from twentyone.money import MAX_MONEY
from twentyone.sidebets.paytables import SideBetName, find_paytable


class PeekMode(StrEnum):
    """When the dealer's blackjack becomes known."""

    ACE_AND_TEN = "ace_and_ten"
    """The dealer peeks under an ace or a ten before any hand is played (US style)."""
    NONE = "none"
    """The dealer has a hole card but never peeks; a blackjack shows at the reveal."""
    ENHC = "enhc"
    """European no hole card: the dealer's second card is drawn after the players."""


class DoubleOn(StrEnum):
    """Which two-card totals may be doubled."""

    ANY = "any"
    """Any first two cards."""
    NINE_TO_ELEVEN = "9-11"
    """Totals 9, 10 and 11 only."""
    TEN_TO_ELEVEN = "10-11"
    """Totals 10 and 11 only."""


class SplitBy(StrEnum):
    """What makes two cards a pair."""

    VALUE = "value"
    """Same count: a 10 and a jack are a pair."""
    RANK = "rank"
    """Same rank: a king and a ten are not a pair."""


class Surrender(StrEnum):
    """Whether a hand may be given up for half its stake."""

    NONE = "none"
    """No surrender."""
    LATE = "late"
    """On the first two cards of an unsplit hand, after the dealer's peek."""


@dataclass(frozen=True, slots=True)
class SideBetRules:
    """One side bet offered at a spot: its pay table, stake limits and round cap.

    Stakes are minor units. ``aggregate_cap`` caps the total won (stakes not counted) on this side
    bet in one round, shared pro rata when exceeded; ``None`` means no cap.
    """

    name: SideBetName
    paytable: str
    min_stake: int
    max_stake: int
    aggregate_cap: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "name": str(self.name),
            "paytable": self.paytable,
            "min_stake": self.min_stake,
            "max_stake": self.max_stake,
            "aggregate_cap": self.aggregate_cap,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SideBetRules:
        """Inverse of :meth:`to_dict`; missing keys take the side bet's defaults."""
        try:
            name = SideBetName(data["name"])
        except (KeyError, ValueError) as exc:
            known = ", ".join(SideBetName)
            raise InvalidRulesError(
                f"unknown side bet {data.get('name')!r}; known: {known}"
            ) from exc
        base = default_side_bet(name)
        return dataclasses.replace(
            base,
            **{
                k: v
                for k, v in data.items()
                if k in ("paytable", "min_stake", "max_stake", "aggregate_cap")
            },
        )


LUCKY_7_CREDIT = 100
"""Lucky 7's stake (one credit) in minor units unless the rules say otherwise."""


def default_side_bet(name: SideBetName | str) -> SideBetRules:
    """A side bet with its default pay table, limits and cap (SPEC section 4)."""
    bet = SideBetName(name)
    if bet is SideBetName.LUCKY_7:
        return SideBetRules(bet, "super-sevens", LUCKY_7_CREDIT, LUCKY_7_CREDIT)
    if bet is SideBetName.LUCKY_LADIES:
        return SideBetRules(bet, "A", 100, 2000, aggregate_cap=2_000_000)
    return SideBetRules(bet, "felt", 100, 10_000)


_MAX_SPOTS = 7
_MAX_DECKS = 16


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule switch of a blackjack game. Defaults are the common six-deck US game.

    Dealer blackjack "takes" switches say what a dealer blackjack found at the end of the round
    (no peek, or no hole card) takes from a doubled or split hand, per up card: ``True`` takes the
    whole stake; ``False`` returns the extra stake (the double part, or every split hand but the
    first) and takes only the original bet.
    """

    decks: int = 6
    max_spots: int = 1
    dealer_hits_soft_17: bool = False
    peek: PeekMode = PeekMode.ACE_AND_TEN
    dealer_first_card_face_down: bool = False
    bj_takes_double_vs_ace: bool = True
    bj_takes_double_vs_ten: bool = True
    bj_takes_split_vs_ace: bool = True
    bj_takes_split_vs_ten: bool = True
    double_on: DoubleOn = DoubleOn.ANY
    double_hard_only: bool = False
    double_after_split: bool = True
    split_by: SplitBy = SplitBy.VALUE
    max_split_hands: int = 4
    resplit_aces: bool = False
    hit_split_aces: bool = False
    blackjack_pays: Fraction = Fraction(3, 2)
    insurance: bool = True
    insurance_pays: Fraction = Fraction(2)
    even_money: bool = False
    charlie_cards: int | None = None
    charlie_wins: bool = True
    surrender: Surrender = Surrender.NONE
    side_bets: tuple[SideBetRules, ...] = field(default=())
    _hash: int = field(init=False, repr=False, compare=False, default=0)

    def __post_init__(self) -> None:
        problems = list(self._problems())
        if problems:
            raise InvalidRulesError("; ".join(problems))
        values = tuple(getattr(self, f.name) for f in dataclasses.fields(self) if f.compare)
        object.__setattr__(self, "_hash", hash(values))

    def __hash__(self) -> int:
        """Computed once: rules are dictionary keys of many caches."""
        return self._hash

    def _problems(self) -> list[str]:
        out: list[str] = []
        for name, enum in (
            ("peek", PeekMode),
            ("double_on", DoubleOn),
            ("split_by", SplitBy),
            ("surrender", Surrender),
        ):
            if not isinstance(getattr(self, name), enum):
                out.append(f"{name} must be one of {', '.join(enum)}")
        for name in (
            "dealer_hits_soft_17",
            "dealer_first_card_face_down",
            "bj_takes_double_vs_ace",
            "bj_takes_double_vs_ten",
            "bj_takes_split_vs_ace",
            "bj_takes_split_vs_ten",
            "double_hard_only",
            "double_after_split",
            "resplit_aces",
            "hit_split_aces",
            "insurance",
            "even_money",
            "charlie_wins",
        ):
            if not isinstance(getattr(self, name), bool):
                out.append(f"{name} must be true or false")
        if not _is_int(self.decks) or not 1 <= self.decks <= _MAX_DECKS:
            out.append(f"decks must be a whole number from 1 to {_MAX_DECKS}")
        if not _is_int(self.max_spots) or not 1 <= self.max_spots <= _MAX_SPOTS:
            out.append(f"max_spots must be a whole number from 1 to {_MAX_SPOTS}")
        if not _is_int(self.max_split_hands) or not 1 <= self.max_split_hands <= 4:
            out.append("max_split_hands must be 1 (no splitting) to 4")
        if not isinstance(self.blackjack_pays, Fraction) or self.blackjack_pays <= 0:
            out.append("blackjack_pays must be a positive fraction")
        if not isinstance(self.insurance_pays, Fraction) or self.insurance_pays <= 0:
            out.append("insurance_pays must be a positive fraction")
        if self.charlie_cards is not None and (
            not _is_int(self.charlie_cards) or not 3 <= self.charlie_cards <= 21
        ):
            out.append("charlie_cards must be a whole number from 3 to 21, or null")
        if self.even_money and not self.insurance:
            out.append("even money is a form of insurance: it needs insurance on")
        if self.surrender is Surrender.LATE and self.peek is not PeekMode.ACE_AND_TEN:
            out.append("late surrender needs a dealer who peeks (peek = ace_and_ten)")
        if self.dealer_first_card_face_down and self.peek is PeekMode.ENHC:
            out.append("with no hole card the dealer's first card is the up card")
        if self.resplit_aces and self.max_split_hands < 3:
            out.append("resplit_aces needs max_split_hands of 3 or more")
        seen: set[SideBetName] = set()
        for bet in self.side_bets:
            if not isinstance(bet, SideBetRules):
                out.append("side_bets must be SideBetRules values")
                continue
            if bet.name in seen:
                out.append(f"side bet {bet.name} is listed twice")
            seen.add(bet.name)
            out.extend(_side_bet_problems(bet, self))
        return out

    # -- derived facts -------------------------------------------------------------------

    @property
    def has_hole_card(self) -> bool:
        """Whether the dealer takes a second card at the deal."""
        return self.peek is not PeekMode.ENHC

    def side_bet(self, name: SideBetName | str) -> SideBetRules | None:
        """The offered side bet called ``name``, if any."""
        for bet in self.side_bets:
            if bet.name == name:
                return bet
        return None

    # -- serialisation -----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: enums as strings, fractions as ``"p/q"``."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if isinstance(value, (Fraction, StrEnum)):
                value = str(value)
            elif f.name == "side_bets":
                value = [bet.to_dict() for bet in value]
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Build rules from ``data``; keys not given come from ``base`` (default :class:`Rules`)."""
        return (base or cls()).replace(**data)

    def replace(self, **changes: Any) -> Rules:
        """A copy with some switches changed; values may be given as JSON/CLI text."""
        names = {f.name: f for f in dataclasses.fields(self) if f.init}
        unknown = sorted(set(changes) - set(names))
        if unknown:
            raise InvalidRulesError(
                f"unknown rule switch {', '.join(unknown)}; known: {', '.join(names)}"
            )
        coerced: dict[str, Any] = {
            key: _coerce(key, getattr(self, key), value) for key, value in changes.items()
        }
        return dataclasses.replace(self, **coerced)

    def version(self) -> str:
        """A short stable hash of the rules (the "rules version" of a round)."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _side_bet_problems(bet: SideBetRules, rules: Rules) -> list[str]:
    out: list[str] = []
    try:
        find_paytable(bet.name, bet.paytable)
    except KeyError as exc:
        out.append(str(exc.args[0]))
    if not (_is_int(bet.min_stake) and _is_int(bet.max_stake)) or not (
        1 <= bet.min_stake <= bet.max_stake <= MAX_MONEY
    ):
        out.append(f"{bet.name}: stakes need 1 ≤ min_stake ≤ max_stake ≤ {MAX_MONEY} (minor units)")
    if bet.aggregate_cap is not None and not (
        _is_int(bet.aggregate_cap) and 1 <= bet.aggregate_cap <= MAX_MONEY
    ):
        out.append(
            f"{bet.name}: aggregate_cap must be a whole number from 1 to {MAX_MONEY}, or null"
        )
    if bet.name is SideBetName.LUCKY_LADIES and not 2 <= rules.decks <= 8:
        out.append("Lucky Ladies may be played on 2 to 8 deck games only")
    if bet.name is SideBetName.LUCKY_7 and bet.min_stake != bet.max_stake:
        out.append("the Lucky 7 stake is exactly one credit: min_stake must equal max_stake")
    return out


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _coerce(key: str, current: object, value: object) -> object:
    """Turn JSON/CLI values into the type of the switch they set."""
    try:
        if key == "side_bets":
            if isinstance(value, (list, tuple)) and all(
                isinstance(v, (SideBetRules, Mapping)) for v in value
            ):
                return tuple(
                    v if isinstance(v, SideBetRules) else SideBetRules.from_dict(v) for v in value
                )
            raise InvalidRulesError(
                'side_bets must be a list of objects like {"name": "lucky-lucky", "paytable": '
                '"felt", "min_stake": 100, "max_stake": 10000}'
            )
        if key == "charlie_cards":
            if value is None or (isinstance(value, str) and value.lower() in ("none", "null", "")):
                return None
            return _to_int(key, value)
        if isinstance(current, bool):
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                return value.lower() in _TRUE
            raise InvalidRulesError(f"{key} must be true or false, not {value!r}")
        if isinstance(current, StrEnum):
            allowed = [member.value for member in type(current)]
            if str(value) not in allowed:
                raise InvalidRulesError(
                    f"{key} must be {', '.join(allowed[:-1])} or {allowed[-1]}, not {value!r}"
                )
            return type(current)(str(value))
        if isinstance(current, Fraction):
            if isinstance(value, bool) or not isinstance(value, (int, str, Fraction)):
                raise InvalidRulesError(_RATIO.format(key=key, value=value))
            try:
                return Fraction(value)
            except (ValueError, ZeroDivisionError) as exc:
                raise InvalidRulesError(_RATIO.format(key=key, value=value)) from exc
        if isinstance(current, int):
            return _to_int(key, value)
    except (ValueError, ZeroDivisionError) as exc:
        if isinstance(exc, InvalidRulesError):
            raise
        raise InvalidRulesError(f"bad value {value!r} for {key}") from exc
    return value


_RATIO = "{key} must be a ratio such as 3/2 with a positive denominator, not {value!r}"
"""What a payout such as ``blackjack_pays`` accepts."""


def _to_int(key: str, value: object) -> int:
    if isinstance(value, bool):
        raise InvalidRulesError(f"{key} must be a whole number, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise InvalidRulesError(f"{key} must be a whole number, not {value!r}")
