"""Strategy objects an engine or simulator can play, exactly as the exact figures assume.

``optimal_strategy(rules)`` is composition-dependent optimal play against the up card, the same
play reused after a split (this is what ``house_edge(rules, "optimal")`` values);
``basic_strategy(rules)`` is the total-dependent chart (``house_edge(rules, "basic")``). Both
answer :meth:`ExactStrategy.action` from the hand's cards, the up card and the legal actions,
so a Monte Carlo run of the engine with this object must land on the exact EV.

>>> from twentyone.cards import parse_cards
>>> from twentyone.rules import Rules
>>> s = basic_strategy(Rules(decks=6))
>>> s.action(parse_cards("Th 6d"), parse_cards("Ts")[0], legal={"hit", "stand", "double"})
'hit'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from twentyone.analysis.exact.actions import Action, StrategyKind
from twentyone.analysis.exact.basic import BasicPolicy
from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.analysis.exact.shoe import Composition, from_cards, full_shoe, hand_total
from twentyone.analysis.exact.split import pair_index
from twentyone.cards import Card
from twentyone.errors import IllegalActionError
from twentyone.rules import Rules

_HIT_STAND = frozenset({Action.HIT, Action.STAND})


class ExactStrategy:
    """Plays every hand as the exact analysis of ``rules`` assumes.

    Insurance and even money are always declined (the base-game figures assume so).
    """

    def __init__(self, rules: Rules, kind: StrategyKind | str = StrategyKind.OPTIMAL) -> None:
        self.rules = rules
        self.kind = StrategyKind(kind)
        self._shoe = full_shoe(rules.decks)
        self._policies: dict[int, OptimalPolicy | BasicPolicy] = {}

    def policy(self, up: int) -> OptimalPolicy | BasicPolicy:
        """The zero-memory policy against up card index ``up`` (built on first use)."""
        found = self._policies.get(up)
        if found is None:
            solver = make_solver(self.rules, up, self._shoe)
            if self.kind is StrategyKind.BASIC:
                found = BasicPolicy(solver)
            else:
                found = OptimalPolicy(
                    solver,
                    first_hand_play=self.kind is StrategyKind.CDP1,
                    by_hands=self.kind is StrategyKind.CDP,
                )
                prepare_splits(solver, found.splits)
            self._policies[up] = found
        return found

    def action(
        self,
        cards: Sequence[Card],
        up: Card,
        *,
        from_split: bool = False,
        hands: int = 1,
        legal: Collection[str],
    ) -> str:
        """The action name to take.

        Args:
            cards: the hand's cards (a split hand: its own cards only).
            up: the dealer's up card.
            from_split: whether the hand came from a split (its first card is the pair card).
                A split hand splits again whenever it may; otherwise it plays as an unsplit
                hand would (``optimal``) or as is best for a split hand of its pair (``cdp1``,
                and ``cdp`` for the number of hands).
            hands: how many hands the spot has now (only ``cdp`` plays a split hand by it).
            legal: the engine's legal action names (``hit``, ``stand``, ``double``, ``split``,
                ``surrender``).

        Raises:
            IllegalActionError: if ``legal`` is empty or names an unknown action.
        """
        try:
            allowed = frozenset(Action(a) for a in legal)
        except ValueError as exc:
            raise IllegalActionError(f"unknown action in {sorted(legal)}") from exc
        if not allowed:
            raise IllegalActionError("no legal action to choose from")
        if len(allowed) == 1:
            return str(next(iter(allowed)))
        hand = from_cards(cards)
        policy = self.policy(up.points - 1)
        if from_split and isinstance(policy, OptimalPolicy):
            return str(policy.split_hand_action(cards[0].points - 1, hand, allowed, hands))
        if len(cards) >= 3 and allowed >= _HIT_STAND:
            return str(Action.HIT if policy.hits(hand) else Action.STAND)
        return str(policy.choose(hand, allowed))

    def take_insurance(self, cards: Sequence[Card], up: Card) -> bool:
        """Never: insurance and even money are outside the base-game figures."""
        del cards, up
        return False


@lru_cache(maxsize=16)
def optimal_strategy(rules: Rules) -> ExactStrategy:
    """The composition-dependent optimal strategy of ``rules`` (cached)."""
    return ExactStrategy(rules, StrategyKind.OPTIMAL)


@lru_cache(maxsize=16)
def basic_strategy(rules: Rules) -> ExactStrategy:
    """The total-dependent basic strategy of ``rules`` (cached)."""
    return ExactStrategy(rules, StrategyKind.BASIC)


UP_CARDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0)
"""Chart column order: 2 to 10, then the ace."""
UP_LABELS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A")

LEGEND: dict[str, str] = {
    "H": "hit",
    "S": "stand",
    "Dh": "double if allowed, otherwise hit",
    "Ds": "double if allowed, otherwise stand",
    "P": "split",
    "Rh": "surrender if allowed, otherwise hit",
    "Rs": "surrender if allowed, otherwise stand",
    "Rp": "surrender if allowed, otherwise split",
}


def chart_code(ranking: Sequence[Action]) -> str:
    """The chart letter(s) of a ranked action list (``("double", "hit")`` -> ``"Dh"``)."""
    first = ranking[0]
    letter = {
        Action.HIT: "H",
        Action.STAND: "S",
        Action.DOUBLE: "D",
        Action.SPLIT: "P",
        Action.SURRENDER: "R",
    }[first]
    if first in (Action.DOUBLE, Action.SURRENDER):
        for fallback in ranking[1:]:
            if fallback in (Action.HIT, Action.STAND) or (
                first is Action.SURRENDER and fallback is Action.SPLIT
            ):
                return letter + {"hit": "h", "stand": "s", "split": "p"}[fallback.value]
    return letter


@dataclass(frozen=True, slots=True)
class StrategyChart:
    """A basic-strategy chart: rows of codes, one per up card in :data:`UP_LABELS` order.

    Attributes:
        title: what the chart is for.
        hard: two-card hard totals (pairs excluded) to codes.
        soft: two-card soft totals (``A,2`` is 13) to codes.
        pairs: pair labels (``"A,A"``, ``"2,2"``, ... ``"10,10"``) to codes.
        hard_multi: hit/stand for hard hands of three or more cards.
        soft_multi: hit/stand for soft hands of three or more cards.
    """

    title: str
    hard: dict[int, tuple[str, ...]]
    soft: dict[int, tuple[str, ...]]
    pairs: dict[str, tuple[str, ...]]
    hard_multi: dict[int, tuple[str, ...]]
    soft_multi: dict[int, tuple[str, ...]]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "title": self.title,
            "up_cards": list(UP_LABELS),
            "hard": {str(k): list(v) for k, v in self.hard.items()},
            "soft": {f"A,{k - 11}": list(v) for k, v in self.soft.items()},
            "pairs": {k: list(v) for k, v in self.pairs.items()},
            "hard_three_or_more_cards": {str(k): list(v) for k, v in self.hard_multi.items()},
            "soft_three_or_more_cards": {str(k): list(v) for k, v in self.soft_multi.items()},
            "legend": LEGEND,
        }


def _pair_hand(index: int) -> Composition:
    return tuple(2 if i == index else 0 for i in range(10))


def strategy_chart(rules: Rules, title: str = "") -> StrategyChart:
    """The total-dependent basic strategy chart of ``rules``, derived from exact values."""
    strategy = basic_strategy(rules)
    policies = [strategy.policy(up) for up in UP_CARDS]
    basics = [p for p in policies if isinstance(p, BasicPolicy)]
    hard: dict[int, tuple[str, ...]] = {}
    soft: dict[int, tuple[str, ...]] = {}
    for total in range(5, 20):
        if all((False, total) in p.two for p in basics):
            hard[total] = tuple(chart_code(p.two[(False, total)]) for p in basics)
    for total in range(13, 21):
        if all((True, total) in p.two for p in basics):
            soft[total] = tuple(chart_code(p.two[(True, total)]) for p in basics)
    pairs: dict[str, tuple[str, ...]] = {}
    for index in (0, 9, 8, 7, 6, 5, 4, 3, 2, 1):
        label = "A,A" if index == 0 else f"{index + 1},{index + 1}"
        pairs[label] = tuple(chart_code(p.ranking(_pair_hand(index))) for p in basics)
    hard_multi = {
        t: tuple("H" if p.multi.get((False, t), t < 12) else "S" for p in basics)
        for t in range(12, 18)
    }
    soft_multi = {
        t: tuple("H" if p.multi.get((True, t), True) else "S" for p in basics)
        for t in range(17, 20)
    }
    return StrategyChart(title, hard, soft, pairs, hard_multi, soft_multi)


__all__ = [
    "LEGEND",
    "UP_LABELS",
    "ExactStrategy",
    "StrategyChart",
    "basic_strategy",
    "chart_code",
    "hand_total",
    "optimal_strategy",
    "pair_index",
    "strategy_chart",
]
