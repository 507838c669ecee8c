"""Strategy: the one-deck textbook chart, and the strategy objects the engine will play.

Textbook chart: one deck, dealer stands on soft 17, double on any two cards, no double after
split, no surrender; as printed by Thorp ("Beat the Dealer", 1966), Griffin ("The Theory of
Blackjack") and the Wizard of Odds' one-deck S17 chart. Codes are the first choice:
H hit, S stand, D double, P split. Columns: dealer 2, 3, ..., 10, A.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentyone.analysis.exact.game import deal_values
from twentyone.analysis.exact.shoe import from_cards
from twentyone.analysis.exact.strategy import (
    ExactStrategy,
    basic_strategy,
    optimal_strategy,
    strategy_chart,
)
from twentyone.cards import Card, parse_cards
from twentyone.errors import IllegalActionError
from twentyone.rules import Rules
from twentyone.variants import all_variants

ONE_DECK = Rules(decks=1, double_after_split=False, max_split_hands=2)

TEXTBOOK_HARD = {
    5: "HHHHHHHHHH",
    6: "HHHHHHHHHH",
    7: "HHHHHHHHHH",
    8: "HHHDDHHHHH",
    9: "DDDDDHHHHH",
    10: "DDDDDDDDHH",
    11: "DDDDDDDDDD",
    12: "HHSSSHHHHH",
    13: "SSSSSHHHHH",
    14: "SSSSSHHHHH",
    15: "SSSSSHHHHH",
    16: "SSSSSHHHHH",
    17: "SSSSSSSSSS",
}
TEXTBOOK_SOFT = {
    13: "HHDDDHHHHH",
    14: "HHDDDHHHHH",
    15: "HHDDDHHHHH",
    16: "HHDDDHHHHH",
    17: "DDDDDHHHHH",
    18: "SDDDDSSHHS",
    19: "SSSSDSSSSS",
    20: "SSSSSSSSSS",
}
TEXTBOOK_PAIRS = {
    "A,A": "PPPPPPPPPP",
    "10,10": "SSSSSSSSSS",
    "9,9": "PPPPPSPPSS",
    "8,8": "PPPPPPPPPP",
    "7,7": "PPPPPPHHSH",
    "6,6": "PPPPPHHHHH",
    "5,5": "DDDDDDDDHH",
    "4,4": "HHHDDHHHHH",
    "3,3": "HHPPPPHHHH",
    "2,2": "HPPPPPHHHH",
}


def test_one_deck_basic_strategy_is_the_textbook_chart() -> None:
    """Every cell of the hard, soft and pair charts (first choice)."""
    chart = strategy_chart(ONE_DECK)
    for rows, book in (
        (chart.hard, TEXTBOOK_HARD),
        (chart.soft, TEXTBOOK_SOFT),
        (chart.pairs, TEXTBOOK_PAIRS),
    ):
        for key, expected in book.items():
            got = "".join(code[0] for code in rows[key])  # type: ignore[index]
            assert got == expected, key
    # Three or more cards: 16 against a ten stands (the classic one-deck exception).
    assert chart.hard_multi[16][8] == "S"


def _card(text: str) -> Card:
    return parse_cards(text)[0]


def test_basic_strategy_object_follows_the_chart_and_the_legal_set() -> None:
    """Double if allowed, otherwise the chart's fallback; split hands reuse the chart."""
    s = basic_strategy(ONE_DECK)
    eleven = parse_cards("6h 5d")
    assert s.action(eleven, _card("Td"), legal={"hit", "stand", "double"}) == "double"
    assert s.action(eleven, _card("Td"), legal={"hit", "stand"}, from_split=True) == "hit"
    soft18 = parse_cards("As 7d")
    assert s.action(soft18, _card("4c"), legal={"hit", "stand", "double"}) == "double"
    assert s.action(soft18, _card("4c"), legal={"hit", "stand"}) == "stand"
    eights = parse_cards("8s 8d")
    assert s.action(eights, _card("Tc"), legal={"hit", "stand", "double", "split"}) == "split"
    three_card_16 = parse_cards("Ts 4d 2c")
    assert s.action(three_card_16, _card("Tc"), legal={"hit", "stand"}) == "stand"
    assert s.action(parse_cards("Ts 6d"), _card("Tc"), legal={"hit", "stand"}) == "hit"
    assert s.action(eights, _card("Tc"), legal={"stand"}) == "stand"
    with pytest.raises(IllegalActionError):
        s.action(eights, _card("Tc"), legal={"fold"})
    with pytest.raises(IllegalActionError):
        s.action(eights, _card("Tc"), legal=set())


def _cards_of(hand: tuple[int, ...]) -> list[Card]:
    """Cards with the given counts (suits differ, so a pair is two real cards)."""
    ranks = "A23456789T"
    return [parse_cards(f"{ranks[i]}{suit}")[0] for i, n in enumerate(hand) for suit in "sh"[:n]]


def test_optimal_strategy_object_plays_what_the_exact_value_assumes() -> None:
    """For every first decision the object's action is the one the EV was computed with."""
    s = optimal_strategy(ONE_DECK)
    for up_text in ("As", "6d", "Tc"):
        up = _card(up_text)
        policy = s.policy(up.points - 1)
        for deal in deal_values(policy.solver, policy, policy.splits):
            if deal.action is None:
                continue
            cards = _cards_of(deal.hand)
            assert from_cards(cards) == deal.hand
            legal = {"hit", "stand", "double"}
            if max(deal.hand) == 2:
                legal.add("split")
            assert s.action(cards, up, legal=legal) == str(deal.action)


def test_optimal_play_is_composition_dependent() -> None:
    """One deck, 12 against a 4: 10-2 hits, 7-5 stands (composition matters; Griffin)."""
    s = ExactStrategy(Rules(decks=1))
    four = _card("4c")
    legal = {"hit", "stand", "double"}
    assert s.action(parse_cards("Ts 2d"), four, legal=legal) == "hit"
    assert s.action(parse_cards("7s 5d"), four, legal=legal) == "stand"


def test_golden_file_matches_the_presets() -> None:
    """Regenerate with scripts/gen_exact_golden.py when a preset's base-game rules change."""
    from twentyone.analysis.exact.house_edge import base_game_rules

    golden = json.loads(
        (Path(__file__).parent.parent / "golden" / "exact" / "house_edge.json").read_text()
    )
    for variant in all_variants():
        assert golden[variant.name]["rules_version"] == base_game_rules(variant.rules).version()
