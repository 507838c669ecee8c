"""The reference path: the engine's own :class:`~twentyone.engine.Round` plays every round.

``spots`` spots, each with the main bet and every side bet of the rules at its minimum stake;
insurance and even money by the policy; each hand played by the strategy. Each round yields the
record the fast kernel writes (:data:`twentyone.analysis.simulate.kernel.FIELDS`), so the two
can be compared round by round on the same shoes (checked mode).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from twentyone.analysis.simulate.arrays import I64
from twentyone.analysis.simulate.fast import ChunkTallies
from twentyone.analysis.simulate.record import (
    F_CARDS,
    F_DEALER,
    F_FLAGS,
    F_INS_RETURNED,
    F_INS_STAKED,
    F_RETURNED,
    F_SIDE_RETURNED,
    F_SPOT,
    F_STAKED,
    FLAG_BUST,
    FLAG_CHARLIE,
    FLAG_DEALER_BLACKJACK,
    FLAG_DEALER_BUST,
    FLAG_DOUBLE,
    FLAG_EVEN_MONEY,
    FLAG_INSURANCE,
    FLAG_NAMES,
    FLAG_PLAYER_BLACKJACK,
    FLAG_REFUND,
    FLAG_SPLIT,
    FLAG_SURRENDER,
    N_FIELDS,
    OUTCOME_NAMES,
    T_INS_NET,
    T_INS_NET_SQ,
    T_NET,
    T_NET_SQ,
    T_NET_STAKED,
    T_ROUNDS,
    T_SIDE,
    T_STAKED,
    T_STAKED_SQ,
)
from twentyone.analysis.simulate.strategy import InsurancePolicy, PlayStrategy
from twentyone.analysis.simulate.tables import MAIN_BET, Layout, layout, played_side_bets
from twentyone.cards import Card, Shoe
from twentyone.engine import Action, Outcome, Round, SpotBet, WagerKind
from twentyone.engine.settle import ceil_money
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.sidebets.base import LOSE
from twentyone.sidebets.paytables import OUTCOMES

Decide = Callable[[tuple[Card, ...], Card, frozenset[str]], str]
"""``(hand cards sorted by code, up card, legal action names) -> action name``."""

_OUTCOME_CODES = {Outcome(name): code for code, name in OUTCOME_NAMES.items()}
_FLAG_OF = {
    Outcome.BUST: FLAG_BUST,
    Outcome.CHARLIE: FLAG_CHARLIE,
    Outcome.BET_LOST_DOUBLE_RETURNED: FLAG_REFUND,
    Outcome.BET_RETURNED_DOUBLE_LOST: FLAG_REFUND,
    Outcome.STAKE_RETURNED: FLAG_REFUND,
    Outcome.SURRENDER: FLAG_SURRENDER,
    Outcome.EVEN_MONEY: FLAG_EVEN_MONEY,
}


def decider(strategy: PlayStrategy) -> Decide:
    """The strategy's choice, memoised (it depends on the hand's cards, up card and legal set)."""

    @cache
    def decide(cards: tuple[Card, ...], up: Card, legal: frozenset[str]) -> str:
        return strategy.action(cards, up, legal=legal)

    return decide


def spot_bets(rules: Rules, spots: int) -> list[SpotBet]:
    """The simulated spots: the main bet, and every side bet at its minimum stake."""
    sides = {str(bet.name): bet.min_stake for bet in played_side_bets(rules)}
    return [SpotBet.of(MAIN_BET, sides) for _ in range(spots)]


def takes_insurance(rules: Rules, policy: InsurancePolicy, cards: tuple[Card, ...]) -> bool:
    """The policy's answer for a spot holding ``cards`` against an ace up.

    ``best`` compares expected values with the spot's own cards and the ace removed from the
    shoe: insurance wins ``insurance_pays`` on half the bet when the hole card is a ten; even
    money (a blackjack's sure 1:1) beats the blackjack's odds paid unless the hole card is a
    ten. A tie declines.
    """
    if policy is not InsurancePolicy.BEST:
        return policy is InsurancePolicy.ALWAYS
    left = 52 * rules.decks - 3
    tens = 16 * rules.decks - sum(1 for c in cards if c.points == 10)
    natural = sorted(c.points for c in cards) == [1, 10]
    if natural and rules.even_money:
        bj_win = ceil_money(MAIN_BET * rules.blackjack_pays)
        return MAIN_BET * left > (left - tens) * bj_win
    ins_win = ceil_money(MAIN_BET * rules.insurance_pays / 2)
    return tens * ins_win > (left - tens) * (MAIN_BET // 2)


def play(rnd: Round, decide: Decide, rules: Rules, policy: InsurancePolicy) -> None:
    """Play a dealt round to the end: insurance by ``policy``, hands by ``decide``."""
    up = rnd.up_card
    while not rnd.is_over:
        legal = rnd.legal_actions()
        hand = rnd.current_hand()
        assert hand is not None
        if Action.INSURANCE in legal or Action.EVEN_MONEY in legal:
            take = takes_insurance(rules, policy, hand.cards)
            if Action.EVEN_MONEY in legal:
                rnd.act(Action.EVEN_MONEY if take else Action.NO_EVEN_MONEY)
            else:
                rnd.act(Action.INSURANCE if take else Action.NO_INSURANCE)
            continue
        key = tuple(sorted(hand.cards, key=lambda c: c.code))
        rnd.act(decide(key, up, frozenset(str(a) for a in legal)))


def record(rnd: Round, rules: Rules) -> list[int]:
    """The round's record in the kernel's layout."""
    row = [0] * N_FIELDS
    hands = rnd.hands()
    flags = FLAG_SPLIT if len(hands) > len(rnd.bets) else 0
    shifts = [0] * len(rnd.bets)
    for hand in hands:
        row[F_STAKED] += hand.stake
        row[F_RETURNED] += hand.returned or 0
        assert hand.outcome is not None
        row[F_SPOT + 3 * hand.spot] |= _OUTCOME_CODES[hand.outcome] << shifts[hand.spot]
        shifts[hand.spot] += 4
        flags |= FLAG_DOUBLE if hand.doubled else 0
        flags |= FLAG_PLAYER_BLACKJACK if hand.blackjack else 0
        flags |= _FLAG_OF.get(hand.outcome, 0)
    flags |= FLAG_DEALER_BLACKJACK if rnd.dealer_blackjack else 0
    flags |= FLAG_DEALER_BUST if rnd.dealer_total > 21 else 0
    bets = played_side_bets(rules)
    order = {str(bet.name): b for b, bet in enumerate(bets)}
    for line in rnd.settlement:
        if line.kind is WagerKind.INSURANCE:
            row[F_INS_STAKED] += line.stake
            row[F_INS_RETURNED] += line.returned
            flags |= FLAG_INSURANCE
        elif line.kind is WagerKind.SIDE:
            assert line.name is not None
            b = order[line.name]
            names = OUTCOMES[bets[b].name]
            index = -1 if line.outcome == LOSE else names.index(line.outcome)
            row[F_SPOT + 3 * line.spot + 1] |= (index + 2) << (5 * b)
            row[F_SPOT + 3 * line.spot + 2] += line.returned
            row[F_SIDE_RETURNED] += line.returned
    row[F_FLAGS] = flags
    row[F_CARDS] = rnd.shoe.dealt
    row[F_DEALER] = rnd.dealer_total
    return row


def _tally(tallies: ChunkTallies, rnd: Round, row: list[int], lay: Layout) -> None:
    """Add one engine round to the kernel's kind of tallies."""
    staked, returned = row[F_STAKED], row[F_RETURNED]
    ins = row[F_INS_RETURNED] - row[F_INS_STAKED]
    net = returned - staked + ins
    sums = tallies.sums
    for column, value in (
        (T_ROUNDS, 1),
        (T_NET, net),
        (T_NET_SQ, net * net),
        (T_STAKED, staked),
        (T_STAKED_SQ, staked * staked),
        (T_NET_STAKED, net * staked),
        (T_INS_NET, ins),
        (T_INS_NET_SQ, ins * ins),
    ):
        sums[column] += value
    tallies.net_hist[(net - lay.net_low) // lay.net_unit] += 1
    for f, bit in enumerate(FLAG_NAMES):
        if row[F_FLAGS] & bit:
            tallies.flags[f] += 1
    per_spot = [0] * len(rnd.bets)
    for hand in rnd.hands():
        assert hand.outcome is not None
        tallies.outcomes[_OUTCOME_CODES[hand.outcome]] += 1
        per_spot[hand.spot] += 1
    for count in per_spot:
        tallies.hand_counts[count] += 1
    side_net = [0] * len(lay.side_names)
    for line in rnd.settlement:
        if line.kind is WagerKind.SIDE:
            b = lay.side_names.index(str(line.name))
            side_net[b] += line.returned - line.stake
            names = lay.side_outcomes[b]
            line_index = 0 if line.outcome == LOSE else names.index(str(line.outcome)) + 1
            tallies.side_counts[b, line_index] += 1
    for b, value in enumerate(side_net):
        sums[T_SIDE + 2 * b] += value
        sums[T_SIDE + 2 * b + 1] += value * value


def engine_rounds(
    rules: Rules,
    seed: int | np.random.SeedSequence,
    rounds: int,
    strategy: PlayStrategy,
    *,
    spots: int = 1,
    insurance: InsurancePolicy = InsurancePolicy.NEVER,
) -> tuple[ChunkTallies, I64]:
    """Play ``rounds`` engine rounds from shoes shuffled by one seeded source.

    Args:
        rules: the game.
        seed: the source's seed (the same seed gives the kernel the same shoes).
        rounds: how many rounds.
        strategy: the play.
        spots: spots played each round.
        insurance: the insurance policy.

    Returns:
        The tallies (as the kernel keeps them) and one record per round.
    """
    decide = decider(strategy)
    rng = SeededRandomSource(seed)
    bets = spot_bets(rules, spots)
    lay = layout(rules, spots)
    tallies = ChunkTallies(lay.net_bins)
    out = np.zeros((rounds, N_FIELDS), dtype=np.int64)
    for k in range(rounds):
        rnd = Round.start(rules, bets, Shoe.shuffled(rules.decks, rng, lazy=True))
        play(rnd, decide, rules, insurance)
        row = record(rnd, rules)
        out[k] = row
        _tally(tallies, rnd, row, lay)
    return tallies, out
