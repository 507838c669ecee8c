"""Exact side-bet returns: the shoe enumerated with fractions (SPEC sections 4 and 8).

"Exact side-bet returns: enumerate the shoe exactly (fractions), per pay table and deck count."
Every hand is classified by the side bet's own evaluator (:mod:`twentyone.sidebets`), so the
mathematics and the game cannot disagree. For speed the shoe is enumerated by card *classes*
with multiplicities instead of raw card tuples:

* Lucky Lucky and Lucky 7 read only each card's count and suit, so cards are grouped by
  ``(points, suit)`` (the four ten-count ranks of a suit form one class) and, when the shoe is
  the same in every suit, only one suit labelling per suit pattern is enumerated and weighted
  by the number of labellings.
* Lucky Ladies compares card identities (matched 20, the queen of hearts), so the player's two
  cards are enumerated card by card; the dealer's two cards only matter through blackjack and
  are grouped as ace / ten / other.

The dealer's blackjack is decided by :func:`twentyone.hand.is_two_card_21`, the engine's own
test. Probabilities are exact :class:`~fractions.Fraction` values over ordered deals.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from typing import Any

from twentyone.cards import Card, Rank, Suit, build_shoe
from twentyone.errors import InvalidRulesError
from twentyone.hand import is_two_card_21
from twentyone.rules import default_side_bet
from twentyone.sidebets import lucky7, lucky_ladies, lucky_lucky
from twentyone.sidebets.base import LOSE
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.variants import all_variants


class ThirdCard(StrEnum):
    """When the Lucky 7 spot's third card counts (SPEC section 4)."""

    ALWAYS = "always"
    """The spot always receives a third card (the published Super Sevens figure)."""
    UNLESS_DEALER_BLACKJACK = "unless-dealer-blackjack"
    """As the ``lucky-7`` variant plays it: a 7-7 spot gets no third card when the dealer has
    blackjack (found at the peek) and is paid on its two cards."""


@dataclass(frozen=True, slots=True)
class OutcomeLine:
    """One line of the analysis: an outcome, what it pays to 1 and its exact probability.

    The losing line is :data:`~twentyone.sidebets.base.LOSE` with ``pays == -1`` (the stake is
    lost), so the lines' probabilities sum to 1 and ``Σ pays × probability`` is the EV.
    """

    outcome: str
    pays: int
    probability: Fraction

    @property
    def contribution(self) -> Fraction:
        """This line's share of the expected value per unit staked."""
        return self.pays * self.probability

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: fractions as ``"p/q"`` strings, also as floats."""
        return {
            "outcome": self.outcome,
            "pays": self.pays,
            "probability": str(self.probability),
            "probability_float": float(self.probability),
            "contribution": str(self.contribution),
            "contribution_float": float(self.contribution),
        }


@dataclass(frozen=True, slots=True)
class SideBetAnalysis:
    """The exact return of one side bet with one pay table on a fresh shoe of ``decks`` decks.

    Attributes:
        name: the side bet.
        paytable: the pay table's name.
        decks: decks in the shoe.
        third_card: Lucky 7's third-card assumption (``None`` for the other side bets).
        outcomes: every pay-table line best first, then the losing line.
        ev: expected result per unit staked (stake lost = −1).
        hit_frequency: probability that the bet wins anything.
        variance: variance of the result per unit staked.
        notes: the modelling assumptions, in words.
    """

    name: SideBetName
    paytable: str
    decks: int
    third_card: ThirdCard | None
    outcomes: tuple[OutcomeLine, ...]
    ev: Fraction
    hit_frequency: Fraction
    variance: Fraction
    notes: tuple[str, ...]

    @property
    def rtp(self) -> Fraction:
        """Return to player per unit staked (``1 + ev``)."""
        return 1 + self.ev

    @property
    def house_edge(self) -> Fraction:
        """The house's expected win per unit staked (``-ev``)."""
        return -self.ev

    @property
    def std_dev(self) -> float:
        """Standard deviation of the result per unit staked."""
        return math.sqrt(self.variance)

    def probability(self, outcome: str) -> Fraction:
        """The exact probability of one outcome (0 if it is not a line)."""
        for line in self.outcomes:
            if line.outcome == outcome:
                return line.probability
        return Fraction(0)

    def to_dict(self) -> dict[str, Any]:
        """The ``sidebet --json`` object (SPEC section 9), with extra keys after the contract."""
        return {
            "name": str(self.name),
            "paytable": self.paytable,
            "decks": self.decks,
            "ev": str(self.ev),
            "ev_float": float(self.ev),
            "rtp": float(self.rtp),
            "outcomes": [line.to_dict() for line in self.outcomes],
            "rtp_fraction": str(self.rtp),
            "house_edge": float(self.house_edge),
            "hit_frequency": float(self.hit_frequency),
            "variance": float(self.variance),
            "std_dev": self.std_dev,
            "third_card": None if self.third_card is None else str(self.third_card),
            "notes": list(self.notes),
        }


