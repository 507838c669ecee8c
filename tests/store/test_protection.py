"""Player protection on SQLite and PostgreSQL, on an injected clock (issue 13 part 4).

Loss and stake limits over rolling windows, a lower limit at once and a higher one after 24
hours, time-out and self-exclusion, and the reality check (GLI-19 appendix A, UKGC RTS 12-14).
Every round is dealt from a scripted shoe; the expected sums are worked by hand in the comments.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from storetest import OpenService, Shoes, reconciles

from twentyone.engine import SpotBet
from twentyone.store.protection import (
    BreakInForceError,
    InvalidProtectionSettingError,
    LossLimitError,
    RealityCheckDueError,
    SelfExcludedError,
    StakeLimitError,
    TimeOutError,
)
from twentyone.store.service import TableService

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

# standard, one spot: player 8s, dealer 6d up, player 8h, hole Th; after SPLIT hand 1 gets 3c
# (11), DOUBLE gives it 5d (16); hand 2 gets 2h (10), DOUBLE gives it 9s (19); dealer 6 T
# draws 4c: 20, both hands lose (when both doubles are taken).
SPLIT_AND_DOUBLE = "8s 6d 8h Th 3c 5d 2h 9s 4c"
# european: player Ts, dealer 6d, player 9h (19); dealer draws 5c 7d: 18. The player wins.
WIN_19 = "Ts 6d 9h 5c 7d"
# european: player Ts, dealer 6d, player 7h (17); dealer draws 4c: 20. The player loses.
LOSE_17 = "Ts 6d 7h 4c"
# european: player 5s, dealer 6d, player 6h (11); DOUBLE draws Ts (21); dealer 6 8 4: 18.
ELEVEN = "5s 6d 6h Ts 8c 4h"


class Clock:
    """The store's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def svc(open_service: OpenService, clock: Clock) -> TableService:
    return open_service(clock=clock)


def _limit(status: dict[str, object], kind: str, period: str) -> dict[str, object]:
    limits = status["limits"]
    assert isinstance(limits, list)
    return next(x for x in limits if x["kind"] == kind and x["period"] == period)


def _play(svc: TableService, shoes: Shoes, p: str, cards: str, bet: int = 1000) -> None:
    shoes.stack(cards)
    svc.seat.place(p, "european", 0, bet)
    svc.play.deal(p, "european")
    state = svc.play.act(p, "stand")
    assert state.status == "settled"


# -- loss and stake limits --------------------------------------------------------------------


def test_loss_limit_refuses_exactly_the_double_after_a_split_that_breaks_it(
    svc: TableService, shoes: Shoes
) -> None:
    """Issue 13: "a loss limit refuses exactly the wager that would break it, including a
    double after a split"."""
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "loss", "24h", 3000)
    shoes.stack(SPLIT_AND_DOUBLE)
    svc.seat.place(p, "standard", 0, 1000)
    svc.play.deal(p, "standard")  # staked 1000
    svc.play.act(p, "split")  # staked 2000
    state = svc.play.act(p, "double")  # staked 3000: exactly the limit, taken
    assert state.staked == 3000
    with pytest.raises(LossLimitError, match="over the 24h loss limit of 3000"):
        svc.play.act(p, "double")  # 4000 would break it
    after = svc.play.current_round(p)
    assert after is not None and after.step == state.step and after.staked == 3000
    assert svc.accounts.wallet(p).balance == 100_000 - 3000
    state = svc.play.act(p, "stand")  # the round goes on without the wager
    assert state.status == "settled"
    # hand 2 stood on 8 2; the dealer's 6 T drew the 9s meant for its double: 25, bust. Hand 1
    # (16, doubled: 2000) returns 4000 and hand 2 (1000) returns 2000.
    assert reconciles(svc, p) == 100_000 - 3000 + 6000
    limit = _limit(svc.protection.status(p), "loss", "24h")
    assert (limit["used"], limit["left"]) == (3000 - 6000, 3000 + 3000)


def test_loss_limit_refuses_insurance_that_breaks_it(svc: TableService, shoes: Shoes) -> None:
    """Issue 13: a wager that would break a loss limit is refused, "insurance too"."""
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "loss", "7d", 1400)
    shoes.stack("9h As 7c 5s")  # player 9 7, dealer A up (5 in the hole): insurance offered
    svc.seat.place(p, "lucky-ladies", 0, 1000)
    svc.play.deal(p, "lucky-ladies")
    with pytest.raises(LossLimitError, match="over the 7d loss limit of 1400"):
        svc.play.act(p, "insurance")  # 1000 + 500 = 1500 > 1400
    svc.protection.set_limit(p, "loss", "7d", 1000)  # lower: at once, insurance still refused
    with pytest.raises(LossLimitError):
        svc.play.act(p, "insurance")
    state = svc.play.act(p, "no-insurance")
    assert state.status == "open"


