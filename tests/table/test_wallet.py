"""Wallet postings from a round's events and balance-filtered actions."""

from __future__ import annotations

import pytest

from twentyone.cards import Shoe
from twentyone.engine import Action, Round, SpotBet
from twentyone.table import play
from twentyone.table.errors import InsufficientFundsError
from twentyone.table.wallet import EntryKind, held, round_postings, void_postings
from twentyone.variants import find_variant

EU = find_variant("european").rules
LL = find_variant("lucky-lucky").rules


@pytest.mark.rule("ll-20.1", "spec-5.debits")
def test_one_debit_per_wager_and_one_credit_per_payout() -> None:
    rnd = Round.start(EU, [SpotBet(1000)], Shoe.from_cards("5s 6d 6h Ts 8c 4h"))
    rnd.act("double")
    postings = round_postings("r1", rnd.events)
    assert [(p.kind, p.amount) for p in postings] == [
        (EntryKind.WAGER, -1000),
        (EntryKind.WAGER, -1000),
        (EntryKind.PAYOUT, 4000),
    ]
    assert len({p.txid for p in postings}) == 3
    assert round_postings("r1", rnd.events) == postings  # deterministic ids
    assert sum(p.amount for p in void_postings("r1", postings)) == -2000
    assert held(rnd.events) == 0


def test_postings_from_an_index_on() -> None:
    rnd = Round.start(
        LL, [SpotBet.of(1000, {"lucky-lucky": 100})], Shoe.from_cards("8s 5c 9h Td 2c")
    )
    first = round_postings("r", rnd.events)
    saved = len(rnd.events)
    rnd.act("stand")
    later = round_postings("r", rnd.events, saved)
    assert {p.txid for p in first}.isdisjoint({p.txid for p in later})
    assert held(rnd.events) == 0


@pytest.mark.rule("ll-20.2", "spec-5.debits")
def test_actions_filtered_by_balance() -> None:
    """Lucky Lucky document: "If your balance does not have enough money to cover these
    expenses, you will need to deposit more money to use these options"."""
    rnd = Round.start(EU, [SpotBet(1000)], Shoe.from_cards("5s 6d 6h Ts 8c 4h"))
    assert play.affordable_actions(rnd, 999) == (Action.HIT, Action.STAND)
    assert play.unaffordable_actions(rnd, 999) == (Action.DOUBLE,)
    with pytest.raises(InsufficientFundsError):
        play.act(rnd, "double", 999)
    assert play.act(rnd, "double", 1000) == 1000
