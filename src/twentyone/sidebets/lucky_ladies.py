"""Lucky Ladies: the player's first two cards total 20.

"The proposition is whether or not the player's first two cards equal a total of twenty.
Additional bonuses are paid if the player's two cards equaling twenty are suited [...] or matched
[...]. Special bonuses are awarded if the player's first two cards are each a Queen of Hearts
(the Lucky Ladies), and the top prize is awarded if the player's Queen of Hearts pair occurs at
the same time the dealer has a blackjack." Settles after the deal, except a queen-of-hearts pair
while the dealer shows an ace or a ten, which waits until the dealer's blackjack is known.
"""

from __future__ import annotations

from twentyone.cards import Card, Rank, Suit
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import LuckyLadiesOutcome, SideBetName

QUEEN_OF_HEARTS = Card(Rank.QUEEN, Suit.HEARTS)


def evaluate(first: Card, second: Card, dealer_blackjack: bool) -> LuckyLadiesOutcome | None:
    """The Lucky Ladies line of two cards, or ``None`` for a loss.

    >>> from twentyone.cards import Card
    >>> qh = Card.parse("Qh")
    >>> evaluate(qh, qh, True), evaluate(qh, qh, False), evaluate(qh, Card.parse("Kh"), False)
    (<LuckyLadiesOutcome.QH_PAIR_DEALER_BJ: 'qh-pair-dealer-blackjack'>, \
<LuckyLadiesOutcome.QH_PAIR: 'qh-pair'>, <LuckyLadiesOutcome.SUITED_20: 'suited-20'>)
    """
    if first == QUEEN_OF_HEARTS and second == QUEEN_OF_HEARTS:
        return (
            LuckyLadiesOutcome.QH_PAIR_DEALER_BJ if dealer_blackjack else LuckyLadiesOutcome.QH_PAIR
        )
    hard = first.points + second.points
    if hard != 20 and not (hard == 10 and (first.points == 1 or second.points == 1)):
        return None
    # two cards total 20: two tens, or an ace and a nine (A+9 = 20).
    if first == second:
        return LuckyLadiesOutcome.MATCHED_20
    if first.suit == second.suit:
        return LuckyLadiesOutcome.SUITED_20
    return LuckyLadiesOutcome.ANY_20


class LuckyLadies:
    """The Lucky Ladies side bet."""

    name = SideBetName.LUCKY_LADIES

    def resolve(self, ctx: SideBetContext) -> str | None:
        """Decided at the deal, except a queen-of-hearts pair against an ace or ten up card."""
        first, second = ctx.spot_cards[0], ctx.spot_cards[1]
        qh_pair = first == QUEEN_OF_HEARTS and second == QUEEN_OF_HEARTS
        up = ctx.dealer_up.points
        if qh_pair and up in (1, 10):
            if ctx.dealer_blackjack is None:
                return None
            outcome = evaluate(first, second, ctx.dealer_blackjack)
        else:
            outcome = evaluate(first, second, False)
        return LOSE if outcome is None else outcome
