"""Scenario files: one round scripted exactly (SPEC section 10).

A scenario names a variant, optional rule overrides, the spots' stakes, the shoe's top cards in
the order they are dealt, and the decisions in the order the round asks for them. Running it
gives the round's settlement; every way a scenario can be wrong has a stable error code.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from twentyone.cards import Card, Shoe, parse_cards, verify_shoe
from twentyone.engine import Round, SpotBet, WagerKind
from twentyone.engine.record import dealt_cards, decisions
from twentyone.errors import InvalidBetError, TwentyoneError, UnknownVariantError, shown
from twentyone.rules import Rules
from twentyone.variants import Variant, find_variant


class InvalidScenarioError(TwentyoneError):
    """The scenario file is not a scenario: bad JSON, missing or mistyped fields."""

    code = "invalid-scenario"


class MissingActionError(TwentyoneError):
    """The actions ran out while the round still awaited a decision."""

    code = "missing-action"


class UnusedActionsError(TwentyoneError):
    """The round was over with actions left unused."""

    code = "unused-actions"


@dataclass(frozen=True, slots=True)
class Scenario:
    """A parsed scenario."""

    variant: Variant
    rules: Rules
    spots: tuple[SpotBet, ...]
    cards: tuple[Card, ...]
    actions: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The scenario-file form (rules given in full, so it replays on any preset change)."""
        return {
            "variant": self.variant.name,
            "rules": self.rules.to_dict(),
            "spots": [spot.to_dict() for spot in self.spots],
            "cards": [str(card) for card in self.cards],
            "actions": list(self.actions),
        }


_KEYS = {"variant", "rules", "spots", "cards", "actions"}


def parse_scenario(data: object) -> Scenario:
    """Check and read a scenario (already decoded from JSON).

    Every field has one type (``rules`` and ``side_bets`` are objects when given: ``[]``,
    ``0`` or ``null`` are refused, not read as empty); names are spelled exactly (the variant by
    its name or an alias in lower case, cards ``Qh``, actions ``stand``), as a record is; and the
    cards must fit the shoe the rules define (no card more often than there are decks).
    """
    if not isinstance(data, Mapping):
        raise InvalidScenarioError("a scenario is a JSON object")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise InvalidScenarioError(f"unknown field(s) {', '.join(unknown)}; known: {sorted(_KEYS)}")
    for key in ("variant", "spots", "cards"):
        if key not in data:
            raise InvalidScenarioError(f"the scenario needs {key!r}")
    variant = _variant(data["variant"])
    overrides = data.get("rules", {})
    if not isinstance(overrides, Mapping):
        raise InvalidScenarioError(
            f"'rules' must be an object of rule switches such as {{\"decks\": 6}}, "
            f"not {shown(overrides)}"
        )
    rules = variant.rules.replace(**overrides)
    spots_data = data["spots"]
    if not isinstance(spots_data, list) or not all(isinstance(s, Mapping) for s in spots_data):
        raise InvalidScenarioError("'spots' must be a list of objects {bet, side_bets}")
    spots = tuple(_spot(index, spot) for index, spot in enumerate(spots_data))
    cards_data = data["cards"]
    if not isinstance(cards_data, list) or not all(isinstance(c, str) for c in cards_data):
        raise InvalidScenarioError("'cards' must be a list of card strings such as \"Qh\"")
    cards = parse_cards(cards_data)
    verify_shoe(cards, rules.decks)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise InvalidScenarioError("'actions' must be a list of strings")
    return Scenario(variant, rules, spots, cards, tuple(actions))


def _variant(name: object) -> Variant:
    """The variant named exactly ``name`` (its name or an alias, as registered)."""
    if not isinstance(name, str):
        raise InvalidScenarioError(f"'variant' must be a string, not {shown(name)}")
    variant = find_variant(name)
    if name not in (variant.name, *variant.aliases):
        raise UnknownVariantError(
            f"unknown variant {name!r}: a scenario spells names exactly "
            f"(did you mean {variant.name!r}?)"
        )
    return variant


