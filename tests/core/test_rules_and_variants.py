"""Rules validate themselves; variants are presets in one registry (SPEC sections 1 and 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from twentyone.errors import InvalidRulesError, UnknownVariantError
from twentyone.rules import DoubleOn, PeekMode, Rules, SideBetRules, SplitBy, default_side_bet
from twentyone.sidebets.paytables import SideBetName
from twentyone.variants import all_variants, find_variant


def _ladies(decks: int) -> Rules:
    return Rules(decks=decks, side_bets=(default_side_bet("lucky-ladies"),))


@pytest.mark.parametrize("decks", [1, 9, 16])
@pytest.mark.rule("lad-3.2", "spec-3.impossible")
def test_lucky_ladies_needs_two_to_eight_decks(decks: int) -> None:
    """003: "Lucky Ladies may be played on 2 to 8 deck games only"."""
    with pytest.raises(InvalidRulesError, match="2 to 8 deck"):
        _ladies(decks)


@pytest.mark.parametrize("decks", [2, 6, 8])
def test_lucky_ladies_allowed_on_two_to_eight_decks(decks: int) -> None:
    assert _ladies(decks).side_bet("lucky-ladies") is not None


@pytest.mark.parametrize(
    "changes",
    [
        {"decks": 0},
        {"max_spots": 8},
        {"max_split_hands": 5},
        {"charlie_cards": 2},
        {"blackjack_pays": Fraction(-1)},
        {"surrender": "late", "peek": "none"},
        {"even_money": True, "insurance": False},
        {"resplit_aces": True, "max_split_hands": 2},
        {"dealer_first_card_face_down": True, "peek": "enhc"},
    ],
)
@pytest.mark.rule("spec-3.impossible")
def test_impossible_rules_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        Rules().replace(**changes)


def test_lucky_7_stake_is_exactly_one_credit() -> None:
    """001: "Nella scommessa Lucky 7 puoi puntare solo 1 credito"."""
    with pytest.raises(InvalidRulesError, match="one credit"):
        Rules(side_bets=(SideBetRules(SideBetName.LUCKY_7, "super-sevens", 100, 200),))


def test_unknown_switch_and_bad_values_are_refused() -> None:
    with pytest.raises(InvalidRulesError, match="unknown rule switch"):
        Rules().replace(deck=6)
    with pytest.raises(InvalidRulesError):
        Rules().replace(peek="sometimes")
    with pytest.raises(InvalidRulesError):
        Rules().replace(decks="six")
    with pytest.raises(InvalidRulesError):
        Rules().replace(side_bets=[{"name": "lucky-luck"}])


def test_text_values_are_coerced_like_the_cli_gives_them() -> None:
    rules = Rules().replace(decks="2", dealer_hits_soft_17="true", blackjack_pays="6/5")
    assert (rules.decks, rules.dealer_hits_soft_17, rules.blackjack_pays) == (
        2,
        True,
        Fraction(6, 5),
    )


@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_rules_round_trip_through_json_form(variant: str) -> None:
    rules = find_variant(variant).rules
    again = Rules.from_dict(rules.to_dict())
    assert again == rules and hash(again) == hash(rules)
    assert again.version() == rules.version()


def test_rules_version_changes_with_any_switch() -> None:
    rules = find_variant("lucky-lucky").rules
    assert rules.replace(decks=8).version() != rules.version()


def test_variant_lookup_by_name_and_alias() -> None:
    assert find_variant("LL") is find_variant("lucky-lucky")
    assert find_variant("euro").name == "european"
    with pytest.raises(UnknownVariantError) as info:
        find_variant("spanish-21")
    assert info.value.code == "unknown-variant"


def test_presets_follow_spec_section_3() -> None:
    """SPEC 3 table: decks, spots, peek mode, double and split rules per preset."""
    ll = find_variant("lucky-lucky").rules
    l7 = find_variant("lucky-7").rules
    eu = find_variant("european").rules
    la = find_variant("lucky-ladies").rules
    assert (ll.decks, l7.decks, eu.decks, la.decks) == (6, 8, 2, 6)
    assert (ll.max_spots, l7.max_spots, eu.max_spots, la.max_spots) == (5, 3, 1, 7)
    assert (ll.peek, l7.peek, eu.peek, la.peek) == (
        PeekMode.NONE,
        PeekMode.ACE_AND_TEN,
        PeekMode.ENHC,
        PeekMode.ACE_AND_TEN,
    )
    assert l7.dealer_first_card_face_down and not ll.dealer_first_card_face_down
    assert (ll.bj_takes_double_vs_ace, ll.bj_takes_double_vs_ten) == (True, False)
    assert ll.bj_takes_split_vs_ace and ll.bj_takes_split_vs_ten
    assert eu.double_on is DoubleOn.NINE_TO_ELEVEN and eu.double_hard_only
    assert not eu.double_after_split and eu.split_by is SplitBy.RANK
    assert (ll.max_split_hands, l7.max_split_hands, eu.max_split_hands, la.max_split_hands) == (
        2,
        2,
        2,
        4,
    )
    assert not la.resplit_aces
    assert (ll.charlie_cards, ll.charlie_wins, eu.charlie_cards, eu.charlie_wins) == (
        10,
        True,
        11,
        False,
    )
    assert l7.even_money and not ll.even_money and not eu.even_money
    for rules in (ll, l7, eu, la):
        assert rules.blackjack_pays == Fraction(3, 2) and not rules.dealer_hits_soft_17
        assert rules.insurance and rules.insurance_pays == 2
    assert [str(b.name) for b in ll.side_bets] == ["lucky-lucky"]
    assert [str(b.name) for b in l7.side_bets] == ["lucky-7"]
    assert eu.side_bets == ()
    ladies = la.side_bet("lucky-ladies")
    assert ladies is not None
    assert (ladies.min_stake, ladies.max_stake, ladies.aggregate_cap) == (100, 2000, 2_000_000)
