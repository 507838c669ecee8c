"""Shared helpers of the engine rule tests: scripted rounds and settlement lines.

A test deals a scripted shoe (SPEC section 3 deal order: one card to each spot in play order,
the dealer's first card, a second card to each spot, the dealer's second card where there is a
hole card), plays the decisions, and compares the settlement to lines worked out from the rule.
"""

from __future__ import annotations

from collections.abc import Iterable

from twentyone.cards import Shoe
from twentyone.engine import Round, SpotBet, WagerKind, WagerLine
from twentyone.rules import Rules
from twentyone.variants import find_variant


def rules_of(variant: str, **overrides: object) -> Rules:
    """The preset's rules, with some switches changed."""
    rules = find_variant(variant).rules
    return rules.replace(**overrides) if overrides else rules


def deal(
    variant: str | Rules,
    cards: Iterable[str],
    *bets: SpotBet | int,
    actions: Iterable[str] = (),
) -> Round:
    """Deal ``cards`` (deal order) to ``bets`` (default: one spot of 1000), play ``actions``."""
    rules = rules_of(variant) if isinstance(variant, str) else variant
    spots = [SpotBet(b) if isinstance(b, int) else b for b in bets] or [SpotBet(1000)]
    rnd = Round.start(rules, spots, Shoe.from_cards(list(cards)))
    for action in actions:
        rnd.act(action)
    return rnd


def hand(spot: int, index: int, stake: int, returned: int, outcome: str) -> WagerLine:
    """The settlement line of one hand (its stake includes any double)."""
    return WagerLine(spot, index, WagerKind.HAND, None, stake, returned, outcome)


def insurance(spot: int, stake: int, returned: int, outcome: str) -> WagerLine:
    """The settlement line of one spot's insurance."""
    return WagerLine(spot, None, WagerKind.INSURANCE, None, stake, returned, outcome)


def side(spot: int, name: str, stake: int, returned: int, outcome: str) -> WagerLine:
    """The settlement line of one side bet."""
    return WagerLine(spot, None, WagerKind.SIDE, name, stake, returned, outcome)


def _key(line: WagerLine) -> tuple[int, str, int, str]:
    return (line.spot, str(line.kind), -1 if line.hand is None else line.hand, line.name or "")


def settled(rnd: Round) -> list[WagerLine]:
    """The round's settlement lines in a fixed order (spot, kind, hand, name)."""
    return sorted(rnd.settlement, key=_key)


def lines(*expected: WagerLine) -> list[WagerLine]:
    """Expected lines in the same fixed order as :func:`settled`."""
    return sorted(expected, key=_key)


def cards_of(rnd: Round, spot: int = 0, index: int = 0) -> list[str]:
    """The cards of one hand as text."""
    for view in rnd.hands():
        if (view.spot, view.hand) == (spot, index):
            return [str(c) for c in view.cards]
    raise KeyError((spot, index))


def dealer(rnd: Round) -> list[str]:
    """The dealer's cards as text, in the order dealt."""
    return [str(c) for c in rnd.dealer_cards]


def legal(rnd: Round) -> set[str]:
    """The legal actions as plain strings."""
    return {str(a) for a in rnd.legal_actions()}
