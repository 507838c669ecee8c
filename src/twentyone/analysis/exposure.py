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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from twentyone.cards import Card, Rank, Shoe, Suit
from twentyone.engine.hands import PlayerHand, can_double, can_split
from twentyone.engine.model import Action, SpotBet, WagerKind
from twentyone.engine.round import Round
from twentyone.engine.settle import ceil_money, dealer_draws
from twentyone.rng import SeededRandomSource
from twentyone.rules import PeekMode, Rules
from twentyone.sidebets.base import LOSE, SideBetContext, payouts
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.sidebets.registry import side_bet

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 different cards; a shoe holds ``decks`` of each."""
_INDEX = {card: i for i, card in enumerate(CARDS)}


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


@dataclass(frozen=True, slots=True)
class Witness:
    """A concrete round: the cards in deal order and the player's decisions in order."""

    cards: tuple[Card, ...]
    actions: tuple[Action, ...]


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
            cards = (_CARD_OF_POINTS[first], _CARD_OF_POINTS[second])
            best = max(best, spot_main(rules, cards, None, DealerEnd.BUSTS, up_ace=False)[1])
    return int(best)


_CARD_OF_POINTS = (
    Card(Rank.ACE, Suit.SPADES),
    *(Card(Rank(str(n)), Suit.SPADES) for n in range(2, 10)),
    Card(Rank.TEN, Suit.SPADES),
)
"""A card of each count 1 .. 10 (the main game reads counts only: a 10 for every ten)."""


def _hand(cards: Sequence[Card], *, from_split: bool) -> PlayerHand:
    hand = PlayerHand(0, 0, 2, from_split)
    for card in cards:
        hand.add(card)
    return hand


def _split_hand_units(rules: Rules, pair: Card, second: Card) -> int:
    """A split hand of ``pair`` given ``second``: 2 if it may double (and the dealer busts), 1
    if it can only stand (split aces that take one card, a 21 that stands by itself)."""
    if pair.points == 1 and not rules.hit_split_aces:
        return 1
    hand = _hand((pair, second), from_split=True)
    if hand.total == 21:
        return 1
    return 2 if can_double(rules, hand) else 1


def split_hands(rules: Rules, pair: Card) -> int:
    """How many hands a pair of ``pair`` splits to at most."""
    if pair.points == 1 and not rules.resplit_aces:
        return min(2, rules.max_split_hands)
    return rules.max_split_hands


def _best_second(rules: Rules, pair: Card) -> int:
    return max(_split_hand_units(rules, pair, card) for card in _CARD_OF_POINTS)


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
    hand = _hand(cards, from_split=False)
    natural = hand.total == 21
    insured = rules.insurance and up_ace
    if dealer is DealerEnd.BLACKJACK:
        if natural:
            return Play.NATURAL, Fraction(1 if (insured or (rules.even_money and up_ace)) else 0)
        if third is not None:
            if rules.peek is PeekMode.ACE_AND_TEN or _total((first, second, third)) > 21:
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
    elif _total((first, second, third)) <= 21:
        options.append((Play.HIT, Fraction(1)))
    if can_double(rules, hand) and (third is None or _total((first, second, third)) <= 21):
        options.append((Play.DOUBLE, Fraction(2)))
    if can_split(rules, hand, 1):
        hands = split_hands(rules, first)
        best = _best_second(rules, first)
        if third is None or (hands > 2 and _is_pair(rules, first, third)):
            units = hands * best
        else:
            units = _split_hand_units(rules, first, third) + (hands - 1) * best
        options.append((Play.SPLIT, Fraction(units)))
    if not options:
        return Play.STAND, Fraction(-100)
    return max(options, key=lambda option: option[1])


def _total(cards: Sequence[Card]) -> int:
    return _hand(cards, from_split=False).total


def _is_pair(rules: Rules, a: Card, b: Card) -> bool:
    return can_split(rules, _hand((a, b), from_split=False), 1)


def _main_minor(rules: Rules, plan: SpotPlan, bet: int, dealer: DealerEnd, up: Card) -> int:
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
class _Candidate:
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


