"""Records on SQLite and PostgreSQL: history pages, scenario export, the 90-day sweep (SPEC 6)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from storetest import OpenService, Shoes, reconciles

from twentyone.engine import SpotBet
from twentyone.scenario import replay_text
from twentyone.store.service import TableService


def test_history_pages(service: TableService) -> None:
    p = service.accounts.create_player("p").id
    service.seat.set_bets(p, "european", [SpotBet(100)])
    for _ in range(5):
        state = (
            service.play.deal(p, "european")
            if _ == 0
            else service.play.rebet_and_deal(p, "european")
        )
        while state.status == "open":
            state = service.play.act(p, "stand")
    first = service.records.history(p, limit=2)
    rest = service.records.history(p, offset=2, limit=10)
    assert first.total == 5 and len(first.rounds) == 2 and len(rest.rounds) == 3
    ids = [r.id for r in first.rounds + rest.rounds]
    assert len(set(ids)) == 5
    for summary in first.rounds + rest.rounds:
        assert summary.balance_after == summary.balance_before + summary.net
        assert len(summary.rules_version) == 16


def test_exported_scenario_replays_to_the_same_settlement(
    service: TableService, shoes: Shoes
) -> None:
    p = service.accounts.create_player("p").id
    service.seat.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100}), SpotBet(500)])
    state = service.play.deal(p, "lucky-lucky")
    while state.status == "open":
        state = service.play.act(p, "stand")
    scenario = service.records.export_scenario(p, state.round_id)
    result = replay_text(json.dumps(scenario))
    record = service.records.round_record(p, state.round_id)
    assert result["staked"] == record.summary.staked
    assert result["net"] == record.summary.net
    assert sorted((w["stake"], w["returned"]) for w in result["wagers"]) == sorted(
        (w["stake"], w["returned"]) for w in record.wagers
    )


@pytest.mark.rule("ll-102", "spec-5.procedures")
def test_sweep_voids_rounds_unresolved_for_90_days(open_service: OpenService) -> None:
    """Lucky Lucky document: "unresolved bets placed become void after 90 days"."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    old = open_service(clock=lambda: start)
    p = old.accounts.create_player("p").id
    q = old.accounts.create_player("q").id
    old.seat.set_bets(p, "european", [SpotBet(1000)])
    dealt = old.play.deal(p, "european")
    now = start + timedelta(days=80)
    recent = open_service(clock=lambda: now)
    recent.seat.set_bets(q, "european", [SpotBet(1000)])
    recent.play.deal(q, "european")
    assert recent.records.sweep(start + timedelta(days=89)) == []
    swept = recent.records.sweep(start + timedelta(days=91))
    assert swept == [dealt.round_id]
    assert recent.records.sweep(start + timedelta(days=91)) == []
    assert recent.accounts.wallet(p).balance == 100_000
    assert recent.play.current_round(q) is not None
    reconciles(recent, p)
