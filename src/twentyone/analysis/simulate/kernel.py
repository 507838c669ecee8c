"""The fast kernel: one spot, the basic strategy, main bet and side bet, round after round.

The kernel is the engine's round re-written over integer arrays so that Numba can compile it
(``numba.njit``; without Numba the same functions run as plain, slow Python). It re-implements
the round's *flow* — the deal, the peek, the hand order after a split, automatic stands, the
dealer's drawing and the settlement — and reads everything else from tables derived from the
modules that own those rules (:mod:`.tables`). It is checked against the engine card for card
on the same shoes; nothing here is trusted on its own.

Cards are the engine's codes ``rank + 13 × suit`` (rank 0 = ace ... 12 = king). Two card sources:

* **scripted**: each round's cards are given in dealing order (the cards the engine dealt);
* **shuffled**: a fresh shoe per round, shuffled lazily by Fisher–Yates exactly as
  :meth:`twentyone.cards.Shoe.shuffled` does with ``lazy=True``, driven by the same 32-bit words
  :class:`twentyone.rng.SeededRandomSource` reads (rejection sampling, then ``word % n``), so a
  seed gives the engine and the kernel the same shoes.

Each round writes one row of ``F_*`` fields (see :data:`FIELDS`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple, TypeVar, cast

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.tables import (
    DOUBLE,
    HIT,
    NO_CARD,
    R_BET,
    R_BJ_DEN,
    R_BJ_NUM,
    R_CHARLIE,
    R_CHARLIE_WINS,
    R_FIRST_DOWN,
    R_HITS_S17,
    R_PEEK,
    R_SIDE,
    R_SIDE_CAP,
    R_SIDE_STAKE,
    R_TAKES_DOUBLE_ACE,
    R_TAKES_DOUBLE_TEN,
    R_TAKES_SPLIT_ACE,
    R_TAKES_SPLIT_TEN,
    SPLIT,
    STAND,
    KernelArrays,
)

I64 = npt.NDArray[np.int64]
F = TypeVar("F", bound=Callable[..., Any])


def _load_numba() -> ModuleType | None:
    try:
        return importlib.import_module("numba")
    except ImportError:  # pragma: no cover - numba is optional
        return None


NUMBA: ModuleType | None = _load_numba()
"""The Numba module, if installed (else the kernel runs as plain Python)."""


def jit(fn: F) -> F:
    """Compile ``fn`` with ``numba.njit`` (cached on disk, GIL released) when Numba is there."""
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True)(fn))


def inline(fn: F) -> F:
    """Like :func:`jit`, but inlined into its callers (no call, no reference counting of the
    arrays passed)."""
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True, inline="always")(fn))


# -- the per-round record ---------------------------------------------------------------------

F_STAKED = 0
"""Total staked on the main bet's hands (initial bet, doubles, splits), minor units."""
F_RETURNED = 1
"""Total returned by the hands, stakes included."""
F_SIDE_RETURNED = 2
"""What the side bet returned, stake included (0 when lost or not played)."""
F_SIDE_OUTCOME = 3
"""The side bet's outcome index (best first), -1 lost, -2 not played."""
F_HANDS = 4
"""Each hand's outcome code, 4 bits per hand in play order."""
F_FLAGS = 5
"""``FLAG_*`` bits of the round."""
F_CARDS = 6
"""Cards drawn from the shoe."""
F_DEALER = 7
"""The dealer's final total over the cards dealt to the dealer."""
FIELDS = (
    "staked",
    "returned",
    "side_returned",
    "side_outcome",
    "hands",
    "flags",
    "cards",
    "dealer",
)
"""The record's field names, in column order."""
N_FIELDS = len(FIELDS)

NO_SIDE = -2
SIDE_LOSE = -1

