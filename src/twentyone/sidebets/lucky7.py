"""Lucky 7: sevens among the first, second and third cards dealt to a spot.

"Se la prima carta di una mano è un 7, la puntata è vincente. La vincita aumenta se anche la
carta successiva è un 7 e aumenta ancora se la terza carta è ancora un 7 [...] Se i 7 sono dello
stesso seme la vincita aumenterà ancora." Four or more sevens pay as three. The third card is the
next card the hand receives (hit, double, or the first card dealt to the first split hand after
splitting sevens). "Se il Banco fa blackjack, al giocatore non viene data una terza carta se ha
due 7; in questo caso il Lucky 7 viene pagato sulle due carte iniziali" — and a hand that stands
on two cards is paid on two.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.cards import Card, Rank
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import Lucky7Outcome, SideBetName


def evaluate(cards: Sequence[Card]) -> Lucky7Outcome | None:
    """The Lucky 7 line of a spot's first two or three cards, or ``None`` for a loss.

    >>> from twentyone.cards import parse_cards
    >>> evaluate(parse_cards("7h 7h 7h")), evaluate(parse_cards("7h 7s"))
    (<Lucky7Outcome.SUITED_777: '7-7-7-suited'>, <Lucky7Outcome.UNSUITED_77: '7-7'>)
    >>> evaluate(parse_cards("Kh 7s")) is None
    True
    """
    first = cards[0]
    if first.rank is not Rank.SEVEN:
        return None
    if len(cards) < 2 or cards[1].rank is not Rank.SEVEN:
        return Lucky7Outcome.ONE_7
    second = cards[1]
    if len(cards) >= 3 and cards[2].rank is Rank.SEVEN:
        same = first.suit == second.suit == cards[2].suit
        return Lucky7Outcome.SUITED_777 if same else Lucky7Outcome.UNSUITED_777
    return Lucky7Outcome.SUITED_77 if first.suit == second.suit else Lucky7Outcome.UNSUITED_77


class Lucky7:
    """The Lucky 7 side bet."""

    name = SideBetName.LUCKY_7

    def resolve(self, ctx: SideBetContext) -> str | None:
        """Decided at the deal unless the first two cards are sevens; then by the third card,
        or on two cards when the dealer has blackjack or the spot takes no more cards."""
        cards = ctx.spot_cards
        pair_of_sevens = cards[0].rank is Rank.SEVEN and cards[1].rank is Rank.SEVEN
        if pair_of_sevens and len(cards) < 3 and not (ctx.spot_done or ctx.dealer_blackjack):
            return None
        outcome = evaluate(cards[:2] if ctx.dealer_blackjack and len(cards) < 3 else cards[:3])
        return LOSE if outcome is None else outcome
