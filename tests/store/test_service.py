"""The table service on SQLite and PostgreSQL: money, limits, rounds, recovery (SPEC 5 and 6)."""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select
from storetest import OpenService, Shoes

from twentyone.engine import Action, SpotBet
from twentyone.scenario import replay_text
from twentyone.store.models import EventRow, RoundRow
from twentyone.store.service import TableService
from twentyone.table.errors import (
    BetLimitError,
    InsufficientFundsError,
    NoBetsError,
    NoRoundError,
    RoundInProgressError,
    StaleActionError,
)
from twentyone.table.limits import OverMaxPolicy, TableConfig


def _reconciles(svc: TableService, player_id: str) -> int:
    statement = svc.statement(player_id, limit=10_000)
    assert statement.reconciles
    assert sum(e.amount for e in statement.entries) == statement.balance
    return statement.balance


def test_new_player_gets_the_opening_grant_as_a_ledger_entry(service: TableService) -> None:
    alice = service.create_player("alice")
    assert alice.wallet.balance == 100_000
    statement = service.statement(alice.id)
    assert [(e.kind, e.amount) for e in statement.entries] == [("grant", 100_000)]
    assert statement.reconciles


def test_nothing_moves_before_deal(service: TableService) -> None:
    """SPEC 5: "Bets placed before DEAL are not wagers: no money moves until DEAL"."""
    p = service.create_player("p").id
    service.place(p, "lucky-lucky", 0, 1000)
    service.place(p, "lucky-lucky", 0, 100, side="lucky-lucky")
    service.place(p, "lucky-lucky", 1, 500)
    state = service.double_bets(p, "lucky-lucky")
    assert state.layout.total == 3200
    assert service.undo(p, "lucky-lucky").layout.total == 1600
    assert service.wallet(p).balance == 100_000
    assert len(service.statement(p).entries) == 1
    state = service.deal(p, "lucky-lucky")
    assert service.wallet(p).balance == 100_000 - 1600
    assert state.wallet.held == 1600 - sum(
        line.stake for line in state.view.settlement if line.kind == "side"
    )


def test_deal_to_settlement_european(service: TableService, shoes: Shoes) -> None:
    p = service.create_player("p").id
    shoes.stack("Ts 6d 9h 5c 7d")  # player T, dealer 6, player 9; dealer draws 5, 7 = 18
    service.place(p, "european", 0, 1000)
    state = service.deal(p, "european")
    assert state.legal_actions == (Action.HIT, Action.STAND)
    state = service.act(p, "stand")
    assert state.status == "settled"
    assert state.returned - state.staked == 1000
    assert service.wallet(p).balance == 101_000
    assert _reconciles(service, p) == 101_000
    page = service.history(p)
    assert page.total == 1
    assert page.rounds[0].balance_before == 100_000
    assert page.rounds[0].balance_after == 101_000


def test_no_new_round_while_one_is_unfinished(service: TableService, shoes: Shoes) -> None:
    """SPEC 6: "A player cannot start a new round while one is unfinished"."""
    p = service.create_player("p").id
    shoes.stack("Ts 6d 9h 5c 7d")
    service.place(p, "european", 0, 1000)
    service.deal(p, "european")
    with pytest.raises(RoundInProgressError):
        service.rebet_and_deal(p, "european")
    with pytest.raises(RoundInProgressError):
        service.place(p, "lucky-lucky", 0, 1000)
    service.act(p, "stand")
    with pytest.raises(NoRoundError):
        service.act(p, "stand")


def test_unaffordable_double_is_not_offered_and_refused(
    service: TableService, shoes: Shoes
) -> None:
    """SPEC 5: "an action the balance cannot cover is not offered and is refused if sent"."""
    p = service.create_player("p", grant=1500).id
    shoes.stack("5s 6d 6h")  # player 5, dealer 6, player 6: hard 11
    service.place(p, "european", 0, 1000)
    state = service.deal(p, "european")
    assert Action.DOUBLE not in state.legal_actions
    assert state.unaffordable == (Action.DOUBLE,)
    with pytest.raises(InsufficientFundsError):
        service.act(p, "double")
    after = service.current_round(p)
    assert after is not None
    assert after.step == 0
    assert service.wallet(p).balance == 500
    service.act(p, "hit")


def test_double_is_debited_when_taken(service: TableService, shoes: Shoes) -> None:
    p = service.create_player("p").id
    shoes.stack("5s 6d 6h Ts 8c 4h")  # 11 vs 6; double gets T = 21; dealer 6 8 4 = 18
    service.place(p, "european", 0, 1000)
    service.deal(p, "european")
    state = service.act(p, "double")
    assert state.status == "settled"
    assert service.wallet(p).balance == 100_000 + 2000
    kinds = [(e.kind, e.amount) for e in service.statement(p).entries]
    assert kinds == [("grant", 100_000), ("wager", -1000), ("wager", -1000), ("payout", 4000)]