# hand outcome codes (0 = not settled yet)
O_WIN, O_BLACKJACK, O_CHARLIE, O_PUSH, O_LOSE, O_BUST = 1, 2, 3, 4, 5, 6
O_DOUBLE_RETURNED, O_BET_RETURNED, O_STAKE_RETURNED = 7, 8, 9
O_REFUND = O_DOUBLE_RETURNED
"""The first of the outcomes that return part of a stake to a dealer blackjack."""
OUTCOME_NAMES = {
    O_WIN: "win",
    O_BLACKJACK: "blackjack",
    O_CHARLIE: "charlie",
    O_PUSH: "push",
    O_LOSE: "lose",
    O_BUST: "bust",
    O_DOUBLE_RETURNED: "bet-lost-double-returned",
    O_BET_RETURNED: "bet-returned-double-lost",
    O_STAKE_RETURNED: "stake-returned",
}
"""Hand outcome code → the engine's :class:`~twentyone.engine.Outcome` value."""

FLAG_DOUBLE = 1
FLAG_SPLIT = 2
FLAG_PLAYER_BLACKJACK = 4
FLAG_DEALER_BLACKJACK = 8
FLAG_BUST = 16
FLAG_CHARLIE = 32
FLAG_DEALER_BUST = 64
FLAG_REFUND = 128
FLAG_NAMES = {
    FLAG_DOUBLE: "double",
    FLAG_SPLIT: "split",
    FLAG_PLAYER_BLACKJACK: "player_blackjack",
    FLAG_DEALER_BLACKJACK: "dealer_blackjack",
    FLAG_BUST: "player_bust",
    FLAG_CHARLIE: "charlie",
    FLAG_DEALER_BUST: "dealer_bust",
    FLAG_REFUND: "dealer_blackjack_refund",
}
"""Round flag bit → name (a round with any hand doubled, split, busted...)."""

# per-hand state columns
H_N, H_HARD, H_ACE, H_DOUBLE, H_FROM_SPLIT, H_SPLIT_ACES = 0, 1, 2, 3, 4, 5
H_NATURAL, H_DONE, H_OUTCOME, H_RETURNED, H_FIRST = 6, 7, 8, 9, 10
H_COLUMNS = 11
MAX_HANDS = 4
MAX_CARDS = 32
"""Cards a hand or the dealer can hold (21 aces at most before a bust)."""
SWAP_LOG = 256
"""Cards a round can draw from a shuffled shoe (far more than any round needs)."""

# the round's scalar state (``Work.st``)
S_POS = 0
"""Cards drawn this round."""
S_WORD = 1
"""The next random word."""
S_EMPTY = 2
"""1 when the card source ran dry during the round."""
S_HANDS = 3
"""Hands on the spot."""
S_SPOT = 4
"""Cards dealt to the spot."""
S_ROUND = 5
"""The round's row in the script."""
S_UP = 6
"""The up card's count."""
S_BLACKJACK = 7
"""The dealer's blackjack: -1 not known yet, 0 no, 1 yes."""
S_DEALER = 8
"""Cards the dealer holds."""
S_SIZE = 9

WORD_LIMIT = 4294967296
EXHAUSTED_CARD = 9
"""Stands in for a card when the source is empty (the round is then replayed or reported)."""


class Work(NamedTuple):
    """The kernel's working arrays (allocated once per call, reused round after round)."""

    shoe: I64
    """The shoe's card codes in order (shuffled lazily, put back after each round)."""
    words: I64
    """Random 32-bit words."""
    script: I64
    """Scripted cards, one row per round (no rows: shuffled shoes)."""
    script_len: I64
    """How many cards each script row holds."""
    st: I64
    """The scalar state (``S_*``)."""
    swaps: I64
    """The position each draw swapped with, to put the shoe back."""
    h: I64
    """Per-hand state (``H_*`` columns), in play order."""
    hc: I64
    """Each hand's cards."""
    dealer: I64
    """The dealer's cards."""
    spot: I64
    """The spot's first three cards (the side bets read them)."""


