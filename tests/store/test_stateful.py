"""Hypothesis stateful test: random table operations and actions against the store.

Whatever is clicked or sent: the balance equals the ledger, no wager is debited twice, no money
moves before DEAL, limits hold, and every refusal leaves the balance and the round unchanged.
"""

from __future__ import annotations

import uuid

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from twentyone.engine import Action
from twentyone.errors import TwentyoneError
from twentyone.store.service import TableService

VARIANTS = ["lucky-lucky", "european", "lucky-ladies", "lucky-7"]
SIDES = {"lucky-lucky": "lucky-lucky", "lucky-ladies": "lucky-ladies", "lucky-7": "lucky-7"}
CHIPS = [100, 500, 1000, 2500, 10_000, 50_000]


class TableMachine(RuleBasedStateMachine):
    """One player clicking and acting at random."""

    service: TableService

    def __init__(self) -> None:
        super().__init__()
        self.svc = self.service
        self.player = ""

    def _snapshot(self) -> tuple[object, ...]:
        statement = self.svc.records.statement(self.player, limit=1)
        current = self.svc.play.current_round(self.player)
        round_key = None if current is None else (current.round_id, current.step, current.status)
        return (statement.balance, statement.total, round_key)

    def _call(self, betting: bool, fn: object, *args: object, **kwargs: object) -> object:
        assert callable(fn)
        before = self._snapshot()
        try:
            result = fn(*args, **kwargs)
        except TwentyoneError:
            assert self._snapshot() == before, "a refusal changed something"
            return None
        if betting:
            after = self._snapshot()
            assert after[:2] == before[:2], "money moved before DEAL"
        return result

    @rule(grant=st.sampled_from([0, 300, 2000, 100_000]))
    def start(self, grant: int) -> None:
        if not self.player:
            self.player = self.svc.accounts.create_player(uuid.uuid4().hex, grant=grant).id

    @rule(
        variant=st.sampled_from(VARIANTS),
        spot=st.integers(-1, 5),
        chip=st.sampled_from([*CHIPS, 300]),
        side=st.booleans(),
    )
    def place(self, variant: str, spot: int, chip: int, side: bool) -> None:
        if self.player:
            name = SIDES.get(variant) if side else None
            self._call(True, self.svc.seat.place, self.player, variant, spot, chip, name)

    @rule(
        variant=st.sampled_from(VARIANTS), op=st.sampled_from(["undo", "clear", "double", "rebet"])
    )
    def edit(self, variant: str, op: str) -> None:
        if self.player:
            fn = {
                "undo": self.svc.seat.undo,
                "clear": self.svc.seat.clear,
                "double": self.svc.seat.double_bets,
                "rebet": self.svc.seat.rebet,
            }[op]
            self._call(True, fn, self.player, variant)

    @rule(variant=st.sampled_from(VARIANTS), how=st.sampled_from(["deal", "rebet", "double"]))
    def deal(self, variant: str, how: str) -> None:
        if self.player:
            fn = {
                "deal": self.svc.play.deal,
                "rebet": self.svc.play.rebet_and_deal,
                "double": self.svc.play.double_and_deal,
            }[how]
            state = self._call(False, fn, self.player, variant)
            if state is not None:
                limits = self.svc.config.limits("standard")
                record = self.svc.records.round_record(self.player, state.round_id)  # type: ignore[attr-defined]
                for bet in record.bets:
                    assert limits.min_bet <= bet["bet"] <= limits.max_bet

    @rule(action=st.sampled_from(list(Action)), all_spots=st.booleans())
    def act(self, action: Action, all_spots: bool) -> None:
        if self.player:
            self._call(False, self.svc.play.act, self.player, action, apply_to_all=all_spots)

    @rule(data=st.data())
    def act_legal(self, data: st.DataObject) -> None:
        if not self.player:
            return
        state = self.svc.play.current_round(self.player)
        if state is not None and state.legal_actions:
            action = data.draw(st.sampled_from(state.legal_actions))
            self.svc.play.act(self.player, action)

    @invariant()
    def ledger_balances(self) -> None:
        if not self.player:
            return
        statement = self.svc.records.statement(self.player, limit=100_000)
        assert statement.reconciles
        assert statement.balance >= 0
        assert len({e.txid for e in statement.entries}) == len(statement.entries)
        page = self.svc.records.history(self.player, limit=1)
        if not page.rounds:
            return
        last = page.rounds[0]
        record = self.svc.records.round_record(self.player, last.id)
        wagers = [e for e in record.entries if e.kind == "wager"]
        placed = [e for e in record.events if e["type"] == "WagerPlaced"]
        assert len(wagers) == len(placed), "a wager debited twice (or not at all)"
        assert -sum(e.amount for e in wagers) == last.staked
        if last.status == "settled":
            assert last.balance_after == last.balance_before + last.net
            assert sum(e.amount for e in record.entries) == last.net
        if last.status == "void":
            assert sum(e.amount for e in record.entries) == 0


def test_random_table_play_keeps_the_books(service: TableService, db_url: str) -> None:
    TableMachine.service = service
    examples = 25 if db_url.startswith("sqlite") else 12
    run_state_machine_as_test(
        TableMachine,
        settings=settings(
            max_examples=examples,
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
