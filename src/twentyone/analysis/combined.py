"""A spot's main bet and side bet played together: their covariance (issue 12 item 4).

A test lab asks for the volatility of the game as a player meets it, a main bet with its side
bet. The variances of the two add, plus twice their covariance, and the covariance is not zero:
both read the spot's first two cards (a pair of tens that wins Lucky Ladies is also a strong
main hand). It is exact here for the side bets decided by the spot's first two cards, the
dealer's up card and the dealer's blackjack (Lucky Lucky, Lucky Ladies):

``E[main x side] = sum over up cards u and two-card deals h of P(u) P(h | u) E[main x side | h, u]``

Given the deal's counts, the cards' suits (and which of the ten-count ranks a ten is) are a
draw of their own that the main game never reads, so ``E[main x side | h, u]`` is
``E[main | h, u] x E[side | h, u]``: the first from the exact analysis
(:func:`~twentyone.analysis.exact.game.deal_values`, the deal's expected result under the
strategy, insurance declined), the second by enumerating the cards' identities with their exact
chances. Where a side-bet line also needs the dealer's blackjack (Lucky Ladies' queen-of-hearts
pair), a game that peeks settles the main bet at once when the dealer has one (a natural
pushes, any other hand loses one bet), so that part is exact too; without a peek the main
result against a blackjack depends on the play and the module gives no figure.

Lucky 7 reads the spot's third card, which the play decides, so it gets no figure here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from twentyone.analysis.exact.actions import StrategyKind
from twentyone.analysis.exact.game import deal_values
from twentyone.analysis.exact.house_edge import base_game_rules, up_card_policies
from twentyone.analysis.exact.shoe import full_shoe, size
from twentyone.cards import Card, Rank, Suit
from twentyone.rules import PeekMode, Rules
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.sidebets.registry import side_bet

READS_DEAL_ONLY = frozenset({SideBetName.LUCKY_LUCKY, SideBetName.LUCKY_LADIES})
"""The side bets decided by the first two cards, the up card and the dealer's blackjack."""

_CLASS_CARDS: tuple[tuple[Card, ...], ...] = (
    tuple(Card(Rank.ACE, s) for s in Suit),
    *(tuple(Card(Rank(str(n)), s) for s in Suit) for n in range(2, 10)),
    tuple(Card(r, s) for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) for s in Suit),
)
"""The cards of each count class of the exact analysis (ace, 2 .. 9, every ten-count card)."""


@dataclass(frozen=True, slots=True)
class Combined:
    """A main bet and one side bet on the same spot, per unit staked on each.

    Attributes:
        side: the side bet.
        covariance: ``Cov(main, side)``.
        correlation: the covariance over both SDs.
        main_sd: the main bet's SD (exact, resplits included).
        side_sd: the side bet's SD.
        main_ev, side_ev: the two bets' expected results, as this sum finds them (the exact
            analysis's and the side bet's own figures: a check on the sum).
    """

    side: SideBetName
    covariance: float
    correlation: float
    main_sd: float
    side_sd: float
    main_ev: float
    side_ev: float

    def sd(self, ratio: float = 1.0) -> float:
        """The SD of a spot's round with ``ratio`` units on the side bet per unit main bet, per
        unit main bet: ``sqrt(Var main + ratio² Var side + 2 ratio Cov)``."""
        var = self.main_sd**2 + ratio**2 * self.side_sd**2 + 2 * ratio * self.covariance
        return math.sqrt(var)


def side_given_deal(
    rules: Rules, name: SideBetName, up: int, first: int, second: int
) -> tuple[Fraction, Fraction]:
    """``(E[side | deal, no dealer blackjack], E[side | deal, dealer blackjack])`` per unit
    staked, for the counts ``up`` (the up card's class) and ``first``, ``second`` (the
    spot's), over every identity of the three cards with its exact chance (``decks`` of each
    card, drawn without replacement)."""
    return _side_given_deal(rules.decks, _paytable(rules, name), name, up, first, second)


def _paytable(rules: Rules, name: SideBetName) -> str:
    return next(bet.paytable for bet in rules.side_bets if bet.name is name)


@lru_cache(maxsize=4096)
def _side_given_deal(
    decks: int, paytable: str, name: SideBetName, up: int, first: int, second: int
) -> tuple[Fraction, Fraction]:
    table = find_paytable(name, paytable)
    bet = side_bet(name)
    totals = [Fraction(0), Fraction(0)]
    for x in _CLASS_CARDS[up]:
        for y in _CLASS_CARDS[first]:
            for z in _CLASS_CARDS[second]:
                chance = _identity_chance(decks, ((x, up), (y, first), (z, second)))
                if not chance:
                    continue
                for k, blackjack in enumerate((False, True)):
                    outcome = bet.resolve(SideBetContext((y, z), x, blackjack, True))
                    value = -1 if outcome == LOSE else table.pays_for(str(outcome))
                    totals[k] += chance * value
    return totals[0], totals[1]


def _identity_chance(decks: int, drawn: tuple[tuple[Card, int], ...]) -> Fraction:
    """The chance that cards drawn of the given classes are these cards, in this order."""
    chance = Fraction(1)
    seen: list[tuple[Card, int]] = []
    for card, cls in drawn:
        same_card = sum(1 for c, _ in seen if c == card)
        same_class = sum(1 for _, k in seen if k == cls)
        chance *= Fraction(decks - same_card, decks * len(_CLASS_CARDS[cls]) - same_class)
        seen.append((card, cls))
    return chance


def combined(
    rules: Rules,
    name: SideBetName,
    main_sd: float,
    side_sd: float,
    strategy: StrategyKind | str = StrategyKind.OPTIMAL,
) -> Combined | None:
    """The main bet and the side bet ``name`` together (see the module docstring); ``None``
    where the covariance is not computed here (Lucky 7; a blackjack-dependent line without a
    peek)."""
    if name not in READS_DEAL_ONLY:
        return None
    kind = StrategyKind(strategy)
    full = full_shoe(rules.decks)
    n = size(full)
    main = side = cross = 0.0
    # the base game's own rules: the side bets, spots and insurance do not change its play
    for up, policy in up_card_policies(base_game_rules(rules), kind, full, cached=True).items():
        p_up = full[up] / n
        solver = policy.solver
        for deal in deal_values(solver, policy, policy.splits):
            first, second = (r for r in range(10) for _ in range(deal.hand[r]))
            no_bj, with_bj = side_given_deal(rules, name, up, first, second)
            p_bj = solver.blackjack_chance(deal.hand)
            e_side = (1 - p_bj) * float(no_bj) + p_bj * float(with_bj)
            if no_bj == with_bj:
                e_cross = deal.ev * float(no_bj)
            elif rules.peek is PeekMode.ACE_AND_TEN:
                natural = deal.action is None
                main_bj = 0.0 if natural else -1.0
                e_cross = p_bj * main_bj * float(with_bj) + (deal.ev - p_bj * main_bj) * float(
                    no_bj
                )
            else:
                return None
            weight = p_up * deal.probability
            main += weight * deal.ev
            side += weight * e_side
            cross += weight * e_cross
    covariance = cross - main * side
    return Combined(
        name, covariance, covariance / (main_sd * side_sd), main_sd, side_sd, main, side
    )


__all__ = ["READS_DEAL_ONLY", "Combined", "combined", "side_given_deal"]
