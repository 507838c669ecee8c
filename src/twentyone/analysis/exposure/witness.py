"""A round that pays the searched figure, dealt and played by the engine (see
:mod:`twentyone.analysis.exposure`).

From the best plans: the dealer's cards that bust it (or make its blackjack), each split hand a
second card it may double on and a card that keeps it under 22, the side bets' cards as
planned, all out of what the shoe still holds; then the engine plays it from a stacked shoe.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from twentyone.analysis.exposure.plans import (
    CARD_OF_POINTS,
    CARDS,
    DealerEnd,
    Play,
    SpotPlan,
    best_second,
    hand_of,
    is_pair,
    split_hand_units,
    split_hands,
    total_of,
)
from twentyone.cards import Card, Rank, Shoe
from twentyone.engine.model import Action, SpotBet
from twentyone.engine.round import Round
from twentyone.engine.settle import dealer_draws
from twentyone.rng import SeededRandomSource
from twentyone.rules import PeekMode, Rules
from twentyone.sidebets.paytables import SideBetName


@dataclass(frozen=True, slots=True)
class Witness:
    """A concrete round: the cards in deal order and the player's decisions in order."""

    cards: tuple[Card, ...]
    actions: tuple[Action, ...]


def table_bets(rules: Rules, max_bet: int) -> list[SpotBet]:
    side = tuple((bet.name, bet.max_stake) for bet in rules.side_bets)
    return [SpotBet(max_bet, side) for _ in range(rules.max_spots)]


class _Pool:
    """The shoe's cards not yet dealt in the witness, by card."""

    def __init__(self, decks: int) -> None:
        self.left = Counter(dict.fromkeys(CARDS, decks))

    def take(self, card: Card) -> Card:
        if self.left[card] <= 0:
            raise _ShortShoeError
        self.left[card] -= 1
        return card

    def any_of(self, points: int, avoid: frozenset[Rank] = frozenset()) -> Card:
        """A card of ``points`` the shoe still holds, the most plentiful first."""
        found = [
            card
            for card in CARDS
            if card.points == points and card.rank not in avoid and self.left[card] > 0
        ]
        if not found:
            raise _ShortShoeError
        return self.take(max(found, key=lambda card: self.left[card]))


class _ShortShoeError(Exception):
    """The shoe holds too few of a card the witness needs."""


def deal(rules: Rules, up: Card, dealer: DealerEnd, plans: Sequence[SpotPlan]) -> Witness | None:
    """A round that follows ``plans`` against ``up`` with the dealer ending as ``dealer``:
    the cards in deal order and the decisions, or ``None`` if the shoe is too short for it."""
    pool = _Pool(rules.decks)
    try:
        pool.take(up)
        for plan in plans:
            for card in (plan.first, plan.second) + ((plan.third,) if plan.third else ()):
                pool.take(card)
        if dealer is DealerEnd.BLACKJACK:
            other = [pool.any_of(10 if up.points == 1 else 1)]
        else:
            other = _dealer_bust(rules, up, pool)
        hole = other[:1] if rules.has_hole_card else []
        later = other[1:] if rules.has_hole_card else other
        dealt = [hole[0], up] if hole and rules.dealer_first_card_face_down else [up, *hole]
        cards = [p.first for p in plans] + dealt[:1] + [p.second for p in plans] + dealt[1:]
        actions: list[Action] = []
        if rules.insurance and up.points == 1:
            take = dealer is DealerEnd.BLACKJACK
            for p in plans:
                if p.play is Play.NATURAL and rules.even_money:
                    actions.append(Action.EVEN_MONEY if take else Action.NO_EVEN_MONEY)
                else:
                    actions.append(Action.INSURANCE if take else Action.NO_INSURANCE)
        if dealer is DealerEnd.BLACKJACK and rules.peek is PeekMode.ACE_AND_TEN:
            return Witness(tuple(cards), tuple(actions))
        for plan in plans:
            spot_cards, spot_actions = _play_spot(rules, plan, pool)
            cards += spot_cards
            actions += spot_actions
        cards += later
    except _ShortShoeError:
        return None
    return Witness(tuple(cards), tuple(actions))


def _dealer_bust(rules: Rules, up: Card, pool: _Pool) -> list[Card]:
    """The dealer's next cards (the hole card first, where there is one) that make it bust
    without a blackjack, taken from ``pool``."""
    for run in _bust_runs(rules, up.points):
        trial = Counter(pool.left)
        try:
            taken = []
            for points in run:
                found = [c for c in CARDS if c.points == points and trial[c] > 0]
                if not found:
                    raise _ShortShoeError
                card = max(found, key=lambda c: trial[c])
                trial[card] -= 1
                taken.append(card)
        except _ShortShoeError:
            continue
        for card in taken:
            pool.take(card)
        return taken
    raise _ShortShoeError


