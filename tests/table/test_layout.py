"""The bet layout: chips, UNDO, CLEAR BETS, DOUBLE, REBET, limits (SPEC section 5)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.table.errors import (
    BetLimitError,
    InsufficientFundsError,
    InvalidChipError,
    NoBetsError,
)
from twentyone.table.layout import BetLayout, Betting
from twentyone.table.limits import DEFAULT_CHIPS, BetLimits, OverMaxPolicy, TableConfig
from twentyone.variants import find_variant

LL = find_variant("lucky-lucky").rules
L7 = find_variant("lucky-7").rules


def betting(
    balance: int = 100_000, over_max: OverMaxPolicy = OverMaxPolicy.REFUSE, rules=LL
) -> Betting:
    return Betting(rules, BetLimits(100, 5000), DEFAULT_CHIPS, over_max, balance)


@pytest.mark.rule("ll-9.2", "ll-9.3", "ll-13", "ll-30")
def test_chips_add_up_and_undo_takes_the_last_chip() -> None:
    """Lucky Lucky document: "Every click increases your bets by the value of the selected
    chip" and "Click UNDO to remove the last bet made from the table"."""
    b = betting()
    layout = BetLayout.empty(LL)
    layout = b.place(layout, 0, 500).layout
    layout = b.place(layout, 0, 100).layout
    layout = b.place(layout, 0, 100, "lucky-lucky").layout
    assert (layout.spots[0].bet, layout.spots[0].side("lucky-lucky")) == (600, 100)
    layout = b.undo(layout)
    assert layout.spots[0].side("lucky-lucky") == 0
    layout = b.undo(b.undo(layout))
    assert layout.is_empty
    with pytest.raises(NoBetsError):
        b.undo(layout)


@pytest.mark.rule("ll-11", "ll-12", "ll-29", "ll-33.1")
def test_double_doubles_every_bet_and_clear_removes_all() -> None:
    """Lucky Lucky document: "Clicking DOUBLE doubles every bet you have placed on the table"."""
    b = betting()
    layout = b.place(b.place(BetLayout.empty(LL), 0, 1000).layout, 2, 500).layout
    layout = b.place(layout, 2, 100, "lucky-lucky").layout
    doubled = b.double(layout).layout
    assert [s.total for s in doubled.spots] == [2000, 0, 1200, 0, 0]
    assert b.undo(doubled).spots == layout.spots
    assert b.clear(doubled).is_empty


@pytest.mark.rule("ll-92.1", "spec-5.side-limits")
def test_side_bet_needs_a_main_bet() -> None:
    """Lucky Lucky document: "Side bets cannot be placed without placing a regular bet"."""
    with pytest.raises(BetLimitError):
        betting().place(BetLayout.empty(LL), 1, 100, "lucky-lucky")


@pytest.mark.rule("ll-9.2")
def test_unknown_chip_and_spot_are_refused() -> None:
    """Lucky Lucky: "the available betting areas (the 5 larger circles)": spots 0 to 4, and the
    chips the table offers."""
    with pytest.raises(InvalidChipError):
        betting().place(BetLayout.empty(LL), 0, 300)
    with pytest.raises(InvalidChipError):
        betting().place(BetLayout.empty(LL), 5, 100)


@pytest.mark.rule("lad-46", "spec-5.procedures")
def test_over_maximum_refused_by_default() -> None:
    b = betting()
    layout = b.place(BetLayout.empty(LL), 0, 2500).layout
    layout = b.place(layout, 0, 2500).layout
    with pytest.raises(BetLimitError):
        b.place(layout, 0, 100)


@pytest.mark.rule("lad-46", "spec-5.procedures")
def test_over_maximum_honoured_with_the_rest_returned() -> None:
    """Lucky Ladies document: "the bet is honored up to the table maximum and the overage
    returned to the player"."""
    b = betting(over_max=OverMaxPolicy.HONOUR)
    layout = b.place(BetLayout.empty(LL), 0, 2500).layout
    placed = b.place(layout, 0, 10_000)
    assert placed.layout.spots[0].bet == 5000
    assert placed.returned == 7500


