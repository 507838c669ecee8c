"""The fast kernel: the engine's round over integer arrays, compiled by Numba.

It re-implements the round's *flow* — the deal to every spot, insurance and even money by a
policy, the peek, the hand order after a split, automatic stands, surrender, the dealer's
drawing and the settlement, the side bets of every spot with their shared round cap — and reads
everything else from tables derived from the modules that own those rules (:mod:`.tables`). It
is checked against the engine round for round on the same shoes; nothing here is trusted on
its own.

Every array is a plain argument, unpacked once: no tuple of arrays travels through the calls
(Numba would count references on every access). The small helpers are inlined.

Cards are the engine's codes ``rank + 13 × suit`` (rank 0 = ace ... 12 = king). Each round
deals from a fresh shoe shuffled lazily by Fisher–Yates exactly as
:meth:`twentyone.cards.Shoe.shuffled` does with ``lazy=True``, driven by the 32-bit words
:class:`twentyone.rng.SeededRandomSource` reads (rejection sampling, then ``word % n``), so a
seed gives the engine and the kernel the same shoes. The shoe is put back in order after each
round.

The kernel adds each round into tallies (:data:`SUM_FIELDS` and the count arrays); it writes a
per-round record (:data:`FIELDS`) only when given rows to write.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.tables import (
    DOUBLE,
    HIT,
    R_BET,
    R_BJ_WIN,
    R_CHARLIE,
    R_CHARLIE_WINS,
    R_EVEN_MONEY,
    R_FIRST_DOWN,
    R_HITS_S17,
    R_INS_POLICY,
    R_INS_WIN,
    R_INSURANCE,
    R_PEEK,
    R_SIDES,
    R_SPOTS,
    R_SURRENDER_RETURN,
    R_TAKES_DOUBLE_ACE,
    R_TAKES_DOUBLE_TEN,
    R_TAKES_SPLIT_ACE,
    R_TAKES_SPLIT_TEN,
    R_TENS,
    SPLIT,
    STAND,
    SURRENDER,
)

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
I8 = npt.NDArray[np.int8]
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
    return cast(F, NUMBA.njit(cache=True, nogil=True, error_model="numpy")(fn))


def inline(fn: F) -> F:
    """A small helper of the kernel: compiled without reference counting (it allocates
    nothing, and counting the arrays it is passed would cost more than its work), so that
    LLVM inlines it into its caller as plain code."""
    if NUMBA is None:  # pragma: no cover - numba is optional
        return fn
    return cast(F, NUMBA.njit(cache=True, nogil=True, error_model="numpy", _nrt=False)(fn))


# -- the per-round record (only when asked for) -----------------------------------------------

F_STAKED = 0
"""Total staked on the hands (initial bets, doubles, splits), minor units."""
F_RETURNED = 1
"""Total returned by the hands, stakes included."""
F_INS_STAKED = 2
"""Staked on insurance."""
F_INS_RETURNED = 3
"""Returned by insurance."""
F_FLAGS = 4
"""``FLAG_*`` bits of the round."""
F_CARDS = 5
"""Cards drawn from the shoe."""
F_DEALER = 6
"""The dealer's final total over the cards dealt to the dealer."""
F_SIDE_RETURNED = 7
"""What the side bets returned, stakes included, over every spot."""
F_SPOT = 8
"""Then three fields per spot: its hands' outcome codes (4 bits per hand, in play order), its
side-bet outcomes (5 bits per side bet: outcome index + 2, so 1 = lost) and what its side bets
returned."""
MAX_SPOTS = 7
N_FIELDS = F_SPOT + 3 * MAX_SPOTS
FIELDS = (
    "staked",
    "returned",
    "insurance_staked",
    "insurance_returned",
    "flags",
    "cards",
    "dealer",
    "side_returned",
    *(f"spot{s}_{k}" for s in range(MAX_SPOTS) for k in ("hands", "sides", "side_returned")),
)
"""The record's field names, in column order."""

