"""The exact distribution of a split round with resplits: every way its hands and the dealer end.

Rules (SPEC section 3): each split hand gets its second card only when the hand before it is
finished; a pair card drawn as a second card makes a new hand, played next, while fewer than
``max_split_hands`` hands exist (aces only with ``resplit_aces``); split aces take one card
unless ``hit_split_aces``. Each hand is settled as
:func:`~twentyone.analysis.exact.split_pairs.hand_results` settles it (a bust loses its stake
whatever the dealer holds; without a peek a dealer blackjack takes the first hand's bet, the
others' only if ``bj_takes_split_vs_*``, a double part only if ``bj_takes_double_vs_*``); the
round's result is the sum of its hands'.

Method. A round of a split is one :class:`~twentyone.analysis.exact.split.SplitPattern` (which
second cards were pair cards) and one final hand per hand in play order. A split hand plays by
a policy that sees its own cards (and, for CDP, how many hands the spot has when it is played),
so the ordered draws that turn a hand into final hand ``f`` are ``c(f)`` of them, counted once
(:func:`hand_set`); every run of cards has a chance that depends only on how many of each rank
it holds. So the round with final hands ``f_1 .. f_k`` has the chance
``c(f_1) ... c(f_k) B(f_1 + ... + f_k)`` times the dealer's outcome chances with all of them
out of the shoe, ``B`` the chance of one ordered run of the drawn cards. Nothing is assumed
independent: a dynamic programme over the hands in play order keeps, per state, the cards
taken so far (a composition) and the round's result so far against each dealer outcome (the
sum of the hands' result rows), and merges the states that agree on both. Patterns that play
their hands alike share their states (a trie over the hands' kinds). At the end each distinct
composition gets one dealer vector (one batch) and ``B``.

The last hand of a pattern is added and settled in one pass (:meth:`_Programme.finish`, with
the compiled :mod:`~twentyone.analysis.exact.rounds_kernel`): the finished rounds are never
listed, only their distinct compositions (one dealer vector each, shared by the patterns of
the split) and, per composition of the hands before and run of last hands with one result
row, the sum of their chances against each dealer outcome. Keying the states on the
composition alone, each with one result distribution per dealer outcome (all the final sum
needs), was measured and does not pay: a composition holds about five result rows at three
hands of 8-8 against a ten, and about sixteen (outcome, result) pairs.

The cost is the number of distinct compositions, which grows quickly with the number of hands
and of small cards in a hand (four hands of 8-8 against a ten: 736,000 for the last
pattern, about ten CPU seconds for the whole split; three hands of 2-2 against a 7: 2.9
million, so about 6e9 pairs of them and a fourth hand, 300 times 8-8's): :func:`split_round`
sums the patterns
with fewest hands first and stops when its work passes ``budget`` (pairs of a state and a
final hand, and dealer vectors), saying which patterns it summed.

Pruning by chance (``threshold``, off by default). A state of weight ``w`` and composition
``C`` bounds the chance of every round that continues from it by ``w B(C)`` (times the
patterns that share it): its continuations are disjoint runs of cards that start with one of
its ``w`` runs. A pair of a state and a last hand ``f`` is bounded without its own dealer
vector or run by ``w B(C) c(f) B(f) (N)_n / (N - |C|)_n`` (``B(f)``: one run of the hand's
cards but its pair card from the shoe after the deal, ``n`` of them; a rank ``C`` holds can
only be rarer after it), so the hands of each length, in decreasing ``c(f) B(f)``, are taken
until the bound falls below the threshold. What is left out is bounded by the sum of the
bounds, and, where every pattern is summed, exactly by what the sum is short of the split's
chance (:attr:`SplitRound.dropped`): each net result's chance is then at most that below its
exact value. It does not pay where the resplits matter most: the chance of the standard
game's rounds of four hands is spread so thin over millions of compositions that what is left
out falls only as about the threshold's square root (2-2 against a 7 alone: thresholds of
1e-10, 1e-11, 1e-12, as chances of a round of the game, leave 1.5e-5, 4.9e-6, 1.4e-6 out in
1.3, 7 and 19 CPU seconds), so a bound of 1e-10 is hours away as the whole sum is; for the
whole game a threshold of 1e-9 (of the rounds against each up card) costs about 10 CPU
seconds and leaves 9.1e-5 out, 1e-10 28 seconds and 2.4e-5 (``bench/rounds.py
--threshold``). A threshold of 1e-12 (two CPU minutes, 8.9e-7 left out)
is enough to show the budget's combined hands off by at least 2.3e-7 on a push, 1.7e-7 on a
loss of four bets and 1.3e-7 on a win of four (the default table's chances below the pruned
table's, which can only be short of the exact ones).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.dealer import N_OUTCOMES, FloatArray, Outcome
from twentyone.analysis.exact.player import can_double
from twentyone.analysis.exact.rounds_kernel import compiled
from twentyone.analysis.exact.shoe import ACE, TEN, Composition
from twentyone.analysis.exact.space import IntArray
from twentyone.analysis.exact.split import (
    SPLIT_DOUBLE,
    SPLIT_HIT,
    SPLIT_STAND,
    SplitPattern,
    SplitSolver,
    split_patterns,
)
from twentyone.analysis.exact.split_pairs import hand_results
from twentyone.rules import SplitBy

DEFAULT_BUDGET = 4_000_000
"""Pairs (state, final hand) and dealer vectors (see :data:`_DEALER_COST`) one split's
programme may visit before it leaves the remaining patterns: about a CPU second in all for the
standard 6-deck game split to four hands with the compiled kernel, which leaves about 0.2% of
its rounds out (``bench/rounds.py --budget`` prints what more buys; the exact sum of every
pattern there would take hours)."""
DEFAULT_THRESHOLD = 0.0
"""The chance (of a round against the up card) below which a split's programme leaves a state
or a pair out, as :func:`~twentyone.analysis.exact.distribution.up_card_round` passes it to
:func:`split_round` (divided by the deal's chance): 0, none (see "Pruning by chance" in the
module docstring for why)."""
_SLACK = 1e-12
"""A bound on the rounding of a split's summed chances (relative to their sum, about one):
what :func:`split_round` adds to the chance the sum is short of before taking it as the bound
on what it left out."""
_DEALER_COST = 50.0
"""One dealer vector's cost in the budget's units (about what 50 pairs cost)."""
_CHUNK = 400_000
"""Pairs (state, final hand) expanded at once (bounds the memory of one step)."""
_MONEY = 17
"""A round's result against one dealer outcome is ``-8 .. 8`` initial bets."""
_MONEY_WEIGHTS = _MONEY ** np.arange(N_OUTCOMES, dtype=np.int64)
"""A result row (one result per dealer outcome, each ``-8 .. 8``) as one integer, balanced
base 17: the key of a sum of rows is the sum of their keys."""
_MONEY_OFFSET = int(8 * _MONEY_WEIGHTS.sum())
_CODE = {Action.STAND: SPLIT_STAND, Action.HIT: SPLIT_HIT, Action.DOUBLE: SPLIT_DOUBLE}