def _spot(index: int, spot: Mapping[str, Any]) -> SpotBet:
    """Spot ``index``'s bets; a stake problem names the spot and the one stake at fault."""
    extra = sorted(set(spot) - {"bet", "side_bets"})
    if extra or "bet" not in spot:
        raise InvalidScenarioError(f"spot {index} must be {{bet, side_bets}}")
    side = spot.get("side_bets", {})
    if not isinstance(side, Mapping):
        raise InvalidScenarioError(
            f"spot {index}: 'side_bets' must be an object mapping side-bet names to stakes, "
            f'such as {{"lucky-lucky": 100}}, not {shown(side)}'
        )
    try:
        return SpotBet.of(spot["bet"], side)
    except InvalidBetError as exc:
        raise InvalidBetError(f"spot {index}: {exc}") from exc


def load_scenario(text: str) -> Scenario:
    """Parse scenario JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidScenarioError(f"not JSON: {exc}") from exc
    return parse_scenario(data)


def run_scenario(scenario: Scenario) -> Round:
    """Play the scenario to the end; every action must be used."""
    rnd = Round.start(scenario.rules, scenario.spots, Shoe(list(scenario.cards)))
    actions = list(scenario.actions)
    for used, action in enumerate(actions):
        if rnd.is_over:
            left = len(actions) - used
            raise UnusedActionsError(f"the round was over with {left} action(s) left: {action}...")
        rnd.act(action)
    if not rnd.is_over:
        legal = ", ".join(rnd.legal_actions())
        raise MissingActionError(
            f"the round awaits a decision in phase {rnd.phase} for spot/hand {rnd.current}; "
            f"legal: {legal}"
        )
    return rnd


_KIND_ORDER = {WagerKind.HAND: 0, WagerKind.INSURANCE: 1, WagerKind.SIDE: 2}


def round_result(rnd: Round, variant: str) -> dict[str, Any]:
    """The replay output of a settled round (SPEC section 10)."""
    dealer = rnd.dealer_cards
    lines = sorted(
        rnd.settlement,
        key=lambda w: (w.spot, _KIND_ORDER[w.kind], w.hand or 0, w.name or ""),
    )
    staked = sum(w.stake for w in lines)
    returned = sum(w.returned for w in lines)
    return {
        "variant": variant,
        "dealer": {
            "cards": [str(c) for c in dealer],
            "total": rnd.dealer_total,
            "blackjack": bool(rnd.dealer_blackjack),
        },
        "hands": [
            {
                "spot": h.spot,
                "hand": h.hand,
                "cards": [str(c) for c in h.cards],
                "total": h.total,
                "outcome": None if h.outcome is None else str(h.outcome),
            }
            for h in sorted(rnd.hands(), key=lambda h: (h.spot, h.hand))
        ],
        "wagers": [
            {
                "spot": w.spot,
                "hand": w.hand,
                "kind": str(w.kind),
                "name": w.name,
                "stake": w.stake,
                "returned": w.returned,
            }
            for w in lines
        ],
        "staked": staked,
        "returned": returned,
        "net": returned - staked,
    }


def replay_text(text: str) -> dict[str, Any]:
    """Parse, run and report a scenario given as JSON text."""
    scenario = load_scenario(text)
    return round_result(run_scenario(scenario), scenario.variant.name)


def scenario_of(rnd: Round, variant: str) -> dict[str, Any]:
    """A scenario file that reproduces ``rnd`` (its full rules, cards dealt and decisions)."""
    return {
        "variant": variant,
        "rules": rnd.rules.to_dict(),
        "spots": [bet.to_dict() for bet in rnd.bets],
        "cards": [str(c) for c in dealt_cards(rnd)],
        "actions": list(decisions(rnd)),
    }


__all__ = [
    "InvalidScenarioError",
    "MissingActionError",
    "Scenario",
    "UnusedActionsError",
    "load_scenario",
    "parse_scenario",
    "replay_text",
    "round_result",
    "run_scenario",
    "scenario_of",
]