def test_insurance_apply_to_all(service: TableService, shoes: Shoes) -> None:
    """Lucky Lucky document: "click APPLY TO ALL to insure all hands"."""
    p = service.create_player("p").id
    # spot 0: 9h 7c, spot 1: Th 8d, dealer As up, 5s hole: no blackjack
    shoes.stack("9h Th As 7c 8d 5s")
    service.place(p, "lucky-ladies", 0, 1000)
    service.place(p, "lucky-ladies", 1, 1000)
    state = service.deal(p, "lucky-ladies")
    assert state.apply_to_all
    assert state.legal_actions == (Action.INSURANCE, Action.NO_INSURANCE)
    state = service.act(p, "insurance", apply_to_all=True)
    insurance = [line for line in state.view.settlement if line.kind == "insurance"]
    assert [(line.stake, line.returned) for line in insurance] == [(500, 0), (500, 0)]
    assert service.wallet(p).balance == 100_000 - 3000
    service.act(p, "stand")
    state = service.act(p, "stand")
    assert state.status == "settled"
    _reconciles(service, p)


def test_limits_by_vip_level(open_service: OpenService) -> None:
    svc = open_service()
    p = svc.create_player("p").id
    with pytest.raises(BetLimitError):
        svc.place(p, "european", 0, 100, side="lucky-ladies")
    svc.set_bets(p, "european", [SpotBet(50_000)])
    with pytest.raises(BetLimitError):
        svc.place(p, "european", 0, 100)
    svc.set_vip_level(p, "gold")
    svc.clear(p, "european")
    svc.place(p, "european", 0, 100)
    with pytest.raises(BetLimitError):  # gold minimum is 500
        svc.deal(p, "european")
    assert svc.wallet(p).balance == 100_000


def test_side_bet_needs_main_bet(service: TableService) -> None:
    p = service.create_player("p").id
    with pytest.raises(BetLimitError):
        service.place(p, "lucky-lucky", 0, 100, side="lucky-lucky")
    with pytest.raises(NoBetsError):
        service.deal(p, "lucky-lucky")


def test_over_maximum_honoured_up_to_the_maximum(open_service: OpenService) -> None:
    """Lucky Ladies document: "the bet is honored up to the table maximum and the overage
    returned to the player"."""
    svc = open_service(config=TableConfig(over_max=OverMaxPolicy.HONOUR))
    p = svc.create_player("p").id
    svc.place(p, "lucky-ladies", 0, 1000)
    svc.place(p, "lucky-ladies", 0, 1000, side="lucky-ladies")
    state = svc.place(p, "lucky-ladies", 0, 2500, side="lucky-ladies")
    assert state.layout.spots[0].side("lucky-ladies") == 2000
    assert state.returned == 1500


def test_rebet_double_and_deal(service: TableService, shoes: Shoes) -> None:
    p = service.create_player("p").id
    with pytest.raises(NoBetsError):
        service.rebet(p, "european")
    shoes.stack("Ts 6d 9h 5c 7d")
    service.place(p, "european", 0, 1000)
    service.deal(p, "european")
    service.act(p, "stand")
    assert service.table(p, "european").can_rebet
    shoes.stack("Ts 6d 9h 5c 7d")
    state = service.double_and_deal(p, "european")
    assert state.staked == 2000
    service.act(p, "stand")
    state = service.rebet_and_deal(p, "european")
    assert state.staked == 2000  # the previous round's bets


def test_restart_resumes_the_same_round(open_service: OpenService, shoes: Shoes) -> None:
    """SPEC 6: a restarted server resumes the round (same cards, same pending decision)."""
    first = open_service()
    p = first.create_player("p").id
    shoes.stack("8s 9h 5c 4d 6h Td 7c")  # spots: 8,9 ; dealer 5 up; 4,6 ; hole T
    first.set_bets(p, "lucky-lucky", [SpotBet(1000), SpotBet(1000)])
    before = first.deal(p, "lucky-lucky")
    first.act(p, "hit")  # spot 0 draws 7c: 19
    mid = first.current_round(p)
    second = open_service()
    resumed = second.current_round(p)
    assert resumed is not None and mid is not None
    assert resumed.to_dict() == mid.to_dict()
    assert resumed.round_id == before.round_id
    with pytest.raises(StaleActionError):
        second.act(p, "stand", expected_step=0)
    second.act(p, "stand", expected_step=1)
    done = second.act(p, "stand", expected_step=2)
    assert done.status == "settled"
    record = second.round_record(p, done.round_id)
    assert list(record.cards[:7]) == ["8s", "9h", "5c", "4d", "6h", "Td", "7c"]
    assert list(record.decisions) == ["hit", "stand", "stand"]
    _reconciles(second, p)


def test_round_that_cannot_resume_is_voided_and_refunded(
    open_service: OpenService, shoes: Shoes
) -> None:
    """Lucky Lucky document: "a malfunction voids all pays and plays"."""
    first = open_service()
    p = first.create_player("p").id
    first.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100})])
    first.deal(p, "lucky-lucky")
    other_key = open_service(key=Fernet.generate_key())
    state = other_key.current_round(p)
    assert state is not None and state.status == "void"
    assert other_key.wallet(p).balance == 100_000
    assert other_key.current_round(p) is None
    _reconciles(other_key, p)


