"""The largest win of one round at the maximum stakes (twentyone.analysis.exposure).

Every expected figure below is worked out by hand in the test's docstring from the seeds' pay
tables, the SPEC's split and double rules and the shoe's card counts; the search must find it,
and the engine, playing the round the search deals, must pay it.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rule_switches import SWITCHES
from twentyone.analysis.exposure import (
    DealerEnd,
    Play,
    largest_side_win,
    largest_win,
    main_units,
    play,
    spot_main,
)
from twentyone.cards import Card, Rank
from twentyone.engine.model import SpotBet
from twentyone.errors import InvalidRulesError
from twentyone.rules import Rules
from twentyone.sidebets.base import payouts
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.variants import PRESETS, TABLE, find_variant

STANDARD = 50_000
"""The standard VIP level's maximum main bet (500.00)."""
PLATINUM = 1_000_000
"""The platinum level's (10,000.00)."""


def _bets(name: str, bet: int) -> list[SpotBet]:
    rules = find_variant(name).rules
    side = tuple((b.name, b.max_stake) for b in rules.side_bets)
    return [SpotBet(bet, side) for _ in range(rules.max_spots)]


def test_european_largest_win_is_a_doubled_hand_at_every_level() -> None:
    """SPEC section 3 (European): "double on hard 9-11, split same rank once", no double after
    split, one hand: a spot wins at most 2 bets (a doubled hand; a split's two hands 1 each; a
    natural 3 to 2). By hand: 2 x 500.00 = 1,000.00 at the standard level, and 2 x the
    maximum at every level; the engine pays the round the search deals."""
    rules = find_variant("european").rules
    for level in TABLE.limits:
        win = largest_win(rules, level.max_bet)
        assert win.bound == 2 * level.max_bet and win.exact
        assert win.witness is not None
        assert play(rules, _bets("european", level.max_bet), win.witness) == 2 * level.max_bet


def test_main_game_top_per_spot_follows_the_split_and_double_rules() -> None:
    """SPEC section 3: "split to 4 hands", "double after split": four hands each doubled win 8
    bets; Lucky Lucky and Lucky 7 split once (2 hands) with double after split: 4; European 2."""
    assert main_units(find_variant("lucky-ladies").rules) == 8
    assert main_units(find_variant("standard").rules) == 8
    assert main_units(find_variant("lucky-lucky").rules) == 4
    assert main_units(find_variant("lucky-7").rules) == 4
    assert main_units(find_variant("european").rules) == 2


def _card(text: str) -> Card:
    return Card.parse(text)


def test_a_spots_main_ceiling_is_the_rules_own() -> None:
    """SPEC section 3: blackjack pays 3:2; split aces take one card each and are not resplit;
    European splits by rank (K-10 is no pair) and doubles hard 9-11 only; insurance pays 2:1 on
    half the bet, so against a dealer blackjack an insured hand breaks even and an insured
    natural wins one bet."""
    std = find_variant("standard").rules
    euro = find_variant("european").rules
    bust = DealerEnd.BUSTS

    def top(
        rules: Rules, cards: str, dealer: DealerEnd = bust, up_ace: bool = False
    ) -> tuple[Play, Fraction]:
        a, b = (_card(c) for c in cards.split())
        return spot_main(rules, (a, b), None, dealer, up_ace=up_ace)

    assert top(std, "As Kd") == (Play.NATURAL, Fraction(3, 2))
    assert top(std, "As Ad")[1] == 2  # two hands of one card each, or a soft 12 doubled
    assert top(std, "8s 8d") == (Play.SPLIT, Fraction(8))  # four hands, each doubled
    assert top(std, "5s 6d") == (Play.DOUBLE, Fraction(2))
    assert top(euro, "Ks Td") == (Play.STAND, Fraction(1))  # no pair by rank, no double on 20
    assert top(euro, "Ks Kd") == (Play.SPLIT, Fraction(2))  # two hands, no double after split
    assert top(euro, "5s 5d") in {(Play.DOUBLE, Fraction(2)), (Play.SPLIT, Fraction(2))}
    bj = DealerEnd.BLACKJACK
    assert top(std, "As Kd", bj, up_ace=True) == (Play.NATURAL, Fraction(1))
    assert top(std, "8s 8d", bj, up_ace=True) == (Play.STAND, Fraction(0))
    assert top(std, "8s 8d", bj, up_ace=False) == (Play.STAND, Fraction(-1))


