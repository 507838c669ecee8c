"""One spot's plans for the largest-win search: its first cards, its best main play with them and
what each side bet pays (see :mod:`twentyone.analysis.exposure`).

A spot's main game has a ceiling only the rules set (:func:`spot_main`): a natural pays the
blackjack payout; otherwise a hand wins at most one bet, two when doubled, and a split pair at
most its hands' ceilings added, each hand doubled where the rules let the pair card and some
second card double after a split; against a dealer blackjack the main bet loses (a natural
pushes) and insurance wins 2 to 1 on half the bet. The engine's own legality
(:mod:`twentyone.engine.hands`) and side-bet rules (:mod:`twentyone.sidebets`) decide each case.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from twentyone.cards import Card, Rank, Suit
from twentyone.engine.hands import PlayerHand, can_double, can_split
from twentyone.engine.settle import ceil_money
from twentyone.rules import PeekMode, Rules
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.sidebets.registry import side_bet

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 different cards; a shoe holds ``decks`` of each."""
INDEX = {card: i for i, card in enumerate(CARDS)}
"""Each card's place in :data:`CARDS`."""


class DealerEnd(StrEnum):
    """How the dealer's hand ends in the round searched."""

    BUSTS = "busts"
    """The dealer draws past 21: every hand still standing wins."""
    BLACKJACK = "blackjack"
    """The dealer has blackjack: the main bets lose (a natural pushes)."""


class Play(StrEnum):
    """The main-game play of a spot in its plan."""

    NATURAL = "natural"
    """A blackjack: paid at once (or pushed by the dealer's)."""
    STAND = "stand"
    """Stands on the first two cards."""
    HIT = "hit"
    """Takes one card (the planned third card) and stands."""
    DOUBLE = "double"
    """Doubles and takes one card."""
    SPLIT = "split"
    """Splits to the most hands, each doubled where the rules allow."""


@dataclass(frozen=True, slots=True)
class SpotPlan:
    """One spot's part of the round: its first cards, its play and what they win.

    Attributes:
        first, second: the spot's first two cards.
        third: the spot's planned third card (Lucky 7 pays on it), or ``None``: free.
        play: the main-game play.
        main: the main game's net win in initial bets (insurance and even money included).
        sides: each side bet's net before any cap, minor units (the rules' order): what it
            wins, or minus its stake when it loses.
        outcomes: each side bet's outcome (a pay-table line, or ``"lose"``).
    """

    first: Card
    second: Card
    third: Card | None
    play: Play
    main: Fraction
    sides: tuple[int, ...]
    outcomes: tuple[str, ...] = ()


def main_units(rules: Rules) -> int:
    """The largest main-game win of one spot in initial bets, for the best pair: every hand
    of a split (or the one hand) doubled and won, which beats a natural's 3 to 2.

    >>> from twentyone.variants import find_variant
    >>> main_units(find_variant("lucky-ladies").rules), main_units(find_variant("european").rules)
    (8, 2)
    """
    best = Fraction(1)
    for first in range(10):
        for second in range(10):
            cards = (CARD_OF_POINTS[first], CARD_OF_POINTS[second])
            best = max(best, spot_main(rules, cards, None, DealerEnd.BUSTS, up_ace=False)[1])
    return int(best)


CARD_OF_POINTS = (
    Card(Rank.ACE, Suit.SPADES),
    *(Card(Rank(str(n)), Suit.SPADES) for n in range(2, 10)),
    Card(Rank.TEN, Suit.SPADES),
)
"""A card of each count 1 .. 10 (the main game reads counts only: a 10 for every ten)."""


def hand_of(cards: Sequence[Card], *, from_split: bool) -> PlayerHand:
    hand = PlayerHand(0, 0, 2, from_split)
    for card in cards:
        hand.add(card)
    return hand


def split_hand_units(rules: Rules, pair: Card, second: Card) -> int:
    """A split hand of ``pair`` given ``second``: 2 if it may double (and the dealer busts), 1
    if it can only stand (split aces that take one card, a 21 that stands by itself)."""
    if pair.points == 1 and not rules.hit_split_aces:
        return 1
    hand = hand_of((pair, second), from_split=True)
    if hand.total == 21:
        return 1
    return 2 if can_double(rules, hand) else 1


def split_hands(rules: Rules, pair: Card) -> int:
    """How many hands a pair of ``pair`` splits to at most."""
    if pair.points == 1 and not rules.resplit_aces:
        return min(2, rules.max_split_hands)
    return rules.max_split_hands


def best_second(rules: Rules, pair: Card) -> int:
    return max(split_hand_units(rules, pair, card) for card in CARD_OF_POINTS)