def test_void_round_refunds_every_wager(service: TableService, shoes: Shoes) -> None:
    p = service.create_player("p").id
    shoes.stack("7s 7h 7d 9c")  # suited? no: 7s 7d + dealer 7h: unsuited 777 pays at once
    service.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100})])
    state = service.deal(p, "lucky-lucky")
    assert state.returned > 0  # the side bet was paid at the deal
    summary = service.void_round(state.round_id, "misdeal")
    assert summary.status == "void"
    assert service.wallet(p).balance == 100_000
    _reconciles(service, p)
    assert service.void_round(state.round_id).status == "void"  # again: no change
    assert service.wallet(p).balance == 100_000


def test_sweep_voids_rounds_unresolved_for_90_days(open_service: OpenService) -> None:
    """Lucky Lucky document: "unresolved bets placed become void after 90 days"."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    old = open_service(clock=lambda: start)
    p = old.create_player("p").id
    q = old.create_player("q").id
    old.set_bets(p, "european", [SpotBet(1000)])
    dealt = old.deal(p, "european")
    now = start + timedelta(days=80)
    recent = open_service(clock=lambda: now)
    recent.set_bets(q, "european", [SpotBet(1000)])
    recent.deal(q, "european")
    assert recent.sweep(start + timedelta(days=89)) == []
    swept = recent.sweep(start + timedelta(days=91))
    assert swept == [dealt.round_id]
    assert recent.sweep(start + timedelta(days=91)) == []
    assert recent.wallet(p).balance == 100_000
    assert recent.current_round(q) is not None
    _reconciles(recent, p)


def test_grant_is_idempotent(service: TableService) -> None:
    p = service.create_player("p").id
    service.grant(p, 5000, "topup-1")
    service.grant(p, 5000, "topup-1")
    assert service.wallet(p).balance == 105_000
    _reconciles(service, p)


def test_shoe_is_stored_encrypted_and_hole_card_hidden(service: TableService, shoes: Shoes) -> None:
    p = service.create_player("p").id
    shoes.stack("8s 5c 9h Qd")  # standard: dealer 5 up, Qd in the hole
    service.set_bets(p, "standard", [SpotBet(1000)])
    state = service.deal(p, "standard")
    with service.engine.connect() as conn:
        row = conn.execute(select(RoundRow.shoe, RoundRow.cards)).one()
        events = [e for (e,) in conn.execute(select(EventRow.data))]
    assert row.cards is None
    assert b"8s 5c 9h Qd" not in row.shoe
    assert service.cipher.decrypt(row.shoe).startswith("8s 5c 9h Qd ")
    assert not any('"Qd"' in e for e in events)
    assert state.view.dealer_cards[1] is None
    service.act(p, "stand")
    with service.engine.connect() as conn:
        shoe, cards = conn.execute(select(RoundRow.shoe, RoundRow.cards)).one()
    assert shoe is None
    assert json.loads(cards)[:4] == ["8s", "5c", "9h", "Qd"]


def test_exported_scenario_replays_to_the_same_settlement(
    service: TableService, shoes: Shoes
) -> None:
    p = service.create_player("p").id
    service.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100}), SpotBet(500)])
    state = service.deal(p, "lucky-lucky")
    while state.status == "open":
        state = service.act(p, "stand")
    scenario = service.export_scenario(p, state.round_id)
    result = replay_text(json.dumps(scenario))
    record = service.round_record(p, state.round_id)
    assert result["staked"] == record.summary.staked
    assert result["net"] == record.summary.net
    assert sorted((w["stake"], w["returned"]) for w in result["wagers"]) == sorted(
        (w["stake"], w["returned"]) for w in record.wagers
    )


def test_history_pages(service: TableService) -> None:
    p = service.create_player("p").id
    service.set_bets(p, "european", [SpotBet(100)])
    for _ in range(5):
        state = service.deal(p, "european") if _ == 0 else service.rebet_and_deal(p, "european")
        while state.status == "open":
            state = service.act(p, "stand")
    first = service.history(p, limit=2)
    rest = service.history(p, offset=2, limit=10)
    assert first.total == 5 and len(first.rounds) == 2 and len(rest.rounds) == 3
    ids = [r.id for r in first.rounds + rest.rounds]
    assert len(set(ids)) == 5
    for summary in first.rounds + rest.rounds:
        assert summary.balance_after == summary.balance_before + summary.net
        assert len(summary.rules_version) == 16


def test_key_file_is_owner_only(tmp_path: Path, db_url: str) -> None:
    key_file = tmp_path / "keys" / "shoe.key"
    os.environ.pop("TWENTYONE_SHOE_KEY", None)
    svc = TableService.open(db_url, key_file=key_file)
    svc.close()
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert len(key_file.read_bytes()) == 44
