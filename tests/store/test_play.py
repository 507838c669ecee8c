"""Play on SQLite and PostgreSQL: deal, decisions, money, resuming and voiding (SPEC 5, 6)."""

from __future__ import annotations

import json

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select, update
from storetest import OpenService, Shoes, reconciles

from twentyone.engine import Action, SpotBet
from twentyone.store.models import EventRow, RoundRow
from twentyone.store.service import TableService
from twentyone.table.errors import (
    InsufficientFundsError,
    NoBetsError,
    NoRoundError,
    RoundInProgressError,
    StaleActionError,
)


@pytest.mark.rule("ll-15.1", "ll-28", "eu-16.1")
def test_deal_to_settlement_european(service: TableService, shoes: Shoes) -> None:
    p = service.accounts.create_player("p").id
    shoes.stack("Ts 6d 9h 5c 7d")  # player T, dealer 6, player 9; dealer draws 5, 7 = 18
    service.seat.place(p, "european", 0, 1000)
    state = service.play.deal(p, "european")
    assert state.legal_actions == (Action.HIT, Action.STAND)
    state = service.play.act(p, "stand")
    assert state.status == "settled"
    assert state.returned - state.staked == 1000
    assert service.accounts.wallet(p).balance == 101_000
    assert reconciles(service, p) == 101_000
    page = service.records.history(p)
    assert page.total == 1
    assert page.rounds[0].balance_before == 100_000
    assert page.rounds[0].balance_after == 101_000


def test_no_new_round_while_one_is_unfinished(service: TableService, shoes: Shoes) -> None:
    """SPEC 6: "A player cannot start a new round while one is unfinished"."""
    p = service.accounts.create_player("p").id
    shoes.stack("Ts 6d 9h 5c 7d")
    service.seat.place(p, "european", 0, 1000)
    service.play.deal(p, "european")
    with pytest.raises(RoundInProgressError):
        service.play.rebet_and_deal(p, "european")
    with pytest.raises(RoundInProgressError):
        service.seat.place(p, "lucky-lucky", 0, 1000)
    service.play.act(p, "stand")
    with pytest.raises(NoRoundError):
        service.play.act(p, "stand")


@pytest.mark.rule("ll-20.2", "spec-5.debits")
def test_unaffordable_double_is_not_offered_and_refused(
    service: TableService, shoes: Shoes
) -> None:
    """SPEC 5: "an action the balance cannot cover is not offered and is refused if sent"."""
    p = service.accounts.create_player("p", grant=1500).id
    shoes.stack("5s 6d 6h")  # player 5, dealer 6, player 6: hard 11
    service.seat.place(p, "european", 0, 1000)
    state = service.play.deal(p, "european")
    assert Action.DOUBLE not in state.legal_actions
    assert state.unaffordable == (Action.DOUBLE,)
    with pytest.raises(InsufficientFundsError):
        service.play.act(p, "double")
    after = service.play.current_round(p)
    assert after is not None
    assert after.step == 0
    assert service.accounts.wallet(p).balance == 500
    service.play.act(p, "hit")


@pytest.mark.rule("ll-20.1")
def test_double_is_debited_when_taken(service: TableService, shoes: Shoes) -> None:
    p = service.accounts.create_player("p").id
    shoes.stack("5s 6d 6h Ts 8c 4h")  # 11 vs 6; double gets T = 21; dealer 6 8 4 = 18
    service.seat.place(p, "european", 0, 1000)
    service.play.deal(p, "european")
    state = service.play.act(p, "double")
    assert state.status == "settled"
    assert service.accounts.wallet(p).balance == 100_000 + 2000
    kinds = [(e.kind, e.amount) for e in service.records.statement(p).entries]
    assert kinds == [("grant", 100_000), ("wager", -1000), ("wager", -1000), ("payout", 4000)]


@pytest.mark.rule("ll-17.2", "ll-40", "ll-78.2")
def test_insurance_apply_to_all(service: TableService, shoes: Shoes) -> None:
    """Lucky Lucky document: "click APPLY TO ALL to insure all hands"."""
    p = service.accounts.create_player("p").id
    # spot 0: 9h 7c, spot 1: Th 8d, dealer As up, 5s hole: no blackjack
    shoes.stack("9h Th As 7c 8d 5s")
    service.seat.place(p, "lucky-ladies", 0, 1000)
    service.seat.place(p, "lucky-ladies", 1, 1000)
    state = service.play.deal(p, "lucky-ladies")
    assert state.apply_to_all
    assert state.legal_actions == (Action.INSURANCE, Action.NO_INSURANCE)
    state = service.play.act(p, "insurance", apply_to_all=True)
    insurance = [line for line in state.view.settlement if line.kind == "insurance"]
    assert [(line.stake, line.returned) for line in insurance] == [(500, 0), (500, 0)]
    assert service.accounts.wallet(p).balance == 100_000 - 3000
    service.play.act(p, "stand")
    state = service.play.act(p, "stand")
    assert state.status == "settled"
    reconciles(service, p)


