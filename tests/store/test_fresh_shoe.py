"""Every round is dealt from a fresh, complete, shuffled shoe (SPEC 3), on SQLite and PostgreSQL.

The service asks its shoe factory once per DEAL; the production factory (``system_shoe``) gives
all the variant's decks, every card as many times as there are decks, in a new order each time.
"""

from __future__ import annotations

from collections import Counter

import pytest
from storetest import OpenService

from twentyone.cards import Card, Shoe, build_shoe
from twentyone.engine import Action
from twentyone.errors import ShoeExhaustedError
from twentyone.rules import Rules
from twentyone.store.unit import system_shoe


def _all_cards(shoe: Shoe) -> list[Card]:
    cards: list[Card] = []
    while True:
        try:
            cards.append(shoe.draw())
        except ShoeExhaustedError:
            return cards


@pytest.mark.rule("ll-52.2", "eu-3.3", "eu-67", "spec-3.shuffle")
def test_each_round_is_dealt_from_a_fresh_shuffled_shoe(open_service: OpenService) -> None:
    """000 Lucky Lucky: "After each round, used cards are returned to the deck and the deck is
    shuffled." 002 European: "two decks of cards that are shuffled after the completion of every
    game." SPEC 3: "All presets shuffle a fresh shoe before every round".

    Three European rounds ask for three shoes; each is both decks whole (104 cards, every card
    twice), so the cards of the round before are back in it, and no two come in the same order.
    """
    shoes: list[list[str]] = []

    def recording(rules: Rules) -> Shoe:
        cards = _all_cards(system_shoe(rules))  # the production shoe, read in full
        shoes.append([str(c) for c in cards])
        return Shoe.from_cards(cards)  # ... and dealt in that order

    service = open_service(shoe_factory=recording)
    p = service.accounts.create_player("p").id
    for _ in range(3):
        service.seat.place(p, "european", 0, 1000)
        state = service.play.deal(p, "european")
        while state.status != "settled":
            decline = {Action.NO_INSURANCE, Action.NO_EVEN_MONEY} & set(state.legal_actions)
            state = service.play.act(p, decline.pop() if decline else Action.STAND)
    assert len(shoes) == 3
    whole = Counter(str(c) for c in build_shoe(2))
    assert len(whole) == 52 and set(whole.values()) == {2}
    for cards in shoes:
        assert Counter(cards) == whole
    assert len({tuple(cards) for cards in shoes}) == 3