def new_work(shoe: I64, words: I64, script: I64, script_len: I64) -> Work:
    """Working arrays for one kernel call."""
    return Work(
        shoe,
        words,
        script,
        script_len,
        np.zeros(S_SIZE, dtype=np.int64),
        np.zeros(SWAP_LOG, dtype=np.int64),
        np.zeros((MAX_HANDS, H_COLUMNS), dtype=np.int64),
        np.zeros((MAX_HANDS, MAX_CARDS), dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(3, dtype=np.int64),
    )


@inline
def _points(card: int) -> int:
    rank = card % 13
    return 10 if rank >= 9 else rank + 1


@inline
def _total(hard: int, ace: int) -> int:
    return hard + 10 if ace == 1 and hard <= 11 else hard


@inline
def _draw(w: Work) -> int:
    """The next card: from the script, or lazily shuffled off the shoe (``Shoe.draw``)."""
    st = w.st
    pos = st[S_POS]
    st[S_POS] = pos + 1
    if w.script.shape[0] > 0:
        if pos >= w.script_len[st[S_ROUND]]:
            st[S_EMPTY] = 1
            return EXHAUSTED_CARD
        return int(w.script[st[S_ROUND], pos])
    shoe = w.shoe
    left = shoe.shape[0] - pos
    limit = WORD_LIMIT - WORD_LIMIT % left
    while True:
        if st[S_WORD] >= w.words.shape[0] or pos >= SWAP_LOG:
            st[S_EMPTY] = 1
            if pos < SWAP_LOG:
                w.swaps[pos] = pos
            return EXHAUSTED_CARD
        word = w.words[st[S_WORD]]
        st[S_WORD] += 1
        if word < limit:
            break
    j = pos + word % left
    w.swaps[pos] = j
    card = shoe[j]
    shoe[j] = shoe[pos]
    shoe[pos] = card
    return int(card)


@inline
def _give(w: Work, i: int, card: int) -> None:
    h = w.h
    n = h[i, H_N]
    w.hc[i, n] = card
    h[i, H_N] = n + 1
    points = _points(card)
    h[i, H_HARD] += points
    if points == 1:
        h[i, H_ACE] = 1
    dealt = w.st[S_SPOT]
    if dealt < 3:
        w.spot[dealt] = card
    w.st[S_SPOT] = dealt + 1


@inline
def _settle(h: I64, i: int, outcome: int, returned: int) -> None:
    h[i, H_OUTCOME] = outcome
    h[i, H_RETURNED] = returned
    h[i, H_DONE] = 1


@inline
def _legal(t: KernelArrays, w: Work, i: int) -> int:
    """The engine's legal set of a two-card hand (bit mask)."""
    h = w.h
    hands = w.st[S_HANDS]
    first = w.hc[i, 0] % 13
    second = w.hc[i, 1] % 13
    return int(t.legal[h[i, H_SPLIT_ACES], h[i, H_FROM_SPLIT], hands - 1, first, second])


@jit
def _check_hand(t: KernelArrays, w: Work, i: int) -> None:
    """Stop a hand that takes no more decisions: bust, Charlie, 21, split aces done."""
    h = w.h
    total = _total(h[i, H_HARD], h[i, H_ACE])
    charlie = t.rules[R_CHARLIE]
    if total > 21:
        _settle(h, i, O_BUST, 0)
    elif charlie > 0 and h[i, H_N] >= charlie:
        h[i, H_DONE] = 1
        if t.rules[R_CHARLIE_WINS] == 1 and w.st[S_BLACKJACK] == 0:
            _settle(h, i, O_CHARLIE, 2 * t.rules[R_BET] * (1 + h[i, H_DOUBLE]))
    elif total == 21 or (
        h[i, H_SPLIT_ACES] == 1
        and h[i, H_N] == 2
        and _legal(t, w, i) & ((1 << HIT) | (1 << SPLIT)) == 0
    ):
        h[i, H_DONE] = 1


@jit
def _advance(t: KernelArrays, w: Work, current: int) -> int:
    """The next hand needing a decision (a split hand first receives its second card)."""
    h = w.h
    i = current
    while i < w.st[S_HANDS]:
        if h[i, H_DONE] == 0:
            if h[i, H_N] == 1:
                _give(w, i, _draw(w))
                _check_hand(t, w, i)
            if h[i, H_DONE] == 0:
                return i
        i += 1
    return int(w.st[S_HANDS])


@jit
def _split(w: Work, i: int) -> None:
    """Move the second card to a new hand played right after this one."""
    h = w.h
    hc = w.hc
    hands = w.st[S_HANDS]
    for j in range(hands, i + 1, -1):
        h[j, :] = h[j - 1, :]
        hc[j, :] = hc[j - 1, :]
    new = i + 1
    h[new, :] = 0
    second = hc[i, 1]
    points = _points(second)
    hc[new, 0] = second
    h[new, H_N] = 1
    h[new, H_HARD] = points
    h[new, H_ACE] = 1 if points == 1 else 0
    h[new, H_FROM_SPLIT] = 1
    first = _points(hc[i, 0])
    h[i, H_N] = 1
    h[i, H_HARD] = first
    h[i, H_ACE] = 1 if first == 1 else 0
    h[i, H_FROM_SPLIT] = 1
    aces = 1 if points == 1 else 0
    h[i, H_SPLIT_ACES] = aces
    h[new, H_SPLIT_ACES] = aces
    w.st[S_HANDS] = hands + 1


@jit
def _play_hand(t: KernelArrays, w: Work, i: int) -> None:
    """Take the basic strategy's decision for hand ``i`` and apply it."""
    h = w.h
    up = w.st[S_UP] - 1
    if h[i, H_N] == 2:
        first = _points(w.hc[i, 0]) - 1
        second = _points(w.hc[i, 1]) - 1
        action = t.two_card[up, first, second, _legal(t, w, i)]
    else:
        action = HIT if t.multi_hit[up, h[i, H_HARD], h[i, H_ACE]] == 1 else STAND
    if action == HIT:
        _give(w, i, _draw(w))
        _check_hand(t, w, i)
    elif action == STAND:
        h[i, H_DONE] = 1
    elif action == DOUBLE:
        h[i, H_DOUBLE] = 1
        _give(w, i, _draw(w))
        h[i, H_DONE] = 1
        if _total(h[i, H_HARD], h[i, H_ACE]) > 21:
            _settle(h, i, O_BUST, 0)
    else:
        _split(w, i)


@jit
def _dealer_total(dealer: I64, n: int) -> tuple[int, bool]:
    """The dealer's best total and whether it is soft."""
    hard = 0
    ace = 0
    for k in range(n):
        points = _points(dealer[k])
        hard += points
        if points == 1:
            ace = 1
    soft = ace == 1 and hard <= 11
    return (hard + 10 if soft else hard), soft


@jit
def _dealer_plays(t: KernelArrays, w: Work) -> int:
    """Reveal or draw the dealer's second card, draw to 17 where a hand needs it, and settle
    the blackjack question (``Round._finish``); returns the dealer's total."""
    h = w.h
    st = w.st
    charlie = t.rules[R_CHARLIE] if t.rules[R_CHARLIE_WINS] == 1 else 0
    live = False
    need_total = False
    for i in range(st[S_HANDS]):
        if h[i, H_OUTCOME] == 0:
            live = True
            if h[i, H_NATURAL] == 0 and not (charlie > 0 and h[i, H_N] >= charlie):
                need_total = True
    no_hole = t.rules[R_PEEK] == 2
    if no_hole and (need_total or (st[S_BLACKJACK] == -1 and live)):
        w.dealer[st[S_DEALER]] = _draw(w)
        st[S_DEALER] += 1
    if st[S_BLACKJACK] == -1:
        two = st[S_DEALER] == 2
        st[S_BLACKJACK] = 1 if two and _points(w.dealer[0]) + _points(w.dealer[1]) == 11 else 0
    total, soft = _dealer_total(w.dealer, st[S_DEALER])
    if need_total and st[S_BLACKJACK] == 0:
        hits_soft_17 = t.rules[R_HITS_S17] == 1
        while (total < 17 or (total == 17 and soft and hits_soft_17)) and st[S_DEALER] < MAX_CARDS:
            w.dealer[st[S_DEALER]] = _draw(w)
            st[S_DEALER] += 1
            total, soft = _dealer_total(w.dealer, st[S_DEALER])
    return total


@jit
def _final(t: KernelArrays, w: Work, i: int, dealer_total: int) -> None:
    """Settle a hand still in play once the dealer has finished (``settle.final_result``)."""
    h = w.h
    rules = t.rules
    bet = rules[R_BET]
    stake = bet * (1 + h[i, H_DOUBLE])
    if w.st[S_BLACKJACK] == 1:
        if h[i, H_NATURAL] == 1:
            _settle(h, i, O_PUSH, bet)
            return
        ace_up = w.st[S_UP] == 1
        takes_double = rules[R_TAKES_DOUBLE_ACE] if ace_up else rules[R_TAKES_DOUBLE_TEN]
        takes_split = rules[R_TAKES_SPLIT_ACE] if ace_up else rules[R_TAKES_SPLIT_TEN]
        double_back = h[i, H_DOUBLE] == 1 and takes_double == 0
        bet_back = h[i, H_FIRST] == 0 and takes_split == 0
        if bet_back and (double_back or h[i, H_DOUBLE] == 0):
            _settle(h, i, O_STAKE_RETURNED, stake)
        elif bet_back:
            _settle(h, i, O_BET_RETURNED, bet)
        elif double_back:
            _settle(h, i, O_DOUBLE_RETURNED, bet)
        else:
            _settle(h, i, O_LOSE, 0)
        return
    if h[i, H_NATURAL] == 1:
        _settle(h, i, O_BLACKJACK, bet - (-bet * rules[R_BJ_NUM]) // rules[R_BJ_DEN])
        return
    charlie = rules[R_CHARLIE]
    if charlie > 0 and rules[R_CHARLIE_WINS] == 1 and h[i, H_N] >= charlie:
        _settle(h, i, O_CHARLIE, 2 * stake)
        return
    player = _total(h[i, H_HARD], h[i, H_ACE])
    if dealer_total > 21 or player > dealer_total:
        _settle(h, i, O_WIN, 2 * stake)
    elif player == dealer_total:
        _settle(h, i, O_PUSH, stake)
    else:
        _settle(h, i, O_LOSE, 0)


@jit
def _side_bet(t: KernelArrays, w: Work, record: I64) -> None:
    """The side bet's outcome (from the side bet's own table) and what it returns."""
    st = w.st
    record[F_SIDE_OUTCOME] = NO_SIDE
    record[F_SIDE_RETURNED] = 0
    if t.rules[R_SIDE] == 0:
        return
    strides = t.side_strides
    third = w.spot[2] if st[S_SPOT] >= 3 else NO_CARD
    up = w.dealer[1] if t.rules[R_FIRST_DOWN] == 1 else w.dealer[0]
    key = w.spot[0] * strides[0] + w.spot[1] * strides[1] + third * strides[2]
    key += up * strides[3] + st[S_BLACKJACK] * strides[4]
    outcome = t.side_outcome[key]
    record[F_SIDE_OUTCOME] = outcome
    if outcome >= 0:
        stake = t.rules[R_SIDE_STAKE]
        win = stake * t.side_pays[outcome]
        cap = t.rules[R_SIDE_CAP]
        if 0 <= cap < win:
            win = cap
        record[F_SIDE_RETURNED] = stake + win


@jit
def _record(t: KernelArrays, w: Work, dealer_total: int, record: I64) -> None:
    h = w.h
    bet = t.rules[R_BET]
    hands = w.st[S_HANDS]
    staked = 0
    returned = 0
    packed = 0
    flags = FLAG_SPLIT if hands > 1 else 0
    for i in range(hands):
        staked += bet * (1 + h[i, H_DOUBLE])
        returned += h[i, H_RETURNED]
        outcome = h[i, H_OUTCOME]
        packed |= outcome << (4 * i)
        if h[i, H_DOUBLE] == 1:
            flags |= FLAG_DOUBLE
        if h[i, H_NATURAL] == 1:
            flags |= FLAG_PLAYER_BLACKJACK
        if outcome == O_BUST:
            flags |= FLAG_BUST
        elif outcome == O_CHARLIE:
            flags |= FLAG_CHARLIE
        elif outcome >= O_REFUND:
            flags |= FLAG_REFUND
    if w.st[S_BLACKJACK] == 1:
        flags |= FLAG_DEALER_BLACKJACK
    if dealer_total > 21:
        flags |= FLAG_DEALER_BUST
    record[F_STAKED] = staked
    record[F_RETURNED] = returned
    record[F_HANDS] = packed
    record[F_FLAGS] = flags
    record[F_CARDS] = w.st[S_POS]
    record[F_DEALER] = dealer_total
    _side_bet(t, w, record)


@jit
def play_round(t: KernelArrays, w: Work, record: I64) -> None:
    """Play one round and write its record (see the module docstring)."""
    st = w.st
    h = w.h
    st[S_POS] = 0
    st[S_EMPTY] = 0
    st[S_SPOT] = 0
    st[S_HANDS] = 1
    h[0, :] = 0
    h[0, H_FIRST] = 1
    # the deal: spot, dealer, spot, dealer (no second dealer card without a hole card)
    _give(w, 0, _draw(w))
    w.dealer[0] = _draw(w)
    _give(w, 0, _draw(w))
    st[S_DEALER] = 1
    if t.rules[R_PEEK] != 2:
        w.dealer[1] = _draw(w)
        st[S_DEALER] = 2
    up = _points(w.dealer[1] if t.rules[R_FIRST_DOWN] == 1 else w.dealer[0])
    st[S_UP] = up
    if _total(h[0, H_HARD], h[0, H_ACE]) == 21:
        h[0, H_NATURAL] = 1
        h[0, H_DONE] = 1
    st[S_BLACKJACK] = -1 if up in (1, 10) else 0
    # insurance and even money are declined: nothing happens. Then the peek.
    if t.rules[R_PEEK] == 0 and st[S_BLACKJACK] == -1:
        st[S_BLACKJACK] = 1 if _points(w.dealer[0]) + _points(w.dealer[1]) == 11 else 0
    if st[S_BLACKJACK] != 1:  # a blackjack is only known now after a peek: round over
        current = _advance(t, w, 0)
        while current < st[S_HANDS]:
            _play_hand(t, w, current)
            current = _advance(t, w, current)
    dealer_total = _dealer_plays(t, w)
    for i in range(st[S_HANDS]):
        if h[i, H_OUTCOME] == 0:
            _final(t, w, i, dealer_total)
    _record(t, w, dealer_total, record)


@jit
def play_rounds(t: KernelArrays, w: Work, word_pos: int, out: I64) -> tuple[int, int]:
    """Play ``len(out)`` rounds; returns (rounds played, next word position).

    With script rows in ``w`` the rounds are dealt from them; otherwise each round shuffles
    ``w.shoe`` lazily with ``w.words`` from ``word_pos`` on (and puts it back in order
    afterwards). A round that would need more words than are left is not played: the call
    returns early so that the caller can add words and go on.
    """
    st = w.st
    st[S_WORD] = word_pos
    scripted = w.script.shape[0] > 0
    for k in range(out.shape[0]):
        start = st[S_WORD]
        st[S_ROUND] = k
        play_round(t, w, out[k])
        if not scripted:
            shoe = w.shoe
            for p in range(min(st[S_POS], SWAP_LOG) - 1, -1, -1):
                j = w.swaps[p]
                card = shoe[p]
                shoe[p] = shoe[j]
                shoe[j] = card
        if st[S_EMPTY] == 1:
            st[S_WORD] = start
            return k, int(st[S_WORD])
    return out.shape[0], int(st[S_WORD])