# hand outcome codes (0 = not settled yet)
O_WIN, O_BLACKJACK, O_CHARLIE, O_PUSH, O_LOSE, O_BUST, O_DOUBLE_RETURNED = 1, 2, 3, 4, 5, 6, 7
O_SURRENDER, O_EVEN_MONEY, O_BET_RETURNED, O_STAKE_RETURNED = 8, 9, 10, 11
OUTCOME_NAMES = {
    O_WIN: "win",
    O_BLACKJACK: "blackjack",
    O_CHARLIE: "charlie",
    O_PUSH: "push",
    O_LOSE: "lose",
    O_BUST: "bust",
    O_DOUBLE_RETURNED: "bet-lost-double-returned",
    O_SURRENDER: "surrender",
    O_EVEN_MONEY: "even-money",
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
FLAG_SURRENDER = 256
FLAG_INSURANCE = 512
FLAG_EVEN_MONEY = 1024
FLAG_NAMES = {
    FLAG_DOUBLE: "double",
    FLAG_SPLIT: "split",
    FLAG_PLAYER_BLACKJACK: "player_blackjack",
    FLAG_DEALER_BLACKJACK: "dealer_blackjack",
    FLAG_BUST: "player_bust",
    FLAG_CHARLIE: "charlie",
    FLAG_DEALER_BUST: "dealer_bust",
    FLAG_REFUND: "dealer_blackjack_refund",
    FLAG_SURRENDER: "surrender",
    FLAG_INSURANCE: "insurance",
    FLAG_EVEN_MONEY: "even_money",
}
"""Round flag bit → name (a round with any hand doubled, split, busted...)."""
N_FLAGS = 11
OUTCOME_FLAGS = np.zeros(16, dtype=np.int64)
"""The round flag a hand's outcome sets (0: none)."""
OUTCOME_FLAGS[[O_BUST, O_CHARLIE, O_SURRENDER]] = (FLAG_BUST, FLAG_CHARLIE, FLAG_SURRENDER)
OUTCOME_FLAGS[[O_DOUBLE_RETURNED, O_BET_RETURNED, O_STAKE_RETURNED]] = FLAG_REFUND

# -- the tallies -------------------------------------------------------------------------------

T_ROUNDS, T_NET, T_NET_SQ, T_STAKED, T_STAKED_SQ, T_NET_STAKED = 0, 1, 2, 3, 4, 5
T_INS_NET, T_INS_NET_SQ, T_SIDE = 6, 7, 8
"""``sums`` columns; the side bets follow from ``T_SIDE``: net and net squared per bet."""
SUM_FIELDS = (
    "rounds",
    "net",
    "net_sq",
    "staked",
    "staked_sq",
    "net_staked",
    "insurance_net",
    "insurance_net_sq",
)
MAX_SIDES = 3
N_SUMS = T_SIDE + 2 * MAX_SIDES

# -- working state ------------------------------------------------------------------------------

H_SPOT, H_N, H_HARD, H_ACE, H_DOUBLE, H_FROM_SPLIT, H_SPLIT_ACES = 0, 1, 2, 3, 4, 5, 6
H_NATURAL, H_DONE, H_OUTCOME, H_RETURNED, H_FIRST, H_C0, H_C1, H_NODE = (
    7,
    8,
    9,
    10,
    11,
    12,
    13,
    14,
)
H_COLUMNS = 15
MAX_HANDS = 4 * MAX_SPOTS
SP_N, SP_C0, SP_C1, SP_C2, SP_HANDS, SP_INS, SP_OUT, SP_WIN = 0, 1, 2, 3, 4, 5, 6, 6 + MAX_SIDES
SP_COLUMNS = 6 + 2 * MAX_SIDES
MAX_CARDS = 32
"""Cards the dealer can hold."""
SWAP_LOG = 512
"""Cards a round can draw from a shuffled shoe (far more than any round needs)."""
WORD_LIMIT = 4294967296
EXHAUSTED_CARD = 9
"""Stands in for a card when the words run out (the round is then replayed)."""


def new_work() -> tuple[I64, I64, I64, I64]:
    """The kernel's working arrays: hands, spots, dealer cards and the shuffle's swap log."""
    return (
        np.zeros((MAX_HANDS + 1, H_COLUMNS), dtype=np.int64),
        np.zeros((MAX_SPOTS, SP_COLUMNS), dtype=np.int64),
        np.zeros(MAX_CARDS, dtype=np.int64),
        np.zeros(SWAP_LOG, dtype=np.int64),
    )


def new_tallies(net_bins: int) -> tuple[I64, I64, I64, I64, I64, I64]:
    """Zeroed tallies: sums, hand outcomes, round flags, spots by hand count, side-bet lines
    (``[bet, outcome + 1]``), net histogram."""
    return (
        np.zeros(N_SUMS, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros(N_FLAGS, dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros((MAX_SIDES, 17), dtype=np.int64),
        np.zeros(net_bins, dtype=np.int64),
    )


@inline
def _points(card: int) -> int:
    rank = card % 13
    return 10 if rank >= 9 else rank + 1


@inline
def _total(hard: int, ace: int) -> int:
    return hard + 10 if ace == 1 and hard <= 11 else hard


@inline
def _draw(
    shoe: I64,
    words: I64,
    swaps: I64,
    limits: I64,
    inverses: F64,
    pos: int,
    wpos: int,
) -> tuple[int, int]:
    """The card at ``pos`` of the lazily shuffled shoe (``Shoe.draw``) and the next word.

    ``randbelow(left)`` as :class:`~twentyone.rng.SeededRandomSource` computes it: words at or
    above ``limits[pos]`` are rejected, then ``word % left``, here taken with a multiplication
    by ``inverses[pos]`` (corrected by one ``left`` where the float product rounds down past
    an exact multiple): a division per card would cost more than the rest of the draw. When
    the words run out the word position goes past the end (the caller then replays the round
    with more words).
    """
    left = shoe.shape[0] - pos
    limit = limits[pos]
    end = words.shape[0]
    while True:
        if wpos >= end or pos >= SWAP_LOG:
            if pos < SWAP_LOG:
                swaps[pos] = pos  # nothing to undo here when the shoe is put back
            return EXHAUSTED_CARD, end + 1
        word = words[wpos]
        wpos += 1
        if word < limit:
            break
    below = word - int(word * inverses[pos]) * left
    if below >= left:
        below -= left
    elif below < 0:
        below += left
    j = pos + below
    swaps[pos] = j
    card = shoe[j]
    shoe[j] = shoe[pos]
    shoe[pos] = card
    return card, wpos


def shuffle_tables(cards: int) -> tuple[I64, F64]:
    """Per shoe position: the rejection limit of ``randbelow(cards - pos)`` and the inverse of
    ``cards - pos``."""
    left = cards - np.arange(cards, dtype=np.int64)
    limits = WORD_LIMIT - WORD_LIMIT % left
    return limits.astype(np.int64), 1.0 / left


@inline
def _give(h: I64, sp: I64, child: npt.NDArray[np.int16], i: int, card: int) -> None:
    """Hand ``i`` takes ``card`` (the spot notes its first three cards for the side bets)."""
    n = h[i, H_N]
    if n == 0:
        h[i, H_C0] = card
    elif n == 1:
        h[i, H_C1] = card
    h[i, H_N] = n + 1
    points = _points(card)
    h[i, H_HARD] += points
    if points == 1:
        h[i, H_ACE] = 1
    node = h[i, H_NODE]
    if node >= 0:
        h[i, H_NODE] = child[node, points - 1]
    s = h[i, H_SPOT]
    dealt = sp[s, SP_N]
    if dealt < 3:
        sp[s, SP_C0 + dealt] = card
    sp[s, SP_N] = dealt + 1


@inline
def _settle(h: I64, i: int, outcome: int, returned: int) -> None:
    h[i, H_OUTCOME] = outcome
    h[i, H_RETURNED] = returned
    h[i, H_DONE] = 1


@inline
def _legal(legal: I8, h: I64, sp: I64, i: int) -> int:
    """The engine's legal set of a two-card hand (bit mask)."""
    hands = sp[h[i, H_SPOT], SP_HANDS]
    return int(
        legal[h[i, H_SPLIT_ACES], h[i, H_FROM_SPLIT], hands - 1, h[i, H_C0] % 13, h[i, H_C1] % 13]
    )


@inline
def _check(rules: I64, legal: I8, h: I64, sp: I64, i: int, blackjack: int, charlie: int) -> None:
    """Stop a hand that takes no more decisions: bust, Charlie, 21, split aces done."""
    total = _total(h[i, H_HARD], h[i, H_ACE])
    if total > 21:
        _settle(h, i, O_BUST, 0)
    elif charlie > 0 and h[i, H_N] >= charlie:
        h[i, H_DONE] = 1
        if rules[R_CHARLIE_WINS] == 1 and blackjack == 0:
            _settle(h, i, O_CHARLIE, 2 * rules[R_BET] * (1 + h[i, H_DOUBLE]))
    elif total == 21 or (
        h[i, H_SPLIT_ACES] == 1
        and h[i, H_N] == 2
        and _legal(legal, h, sp, i) & ((1 << HIT) | (1 << SPLIT)) == 0
    ):
        h[i, H_DONE] = 1


@jit
def _split(h: I64, sp: I64, child: npt.NDArray[np.int16], i: int, hands: int) -> None:
    """Move hand ``i``'s second card to a new hand played right after it."""
    for j in range(hands, i + 1, -1):
        for c in range(H_COLUMNS):
            h[j, c] = h[j - 1, c]
    new = i + 1
    for c in range(H_COLUMNS):
        h[new, c] = 0
    second = h[i, H_C1]
    points = _points(second)
    aces = 1 if points == 1 else 0
    h[new, H_SPOT] = h[i, H_SPOT]
    h[new, H_C0] = second
    h[new, H_N] = 1
    h[new, H_HARD] = points
    h[new, H_ACE] = aces
    h[new, H_FROM_SPLIT] = 1
    h[new, H_SPLIT_ACES] = aces
    h[new, H_NODE] = child[0, points - 1]
    first = _points(h[i, H_C0])
    h[i, H_N] = 1
    h[i, H_HARD] = first
    h[i, H_ACE] = 1 if first == 1 else 0
    h[i, H_FROM_SPLIT] = 1
    h[i, H_SPLIT_ACES] = aces
    h[i, H_NODE] = child[0, first - 1]
    sp[h[i, H_SPOT], SP_HANDS] += 1


@inline
def _wants_insurance(rules: I64, h: I64, i: int, natural: int) -> bool:
    """The policy's answer for spot ``i`` (its first hand) with an ace up."""
    policy = rules[R_INS_POLICY]
    if policy != 2:
        return bool(policy == 1)
    left = 52 * rules[R_TENS] // 16 - 3
    tens = rules[R_TENS] - (1 if _points(h[i, H_C0]) == 10 else 0)
    tens -= 1 if _points(h[i, H_C1]) == 10 else 0
    bet = rules[R_BET]
    if natural == 1:  # even money: 1:1 for sure against the blackjack's payout unless a ten
        return bool(bet * left > (left - tens) * rules[R_BJ_WIN])
    return bool(tens * rules[R_INS_WIN] > (left - tens) * (bet // 2))


@inline
def _add_sums(
    sums: I64,
    rounds: int,
    net: int,
    net_sq: int,
    staked: int,
    staked_sq: int,
    net_staked: int,
    ins: int,
    ins_sq: int,
) -> None:
    sums[T_ROUNDS] += rounds
    sums[T_NET] += net
    sums[T_NET_SQ] += net_sq
    sums[T_STAKED] += staked
    sums[T_STAKED_SQ] += staked_sq
    sums[T_NET_STAKED] += net_staked
    sums[T_INS_NET] += ins
    sums[T_INS_NET_SQ] += ins_sq


@jit
def play_rounds(
    rules: I64,
    legal: I8,
    two_card: npt.NDArray[np.int8],
    hit: npt.NDArray[np.int8],
    child: npt.NDArray[np.int16],
    side_pairs: npt.NDArray[np.int16],
    side_table: npt.NDArray[np.int8],
    side_strides: I64,
    side_pays: I64,
    side_stakes: I64,
    shoe: I64,
    limits: I64,
    inverses: F64,
    words: I64,
    wpos: int,
    h: I64,
    sp: I64,
    dealer: I64,
    swaps: I64,
    rounds: int,
    net_low: int,
    net_unit: int,
    sums: I64,
    outcomes: I64,
    flag_counts: I64,
    hand_counts: I64,
    side_counts: I64,
    net_hist: I64,
    records: I64,
) -> tuple[int, int]:
    """Play up to ``rounds`` rounds from word ``wpos`` on; returns (rounds played, next word).

    A round that would need more words than are left is not played (nor tallied): the call
    returns early so that the caller can add words and go on.
    """
    spots = rules[R_SPOTS]
    bet = rules[R_BET]
    peek = rules[R_PEEK]
    charlie = rules[R_CHARLIE]
    charlie_wins = rules[R_CHARLIE_WINS]
    n_sides = rules[R_SIDES]
    keep = records.shape[0] > 0
    # the main sums, kept in registers and added to ``sums`` on return
    t_rounds = t_net = t_net_sq = t_staked = t_staked_sq = t_net_staked = t_ins = t_ins_sq = 0
    end = words.shape[0]
    for k in range(rounds):
        start = wpos
        pos = 0
        nh = spots
        for s in range(spots):
            for c in range(H_COLUMNS):
                h[s, c] = 0
            for c in range(SP_COLUMNS):
                sp[s, c] = 0
            h[s, H_SPOT] = s
            h[s, H_FIRST] = 1
            sp[s, SP_HANDS] = 1
        # the deal: each spot, the dealer, each spot, the dealer (no hole card in ENHC)
        for s in range(spots):
            card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
            pos += 1
            _give(h, sp, child, s, card)
        card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
        pos += 1
        dealer[0] = card
        for s in range(spots):
            card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
            pos += 1
            _give(h, sp, child, s, card)
        nd = 1
        if peek != 2:
            card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
            pos += 1
            dealer[1] = card
            nd = 2
        up_card = dealer[1] if rules[R_FIRST_DOWN] == 1 else dealer[0]
        up = _points(up_card)
        for s in range(spots):
            if _total(h[s, H_HARD], h[s, H_ACE]) == 21:
                h[s, H_NATURAL] = 1
                h[s, H_DONE] = 1
        blackjack = -1 if up in (1, 10) else 0
        insured = 0
        flags = 0
        # insurance and even money, spot by spot in play order
        if up == 1 and rules[R_INSURANCE] == 1:
            for s in range(spots):
                natural = h[s, H_NATURAL]
                if natural == 1 and rules[R_EVEN_MONEY] == 1:
                    if _wants_insurance(rules, h, s, 1):
                        _settle(h, s, O_EVEN_MONEY, 2 * bet)
                        flags |= FLAG_EVEN_MONEY
                elif bet // 2 > 0 and _wants_insurance(rules, h, s, 0):
                    sp[s, SP_INS] = bet // 2
                    insured += 1
                    flags |= FLAG_INSURANCE
        if peek == 0 and blackjack == -1:
            blackjack = 1 if _points(dealer[0]) + _points(dealer[1]) == 11 else 0
        if blackjack != 1:  # after a peek that found blackjack the round is over
            i = 0
            while True:
                # the next hand needing a decision (a split hand first takes its second card)
                while i < nh:
                    if h[i, H_DONE] == 0:
                        if h[i, H_N] == 1:
                            card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
                            pos += 1
                            _give(h, sp, child, i, card)
                            _check(rules, legal, h, sp, i, blackjack, charlie)
                        if h[i, H_DONE] == 0:
                            break
                    i += 1
                if i >= nh:
                    break
                if h[i, H_N] == 2:
                    mask = _legal(legal, h, sp, i)
                    p1 = _points(h[i, H_C0]) - 1
                    p2 = _points(h[i, H_C1]) - 1
                    action = two_card[up - 1, p1, p2, mask]
                else:
                    action = HIT if hit[up - 1, h[i, H_NODE]] == 1 else STAND
                if action == HIT:
                    card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
                    pos += 1
                    _give(h, sp, child, i, card)
                    _check(rules, legal, h, sp, i, blackjack, charlie)
                elif action == STAND:
                    h[i, H_DONE] = 1
                elif action == DOUBLE:
                    h[i, H_DOUBLE] = 1
                    card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
                    pos += 1
                    _give(h, sp, child, i, card)
                    h[i, H_DONE] = 1
                    if _total(h[i, H_HARD], h[i, H_ACE]) > 21:
                        _settle(h, i, O_BUST, 0)
                elif action == SPLIT:
                    _split(h, sp, child, i, nh)
                    nh += 1
                elif action == SURRENDER:
                    _settle(h, i, O_SURRENDER, rules[R_SURRENDER_RETURN])
                else:  # pragma: no cover - the tables cover every legal set
                    h[i, H_DONE] = 1
        # the dealer (Round._finish): reveal or draw, then draw to 17 where a hand needs it
        live = False
        need_total = False
        for i in range(nh):
            if h[i, H_OUTCOME] == 0:
                live = True
                if h[i, H_NATURAL] == 0 and not (
                    charlie_wins == 1 and charlie > 0 and h[i, H_N] >= charlie
                ):
                    need_total = True
        if peek == 2 and (need_total or (blackjack == -1 and (live or insured > 0))):
            card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
            pos += 1
            dealer[1] = card
            nd = 2
        if blackjack == -1:
            blackjack = 1 if nd == 2 and _points(dealer[0]) + _points(dealer[1]) == 11 else 0
        hard = 0
        ace = 0
        for d in range(nd):
            points = _points(dealer[d])
            hard += points
            if points == 1:
                ace = 1
        if need_total and blackjack == 0:
            hits_soft_17 = rules[R_HITS_S17] == 1
            while nd < MAX_CARDS:
                total = _total(hard, ace)
                soft = ace == 1 and hard <= 11
                if not (total < 17 or (total == 17 and soft and hits_soft_17)):
                    break
                card, wpos = _draw(shoe, words, swaps, limits, inverses, pos, wpos)
                pos += 1
                dealer[nd] = card
                nd += 1
                points = _points(card)
                hard += points
                if points == 1:
                    ace = 1
        dealer_total = _total(hard, ace)
        # put the shoe back in order for the next round
        for p in range(min(pos, SWAP_LOG) - 1, -1, -1):
            j = swaps[p]
            card = shoe[p]
            shoe[p] = shoe[j]
            shoe[j] = card
        if wpos > end:
            _add_sums(
                sums,
                t_rounds,
                t_net,
                t_net_sq,
                t_staked,
                t_staked_sq,
                t_net_staked,
                t_ins,
                t_ins_sq,
            )
            return k, start
        # settle the hands still in play (settle.final_result)
        ace_up = up == 1
        for i in range(nh):
            if h[i, H_OUTCOME] != 0:
                continue
            stake = bet * (1 + h[i, H_DOUBLE])
            if blackjack == 1:
                if h[i, H_NATURAL] == 1:
                    _settle(h, i, O_PUSH, bet)
                    continue
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
            elif h[i, H_NATURAL] == 1:
                _settle(h, i, O_BLACKJACK, bet + rules[R_BJ_WIN])
            elif charlie > 0 and charlie_wins == 1 and h[i, H_N] >= charlie:
                _settle(h, i, O_CHARLIE, 2 * stake)
            else:
                player = _total(h[i, H_HARD], h[i, H_ACE])
                if dealer_total > 21 or player > dealer_total:
                    _settle(h, i, O_WIN, 2 * stake)
                elif player == dealer_total:
                    _settle(h, i, O_PUSH, stake)
                else:
                    _settle(h, i, O_LOSE, 0)
        # tally the hands
        staked = 0
        returned = 0
        if nh > spots:
            flags |= FLAG_SPLIT
        for i in range(nh):
            staked += bet * (1 + h[i, H_DOUBLE])
            returned += h[i, H_RETURNED]
            outcome = h[i, H_OUTCOME]
            outcomes[outcome] += 1
            # branch-free: the round's outcomes are random, a mispredicted branch is dear
            flags |= h[i, H_DOUBLE] * FLAG_DOUBLE | h[i, H_NATURAL] * FLAG_PLAYER_BLACKJACK
            flags |= OUTCOME_FLAGS[outcome]
        flags |= (blackjack == 1) * FLAG_DEALER_BLACKJACK | (dealer_total > 21) * FLAG_DEALER_BUST
        ins_staked = 0
        ins_returned = 0
        if insured > 0:
            for s in range(spots):
                stake = sp[s, SP_INS]
                ins_staked += stake
                if stake > 0 and blackjack == 1:
                    ins_returned += stake + rules[R_INS_WIN]
        for s in range(spots):
            hand_counts[sp[s, SP_HANDS]] += 1
        # the side bets of every spot, each side bet's winnings capped over the round
        side_returned = 0
        for b in range(n_sides):
            stake = side_stakes[b, 0]
            cap = side_stakes[b, 1]
            base = side_strides[b, 4]
            pairs = side_strides[b, 5]
            row_len = side_strides[b, 0]
            won = 0
            for s in range(spots):
                third = sp[s, SP_C2] if sp[s, SP_N] >= 3 else 52
                pair = side_pairs[pairs + 52 * sp[s, SP_C0] + sp[s, SP_C1]]
                key = base + pair * row_len + third * side_strides[b, 1]
                key += up_card * side_strides[b, 2] + blackjack * side_strides[b, 3]
                line = side_table[key]
                sp[s, SP_OUT + b] = line
                side_counts[b, line + 1] += 1
                win = stake * side_pays[b, line] if line >= 0 else 0
                sp[s, SP_WIN + b] = win
                won += win
            if 0 <= cap < won:
                capped = 0
                for s in range(spots):
                    sp[s, SP_WIN + b] = sp[s, SP_WIN + b] * cap // won
                    capped += sp[s, SP_WIN + b]
                won = capped
            net_b = won
            for s in range(spots):
                if sp[s, SP_OUT + b] < 0:
                    net_b -= stake
                else:
                    side_returned += stake
            side_returned += won
            sums[T_SIDE + 2 * b] += net_b
            sums[T_SIDE + 2 * b + 1] += net_b * net_b
        net = returned - staked + ins_returned - ins_staked
        ins_net = ins_returned - ins_staked
        t_rounds += 1
        t_net += net
        t_net_sq += net * net
        t_staked += staked
        t_staked_sq += staked * staked
        t_net_staked += net * staked
        t_ins += ins_net
        t_ins_sq += ins_net * ins_net
        net_hist[(net - net_low) // net_unit] += 1
        for f in range(N_FLAGS):
            flag_counts[f] += flags >> f & 1
        if keep:
            row = records[k]
            row[F_STAKED] = staked
            row[F_RETURNED] = returned
            row[F_INS_STAKED] = ins_staked
            row[F_INS_RETURNED] = ins_returned
            row[F_FLAGS] = flags
            row[F_CARDS] = pos
            row[F_DEALER] = dealer_total
            row[F_SIDE_RETURNED] = side_returned
            for s in range(spots):
                packed = 0
                shift = 0
                for i in range(nh):
                    if h[i, H_SPOT] == s:
                        packed |= h[i, H_OUTCOME] << shift
                        shift += 4
                sides = 0
                back = 0
                for b in range(n_sides):
                    sides |= (sp[s, SP_OUT + b] + 2) << (5 * b)
                    if sp[s, SP_OUT + b] >= 0:
                        back += side_stakes[b, 0] + sp[s, SP_WIN + b]
                row[F_SPOT + 3 * s] = packed
                row[F_SPOT + 3 * s + 1] = sides
                row[F_SPOT + 3 * s + 2] = back
    _add_sums(sums, t_rounds, t_net, t_net_sq, t_staked, t_staked_sq, t_net_staked, t_ins, t_ins_sq)
    return rounds, wpos
