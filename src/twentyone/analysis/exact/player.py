"""Player expected values against one up card, with exact removal of every card seen.

Conventions (one :class:`UpcardSolver` per shoe and up card):

* A value is a pair ``(ev, stake)``: the expected result and the expected amount staked, both
  per unit of initial bet on the hand.
* With a peeking dealer (``peek = ace_and_ten``) values are *unconditional* expectations of
  ``result * [dealer has no blackjack]``: the player's draws come from the shoe with only the up
  card removed and the dealer's blackjack chance is counted against the hand's final cards.
  Comparing actions this way is the same as comparing them given no blackjack (the factor
  ``P(no blackjack | seen cards)`` is common), and it makes split hands exact (see
  :mod:`twentyone.analysis.exact.split`). The round-level blackjack term is added at the deal.
* Without a peek (no-peek and no-hole-card games) the dealer's blackjack is an outcome like any
  other: it takes from each hand what the rules say (:meth:`UpcardSolver.settle`).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from twentyone.analysis.exact.dealer import DealerEvaluator, Outcome
from twentyone.analysis.exact.shoe import ACE, TEN, Composition, hand_total, size
from twentyone.rules import DoubleOn, PeekMode, Rules

_EPS = 1e-12
"""Two values closer than this are a tie (ties go to the first action of ``ACTION_ORDER``)."""

Value = tuple[float, float]
"""``(expected result, expected stake)`` per unit of initial bet."""

ZERO: Value = (0.0, 0.0)


def _result_vectors() -> dict[int, tuple[float, ...]]:
    """Result of a standing total against dealer ``17, 18, 19, 20, 21, bust``."""
    out: dict[int, tuple[float, ...]] = {}
    for total in range(4, 22):
        row = [float((total > d) - (total < d)) for d in range(17, 22)]
        out[total] = (*row, 1.0)
    return out


_RESULT = _result_vectors()


def can_double(rules: Rules, hand: Composition) -> bool:
    """Whether a two-card hand may be doubled by ``double_on`` and ``double_hard_only``."""
    total, soft = hand_total(hand)
    if rules.double_hard_only and soft:
        return False
    if rules.double_on is DoubleOn.NINE_TO_ELEVEN:
        return 9 <= total <= 11
    if rules.double_on is DoubleOn.TEN_TO_ELEVEN:
        return 10 <= total <= 11
    return True


class UpcardSolver:
    """Exact values of every player hand against one up card.

    Args:
        rules: the game.
        shoe: the cards left once the up card is dealt.
        up: the up card's composition index.
    """

    def __init__(self, rules: Rules, shoe: Composition, up: int) -> None:
        self.rules = rules
        self.shoe = shoe
        self.up = up
        self.cards = size(shoe)
        self.peek = rules.peek is PeekMode.ACE_AND_TEN
        if up == ACE:
            self.takes_double = rules.bj_takes_double_vs_ace
            self.takes_split = rules.bj_takes_split_vs_ace
        else:
            self.takes_double = rules.bj_takes_double_vs_ten
            self.takes_split = rules.bj_takes_split_vs_ten
        self.charlie = rules.charlie_cards
        self._evaluator = DealerEvaluator(shoe, up, rules.dealer_hits_soft_17)
        self._dealer: dict[Composition, tuple[float, ...]] = {}
        self._pending: set[Composition] = set()
        self.collecting = False
        self._hs: dict[Composition, Value] = {}
        self._hit: dict[Composition, Value] = {}
        self._double: dict[Composition, Value] = {}
        self._draws: dict[Composition, list[tuple[int, float]]] = {}
        self._stops: dict[Composition, bool] = {}

    # -- dealer ------------------------------------------------------------------------------

    def dealer(self, removed: Composition) -> tuple[float, ...]:
        """The dealer's unconditional outcome vector with ``removed`` out of the shoe."""
        found = self._dealer.get(removed)
        if found is None:
            self.prepare([removed])
            found = self._dealer[removed]
        return found

    def prepare(self, removals: Iterable[Composition]) -> None:
        """Compute the dealer vectors of many removals in one batch."""
        todo = sorted({r for r in removals if r not in self._dealer})
        if not todo:
            return
        probs = self._evaluator.probabilities(np.array(todo, dtype=np.int64))
        for key, row in zip(todo, probs.tolist(), strict=True):
            self._dealer[key] = tuple(row)

    def flush(self) -> None:
        """Leave collecting mode and compute every split-hand removal asked for meanwhile.

        In collecting mode :meth:`settle` answers zero for a split hand whose dealer vector is
        not known yet and notes the removal, so one pass over the split trees lists them all for
        a single batch; the caller then forgets the dummy split values and evaluates again.
        """
        self.collecting = False
        self.prepare(self._pending)
        self._pending.clear()

    def unsplit_hands(self) -> list[Composition]:
        """Every unsplit hand of two or more cards that play can reach (deal, hit, double)."""
        seen: set[Composition] = set()
        stack: list[Composition] = []
        for a in range(10):
            for b in range(a, 10):
                hand = [0] * 10
                hand[a] += 1
                hand[b] += 1
                h = tuple(hand)
                if all(h[i] <= self.shoe[i] for i in range(10)) and h not in seen:
                    seen.add(h)
                    if not (a == ACE and b == TEN):
                        stack.append(h)
        while stack:
            h = stack.pop()
            if self.stops(h):
                continue
            for c, _ in self.draws(h):
                grown = list(h)
                grown[c] += 1
                g = tuple(grown)
                if g not in seen:
                    seen.add(g)
                    stack.append(g)
        return sorted(seen)

    def blackjack_chance(self, removed: Composition) -> float:
        """Chance that the hole card makes a dealer blackjack given the removed cards."""
        left = self.cards - size(removed)
        if self.up == ACE:
            return (self.shoe[TEN] - removed[TEN]) / left
        if self.up == TEN:
            return (self.shoe[ACE] - removed[ACE]) / left
        return 0.0

    def draws(self, removed: Composition) -> list[tuple[int, float]]:
        """Each card index that can come next, with its probability."""
        found = self._draws.get(removed)
        if found is None:
            left = self.cards - size(removed)
            shoe = self.shoe
            found = [
                (c, (shoe[c] - removed[c]) / left) for c in range(10) if shoe[c] - removed[c] > 0
            ]
            self._draws[removed] = found
        return found

    # -- settling one finished hand ----------------------------------------------------------

    def stops(self, hand: Composition) -> bool:
        """Whether a hand takes no more decisions: bust, 21, or the Charlie card count."""
        found = self._stops.get(hand)
        if found is None:
            total = hand_total(hand)[0]
            found = total >= 21 or (self.charlie is not None and sum(hand) >= self.charlie)
            self._stops[hand] = found
        return found

    def settle(self, hand: Composition, removed: Composition, stake: int, split: bool) -> Value:
        """Value of a finished hand.

        Args:
            hand: the hand's cards.
            removed: every card out of the shoe besides the up card (the hand, and for a split
                hand the other hands' pair cards).
            stake: 1, or 2 for a doubled hand.
            split: whether the hand came from a split.

        Rules: a bust hand loses its whole stake whatever the dealer holds. A Charlie hand
        (``charlie_cards`` reached with ``charlie_wins``) wins 1:1 unless the dealer has a
        blackjack. Without a peek, a dealer blackjack takes the original bet of an unsplit hand,
        a split hand's stake only if ``bj_takes_split_vs_*`` (otherwise the round's original
        bet is taken once, in :mod:`~twentyone.analysis.exact.split`), and a double part only
        if ``bj_takes_double_vs_*``.
        """
        p_bj = self.blackjack_chance(removed)
        total = hand_total(hand)[0]
        if total > 21:
            win = -float(stake) * (1.0 - p_bj)
            bj_loss = 0.0 if self.peek else float(stake)
        else:
            if split and self.collecting and removed not in self._dealer:
                self._pending.add(removed)
                return ZERO
            if self.charlie is not None and self.rules.charlie_wins and size(hand) >= self.charlie:
                win = stake * (1.0 - p_bj)
            else:
                d = self.dealer(removed)
                res = _RESULT[total]
                win = stake * (
                    d[0] * res[0]
                    + d[1] * res[1]
                    + d[2] * res[2]
                    + d[3] * res[3]
                    + d[4] * res[4]
                    + d[Outcome.BUST]
                )
            if self.peek:
                bj_loss = 0.0
            else:
                bj_loss = float((not split) or self.takes_split)
                if stake == 2 and self.takes_double:
                    bj_loss += 1.0
        ev = win - p_bj * bj_loss
        staked = stake * (1.0 - p_bj) if self.peek else float(stake)
        return ev, staked

    # -- composition-dependent optimal values of an unsplit hand ------------------------------

    def stand(self, hand: Composition) -> Value:
        """Standing on an unsplit hand."""
        return self.settle(hand, hand, 1, False)

    def hit(self, hand: Composition) -> Value:
        """Hitting an unsplit hand, then playing optimally (hit or stand)."""
        found = self._hit.get(hand)
        if found is not None:
            return found
        ev = staked = 0.0
        for c, p in self.draws(hand):
            grown = list(hand)
            grown[c] += 1
            v = self.best_hit_stand(tuple(grown))
            ev += p * v[0]
            staked += p * v[1]
        out = (ev, staked)
        self._hit[hand] = out
        return out

    def best_hit_stand(self, hand: Composition) -> Value:
        """The better of hitting and standing (a hand that stops just settles)."""
        found = self._hs.get(hand)
        if found is not None:
            return found
        if self.stops(hand):
            out = self.stand(hand)
        else:
            s = self.stand(hand)
            h = self.hit(hand)
            out = h if h[0] > s[0] + _EPS else s
        self._hs[hand] = out
        return out

    def double(self, hand: Composition) -> Value:
        """Doubling an unsplit two-card hand."""
        found = self._double.get(hand)
        if found is not None:
            return found
        ev = staked = 0.0
        for c, p in self.draws(hand):
            grown = list(hand)
            grown[c] += 1
            g = tuple(grown)
            v = self.settle(g, g, 2, False)
            ev += p * v[0]
            staked += p * v[1]
        out = (ev, staked)
        self._double[hand] = out
        return out

    def surrender(self, hand: Composition) -> Value:
        """Late surrender: half the stake is lost unless the dealer has a blackjack."""
        alive = 1.0 - self.blackjack_chance(hand) if self.peek else 1.0
        return -0.5 * alive, alive

    def stand_vector(self, hand: Composition) -> tuple[float, ...]:
        """The dealer's unconditional outcome vector against an unsplit hand."""
        return self.dealer(hand)
