"""The side-bet implementations by name."""

from __future__ import annotations

from twentyone.sidebets.base import SideBet
from twentyone.sidebets.lucky7 import Lucky7
from twentyone.sidebets.lucky_ladies import LuckyLadies
from twentyone.sidebets.lucky_lucky import LuckyLucky
from twentyone.sidebets.paytables import SideBetName

SIDE_BETS: dict[SideBetName, SideBet] = {
    SideBetName.LUCKY_LUCKY: LuckyLucky(),
    SideBetName.LUCKY_7: Lucky7(),
    SideBetName.LUCKY_LADIES: LuckyLadies(),
}
"""One instance of each side bet's rules."""


def side_bet(name: SideBetName | str) -> SideBet:
    """The rules of the side bet called ``name``."""
    return SIDE_BETS[SideBetName(name)]
