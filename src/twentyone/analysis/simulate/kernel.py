"""The fast kernel: the engine's round over integer arrays, compiled by Numba.

It re-implements the round's *flow* — the deal to every spot, insurance and even money by a
policy, the peek, each spot's hands in the engine's order (:mod:`.player`), the dealer's
drawing and the settlement (:mod:`.dealer`), the side bets of every spot with their shared
round cap (:mod:`.sides`) — and reads everything else from tables derived from the modules
that own those rules (:mod:`.tables`). It is checked against the engine round for round on the
same shoes (:mod:`.shoe`); nothing here is trusted on its own.

Every array is a plain argument, unpacked once: no tuple of arrays travels through the calls
(Numba would count references on every access), and the kernel and its helpers are compiled
without reference counting (:func:`~.compile.jit`), so that LLVM inlines the small helpers and
no array is counted at a call. The kernel adds each round into tallies
(:mod:`.record`); it writes a per-round record only when given rows to write.
"""

from __future__ import annotations

from twentyone.analysis.simulate.arrays import I8, I16, I32, I64, U32, U64
from twentyone.analysis.simulate.compile import NUMBA, best_total, inline, jit, points, unsigned
from twentyone.analysis.simulate.dealer import draw_to_17, is_blackjack, settle_hand
from twentyone.analysis.simulate.player import (
    HF_CARDS,
    HF_DOUBLE,
    HF_FIRST,
    HF_NATURAL,
    HF_OUTCOME,
    HF_RETURNED,
    HF_TOTAL,
    HS,
    SP_C0,
    SP_C1,
    SP_EVEN,
    SP_HANDS,
    SP_INS,
    SP_N,
    SP_OUT,
    SP_READY,
    SP_START,
    SP_WIN,
    SPC,
    new_work,
    play_spot,
    record_dealt_hand,
)
from twentyone.analysis.simulate.record import (
    F_SPOT,
    FIELDS,
    FLAG_DEALER_BLACKJACK,
    FLAG_DEALER_BUST,
    FLAG_DOUBLE,
    FLAG_EVEN_MONEY,
    FLAG_INSURANCE,
    FLAG_NAMES,
    FLAG_PLAYER_BLACKJACK,
    FLAG_SPLIT,
    N_FIELDS,
    N_FLAGS,
    OUTCOME_FLAGS,
    OUTCOME_NAMES,
    T_INS_NET,
    T_INS_NET_SQ,
    T_NET,
    T_NET_SQ,
    T_NET_STAKED,
    T_ROUNDS,
    T_STAKED,
    T_STAKED_SQ,
    new_tallies,
)
from twentyone.analysis.simulate.shoe import draw, shuffle_tables
from twentyone.analysis.simulate.sides import open_at_the_end, settle_side_bets
from twentyone.analysis.simulate.tables import (
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
    R_TENS,
)

__all__ = [
    "FIELDS",
    "FLAG_NAMES",
    "NUMBA",
    "N_FIELDS",
    "OUTCOME_NAMES",
    "new_tallies",
    "new_work",
    "play_rounds",
    "shuffle_tables",
]


