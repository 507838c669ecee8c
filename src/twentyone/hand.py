"""Hand arithmetic: totals, soft/hard, blackjack, pairs.

An ace counts 11 when that does not bust the hand ("soft"), else 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.cards import Card
from twentyone.rules import SplitBy


def total(cards: Sequence[Card]) -> tuple[int, bool]:
    """The best total and whether it is soft (an ace counted 11).

    >>> from twentyone.cards import parse_cards
    >>> total(parse_cards("As 6d")), total(parse_cards("As 6d Kh")), total(parse_cards("Kh Qd"))
    ((17, True), (17, False), (20, False))
    """
    hard = 0
    ace = False
    for card in cards:
        points = card.points
        hard += points
        if points == 1:
            ace = True
    if ace and hard <= 11:
        return hard + 10, True
    return hard, False


def hard_total(cards: Sequence[Card]) -> int:
    """The total with every ace counted 1."""
    return sum(card.points for card in cards)


def best_total(cards: Sequence[Card]) -> int:
    """The best total (the first element of :func:`total`)."""
    return total(cards)[0]


def is_two_card_21(cards: Sequence[Card]) -> bool:
    """Whether the cards are exactly an ace and a ten-count card."""
    return (
        len(cards) == 2 and cards[0].points + cards[1].points == 11 and (cards[0].points in (1, 10))
    )


def is_pair(cards: Sequence[Card], split_by: SplitBy) -> bool:
    """Whether two cards may be split: same count, or same rank when splitting by rank."""
    if len(cards) != 2:
        return False
    a, b = cards
    if split_by is SplitBy.RANK:
        return a.rank == b.rank
    return a.points == b.points