def _bust_runs(rules: Rules, up: int) -> Iterator[tuple[int, ...]]:
    """Runs of the dealer's next cards' counts (tens first) after ``up`` that bust it, the
    first not making a blackjack."""

    def grow(run: tuple[int, ...], hard: int, ace: bool) -> Iterator[tuple[int, ...]]:
        if hard > 21:
            yield run
            return
        if len(run) >= 6 or not dealer_draws(hard, ace, rules.dealer_hits_soft_17):
            return
        for points in (10, 9, 8, 7, 6, 5, 4, 3, 2, 1):
            if not run and {up, points} == {1, 10}:
                continue
            yield from grow((*run, points), hard + points, ace or points == 1)

    yield from grow((), up, up == 1)


def _play_spot(rules: Rules, plan: SpotPlan, pool: _Pool) -> tuple[list[Card], list[Action]]:
    """The cards a spot takes after the deal and its decisions, as ``plan`` plays."""
    two = (plan.first, plan.second)
    avoid = frozenset({Rank.SEVEN}) if _sevens_matter(rules, plan) else frozenset()
    if plan.play is Play.NATURAL:
        return [], []
    if plan.play is Play.STAND:
        return [], [Action.STAND]
    if plan.play is Play.HIT:
        card = plan.third
        assert card is not None
        done = total_of((*two, card)) == 21
        return [card], [Action.HIT] + ([] if done else [Action.STAND])
    if plan.play is Play.DOUBLE:
        card = plan.third or _filler(two, pool, avoid)
        return [card], [Action.DOUBLE]
    return _split_spot(rules, plan, pool, avoid)


def _sevens_matter(rules: Rules, plan: SpotPlan) -> bool:
    """Whether a 7 as the spot's third card would change a side bet (Lucky 7 on a 7-7)."""
    return (
        any(bet.name is SideBetName.LUCKY_7 for bet in rules.side_bets)
        and plan.first.rank is Rank.SEVEN
        and plan.second.rank is Rank.SEVEN
    )


def _filler(cards: Sequence[Card], pool: _Pool, avoid: frozenset[Rank]) -> Card:
    """A card that keeps the hand at 21 or under, the highest count first."""
    hard = sum(card.points for card in cards)
    for points in range(min(10, 21 - hard), 0, -1):
        try:
            return pool.any_of(points, avoid)
        except _ShortShoeError:
            continue
    raise _ShortShoeError


def _split_spot(
    rules: Rules, plan: SpotPlan, pool: _Pool, avoid: frozenset[Rank]
) -> tuple[list[Card], list[Action]]:
    """A split to the most hands: resplit pair cards first, then each hand's second card (one
    it may double on where that pays) and, when doubled, a card that keeps it under 22."""
    pair = plan.first
    hands = split_hands(rules, pair)
    best = best_second(rules, pair)
    cards: list[Card] = []
    actions = [Action.SPLIT]
    third = plan.third
    pair_ranks = frozenset(
        card.rank for card in CARDS if is_pair(rules, pair, card)
    )  # a pair card as a second card would ask to resplit
    for _ in range(hands - 2):
        if third is not None and is_pair(rules, pair, third):
            card, third = third, None
            pool_card = card
        else:
            pool_card = _pair_card(rules, pair, pool)
        cards.append(pool_card)
        actions.append(Action.SPLIT)
    for hand in range(hands):
        if hand == 0 and third is not None:
            second = third
        else:
            second = _second_card(rules, pair, best, pool, avoid | pair_ranks)
        cards.append(second)
        units = split_hand_units(rules, pair, second)
        if pair.points == 1 and not rules.hit_split_aces:
            continue
        if hand_of((pair, second), from_split=True).total == 21:
            continue
        if units == 2:
            actions.append(Action.DOUBLE)
            cards.append(_filler((pair, second), pool, avoid))
        else:
            actions.append(Action.STAND)
    return cards, actions


def _pair_card(rules: Rules, pair: Card, pool: _Pool) -> Card:
    for card in sorted(CARDS, key=lambda c: -pool.left[c]):
        if pool.left[card] > 0 and is_pair(rules, pair, card):
            return pool.take(card)
    raise _ShortShoeError


def _second_card(rules: Rules, pair: Card, best: int, pool: _Pool, avoid: frozenset[Rank]) -> Card:
    """A second card for a split hand that earns ``best`` (a double where allowed)."""
    for points in (11 - pair.points, *range(10, 0, -1)):
        if not 1 <= points <= 10:
            continue
        sample = CARD_OF_POINTS[points - 1]
        if split_hand_units(rules, pair, sample) != best:
            continue
        try:
            return pool.any_of(points, avoid)
        except _ShortShoeError:
            continue
    raise _ShortShoeError


def play(rules: Rules, bets: Sequence[SpotBet], witness: Witness) -> int:
    """Play ``witness`` in the engine and return the net money it pays (returned - staked)."""
    rnd = played(rules, bets, witness)
    return rnd.returned - rnd.staked


def played(rules: Rules, bets: Sequence[SpotBet], witness: Witness) -> Round:
    shoe = Shoe.stacked(witness.cards, rules.decks, SeededRandomSource(1))
    rnd = Round.start(rules, bets, shoe)
    for action in witness.actions:
        if rnd.is_over:
            break
        rnd.act(action)
    assert rnd.is_over, "the witness round must finish with its decisions"
    return rnd
