"""The seat on SQLite and PostgreSQL: bets before the deal, limits, over-maximum (SPEC 5)."""

from __future__ import annotations

import pytest
from storetest import OpenService

from twentyone.engine import SpotBet
from twentyone.store.service import TableService
from twentyone.table.errors import (
    BetLimitError,
    NoBetsError,
)
from twentyone.table.limits import OverMaxPolicy, TableConfig


@pytest.mark.rule("spec-5.no-money-before-deal")
def test_nothing_moves_before_deal(service: TableService) -> None:
    """SPEC 5: "Bets placed before DEAL are not wagers: no money moves until DEAL"."""
    p = service.accounts.create_player("p").id
    service.seat.place(p, "lucky-lucky", 0, 1000)
    service.seat.place(p, "lucky-lucky", 0, 100, side="lucky-lucky")
    service.seat.place(p, "lucky-lucky", 1, 500)
    state = service.seat.double_bets(p, "lucky-lucky")
    assert state.layout.total == 3200
    assert service.seat.undo(p, "lucky-lucky").layout.total == 1600
    assert service.accounts.wallet(p).balance == 100_000
    assert len(service.records.statement(p).entries) == 1
    state = service.play.deal(p, "lucky-lucky")
    assert service.accounts.wallet(p).balance == 100_000 - 1600
    assert state.wallet.held == 1600 - sum(
        line.stake for line in state.view.settlement if line.kind == "side"
    )


@pytest.mark.rule("ll-14.1", "spec-5.limits")
def test_limits_by_vip_level(open_service: OpenService) -> None:
    svc = open_service()
    p = svc.accounts.create_player("p").id
    with pytest.raises(BetLimitError):
        svc.seat.place(p, "european", 0, 100, side="lucky-ladies")
    svc.seat.set_bets(p, "european", [SpotBet(50_000)])
    with pytest.raises(BetLimitError):
        svc.seat.place(p, "european", 0, 100)
    svc.accounts.set_vip_level(p, "gold")
    svc.seat.clear(p, "european")
    svc.seat.place(p, "european", 0, 100)
    with pytest.raises(BetLimitError):  # gold minimum is 500
        svc.play.deal(p, "european")
    assert svc.accounts.wallet(p).balance == 100_000


def test_side_bet_needs_main_bet(service: TableService) -> None:
    p = service.accounts.create_player("p").id
    with pytest.raises(BetLimitError):
        service.seat.place(p, "lucky-lucky", 0, 100, side="lucky-lucky")
    with pytest.raises(NoBetsError):
        service.play.deal(p, "lucky-lucky")


def test_over_maximum_honoured_up_to_the_maximum(open_service: OpenService) -> None:
    """Lucky Ladies document: "the bet is honored up to the table maximum and the overage
    returned to the player"."""
    svc = open_service(config=TableConfig(over_max=OverMaxPolicy.HONOUR))
    p = svc.accounts.create_player("p").id
    svc.seat.place(p, "lucky-ladies", 0, 1000)
    svc.seat.place(p, "lucky-ladies", 0, 1000, side="lucky-ladies")
    state = svc.seat.place(p, "lucky-ladies", 0, 2500, side="lucky-ladies")
    assert state.layout.spots[0].side("lucky-ladies") == 2000
    assert state.returned == 1500
