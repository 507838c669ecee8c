"""The play advisor: the exact value of every legal action of the hand being played.

The advisor sees what the player sees and nothing else (a :class:`Situation`): the hand being
played, the dealer's up card, every other card shown in the round (the other hands, the other
hands of a split) and the engine's legal actions. The cards it draws from are the rules' full
shoe without every card it was shown; the hole card is one of them, unseen.

Values (:class:`ActionValue`) are the expected result per unit of the hand's bet, exactly as
:mod:`twentyone.analysis.exact` computes them with those cards out of the shoe:

* stand, hit (then hit or stand, whichever is worth more at every card), double: the hand's own
  value (:class:`~twentyone.analysis.exact.player.UpcardSolver`); a hand from a split is settled
  as a split hand (without a peek, a dealer blackjack takes a later split hand's bet only if
  ``bj_takes_split_vs_*``);
* split: every hand the split makes, the pair cards split again while the rules allow, each
  hand played as the exact analysis' ``optimal`` strategy plays it
  (:class:`~twentyone.analysis.exact.split.SplitSolver`);
* surrender: half the bet lost;
* insurance: the insurance bet's own expected result (half the bet, paid ``insurance_pays``
  when the hole card is a ten; declining is worth 0: the hand's value does not depend on it);
  even money: the bet paid 1:1 at once, against the blackjack's expected payout.

After a peek that found no blackjack the values are conditioned on it (the unconditional
values divided by the chance of no blackjack given the cards seen); without a peek the
dealer's blackjack is one of the outcomes.

The best action is the legal one of highest value (ties go to the engine's order); the basic
strategy's action (the total-dependent chart of the rules' full shoe) is given beside it.

Speed (a hint in a few milliseconds, ``bench/advisor.py``): a hand's hit, stand, double and
surrender values are solved over the hands its own play reaches, not every hand of the
composition; a split's over the hands the pair's split hands reach. Both hand spaces are
built from the round's shoe once and cached (each composition marks the hands it can still
deal), the solver is kept for the later decisions on the same hand, and every hint's values
are cached by cards and state.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from twentyone.analysis.exact.dealer import FloatArray
from twentyone.analysis.exact.game import OptimalPolicy
from twentyone.analysis.exact.player import _EPS, UpcardSolver
from twentyone.analysis.exact.shoe import (
    TEN,
    Composition,
    from_cards,
    full_shoe,
    minus,
    size,
)
from twentyone.analysis.exact.space import HandSpace, IntArray
from twentyone.analysis.exact.split import SplitSolver, pair_index
from twentyone.analysis.exact.strategy import basic_strategy
from twentyone.cards import Card, parse_cards
from twentyone.errors import IllegalActionError, InvalidCardError
from twentyone.rules import PeekMode, Rules

HAND_ACTIONS = ("hit", "stand", "double", "split", "surrender")
"""The decisions on a hand in play."""
INSURANCE_ACTIONS = ("insurance", "no-insurance", "even-money", "no-even-money")
"""The decisions asked with an ace up before any hand is played."""
DECLINES = {"insurance": "no-insurance", "even-money": "no-even-money"}
_LOCK = threading.RLock()
"""The cached solvers fill their own caches as they are asked: one hint at a time (a web
server asks from several threads)."""


@dataclass(frozen=True, slots=True)
class Situation:
    """What the player sees when a decision is asked.

    Attributes:
        hand: the cards of the hand the decision is for (a split hand: its own cards).
        up: the dealer's up card.
        seen: every other card shown in the round (other hands, other split hands, any other
            dealer card shown); never the hole card while it is face down.
        legal: the engine's legal actions now (their names).
        bet: the hand's original stake in minor units (insurance: the spot's main bet).
        from_split: whether the hand came from a split.
        hand_index: the hand's number on its spot, from 0 (0 keeps the spot's original bet).
        hands_on_spot: how many hands the spot has now.
        peeked: whether the dealer has looked for a blackjack and found none.
    """

    hand: tuple[Card, ...]
    up: Card
    seen: tuple[Card, ...]
    legal: tuple[str, ...]
    bet: int
    from_split: bool = False
    hand_index: int = 0
    hands_on_spot: int = 1
    peeked: bool = False


@dataclass(frozen=True, slots=True)
class ActionValue:
    """The exact value of one legal action.

    Attributes:
        action: the action's name, as the engine names it.
        ev: the expected result per unit of the hand's bet (``-0.5`` loses half the bet).
        stake: the expected amount staked per unit of the bet (a double stakes 2).
    """

    action: str
    ev: float
    stake: float


@dataclass(frozen=True, slots=True)
class Advice:
    """Every legal action's value, the best of them and the basic strategy's choice.

    Attributes:
        values: one per legal action, in the engine's order.
        best: the legal action of highest value.
        basic: the action the basic-strategy chart plays.
        bet: the stake the values are per unit of, in minor units.
    """

    values: tuple[ActionValue, ...]
    best: str
    basic: str
    bet: int

    def value(self, action: str) -> ActionValue:
        """The value of one of the legal actions (an error for any other)."""
        for v in self.values:
            if v.action == action:
                return v
        raise IllegalActionError(f"{action} is not legal here; legal: {self.actions()}")

    def actions(self) -> str:
        """The legal actions, comma separated."""
        return ", ".join(v.action for v in self.values)

    def cost(self, action: str) -> float:
        """What ``action`` gives up against the best play, per unit of the bet (0 or more)."""
        return max(0.0, self.value(self.best).ev - self.value(action).ev)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: values per unit of the bet, the bet in minor units."""
        return {
            "bet": self.bet,
            "best": self.best,
            "basic": self.basic,
            "values": [
                {
                    "action": v.action,
                    "ev": v.ev,
                    "stake": v.stake,
                    "cost": self.cost(v.action),
                    "best": v.action == self.best,
                    "basic": v.action == self.basic,
                }
                for v in self.values
            ],
        }


