"""Checking the bets of a round against its rules (SPEC sections 3 and 4)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from twentyone.engine.model import SpotBet
from twentyone.engine.shared import LIMIT
from twentyone.errors import InvalidBetError
from twentyone.money import MAX_MONEY
from twentyone.rules import Rules
from twentyone.sidebets.paytables import SideBetName, find_paytable

_CHECKED: set[tuple[Rules, tuple[SpotBet, ...]]] = set()
"""Bets already found valid (the check is pure, so its success can be remembered)."""


def check_bets(rules: Rules, bets: tuple[SpotBet, ...]) -> None:
    """Raise :class:`InvalidBetError` unless every spot's bets are allowed.

    One to ``max_spots`` spots, each a positive main bet in whole minor units; side bets only
    those offered, once each, within their stake limits (Lucky 7: exactly one credit). Every
    money figure of the round must fit a signed 64-bit integer (:data:`MAX_MONEY`): a bet is
    refused when the most the round could stake or return (every hand split to the maximum and
    doubled, insurance, the best side-bet outcome) would exceed it.
    """
    key = (rules, bets)
    if key in _CHECKED:
        return
    _check(rules, bets)
    if len(_CHECKED) >= LIMIT:
        _CHECKED.clear()
    _CHECKED.add(key)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check(rules: Rules, bets: Sequence[SpotBet]) -> None:
    if not bets:
        raise InvalidBetError("place a bet on at least one spot")
    if len(bets) > rules.max_spots:
        raise InvalidBetError(f"at most {rules.max_spots} spots may be played, not {len(bets)}")
    for index, spot in enumerate(bets):
        if not _whole(spot.bet) or spot.bet <= 0:
            raise InvalidBetError(
                f"spot {index}: the main bet must be a positive whole number of minor units"
            )
        if spot.bet > MAX_MONEY:
            raise InvalidBetError(
                f"spot {index}: a main bet of {spot.bet} is over the largest money figure, "
                f"{MAX_MONEY} minor units (a signed 64-bit integer)"
            )
        seen: set[SideBetName] = set()
        for name, stake in spot.side_bets:
            offer = rules.side_bet(name)
            if offer is None:
                offered = ", ".join(str(b.name) for b in rules.side_bets) or "none"
                raise InvalidBetError(
                    f"spot {index}: side bet {name} is not offered here (offered: {offered})"
                )
            if name in seen:
                raise InvalidBetError(f"spot {index}: side bet {name} placed twice")
            seen.add(name)
            if not _whole(stake):
                raise InvalidBetError(
                    f"spot {index}: side bet {name} stake must be whole minor units"
                )
            if not offer.min_stake <= stake <= offer.max_stake:
                limits = (
                    f"exactly {offer.min_stake}"
                    if offer.min_stake == offer.max_stake
                    else f"{offer.min_stake} to {offer.max_stake}"
                )
                raise InvalidBetError(
                    f"spot {index}: side bet {name} stake must be {limits}, not {stake}"
                )
    most = sum(_most_money(rules, spot) for spot in bets)
    if most > MAX_MONEY:
        raise InvalidBetError(
            f"these bets could stake or return up to {most} minor units in one round, over the "
            f"largest money figure, {MAX_MONEY} (a signed 64-bit integer); bet less"
        )


def _most_money(rules: Rules, spot: SpotBet) -> int:
    """An upper bound on what one spot's wagers can stake, or return, in one round.

    >>> from twentyone.rules import Rules
    >>> _most_money(Rules(max_split_hands=4), SpotBet(1000))  # 4 doubled hands all winning
    17500
    """
    bet = spot.bet
    hands = rules.max_split_hands
    hand_staked = 2 * hands * bet  # every hand split to the maximum and doubled
    hand_returned = max(2 * hand_staked, bet + math.ceil(bet * rules.blackjack_pays))
    insured = 0
    if rules.insurance:
        insured = bet // 2 + math.ceil(Fraction(bet, 2) * rules.insurance_pays)
    side = 0
    for name, stake in spot.side_bets:
        offer = rules.side_bet(name)
        assert offer is not None  # checked above
        best = max(pays for _, pays in find_paytable(name, offer.paytable).pays)
        side += stake * (1 + best)
    return max(hand_staked + bet // 2, hand_returned) + insured + side