@dataclass(frozen=True, slots=True)
class HandSet:
    """Every final hand one split hand can end in, with how many draw orders lead there.

    Attributes:
        cards: ``(F, 10)`` the final hands' cards, the pair card included.
        stake: ``(F,)`` 1, or 2 for a doubled hand.
        count: ``(F,)`` ``c(f)``: the ordered draws after the pair card (second card first)
            that the policy turns into the hand.
    """

    cards: IntArray
    stake: IntArray
    count: FloatArray


def hand_codes(splits: SplitSolver, pair: int, hands: int) -> Callable[[IntArray], IntArray]:
    """The action code a split hand of ``pair`` takes on rows of the hand space, as the split
    values play it (:class:`~twentyone.analysis.exact.split.SplitSolver`): CDP1's and CDP's
    own play (CDP: for ``hands`` hands on the spot), else the policy's split-hand choice."""
    solver = splits.solver
    space = solver.space
    if splits.first_hand_play:
        table = splits.pair_play(pair, hands if splits.by_hands else 2)
        return lambda rows: np.asarray(table[rows], dtype=np.int64)
    batch = getattr(splits.policy, "split_actions", None)
    if batch is not None:
        return lambda rows: np.asarray(batch(rows), dtype=np.int64)

    def one_by_one(rows: IntArray) -> IntArray:
        out = np.zeros(len(rows), dtype=np.int64)
        das = solver.rules.double_after_split
        for j, i in enumerate(rows.tolist()):
            hand: Composition = tuple(space.comps[i].tolist())
            if space.ncards[i] == 2:
                legal = {Action.STAND, Action.HIT}
                if das and can_double(solver.rules, hand):
                    legal.add(Action.DOUBLE)
                out[j] = _CODE[splits.policy.choose(hand, frozenset(legal))]
            else:
                out[j] = SPLIT_HIT if splits.policy.hits(hand) else SPLIT_STAND
        return out

    return one_by_one


def hand_set(splits: SplitSolver, pair: int, restricted: bool, hands: int = 2) -> HandSet:
    """The final hands of one split hand of ``pair`` (see :class:`HandSet`).

    ``restricted``: the second card is not a pair card (it was drawn while a resplit was
    possible, and a pair card would have made a new hand); ``hands``: how many hands the spot
    has when the hand is played (CDP plays by it). A forward pass over the hand space, a layer
    of equal card count at a time, passes each hitting hand's count to its children."""
    solver = splits.solver
    space = solver.space
    count = np.zeros(len(space))
    for c in range(10):
        if restricted and c == pair:
            continue
        row = space.row(tuple((i == pair) + (i == c) for i in range(10)))
        if row >= 0 and solver.valid[row]:
            count[row] += 1.0
    return HandSet(*final_layers(splits, pair, hands, count))