def unseen(rules: Rules, cards: Sequence[Card], shoe: Composition | None = None) -> Composition:
    """The shoe (default: the rules' full shoe) without ``cards`` (an error if they cannot all
    come from it)."""
    try:
        return minus(full_shoe(rules.decks) if shoe is None else shoe, from_cards(cards))
    except ValueError as exc:
        raise InvalidCardError(
            f"{len(cards)} cards cannot all come from one {rules.decks}-deck shoe"
        ) from exc


def advise(rules: Rules, situation: Situation, shoe: Composition | None = None) -> Advice:
    """The value of each legal action in ``situation`` (see the module docstring).

    ``shoe``: the composition the round was dealt from (default: the rules' full shoe; tests
    use tiny ones).

    Raises:
        IllegalActionError: if there is no legal action, or one the advisor does not know.
        InvalidCardError: if the cards cannot all come from the rules' shoe.
    """
    with _LOCK:
        return _advise(rules, situation, shoe)


def _advise(rules: Rules, situation: Situation, shoe: Composition | None) -> Advice:
    legal = situation.legal
    if not legal:
        raise IllegalActionError("no decision is asked: there are no legal actions")
    unknown = [a for a in legal if a not in HAND_ACTIONS and a not in INSURANCE_ACTIONS]
    if unknown:
        raise IllegalActionError(f"unknown action {', '.join(unknown)}")
    everything = (*situation.hand, situation.up, *situation.seen)
    unseen(rules, everything, shoe)
    if all(a in INSURANCE_ACTIONS for a in legal):
        values = _insurance_values(rules, situation, shoe)
    elif any(a in INSURANCE_ACTIONS for a in legal):
        raise IllegalActionError(f"insurance and hand actions at once: {', '.join(legal)}")
    else:
        others = unseen(rules, (situation.up, *situation.seen), shoe)
        values = hand_values(
            rules,
            full_shoe(rules.decks) if shoe is None else shoe,
            others,
            situation.up.points - 1,
            from_cards(situation.hand),
            tuple(sorted(legal)),
            from_split=situation.from_split,
            first=situation.hand_index == 0,
            hands_on_spot=situation.hands_on_spot,
            peeked=situation.peeked,
        )
        values = tuple(sorted(values, key=lambda v: legal.index(v.action)))
    best = values[0]
    for v in values[1:]:
        if v.ev > best.ev + _EPS:
            best = v
    return Advice(values, best.action, _basic(rules, situation), situation.bet)


_WARM_UPS = parse_cards("As 2s 3s 4s 5s 6s 7s 8s 9s Ts")
_WARM_HAND = parse_cards("Th 5d")


_WARMED: set[Rules] = set()


def warm(rules: Rules) -> None:
    """Build what every hint of ``rules`` needs once per process, so that no hint waits for
    it: the basic-strategy chart of each up card (0.5 to 1.5 s in all), the hands the split
    hands of each pair reach in the rules' shoe, and a first hint against each up card (the
    dealer's tables).

    One step at a time holds the advisor's lock (at most a few tenths of a second), so a
    server can warm up in the background while hints are asked.
    """
    strategy = basic_strategy(rules)
    for up in range(10):
        with _LOCK:
            strategy.policy(up)
    for pair in range(10):
        with _LOCK:
            _pair_space(full_shoe(rules.decks), rules.charlie_cards, pair)
    for card in _WARM_UPS:
        advise(rules, Situation(_WARM_HAND, card, (), ("hit", "stand"), 100))
    _WARMED.add(rules)


