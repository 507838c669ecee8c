"""The side bets in the kernel: every spot's outcome from the tables of :mod:`.tables`, each
side bet's winnings capped over the round, and which wagers are still open when a
no-hole-card dealer plays (an open wager makes the dealer draw the second card)."""

from __future__ import annotations

from twentyone.analysis.simulate.arrays import I16, I32, I64
from twentyone.analysis.simulate.compile import code, expand, inline, rank, unsigned
from twentyone.analysis.simulate.player import (
    SP_C0,
    SP_C1,
    SP_C2,
    SP_N,
    SP_OUT,
    SP_READY,
    SP_WIN,
    SPC,
)
from twentyone.analysis.simulate.record import T_SIDE
from twentyone.analysis.simulate.tables import (
    NO_CARD,
    R_OPEN_LADIES,
    R_OPEN_SEVENS,
    R_QUEEN_HEARTS,
    SIDE_LINE_BITS,
)

SEVEN = 6
LINE_MASK = (1 << SIDE_LINE_BITS) - 1
"""The rank index of a seven."""


@inline
def open_at_the_end(rules: I64, sp: I64, spots: int, asks: int) -> bool:
    """Whether a side bet is still undecided when the dealer of a no-hole-card game plays
    (the up card an ace or a ten): a Lucky Ladies queen-of-hearts pair, or a Lucky 7 on two
    sevens that became decidable after the engine's last check (``asks``)."""
    sevens = rules[R_OPEN_SEVENS] == 1
    ladies = rules[R_OPEN_LADIES] == 1
    queen = rules[R_QUEEN_HEARTS]
    for s in range(spots):
        base = s * SPC
        c0 = sp[base + SP_C0]
        c1 = sp[base + SP_C1]
        if ladies and code(c0) == queen and code(c1) == queen:
            return True
        if sevens and rank(c0) == SEVEN and rank(c1) == SEVEN and sp[base + SP_READY] == asks:
            return True
    return False


@expand
def settle_side_bets(
    n_sides: int,
    spots: int,
    up_card: int,
    blackjack: int,
    side_pairs: I16,
    side_table: I32,
    side_strides: I64,
    side_stakes: I64,
    sp: I64,
    sums: I64,
    side_counts: I64,
) -> int:
    """Decide and pay every spot's side bets; adds to the tallies and returns what the side
    bets returned, stakes included.

    The round's part of each lookup (the up card, the dealer's blackjack) is added once per
    bet, the third card is read only by a bet whose table reads it, and the losing spots are
    counted on the way (a losing spot's stake is its net) rather than in a second pass. Each
    table entry carries its line's payout, so no second table is read.
    """
    side_returned = 0
    up = code(up_card)
    for b in range(n_sides):
        stake = side_stakes[b, 0]
        cap = side_stakes[b, 1]
        row_len = side_strides[b, 0]
        third_stride = side_strides[b, 1]
        at_round = side_strides[b, 4] + up * side_strides[b, 2] + blackjack * side_strides[b, 3]
        pairs = side_strides[b, 5]
        won = 0
        losers = 0
        for s in range(spots):
            at = s * SPC
            key = (
                at_round
                + side_pairs[unsigned(pairs + 52 * code(sp[at + SP_C0]) + code(sp[at + SP_C1]))]
                * row_len
            )
            if third_stride != 0:
                key += (code(sp[at + SP_C2]) if sp[at + SP_N] >= 3 else NO_CARD) * third_stride
            entry = side_table[unsigned(key)]
            index = entry & LINE_MASK  # the outcome index + 1, 0 lose
            sp[at + SP_OUT + b] = index - 1
            side_counts[b, unsigned(index)] += 1
            losers += index == 0
            win = stake * (entry >> SIDE_LINE_BITS)
            sp[at + SP_WIN + b] = win
            won += win
        if 0 <= cap < won:
            capped = 0
            for s in range(spots):
                at = s * SPC + SP_WIN + b
                sp[at] = sp[at] * cap // won
                capped += sp[at]
            won = capped
        net = won - losers * stake
        side_returned += (spots - losers) * stake + won
        sums[T_SIDE + 2 * b] += net
        sums[T_SIDE + 2 * b + 1] += net * net
    return side_returned
