"""The largest win of one round at a table's maximum stakes, in money (issue 12 item 4).

Every spot bets a VIP level's maximum main bet and every side bet its maximum stake. The upper
bound is proven from the rules alone: a spot's main bet wins at most ``hands × 2`` initial bets
(``max_split_hands`` hands, each doubled where doubling after a split is allowed; a natural pays
less than a doubled win), and a side bet's winnings over a round are at most the spots times
its top line times its maximum stake, cut to its aggregate cap (the engine cuts the winners pro
rata, rounded down, so they never exceed the cap). The bound ignores which cards the shoe holds
and that a side bet's top line may need a dealer blackjack that loses the main bets, so it can
be above what a round can pay.

Where a witness round is known (a one-spot game without side bets whose top is a doubled win),
the engine plays it from a stacked shoe and the money it pays is read back; when that equals
the bound the figure is exact. Otherwise only the bound is claimed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from twentyone.cards import Card, Shoe
from twentyone.engine.model import Action, SpotBet
from twentyone.engine.round import Round
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.sidebets.paytables import SideBetName, find_paytable


@dataclass(frozen=True, slots=True)
class Witness:
    """A concrete round: the cards in deal order and the player's decisions in order."""

    cards: tuple[Card, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Exposure:
    """The largest win of one round at one main-bet maximum, net, in minor units."""

    max_bet: int
    main_units: int
    """The largest main-game win of one spot, in initial bets (proven from the rules)."""
    main_bound: int
    """At most this much is won on the main bets of a round (every spot at ``main_units``)."""
    side_bounds: tuple[tuple[str, int], ...]
    """(side bet, at most this much won on it in a round, cap applied)."""
    bound: int
    """The upper bound of the whole round: main game plus every side bet."""
    witness: Witness | None
    paid: int | None
    """What the engine paid (net) for the witness round, if there is one."""

    @property
    def exact(self) -> bool:
        """Whether the witness attains the bound, so the bound is the exact largest win."""
        return self.paid is not None and self.paid == self.bound


def main_units(rules: Rules) -> int:
    """The largest main-game win of one spot in initial bets: every hand of a split (or the one
    hand) doubled and won, which beats a natural's 3 to 2 and every even-money win."""
    hands = rules.max_split_hands
    if hands > 1 and rules.double_after_split:
        return 2 * hands
    return max(2, hands)


def side_bound(rules: Rules, name: SideBetName, paytable: str, stake: int, cap: int | None) -> int:
    """The most a side bet's wagers win together in one round, returned stakes not counted."""
    table = find_paytable(name, paytable)
    best = max(pays for _, pays in table.pays)
    total = rules.max_spots * best * stake
    return total if cap is None else min(total, cap)


_GROUPS = (("8", "3"), ("6", "5"), ("9", "2"), ("3", "8"), ("5", "6"), ("2", "9"), ("4", "7"))
"""(pair rank, the rank that makes it 11) per spot: a pair split, each hand given the second rank
and doubled onto a ten. No group starts with a 7 (a Lucky 7 win) and none with a pair that makes
a side bet win against a dealer 6."""

_SUIT_ORDER = "shdc"


def main_witness(rules: Rules) -> Witness | None:
    """A round in which every spot wins its main-game top: each spot splits a pair to the most
    hands, each hand doubles an 11 onto a ten (or, without double after split, the one hand
    doubles), and the dealer's 6 busts on two tens; the side bets lose. ``None`` where the
    rules' top is not made so or the shoe cannot hold the cards."""
    hands = rules.max_split_hands
    split = hands > 1 and rules.double_after_split
    if not split and main_units(rules) != 2:
        return None
    used: dict[tuple[str, str], int] = {}

    def take(rank: str) -> Card:
        """A card of ``rank`` the shoe still holds ("T": any ten-count card)."""
        for each in ("T", "J", "Q", "K") if rank == "T" else (rank,):
            for suit in _SUIT_ORDER:
                if used.get((each, suit), 0) < rules.decks:
                    used[(each, suit)] = used.get((each, suit), 0) + 1
                    return Card.parse(each + suit)
        raise ValueError(rank)

    try:
        spots = [_GROUPS[i % len(_GROUPS)] for i in range(rules.max_spots)]
        firsts = [take(pair if split else ("5" if pair != "6" else "6")) for pair, _ in spots]
        seconds = [take(pair if split else ("6" if pair != "6" else "5")) for pair, _ in spots]
        dealer = [take("6")] + ([take("T")] if rules.has_hole_card else [])
        if rules.dealer_first_card_face_down:
            dealer.reverse()
        cards: list[Card] = []
        cards.extend(firsts)
        cards.append(dealer[0])
        cards.extend(seconds)
        cards.extend(dealer[1:])
        actions: list[Action] = []
        for pair, comp in spots:
            if split:
                cards.extend(take(pair) for _ in range(hands - 2))
                actions.extend([Action.SPLIT] * (hands - 1))
                for _ in range(hands):
                    cards.extend((take(comp), take("T")))
                actions.extend([Action.DOUBLE] * hands)
            else:
                cards.append(take("T"))
                actions.append(Action.DOUBLE)
        cards.extend(take("T") for _ in range(2))
    except ValueError:
        return None
    return Witness(tuple(cards), tuple(actions))


def play(rules: Rules, bets: Sequence[SpotBet], witness: Witness) -> int:
    """Play ``witness`` in the engine and return the net money it pays (returned - staked)."""
    shoe = Shoe.stacked(witness.cards, rules.decks, SeededRandomSource(1))
    rnd = Round.start(rules, bets, shoe)
    for action in witness.actions:
        if rnd.is_over:
            break
        rnd.act(action)
    assert rnd.is_over, "the witness round must finish with its decisions"
    return rnd.returned - rnd.staked


def exposure(rules: Rules, max_bet: int) -> Exposure:
    """The largest win of one round of ``rules`` with every spot at ``max_bet``."""
    units = main_units(rules)
    main = rules.max_spots * units * max_bet
    sides = tuple(
        (str(bet.name), side_bound(rules, bet.name, bet.paytable, bet.max_stake, bet.aggregate_cap))
        for bet in rules.side_bets
    )
    bound = main + sum(amount for _, amount in sides)
    witness = main_witness(rules)
    paid = None
    if witness is not None:
        bets = [
            SpotBet(max_bet, tuple((bet.name, bet.max_stake) for bet in rules.side_bets))
            for _ in range(rules.max_spots)
        ]
        paid = play(rules, bets, witness)
    return Exposure(max_bet, units, main, sides, bound, witness, paid)


_RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_words(card: Card) -> str:
    """A card in words, e.g. "queen of hearts"."""
    rank = card.rank.value
    return f"{_RANKS.get(rank, rank)} of {_SUITS[card.suit.value]}"