# -- public API -------------------------------------------------------------------------------


def default_decks(name: SideBetName | str) -> int:
    """The deck count of the variant that offers the side bet (lucky-lucky 6, lucky-7 8, ...)."""
    bet = _side_bet_name(name)
    for variant in all_variants():
        if variant.rules.side_bet(bet) is not None:
            return variant.rules.decks
    return 6


def analyse_side_bet(
    name: SideBetName | str,
    decks: int | None = None,
    paytable: str | None = None,
    third_card: ThirdCard | str | None = None,
) -> SideBetAnalysis:
    """The exact return of a side bet on a fresh shoe of ``decks`` decks.

    Args:
        name: ``lucky-lucky``, ``lucky-7`` or ``lucky-ladies``.
        decks: decks in the shoe; default: the deck count of the variant offering the bet.
        paytable: pay-table name; default: the side bet's default table.
        third_card: Lucky 7 only; default :attr:`ThirdCard.UNLESS_DEALER_BLACKJACK`.

    Raises:
        InvalidRulesError: an unknown side bet or pay table, a deck count the side bet cannot
            be played with (the rules' own check, e.g. Lucky Ladies needs 2–8 decks), or a
            third-card option for a side bet other than Lucky 7.

    >>> a = analyse_side_bet("lucky-lucky", 6)
    >>> a.ev, round(float(a.rtp) * 100, 2)
    (Fraction(-24742, 626665), 96.05)
    """
    bet = _side_bet_name(name)
    n_decks = default_decks(bet) if decks is None else decks
    table_name = paytable or default_side_bet(bet).paytable
    _check_rules(bet, n_decks, table_name)
    mode = _third_card(bet, third_card)
    table = find_paytable(bet, table_name)
    distribution = outcome_distribution(bet, build_shoe(n_decks), mode)
    lines = (
        *(
            OutcomeLine(str(outcome), pays, distribution.get(outcome, Fraction(0)))
            for outcome, pays in table.as_dict().items()
        ),
        OutcomeLine(LOSE, -1, distribution.get(LOSE, Fraction(0))),
    )
    ev = sum((line.contribution for line in lines), Fraction(0))
    second_moment = sum((line.pays**2 * line.probability for line in lines), Fraction(0))
    hits = sum((line.probability for line in lines if line.pays > 0), Fraction(0))
    return SideBetAnalysis(
        name=bet,
        paytable=table.name,
        decks=n_decks,
        third_card=mode,
        outcomes=lines,
        ev=ev,
        hit_frequency=hits,
        variance=second_moment - ev * ev,
        notes=_notes(bet, mode),
    )


def outcome_distribution(
    name: SideBetName | str,
    shoe: Iterable[Card],
    third_card: ThirdCard | str | None = None,
) -> dict[str, Fraction]:
    """Exact probability of each outcome (and of :data:`LOSE`) for one spot on ``shoe``.

    ``shoe`` is any multiset of cards (a fresh shoe, or a small stacked one for brute-force
    checks); the deal draws from it without replacement. Outcomes that cannot happen are left
    out.
    """
    bet = _side_bet_name(name)
    composition = Counter(shoe)
    if bet is SideBetName.LUCKY_LUCKY:
        ways = _lucky_lucky_ways(composition)
        cards_dealt = 3
    elif bet is SideBetName.LUCKY_7:
        mode = _lucky7_mode(third_card)
        ways = _lucky7_ways(composition, mode)
        cards_dealt = 3 if mode is ThirdCard.ALWAYS else 5
    else:
        ways = _lucky_ladies_ways(composition)
        cards_dealt = 4
    total = math.perm(composition.total(), cards_dealt)
    if total == 0:
        raise InvalidRulesError(f"a shoe of {composition.total()} cards is too small for {bet}")
    assert sum(ways.values()) == total, "the enumeration must cover every deal"
    return {outcome: Fraction(count, total) for outcome, count in ways.items() if count}