def test_lucky_lucky_largest_win_at_the_standard_and_platinum_levels() -> None:
    """Seed 000, felt pay table: suited 7-7-7 200, suited 6-7-8 100, unsuited 7-7-7 50, the rest
    15 or less, at the 100.00 maximum stake; 6 decks hold six of each card; split once with
    double after split (4 bets), any two cards double (2 bets), five spots.

    By hand, with the dealer's 7 of one suit up: the 200 line needs a pair of 7s of that suit,
    and five are left, so two spots: 20,000 + 4 x the bet each. Any other spot makes at most
    100 x 100.00 + 2 x the bet (suited 6-7-8: no pair) or 50 x 100.00 + 4 x the bet (unsuited
    7-7-7). Standard (500.00): 10,000 + 1,000 beats 5,000 + 2,000, so 2 x 22,000 + 3 x 11,000 =
    77,000.00. Platinum (10,000.00): 5,000 + 40,000 beats 10,000 + 20,000, so 2 x 60,000 + 3 x
    45,000 = 255,000.00. Any other up card makes no 7-7-7 (at most 100 on a spot)."""
    rules = find_variant("lucky-lucky").rules
    standard = largest_win(rules, STANDARD)
    assert standard.bound == 7_700_000 and standard.exact
    assert standard.up.rank is Rank.SEVEN and standard.dealer is DealerEnd.BUSTS
    assert standard.main == 700_000 and standard.sides == (7_000_000,)
    platinum = largest_win(rules, PLATINUM)
    assert platinum.bound == 25_500_000 and platinum.exact
    assert platinum.main == 20_000_000 and platinum.sides == (5_500_000,)
    assert platinum.witness is not None
    assert play(rules, _bets("lucky-lucky", PLATINUM), platinum.witness) == 25_500_000


def test_lucky_ladies_largest_win_is_three_queen_pairs_and_four_matched_tens() -> None:
    """Seed 003, table A: queen-of-hearts pair 125 (1000 with a dealer blackjack), matched 20
    19, at the 20.00 maximum; 6 decks hold six queens of hearts, so three spots at most; split
    to 4 hands with double after split (8 bets). By hand at the standard level: the dealer
    busting, 3 x (2,500 + 4,000) + 4 x (380 + 4,000) = 37,020.00; with a dealer blackjack
    instead the main bets lose (insured: they break even) and the side bet is capped at
    20,000.00, less. At platinum: 3 x (2,500 + 80,000) + 4 x (380 + 80,000) = 569,020.00."""
    rules = find_variant("lucky-ladies").rules
    standard = largest_win(rules, STANDARD)
    assert standard.bound == 3_702_000 and standard.exact
    queens = [p for p in standard.spots if p.first == p.second == _card("Qh")]
    assert len(queens) == 3 and standard.dealer is DealerEnd.BUSTS
    platinum = largest_win(rules, PLATINUM)
    assert platinum.bound == 56_902_000 and platinum.exact


def test_the_side_bets_alone_are_held_by_the_shoe_and_the_cap() -> None:
    """Seed 003: "$20,000 aggregate payout cap", cut pro rata and rounded down (SPEC section 4):
    three queen-of-hearts pairs with a dealer blackjack (20,000.00 each at 1000 to 1) are cut to
    a third of the cap each, rounded down, 19,999.98 in all; two are cut to 10,000.00 each, the
    whole cap. Seed 000: two suited 7-7-7 and three suited 6-7-8 (see above) pay 70,000.00, not
    5 x 20,000.00. Seed 001 (8 decks, Super Sevens 7-7-7 suited 5000 x 1.00): eight 7s of
    spades make two suited triples, a third spot takes another suit: 15,000.00."""
    ladies = find_variant("lucky-ladies").rules
    bet = ladies.side_bets[0]
    table = find_paytable(SideBetName.LUCKY_LADIES, bet.paytable)
    top = "qh-pair-dealer-blackjack"
    three = payouts([bet.max_stake] * 3, [top] * 3, table, bet.aggregate_cap)
    assert sum(three) - 3 * bet.max_stake == 1_999_998
    two = payouts([bet.max_stake] * 2, [top] * 2, table, bet.aggregate_cap)
    assert sum(two) - 2 * bet.max_stake == 2_000_000
    alone = largest_side_win(ladies, STANDARD)
    assert alone.bound == alone.paid == 2_000_000 and alone.exact
    assert alone.dealer is DealerEnd.BLACKJACK
    lucky = largest_side_win(find_variant("lucky-lucky").rules, STANDARD)
    assert lucky.bound == lucky.paid == 7_000_000
    sevens = largest_side_win(find_variant("lucky-7").rules, STANDARD)
    assert sevens.bound == sevens.paid == 1_500_000
    assert all(p.third is not None and p.third.rank is Rank.SEVEN for p in sevens.spots)