def _dealer_ends(up: Card) -> tuple[DealerEnd, ...]:
    if up.points in (1, 10):
        return (DealerEnd.BUSTS, DealerEnd.BLACKJACK)
    return (DealerEnd.BUSTS,)


def _candidates(rules: Rules, up: Card, dealer: DealerEnd) -> tuple[_Candidate, ...]:
    """Every plan of one spot against ``up`` and ``dealer`` (one per first two cards, and per
    third card where Lucky 7 pays on it), the best main play kept for each."""
    sevens = any(bet.name is SideBetName.LUCKY_7 for bet in rules.side_bets)
    up_ace = up.points == 1
    dealer_bj = dealer is DealerEnd.BLACKJACK
    out: list[_Candidate] = []
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
                need = tuple(_INDEX[card] for card in cards)
                plan = SpotPlan(first, second, third, play, units, sides, outcomes)
                # the same cards in the other order, paying the same: one plan is enough
                same = (plan.main, plan.sides, tuple(sorted(need)))
                if same not in seen:
                    seen.add(same)
                    out.append(_Candidate(plan, need))
    return tuple(out)


def _capped(rules: Rules, nets_per_bet: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Each side bet's net over the spots, its winnings cut to the cap and its lost stakes
    added: at least what the engine pays (it cuts each win pro rata, rounded down, so the
    rounding may lose a few minor units)."""
    out = []
    for bet, nets in zip(rules.side_bets, nets_per_bet, strict=True):
        won = sum(net for net in nets if net > 0)
        out.append(_cap1(won, bet.aggregate_cap) + sum(net for net in nets if net < 0))
    return tuple(out)


@dataclass(slots=True)
class _Best:
    value: int
    up: Card | None = None
    dealer: DealerEnd = DealerEnd.BUSTS
    chosen: tuple[_Candidate, ...] = ()


@lru_cache(maxsize=4)
def _plan_table(rules: Rules) -> tuple[tuple[Card, DealerEnd, tuple[_Candidate, ...]], ...]:
    """Every (up card, dealer end) with its spot plans."""
    return tuple(
        (up, dealer, _candidates(rules, up, dealer)) for up in CARDS for dealer in _dealer_ends(up)
    )


def _search(
    rules: Rules, max_bet: int, main_weight: int
) -> tuple[Card, DealerEnd, tuple[_Candidate, ...], int | None]:
    """The spots' plans with the largest ``main_weight * main + sides`` (branch and bound), and
    ``None``, or, where the search ran out of :data:`SEARCH_NODES`, the best plans found and a
    bound on every round it did not search."""
    caps = [bet.aggregate_cap for bet in rules.side_bets]
    best = _Best(-(10**18))
    classes = []
    for up, dealer, cands in _plan_table(rules):
        if not cands:
            continue
        mains = [main_weight * _main_minor(rules, c.plan, max_bet, dealer, up) for c in cands]
        # the side bets alone count their winnings only (what the operator pays out)
        sides = [
            c.plan.sides if main_weight else tuple(max(0, x) for x in c.plan.sides) for c in cands
        ]
        keys = [
            mains[i] + sum(_cap1(w, cap) for w, cap in zip(sides[i], caps, strict=True))
            for i in range(len(cands))
        ]
        order = sorted(range(len(cands)), key=lambda i: -keys[i])
        search = _ClassSearch(
            rules,
            up,
            dealer,
            [cands[i] for i in order],
            [mains[i] for i in order],
            [sides[i] for i in order],
        )
        classes.append(search)
    # the most promising class first: its round sets a high bar for the others
    roots = sorted((search.bound(0, rules.max_spots, 0), k) for k, search in enumerate(classes))
    roots.reverse()
    budget = [SEARCH_NODES]
    upper = None
    for index, (_, k) in enumerate(roots):
        try:
            classes[k].run(best, budget)
        except _SearchBudgetError as stop:
            # every round not searched: in this class below ``stop.upper`` (the frontier's
            # bound, at least every sibling left), in the classes after it below their roots
            later = [root for root, _ in roots[index + 1 :]]
            upper = max([stop.upper, *later])
            break
    assert best.up is not None, "a round always has some plan"
    return best.up, best.dealer, best.chosen, upper


SEARCH_NODES = 150_000
"""The branch and bound's nodes at most (about 10 s): every shipped game's search ends sooner
(Lucky Lucky at the platinum level, the longest, in about 1 s); a rule set whose plans tie in
great numbers without reaching the bound (a made-up game) ends with the best round found and a
bound on every round not searched, and the sheet gives both."""


def _cap1(win: int, cap: int | None) -> int:
    return win if cap is None else min(win, cap)


class _ClassSearch:
    """The branch and bound over one (up card, dealer end)'s plans, best first: spots take
    plans in order (a multiset), a plan only while the shoe holds its cards; a branch stops
    where even the best plans left, for every spot left, could not beat the best round."""

    def __init__(
        self,
        rules: Rules,
        up: Card,
        dealer: DealerEnd,
        cands: Sequence[_Candidate],
        mains: Sequence[int],
        sides: Sequence[tuple[int, ...]],
    ) -> None:
        self.rules, self.up, self.dealer, self.cands = rules, up, dealer, cands
        self.mains, self.sides = mains, sides
        self.caps = [bet.aggregate_cap for bet in rules.side_bets]
        n, bets = len(cands), len(self.caps)
        # suffix maxima: the best main win and side win of any plan from i on
        self.suf_main = [0] * n
        self.suf_side = [[0] * n for _ in range(bets)]
        for i in range(n - 1, -1, -1):
            later = i + 1 < n
            self.suf_main[i] = max(mains[i], self.suf_main[i + 1]) if later else mains[i]
            for b in range(bets):
                side = sides[i][b]
                self.suf_side[b][i] = max(side, self.suf_side[b][i + 1]) if later else side
        self.left = [rules.decks] * len(CARDS)
        self.left[_INDEX[up]] -= 1
        self.chosen: list[int] = []
        self.side_sum = [0] * bets

    def bound(self, i: int, rem: int, main: int) -> int:
        """The most a round can win whose next ``rem`` spots take plans from ``i`` on."""
        total = main + rem * self.suf_main[i]
        for b, cap in enumerate(self.caps):
            total += _cap1(self.side_sum[b] + rem * self.suf_side[b][i], cap)
        return total

    def run(self, best: _Best, budget: list[int]) -> None:
        """Search this class, spending ``budget[0]`` nodes; where they run out,
        :class:`_SearchBudgetError` with a bound on every round left unsearched."""
        self._dfs(0, self.rules.max_spots, 0, best, budget)

    def _dfs(self, start: int, rem: int, main: int, best: _Best, budget: list[int]) -> None:
        if rem == 0:
            picked = tuple(self.cands[i] for i in self.chosen)
            sides = _capped(
                self.rules, [[self.sides[i][b] for i in self.chosen] for b in range(len(self.caps))]
            )
            if main + sum(sides) > best.value:
                best.value, best.up, best.dealer = main + sum(sides), self.up, self.dealer
                best.chosen = picked
            return
        budget[0] -= 1
        if budget[0] < 0 and best.up is not None:  # (never before some round is found)
            raise _SearchBudgetError(self.bound(start, rem, main))
        left = self.left
        for i in range(start, len(self.cands)):
            if self.bound(i, rem, main) <= best.value:
                return
            need = self.cands[i].need
            if any(left[k] < need.count(k) for k in need):
                continue
            self._take(i, 1)
            try:
                self._dfs(i, rem - 1, main + self.mains[i], best, budget)
            except _SearchBudgetError as stop:
                self._take(i, -1)
                if i + 1 < len(self.cands):  # the siblings not searched
                    stop.upper = max(stop.upper, self.bound(i + 1, rem, main))
                raise
            self._take(i, -1)

    def _take(self, i: int, sign: int) -> None:
        """Give a spot plan ``i`` (``sign`` 1), or take it back (-1)."""
        for k in self.cands[i].need:
            self.left[k] -= sign
        if sign > 0:
            self.chosen.append(i)
        else:
            self.chosen.pop()
        for b, side in enumerate(self.sides[i]):
            self.side_sum[b] += sign * side


class _SearchBudgetError(Exception):
    """The search ran out of nodes; ``upper`` bounds every round it left unsearched."""

    def __init__(self, upper: int) -> None:
        super().__init__(upper)
        self.upper = upper


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
    up, dealer, chosen, upper = _search(rules, max_bet, main_weight)
    chosen = _fit_caps(rules, up, dealer, chosen, max_bet, main_weight)
    plans = tuple(c.plan for c in chosen)
    main = sum(_main_minor(rules, p, max_bet, dealer, up) for p in plans)
    nets = [
        [p.sides[b] if main_weight else max(0, p.sides[b]) for p in plans]
        for b in range(len(rules.side_bets))
    ]
    sides = _capped(rules, nets)
    bound = main_weight * main + sum(sides)
    if upper is not None:
        bound = max(bound, upper)
    witness = deal(rules, up, dealer, plans)
    paid = None
    if witness is not None:
        try:
            rnd = _played(rules, _bets(rules, max_bet), witness)
        except (ValueError, AssertionError):
            # a rule set the witness's dealing does not foresee (a game defined as data): the
            # sheet then gives the bound alone; every shipped game and the property test play
            witness = None
        else:
            won = sum(max(0, line.net) for line in rnd.settlement if line.kind is WagerKind.SIDE)
            paid = rnd.returned - rnd.staked if main_weight else won
    return LargestWin(max_bet, up, dealer, plans, main, sides, bound, witness, paid)


def _paid_value(
    rules: Rules,
    up: Card,
    dealer: DealerEnd,
    plans: Sequence[SpotPlan],
    max_bet: int,
    main_weight: int,
) -> int:
    """``main_weight * main`` plus the side bets as the engine pays them (each win cut pro
    rata and rounded down where a cap binds; lost stakes counted only with the main game)."""
    total = main_weight * sum(_main_minor(rules, p, max_bet, dealer, up) for p in plans)
    for b, bet in enumerate(rules.side_bets):
        table = find_paytable(bet.name, bet.paytable)
        stakes = [bet.max_stake] * len(plans)
        returned = payouts(stakes, [p.outcomes[b] for p in plans], table, bet.aggregate_cap)
        for back, stake in zip(returned, stakes, strict=True):
            total += back - stake if main_weight else max(0, back - stake)
    return total


def _fit_caps(
    rules: Rules,
    up: Card,
    dealer: DealerEnd,
    chosen: tuple[_Candidate, ...],
    max_bet: int,
    main_weight: int,
) -> tuple[_Candidate, ...]:
    """Where a side bet's winners pass its cap, the engine's pro-rata rounding may pay a few
    minor units under it; fewer winners (the others given the best plan that loses that side
    bet) may share the cap exactly. The best of these rounds, as the engine pays them."""
    best = chosen
    best_value = _paid_value(rules, up, dealer, [c.plan for c in chosen], max_bet, main_weight)
    pool = next(cands for u, d, cands in _plan_table(rules) if u == up and d is dealer)
    for b, bet in enumerate(rules.side_bets):
        cap = bet.aggregate_cap
        winners = [i for i, c in enumerate(best) if c.plan.sides[b] > 0]
        if cap is None or sum(best[i].plan.sides[b] for i in winners) <= cap:
            continue
        losers = sorted(
            (c for c in pool if c.plan.sides[b] <= 0),
            key=lambda c: -main_weight * _main_minor(rules, c.plan, max_bet, dealer, up),
        )
        start = best
        for size in range(1, len(winners)):
            for keep in combinations(winners, size):
                if sum(start[i].plan.sides[b] for i in keep) < cap:
                    continue
                trial = _replaced(rules, up, start, [i for i in winners if i not in keep], losers)
                if trial is None:
                    continue
                plans = [c.plan for c in trial]
                value = _paid_value(rules, up, dealer, plans, max_bet, main_weight)
                if value > best_value:
                    best, best_value = trial, value
    return best


def _replaced(
    rules: Rules,
    up: Card,
    chosen: tuple[_Candidate, ...],
    drop: Sequence[int],
    losers: Sequence[_Candidate],
) -> tuple[_Candidate, ...] | None:
    """``chosen`` with the spots ``drop`` given the first of ``losers`` the shoe still holds
    the cards for (``None`` if it holds none)."""
    left = Counter(dict.fromkeys(range(len(CARDS)), rules.decks))
    left[_INDEX[up]] -= 1
    for i, cand in enumerate(chosen):
        if i not in drop:
            left.subtract(cand.need)
    out = list(chosen)
    for i in drop:
        for cand in losers:
            need = Counter(cand.need)
            if all(left[k] >= n for k, n in need.items()):
                left.subtract(need)
                out[i] = cand
                break
        else:
            return None
    return tuple(out)


def _bets(rules: Rules, max_bet: int) -> list[SpotBet]:
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
        done = _total((*two, card)) == 21
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
    best = _best_second(rules, pair)
    cards: list[Card] = []
    actions = [Action.SPLIT]
    third = plan.third
    pair_ranks = frozenset(
        card.rank for card in CARDS if _is_pair(rules, pair, card)
    )  # a pair card as a second card would ask to resplit
    for _ in range(hands - 2):
        if third is not None and _is_pair(rules, pair, third):
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
        units = _split_hand_units(rules, pair, second)
        if pair.points == 1 and not rules.hit_split_aces:
            continue
        if _hand((pair, second), from_split=True).total == 21:
            continue
        if units == 2:
            actions.append(Action.DOUBLE)
            cards.append(_filler((pair, second), pool, avoid))
        else:
            actions.append(Action.STAND)
    return cards, actions


def _pair_card(rules: Rules, pair: Card, pool: _Pool) -> Card:
    for card in sorted(CARDS, key=lambda c: -pool.left[c]):
        if pool.left[card] > 0 and _is_pair(rules, pair, card):
            return pool.take(card)
    raise _ShortShoeError


def _second_card(rules: Rules, pair: Card, best: int, pool: _Pool, avoid: frozenset[Rank]) -> Card:
    """A second card for a split hand that earns ``best`` (a double where allowed)."""
    for points in (11 - pair.points, *range(10, 0, -1)):
        if not 1 <= points <= 10:
            continue
        sample = _CARD_OF_POINTS[points - 1]
        if _split_hand_units(rules, pair, sample) != best:
            continue
        try:
            return pool.any_of(points, avoid)
        except _ShortShoeError:
            continue
    raise _ShortShoeError


def play(rules: Rules, bets: Sequence[SpotBet], witness: Witness) -> int:
    """Play ``witness`` in the engine and return the net money it pays (returned - staked)."""
    rnd = _played(rules, bets, witness)
    return rnd.returned - rnd.staked


def _played(rules: Rules, bets: Sequence[SpotBet], witness: Witness) -> Round:
    shoe = Shoe.stacked(witness.cards, rules.decks, SeededRandomSource(1))
    rnd = Round.start(rules, bets, shoe)
    for action in witness.actions:
        if rnd.is_over:
            break
        rnd.act(action)
    assert rnd.is_over, "the witness round must finish with its decisions"
    return rnd


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
        play = "" if side_winners_only else f" and {_play_words(rules, plan)}"
        parts.append(f"{who} {cards}{won}{play}")
    if left:
        parts.append("the other spots' side bets lose")
    return "; ".join(parts)


def _play_words(rules: Rules, plan: SpotPlan) -> str:
    """A plan's play, as the verb phrase of "2 spots hold ... and ..."."""
    third = f" the {card_words(plan.third)}" if plan.third is not None else ""
    if plan.play is Play.NATURAL:
        return "make blackjack"
    if plan.play is Play.STAND:
        return "stand"
    if plan.play is Play.HIT:
        return f"hit, taking{third}"
    if plan.play is Play.DOUBLE:
        return f"double, taking{third}" if third else "double"
    hands = split_hands(rules, plan.first)
    each = "each doubled" if _best_second(rules, plan.first) == 2 else "each standing"
    first = f", the first given{third}" if third else ""
    return f"split into {hands} hands{first}, {each}"


_RANKS = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
_SUITS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}


def card_words(card: Card) -> str:
    """A card in words, e.g. "queen of hearts"."""
    rank = card.rank.value
    return f"{_RANKS.get(rank, rank)} of {_SUITS[card.suit.value]}"


__all__ = [
    "CARDS",
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