# -- the three side bets ----------------------------------------------------------------------


def _lucky_lucky_ways(composition: Counter[Card]) -> Counter[str]:
    """Ordered (player 1, player 2, dealer up) deals per Lucky Lucky outcome."""
    classes = _classes(composition, lambda card: (card.points, card.suit))
    ways: Counter[str] = Counter()
    for picked, count, _left in _ordered_draws(classes, 3, _suit_symmetric(composition)):
        first, second, up = (classes[i][0] for i in picked)
        ways[lucky_lucky.evaluate(first, second, up) or LOSE] += count
    return ways


def _lucky7_ways(composition: Counter[Card], mode: ThirdCard) -> Counter[str]:
    """Ordered deals per Lucky 7 outcome: the spot's three cards, plus the dealer's two cards
    when a dealer blackjack stops a 7-7 spot's third card (the five cards of one spot's deal
    are exchangeable, so the deal order does not change the count)."""
    classes = _classes(composition, lambda card: (card.points, card.suit))
    ways: Counter[str] = Counter()
    for picked, count, left in _ordered_draws(classes, 3, _suit_symmetric(composition)):
        cards = tuple(classes[i][0] for i in picked)
        if mode is ThirdCard.ALWAYS:
            ways[lucky7.evaluate(cards) or LOSE] += count
            continue
        blackjack, other = _dealer_blackjack_ways(_dealer_groups(classes, left))
        sevens = cards[0].rank is Rank.SEVEN and cards[1].rank is Rank.SEVEN
        on_blackjack = cards[:2] if sevens else cards
        ways[lucky7.evaluate(on_blackjack) or LOSE] += count * blackjack
        ways[lucky7.evaluate(cards) or LOSE] += count * other
    return ways


def _lucky_ladies_ways(composition: Counter[Card]) -> Counter[str]:
    """Ordered (player 1, player 2, dealer 1, dealer 2) deals per Lucky Ladies outcome."""
    classes = _classes(composition, lambda card: card)
    ways: Counter[str] = Counter()
    for picked, count, left in _ordered_draws(classes, 2, suit_symmetric=False):
        first, second = (classes[i][0] for i in picked)
        blackjack, other = _dealer_blackjack_ways(_dealer_groups(classes, left))
        ways[lucky_ladies.evaluate(first, second, True) or LOSE] += count * blackjack
        ways[lucky_ladies.evaluate(first, second, False) or LOSE] += count * other
    return ways


# -- enumeration by classes -------------------------------------------------------------------

_Class = tuple[Card, int]
"""A class of interchangeable cards: a representative card and how many the shoe holds."""


def _classes(composition: Mapping[Card, int], key: Callable[[Card], object]) -> list[_Class]:
    """Group the shoe's cards by ``key`` (cards with equal keys must be interchangeable for
    the evaluator); the representative is the group's first card in deck order."""
    groups: dict[object, _Class] = {}
    for card in sorted(composition, key=_deck_order):
        k = key(card)
        rep, count = groups.get(k, (card, 0))
        groups[k] = (rep, count + composition[card])
    return list(groups.values())


def _deck_order(card: Card) -> tuple[int, int]:
    return list(Suit).index(card.suit), list(Rank).index(card.rank)


def _suit_symmetric(composition: Mapping[Card, int]) -> bool:
    """Whether every rank has the same number of cards in each suit (true of a fresh shoe)."""
    return all(len({composition.get(Card(rank, suit), 0) for suit in Suit}) == 1 for rank in Rank)


