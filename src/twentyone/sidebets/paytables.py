"""Side-bet pay tables as data: ``name → {outcome: pays "to 1"}``.

A winner gets the stake back plus ``pays × stake``. Each side bet has a default table and keeps
the published alternatives; an operator adds a table with :func:`register_paytable` (or a JSON
file, see :func:`paytable_from_dict`) without touching code. Outcomes are listed best first.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from twentyone.errors import InvalidRulesError


class SideBetName(StrEnum):
    """The side bets twentyone knows."""

    LUCKY_LUCKY = "lucky-lucky"
    """Player's first two cards and the dealer's up card (Lucky Lucky Blackjack)."""
    LUCKY_7 = "lucky-7"
    """Sevens among the first three cards dealt to a spot (Lucky 7 Blackjack)."""
    LUCKY_LADIES = "lucky-ladies"
    """Player's first two cards total 20, with queen-of-hearts bonuses (Lucky Ladies)."""


class LuckyLuckyOutcome(StrEnum):
    """Lucky Lucky lines, best first."""

    SUITED_777 = "suited-777"
    """Three suited sevens."""
    SUITED_678 = "suited-678"
    """6, 7 and 8 of one suit."""
    UNSUITED_777 = "unsuited-777"
    """Three sevens, not all one suit."""
    UNSUITED_678 = "unsuited-678"
    """6, 7 and 8, not all one suit."""
    SUITED_21 = "suited-21"
    """Any other three cards of one suit totalling 21."""
    UNSUITED_21 = "unsuited-21"
    """Any other three cards totalling 21."""
    ANY_20 = "any-20"
    """Three cards totalling 20."""
    ANY_19 = "any-19"
    """Three cards totalling 19."""


class Lucky7Outcome(StrEnum):
    """Lucky 7 lines, best first."""

    SUITED_777 = "7-7-7-suited"
    """The first three cards are sevens of one suit."""
    UNSUITED_777 = "7-7-7"
    """The first three cards are sevens."""
    SUITED_77 = "7-7-suited"
    """The first two cards are sevens of one suit (the third is not a seven)."""
    UNSUITED_77 = "7-7"
    """The first two cards are sevens (the third is not a seven)."""
    ONE_7 = "7"
    """The first card is a seven, the second is not."""


class LuckyLadiesOutcome(StrEnum):
    """Lucky Ladies lines, best first."""

    QH_PAIR_DEALER_BJ = "qh-pair-dealer-blackjack"
    """Two queens of hearts and the dealer has blackjack."""
    QH_PAIR = "qh-pair"
    """Two queens of hearts."""
    MATCHED_20 = "matched-20"
    """Two identical cards (same rank and suit) totalling 20."""
    SUITED_20 = "suited-20"
    """Two cards of one suit totalling 20."""
    ANY_20 = "any-20"
    """Two cards totalling 20."""


OUTCOMES: dict[SideBetName, tuple[str, ...]] = {
    SideBetName.LUCKY_LUCKY: tuple(LuckyLuckyOutcome),
    SideBetName.LUCKY_7: tuple(Lucky7Outcome),
    SideBetName.LUCKY_LADIES: tuple(LuckyLadiesOutcome),
}
"""Every outcome of each side bet, best first."""


@dataclass(frozen=True, slots=True)
class Paytable:
    """One pay table: what each outcome of one side bet pays, "to 1"."""

    name: str
    side_bet: SideBetName
    pays: tuple[tuple[str, int], ...]
    description: str = ""
    _lookup: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_lookup", dict(self.pays))
        known = OUTCOMES[self.side_bet]
        given = [outcome for outcome, _ in self.pays]
        if sorted(given) != sorted(known):
            raise ValueError(
                f"pay table {self.name!r} for {self.side_bet} must list exactly the outcomes "
                f"{', '.join(known)}"
            )
        if any(not isinstance(p, int) or p < 0 for _, p in self.pays):
            raise ValueError(f"pay table {self.name!r}: pays must be whole numbers ≥ 0 (to 1)")

    def pays_for(self, outcome: str) -> int:
        """What ``outcome`` pays to 1."""
        return self._lookup[outcome]

    def as_dict(self) -> dict[str, int]:
        """``{outcome: pays}`` in best-first order."""
        order = OUTCOMES[self.side_bet]
        table = dict(self.pays)
        return {outcome: table[outcome] for outcome in order}


def _table(side_bet: SideBetName, name: str, description: str, *pays: int) -> Paytable:
    return Paytable(name, side_bet, tuple(zip(OUTCOMES[side_bet], pays, strict=True)), description)