def test_insurance_up_to_the_limit_is_taken(svc: TableService, shoes: Shoes) -> None:
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "stake", "30d", 1500)
    shoes.stack("9h As 7c 5s")
    svc.seat.place(p, "lucky-ladies", 0, 1000)
    svc.play.deal(p, "lucky-ladies")
    state = svc.play.act(p, "insurance")  # 1000 + 500 = 1500: at the limit
    assert state.staked == 1500


def test_stake_limit_counts_the_deals_side_bets(svc: TableService, shoes: Shoes) -> None:
    """A deal is refused when its main bets and side bets together break a stake limit."""
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "stake", "24h", 1400)
    svc.seat.set_bets(p, "lucky-ladies", [SpotBet.of(1000, {"lucky-ladies": 500})])
    with pytest.raises(StakeLimitError, match="over the 24h stake limit of 1400"):
        svc.play.deal(p, "lucky-ladies")
    assert svc.play.current_round(p) is None
    assert svc.accounts.wallet(p).balance == 100_000
    svc.seat.set_bets(p, "lucky-ladies", [SpotBet.of(900, {"lucky-ladies": 500})])
    shoes.stack("9h 6s 7c 5s Ts")
    assert svc.play.deal(p, "lucky-ladies").staked == 1400


def test_returns_count_against_the_loss(svc: TableService, shoes: Shoes) -> None:
    """Loss = staked - returned: a win makes room for more, a loss leaves less."""
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "loss", "24h", 1000)
    _play(svc, shoes, p, WIN_19)  # staked 1000, returned 2000: loss -1000
    assert _limit(svc.protection.status(p), "loss", "24h")["used"] == -1000
    shoes.stack(LOSE_17)
    svc.seat.set_bets(p, "european", [SpotBet(2000)])  # loss would be -1000 + 2000 = 1000: allowed
    svc.play.deal(p, "european")
    svc.play.act(p, "stand")  # lost: loss 1000
    svc.seat.place(p, "european", 0, 100)
    with pytest.raises(LossLimitError):
        svc.play.deal(p, "european")


def test_play_before_the_first_limit_counts(svc: TableService, shoes: Shoes) -> None:
    """The window is rolling: the ledger's last day counts when the first limit is set."""
    p = svc.accounts.create_player("p").id
    _play(svc, shoes, p, LOSE_17)  # lost 1000
    svc.protection.set_limit(p, "loss", "24h", 1500)
    assert _limit(svc.protection.status(p), "loss", "24h")["left"] == 500
    svc.seat.place(p, "european", 0, 1000)
    with pytest.raises(LossLimitError):
        svc.play.deal(p, "european")


def test_the_24_hour_window_rolls_by_whole_hours(
    svc: TableService, shoes: Shoes, clock: Clock
) -> None:
    """A stake counts for the current hour and the 24 before it: never less than 24 hours."""
    clock.advance(minutes=30)  # 12:30
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "stake", "24h", 1000)
    svc.protection.set_limit(p, "stake", "7d", 5000)
    _play(svc, shoes, p, LOSE_17)  # staked 1000 at 12:30
    clock.advance(hours=24, minutes=29)  # 12:59 the next day: still in the window
    status = svc.protection.status(p)
    assert _limit(status, "stake", "24h")["used"] == 1000
    clock.advance(minutes=1)  # 13:00: the 12 o'clock hour has left the 24-hour window
    status = svc.protection.status(p)
    assert _limit(status, "stake", "24h")["used"] == 0
    assert _limit(status, "stake", "7d")["used"] == 1000  # but not the 7-day one
    _play(svc, shoes, p, LOSE_17)


def test_lower_limit_at_once_higher_after_24_hours(
    svc: TableService, shoes: Shoes, clock: Clock
) -> None:
    """Issue 13: "a lower limit applies at once, a higher one only after 24 hours"."""
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "stake", "24h", 5000)
    status = svc.protection.set_limit(p, "stake", "24h", 1000)  # lower: at once
    assert _limit(status, "stake", "24h")["amount"] == 1000
    status = svc.protection.set_limit(p, "stake", "24h", 3000)  # higher: pending
    limit = _limit(status, "stake", "24h")
    assert limit["amount"] == 1000
    assert limit["pending"] == {"amount": 3000, "from": "2026-12-02T12:00:00+00:00"}
    clock.advance(hours=23, minutes=59)
    svc.seat.set_bets(p, "european", [SpotBet(2000)])
    with pytest.raises(StakeLimitError):
        svc.play.deal(p, "european")
    svc.protection.set_limit(p, "stake", "24h", 3000)  # asking again keeps the time
    clock.advance(minutes=1)
    shoes.stack(LOSE_17)
    svc.play.deal(p, "european")  # 3000 in force now
    svc.play.act(p, "stand")
    status = svc.protection.set_limit(p, "stake", "24h", None)  # removal: after 24 hours too
    assert _limit(status, "stake", "24h")["amount"] == 3000
    assert _limit(status, "stake", "24h")["pending"] == {
        "amount": None,
        "from": "2026-12-03T12:00:00+00:00",
    }
    clock.advance(hours=24)
    assert _limit(svc.protection.status(p), "stake", "24h")["amount"] is None


