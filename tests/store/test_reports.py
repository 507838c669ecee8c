"""The operator's reports: game performance against a hand-computed small case, and daily
totals that reconcile with the ledger, on an injected clock."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import select
from storetest import OpenService, Shoes

from twentyone.store.reports import Sample, ratio_interval
from twentyone.store.rows import LEDGER
from twentyone.store.service import TableService

_L = LEDGER.c
Z99 = 2.5758293035489004  # the 0.995 quantile of the standard normal (tables: 2.5758)


def _play(svc: TableService, shoes: Shoes, player: str, bet: int, cards: str, *moves: str) -> int:
    """One standard round from ``cards``; the money it returned."""
    shoes.stack(cards)
    for chip in (1000, 500, 100):
        while bet >= chip:
            svc.seat.place(player, "standard", 0, chip)
            bet -= chip
    state = svc.play.deal(player, "standard")
    for move in moves:
        state = svc.play.act(player, move)
    assert state.status == "settled"
    return state.returned


def _three_rounds(svc: TableService, shoes: Shoes, player: str) -> None:
    # Round 1, bet 1.00: player Ts Th (20), dealer 6d + hole Tc = 16, draws 9s: bust. Paid 2.00.
    assert _play(svc, shoes, player, 100, "Ts 6d Th Tc 9s", "stand") == 200
    # Round 2, bet 1.00: player Ts 7h (17) against dealer Td 9c (19): lost.
    assert _play(svc, shoes, player, 100, "Ts Td 7h 9c", "stand") == 0
    # Round 3, bet 2.00: player As Kh, a blackjack against dealer 9d 7c: paid 3 to 2, 5.00.
    assert _play(svc, shoes, player, 200, "As 9d Kh 7c") == 500


def test_realised_rtp_and_its_interval_match_the_hand_computed_case(
    open_service: OpenService, shoes: Shoes
) -> None:
    """Three rounds, stakes x = (100, 100, 200), returns y = (200, 0, 500).

    By hand: R = 700 / 400 = 1.75; residuals y - R x = (25, -175, 150), their squares sum to
    625 + 30625 + 22500 = 53750; se = sqrt(53750 / (3 · 2)) / (400 / 3) = 0.709863...;
    the 99% interval is 1.75 ± 2.5758 · 0.709863.
    """
    svc = open_service()
    alice = svc.accounts.create_player("alice")
    _three_rounds(svc, shoes, alice.id)
    rows = svc.reports.performance()
    assert [(r.variant, r.bet, r.name) for r in rows] == [("standard", "main", None)]
    figures = rows[0].to_dict(theory=0.995)
    se = math.sqrt(53750 / 6) / (400 / 3)
    assert se == pytest.approx(0.709863, abs=1e-6)
    assert figures["rounds"] == 3
    assert figures["staked"] == 400 and figures["returned"] == 700 and figures["initial"] == 400
    assert figures["rtp"] == pytest.approx(1.75)
    assert figures["low"] == pytest.approx(1.75 - Z99 * se)
    assert figures["high"] == pytest.approx(1.75 + Z99 * se)
    assert figures["outside"] is False  # 0.995 lies inside [-0.078, 3.578]
    assert rows[0].to_dict(theory=3.6)["outside"] is True


def test_the_main_game_rtp_is_per_initial_bet() -> None:
    """A doubled hand: initial 100, staked 200, returned 400: net +200 per 100 first wagered,
    RTP 3.0 (as the house edge is quoted), not 400 / 200."""
    sample = Sample()
    sample.add(100, 100 + 200, 200, 400)
    assert ratio_interval(sample).rtp == 3.0


def test_side_bets_and_insurance_are_their_own_rows(
    open_service: OpenService, shoes: Shoes
) -> None:
    """Lucky Ladies round: player Ts Th (20) pays 4 to 1 on the 5.00 side bet (25.00 back)."""
    svc = open_service()
    alice = svc.accounts.create_player("alice")
    shoes.stack("Ts 9d Th 7c")  # player 20 against dealer 9 + 7, who draws from the shoe
    svc.seat.place(alice.id, "lucky-ladies", 0, 1000)
    svc.seat.place(alice.id, "lucky-ladies", 0, 500, "lucky-ladies")
    svc.play.deal(alice.id, "lucky-ladies")
    state = svc.play.act(alice.id, "stand")
    assert state.status == "settled"
    rows = {(r.bet, r.name): r.to_dict() for r in svc.reports.performance()}
    side = rows[("side", "lucky-ladies")]
    assert (side["rounds"], side["staked"], side["returned"], side["rtp"]) == (1, 500, 2500, 5.0)
    assert side["low"] is None  # one round: no interval
    assert rows[("main", None)]["staked"] == 1000


def test_an_unfinished_or_voided_round_is_not_counted(
    open_service: OpenService, shoes: Shoes
) -> None:
    svc = open_service()
    alice = svc.accounts.create_player("alice")
    shoes.stack("Ts 9d 6h 7c")
    svc.seat.place(alice.id, "standard", 0, 1000)
    svc.play.deal(alice.id, "standard")
    assert svc.reports.performance() == []


def test_daily_totals_reconcile_with_the_ledger(open_service: OpenService, shoes: Shoes) -> None:
    """Day 1: two players get their opening grant, one round is settled, one is left open
    over midnight. Day 2: the open round is voided, another round is settled."""
    now = [datetime(2026, 11, 30, 10, 0, tzinfo=UTC)]
    svc = open_service(clock=lambda: now[0])
    alice = svc.accounts.create_player("alice")
    bob = svc.accounts.create_player("bob")
    assert _play(svc, shoes, alice.id, 100, "Ts 6d Th Tc 9s", "stand") == 200
    shoes.stack("Ts 9d 6h 7c")  # bob: 16 against a 9, waiting
    svc.seat.place(bob.id, "standard", 0, 1000)
    open_round = svc.play.deal(bob.id, "standard").round_id
    now[0] = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
    svc.play.void_round(open_round, "malfunction")
    assert _play(svc, shoes, alice.id, 200, "Ts Td 7h 9c", "stand") == 0

    day1, day2 = svc.reports.daily(date(2026, 11, 30), date(2026, 12, 1))
    assert (day1.rounds, day1.staked, day1.returned, day1.voided, day1.granted, day1.held) == (
        2,
        1100,
        200,
        0,
        200_000,
        1000,
    )
    assert (day2.rounds, day2.staked, day2.returned, day2.voided, day2.granted, day2.held) == (
        1,
        200,
        0,
        1000,
        0,
        0,
    )
    assert day1.house_net == 1100 - 200 and day2.house_net == 200 - 1000

    # The same sums straight from the ledger, per day and kind, by a query of its own.
    with svc.engine.connect() as conn:
        ledger = list(conn.execute(select(_L.created_at, _L.kind, _L.amount)))
    for day in (day1, day2):
        on = [(k, a) for t, k, a in ledger if t.date() == day.day]
        assert day.staked == -sum(a for k, a in on if k == "wager")
        assert day.returned == sum(a for k, a in on if k == "payout")
        assert day.voided == sum(a for k, a in on if k.startswith("void"))
        assert day.granted == sum(a for k, a in on if k == "grant")
        assert day.ledger_change == sum(a for _, a in on)
    balances = sum(svc.accounts.wallet(p.id).balance for p in (alice, bob))
    assert day1.ledger_change + day2.ledger_change == balances


def test_a_daily_report_is_bounded(open_service: OpenService) -> None:
    svc = open_service()
    with pytest.raises(ValueError, match="1 to 366 days"):
        svc.reports.daily(date(2026, 1, 1), date(2027, 1, 2))
    with pytest.raises(ValueError, match="1 to 366 days"):
        svc.reports.daily(date(2026, 1, 2), date(2026, 1, 1))


def test_held_counts_what_an_open_round_took_at_each_days_end(
    open_service: OpenService, shoes: Shoes
) -> None:
    now = [datetime(2026, 11, 29, 23, 0, tzinfo=UTC)]
    svc = open_service(clock=lambda: now[0])
    bob = svc.accounts.create_player("bob")
    shoes.stack("Ts 9d 6h 7c")
    svc.seat.place(bob.id, "standard", 0, 1000)
    svc.play.deal(bob.id, "standard")
    now[0] += timedelta(days=2)
    held = [d.held for d in svc.reports.daily(date(2026, 11, 28), date(2026, 12, 1))]
    assert held == [0, 1000, 1000, 1000]