def warmed(rules: Rules) -> bool:
    """Whether :func:`warm` has run for ``rules`` in this process."""
    return rules in _WARMED


def _basic(rules: Rules, situation: Situation) -> str:
    """The basic strategy's action: the chart for hands, never insurance nor even money."""
    legal = situation.legal
    for take, decline in DECLINES.items():
        if take in legal or decline in legal:
            return decline
    return basic_strategy(rules).action(
        situation.hand,
        situation.up,
        from_split=situation.from_split,
        hands=situation.hands_on_spot,
        legal=legal,
    )


def _insurance_values(
    rules: Rules, situation: Situation, shoe: Composition | None
) -> tuple[ActionValue, ...]:
    """Insurance: the side bet's own value; even money: 1:1 now against the blackjack's odds."""
    left = unseen(rules, (*situation.hand, situation.up, *situation.seen), shoe)
    p_ten = left[TEN] / size(left)
    bet = situation.bet
    out = []
    for action in situation.legal:
        if action == "insurance":
            share = (bet // 2) / bet
            ev = share * (float(rules.insurance_pays) * p_ten - (1.0 - p_ten))
            out.append(ActionValue(action, ev, 1.0 + share))
        elif action == "even-money":
            out.append(ActionValue(action, 1.0, 1.0))
        elif action == "no-even-money":
            out.append(ActionValue(action, float(rules.blackjack_pays) * (1.0 - p_ten), 1.0))
        else:
            out.append(ActionValue(action, 0.0, 1.0))
    return tuple(out)


class _SplitHandSolver(UpcardSolver):
    """An :class:`UpcardSolver` whose every hand is settled as a hand from a split.

    ``first``: the spot's first hand (the one that keeps the original bet; without a peek it
    loses its bet to a dealer blackjack even where the later split hands get theirs back).
    """

    def __init__(
        self, rules: Rules, shoe: Composition, up: int, first: bool, space: HandSpace | None
    ) -> None:
        self._first = first
        super().__init__(rules, shoe, up, space)

    def settle_rows(
        self,
        hands: IntArray,
        removed: IntArray,
        stake: int,
        split: bool,
        first: bool = False,
        *,
        dealer: FloatArray | None = None,
    ) -> tuple[FloatArray, FloatArray]:
        """As :meth:`UpcardSolver.settle_rows`, always as a split hand."""
        del split, first
        return super().settle_rows(hands, removed, stake, True, self._first, dealer=dealer)


class _OnePairSplits(SplitSolver):
    """A :class:`SplitSolver` that values the splits of one pair only (the one asked about)."""

    def __init__(self, solver: UpcardSolver, policy: OptimalPolicy, pair: int) -> None:
        super().__init__(solver, policy)
        self.pair = pair

    def committed_range(self, pair: int) -> range:
        """The parent's range for the pair asked about, none for the others."""
        return super().committed_range(pair) if pair == self.pair else range(0)


@lru_cache(maxsize=64)
def _pair_space(base: Composition, charlie: int | None, pair: int) -> HandSpace:
    """The hands the split hands of a ``pair`` can reach in the round's shoe: a pair card and
    a second card, then every hand drawn to (cached per shoe and pair, about 1 MB: the hands
    of each composition left in the shoe are among them)."""
    eye = np.eye(10, dtype=np.int64)
    return HandSpace(base, charlie, eye[pair][None, :] + eye)


def _split_solver(
    rules: Rules, fresh: Rules, base: Composition, shoe: Composition, up: int, pair: int
) -> UpcardSolver:
    """The unsplit values a split of ``pair`` under ``fresh`` (``rules`` with fewer split
    hands left) plays its hands by: an unsplit hand's values do not depend on the split
    limits, so the solver of ``rules`` is shared, with the split rules read from ``fresh``."""
    solver = _pair_solver(rules, base, shoe, up, pair)
    if fresh == rules:
        return solver
    shared = copy.copy(solver)
    shared.rules = fresh
    return shared


@lru_cache(maxsize=16)
def _pair_solver(
    rules: Rules, base: Composition, shoe: Composition, up: int, pair: int
) -> UpcardSolver:
    """The exact values of every hand a split of ``pair`` can reach, dealt from ``shoe``
    (cards left of ``base``) against ``up`` (cached)."""
    return UpcardSolver(rules, shoe, up, _pair_space(base, rules.charlie_cards, pair))


@lru_cache(maxsize=64)
def _play_space(base: Composition, charlie: int | None, hand: Composition) -> HandSpace:
    """The hands the play of ``hand`` can reach in the round's shoe: the hand and every hand
    drawn to from it (cached per hand, the same hands recur in many rounds: a few kB for most,
    up to 2 MB for two small cards)."""
    return HandSpace(base, charlie, np.array([hand], dtype=np.int64))


_HAND_SOLVERS: OrderedDict[tuple[object, ...], UpcardSolver] = OrderedDict()
_HAND_SOLVERS_KEPT = 16


def _hand_solver(
    rules: Rules,
    base: Composition,
    shoe: Composition,
    up: int,
    split: bool,
    first: bool,
    hand: Composition,
) -> UpcardSolver:
    """The exact values of ``hand`` and of every hand its play reaches, dealt from ``shoe``
    against ``up``: only those hands are valued (a few hundred at most, not every hand of the
    shoe). The solver is kept for the later decisions on the same hand (the same cards seen,
    the hand grown by the cards it drew: already valued)."""
    key = (rules, base, shoe, up, split, first)
    solver = _HAND_SOLVERS.get(key)
    if solver is not None and solver.space.row(hand) >= 0:
        _HAND_SOLVERS.move_to_end(key)
        return solver
    space = _play_space(base, rules.charlie_cards, hand)
    if split:
        solver = _SplitHandSolver(rules, shoe, up, first, space)
    else:
        solver = UpcardSolver(rules, shoe, up, space)
    _HAND_SOLVERS[key] = solver
    while len(_HAND_SOLVERS) > _HAND_SOLVERS_KEPT:
        _HAND_SOLVERS.popitem(last=False)
    return solver


@lru_cache(maxsize=4096)
def hand_values(
    rules: Rules,
    base: Composition,
    shoe: Composition,
    up: int,
    hand: Composition,
    legal: tuple[str, ...],
    *,
    from_split: bool,
    first: bool,
    hands_on_spot: int,
    peeked: bool,
) -> tuple[ActionValue, ...]:
    """The values of a hand's legal actions (cached by rules, cards and state).

    Args:
        rules: the game.
        base: the shoe the round was dealt from (the rules' full shoe at the table).
        shoe: every card not seen except the hand's own (the hole card among them).
        up: the up card's composition index.
        hand: the hand's cards.
        legal: the engine's legal hand actions.
        from_split, first, hands_on_spot: the split state (:class:`Situation`).
        peeked: the dealer looked and has no blackjack: values are conditioned on it.
    """
    # With a peek a split hand settles as an unsplit one: share the unsplit values.
    settles_split = from_split and rules.peek is not PeekMode.ACE_AND_TEN
    solver = _hand_solver(rules, base, shoe, up, settles_split, first and settles_split, hand)
    try:
        solver.row(hand)
    except ValueError as exc:
        raise InvalidCardError("the hand cannot be dealt from the cards left") from exc
    alive = 1.0 - solver.blackjack_chance(hand) if peeked and solver.peek else 1.0
    out = []
    for action in legal:
        if action == "stand":
            ev, st = solver.stand(hand)
        elif action == "hit":
            ev, st = solver.hit(hand)
        elif action == "double":
            ev, st = solver.double(hand)
        elif action == "surrender":
            ev, st = solver.surrender(hand)
        else:
            ev, st = _split_value(
                rules, base, shoe, up, hand, first=first, hands_on_spot=hands_on_spot
            )
        out.append(ActionValue(action, ev / alive, st / alive))
    return tuple(out)


def _split_value(
    rules: Rules,
    base: Composition,
    shoe: Composition,
    up: int,
    hand: Composition,
    *,
    first: bool,
    hands_on_spot: int,
) -> tuple[float, float]:
    """Splitting the pair ``hand`` with ``hands_on_spot - 1`` split hands already made.

    The new hands may split again up to ``max_split_hands`` hands on the spot in all, so the
    split is valued as a fresh one with that many fewer hands allowed; a split that is not the
    spot's first hand does not hold the spot's original bet (``first``).
    """
    pair = pair_index(hand)
    if pair is None:
        raise IllegalActionError("only a pair can be split")
    limit = rules.max_split_hands - (hands_on_spot - 1)
    fresh = rules.replace(max_split_hands=limit, resplit_aces=rules.resplit_aces and limit >= 3)
    solver = _split_solver(rules, fresh, base, shoe, up, pair)
    policy = OptimalPolicy(solver)
    splits = _OnePairSplits(solver, policy, pair)
    policy.splits = splits
    splits.prepare()
    if first or solver.peek or solver.takes_split:
        return splits.value(pair)
    ev = staked = 0.0
    for _, hands in splits.pattern_terms(pair):
        for terms in hands:
            for weight, m, restricted, _first in terms:
                w = splits.second_card_value(pair, m, restricted, False)
                ev += weight * w[0]
                staked += weight * w[1]
    return ev, staked


__all__ = [
    "HAND_ACTIONS",
    "INSURANCE_ACTIONS",
    "ActionValue",
    "Advice",
    "Situation",
    "advise",
    "hand_values",
    "unseen",
    "warm",
    "warmed",
]
