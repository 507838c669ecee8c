"""The player's side of a round in the kernel: one spot's hands, from its two cards to the
last split hand, as the engine plays them (``Round._apply`` / ``_advance`` / ``_check_hand``).

A spot is played in one go: the engine plays the spots in order and each hand to its end, so
the hand being played lives in registers, and a split only pushes the hand it leaves behind
(its one card) on the spot's stack: that hand is played right after the one that split, in
the order the engine numbers them. A finished hand is written once into the round's hand rows
(``HF_*`` columns), in play order, for the dealer and the settlement.

The strategy is data: the decision tables of :mod:`.tables` answer every question.
"""

from __future__ import annotations

import numpy as np

from twentyone.analysis.simulate.arrays import I8, I16, I64, U32, U64
from twentyone.analysis.simulate.compile import best_total, expand, inline, points, rank, unsigned
from twentyone.analysis.simulate.record import O_BUST, O_CHARLIE, O_EVEN_MONEY, O_SURRENDER
from twentyone.analysis.simulate.shoe import draw
from twentyone.analysis.simulate.tables import (
    DOUBLE,
    HIT,
    R_BET,
    R_CHARLIE,
    R_CHARLIE_WINS,
    R_SURRENDER_RETURN,
    SPLIT,
    STAND,
    SURRENDER,
)

MAX_SPOTS = 7
MAX_HANDS = 4 * MAX_SPOTS

# a finished hand's row
HF_SPOT, HF_OUTCOME, HF_RETURNED, HF_DOUBLE, HF_NATURAL, HF_CARDS, HF_TOTAL, HF_FIRST = range(8)
"""Spot; outcome code (0 = still to settle); returned; doubled (0/1); a natural; cards;
best total; the spot's first hand (the one that keeps its bet when a later split hand is
refunded)."""
HS = 8

# a spot's row
SP_C0, SP_C1, SP_C2, SP_N, SP_HANDS, SP_START, SP_INS, SP_READY, SP_EVEN = range(9)
"""The spot's first three cards (for the side bets), cards dealt to it, its hands, its first
hand's row, its insurance stake, the number of decisions asked when its Lucky 7 became
decidable (see :func:`play_spot`), and whether it took even money."""
SP_STACK = 9
"""Three slots: the cards of split hands waiting to be played, last pushed first."""
SP_OUT = 12
"""Per side bet: the spot's outcome index (-1 lost)."""
SP_WIN = 15
"""Per side bet: what the spot's side bet wins (before its stake is returned)."""
SPC = 18


def new_work(cards: int) -> tuple[I64, I64, I64]:
    """The kernel's working arrays: hand rows, spot rows and the shuffle's marks (a shoe of
    ``cards`` cards, see :func:`~.shoe.draw`)."""
    return (
        np.zeros(MAX_HANDS * HS, dtype=np.int64),
        np.zeros(MAX_SPOTS * SPC, dtype=np.int64),
        np.zeros(cards, dtype=np.int64),
    )


@inline
def _spot_card(sp: I64, base: int, card: int, asks: int) -> None:
    """The spot received ``card``: note its third card (a Lucky 7 on two sevens is then
    decidable, at the next decision the engine asks)."""
    dealt = sp[base + SP_N]
    if dealt == 2:
        sp[base + SP_C2] = card
        if sp[base + SP_READY] < 0:
            sp[base + SP_READY] = asks
    sp[base + SP_N] = dealt + 1


@inline
def record_dealt_hand(hs: I64, sp: I64, s: int, nh: int, bet: int) -> None:
    """Write spot ``s``'s dealt hand as hand row ``nh`` without playing it (the dealer peeked
    a blackjack, the hand is a natural, or it took even money)."""
    base = s * SPC
    a = sp[base + SP_C0]
    b = sp[base + SP_C1]
    pa = points(a)
    pb = points(b)
    total = best_total(pa + pb, 1 if pa == 1 or pb == 1 else 0)
    row = nh * HS
    hs[row + HF_SPOT] = s
    hs[row + HF_OUTCOME] = 0
    hs[row + HF_RETURNED] = 0
    hs[row + HF_DOUBLE] = 0
    hs[row + HF_NATURAL] = 1 if total == 21 else 0
    hs[row + HF_CARDS] = 2
    hs[row + HF_TOTAL] = total
    hs[row + HF_FIRST] = 1
    if sp[base + SP_EVEN] == 1:
        hs[row + HF_OUTCOME] = O_EVEN_MONEY
        hs[row + HF_RETURNED] = 2 * bet
    sp[base + SP_START] = nh
    sp[base + SP_READY] = max(sp[base + SP_READY], 0)


