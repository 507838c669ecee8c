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
    """European 11 doubles to 21 against the dealer's 18: the bet and the double are two debits,
    the doubled stake's 1:1 win one credit of 4000."""
    rnd = Round.start(
        EU,
        [SpotBet(1000)],
        Shoe.from_cards(
            [
                "5s",  # player card 1
                "6d",  # dealer's card at the deal
                "6h",  # player card 2 -> 11
                "Ts",  # the double's one card -> 21
                "8c",  # dealer's second card -> 14
                "4h",  # dealer draws -> 18
            ]
        ),
    )
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
    rnd = Round.start(
        EU,
        [SpotBet(1000)],
        Shoe.from_cards(
            [
                "5s",  # player card 1
                "6d",  # dealer's card at the deal
                "6h",  # player card 2 -> 11
                "Ts",  # the double's one card -> 21
                "8c",  # dealer's second card -> 14
                "4h",  # dealer draws -> 18
            ]
        ),
    )
    assert play.affordable_actions(rnd, 999) == (Action.HIT, Action.STAND)
    assert play.unaffordable_actions(rnd, 999) == (Action.DOUBLE,)
    with pytest.raises(InsufficientFundsError):
        play.act(rnd, "double", 999)
    assert play.act(rnd, "double", 1000) == 1000


@pytest.mark.rule("ll-20.1", "spec-5.debits")
def test_insurance_split_and_double_are_each_an_additional_debit() -> None:
    """000 Lucky Lucky: "Please note that Insurance, Double and Split require an additional bet."
    A bet of 1000 against an ace: insurance 500, the split 1000, a double of the first split
    hand 1000, each its own debit when it is made. The dealer's soft 18 (no blackjack) takes
    the insurance; 21 on the doubled hand wins 4000, the 18 pushes 1000.
    """
    rnd = Round.start(
        LL,
        [SpotBet(1000)],
        Shoe.from_cards(
            [
                "8h",  # player card 1
                "Ad",  # dealer up card: an ace
                "8c",  # player card 2 -> a pair of eights
                "7s",  # dealer hole card -> soft 18
                "3d",  # first split hand's second card -> 11
                "Ts",  # the double's one card -> 21
                "Tc",  # second split hand's second card -> 18
            ]
        ),
    )
    debits: list[int] = []
    for action in ("insurance", "split", "double", "stand"):
        before = len(rnd.events)
        rnd.act(action)
        debits.append(
            -sum(
                p.amount
                for p in round_postings("r", rnd.events, before)
                if p.kind is EntryKind.WAGER
            )
        )
    assert debits == [500, 1000, 1000, 0]
    postings = round_postings("r", rnd.events)
    assert [p.amount for p in postings if p.kind is EntryKind.WAGER] == [-1000, -500, -1000, -1000]
    assert sorted(p.amount for p in postings if p.kind is EntryKind.PAYOUT) == [1000, 4000]
    assert sum(p.amount for p in postings) == 5000 - 3500
