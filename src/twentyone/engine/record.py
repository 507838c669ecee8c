"""A round's record: rules + bets + the cards in the order dealt + the decisions.

``loads(dumps(round)) == round``: the record replays to the identical round, event for event.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from twentyone.cards import Card, Shoe, parse_cards
from twentyone.engine.model import CardDealt, Decided, SpotBet
from twentyone.engine.round import Round
from twentyone.rules import Rules


def dealt_cards(rnd: Round) -> tuple[Card, ...]:
    """Every card the round took from the shoe, in order."""
    return tuple(e.card for e in rnd.events if isinstance(e, CardDealt) and e.card is not None)


def decisions(rnd: Round) -> tuple[str, ...]:
    """Every decision of the round, in order."""
    return tuple(str(e.action) for e in rnd.events if isinstance(e, Decided))


def to_record(rnd: Round) -> dict[str, Any]:
    """The JSON-ready record of a round."""
    return {
        "rules": rnd.rules.to_dict(),
        "bets": [bet.to_dict() for bet in rnd.bets],
        "cards": [str(card) for card in dealt_cards(rnd)],
        "actions": list(decisions(rnd)),
    }


def dumps(rnd: Round) -> str:
    """The record as JSON text."""
    return json.dumps(to_record(rnd), separators=(",", ":"))


def replay(
    rules: Rules, bets: Sequence[SpotBet], cards: Iterable[Card], actions: Iterable[str]
) -> Round:
    """Deal ``cards`` in order and apply ``actions``; the round may still be in play."""
    rnd = Round.start(rules, bets, Shoe(list(cards)))
    for action in actions:
        rnd.act(action)
    return rnd


def from_record(record: dict[str, Any]) -> Round:
    """Inverse of :func:`to_record`."""
    rules = Rules.from_dict(record["rules"])
    bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in record["bets"]]
    return replay(rules, bets, parse_cards(record["cards"]), record["actions"])


def loads(text: str) -> Round:
    """Inverse of :func:`dumps`."""
    return from_record(json.loads(text))
