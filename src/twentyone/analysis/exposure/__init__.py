"""The largest win of one round at a table's maximum stakes, in money (issue 12 item 4).

Every spot bets a VIP level's maximum main bet and every side bet its maximum stake. The
largest net win of one round is found exactly, in two halves that meet:

**An upper bound, searched.** A round's win is the sum of its spots' main-game wins plus each
side bet's winnings, cut to its aggregate cap. Fix the dealer's up card (one of the 52 cards)
and how the dealer ends: busting (every hand that stands wins) or with a blackjack (the main
bets lose, an insured bet or a natural breaks even or better). A spot's side bets are then a
function of its first two cards (Lucky 7 also of its third), and its main game has a ceiling
that only the rules set (:func:`spot_main`): a natural pays the blackjack payout; otherwise a
hand wins at most one bet, two when doubled, and a split pair at most its hands' ceilings added,
each hand doubled where the rules let the pair card and some second card double after a split.
Each spot takes one plan (its first cards and the best main play with them); the plans together
may not hold more of any card than the shoe does (``decks`` of each of the 52). A branch and
bound over the spots' plans, best plan first, finds the largest sum, each side bet's winnings
cut to its cap. Every other card of the round (the dealer's, the split hands', the doubles') is
left free, so the figure can only be high. (Where a cap binds, the engine cuts each win pro
rata, rounded down, so the round may pay a few minor units under the cap.)

**A round that pays it, played.** From the best plans the module deals a real round: the dealer's
cards that bust it (or make its blackjack), each split hand a second card it may double on and a
card that keeps it under 22, the side bets' cards as planned, all out of what the shoe still
holds. The engine plays it from a stacked shoe and the money it pays is read back. When that is
the bound, the bound is the exact largest win (:attr:`LargestWin.exact`); where it is not (a
shoe too small to deal the rest, say), the sheet says "at least, at most".

The same search with the main game's weight set to nought gives each side bet's own largest
win in a round (:func:`largest_side_win`), which the cap and the shoe's cards may hold below
the spots times its top line (six queens of hearts in six decks make three pairs, not seven).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from twentyone.analysis.exposure.plans import (
    CARDS,
    DealerEnd,
    Play,
    SpotPlan,
    best_second,
    capped,
    main_minor,
    main_units,
    split_hands,
    spot_main,
)
from twentyone.analysis.exposure.solver import SEARCH_NODES, fit_caps, search
from twentyone.analysis.exposure.witness import Witness, deal, play, played, table_bets
from twentyone.cards import Card
from twentyone.engine.model import WagerKind
from twentyone.rules import Rules
from twentyone.sidebets.base import LOSE


@dataclass(frozen=True, slots=True)
class LargestWin:
    """The largest net win of one round at one main-bet maximum, in minor units.

    Attributes:
        max_bet: every spot's main bet.
        up: the dealer's up card of the best round; ``dealer`` how the dealer ends.
        spots: the best round's spot plans, in play order.
        main: what its main bets win, net.
        sides: what each side bet wins in it, cut to the cap (the rules' order).
        bound: ``main + sum(sides)``: no round of these rules and stakes wins more.
        witness: the round dealt and decided, or ``None`` if the shoe could not deal it.
        paid: what the engine paid, net, for the witness round.
    """

    max_bet: int
    up: Card
    dealer: DealerEnd
    spots: tuple[SpotPlan, ...]
    main: int
    sides: tuple[int, ...]
    bound: int
    witness: Witness | None
    paid: int | None

    @property
    def exact(self) -> bool:
        """Whether the engine paid the bound, so the bound is the exact largest win."""
        return self.paid is not None and self.paid == self.bound


def largest_win(rules: Rules, max_bet: int) -> LargestWin:
    """The largest net win of one round of ``rules`` with every spot at ``max_bet`` and every
    side bet at its maximum stake (see the module docstring)."""
    return _solve(rules, max_bet, main_weight=1)


def largest_side_win(rules: Rules, max_bet: int) -> LargestWin:
    """The most the side bets win together in one round, whatever the main bets do (each main
    bet ``max_bet``, playing its best within that round); :attr:`LargestWin.bound` and
    :attr:`LargestWin.paid` count the side bets only."""
    return _solve(rules, max_bet, main_weight=0)


def _solve(rules: Rules, max_bet: int, main_weight: int) -> LargestWin:
    up, dealer, chosen, upper = search(rules, max_bet, main_weight)
    chosen = fit_caps(rules, up, dealer, chosen, max_bet, main_weight)
    plans = tuple(c.plan for c in chosen)
    main = sum(main_minor(rules, p, max_bet, dealer, up) for p in plans)
    nets = [
        [p.sides[b] if main_weight else max(0, p.sides[b]) for p in plans]
        for b in range(len(rules.side_bets))
    ]
    sides = capped(rules, nets)
    bound = main_weight * main + sum(sides)
    if upper is not None:
        bound = max(bound, upper)
    witness = deal(rules, up, dealer, plans)
    paid = None
    if witness is not None:
        try:
            rnd = played(rules, table_bets(rules, max_bet), witness)
        except (ValueError, AssertionError):
            # a rule set the witness's dealing does not foresee (a game defined as data): the
            # sheet then gives the bound alone (the engine plays every shipped game's witness,
            # and the property test's)
            witness = None
        else:
            won = sum(max(0, line.net) for line in rnd.settlement if line.kind is WagerKind.SIDE)
            paid = rnd.returned - rnd.staked if main_weight else won
    return LargestWin(max_bet, up, dealer, plans, main, sides, bound, witness, paid)


def describe(
    rules: Rules,
    win: LargestWin,
    side_outcome: Callable[[str, str], str],
    *,
    side_winners_only: bool = False,
) -> str:
    """The round of ``win`` in words: the dealer's up card and end, then each kind of spot
    (how many, its first cards, its side-bet lines, its play). ``side_outcome(bet, line)``
    names a side bet's line; ``side_winners_only``: name only the spots a side bet pays."""
    ends = "busts" if win.dealer is DealerEnd.BUSTS else "has blackjack"
    insured = win.dealer is DealerEnd.BLACKJACK and rules.insurance and win.up.points == 1
    parts = [
        f"the dealer shows the {card_words(win.up)} and {ends}"
        + (" (every spot insured)" if insured and not side_winners_only else "")
    ]
    left = 0
    for plan, count in Counter(win.spots).items():
        lines = [
            side_outcome(str(bet.name), outcome)
            for bet, outcome in zip(rules.side_bets, plan.outcomes, strict=True)
            if outcome != LOSE
        ]
        if side_winners_only and not lines:
            left += count
            continue
        cards = f"the {card_words(plan.first)} and {card_words(plan.second)}"
        won = f" ({', '.join(lines)})" if lines else ""
        who = "one spot holds" if count == 1 else f"{count} spots hold"
        play = "" if side_winners_only else f" and {_play_words(rules, plan, count)}"
        parts.append(f"{who} {cards}{won}{play}")
    if left:
        parts.append("the other spots' side bets lose")
    return "; ".join(parts)


def _play_words(rules: Rules, plan: SpotPlan, count: int) -> str:
    """A plan's play, as the verb phrase of "2 spots hold ... and ..." (``count`` spots: a
    singular verb for one).

    >>> from twentyone.variants import find_variant
    >>> from twentyone.cards import Card
    >>> eight = Card.parse("8s")
    >>> plan = SpotPlan(eight, eight, None, Play.SPLIT, 8, ())
    >>> rules = find_variant("standard").rules
    >>> _play_words(rules, plan, 1), _play_words(rules, plan, 2)
    ('splits into 4 hands, each doubled', 'split into 4 hands, each doubled')
    """
    s = "s" if count == 1 else ""
    third = f" the {card_words(plan.third)}" if plan.third is not None else ""
    if plan.play is Play.NATURAL:
        return f"make{s} blackjack"
    if plan.play is Play.STAND:
        return f"stand{s}"
    if plan.play is Play.HIT:
        return f"hit{s}, taking{third}"
    if plan.play is Play.DOUBLE:
        return f"double{s}, taking{third}" if third else f"double{s}"
    hands = split_hands(rules, plan.first)
    each = "each doubled" if best_second(rules, plan.first) == 2 else "each standing"
    first = f", the first given{third}" if third else ""
    return f"split{s} into {hands} hands{first}, {each}"


_RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_words(card: Card) -> str:
    """A card in words, e.g. "queen of hearts"."""
    rank = card.rank.value
    return f"{_RANKS.get(rank, rank)} of {_SUITS[card.suit.value]}"


__all__ = [
    "CARDS",
    "SEARCH_NODES",
    "DealerEnd",
    "LargestWin",
    "Play",
    "SpotPlan",
    "Witness",
    "card_words",
    "deal",
    "describe",
    "largest_side_win",
    "largest_win",
    "main_units",
    "play",
    "spot_main",
]
