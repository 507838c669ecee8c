"""The largest win of one round at the maximum stakes (twentyone.analysis.exposure)."""

from __future__ import annotations

from twentyone.analysis.exposure import exposure, main_units, play, side_bound
from twentyone.engine.model import SpotBet
from twentyone.sidebets.base import payouts
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.variants import TABLE, find_variant


def test_european_witness_is_paid_the_bound_by_the_engine() -> None:
    """SPEC section 3 (European): "double on hard 9-11, split same rank once", no double after
    split, one hand: the most a spot wins is a doubled hand, 2 bets (a natural pays 3 to 2).
    The witness (5-6 doubled, a ten drawn, dealer 6 busting) is played by the engine at every
    VIP maximum; by hand: 2 x 500.00 = 1,000.00 at the standard level."""
    rules = find_variant("european").rules
    for level in TABLE.limits:
        figure = exposure(rules, level.max_bet)
        assert figure.witness is not None
        assert play(rules, [SpotBet(level.max_bet)], figure.witness) == 2 * level.max_bet
        assert figure.bound == 2 * level.max_bet and figure.exact
    assert exposure(rules, 50_000).paid == 100_000


def test_main_game_top_per_spot_follows_the_split_and_double_rules() -> None:
    """SPEC section 3: "split to 4 hands", "double after split": four hands each doubled win 8
    bets; Lucky Lucky splits once (2 hands) with double after split: 4; European 2."""
    assert main_units(find_variant("lucky-ladies").rules) == 8
    assert main_units(find_variant("standard").rules) == 8
    assert main_units(find_variant("lucky-lucky").rules) == 4
    assert main_units(find_variant("european").rules) == 2


def test_lucky_ladies_cap_bounds_the_side_bet_as_the_engine_pays_it() -> None:
    """Seed 003 (Lucky Ladies): "$20,000 aggregate payout cap", shared pro rata. Seven spots at
    the $20 maximum on the 1000 to 1 top line would win 7 x 20,000.00; the engine's pro-rata
    payment (payouts, the function the side-bet book settles with) returns the stakes plus
    winnings that sum to at most the cap, so the bound is 20,000.00."""
    rules = find_variant("lucky-ladies").rules
    bet = rules.side_bets[0]
    table = find_paytable(SideBetName.LUCKY_LADIES, bet.paytable)
    top = max(table.pays, key=lambda line: line[1])[0]
    paid = payouts([bet.max_stake] * 3, [top] * 3, table, bet.aggregate_cap)
    winnings = sum(paid) - 3 * bet.max_stake
    assert winnings <= 2_000_000 and winnings >= 2_000_000 - 3
    assert side_bound(rules, bet.name, bet.paytable, bet.max_stake, bet.aggregate_cap) == (
        2_000_000
    )
    # standard level: 7 spots x 8 x 500.00 = 28,000.00 main + 20,000.00 side = 48,000.00
    figure = exposure(rules, 50_000)
    assert figure.bound == 4_800_000 and not figure.exact


def test_uncapped_side_bet_bound_is_spots_times_top_line() -> None:
    """Seed 000 (Lucky Lucky): up to 5 hands, the felt table's top line (suited 7-7-7, 200 to 1)
    at the $100 maximum: 5 x 200 x 100.00 = 100,000.00 (no cap)."""
    rules = find_variant("lucky-lucky").rules
    bet = rules.side_bets[0]
    assert side_bound(rules, bet.name, bet.paytable, bet.max_stake, None) == 5 * 200 * 10_000


def test_every_shipped_game_has_a_witness_the_engine_pays() -> None:
    """Issue 12 item 4 ("maximum win per round"): in every shipped game a scripted shoe gives
    each spot its main-game top (SPEC section 3: split to the most hands, double after split)
    and every side bet loses; the engine, replaying it, pays spots x top x max bet minus the
    side-bet stakes. By hand at the standard level (500.00): Lucky Ladies 7 x 8 x 500 - 7 x 20
    = 27,860.00; Lucky Lucky 5 x 4 x 500 - 5 x 100 = 9,500.00; Lucky 7 3 x 4 x 500 - 3 x 1 =
    5,997.00; the one-spot games without side bets are exact (8 and 2 bets)."""
    expected = {
        "lucky-ladies": 2_786_000,
        "lucky-lucky": 950_000,
        "lucky-7": 599_700,
        "standard": 400_000,
        "european": 100_000,
    }
    for name, paid in expected.items():
        rules = find_variant(name).rules
        figure = exposure(rules, 50_000)
        assert figure.witness is not None
        bets = [
            SpotBet(50_000, tuple((b.name, b.max_stake) for b in rules.side_bets))
            for _ in range(rules.max_spots)
        ]
        assert play(rules, bets, figure.witness) == paid == figure.paid
        assert figure.exact == (not rules.side_bets)
        assert figure.paid <= figure.bound


def test_the_sheet_prices_each_vip_level_at_the_games_own_limits() -> None:
    """presets.toml: "main-bet limits per VIP level", which a game's catalogue entry may set
    for itself: a game whose gold level allows 4,000.00 shows that beside the table's other
    levels, by their names in words (Standard 500.00, Silver 1,000.00, Platinum 10,000.00)."""
    from dataclasses import replace

    from twentyone.analysis.report import _vip_levels
    from twentyone.catalogue.model import LevelLimits

    game = replace(find_variant("european"), limits=(LevelLimits("gold", 500, 400_000),))
    assert _vip_levels(game) == [
        ("Standard", 50_000),
        ("Silver", 100_000),
        ("Gold", 400_000),
        ("Platinum", 1_000_000),
    ]
