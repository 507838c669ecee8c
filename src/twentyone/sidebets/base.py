"""The one interface every side bet implements, and the shared payout arithmetic.

A side bet is a pure function of what the table has seen: :meth:`SideBet.resolve` looks at a
:class:`SideBetContext` and answers the winning outcome, :data:`LOSE`, or ``None`` while the
answer is not yet known. The engine asks again after each step until every side bet of the
round is resolved, then pays them all at once per side bet through :func:`payouts` (which
applies the side bet's per-round aggregate cap).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from twentyone.cards import Card
from twentyone.sidebets.paytables import Paytable, SideBetName

LOSE = "lose"
"""The outcome of a side bet that pays nothing."""


@dataclass(frozen=True, slots=True)
class SideBetContext:
    """What a side bet may look at.

    Attributes:
        spot_cards: every card dealt to the spot, in the order dealt: the first two cards, then
            the next cards its hands receive (after a split, the first split hand's next card
            comes first).
        dealer_up: the dealer's face-up card.
        dealer_blackjack: whether the dealer has blackjack; ``None`` while nobody can know.
        spot_done: the spot will receive no more cards this round.
    """

    spot_cards: tuple[Card, ...]
    dealer_up: Card
    dealer_blackjack: bool | None
    spot_done: bool


class SideBet(Protocol):
    """One side bet's rules."""

    name: SideBetName

    def resolve(self, ctx: SideBetContext) -> str | None:
        """The outcome (a pay-table line or :data:`LOSE`), or ``None`` if not yet decided."""
        ...


def payouts(
    stakes: Sequence[int],
    outcomes: Sequence[str],
    paytable: Paytable,
    aggregate_cap: int | None,
) -> list[int]:
    """What each wager returns (stake included) for one side bet over one round.

    A winner gets its stake back plus ``pays × stake``. When the winnings together exceed
    ``aggregate_cap``, each win is cut pro rata, rounded down, so their sum stays within the
    cap; the stakes of winners are returned in full.

    >>> from twentyone.sidebets.paytables import find_paytable
    >>> t = find_paytable("lucky-ladies", "A")
    >>> payouts([2000, 2000], ["qh-pair-dealer-blackjack", "any-20"], t, 2_000_000)
    [1994031, 9968]
    """
    if len(stakes) == 1 and outcomes[0] == LOSE:
        return [0]
    wins = [
        0 if outcome == LOSE else stake * paytable.pays_for(outcome)
        for stake, outcome in zip(stakes, outcomes, strict=True)
    ]
    total = sum(wins)
    if aggregate_cap is not None and total > aggregate_cap:
        wins = [win * aggregate_cap // total for win in wins]
    return [
        0 if outcome == LOSE else stake + win
        for stake, outcome, win in zip(stakes, outcomes, wins, strict=True)
    ]
