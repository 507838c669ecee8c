"""The fast exact analysis against an independent brute-force enumeration on a tiny shoe.

The brute force deals in the real order (up card, the player's two cards, the hole card face
down), keeps the hole card as a hidden chance outcome, plays every decision on what the player
can see, and plays split hands literally one after the other from the same shoe, with the
dealer drawing last. It uses exact fractions. The fast code instead treats the hole card as drawn
after the players (exchangeability) and values a split hand by removal alone (optional stopping).
Agreement to 1e-12 per up card shows both shortcuts are exact for one split.

The shoe has 15 cards worth 108 points: two split hands (at most 30 points each) and the dealer
(at most 26) can never empty it, so no "shoe ran out" rule is needed.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from twentyone.analysis.exact.house_edge import house_edge
from twentyone.rules import DoubleOn, PeekMode, Rules

Comp = tuple[int, ...]
TINY: Comp = (2, 0, 1, 0, 1, 1, 1, 2, 1, 6)
"""Aces, 2, ..., 9, tens: 15 cards worth 108 points."""

STAND, HIT, DOUBLE, SPLIT = "stand", "hit", "double", "split"
ORDER = (STAND, HIT, DOUBLE, SPLIT)


def _add(comp: Comp, i: int, n: int = 1) -> Comp:
    out = list(comp)
    out[i] += n
    return tuple(out)


@cache
def _total(comp: Comp) -> tuple[int, bool]:
    hard = sum(n * (i + 1) for i, n in enumerate(comp))
    if comp[0] and hard <= 11:
        return hard + 10, True
    return hard, False


def _natural(comp: Comp) -> bool:
    return sum(comp) == 2 and comp[0] == 1 and comp[9] == 1


class Brute:
    """Brute-force values against one up card ``up`` from ``shoe`` (which includes it)."""

    def __init__(self, rules: Rules, shoe: Comp, up: int) -> None:
        self.rules = rules
        self.up = up
        self.rest = _add(shoe, up, -1)
        self.has_hole = rules.peek is not PeekMode.ENHC
        self.peek = rules.peek is PeekMode.ACE_AND_TEN
        vs_ace = up == 0
        self.takes_double = rules.bj_takes_double_vs_ace if vs_ace else rules.bj_takes_double_vs_ten
        self.takes_split = rules.bj_takes_split_vs_ace if vs_ace else rules.bj_takes_split_vs_ten
        self.dealer = cache(self._dealer)
        self.value = cache(self._value)
        self.play = cache(self._play)

    # -- the dealer, drawing card by card ---------------------------------------------------

    def _dealer(self, hand: Comp, left: Comp) -> dict[str, Fraction]:
        if _natural(hand):
            return {"bj": Fraction(1)}
        total, soft = _total(hand)
        if sum(hand) >= 2 and total > 21:
            return {"bust": Fraction(1)}
        if sum(hand) >= 2 and (
            total > 17 or (total == 17 and not (soft and self.rules.dealer_hits_soft_17))
        ):
            return {str(total): Fraction(1)}
        out: dict[str, Fraction] = {}
        n = sum(left)
        for c in range(10):
            if left[c]:
                for k, p in self.dealer(_add(hand, c), _add(left, c, -1)).items():
                    out[k] = out.get(k, Fraction(0)) + Fraction(left[c], n) * p
        return out

    def holes(self, seen: Comp) -> list[tuple[int | None, Fraction]]:
        """The hidden hole card given the player's cards (no blackjack after a peek)."""
        if not self.has_hole:
            return [(None, Fraction(1))]
        left = tuple(a - b for a, b in zip(self.rest, seen, strict=True))
        ok = [
            c
            for c in range(10)
            if left[c] and not (self.peek and _natural(_add(_add((0,) * 10, self.up), c)))
        ]
        n = sum(left[c] for c in ok)
        return [(c, Fraction(left[c], n)) for c in ok]

    def outcomes(self, hole: int | None, left: Comp) -> dict[str, Fraction]:
        dealer = _add((0,) * 10, self.up)
        if hole is not None:
            dealer = _add(dealer, hole)
        return self.dealer(dealer, left)

    def settle(self, hand: Comp, stake: int, split: bool, outcome: str) -> Fraction:
        charlie = self.rules.charlie_cards
        is_charlie = charlie is not None and sum(hand) >= charlie
        return self.settle_total(_total(hand)[0], is_charlie, stake, split, outcome, first=False)

    def settle_total(
        self, total: int, is_charlie: bool, stake: int, split: bool, outcome: str, *, first: bool
    ) -> Fraction:
        if total > 21:
            return Fraction(-stake)
        if outcome == "bj":
            # engine/settle.py: every split hand but the first gets its bet back if the switch
            # is off; a bust hand (above) has lost its whole stake already.
            lost = 1 if (not split or first or self.takes_split) else 0
            if stake == 2 and self.takes_double:
                lost += 1
            return Fraction(-lost)
        if is_charlie and self.rules.charlie_wins:
            return Fraction(stake)
        if outcome == "bust":
            return Fraction(stake)
        dealer = int(outcome)
        return Fraction(stake * ((total > dealer) - (total < dealer)))

    # -- what the player can see: values of an unsplit hand ----------------------------------

    def left_after(self, seen: Comp, hole: int | None) -> Comp:
        left = tuple(a - b for a, b in zip(self.rest, seen, strict=True))
        return left if hole is None else _add(left, hole, -1)

    def next_cards(self, hand: Comp) -> dict[int, Fraction]:
        out: dict[int, Fraction] = {}
        for hole, ph in self.holes(hand):
            left = self.left_after(hand, hole)
            n = sum(left)
            for c in range(10):
                if left[c]:
                    out[c] = out.get(c, Fraction(0)) + ph * Fraction(left[c], n)
        return out

    def stops(self, hand: Comp) -> bool:
        charlie = self.rules.charlie_cards
        return _total(hand)[0] >= 21 or (charlie is not None and sum(hand) >= charlie)

    def _value(self, hand: Comp, action: str) -> Fraction:
        """E[result | the player's cards] of ``action`` on an unsplit hand."""
        if action == STAND:
            if _total(hand)[0] > 21:
                return Fraction(-1)
            return sum(
                (
                    ph * p * self.settle(hand, 1, False, o)
                    for hole, ph in self.holes(hand)
                    for o, p in self.outcomes(hole, self.left_after(hand, hole)).items()
                ),
                Fraction(0),
            )
        if action == DOUBLE:
            total = Fraction(0)
            for c, pc in self.next_cards(hand).items():
                grown = _add(hand, c)
                if _total(grown)[0] > 21:
                    total += pc * -2
                    continue
                for hole, ph in self.holes(grown):
                    for o, p in self.outcomes(hole, self.left_after(grown, hole)).items():
                        # P(c | hand) * P(hole | hand + c) = P(c, hole | hand)
                        total += pc * ph * p * self.settle(grown, 2, False, o)
            return total
        assert action == HIT
        return sum(
            (pc * self.best(_add(hand, c)) for c, pc in self.next_cards(hand).items()),
            Fraction(0),
        )

    def best(self, hand: Comp) -> Fraction:
        if _total(hand)[0] > 21:
            return Fraction(-1)
        if self.stops(hand):
            return self.value(hand, STAND)
        return max(self.value(hand, STAND), self.value(hand, HIT))

    def decide(self, hand: Comp, legal: tuple[str, ...]) -> str:
        """Zero-memory choice: the best unsplit value, earlier action on a tie."""
        best = legal[0]
        for action in legal[1:]:
            if self.value(hand, action) > self.value(hand, best):
                best = action
        return best

    # -- split hands, played one after the other from one shoe --------------------------------

    def _play(
        self,
        left: Comp,
        done: tuple[tuple[int, bool, int, bool], ...],
        hand: Comp,
        pending: int,
        hidden: tuple[int | None, int],
    ) -> Fraction:
        """E[sum of the split hands' results]; ``hidden`` is (hole card, pair card)."""
        hole, pair = hidden
        one_card = pair == 0 and not self.rules.hit_split_aces
        if sum(hand) == 1:
            n = sum(left)
            return sum(
                (
                    Fraction(left[c], n)
                    * self.play(_add(left, c, -1), done, _add(hand, c), pending, hidden)
                    for c in range(10)
                    if left[c]
                ),
                Fraction(0),
            )
        if self.stops(hand) or (one_card and sum(hand) == 2):
            action = STAND
        elif sum(hand) == 2:
            legal = [STAND, HIT]
            if self.rules.double_after_split and _double_ok(self.rules, hand):
                legal.append(DOUBLE)
            action = self.decide(hand, tuple(legal))
        else:
            action = self.decide(hand, (STAND, HIT))
        if action == STAND:
            finished = self.finish(done, hand, 1)
            if pending:
                return self.play(left, finished, _add((0,) * 10, pair), pending - 1, hidden)
            return self.showdown(left, finished, hole)
        n = sum(left)
        total = Fraction(0)
        for c in range(10):
            if not left[c]:
                continue
            pc = Fraction(left[c], n)
            rest = _add(left, c, -1)
            grown = _add(hand, c)
            if action == HIT:
                total += pc * self.play(rest, done, grown, pending, hidden)
                continue
            finished = self.finish(done, grown, 2)
            if pending:
                total += pc * self.play(rest, finished, _add((0,) * 10, pair), pending - 1, hidden)
            else:
                total += pc * self.showdown(rest, finished, hole)
        return total

    def finish(
        self, done: tuple[tuple[int, bool, int, bool], ...], hand: Comp, stake: int
    ) -> tuple[tuple[int, bool, int, bool], ...]:
        """Finished hands, summarised by what settles them (sorted, for memo hits); the last
        field marks the first hand played."""
        charlie = self.rules.charlie_cards
        is_charlie = charlie is not None and sum(hand) >= charlie
        return tuple(sorted((*done, (_total(hand)[0], is_charlie, stake, not done))))

    def showdown(
        self, left: Comp, hands: tuple[tuple[int, bool, int, bool], ...], hole: int | None
    ) -> Fraction:
        total = Fraction(0)
        for o, p in self.outcomes(hole, left).items():
            result = sum(
                (self.settle_total(t, c, s, True, o, first=f) for t, c, s, f in hands), Fraction(0)
            )
            total += p * result
        return total

    def split_value(self, pair: int) -> Fraction:
        hand = _add((0,) * 10, pair, 2)
        return sum(
            (
                ph
                * self.play(self.left_after(hand, hole), (), _add((0,) * 10, pair), 1, (hole, pair))
                for hole, ph in self.holes(hand)
            ),
            Fraction(0),
        )

    # -- the round ------------------------------------------------------------------------

    def ev(self) -> Fraction:
        rest = self.rest
        n = sum(rest)
        total = Fraction(0)
        for a in range(10):
            for b in range(10):
                if not rest[a] or rest[b] - (a == b) <= 0:
                    continue
                p = Fraction(rest[a], n) * Fraction(rest[b] - (a == b), n - 1)
                hand = _add(_add((0,) * 10, a), b)
                total += p * self.deal_value(hand)
        return total

    def deal_value(self, hand: Comp) -> Fraction:
        left = tuple(x - y for x, y in zip(self.rest, hand, strict=True))
        n = sum(left)
        bj_makers = 0
        if self.up == 0:
            bj_makers = left[9]
        elif self.up == 9:
            bj_makers = left[0]
        p_bj = Fraction(bj_makers, n)
        pays = self.rules.blackjack_pays
        if _natural(hand):
            return (1 - p_bj) * pays
        values = {a: self.value(hand, a) for a in (STAND, HIT)}
        if _double_ok(self.rules, hand):
            values[DOUBLE] = self.value(hand, DOUBLE)
        pair = next((i for i in range(10) if hand[i] == 2), None)
        if pair is not None and self.rules.max_split_hands >= 2:
            values[SPLIT] = self.split_value(pair)
        best = max(values.values())
        if self.peek:
            # Peek: a dealer blackjack takes the original bet before anyone plays.
            return p_bj * -1 + (1 - p_bj) * best
        return best