@pytest.mark.rule("ll-24.2", "ll-36", "ll-37")
def test_rebet_double_and_deal(service: TableService, shoes: Shoes) -> None:
    p = service.accounts.create_player("p").id
    with pytest.raises(NoBetsError):
        service.seat.rebet(p, "european")
    shoes.stack("Ts 6d 9h 5c 7d")
    service.seat.place(p, "european", 0, 1000)
    service.play.deal(p, "european")
    service.play.act(p, "stand")
    assert service.seat.table(p, "european").can_rebet
    shoes.stack("Ts 6d 9h 5c 7d")
    state = service.play.double_and_deal(p, "european")
    assert state.staked == 2000
    service.play.act(p, "stand")
    state = service.play.rebet_and_deal(p, "european")
    assert state.staked == 2000  # the previous round's bets


@pytest.mark.rule("ll-99.1")
def test_restart_resumes_the_same_round(open_service: OpenService, shoes: Shoes) -> None:
    """SPEC 6: a restarted server resumes the round (same cards, same pending decision)."""
    first = open_service()
    p = first.accounts.create_player("p").id
    shoes.stack("8s 9h 5c 4d 6h Td 7c")  # spots: 8,9 ; dealer 5 up; 4,6 ; hole T
    first.seat.set_bets(p, "lucky-lucky", [SpotBet(1000), SpotBet(1000)])
    before = first.play.deal(p, "lucky-lucky")
    first.play.act(p, "hit")  # spot 0 draws 7c: 19
    mid = first.play.current_round(p)
    second = open_service()
    resumed = second.play.current_round(p)
    assert resumed is not None and mid is not None
    assert resumed.to_dict() == mid.to_dict()
    assert resumed.round_id == before.round_id
    with pytest.raises(StaleActionError):
        second.play.act(p, "stand", expected_step=0)
    second.play.act(p, "stand", expected_step=1)
    done = second.play.act(p, "stand", expected_step=2)
    assert done.status == "settled"
    record = second.records.round_record(p, done.round_id)
    assert list(record.cards[:7]) == ["8s", "9h", "5c", "4d", "6h", "Td", "7c"]
    assert list(record.decisions) == ["hit", "stand", "stand"]
    reconciles(second, p)


@pytest.mark.rule("ll-101", "spec-5.procedures")
def test_round_that_cannot_resume_is_voided_and_refunded(
    open_service: OpenService, shoes: Shoes
) -> None:
    """Lucky Lucky document: "a malfunction voids all pays and plays"."""
    first = open_service()
    p = first.accounts.create_player("p").id
    first.seat.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100})])
    first.play.deal(p, "lucky-lucky")
    with first.engine.begin() as conn:  # the stored shoe no longer decrypts
        conn.execute(update(RoundRow).values(shoe=Fernet(Fernet.generate_key()).encrypt(b"As")))
    other_key = open_service()
    state = other_key.play.current_round(p)
    assert state is not None and state.status == "void"
    assert other_key.accounts.wallet(p).balance == 100_000
    assert other_key.play.current_round(p) is None
    reconciles(other_key, p)


@pytest.mark.rule("ll-101", "lad-44", "spec-5.procedures")
def test_void_round_refunds_every_wager(service: TableService, shoes: Shoes) -> None:
    p = service.accounts.create_player("p").id
    shoes.stack("7s 7h 7d 9c")  # suited? no: 7s 7d + dealer 7h: unsuited 777 pays at once
    service.seat.set_bets(p, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100})])
    state = service.play.deal(p, "lucky-lucky")
    assert state.returned > 0  # the side bet was paid at the deal
    summary = service.play.void_round(state.round_id, "misdeal")
    assert summary.status == "void"
    assert service.accounts.wallet(p).balance == 100_000
    reconciles(service, p)
    assert service.play.void_round(state.round_id).status == "void"  # again: no change
    assert service.accounts.wallet(p).balance == 100_000


def test_shoe_is_stored_encrypted_and_hole_card_hidden(service: TableService, shoes: Shoes) -> None:
    p = service.accounts.create_player("p").id
    shoes.stack("8s 5c 9h Qd")  # standard: dealer 5 up, Qd in the hole
    service.seat.set_bets(p, "standard", [SpotBet(1000)])
    state = service.play.deal(p, "standard")
    with service.engine.connect() as conn:
        row = conn.execute(select(RoundRow.shoe, RoundRow.cards)).one()
        events = [e for (e,) in conn.execute(select(EventRow.data))]
    assert row.cards is None
    assert b"8s 5c 9h Qd" not in row.shoe
    assert service.cipher.decrypt(row.shoe).startswith("8s 5c 9h Qd ")
    assert not any('"Qd"' in e for e in events)
    assert state.view.dealer_cards[1] is None
    service.play.act(p, "stand")
    with service.engine.connect() as conn:
        shoe, cards = conn.execute(select(RoundRow.shoe, RoundRow.cards)).one()
    assert shoe is None
    assert json.loads(cards)[:4] == ["8s", "5c", "9h", "Qd"]
