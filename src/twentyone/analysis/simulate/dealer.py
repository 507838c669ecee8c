"""The dealer's side of a round in the kernel (``Round._finish`` and ``settle.final_result``):
the hole card where the game deals it late, the drawing to 17, and each hand's result."""

from __future__ import annotations

from twentyone.analysis.simulate.arrays import I64, U32, U64
from twentyone.analysis.simulate.compile import best_total, inline, points
from twentyone.analysis.simulate.record import (
    O_BET_RETURNED,
    O_BLACKJACK,
    O_CHARLIE,
    O_DOUBLE_RETURNED,
    O_LOSE,
    O_PUSH,
    O_STAKE_RETURNED,
    O_WIN,
)
from twentyone.analysis.simulate.shoe import draw
from twentyone.analysis.simulate.tables import (
    R_BET,
    R_BJ_WIN,
    R_CHARLIE,
    R_CHARLIE_WINS,
    R_TAKES_DOUBLE_ACE,
    R_TAKES_DOUBLE_TEN,
    R_TAKES_SPLIT_ACE,
    R_TAKES_SPLIT_TEN,
)

MAX_CARDS = 32
"""Cards the dealer can hold."""


@inline
def draw_to_17(
    hits_soft_17: bool,
    hard: int,
    ace: int,
    nd: int,
    shoe: I64,
    words: U32,
    end: int,
    marks: I64,
    rid: int,
    limits: I64,
    magics: U64,
    pos: int,
    wpos: int,
) -> tuple[int, int, int, int]:
    """The dealer draws to 17 (and on a soft 17 where the rules say); returns ``(best total,
    dealer's cards, cards drawn, next word)``."""
    while nd < MAX_CARDS:
        total = best_total(hard, ace)
        if total > 17 or (total == 17 and not (hits_soft_17 and ace == 1 and hard <= 11)):
            break
        card, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
        pos += 1
        nd += 1
        p = points(card)
        hard += p
        if p == 1:
            ace = 1
    return best_total(hard, ace), nd, pos, wpos


@inline
def settle_hand(
    rules: I64,
    blackjack: int,
    ace_up: bool,
    dealer_total: int,
    natural: int,
    doubled: int,
    first: int,
    cards: int,
    total: int,
) -> tuple[int, int]:
    """A hand still in play at the end: its outcome code and what it returns."""
    bet = rules[R_BET]
    stake = bet * (1 + doubled)
    if blackjack == 1:
        if natural == 1:
            return O_PUSH, bet
        takes_double = rules[R_TAKES_DOUBLE_ACE] if ace_up else rules[R_TAKES_DOUBLE_TEN]
        takes_split = rules[R_TAKES_SPLIT_ACE] if ace_up else rules[R_TAKES_SPLIT_TEN]
        double_back = doubled == 1 and takes_double == 0
        bet_back = first == 0 and takes_split == 0
        if bet_back and (double_back or doubled == 0):
            return O_STAKE_RETURNED, stake
        if bet_back:
            return O_BET_RETURNED, bet
        if double_back:
            return O_DOUBLE_RETURNED, bet
        return O_LOSE, 0
    if natural == 1:
        return O_BLACKJACK, bet + rules[R_BJ_WIN]
    charlie = rules[R_CHARLIE]
    if charlie > 0 and rules[R_CHARLIE_WINS] == 1 and cards >= charlie:
        return O_CHARLIE, 2 * stake
    # win, push or lose without a branch: which it is, is the round's most random question
    win = (dealer_total > 21) | (total > dealer_total)
    push = total == dealer_total
    return O_LOSE - (O_LOSE - O_WIN) * win - (O_LOSE - O_PUSH) * push, stake * (2 * win + push)


@inline
def is_blackjack(dealer0: int, dealer1: int) -> int:
    """1 when the dealer's two cards are a blackjack, one of them known to be an ace or a ten."""
    return 1 if points(dealer0) + points(dealer1) == 11 else 0
