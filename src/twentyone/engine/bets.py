"""Checking the bets of a round against its rules (SPEC sections 3 and 4)."""

from __future__ import annotations

from collections.abc import Sequence

from twentyone.engine.model import SpotBet
from twentyone.engine.shared import LIMIT
from twentyone.errors import InvalidBetError
from twentyone.rules import Rules
from twentyone.sidebets.paytables import SideBetName

_CHECKED: set[tuple[Rules, tuple[SpotBet, ...]]] = set()
"""Bets already found valid (the check is pure, so its success can be remembered)."""


def check_bets(rules: Rules, bets: tuple[SpotBet, ...]) -> None:
    """Raise :class:`InvalidBetError` unless every spot's bets are allowed.

    One to ``max_spots`` spots, each a positive main bet in whole minor units; side bets only
    those offered, once each, within their stake limits (Lucky 7: exactly one credit).
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