def test_a_lower_limit_cancels_a_pending_higher_one(svc: TableService, clock: Clock) -> None:
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "loss", "30d", 5000)
    svc.protection.set_limit(p, "loss", "30d", 9000)
    status = svc.protection.set_limit(p, "loss", "30d", 4000)
    assert _limit(status, "loss", "30d") == {
        "kind": "loss",
        "period": "30d",
        "amount": 4000,
        "used": 0,
        "left": 4000,
        "pending": None,
    }
    clock.advance(days=2)
    assert _limit(svc.protection.status(p), "loss", "30d")["amount"] == 4000


@pytest.mark.parametrize(
    ("kind", "period", "amount"),
    [("loss", "1h", 100), ("win", "24h", 100), ("loss", "24h", 0), ("loss", "24h", -5)],
)
def test_a_limit_not_offered_is_refused(
    svc: TableService, kind: str, period: str, amount: int
) -> None:
    p = svc.accounts.create_player("p").id
    with pytest.raises(InvalidProtectionSettingError):
        svc.protection.set_limit(p, kind, period, amount)
    assert all(x["amount"] is None for x in svc.protection.status(p)["limits"])


def test_a_void_refund_counts_as_returned(svc: TableService, shoes: Shoes) -> None:
    p = svc.accounts.create_player("p").id
    svc.protection.set_limit(p, "loss", "24h", 5000)
    shoes.stack(LOSE_17)
    svc.seat.place(p, "european", 0, 1000)
    state = svc.play.deal(p, "european")
    assert _limit(svc.protection.status(p), "loss", "24h")["used"] == 1000
    svc.play.void_round(state.round_id)
    limit = _limit(svc.protection.status(p), "loss", "24h")
    assert limit["used"] == 0  # staked 1000, refunded 1000


# -- time-out and self-exclusion ---------------------------------------------------------------


def test_time_out_blocks_the_next_deal_but_the_round_finishes(
    svc: TableService, shoes: Shoes, clock: Clock
) -> None:
    """Issue 13: "from the moment it is set, no new round (the round in progress may finish)"."""
    p = svc.accounts.create_player("p").id
    shoes.stack(WIN_19)
    svc.seat.place(p, "european", 0, 1000)
    svc.play.deal(p, "european")
    status = svc.protection.take_break(p, "time-out", 1)
    assert status["time_out"]["until"] == "2026-12-02T12:00:00+00:00"
    assert svc.play.act(p, "stand").status == "settled"
    with pytest.raises(TimeOutError):
        svc.play.rebet_and_deal(p, "european")
    clock.advance(hours=23, minutes=59)
    with pytest.raises(TimeOutError):
        svc.play.rebet_and_deal(p, "european")
    clock.advance(minutes=1)
    shoes.stack(WIN_19)
    assert svc.play.rebet_and_deal(p, "european").status == "open"


def test_self_exclusion_lasts_its_months(svc: TableService, shoes: Shoes, clock: Clock) -> None:
    p = svc.accounts.create_player("p").id
    svc.seat.place(p, "european", 0, 1000)  # on the table before the break
    svc.protection.take_break(p, "time-out", 7)
    status = svc.protection.take_break(p, "self-exclusion", 6)  # longer: replaces it
    assert status["play_blocked_until"] == "2027-06-01T12:00:00+00:00"
    with pytest.raises(BreakInForceError):
        svc.protection.take_break(p, "time-out", 30)
    clock.now = datetime(2027, 6, 1, 11, 59, tzinfo=UTC)
    with pytest.raises(SelfExcludedError):
        svc.play.deal(p, "european")
    clock.now = datetime(2027, 6, 1, 12, 0, tzinfo=UTC)
    shoes.stack(WIN_19)
    svc.play.deal(p, "european")


