"""A main bet and its side bet played together: the exact covariance (analysis.combined).

Checked three ways: the sum that gives the covariance also gives each bet's own expected result,
which must equal the exact base-game EV and the side bet's exact return (SPEC section 4's
published figures); the suit enumeration is checked on a deal by hand; and the fast simulator
(its own code, the engine's twin round by round) must find the same covariance for the same
strategy within its sampling error.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from twentyone.analysis.combined import combined, side_given_deal
from twentyone.analysis.exact.actions import StrategyKind
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.simulate import InsurancePolicy
from twentyone.analysis.simulate.fast import play
from twentyone.analysis.simulate.record import F_RETURNED, F_SIDE_RETURNED, F_STAKED
from twentyone.analysis.simulate.strategy import find_strategy
from twentyone.analysis.simulate.tables import MAIN_BET, kernel_tables
from twentyone.sidebets.paytables import SideBetName
from twentyone.variants import find_variant


def test_the_sum_gives_both_bets_own_exact_returns() -> None:
    """SPEC section 4: Lucky Lucky's felt table with 6 decks has EV -24742/626665 and Lucky
    Ladies table A -6379493/25818598; SPEC section 8: the base game's EV is the exact analysis's.
    Summed over every up card and two-card deal, the covariance's own sums of E[main | deal]
    and E[side | deal] give exactly these (to float rounding)."""
    published = {
        "lucky-lucky": Fraction(-24742, 626665),
        "lucky-ladies": Fraction(-6379493, 25818598),
    }
    for name, ev in published.items():
        rules = find_variant(name).rules
        found = combined(rules, rules.side_bets[0].name, 1.0, 1.0)
        assert found is not None
        assert abs(found.side_ev - float(ev)) < 1e-14
        assert abs(found.main_ev - house_edge(rules).ev) < 1e-14


def test_suits_of_a_deal_by_hand() -> None:
    """Seed 000, felt table: with three 7s dealt from 6 decks, all one suit is 4 x 6 x 5 x 4 out
    of 24 x 23 x 22 ordered draws (suited 7-7-7, 200 to 1), else unsuited 7-7-7 (50 to 1):
    E[side | 7, 7, 7] = (480 x 200 + (12144 - 480) x 50) / 12144."""
    rules = find_variant("lucky-lucky").rules
    suited = Fraction(4 * 6 * 5 * 4, 24 * 23 * 22)
    expected = suited * 200 + (1 - suited) * 50
    no_bj, with_bj = side_given_deal(rules, SideBetName.LUCKY_LUCKY, 6, 6, 6)
    assert no_bj == with_bj == expected


def test_lucky_ladies_queen_pair_reads_the_dealers_blackjack() -> None:
    """Seed 003: a queen-of-hearts pair pays 1000 with a dealer blackjack, else 125; with two
    ten-count cards from 6 decks both are the queen of hearts with chance 6 x 5 / (96 x 95)
    given an up card that is not a ten (and then every other ten pair pays 19, 9 or 4)."""
    rules = find_variant("lucky-ladies").rules
    no_bj, with_bj = side_given_deal(rules, SideBetName.LUCKY_LADIES, 0, 9, 9)
    queens = Fraction(6 * 5, 96 * 95)
    assert with_bj - no_bj == queens * (1000 - 125)


def test_lucky_7_gets_no_covariance() -> None:
    """Seed 001: Lucky 7 reads the spot's third card, which the play decides; the covariance
    of the deal alone would be wrong, so none is given."""
    rules = find_variant("lucky-7").rules
    assert combined(rules, SideBetName.LUCKY_7, 1.0, 1.0) is None


def _sampled(name: str, rounds: int, seed: int) -> tuple[float, float]:
    """The covariance of main and side per unit staked over ``rounds`` simulated rounds (basic
    strategy, one spot, insurance declined), and its standard error."""
    rules = find_variant(name).rules
    strategy = find_strategy(rules, "basic")
    tables = kernel_tables(rules, strategy, 1, InsurancePolicy.NEVER)
    _, records = play(tables, seed, rounds, keep_records=True)
    stake = rules.side_bets[0].min_stake
    main = (records[:, F_RETURNED] - records[:, F_STAKED]) / MAIN_BET
    side = (records[:, F_SIDE_RETURNED] - stake) / stake
    product = (main - main.mean()) * (side - side.mean())
    return float(product.mean()), float(np.std(product) / math.sqrt(rounds))


def test_the_simulator_finds_the_same_covariance() -> None:
    """SPEC section 8: "the exact analysis, the simulator and the engine are checked against
    each other". The fast simulator plays the basic chart; the exact covariance for the same
    chart must lie within five standard errors of what 400,000 simulated rounds show, and the
    covariance is far from nought (both bets read the first cards)."""
    for name in ("lucky-ladies", "lucky-lucky"):
        rules = find_variant(name).rules
        basic = house_edge(rules, StrategyKind.BASIC)
        found = combined(rules, rules.side_bets[0].name, 1.0, 1.0, StrategyKind.BASIC)
        assert found is not None
        assert abs(found.main_ev - basic.ev) < 1e-14
        sampled, error = _sampled(name, 400_000, seed=sum(map(ord, name)))
        assert abs(found.covariance - sampled) < 5 * error, (name, found.covariance, sampled)
        assert found.covariance > 8 * error