@inline
def _wants_insurance(rules: I64, c0: int, c1: int, natural: int) -> bool:
    """The policy's answer for a spot holding ``c0, c1`` against an ace up (even money when
    ``natural``); ``best`` compares expected values with the spot's cards and the ace out."""
    policy = rules[R_INS_POLICY]
    if policy != 2:
        return bool(policy == 1)
    left = 52 * rules[R_TENS] // 16 - 3
    tens = rules[R_TENS] - (1 if points(c0) == 10 else 0) - (1 if points(c1) == 10 else 0)
    bet = rules[R_BET]
    if natural == 1:  # even money: 1:1 for sure against the blackjack's payout unless a ten
        return bool(bet * left > (left - tens) * rules[R_BJ_WIN])
    return bool(tens * rules[R_INS_WIN] > (left - tens) * (bet // 2))


@inline
def _write_record(
    records: I64,
    k: int,
    hs: I64,
    sp: I64,
    spots: int,
    n_sides: int,
    side_stakes: I64,
    values: tuple[int, int, int, int, int, int, int, int],
) -> None:
    """The round's record (checked mode only)."""
    for f in range(8):
        records[k, f] = values[f]
    for s in range(spots):
        base = s * SPC
        packed = 0
        first = sp[base + SP_START]
        for i in range(sp[base + SP_HANDS]):
            packed |= hs[(first + i) * HS + HF_OUTCOME] << (4 * i)
        sides = 0
        back = 0
        for b in range(n_sides):
            line = sp[base + SP_OUT + b]
            sides |= (line + 2) << (5 * b)
            if line >= 0:
                back += side_stakes[b, 0] + sp[base + SP_WIN + b]
        records[k, F_SPOT + 3 * s] = packed
        records[k, F_SPOT + 3 * s + 1] = sides
        records[k, F_SPOT + 3 * s + 2] = back


@jit
def play_rounds(
    rules: I64,
    first_act: I8,
    legal: I8,
    two_card: I8,
    hit: I8,
    child: I16,
    side_pairs: I16,
    side_table: I32,
    side_strides: I64,
    side_stakes: I64,
    shoe: I64,
    limits: I64,
    magics: U64,
    words: U32,
    wpos: int,
    end: int,
    hs: I64,
    sp: I64,
    marks: I64,
    first_round: int,
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
    """Play up to ``rounds`` rounds from word ``wpos`` on (of ``end`` words), numbered from
    ``first_round`` for the shoe's marks; returns (rounds played, next word).

    A round that would need more words than are left is not played (nor tallied): the call
    returns early so that the caller can add words and go on.
    """
    spots = rules[R_SPOTS]
    bet = rules[R_BET]
    peek = rules[R_PEEK]
    first_down = rules[R_FIRST_DOWN] == 1
    hits_soft_17 = rules[R_HITS_S17] == 1
    charlie = rules[R_CHARLIE]
    charlie_wins = rules[R_CHARLIE_WINS] == 1
    insurance_offered = rules[R_INSURANCE] == 1
    even_money = rules[R_EVEN_MONEY] == 1
    n_sides = rules[R_SIDES]
    # a hand of this many cards is paid as a Charlie before the dealer plays (none: no hand
    # holds that many cards)
    charlie_paid = charlie if charlie_wins and charlie > 0 else 64
    keep = records.shape[0] > 0
    # the main sums, kept in registers and added to ``sums`` on return
    t_rounds = t_net = t_net_sq = t_staked = t_staked_sq = t_net_staked = t_ins = t_ins_sq = 0
    played = rounds
    for k in range(rounds):
        start = wpos
        pos = 0
        rid = first_round + k
        # the deal: each spot, the dealer, each spot, the dealer (no hole card in ENHC)
        for s in range(spots):
            base = s * SPC
            card, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
            pos += 1
            sp[base + SP_C0] = card
            sp[base + SP_N] = 2
            sp[base + SP_INS] = 0
            sp[base + SP_READY] = -1
            sp[base + SP_EVEN] = 0
            sp[base + SP_HANDS] = 1
        dealer0, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
        pos += 1
        for s in range(spots):
            card, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
            pos += 1
            sp[s * SPC + SP_C1] = card
        dealer1 = 0
        nd = 1
        if peek != 2:
            dealer1, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
            pos += 1
            nd = 2
        up_card = dealer1 if first_down else dealer0
        up = points(up_card)
        # the dealer's blackjack: -1 while unknown (an ace or a ten up), 0 no, 1 yes; the
        # round's flags are worked out without branches where the cards decide them at random
        ace_or_ten = (up == 1) | (up == 10)
        blackjack = -int(ace_or_ten)
        insured = 0
        flags = 0
        # insurance and even money, spot by spot in play order
        if up == 1 and insurance_offered:
            for s in range(spots):
                base = s * SPC
                c0 = sp[base + SP_C0]
                c1 = sp[base + SP_C1]
                p0 = points(c0)
                p1 = points(c1)
                natural = 1 if p0 + p1 == 11 and (p0 == 1 or p1 == 1) else 0
                if natural == 1 and even_money:
                    if _wants_insurance(rules, c0, c1, 1):
                        sp[base + SP_EVEN] = 1
                        flags |= FLAG_EVEN_MONEY
                elif bet // 2 > 0 and _wants_insurance(rules, c0, c1, 0):
                    sp[base + SP_INS] = bet // 2
                    insured += 1
                    flags |= FLAG_INSURANCE
        if peek == 0:
            blackjack = ace_or_ten * is_blackjack(dealer0, dealer1)
        # the players, spot by spot (after a peek that found blackjack the round is over)
        nh = 0
        asks = 0
        for s in range(spots):
            if blackjack == 1 or sp[s * SPC + SP_EVEN] == 1:
                record_dealt_hand(hs, sp, s, nh, bet)
                nh += 1
            else:
                nh, asks, pos, wpos = play_spot(
                    rules,
                    first_act,
                    legal,
                    two_card,
                    hit,
                    child,
                    shoe,
                    words,
                    end,
                    marks,
                    rid,
                    limits,
                    magics,
                    hs,
                    sp,
                    s,
                    nh,
                    up,
                    blackjack,
                    asks,
                    pos,
                    wpos,
                )
        # the dealer (Round._finish): reveal or draw, then draw to 17 where a hand needs it
        live = False
        need_total = False
        for i in range(nh):
            row = i * HS
            open_hand = hs[row + HF_OUTCOME] == 0
            live |= open_hand
            need_total |= (
                open_hand & (hs[row + HF_NATURAL] == 0) & (hs[row + HF_CARDS] < charlie_paid)
            )
        open_bet = blackjack == -1 and (live or insured > 0)
        if peek == 2 and not open_bet and blackjack == -1 and n_sides > 0:
            open_bet = open_at_the_end(rules, sp, spots, asks)
        if peek == 2 and (need_total or open_bet):
            dealer1, wpos = draw(shoe, words, end, marks, rid, limits, magics, pos, wpos)
            pos += 1
            nd = 2
        # a second card not drawn is 0, of no points
        blackjack += (blackjack == -1) * (1 + is_blackjack(dealer0, dealer1))
        hard = points(dealer0) + points(dealer1)
        ace = int((points(dealer0) == 1) | (points(dealer1) == 1))
        dealer_total = best_total(hard, ace)
        if need_total and blackjack == 0:
            dealer_total, nd, pos, wpos = draw_to_17(
                hits_soft_17,
                hard,
                ace,
                nd,
                shoe,
                words,
                end,
                marks,
                rid,
                limits,
                magics,
                pos,
                wpos,
            )
        if wpos > end:
            played = k
            wpos = start
            break
        # settle the hands still in play and tally them
        ace_up = up == 1
        staked = 0
        returned = 0
        for i in range(nh):
            row = i * HS
            outcome = hs[row + HF_OUTCOME]
            doubled = hs[row + HF_DOUBLE]
            natural = hs[row + HF_NATURAL]
            # every hand is settled and the result kept where the hand was still in play (a
            # branch on a bust would be mispredicted as often as hands bust)
            settled, back = settle_hand(
                rules,
                blackjack,
                ace_up,
                dealer_total,
                natural,
                doubled,
                hs[row + HF_FIRST],
                hs[row + HF_CARDS],
                hs[row + HF_TOTAL],
            )
            open_hand = outcome == 0
            outcome += open_hand * settled
            back = hs[row + HF_RETURNED] + open_hand * back
            hs[row + HF_OUTCOME] = outcome
            hs[row + HF_RETURNED] = back
            staked += bet * (1 + doubled)
            returned += back
            outcomes[unsigned(outcome)] += 1
            # branch-free: the round's outcomes are random, a mispredicted branch is dear
            flags |= doubled * FLAG_DOUBLE | natural * FLAG_PLAYER_BLACKJACK
            flags |= OUTCOME_FLAGS[unsigned(outcome)]
        if nh > spots:
            flags |= FLAG_SPLIT
        flags |= (blackjack == 1) * FLAG_DEALER_BLACKJACK | (dealer_total > 21) * FLAG_DEALER_BUST
        ins_staked = 0
        ins_returned = 0
        if insured > 0:
            for s in range(spots):
                stake = sp[s * SPC + SP_INS]
                ins_staked += stake
                if stake > 0 and blackjack == 1:
                    ins_returned += stake + rules[R_INS_WIN]
        for s in range(spots):
            hand_counts[unsigned(sp[s * SPC + SP_HANDS])] += 1
        side_returned = 0
        if n_sides > 0:
            side_returned = settle_side_bets(
                n_sides,
                spots,
                up_card,
                blackjack,
                side_pairs,
                side_table,
                side_strides,
                side_stakes,
                sp,
                sums,
                side_counts,
            )
        ins_net = ins_returned - ins_staked
        net = returned - staked + ins_net
        t_rounds += 1
        t_net += net
        t_net_sq += net * net
        t_staked += staked
        t_staked_sq += staked * staked
        t_net_staked += net * staked
        t_ins += ins_net
        t_ins_sq += ins_net * ins_net
        net_hist[unsigned((net - net_low) // net_unit)] += 1
        for f in range(N_FLAGS):
            flag_counts[f] += flags >> f & 1
        if keep:
            _write_record(
                records,
                k,
                hs,
                sp,
                spots,
                n_sides,
                side_stakes,
                (
                    staked,
                    returned,
                    ins_staked,
                    ins_returned,
                    flags,
                    pos,
                    dealer_total,
                    side_returned,
                ),
            )
    sums[T_ROUNDS] += t_rounds
    sums[T_NET] += t_net
    sums[T_NET_SQ] += t_net_sq
    sums[T_STAKED] += t_staked
    sums[T_STAKED_SQ] += t_staked_sq
    sums[T_NET_STAKED] += t_net_staked
    sums[T_INS_NET] += t_ins
    sums[T_INS_NET_SQ] += t_ins_sq
    return played, wpos
