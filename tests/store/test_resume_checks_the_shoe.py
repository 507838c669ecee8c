"""A stored round is resumed only from a shoe its rules can hold (issue 16; SPEC 2 and 6).

Replay refuses a card that comes more often than there are decks (``verify_shoe``); the store's
resume path applies the same check to a stored round's shoe, so a corrupted or forged shoe is a
malfunction that voids the round ("a malfunction voids all pays and plays") instead of playing on.
"""

from __future__ import annotations

from storetest import OpenService

from twentyone.cards import Shoe, build_shoe, parse_cards
from twentyone.engine import SpotBet
from twentyone.rules import Rules


def _forged(rules: Rules) -> Shoe:
    """Seven tens of spades on top of a full shoe: one more Ts than 6 decks hold."""
    return Shoe([*parse_cards("Ts 7d 8c 9d Ts Ts Ts"), *build_shoe(rules.decks)])


def test_a_round_dealt_from_an_impossible_shoe_is_voided_on_resume(
    open_service: OpenService,
) -> None:
    first = open_service(shoe_factory=_forged)
    p = first.accounts.create_player("p").id
    first.seat.set_bets(p, "lucky-lucky", [SpotBet(1000)])
    first.play.deal(p, "lucky-lucky")  # player Ts 8c = 18 against 7d: a decision awaits
    restarted = open_service(shoe_factory=_forged)
    state = restarted.play.current_round(p)
    assert state is not None and state.status == "void"
    assert restarted.accounts.wallet(p).balance == 100_000  # the main bet is refunded
    assert restarted.play.current_round(p) is None


def test_a_round_dealt_from_a_full_shoe_resumes(open_service: OpenService) -> None:
    """The control: the same round from a shoe of exactly 6 decks resumes and plays on."""

    def stacked(rules: Rules) -> Shoe:
        rest = list(build_shoe(rules.decks))
        top = parse_cards("Ts 7d 8c 9d")
        for card in top:
            rest.remove(card)
        return Shoe([*top, *rest])

    first = open_service(shoe_factory=stacked)
    p = first.accounts.create_player("p").id
    first.seat.set_bets(p, "lucky-lucky", [SpotBet(1000)])
    first.play.deal(p, "lucky-lucky")
    restarted = open_service(shoe_factory=stacked)
    state = restarted.play.current_round(p)
    assert state is not None and state.status == "open"
