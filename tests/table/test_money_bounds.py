"""Every money figure at the table fits a signed 64-bit integer (issue 16).

A stake of 10^30 replayed to a net of 1.5 x 10^30, which a database column or a tool reading JSON
numbers cannot hold. The table applies the engine's bound: limits, chips and grants over it are
refused when configured, and a deal whose round could stake or return more is ``invalid-bet``.
"""

from __future__ import annotations

import pytest

from twentyone.errors import InvalidBetError
from twentyone.money import MAX_MONEY
from twentyone.table.layout import BetLayout, Betting
from twentyone.table.limits import BetLimits, OverMaxPolicy, TableConfig
from twentyone.variants import find_variant

EUROPEAN = find_variant("european").rules


def test_bet_limits_beyond_64_bits_are_refused() -> None:
    with pytest.raises(ValueError, match="max_bet <= 9223372036854775807"):
        BetLimits(100, 2**63)
    assert BetLimits(100, MAX_MONEY).max_bet == 2**63 - 1


@pytest.mark.parametrize(
    "config",
    [{"chips": (100, 2**63)}, {"opening_grant": 2**63}],
    ids=["chip", "opening-grant"],
)
def test_chips_and_grants_beyond_64_bits_are_refused(config: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="9223372036854775807"):
        TableConfig(**config)  # type: ignore[arg-type]


def test_a_deal_whose_round_could_pass_64_bits_is_invalid_bet() -> None:
    """European splits once (two hands), so a bet of 2^62 could stake 2^63 by splitting alone:
    the table refuses the deal before any money moves, with the engine's ``invalid-bet``."""
    chip = 2**62
    betting = Betting(
        EUROPEAN, BetLimits(1, MAX_MONEY), (chip,), OverMaxPolicy.REFUSE, balance=MAX_MONEY
    )
    layout = betting.place(BetLayout.empty(EUROPEAN), 0, chip).layout
    with pytest.raises(InvalidBetError, match="signed 64-bit integer") as info:
        betting.check_deal(layout)
    assert info.value.code == "invalid-bet"


def test_a_deal_well_inside_the_bound_goes_ahead() -> None:
    chip = 10**15
    betting = Betting(
        EUROPEAN, BetLimits(1, MAX_MONEY), (chip,), OverMaxPolicy.REFUSE, balance=10**16
    )
    layout = betting.place(BetLayout.empty(EUROPEAN), 0, chip).layout
    assert [bet.bet for bet in betting.check_deal(layout)] == [chip]