def test_lucky_7_side_bet_is_one_credit() -> None:
    b = betting(rules=L7)
    layout = b.place(BetLayout.empty(L7), 0, 1000).layout
    layout = b.place(layout, 0, 100, "lucky-7").layout
    with pytest.raises(BetLimitError):
        b.place(layout, 0, 100, "lucky-7")


@pytest.mark.rule("ll-14.2", "spec-5.limits")
def test_deal_checks_minimum_and_balance() -> None:
    """Lucky Lucky document: limits "apply to the initial bet only"; checked at DEAL."""
    layout = BetLayout.of(LL, [])
    with pytest.raises(NoBetsError):
        betting().check_deal(layout)
    small = Betting(LL, BetLimits(500, 5000), DEFAULT_CHIPS, OverMaxPolicy.REFUSE, 100_000)
    layout = small.place(BetLayout.empty(LL), 0, 100).layout
    with pytest.raises(BetLimitError):
        small.check_deal(layout)
    with pytest.raises(InsufficientFundsError):
        betting(balance=400).place(BetLayout.empty(LL), 0, 500)


def test_layout_round_trips() -> None:
    b = betting()
    layout = b.place(b.place(BetLayout.empty(LL), 0, 1000).layout, 0, 100, "lucky-lucky").layout
    again = BetLayout.from_dict(layout.to_dict())
    assert again == layout and again.history == layout.history


@pytest.mark.rule("ll-14.1", "spec-5.limits")
def test_config_knows_its_levels() -> None:
    config = TableConfig()
    assert config.limits("gold").min_bet == 500
    with pytest.raises(ValueError, match="unknown VIP level"):
        config.limits("diamond")


ops = st.lists(
    st.tuples(
        st.sampled_from(["place", "side", "undo", "clear", "double"]),
        st.integers(0, 4),
        st.sampled_from(DEFAULT_CHIPS),
    ),
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(ops, st.sampled_from(list(OverMaxPolicy)), st.integers(0, 20_000))
def test_limits_hold_and_refusals_change_nothing(
    steps: list[tuple[str, int, int]], policy: OverMaxPolicy, balance: int
) -> None:
    """Whatever is clicked: each spot within limits, side bets only with a main bet, the total
    within the balance; a refused click leaves the layout as it was."""
    b = betting(balance=balance, over_max=policy)
    offer = LL.side_bet("lucky-lucky")
    assert offer is not None
    layout = BetLayout.empty(LL)
    for op, spot, chip in steps:
        before = layout
        try:
            if op == "place":
                layout = b.place(layout, spot, chip).layout
            elif op == "side":
                layout = b.place(layout, spot, chip, "lucky-lucky").layout
            elif op == "undo":
                layout = b.undo(layout)
            elif op == "clear":
                layout = b.clear(layout)
            else:
                layout = b.double(layout).layout
        except (BetLimitError, InsufficientFundsError, NoBetsError):
            assert layout is before
        assert layout.total <= balance
        for s in layout.spots:
            assert 0 <= s.bet <= 5000
            assert s.bet > 0 or not s.side_bets
            assert all(offer.min_stake <= v <= offer.max_stake for _, v in s.side_bets)


@pytest.mark.rule("l7-23")
def test_double_leaves_the_one_credit_lucky_7_bet_as_it_is() -> None:
    """001: "Nella scommessa Lucky 7 puoi puntare solo 1 credito" — DOUBLE (and DOUBLE & DEAL)
    doubles the main bets; a fixed one-credit side bet cannot be doubled and stays one credit."""
    b = betting(rules=L7)
    layout = b.place(BetLayout.empty(L7), 0, 500).layout
    layout = b.place(layout, 0, 100, "lucky-7").layout
    doubled = b.double(layout).layout
    assert (doubled.spots[0].bet, doubled.spots[0].side("lucky-7")) == (1000, 100)
