"""The rules text is generated from the rules (SPEC 3: "never written by hand")."""

from __future__ import annotations

import json

import pytest

from twentyone.cli import main
from twentyone.rules import Rules
from twentyone.rulestext import rtp_lines, rules_document, rules_lines
from twentyone.variants import find_variant


def _text(rules: Rules) -> str:
    return "\n".join(rules_lines(rules))


@pytest.mark.rule("spec-3.rules-text")
def test_every_switch_changes_the_text() -> None:
    base = find_variant("standard").rules
    for change in (
        {"decks": 2},
        {"dealer_hits_soft_17": True},
        {"peek": "none"},
        {"peek": "enhc"},
        {"double_on": "9-11"},
        {"double_hard_only": True},
        {"double_after_split": False},
        {"split_by": "rank"},
        {"max_split_hands": 2},
        {"resplit_aces": True},
        {"hit_split_aces": True},
        {"blackjack_pays": "6/5"},
        {"insurance": False},
        {"even_money": True},
        {"charlie_cards": 5},
        {"surrender": "late"},
        {"side_bets": [{"name": "lucky-lucky"}]},
    ):
        assert _text(base.replace(**change)) != _text(base), change


@pytest.mark.parametrize(
    ("variant", "phrases"),
    [
        (
            "lucky-lucky",
            [
                "6 decks",
                "never checks for blackjack",
                "10-card Charlie",
                "Online pay table",
                "Suited 7-7-7 200 to 1",
            ],
        ),
        ("lucky-7", ["8 decks", "first is dealt face down", "even money", "exactly 1.00"]),
        ("european", ["2 decks", "no hole card", "9, 10 or 11", "same rank", "11 cards"]),
        ("lucky-ladies", ["up to 4 hands", "20,000.00 per round", "stake 1.00 to 20.00"]),
    ],
)
def test_variant_text_states_its_rules(variant: str, phrases: list[str]) -> None:
    text = _text(find_variant(variant).rules)
    for phrase in phrases:
        assert phrase in text, phrase


@pytest.mark.rule("spec-3.rules-text")
def test_rtp_lines_give_the_exact_returns() -> None:
    """SPEC 3: the rules text shows "every side-bet pay table and the RTP figures"; the Lucky
    Lucky document claims 96.05% for its side bet (exact: 1 - 24742/626665)."""
    lines = rtp_lines(find_variant("lucky-lucky").rules)
    assert "main game" in lines[0]
    assert f"{1 - 24742 / 626665:.3%}" in lines[1]


def test_rules_json_carries_text_switches_and_rtp(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "lucky-ladies", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document == json.loads(json.dumps(rules_document(find_variant("lucky-ladies"))))
    assert document["rules"]["decks"] == 6
    assert document["side_bets"][0]["pays"]["qh-pair-dealer-blackjack"] == 1000
    assert len(document["rtp"]) == 2
