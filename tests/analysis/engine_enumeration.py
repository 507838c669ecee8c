"""Every round a tiny shoe can deal, played by the real engine, with exact probabilities.

The reference the exact analysis is checked against: nothing here knows how the analysis values
a hand. The engine (:class:`~twentyone.engine.Round`) deals from a scripted shoe; whenever it
needs a card past the script it stops (``ShoeExhaustedError``), and the enumeration goes on
with each rank the shoe still holds, weighted by its exact chance (cards left of that rank over
cards left). Decisions come from a zero-memory policy given as a function, which sees what a
player sees (the hand's cards, the up card, the legal actions). Insurance and even money are
declined. The result of a round is the net of its hand wagers per initial bet, as a
:class:`~fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from twentyone.cards import Card, Shoe
from twentyone.engine import Action, Round, SpotBet, WagerKind
from twentyone.errors import ShoeExhaustedError
from twentyone.rules import Rules

Decide = Callable[[tuple[int, ...], int, frozenset[str], int | None], str]
"""``(hand composition, up card index, legal action names, pair) -> action name``; ``pair`` is
the index of a split hand's first card (the pair card), ``None`` for a hand not from a split."""
DecideByHands = Callable[[tuple[int, ...], int, frozenset[str], int | None, int], str]
""":data:`Decide` that also sees how many hands the spot has now (a player sees them)."""

CARDS: tuple[Card, ...] = tuple(
    Card.parse(c) for c in ["As", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "Ts"]
)
"""The card dealt for each composition index (suits and ten-count ranks never matter here)."""
BET = 1000
DECLINE = {Action.NO_INSURANCE, Action.NO_EVEN_MONEY}


@dataclass
class Enumeration:
    """What the enumeration found.

    Attributes:
        ev: the expected net per initial bet.
        by_up: ``up index -> (chance of the up card, E[net | up card])``.
        distribution: ``net -> chance``.
        by_hands: ``number of player hands -> net -> chance`` (the same chances, by how many
            hands the round ended with).
        rounds: how many distinct card sequences were played to the end.
    """

    ev: Fraction = Fraction(0)
    by_up: dict[int, tuple[Fraction, Fraction]] = field(default_factory=dict)
    distribution: dict[Fraction, Fraction] = field(default_factory=dict)
    by_hands: dict[int, dict[Fraction, Fraction]] = field(default_factory=dict)
    rounds: int = 0


def _composition(cards: Sequence[Card]) -> tuple[int, ...]:
    counts = [0] * 10
    for card in cards:
        counts[card.points - 1] += 1
    return tuple(counts)


def _play(
    rules: Rules, cards: list[int], decide: Decide | DecideByHands, by_hands: bool = False
) -> Round | None:
    """The round the cards deal to its end, or ``None`` if it needs more cards."""
    try:
        rnd = Round.start(rules, [SpotBet(BET)], Shoe([CARDS[i] for i in cards]))
        up = rnd.up_card.points - 1
        while not rnd.is_over:
            legal = rnd.legal_actions()
            declined = DECLINE.intersection(legal)
            if declined:
                rnd.act(declined.pop())
                continue
            hand = rnd.current_hand()
            assert hand is not None
            names = frozenset(str(a) for a in legal)
            pair = hand.cards[0].points - 1 if hand.from_split else None
            comp = _composition(hand.cards)
            if by_hands:
                hands = sum(1 for h in rnd.hands() if h.spot == hand.spot)
                rnd.act(decide(comp, up, names, pair, hands))  # type: ignore[call-arg]
            else:
                rnd.act(decide(comp, up, names, pair))  # type: ignore[call-arg]
    except ShoeExhaustedError:
        return None
    return rnd


