"""The round state machine: phases, legal actions, events, settlement.

>>> from twentyone.cards import Shoe
>>> from twentyone.variants import find_variant
>>> rules = find_variant("european").rules
>>> rnd = Round.start(rules, [SpotBet(1000)], Shoe.from_cards("Ts 6d 9h 5c 7d"))
>>> rnd.legal_actions()
(<Action.HIT: 'hit'>, <Action.STAND: 'stand'>)
>>> rnd.act("stand")
>>> [(line.outcome, line.returned) for line in rnd.settlement]
[('win', 2000)]
"""

from twentyone.engine.model import (
    DEALER,
    Action,
    CardDealt,
    Decided,
    Event,
    HandView,
    HoleCardRevealed,
    Outcome,
    Peeked,
    Phase,
    RoundSettled,
    RoundView,
    SideBetResolved,
    SpotBet,
    WagerKind,
    WagerLine,
    WagerPlaced,
    WagerSettled,
)
from twentyone.engine.record import dumps, from_record, loads, replay, to_record
from twentyone.engine.round import Round

__all__ = [
    "DEALER",
    "Action",
    "CardDealt",
    "Decided",
    "Event",
    "HandView",
    "HoleCardRevealed",
    "Outcome",
    "Peeked",
    "Phase",
    "Round",
    "RoundSettled",
    "RoundView",
    "SideBetResolved",
    "SpotBet",
    "WagerKind",
    "WagerLine",
    "WagerPlaced",
    "WagerSettled",
    "dumps",
    "from_record",
    "loads",
    "replay",
    "to_record",
]