def final_layers(
    splits: SplitSolver, pair: int, hands: int, count: FloatArray
) -> tuple[IntArray, IntArray, FloatArray]:
    """The forward pass of :func:`hand_set`: from ``count``, each two-card hand's count of
    ordered draws (``(N,)``, or ``(N, K)`` for ``K`` counts at once), a layer of equal card
    count at a time, each hitting hand passes its counts to its children; returns the final
    hands' cards, stakes (2 for a doubled hand, one row per drawn card) and counts. ``count``
    is summed into in place."""
    solver = splits.solver
    space = solver.space
    code_of = hand_codes(splits, pair, hands)
    one_card = pair == ACE and not solver.rules.hit_split_aces
    extra = count.shape[1:]
    cards: list[IntArray] = []
    stakes: list[IntArray] = []
    counts: list[FloatArray] = []
    eye = np.eye(10, dtype=np.int64)
    for start, stop in space.layers:
        reached = count[start:stop].reshape(stop - start, -1).sum(axis=1) > 0
        layer = np.flatnonzero(reached) + start
        if not len(layer):
            continue
        settles = space.stops[layer] | (one_card & (space.ncards[layer] == 2))
        code = np.full(len(layer), SPLIT_STAND, dtype=np.int64)
        if np.any(~settles):
            code[~settles] = code_of(layer[~settles])
        standing = layer[code == SPLIT_STAND]
        cards.append(space.comps[standing])
        stakes.append(np.ones(len(standing), dtype=np.int64))
        counts.append(count[standing])
        doubling = layer[code == SPLIT_DOUBLE]
        for c in range(10):
            grown = space.grown[doubling, c]
            ok = grown >= 0
            ok[ok] = solver.valid[grown[ok]]
            if np.any(ok):
                cards.append(space.comps[doubling[ok]] + eye[c])
                stakes.append(np.full(int(ok.sum()), 2, dtype=np.int64))
                counts.append(count[doubling[ok]])
        hitting = layer[code == SPLIT_HIT]
        child = space.child[hitting]
        ok = child >= 0
        ok[ok] = solver.valid[child[ok]]
        passed = np.broadcast_to(count[hitting][:, None, ...], (*ok.shape, *extra))[ok]
        np.add.at(count, child[ok], passed)
    return (
        np.concatenate(cards) if cards else np.zeros((0, 10), dtype=np.int64),
        np.concatenate(stakes) if stakes else np.zeros(0, dtype=np.int64),
        np.concatenate(counts) if counts else np.zeros((0, *extra)),
    )


@dataclass(frozen=True, slots=True)
class _Hand:
    """One position of a pattern as the programme adds it: each final hand's key (its cards, in
    the programme's mixed radix), ``c(f)`` and result row's key, in decreasing ``c(f) B(f)``
    (:attr:`chance`) within groups of one :attr:`length`.

    Attributes:
        chance: ``c(f)`` times the chance of one ordered run of the hand's cards but its pair
            card from the shoe after the deal: what bounds the hand's share of a round.
        length: the hand's cards but its pair card.
        groups: where each run of one length starts (and the end); ``glen`` their lengths.
        by_row: the order in runs of one result row, each in groups of one length
            (``row_groups``/``row_glen``; ``row_class``: the group each run starts at, and
            the end), as :func:`~.rounds_kernel.settle_pairs` takes them.
        ascending: per length, the chances in increasing order and their running sums (the
            first ``k`` sum to ``[k]``), for the mass of the hands a limit leaves out.
    """

    keys: IntArray
    count: FloatArray
    money: IntArray
    most: IntArray
    rows: IntArray
    chance: FloatArray
    length: IntArray
    groups: IntArray
    glen: IntArray
    by_row: IntArray
    row_groups: IntArray
    row_glen: IntArray
    row_class: IntArray
    ascending: dict[int, tuple[FloatArray, FloatArray]]


class _States:
    """The programme's states: a composition key, a result-vector class and a weight each."""

    def __init__(self, keys: IntArray, money: IntArray, weight: FloatArray) -> None:
        self.keys = keys
        self.money = money
        self.weight = weight


def _merge(keys: IntArray, money: IntArray, weight: FloatArray) -> _States:
    """Sum the weights of equal ``(key, money)`` states."""
    if not len(keys):
        return _States(keys, money, weight)
    order = np.lexsort((money, keys))
    keys, money, weight = keys[order], money[order], weight[order]
    new = np.ones(len(keys), dtype=np.bool_)
    new[1:] = (keys[1:] != keys[:-1]) | (money[1:] != money[:-1])
    group = np.cumsum(new) - 1
    summed: FloatArray = np.bincount(group, weights=weight).astype(np.float64)
    return _States(keys[new], money[new], summed)