def _ordered_draws(
    classes: Sequence[_Class], k: int, suit_symmetric: bool
) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...]]]:
    """Every ordered draw of ``k`` cards as (class indices, number of deals, counts left).

    With ``suit_symmetric`` only the draws whose suits first appear in the order ♠ ♥ ♦ ♣ are
    produced, each weighted by the number of ways to relabel its suits (4·3·… for the distinct
    suits used): valid when the shoe is the same in every suit and the caller's verdict does
    not depend on which suit is which.
    """
    counts = [count for _, count in classes]
    suits = list(Suit)

    def walk(
        picked: tuple[int, ...], ways: int, used: tuple[Suit, ...]
    ) -> Iterator[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        if len(picked) == k:
            relabel = math.perm(len(suits), len(used)) if suit_symmetric else 1
            yield picked, ways * relabel, tuple(counts)
            return
        for index, (card, _) in enumerate(classes):
            left = counts[index]
            if left == 0:
                continue
            now_used = used
            if suit_symmetric and card.suit not in used:
                if card.suit is not suits[len(used)]:
                    continue
                now_used = (*used, card.suit)
            counts[index] = left - 1
            yield from walk((*picked, index), ways * left, now_used)
            counts[index] = left

    yield from walk((), 1, ())


def _dealer_groups(classes: Sequence[_Class], left: Sequence[int]) -> tuple[_Class, ...]:
    """The cards left in the shoe grouped as aces / tens / others (all a blackjack reads)."""
    groups: dict[int, _Class] = {}
    for (card, _), count in zip(classes, left, strict=True):
        k = card.points if card.points in (1, 10) else 0
        rep, total = groups.get(k, (card, 0))
        groups[k] = (rep, total + count)
    return tuple(groups[k] for k in sorted(groups))


@lru_cache(maxsize=4096)
def _dealer_blackjack_ways(groups: tuple[_Class, ...]) -> tuple[int, int]:
    """Ordered dealer two-card deals from ``groups``: (with blackjack, without)."""
    blackjack = other = 0
    for i, (a, count_a) in enumerate(groups):
        for j, (b, count_b) in enumerate(groups):
            ways = count_a * (count_b - 1 if i == j else count_b)
            if ways <= 0:
                continue
            if is_two_card_21((a, b)):
                blackjack += ways
            else:
                other += ways
    return blackjack, other


# -- checks and words -------------------------------------------------------------------------


def _side_bet_name(name: SideBetName | str) -> SideBetName:
    try:
        return SideBetName(name)
    except ValueError:
        known = ", ".join(SideBetName)
        raise InvalidRulesError(f"unknown side bet {name!r}; known: {known}") from None


def _check_rules(bet: SideBetName, decks: int, paytable: str) -> None:
    """Let the rules judge the deck count and pay table: the variant offering the bet, with
    ``decks`` decks and this pay table, must be a valid rule set (one source of legality)."""
    side_bet = dataclasses.replace(default_side_bet(bet), paytable=paytable)
    base = next((v.rules for v in all_variants() if v.rules.side_bet(bet)), None)
    if base is None:  # pragma: no cover - every side bet has a variant
        raise InvalidRulesError(f"no variant offers {bet}")
    base.replace(decks=decks, side_bets=(side_bet,))


def _third_card(bet: SideBetName, third_card: ThirdCard | str | None) -> ThirdCard | None:
    if bet is not SideBetName.LUCKY_7:
        if third_card is not None:
            raise InvalidRulesError(f"the third-card option applies to lucky-7 only, not {bet}")
        return None
    return _lucky7_mode(third_card)


def _lucky7_mode(third_card: ThirdCard | str | None) -> ThirdCard:
    if third_card is None:
        return ThirdCard.UNLESS_DEALER_BLACKJACK
    try:
        return ThirdCard(third_card)
    except ValueError:
        known = ", ".join(ThirdCard)
        raise InvalidRulesError(f"unknown third-card mode {third_card!r}; known: {known}") from None


def _notes(bet: SideBetName, mode: ThirdCard | None) -> tuple[str, ...]:
    common = "fresh shoe; exact enumeration of ordered deals; result per unit staked"
    if bet is SideBetName.LUCKY_LUCKY:
        return (
            common,
            "player's first two cards and the dealer's up card; an ace counts 1 or 11; "
            "7-7-7 and 6-7-8 are paid on their own line, not also as 21",
        )
    if bet is SideBetName.LUCKY_LADIES:
        return (
            common,
            "player's first two cards; the dealer's two cards come from the same shoe and "
            "matter only for the queen-of-hearts pair with dealer blackjack",
            "the per-round aggregate payout cap is not applied",
        )
    if mode is ThirdCard.ALWAYS:
        return (common, "the spot's first three cards; the third card is always dealt")
    return (
        common,
        "the spot's first three cards; the dealer (peek game) takes a hole card and an up card "
        "from the same shoe; a spot with 7-7 gets no third card when the dealer has blackjack "
        "and is paid on two cards",
        "assumes a hand with 7-7 (14) always takes a third card (hit, double or split) unless "
        "the dealer has blackjack; in play a 7-7 hand that stands is paid on two cards",
    )