def enumerate_rounds(
    rules: Rules,
    shoe: tuple[int, ...],
    decide: Decide | DecideByHands,
    given: Sequence[int | None] = (),
    *,
    by_hands: bool = False,
) -> Enumeration:
    """Play every round of ``shoe`` (a composition) whose first cards are ``given``.

    ``given[k]`` fixes the ``k``-th card dealt (``None``: any). The deal order is the player's
    first card, the up card, the player's second card, the hole card (every variant whose
    dealer's first card is face up), so ``(None, 0)`` asks for the rounds with an ace up and
    ``(7, 9, 7)`` for 8-8 against a ten; the chances are then conditional on the fixed cards.
    Raises ``ValueError`` if a round could empty the shoe (the analysis assumes it never runs
    out). ``by_hands``: ``decide`` is a :data:`DecideByHands`.
    """
    if any(g is not None for g in given[1:2]) and rules.dealer_first_card_face_down:
        raise ValueError("the up card is the second card dealt only when the first is face up")
    out = Enumeration()
    left = list(shoe)
    for g in given:
        if g is not None:
            left[g] -= 1
    by_up: dict[int, list[Fraction]] = {}

    def walk(cards: list[int], chance: Fraction) -> None:
        k = len(cards)
        if k < len(given) and given[k] is not None:
            walk([*cards, given[k]], chance)  # type: ignore[list-item]
            return
        rnd = _play(rules, cards, decide, by_hands)
        if rnd is None:
            n = sum(left)
            if n == 0:
                raise ValueError("the tiny shoe ran out: use more cards")
            for c in range(10):
                if left[c]:
                    p = Fraction(left[c], n)
                    left[c] -= 1
                    walk([*cards, c], chance * p)
                    left[c] += 1
            return
        net = Fraction(
            sum(w.returned - w.stake for w in rnd.settlement if w.kind is WagerKind.HAND), BET
        )
        out.rounds += 1
        out.ev += chance * net
        out.distribution[net] = out.distribution.get(net, Fraction(0)) + chance
        same = out.by_hands.setdefault(len(rnd.hands()), {})
        same[net] = same.get(net, Fraction(0)) + chance
        up = rnd.up_card.points - 1
        acc = by_up.setdefault(up, [Fraction(0), Fraction(0)])
        acc[0] += chance
        acc[1] += chance * net

    walk([], Fraction(1))
    out.by_up = {u: (p, ev / p) for u, (p, ev) in sorted(by_up.items())}
    return out


Choose = Callable[[Round], str]
"""``round -> action name`` for the decision the round asks now (a policy that reads only
``round.view()`` sees what the player sees)."""
Net = Callable[[Round], Fraction]
"""``finished round -> the result to take the expectation of``."""


def enumerate_views(
    rules: Rules, shoe: tuple[int, ...], choose: Choose, net: Net, given: Sequence[int | None]
) -> Fraction:
    """The exact expectation of ``net`` over every round of ``shoe`` whose cards are ``given``
    (as :func:`enumerate_rounds`: ``None`` for any card), each decision made by ``choose``,
    insurance and even money included. The expectation is conditioned on the round dealing
    every given card: a round that ends before (a dealer blackjack found by the peek) is not
    one of them, as the player who sees the given cards knows. Unlike
    :func:`enumerate_rounds`, the policy gets the round (to read its view: which hand is
    asked, what else is shown), so it may treat the hands of a split differently."""
    left = list(shoe)
    for g in given:
        if g is not None:
            left[g] -= 1
    if min(left) < 0:
        raise ValueError("the given cards are not all in the shoe")
    total = mass = Fraction(0)

    def play(cards: list[int]) -> Round | None:
        try:
            rnd = Round.start(rules, [SpotBet(BET)], Shoe([CARDS[i] for i in cards]))
            while not rnd.is_over:
                rnd.act(choose(rnd))
        except ShoeExhaustedError:
            return None
        return rnd

    def walk(cards: list[int], chance: Fraction) -> None:
        nonlocal total, mass
        k = len(cards)
        if k < len(given) and given[k] is not None:
            walk([*cards, given[k]], chance)  # type: ignore[list-item]
            return
        rnd = play(cards)
        if rnd is None:
            n = sum(left)
            if n == 0:
                raise ValueError("the tiny shoe ran out: use more cards")
            for c in range(10):
                if left[c]:
                    p = Fraction(left[c], n)
                    left[c] -= 1
                    walk([*cards, c], chance * p)
                    left[c] += 1
            return
        dealt = len(rnd.dealer_cards) + sum(len(h.cards) for h in rnd.hands())
        if dealt < len(given):
            return  # ended before the given cards were dealt (a peeked blackjack): not one
        mass += chance
        total += chance * net(rnd)

    walk([], Fraction(1))
    if mass == 0:
        raise ValueError("no round deals the given cards")
    return total / mass