class _Programme:
    """The shared machinery of one split's dynamic programme (see the module docstring)."""

    def __init__(
        self,
        splits: SplitSolver,
        pair: int,
        budget: float,
        threshold: float = 0.0,
        *,
        use_kernel: bool = True,
    ) -> None:
        self.splits = splits
        self.compiled = use_kernel
        self.pair = pair
        self.solver = splits.solver
        self.budget = budget
        self.threshold = threshold
        self.work = 0.0
        self.dropped = 0.0
        """The bound on the chance of the rounds left out by :attr:`threshold` so far."""
        self.shoe = np.array(self.solver.shoe, dtype=np.int64)
        self.rest = self.shoe.copy()
        self.rest[pair] -= 2
        """The shoe after the deal."""
        self.longest = 0
        """The most cards a final hand holds but its pair card."""
        self._sets: dict[tuple[bool, int], HandSet] = {}
        self._hands: dict[tuple[bool, int, bool], _Hand] = {}
        self.radix = np.ones(10, dtype=np.int64)
        self.weights = np.ones(10, dtype=np.int64)
        self._known = np.zeros(0, dtype=np.int64)
        self._known_chance = np.zeros((0, N_OUTCOMES))
        self.outcomes = Outcome.BLACKJACK if self.solver.peek else N_OUTCOMES
        """The dealer outcomes a round can meet after the deal (with a peek the blackjack is
        the deal's)."""

    def setup(self, positions: list[tuple[bool, int, bool]]) -> bool:
        """Fix the mixed radix of composition keys from every hand set the patterns use: a
        rank's digit holds the most the hands can take together, so no sum carries (``False``
        if the keys would not fit 62 bits)."""
        most = np.zeros(10, dtype=np.int64)
        for restricted, hands, _ in positions:
            found = self.hand_set(restricted, hands)
            if len(found.cards):
                most = np.maximum(most, found.cards.max(axis=0))
                self.longest = max(self.longest, int(found.cards.sum(axis=1).max()) - 1)
        self.radix = most * self.solver.rules.max_split_hands + 1
        if float(np.prod(self.radix.astype(np.float64))) >= 2.0**62:
            return False
        self.weights = np.concatenate(([1], np.cumprod(self.radix[:-1]))).astype(np.int64)
        return True

    def hand_set(self, restricted: bool, hands: int) -> HandSet:
        key = (restricted, hands)
        found = self._sets.get(key)
        if found is None:
            found = self._sets[key] = hand_set(self.splits, self.pair, restricted, hands)
        return found

    def hand(self, restricted: bool, hands: int, first: bool) -> _Hand:
        key = (restricted, hands, first)
        found = self._hands.get(key)
        if found is None:
            hs = self.hand_set(restricted, hands)
            rows = hand_results(self.solver, hs.cards, hs.stake, split=True, first=first)
            if self.solver.peek:
                rows[:, Outcome.BLACKJACK] = 0
            found = self._ordered(hs.cards, hs.count, rows)
            self._hands[key] = found
        return found

    def _ordered(self, cards: IntArray, count: FloatArray, rows: IntArray) -> _Hand:
        """A :class:`_Hand` of final hands (cards, ``c(f)``, result rows), put in its orders."""
        own = cards.copy()
        own[:, self.pair] -= 1
        length = own.sum(axis=1)
        chance = count * self.run_chance(own, deal=False)
        order = np.lexsort((-chance, length))
        cards, count, rows = cards[order], count[order], rows[order]
        chance, length = chance[order], length[order]
        money = rows @ _MONEY_WEIGHTS
        by_row = np.lexsort((-chance, length, money))
        rmoney, rlength = money[by_row], length[by_row]
        some = len(length) > 0
        groups = np.flatnonzero(np.append(some, length[1:] != length[:-1]))
        new_class = np.append(some, rmoney[1:] != rmoney[:-1])
        row_groups = np.flatnonzero(new_class | np.append(some, rlength[1:] != rlength[:-1]))
        row_class = np.append(np.flatnonzero(new_class[row_groups]), len(row_groups))
        ascending = {}
        for n in np.unique(length).tolist():
            up = np.sort(chance[length == n])
            ascending[n] = (up, np.concatenate(([0.0], np.cumsum(up))))
        return _Hand(
            cards @ self.weights,
            count,
            money,
            cards.max(axis=0, initial=0),
            rows,
            chance,
            length,
            np.append(groups, len(length)).astype(np.int64),
            length[groups].astype(np.int64),
            by_row,
            np.append(row_groups, len(length)).astype(np.int64),
            rlength[row_groups].astype(np.int64),
            row_class.astype(np.int64),
            ascending,
        )

    def run_chance(self, drawn: IntArray, *, deal: bool = True) -> FloatArray:
        """``(K,)`` the chance of one ordered run of each row's cards from the shoe after the
        deal (``deal``: the rows are compositions whose first two pair cards are the deal's,
        left out; a row with fewer leaves out what it has). Fewer cards make a larger chance,
        so a row short of the cards truly drawn bounds their chance from above."""
        if deal:
            drawn = drawn.copy()
            drawn[:, self.pair] = np.maximum(drawn[:, self.pair] - 2, 0)
        run = np.ones(len(drawn))
        for r in range(10):
            run *= self._falling(int(self.rest[r]), int(drawn[:, r].max(initial=0)))[drawn[:, r]]
        size = drawn.sum(axis=1)
        run /= self._falling(int(self.rest.sum()), int(size.max(initial=0)))[size]
        return run

    @staticmethod
    def _falling(top: int, most: int) -> FloatArray:
        """``[(top)_0, (top)_1, .., (top)_most]``, falling factorials."""
        found: FloatArray = np.concatenate(
            ([1.0], np.cumprod(top - np.arange(most, dtype=np.float64)))
        )
        return found

    def _limits(self, keys: IntArray, factor: FloatArray) -> tuple[FloatArray, FloatArray]:
        """For rows of compositions (``keys``) with ``factor`` (their weight times the patterns
        that share them), ``(limit, scale)``, each ``(K, L + 1)`` for hands of ``0 .. L``
        cards but the pair card: ``scale[k, n]`` times a hand's :attr:`_Hand.chance` bounds
        the chance of every round that continues from row ``k`` with that hand of ``n``
        cards, and ``limit = threshold / scale``, the least chance of a hand the row takes.

        ``scale = factor B(C) (N)_n / (N - |C|)_n``: the hand's run after ``C`` has the chance
        of its run from the whole shoe but for the shoe's size (a card of a rank ``C`` holds
        can only be rarer), ``N`` the shoe after the deal and ``|C|`` the cards drawn."""
        removed = self.removed(keys)
        drawn = removed.copy()
        drawn[:, self.pair] = np.maximum(drawn[:, self.pair] - 2, 0)
        taken = drawn.sum(axis=1)
        left = int(self.rest.sum())
        longest = self.longest
        whole = self._falling(left, longest)
        ratio = np.ones((int(taken.max(initial=0)) + 1, longest + 1))
        for m in range(len(ratio)):
            # Hands longer than the shoe left cannot follow (their chance is 0).
            below = self._falling(left - m, longest)
            ratio[m] = np.divide(whole, below, out=np.zeros_like(whole), where=below > 0)
        scale = (factor * self.run_chance(drawn, deal=False))[:, None] * ratio[taken]
        if self.threshold <= 0.0:
            return np.zeros_like(scale), scale
        with np.errstate(divide="ignore"):
            limit: FloatArray = self.threshold / scale
        return limit, scale

    def _skipped(
        self, hand: _Hand, limit: FloatArray, scale: FloatArray, states: IntArray | None = None
    ) -> tuple[float, int]:
        """The bound on the chance of the pairs (row, hand) ``limit`` leaves out (a hand's
        chance below its row's limit), and how many pairs (state, hand) it keeps (``states``:
        how many states each row of a composition stands for; default one)."""
        dropped = 0.0
        kept = 0
        for n, (up, running) in hand.ascending.items():
            below = np.searchsorted(up, limit[:, n], side="left")
            dropped += float(scale[:, n] @ running[below])
            taken = len(up) - below
            kept += int(taken.sum() if states is None else taken @ states)
        return dropped, kept

    def risky(self, keys: IntArray, hand: _Hand) -> list[int]:
        """The ranks of which a state and a hand may hold more together than the shoe."""
        held = ((keys[:, None] // self.weights[None, :]) % self.radix[None, :]).max(
            axis=0, initial=0
        )
        found: list[int] = np.flatnonzero(held + hand.most > self.shoe).tolist()
        return found

    def add(self, states: _States, hand: _Hand, multiplicity: float) -> _States | None:
        """Every state with one more hand of ``hand`` (``None`` past the budget), shared by
        ``multiplicity`` patterns: the pairs and new states whose rounds' chance is bound
        below :attr:`threshold` are left out, their bound added to :attr:`dropped`."""
        limit, scale = self._limits(states.keys, states.weight * multiplicity)
        dropped, kept = self._skipped(hand, limit, scale)
        self.work += kept
        if self.work > self.budget:
            return None
        self.dropped += dropped
        grown = self._pairs(states, hand, limit)
        if self.threshold <= 0.0 or not len(grown.keys):
            return grown
        mass = grown.weight * multiplicity * self.run_chance(self.removed(grown.keys))
        low = mass < self.threshold
        self.dropped += math.fsum(mass[low].tolist())
        return _States(grown.keys[~low], grown.money[~low], grown.weight[~low])

    def _pairs(self, states: _States, hand: _Hand, limit: FloatArray) -> _States:
        """Every state with one more hand of ``hand`` whose chance is at least the state's
        ``limit`` for its length, merged."""
        n_states, n_hands = len(states.keys), len(hand.keys)
        parts: list[_States] = []
        step = max(1, _CHUNK // max(n_hands, 1))
        risky = self.risky(states.keys, hand)
        kernel = compiled() if self.compiled else None
        if kernel is not None:
            w, radix = self.weights[risky], self.radix[risky]
            keys, money, weight = kernel.expand(
                states.keys,
                states.money,
                states.weight,
                np.ascontiguousarray((states.keys[:, None] // w[None, :]) % radix[None, :]),
                hand.keys,
                hand.money,
                hand.count,
                np.ascontiguousarray((hand.keys[:, None] // w[None, :]) % radix[None, :]),
                self.shoe[risky],
                hand.chance,
                hand.groups,
                hand.glen,
                np.ascontiguousarray(limit),
            )
            return _States(keys, money, weight)
        for lo in range(0, n_states, step):
            keys = (states.keys[lo : lo + step, None] + hand.keys[None, :]).ravel()
            money = (states.money[lo : lo + step, None] + hand.money[None, :]).ravel()
            weight = (states.weight[lo : lo + step, None] * hand.count[None, :]).ravel()
            ok = (hand.chance[None, :] >= limit[lo : lo + step][:, hand.length]).ravel()
            for r in risky:
                ok &= (keys // self.weights[r]) % self.radix[r] <= self.shoe[r]
            parts.append(_merge(keys[ok], money[ok], weight[ok]))
        if not parts:
            return _States(states.keys[:0], states.money[:0], states.weight[:0])
        if len(parts) == 1:
            return parts[0]
        return _merge(
            np.concatenate([p.keys for p in parts]),
            np.concatenate([p.money for p in parts]),
            np.concatenate([p.weight for p in parts]),
        )

    def settle(self, states: _States, multiplicity: float, acc: FloatArray) -> bool:
        """Add the finished rounds' chances to ``acc`` (net result ``-8 .. 8`` at ``net + 8``);
        ``False`` (nothing added) if their dealer vectors would pass the budget. The states
        whose rounds' chance is below :attr:`threshold` are left out (added to
        :attr:`dropped`).

        A state whose result is the same against every total and a bust (every hand busted,
        say) needs only the dealer's blackjack chance, not the dealer's vector."""
        if self.threshold > 0.0 and len(states.keys):
            mass = states.weight * multiplicity * self.run_chance(self.removed(states.keys))
            low = mass < self.threshold
            dropped = math.fsum(mass[low].tolist())
            states = _States(states.keys[~low], states.money[~low], states.weight[~low])
        else:
            dropped = 0.0
        if not len(states.keys):
            self.dropped += dropped
            return True
        distinct, where = np.unique(states.keys, return_inverse=True)
        where = where.reshape(-1)
        shifted = states.money + _MONEY_OFFSET
        nets = [(shifted // _MONEY_WEIGHTS[o]) % _MONEY for o in range(N_OUTCOMES)]
        varies = np.zeros(len(states.keys), dtype=np.bool_)
        for o in range(1, Outcome.BLACKJACK):
            varies |= nets[o] != nets[0]
        need = np.zeros(len(distinct), dtype=np.bool_)
        need[where[varies]] = True
        self.work += _DEALER_COST * float(need.sum())
        if self.work > self.budget:
            return False
        self.dropped += dropped
        removed = self.removed(distinct)
        chance = multiplicity * states.weight[:, None] * self.chances(removed, need)[where]
        for o in range(N_OUTCOMES):
            acc += np.bincount(nets[o], weights=chance[:, o], minlength=_MONEY)
        return True

    def removed(self, keys: IntArray) -> IntArray:
        """``(K, 10)`` the cards of composition keys."""
        found: IntArray = (keys[:, None] // self.weights[None, :]) % self.radix[None, :]
        return found

    def chances(self, removed: IntArray, need: npt.NDArray[np.bool_] | None = None) -> FloatArray:
        """``(K, 7)`` per composition (the two pair cards of the deal included), the chance of
        one ordered run of its cards drawn after the deal times the dealer's chance of each
        outcome after them (with a peek the blackjack column is zero: that chance is the
        deal's). ``need``: the compositions that need the dealer's vector; the others' whole
        chance but the blackjack is put on the first outcome (their result is the same against
        every total and a bust)."""
        solver = self.solver
        dealer = np.zeros((len(removed), N_OUTCOMES))
        if need is None:
            if len(removed):
                dealer[:] = solver.dealer_batch(removed)
        else:
            if np.any(need):
                dealer[need] = solver.dealer_batch(removed[need])
            blackjack = solver.blackjack_rows(removed[~need])
            dealer[~need, 0] = 1.0 - blackjack
            dealer[~need, Outcome.BLACKJACK] = blackjack
        if solver.peek:
            dealer[:, Outcome.BLACKJACK] = 0.0
        out: FloatArray = self.run_chance(removed)[:, None] * dealer
        return out

    def finish(self, states: _States, hand: _Hand, multiplicity: float, acc: FloatArray) -> bool:
        """Add to ``acc`` every round that ends with one more hand of ``hand`` after
        ``states``, without listing the finished states (:func:`settle_pairs`; without the
        compiled kernel :meth:`_finish_listed`, the same work): ``False`` (nothing added) past
        the budget. A composition's pairs with a hand whose rounds' chance is bound below
        :attr:`threshold` are left out (their bound added to :attr:`dropped`)."""
        order = np.argsort(states.keys, kind="stable")
        keys, money, weight = states.keys[order], states.money[order], states.weight[order]
        new = np.ones(len(keys), dtype=np.bool_)
        new[1:] = keys[1:] != keys[:-1]
        starts = np.flatnonzero(new)
        ckeys = keys[starts]
        group = np.cumsum(new) - 1
        summed: FloatArray = np.bincount(group, weights=weight, minlength=len(ckeys)).astype(
            np.float64
        )
        limit, scale = self._limits(ckeys, multiplicity * summed)
        dropped, kept = self._skipped(hand, limit, scale, np.diff(np.append(starts, len(keys))))
        self.work += kept
        if self.work > self.budget:
            return False
        kernel = compiled() if self.compiled else None
        if kernel is None:
            sorted_states = _States(keys, money, weight)
            if not self._finish_listed(sorted_states, hand, limit[group], multiplicity, acc):
                return False
            self.dropped += dropped
            return True
        if not len(states.keys) or not len(hand.keys):
            return True
        cstart = np.append(starts, len(keys)).astype(np.int64)
        shifted = money + _MONEY_OFFSET
        outcomes = int(self.outcomes)
        nets = np.ascontiguousarray(
            np.stack([(shifted // _MONEY_WEIGHTS[o]) % _MONEY for o in range(outcomes)], axis=1)
        )
        risky = self.risky(ckeys, hand)
        w, radix = self.weights[risky], self.radix[risky]
        cdigits = np.ascontiguousarray((ckeys[:, None] // w[None, :]) % radix[None, :])
        # The hands in runs of one result row, each in groups of one length.
        by_row = hand.by_row
        hkeys = hand.keys[by_row]
        hchance = hand.chance[by_row]
        hdigits = np.ascontiguousarray((hkeys[:, None] // w[None, :]) % radix[None, :])
        cap = self.shoe[risky]
        limit = np.ascontiguousarray(limit)
        distinct, table = kernel.distinct_sums(
            ckeys, cdigits, hkeys, hdigits, cap, hchance, hand.row_groups, hand.row_glen, limit
        )
        chance = self.known_chances(distinct)
        if chance is None:
            return False
        self.dropped += dropped
        chance = multiplicity * chance[:, :outcomes]
        kernel.settle_pairs(
            ckeys,
            cstart,
            nets,
            weight,
            cdigits,
            hkeys,
            hand.count[by_row],
            np.ascontiguousarray(hand.rows[by_row, :outcomes]),
            hand.row_class,
            hdigits,
            cap,
            hchance,
            hand.row_groups,
            hand.row_glen,
            limit,
            table,
            distinct,
            np.ascontiguousarray(chance),
            acc,
        )
        return True

    def _finish_listed(
        self,
        states: _States,
        hand: _Hand,
        limit: FloatArray,
        multiplicity: float,
        acc: FloatArray,
    ) -> bool:
        """:meth:`finish` without the compiled kernel: the finished states listed
        (:meth:`_pairs`, each state with its composition's ``limit``), each distinct
        composition's chance from :meth:`known_chances`, so the budget counts the same work
        as the kernel's and the two sum the same pairs."""
        finished = self._pairs(states, hand, limit)
        distinct, where = np.unique(finished.keys, return_inverse=True)
        known = self.known_chances(distinct)
        if known is None:
            return False
        chance = multiplicity * finished.weight[:, None] * known[where.reshape(-1)]
        shifted = finished.money + _MONEY_OFFSET
        for o in range(int(self.outcomes)):
            nets = (shifted // _MONEY_WEIGHTS[o]) % _MONEY
            acc += np.bincount(nets, weights=chance[:, o], minlength=_MONEY)
        return True

    def known_chances(self, keys: IntArray) -> FloatArray | None:
        """:meth:`chances` of composition keys, each computed once per split (the patterns'
        last hands end in many of the same compositions); ``None`` if the new ones' dealer
        vectors would pass the budget."""
        at = np.searchsorted(self._known, keys)
        at = np.minimum(at, len(self._known) - 1) if len(self._known) else at
        found = self._known[at] == keys if len(self._known) else np.zeros(len(keys), dtype=np.bool_)
        new = keys[~found]
        self.work += _DEALER_COST * len(new)
        if self.work > self.budget:
            return None
        out = np.empty((len(keys), N_OUTCOMES))
        if len(self._known):
            out[found] = self._known_chance[at[found]]
        if len(new):
            fresh = self.chances(self.removed(new))
            out[~found] = fresh
            merged = np.concatenate((self._known, new))
            order = np.argsort(merged, kind="stable")
            self._known = merged[order]
            self._known_chance = np.concatenate((self._known_chance, fresh))[order]
        return out


Path = tuple[tuple[bool, int, bool], ...]
"""A pattern as the programme plays it: per hand in play order, whether its second card is
restricted, the hands on the spot it plays by (CDP; else 2) and whether it is the first."""


def pattern_path(splits: SplitSolver, pattern: SplitPattern) -> Path:
    """The :data:`Path` of one pattern (patterns with one path play alike)."""
    return tuple(
        (kind, at if splits.by_hands else 2, h == 0)
        for h, (kind, at) in enumerate(zip(pattern.kinds, pattern.hands_at, strict=True))
    )


@dataclass(frozen=True, slots=True)
class SplitRound:
    """What the programme summed of one split.

    Attributes:
        distribution: ``{net: chance}`` of the rounds of the patterns in ``done``
            (unnormalised: their chance, with a peek without the dealer's blackjack).
        done: the patterns summed; the others were left (the budget ran out).
        dropped: a bound on the chance of the rounds of ``done`` the threshold left out: each
            net result's chance is at most that below the exact one (0 without a threshold),
            the chance the sum is short of (with a rounding allowance) where every pattern
            was summed.
        work: the pairs (state, final hand) and dealer vectors the programme visited (in
            :data:`DEFAULT_BUDGET`'s units).
    """

    distribution: dict[float, float]
    done: frozenset[SplitPattern]
    dropped: float = 0.0
    work: float = 0.0


def split_round(
    splits: SplitSolver,
    pair: int,
    budget: float | None = None,
    threshold: float = 0.0,
    *,
    use_kernel: bool = True,
) -> SplitRound:
    """The exact distribution of splitting ``pair`` over as many patterns as ``budget`` allows
    (default :data:`DEFAULT_BUDGET`), fewest hands first, leaving out the states and pairs
    whose rounds' chance is bound below ``threshold`` (see the module docstring). A ten-count
    pair split by rank is left whole (which tens pair the hand is not a composition)."""
    solver = splits.solver
    patterns = split_patterns(solver.rules.max_split_hands, splits.resplits(pair))
    if pair == TEN and solver.rules.split_by is SplitBy.RANK:
        return SplitRound({}, frozenset())
    # Patterns that play alike are one path of the trie, counted as often as they occur.
    paths: dict[Path, list[SplitPattern]] = {}
    for pattern in patterns:
        paths.setdefault(pattern_path(splits, pattern), []).append(pattern)
    programme = _Programme(
        splits,
        pair,
        DEFAULT_BUDGET if budget is None else budget,
        threshold,
        use_kernel=use_kernel,
    )
    # The patterns that go through each prefix: a state's rounds in all of them.
    sharing: dict[Path, int] = {}
    for path, alike in paths.items():
        for depth in range(1, len(path) + 1):
            sharing[path[:depth]] = sharing.get(path[:depth], 0) + len(alike)
    if not programme.setup([pos for path in paths for pos in path]):
        return SplitRound({}, frozenset())
    acc = np.zeros(_MONEY)
    start = _States(np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64), np.ones(1))
    memo: dict[Path, _States] = {(): start}
    order = sorted(paths, key=lambda p: (len(p), p))
    done: list[SplitPattern] = []
    for i, path in enumerate(order):
        later = order[i + 1 :]
        # A path no later path extends ends in the kernel's fused last step (its finished
        # states are never listed); the others' states are kept for the paths that extend them.
        extended = any(q[: len(path)] == path for q in later)
        last = len(path) - 1 if not extended else len(path)
        states: _States | None = memo[()]
        for depth in range(1, last + 1):
            prefix = path[:depth]
            states = memo.get(prefix)
            if states is None:
                states = programme.add(
                    memo[path[: depth - 1]], programme.hand(*prefix[-1]), sharing[prefix]
                )
                if states is None:
                    break
                memo[prefix] = states
        if states is None:
            break
        if last < len(path):
            if not programme.finish(states, programme.hand(*path[-1]), len(paths[path]), acc):
                break
        elif not programme.settle(states, len(paths[path]), acc):
            break
        done += paths[path]
        for prefix in [p for p in memo if p and not any(q[: len(p)] == p for q in later)]:
            del memo[prefix]
    dist = {float(x - 8): float(p) for x, p in enumerate(acc) if p != 0.0}
    dropped = programme.dropped
    if dropped > 0.0 and len(done) == len(patterns):
        # Every round is in the sum or left out, so what the sum is short of the split's
        # chance (all of it, or without the dealer's blackjack with a peek) is exactly the
        # chance left out: a tighter bound than the sum of the bounds.
        hand = tuple(2 if i == pair else 0 for i in range(10))
        whole = 1.0 - solver.blackjack_chance(hand) if solver.peek else 1.0
        short = whole - math.fsum(acc.tolist())
        dropped = min(dropped, max(short, 0.0) + _SLACK)
    return SplitRound(dist, frozenset(done), dropped, programme.work)


def split_round_distribution(
    splits: SplitSolver, pair: int, budget: float | None = None
) -> dict[float, float] | None:
    """``{net: chance}`` of splitting ``pair``, every resplit included (unnormalised with a peek:
    the dealer's blackjack is the deal's), exact; ``None`` if the programme's work would pass
    ``budget`` (:func:`split_round`)."""
    found = split_round(splits, pair, budget)
    every = split_patterns(splits.solver.rules.max_split_hands, splits.resplits(pair))
    return found.distribution if len(found.done) == len(every) else None


__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_THRESHOLD",
    "HandSet",
    "Path",
    "SplitRound",
    "hand_codes",
    "hand_set",
    "pattern_path",
    "split_round",
    "split_round_distribution",
]