@pytest.mark.parametrize(
    ("kind", "length", "error"),
    [("time-out", 1, TimeOutError), ("self-exclusion", 6, SelfExcludedError)],
)
def test_no_chips_go_on_the_table_during_a_break(
    svc: TableService, shoes: Shoes, clock: Clock, kind: str, length: int, error: type[Exception]
) -> None:
    """A break refuses placing bets, not only the deal: a chip, DOUBLE, REBET and bets set at
    once are refused; chips already there can be taken off; the round in progress finishes."""
    p = svc.accounts.create_player("p").id
    _play(svc, shoes, p, WIN_19)  # a round to REBET
    svc.seat.place(p, "european", 0, 1000)
    shoes.stack(ELEVEN)
    svc.play.deal(p, "european")  # 11 against a 6: in progress when the break starts
    svc.protection.take_break(p, kind, length)
    assert svc.play.act(p, "double").status == "settled"  # the round in progress goes on
    for attempt in (
        lambda: svc.seat.place(p, "european", 0, 1000),
        lambda: svc.seat.rebet(p, "european"),
        lambda: svc.seat.set_bets(p, "european", [SpotBet(1000)]),
    ):
        with pytest.raises(error):
            attempt()
    assert svc.seat.table(p, "european").layout.total == 0  # nothing was placed
    clock.advance(days=200)  # the break is over
    svc.seat.place(p, "european", 0, 500)
    svc.seat.place(p, "european", 0, 500)
    svc.protection.take_break(p, kind, length)
    with pytest.raises(error):
        svc.seat.double_bets(p, "european")
    assert svc.seat.undo(p, "european").layout.total == 500  # taking chips off is allowed
    assert svc.seat.clear(p, "european").layout.total == 0


@pytest.mark.parametrize(("kind", "length"), [("time-out", 2), ("self-exclusion", 3), ("x", 1)])
def test_a_break_not_offered_is_refused(svc: TableService, kind: str, length: int) -> None:
    p = svc.accounts.create_player("p").id
    with pytest.raises(InvalidProtectionSettingError):
        svc.protection.take_break(p, kind, length)
    assert svc.protection.status(p)["play_blocked_until"] is None


# -- the reality check ------------------------------------------------------------------------


def test_reality_check_waits_for_the_next_deal_and_never_interrupts_a_round(
    svc: TableService, shoes: Shoes, clock: Clock
) -> None:
    """Issue 13: "when it falls due, the next deal waits until the player acknowledges a
    notice ...; a round in progress is never interrupted"."""
    p = svc.accounts.create_player("p").id
    svc.protection.start_session(p)
    svc.protection.set_reality_check(p, 15)
    _play(svc, shoes, p, WIN_19)  # staked 1000, returned 2000
    clock.advance(minutes=14)
    shoes.stack("5s 6d 6h Ts 8c 4h")  # 11 vs 6; double gets T = 21; dealer 6 8 4 = 18
    svc.seat.place(p, "european", 0, 1000)
    svc.play.deal(p, "european")  # staked 2000
    clock.advance(minutes=2)  # due at 12:15, now 12:16: mid-round
    state = svc.play.act(p, "double")  # the round goes on; staked 3000, returned 6000
    assert state.status == "settled"
    svc.seat.place(p, "european", 0, 1000)
    with pytest.raises(RealityCheckDueError):
        svc.play.deal(p, "european")
    status = svc.protection.status(p)
    assert status["reality_check"] == {
        "minutes": 15,
        "due_at": "2026-12-01T12:15:00+00:00",
        "due": True,
    }
    assert status["session"] == {
        "started_at": "2026-12-01T12:00:00+00:00",
        "elapsed_seconds": 16 * 60,
        "staked": 3000,
        "returned": 6000,
        "net": 3000,
    }
    status = svc.protection.acknowledge(p)
    assert status["reality_check"]["due_at"] == "2026-12-01T12:31:00+00:00"
    shoes.stack(WIN_19)
    svc.play.deal(p, "european")


def test_leaving_ends_the_session_and_its_reality_check(
    svc: TableService, shoes: Shoes, clock: Clock
) -> None:
    p = svc.accounts.create_player("p").id
    svc.protection.set_reality_check(p, 30)
    svc.protection.start_session(p)
    _play(svc, shoes, p, LOSE_17)
    clock.advance(minutes=31)
    svc.protection.end_session(p)
    assert svc.protection.status(p)["session"] is None
    svc.protection.start_session(p)  # a new login: a new session, a new interval
    status = svc.protection.status(p)
    assert status["session"]["staked"] == 0
    assert status["reality_check"]["due"] is False
    _play(svc, shoes, p, LOSE_17)


def test_reality_check_interval_not_offered(svc: TableService) -> None:
    p = svc.accounts.create_player("p").id
    with pytest.raises(InvalidProtectionSettingError):
        svc.protection.set_reality_check(p, 7)
    svc.protection.set_reality_check(p, 60)
    assert svc.protection.set_reality_check(p, None)["reality_check"]["minutes"] is None