_PAYTABLES: dict[tuple[SideBetName, str], Paytable] = {}
DEFAULT_PAYTABLE: dict[SideBetName, str] = {
    SideBetName.LUCKY_LUCKY: "felt",
    SideBetName.LUCKY_7: "super-sevens",
    SideBetName.LUCKY_LADIES: "A",
}
"""The pay table each side bet uses unless the rules name another."""


def register_paytable(table: Paytable) -> Paytable:
    """Add (or replace) a pay table; returns it."""
    _PAYTABLES[(table.side_bet, table.name)] = table
    return table


def unregister_paytable(side_bet: SideBetName | str, name: str) -> None:
    """Remove a registered pay table (a games catalogue checked but not loaded adds none)."""
    _PAYTABLES.pop((SideBetName(side_bet), name), None)


def find_paytable(side_bet: SideBetName | str, name: str | None = None) -> Paytable:
    """The pay table ``name`` of ``side_bet`` (its default when ``name`` is None)."""
    bet = SideBetName(side_bet)
    key = (bet, name or DEFAULT_PAYTABLE[bet])
    if key not in _PAYTABLES:
        names = ", ".join(paytable_names(bet))
        raise KeyError(f"no pay table {key[1]!r} for {bet}; known: {names}")
    return _PAYTABLES[key]


def paytable_names(side_bet: SideBetName | str) -> list[str]:
    """The registered pay-table names of one side bet."""
    bet = SideBetName(side_bet)
    return [name for (b, name) in _PAYTABLES if b == bet]


def paytable_from_dict(data: Mapping[str, Any]) -> Paytable:
    """Build a pay table from ``{"name", "side_bet", "pays": {outcome: n}}`` (e.g. JSON)."""
    bet = SideBetName(data["side_bet"])
    pays = data["pays"]
    return Paytable(
        str(data["name"]),
        bet,
        tuple((str(k), int(v)) for k, v in pays.items()),
        str(data.get("description", "")),
    )


def load_paytables(path: str | os.PathLike[str]) -> list[Paytable]:
    """Register every pay table of a JSON file: ``[{"name", "side_bet", "pays": {...}}, ...]``.

    This is how an operator adds a pay table without code: name the file in
    ``$TWENTYONE_PAYTABLES`` (read when twentyone starts) and choose the table by name in the
    rules (``{"side_bets": [{"name": "lucky-lucky", "paytable": "my-table"}]}``).

    Raises:
        InvalidRulesError: naming the file and what is wrong with it (it cannot be read, is not
            JSON, or an entry lacks a key or is not a valid pay table); every command refuses
            to start with that one line rather than a traceback.
    """
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        items = data if isinstance(data, list) else [data]
        if not all(isinstance(item, Mapping) for item in items):
            raise TypeError("each pay table is a JSON object")
        tables = [paytable_from_dict(item) for item in items]
    except OSError as exc:
        raise InvalidRulesError(f"cannot read the pay tables {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise InvalidRulesError(f"the pay tables {path} are not valid JSON: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise InvalidRulesError(f"the pay tables {path} are not UTF-8 text") from exc
    except KeyError as exc:
        raise InvalidRulesError(f"a pay table in {path} has no {exc}") from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise InvalidRulesError(f"a pay table in {path} is not valid: {exc}") from exc
    for table in tables:
        register_paytable(table)
    return tables


for _t in (
    _table(
        SideBetName.LUCKY_LUCKY,
        "felt",
        "Online table; 96.05% return with 6 decks",
        200,
        100,
        50,
        25,
        15,
        3,
        2,
        2,
    ),
    _table(
        SideBetName.LUCKY_LUCKY,
        "original",
        "Original land-casino table",
        200,
        100,
        50,
        30,
        15,
        3,
        2,
        2,
    ),
    _table(SideBetName.LUCKY_7, "super-sevens", "Super Sevens", 5000, 500, 100, 50, 3),
    _table(SideBetName.LUCKY_7, "crazy-sevens", "Crazy Sevens", 2000, 500, 150, 25, 5),
    _table(SideBetName.LUCKY_LADIES, "A", "Land-casino standard", 1000, 125, 19, 9, 4),
    _table(SideBetName.LUCKY_LADIES, "B", "Alternative table", 1000, 200, 25, 10, 4),
):
    register_paytable(_t)

if os.environ.get("TWENTYONE_PAYTABLES"):
    load_paytables(os.environ["TWENTYONE_PAYTABLES"])