def test_fewer_decks_hold_fewer_queen_pairs() -> None:
    """Seed 003 allows 2 decks: two queens of hearts make one pair. By hand at 500.00: one spot
    2,500 + 4,000, six spots of matched tens 380 + 4,000 each: 6,500 + 26,280 = 32,780.00, and
    the two decks still deal every split hand, double and the dealer's bust."""
    rules = replace(find_variant("lucky-ladies").rules, decks=2)
    win = largest_win(rules, STANDARD)
    assert win.bound == 3_278_000 and win.exact
    assert sum(p.first == p.second == _card("Qh") for p in win.spots) == 1


@pytest.mark.parametrize("name", ["lucky-7", "standard"])
def test_every_figure_is_a_round_the_engine_pays(name: str) -> None:
    """Issue 12 item 4 ("maximum win per round"): Lucky 7 (seed 001, 8 decks, split once, double
    after split): three spots of suited 7-7-7 (two of spades, one of hearts; the third card the
    first split hand's), 3 x (5,000 + 4 x 500.00) = 21,000.00; the standard game one spot of
    four doubled hands, 8 x 500.00 = 4,000.00. The engine pays each round the search deals."""
    rules = find_variant(name).rules
    expected = {"lucky-7": 2_100_000, "standard": 400_000}[name]
    win = largest_win(rules, STANDARD)
    assert win.witness is not None
    assert play(rules, _bets(name, STANDARD), win.witness) == expected == win.bound


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    base=st.sampled_from([p for p in PRESETS if p.rules.side_bets]),
    changes=st.dictionaries(st.sampled_from(list(SWITCHES)), st.none(), max_size=5).flatmap(
        lambda keys: st.fixed_dictionaries({k: SWITCHES[k] for k in keys})
    ),
)
def test_no_round_the_engine_plays_beats_the_bound(base: Any, changes: dict[str, Any]) -> None:
    """Issue 12 item 4: the largest win is an upper bound proven from the rules (SPEC section
    3's split, double, insurance and payout switches, any deck count): for any rule set the
    round the search deals, played by the engine, never pays more than the bound, and pays
    exactly the figure the search found for it wherever the shoe could deal it."""
    try:
        rules = base.rules.replace(**changes)
    except InvalidRulesError:
        assume(False)
        return
    win = largest_win(rules, STANDARD)
    if win.witness is not None:
        side = tuple((b.name, b.max_stake) for b in rules.side_bets)
        bets = [SpotBet(STANDARD, side) for _ in range(rules.max_spots)]
        paid = play(rules, bets, win.witness)
        assert paid == win.paid
        assert paid <= win.bound


@pytest.mark.parametrize("nodes", [1, 20, 400])
def test_a_search_cut_short_still_bounds_the_largest_win(
    nodes: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 000 at the platinum level: the largest win is 255,000.00 (worked by hand above).
    A search allowed only a few nodes must still give a bound no round passes (at least
    255,000.00) and a round the engine pays no more than it, and must not call it exact."""
    import twentyone.analysis.exposure.solver as module

    monkeypatch.setattr(module, "SEARCH_NODES", nodes)
    win = largest_win(find_variant("lucky-lucky").rules, PLATINUM)
    assert win.bound >= 25_500_000
    assert win.paid is not None and win.paid <= 25_500_000 <= win.bound
    assert not win.exact or win.bound == 25_500_000
