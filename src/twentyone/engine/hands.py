"""A player hand inside a round, and what it may do: the one source of hand legality."""

from __future__ import annotations

from twentyone.cards import Card
from twentyone.engine.model import Action, Outcome
from twentyone.rules import DoubleOn, Rules, SplitBy, Surrender

_DOUBLE_TOTALS = {
    DoubleOn.ANY: None,
    DoubleOn.NINE_TO_ELEVEN: frozenset({9, 10, 11}),
    DoubleOn.TEN_TO_ELEVEN: frozenset({10, 11}),
}


class PlayerHand:
    """One player hand (mutable inside the round; the outside sees a ``HandView``)."""

    __slots__ = (
        "ace",
        "bet",
        "cards",
        "done",
        "double",
        "from_split",
        "hard",
        "index",
        "natural",
        "outcome",
        "returned",
        "split_aces",
        "spot",
    )

    def __init__(self, spot: int, index: int, bet: int, from_split: bool) -> None:
        self.spot = spot
        self.index = index
        self.bet = bet
        self.double = 0
        self.cards: list[Card] = []
        self.hard = 0
        self.ace = False
        self.from_split = from_split
        self.split_aces = False
        self.natural = False
        self.done = False
        self.outcome: Outcome | None = None
        self.returned: int | None = None

    def add(self, card: Card) -> None:
        """Take a card."""
        self.cards.append(card)
        self.hard += card.points
        if card.points == 1:
            self.ace = True

    def take_back(self) -> Card:
        """Give up the second card (to a new hand, when splitting)."""
        card = self.cards.pop()
        self.hard -= card.points
        self.ace = any(c.points == 1 for c in self.cards)
        return card

    @property
    def total(self) -> int:
        """The best total (an ace as 11 where it does not bust)."""
        hard = self.hard
        return hard + 10 if self.ace and hard <= 11 else hard

    @property
    def soft(self) -> bool:
        """Whether an ace counts 11."""
        return self.ace and self.hard <= 11

    @property
    def stake(self) -> int:
        """The bet plus any double."""
        return self.bet + self.double


def can_double(rules: Rules, hand: PlayerHand) -> bool:
    """Double on the first two cards, within the totals the rules allow (SPEC 3 "double")."""
    if hand.from_split and not rules.double_after_split:
        return False
    allowed = _DOUBLE_TOTALS[rules.double_on]
    if allowed is None:
        return not (rules.double_hard_only and hand.soft)
    if rules.double_hard_only:
        return not hand.soft and hand.hard in allowed
    return hand.total in allowed or hand.hard in allowed


def can_split(rules: Rules, hand: PlayerHand, hands_on_spot: int) -> bool:
    """Split a pair (by value or by rank) while the spot has fewer than the maximum hands;
    split aces again only where the rules allow."""
    a, b = hand.cards
    pair = a.rank == b.rank if rules.split_by is SplitBy.RANK else a.points == b.points
    if not pair or hands_on_spot >= rules.max_split_hands:
        return False
    return not (a.points == 1 and hand.from_split and not rules.resplit_aces)


def hand_actions(rules: Rules, hand: PlayerHand, hands_on_spot: int) -> tuple[Action, ...]:
    """The decisions a hand in play may take, in a stable order."""
    two = len(hand.cards) == 2
    if hand.split_aces and not rules.hit_split_aces:
        if two and can_split(rules, hand, hands_on_spot):
            return (Action.STAND, Action.SPLIT)
        return (Action.STAND,)
    actions = [Action.HIT, Action.STAND]
    if two and can_double(rules, hand):
        actions.append(Action.DOUBLE)
    if two and can_split(rules, hand, hands_on_spot):
        actions.append(Action.SPLIT)
    if two and rules.surrender is Surrender.LATE and not hand.from_split and hands_on_spot == 1:
        actions.append(Action.SURRENDER)
    return tuple(actions)