def spot_main(
    rules: Rules,
    cards: tuple[Card, Card],
    third: Card | None,
    dealer: DealerEnd,
    *,
    up_ace: bool,
) -> tuple[Play, Fraction]:
    """The best main-game play of a spot dealt ``cards`` and its most, in initial bets.

    ``third``: the spot must take this card as its third (Lucky 7's third card), so it cannot
    stand on two. A ceiling only the rules set: the dealer busts every hand that stands (or has
    blackjack, when every main bet loses but a natural, and insurance wins 2 to 1 on half the
    bet), and every card after the plan's is the one the play needs. A play that cannot take
    ``third`` has value ``-inf`` (returned as ``(STAND, -100)``)."""
    first, second = cards
    hand = hand_of(cards, from_split=False)
    natural = hand.total == 21
    insured = rules.insurance and up_ace
    if dealer is DealerEnd.BLACKJACK:
        if natural:
            return Play.NATURAL, Fraction(1 if (insured or (rules.even_money and up_ace)) else 0)
        if third is not None:
            if rules.peek is PeekMode.ACE_AND_TEN or total_of((first, second, third)) > 21:
                return Play.STAND, Fraction(-100)
            return Play.HIT, Fraction(0 if insured else -1)
        return Play.STAND, Fraction(0 if insured else -1)
    if natural:
        if third is not None:
            return Play.STAND, Fraction(-100)
        return Play.NATURAL, rules.blackjack_pays
    options: list[tuple[Play, Fraction]] = []
    if third is None:
        options.append((Play.STAND, Fraction(1)))
    elif total_of((first, second, third)) <= 21:
        options.append((Play.HIT, Fraction(1)))
    if can_double(rules, hand) and (third is None or total_of((first, second, third)) <= 21):
        options.append((Play.DOUBLE, Fraction(2)))
    if can_split(rules, hand, 1):
        hands = split_hands(rules, first)
        best = best_second(rules, first)
        if third is None or (hands > 2 and is_pair(rules, first, third)):
            units = hands * best
        else:
            units = split_hand_units(rules, first, third) + (hands - 1) * best
        options.append((Play.SPLIT, Fraction(units)))
    if not options:
        return Play.STAND, Fraction(-100)
    return max(options, key=lambda option: option[1])


def total_of(cards: Sequence[Card]) -> int:
    return hand_of(cards, from_split=False).total


def is_pair(rules: Rules, a: Card, b: Card) -> bool:
    return can_split(rules, hand_of((a, b), from_split=False), 1)


def main_minor(rules: Rules, plan: SpotPlan, bet: int, dealer: DealerEnd, up: Card) -> int:
    """What a plan's main bet (and its insurance or even money) wins as the engine pays it:
    fractions rounded up, insurance staked on ``bet // 2`` and paid at its odds."""
    if dealer is DealerEnd.BUSTS:
        return ceil_money(plan.main * bet)
    insured = rules.insurance and up.points == 1
    insurance = ceil_money((bet // 2) * rules.insurance_pays) if insured else 0
    if plan.play is Play.NATURAL:
        return bet if rules.even_money and up.points == 1 else insurance
    return insurance - bet


@dataclass(frozen=True, slots=True)
class Candidate:
    plan: SpotPlan
    need: tuple[int, ...]
    """The cards (indices into :data:`CARDS`) the plan takes from the shoe."""


def _side_wins(
    rules: Rules, cards: tuple[Card, ...], up: Card, dealer_bj: bool
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Each side bet's net (its win, or minus its stake) and outcome for a spot's cards."""
    wins = []
    outcomes = []
    for bet in rules.side_bets:
        outcome = side_bet(bet.name).resolve(SideBetContext(cards, up, dealer_bj, True))
        assert outcome is not None, "every side bet is decided once the spot is done"
        outcomes.append(outcome)
        if outcome == LOSE:
            wins.append(-bet.max_stake)
        else:
            wins.append(find_paytable(bet.name, bet.paytable).pays_for(outcome) * bet.max_stake)
    return tuple(wins), tuple(outcomes)


def dealer_ends(up: Card) -> tuple[DealerEnd, ...]:
    if up.points in (1, 10):
        return (DealerEnd.BUSTS, DealerEnd.BLACKJACK)
    return (DealerEnd.BUSTS,)


def candidates(rules: Rules, up: Card, dealer: DealerEnd) -> tuple[Candidate, ...]:
    """Every plan of one spot against ``up`` and ``dealer`` (one per first two cards, and per
    third card where Lucky 7 pays on it), the best main play kept for each."""
    sevens = any(bet.name is SideBetName.LUCKY_7 for bet in rules.side_bets)
    up_ace = up.points == 1
    dealer_bj = dealer is DealerEnd.BLACKJACK
    out: list[Candidate] = []
    mains: dict[tuple[Rank, Rank, Rank | None], tuple[Play, Fraction]] = {}
    seen: set[tuple[Fraction, tuple[int, ...], tuple[int, ...]]] = set()
    for first in CARDS:
        for second in CARDS:
            two = (first, second)
            thirds: list[Card | None] = [None]
            if sevens and first.rank is Rank.SEVEN and second.rank is Rank.SEVEN:
                thirds += [card for card in CARDS if card.rank is Rank.SEVEN]
            for third in thirds:
                key = (first.rank, second.rank, third.rank if third else None)
                found = mains.get(key)
                if found is None:  # the main game reads ranks only
                    found = mains[key] = spot_main(rules, two, third, dealer, up_ace=up_ace)
                play, units = found
                if units <= -100:
                    continue
                cards = two if third is None else (*two, third)
                sides, outcomes = _side_wins(rules, cards, up, dealer_bj)
                need = tuple(INDEX[card] for card in cards)
                plan = SpotPlan(first, second, third, play, units, sides, outcomes)
                # the same cards in the other order, paying the same: one plan is enough
                same = (plan.main, plan.sides, tuple(sorted(need)))
                if same not in seen:
                    seen.add(same)
                    out.append(Candidate(plan, need))
    return tuple(out)


def cap1(win: int, cap: int | None) -> int:
    return win if cap is None else min(win, cap)


def capped(rules: Rules, nets_per_bet: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each side bet's net over the spots, its winnings cut to the cap and its lost stakes
    added: at least what the engine pays (it cuts each win pro rata, rounded down, so the
    rounding may lose a few minor units)."""
    out = []
    for bet, nets in zip(rules.side_bets, nets_per_bet, strict=True):
        won = sum(net for net in nets if net > 0)
        out.append(cap1(won, bet.aggregate_cap) + sum(net for net in nets if net < 0))
    return tuple(out)
