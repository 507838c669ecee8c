"""The branch and bound over the spots' plans (see :mod:`twentyone.analysis.exposure`).

Per dealer up card and end, the plans best first; spots take plans in order (a multiset), a
plan only while the shoe holds its cards; a branch stops where even the best plans left, for
every spot left, could not beat the best round. Where a side bet's cap binds, the engine's
pro-rata rounding is met by :func:`fit_caps`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from twentyone.analysis.exposure.plans import (
    CARDS,
    INDEX,
    Candidate,
    DealerEnd,
    SpotPlan,
    candidates,
    cap1,
    capped,
    dealer_ends,
    main_minor,
)
from twentyone.cards import Card
from twentyone.rules import Rules
from twentyone.sidebets.base import payouts
from twentyone.sidebets.paytables import find_paytable


@dataclass(slots=True)
class _Best:
    value: int
    up: Card | None = None
    dealer: DealerEnd = DealerEnd.BUSTS
    chosen: tuple[Candidate, ...] = ()


@lru_cache(maxsize=4)
def plan_table(rules: Rules) -> tuple[tuple[Card, DealerEnd, tuple[Candidate, ...]], ...]:
    """Every (up card, dealer end) with its spot plans."""
    return tuple(
        (up, dealer, candidates(rules, up, dealer)) for up in CARDS for dealer in dealer_ends(up)
    )


def search(
    rules: Rules, max_bet: int, main_weight: int
) -> tuple[Card, DealerEnd, tuple[Candidate, ...], int | None]:
    """The spots' plans with the largest ``main_weight * main + sides`` (branch and bound), and
    ``None``, or, where the search ran out of :data:`SEARCH_NODES`, the best plans found and a
    bound on every round it did not search."""
    caps = [bet.aggregate_cap for bet in rules.side_bets]
    best = _Best(-(10**18))
    classes = []
    for up, dealer, cands in plan_table(rules):
        if not cands:
            continue
        mains = [main_weight * main_minor(rules, c.plan, max_bet, dealer, up) for c in cands]
        # the side bets alone count their winnings only (what the operator pays out)
        sides = [
            c.plan.sides if main_weight else tuple(max(0, x) for x in c.plan.sides) for c in cands
        ]
        keys = [
            mains[i] + sum(cap1(w, cap) for w, cap in zip(sides[i], caps, strict=True))
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


class _ClassSearch:
    """The branch and bound over one (up card, dealer end)'s plans, best first: spots take
    plans in order (a multiset), a plan only while the shoe holds its cards; a branch stops
    where even the best plans left, for every spot left, could not beat the best round."""

    def __init__(
        self,
        rules: Rules,
        up: Card,
        dealer: DealerEnd,
        cands: Sequence[Candidate],
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
        self.left[INDEX[up]] -= 1
        self.chosen: list[int] = []
        self.side_sum = [0] * bets

    def bound(self, i: int, rem: int, main: int) -> int:
        """The most a round can win whose next ``rem`` spots take plans from ``i`` on."""
        total = main + rem * self.suf_main[i]
        for b, cap in enumerate(self.caps):
            total += cap1(self.side_sum[b] + rem * self.suf_side[b][i], cap)
        return total

    def run(self, best: _Best, budget: list[int]) -> None:
        """Search this class, spending ``budget[0]`` nodes; where they run out,
        :class:`_SearchBudgetError` with a bound on every round left unsearched."""
        self._dfs(0, self.rules.max_spots, 0, best, budget)

    def _dfs(self, start: int, rem: int, main: int, best: _Best, budget: list[int]) -> None:
        if rem == 0:
            picked = tuple(self.cands[i] for i in self.chosen)
            sides = capped(
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
    total = main_weight * sum(main_minor(rules, p, max_bet, dealer, up) for p in plans)
    for b, bet in enumerate(rules.side_bets):
        table = find_paytable(bet.name, bet.paytable)
        stakes = [bet.max_stake] * len(plans)
        returned = payouts(stakes, [p.outcomes[b] for p in plans], table, bet.aggregate_cap)
        for back, stake in zip(returned, stakes, strict=True):
            total += back - stake if main_weight else max(0, back - stake)
    return total


def fit_caps(
    rules: Rules,
    up: Card,
    dealer: DealerEnd,
    chosen: tuple[Candidate, ...],
    max_bet: int,
    main_weight: int,
) -> tuple[Candidate, ...]:
    """Where a side bet's winners pass its cap, the engine's pro-rata rounding may pay a few
    minor units under it; fewer winners (the others given the best plan that loses that side
    bet) may share the cap exactly. The best of these rounds, as the engine pays them."""
    best = chosen
    best_value = _paid_value(rules, up, dealer, [c.plan for c in chosen], max_bet, main_weight)
    pool = next(cands for u, d, cands in plan_table(rules) if u == up and d is dealer)
    for b, bet in enumerate(rules.side_bets):
        cap = bet.aggregate_cap
        winners = [i for i, c in enumerate(best) if c.plan.sides[b] > 0]
        if cap is None or sum(best[i].plan.sides[b] for i in winners) <= cap:
            continue
        losers = sorted(
            (c for c in pool if c.plan.sides[b] <= 0),
            key=lambda c: -main_weight * main_minor(rules, c.plan, max_bet, dealer, up),
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
    chosen: tuple[Candidate, ...],
    drop: Sequence[int],
    losers: Sequence[Candidate],
) -> tuple[Candidate, ...] | None:
    """``chosen`` with the spots ``drop`` given the first of ``losers`` the shoe still holds
    the cards for (``None`` if it holds none)."""
    left = Counter(dict.fromkeys(range(len(CARDS)), rules.decks))
    left[INDEX[up]] -= 1
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