def _double_ok(rules: Rules, hand: Comp) -> bool:
    total, soft = _total(hand)
    if rules.double_hard_only and soft:
        return False
    if rules.double_on is DoubleOn.NINE_TO_ELEVEN:
        return 9 <= total <= 11
    return True


CASES = {
    "peek-das": Rules(decks=1, max_split_hands=2),
    "no-peek-lucky-lucky-refunds": Rules(
        decks=1,
        peek=PeekMode.NONE,
        bj_takes_double_vs_ten=False,
        max_split_hands=2,
        charlie_cards=5,
        dealer_hits_soft_17=True,
    ),
    "no-peek-original-bet-only": Rules(
        decks=1,
        peek=PeekMode.NONE,
        bj_takes_double_vs_ace=False,
        bj_takes_double_vs_ten=False,
        bj_takes_split_vs_ace=False,
        bj_takes_split_vs_ten=False,
        max_split_hands=2,
    ),
    "enhc-european": Rules(
        decks=1,
        peek=PeekMode.ENHC,
        double_on=DoubleOn.NINE_TO_ELEVEN,
        double_hard_only=True,
        double_after_split=False,
        max_split_hands=2,
        hit_split_aces=True,
        charlie_cards=5,
        charlie_wins=False,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fast_exact_equals_brute_force_on_tiny_shoe(name: str) -> None:
    """One split, every dealer rule: the fast values equal the brute-force enumeration."""
    rules = CASES[name]
    fast = house_edge(rules, shoe=TINY)
    for result in fast.up_cards:
        brute = Brute(rules, TINY, result.up).ev()
        assert result.ev == pytest.approx(float(brute), abs=1e-12), result.up
