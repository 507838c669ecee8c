"""Settling a hand against the dealer, and the dealer's drawing rule."""

from __future__ import annotations

import math
from fractions import Fraction

from twentyone.cards import Card
from twentyone.engine.hands import PlayerHand
from twentyone.engine.model import Outcome
from twentyone.rules import Rules


def ceil_money(value: Fraction | int) -> int:
    """Round a payout up to whole minor units, in the player's favour.

    >>> ceil_money(Fraction(3, 2) * 5)
    8
    """
    return math.ceil(value)


def dealer_draws(hard: int, has_ace: bool, hits_soft_17: bool) -> bool:
    """The dealer draws to 16 and stands on 17 or more (soft 17 too, unless ``hits_soft_17``).

    ``hard`` is the dealer's total with aces as 1; ``has_ace`` whether there is an ace.

    >>> dealer_draws(7, True, hits_soft_17=False), dealer_draws(7, True, hits_soft_17=True)
    (False, True)
    >>> dealer_draws(16, False, hits_soft_17=False), dealer_draws(17, False, hits_soft_17=True)
    (True, False)
    """
    soft = has_ace and hard <= 11
    value = hard + 10 if soft else hard
    return value < 17 or (value == 17 and soft and hits_soft_17)


def final_result(
    rules: Rules, hand: PlayerHand, up: Card, dealer_blackjack: bool, dealer_total: int
) -> tuple[Outcome, int]:
    """The outcome of a hand still in play when the dealer has finished, and what it returns.

    Against a dealer blackjack a player blackjack pushes and everything else loses, except what
    the no-peek refund switches return per up card (the double part; every split hand after the
    first), each outcome named for what happened to the money. Otherwise a blackjack pays the
    blackjack odds, a Charlie (where it wins) and a higher total pay 1:1, equal totals push.
    """
    if dealer_blackjack:
        if hand.natural:
            return Outcome.PUSH, hand.bet
        ace_up = up.points == 1
        takes_double = rules.bj_takes_double_vs_ace if ace_up else rules.bj_takes_double_vs_ten
        takes_split = rules.bj_takes_split_vs_ace if ace_up else rules.bj_takes_split_vs_ten
        double_back = bool(hand.double) and not takes_double
        bet_back = hand.index > 0 and not takes_split
        if bet_back and (double_back or not hand.double):
            return Outcome.STAKE_RETURNED, hand.stake
        if bet_back:
            return Outcome.BET_RETURNED_DOUBLE_LOST, hand.bet
        if double_back:
            return Outcome.BET_LOST_DOUBLE_RETURNED, hand.double
        return Outcome.LOSE, 0
    if hand.natural:
        return Outcome.BLACKJACK, hand.bet + ceil_money(hand.bet * rules.blackjack_pays)
    charlie = rules.charlie_cards
    if charlie is not None and rules.charlie_wins and len(hand.cards) >= charlie:
        return Outcome.CHARLIE, 2 * hand.stake
    player = hand.total
    if dealer_total > 21 or player > dealer_total:
        return Outcome.WIN, 2 * hand.stake
    if player == dealer_total:
        return Outcome.PUSH, hand.stake
    return Outcome.LOSE, 0
