"""Lucky Lucky: the player's first two cards and the dealer's up card.

"This side bet wins if your first 2 cards and the dealer's first card form a Suited 777, a
Suited 678, an Unsuited 777, an Unsuited 678, a Suited 21, an Unsuited 21, Any 20 and Any 19
combination." An ace counts 1 or 11, whichever makes the best total up to 21; 7-7-7 and 6-7-8
are paid on their own line, not also as 21. Settles right after the deal.
"""

from __future__ import annotations

from twentyone.cards import Card
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import LuckyLuckyOutcome, SideBetName


def evaluate(first: Card, second: Card, up: Card) -> LuckyLuckyOutcome | None:
    """The Lucky Lucky line of three cards, or ``None`` for a loss.

    >>> from twentyone.cards import Card
    >>> evaluate(Card.parse("7h"), Card.parse("6h"), Card.parse("8h"))
    <LuckyLuckyOutcome.SUITED_678: 'suited-678'>
    >>> evaluate(Card.parse("Ah"), Card.parse("Kd"), Card.parse("Qc"))
    <LuckyLuckyOutcome.UNSUITED_21: 'unsuited-21'>
    """
    cards = (first, second, up)
    suited = first.suit == second.suit == up.suit
    points = sorted(card.points for card in cards)
    if points == [7, 7, 7]:
        return LuckyLuckyOutcome.SUITED_777 if suited else LuckyLuckyOutcome.UNSUITED_777
    if points == [6, 7, 8]:
        return LuckyLuckyOutcome.SUITED_678 if suited else LuckyLuckyOutcome.UNSUITED_678
    hard = sum(points)
    best = hard + 10 if points[0] == 1 and hard <= 11 else hard
    if best == 21:
        return LuckyLuckyOutcome.SUITED_21 if suited else LuckyLuckyOutcome.UNSUITED_21
    if best == 20:
        return LuckyLuckyOutcome.ANY_20
    if best == 19:
        return LuckyLuckyOutcome.ANY_19
    return None


class LuckyLucky:
    """The Lucky Lucky side bet."""

    name = SideBetName.LUCKY_LUCKY

    def resolve(self, ctx: SideBetContext) -> str | None:
        """Decided at the deal by the first two cards and the up card."""
        outcome = evaluate(ctx.spot_cards[0], ctx.spot_cards[1], ctx.dealer_up)
        return LOSE if outcome is None else outcome