@expand
def play_spot(
    rules: I64,
    first_act: I8,
    legal: I8,
    two_card: I8,
    hit: I8,
    child: I16,
    shoe: I64,
    words: U32,
    end: int,
    marks: I64,
    rid: int,
    limits: I64,
    magics: U64,
    hs: I64,
    sp: I64,
    s: int,
    nh: int,
    up: int,
    blackjack: int,
    asks: int,
    pos: int,
    wpos: int,
) -> tuple[int, int, int, int]:
    """Play spot ``s``'s hands from its two dealt cards; returns ``(hands written, decisions
    asked, cards drawn, next word)``.

    ``blackjack`` is the dealer's blackjack as known now (1, 0, or -1 when it is not known
    yet: a Charlie is then paid at the settlement). ``asks`` counts the engine's side-bet
    checks (one before each decision and one after a split hand's second card): a Lucky 7
    that became decidable after the last of them is still open when the dealer plays.
    """
    base = s * SPC
    bet = rules[R_BET]
    charlie = rules[R_CHARLIE]
    charlie_now = rules[R_CHARLIE_WINS] == 1 and blackjack == 0
    sp[base + SP_START] = nh
    a = sp[base + SP_C0]
    b = sp[base + SP_C1]
    first = 1
    from_split = 0
    split_aces = 0
    waiting = 0
    hands = 1
    while True:
        # a hand of two cards: dealt (``a``, ``b``), or a split hand that just took its second
        pa = points(a)
        pb = points(b)
        hard = pa + pb
        ace = 1 if pa == 1 or pb == 1 else 0
        total = best_total(hard, ace)
        n = 2
        node = child[unsigned(child[unsigned(pa - 1)] * 10 + pb - 1)]
        doubled = 0
        outcome = 0
        returned = 0
        natural = 0
        done = 0
        mask = 0
        if from_split == 0:
            natural = 1 if total == 21 else 0
            done = natural
        else:
            asks += 1
            mask = legal[
                unsigned((((split_aces * 2 + 1) * 4 + hands - 1) * 13 + rank(a)) * 13 + rank(b))
            ]
            if total == 21 or (split_aces == 1 and mask & ((1 << HIT) | (1 << SPLIT)) == 0):
                done = 1
        split = False
        while done == 0:
            asks += 1
            if n == 2:
                if from_split == 0:
                    action = first_act[unsigned(((up - 1) * 13 + rank(a)) * 13 + rank(b))]
                else:
                    action = two_card[
                        unsigned((((up - 1) * 10 + pa - 1) * 10 + pb - 1) * 32 + mask)
                    ]
            else:
                action = HIT if hit[unsigned(node * 10 + up - 1)] == 1 else STAND
            if action in (HIT, DOUBLE):
                card, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
                pos += 1
                _spot_card(sp, base, card, asks)
                p = points(card)
                hard += p
                if p == 1:
                    ace = 1
                n += 1
                if node >= 0:
                    node = child[unsigned(node * 10 + p - 1)]
                total = best_total(hard, ace)
                if action == DOUBLE:
                    doubled = 1
                    done = 1
                    if total > 21:
                        outcome = O_BUST
                elif total > 21:
                    outcome = O_BUST
                    done = 1
                elif charlie > 0 and n >= charlie:
                    done = 1
                    if charlie_now:
                        outcome = O_CHARLIE
                        returned = 2 * bet
                elif total == 21:
                    done = 1
            elif action == STAND:
                done = 1
            elif action == SPLIT:
                sp[base + SP_STACK + waiting] = b
                waiting += 1
                hands += 1
                from_split = 1
                split_aces = 1 if pa == 1 else 0
                b, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
                pos += 1
                _spot_card(sp, base, b, asks)
                split = True
                break
            elif action == SURRENDER:
                outcome = O_SURRENDER
                returned = rules[R_SURRENDER_RETURN]
                done = 1
            else:  # pragma: no cover - the tables cover every legal set
                done = 1
        if split:
            continue  # the hand that split plays on with its new second card
        row = nh * HS
        hs[row + HF_SPOT] = s
        hs[row + HF_OUTCOME] = outcome
        hs[row + HF_RETURNED] = returned
        hs[row + HF_DOUBLE] = doubled
        hs[row + HF_NATURAL] = natural
        hs[row + HF_CARDS] = n
        hs[row + HF_TOTAL] = total
        hs[row + HF_FIRST] = first
        nh += 1
        if waiting == 0:
            break
        # the next split hand takes its second card
        waiting -= 1
        a = sp[base + SP_STACK + waiting]
        b, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
        pos += 1
        _spot_card(sp, base, b, asks)
        first = 0
    sp[base + SP_HANDS] = hands
    if sp[base + SP_READY] < 0:
        sp[base + SP_READY] = asks
    return nh, asks, pos, wpos
