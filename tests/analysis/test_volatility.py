"""The volatility figures of a side bet in the PAR sheet (issue 12, item 4: "the distribution
and SD ... and a volatility index with the 90% / 99% range of the realised RTP after 10^3 …
10^8 rounds"), checked against derivations that do not use the analysis code's own counts."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.analysis.volatility import (
    exact_ranges,
    never_top_chance,
    side_sd,
    sum_distribution,
    top_line_chance,
    top_line_pays,
    volatility_index,
)
from twentyone.cards import build_shoe

# Lucky Lucky's default table as published (Lucky Lucky Blackjack rules card): the player's two
# cards and the dealer's up card; suited 7-7-7 200, suited 6-7-8 100, 7-7-7 50, 6-7-8 25,
# suited 21 15, 21 3, 20 2, 19 2, to 1.
_PAYS = {
    "s777": 200,
    "s678": 100,
    "777": 50,
    "678": 25,
    "s21": 15,
    "21": 3,
    "20": 2,
    "19": 2,
}


def _lucky_lucky_by_hand(points: tuple[int, ...], suits: tuple[str, ...]) -> int:
    """The published Lucky Lucky rule for three cards, written out here on its own: an ace
    counts 11 when that keeps the total at most 21, else 1."""
    suited = len(set(suits)) == 1
    ranks = sorted(points)
    if ranks == [7, 7, 7]:
        return _PAYS["s777" if suited else "777"]
    if ranks == [6, 7, 8]:
        return _PAYS["s678" if suited else "678"]
    total = sum(points)
    if 1 in points and total + 10 <= 21:
        total += 10
    if total == 21:
        return _PAYS["s21" if suited else "21"]
    if total in (19, 20):
        return _PAYS[str(total)]
    return -1


def _one_deck_results() -> list[int]:
    """Every ordered deal of three distinct cards from one deck, as its result per unit."""
    deck = [(card.points, str(card.suit)) for card in build_shoe(1)]  # ace 1, faces 10
    out = []
    for a, b, c in itertools.permutations(range(len(deck)), 3):
        cards = (deck[a], deck[b], deck[c])
        out.append(_lucky_lucky_by_hand(tuple(x[0] for x in cards), tuple(x[1] for x in cards)))
    return out


def test_side_bet_sd_matches_a_brute_force_one_deck_deal() -> None:
    """The SD per unit staked of Lucky Lucky from one deck equals the SD of the results of all
    52·51·50 ordered three-card deals, each scored by the published rule written out above."""
    results = _one_deck_results()
    n = len(results)
    assert n == 52 * 51 * 50
    mean = Fraction(sum(results), n)
    variance = Fraction(sum(r * r for r in results), n) - mean * mean
    analysis = analyse_side_bet("lucky-lucky", 1)
    assert side_sd(analysis) == pytest.approx(math.sqrt(variance), rel=1e-12)
    v90, v99 = volatility_index(side_sd(analysis))
    assert v90 == pytest.approx(1.6448536 * math.sqrt(variance), rel=1e-7)
    assert v99 == pytest.approx(2.5758293 * math.sqrt(variance), rel=1e-7)


def test_top_line_of_one_deck_is_suited_678_by_hand() -> None:
    """From one deck a suited 7-7-7 cannot be dealt, so the top line that can occur is a suited
    6-7-8: 4 suits × 3! orders out of 52·51·50 ordered deals, 100 to 1."""
    analysis = analyse_side_bet("lucky-lucky", 1)
    assert top_line_pays(analysis) == 100
    assert top_line_chance(analysis) == Fraction(4 * 6, 52 * 51 * 50)
    p = Fraction(24, 132600)
    assert never_top_chance(analysis, 1000) == pytest.approx(float((1 - p) ** 1000), rel=1e-12)


def _enumerated_sums(n: int) -> dict[int, Fraction]:
    """The distribution of the total of ``n`` Lucky Lucky wagers (6 decks), by listing every
    sequence of ``n`` outcome lines with the product of their exact probabilities."""
    lines = [(line.pays, line.probability) for line in analyse_side_bet("lucky-lucky", 6).outcomes]
    sums: Counter[int] = Counter()
    for seq in itertools.product(lines, repeat=n):
        prob = Fraction(1)
        for _pays, p in seq:
            prob *= p
        sums[sum(pays for pays, _p in seq)] += prob  # type: ignore[assignment]
    return dict(sums)


def test_sum_distribution_matches_direct_enumeration() -> None:
    """The FFT convolution of three wagers gives every total the probability the direct
    enumeration of the 9³ sequences of lines gives it."""
    n = 3
    direct = _enumerated_sums(n)
    dist = sum_distribution(analyse_side_bet("lucky-lucky", 6), n)
    assert dist is not None
    assert float(sum(direct.values())) == pytest.approx(1.0)
    for index, p in enumerate(dist):
        assert p == pytest.approx(float(direct.get(index - n, Fraction(0))), abs=1e-13)


def test_exact_quantiles_match_direct_enumeration() -> None:
    """The exact 90%/99% ranges of the realised RTP after 3 wagers are the 5%/95% and
    0.5%/99.5% quantiles of the enumerated totals, as RTP ``1 + total / n``."""
    n = 3
    direct = sorted(_enumerated_sums(n).items())

    def quantile(q: float) -> float:
        cum = Fraction(0)
        for total, p in direct:
            cum += p
            if cum >= Fraction(q):
                return 1 + total / n
        raise AssertionError

    ranges = exact_ranges(analyse_side_bet("lucky-lucky", 6), n)
    assert ranges is not None
    (lo90, hi90), (lo99, hi99) = ranges
    assert (lo90, hi90) == pytest.approx((quantile(0.05), quantile(0.95)))
    assert (lo99, hi99) == pytest.approx((quantile(0.005), quantile(0.995)))


def test_normal_range_is_poor_for_a_rare_top_line() -> None:
    """Why the sheet gives exact quantiles: after 1,000 Lucky Ladies wagers (6 decks) a player
    almost surely never hits the 1,000-to-1 line (chance (1 − p)^1000 with p about 1/68,700),
    so the exact 99% range reaches far above the normal one, whose high end is only
    RTP + 2.5758 σ / √1000."""
    side = analyse_side_bet("lucky-ladies", 6)
    assert never_top_chance(side, 1000) > 0.98
    ranges = exact_ranges(side, 1000)
    assert ranges is not None
    normal_high = float(side.rtp) + 2.5758293 * side.std_dev / math.sqrt(1000)
    assert ranges[1][1] > normal_high + 0.3


def test_never_hitting_the_top_line_stays_a_number_past_a_floats_range() -> None:
    """SPEC section 4: a queen-of-hearts pair with a dealer blackjack is 135,360 of the
    312·311·310·309 ordered deals of 6 decks. Never hitting it in 10⁸ wagers has chance
    (1 − p)^(10⁸), about 10^-632: below the smallest float, so the sheet writes it from its
    logarithm (it used to read "0"), here worked out from the SPEC's count alone."""
    from twentyone.analysis.report import _tiny
    from twentyone.analysis.volatility import never_top_chance, never_top_log10

    side = analyse_side_bet("lucky-ladies", decks=6)
    p = 135_360 / (312 * 311 * 310 * 309)
    expected = 1e8 * math.log1p(-p) / math.log(10)
    assert never_top_chance(side, 10**8) == 0.0
    assert abs(never_top_log10(side, 10**8) - expected) < 1e-6
    assert -633 < expected < -632
    assert _tiny(never_top_log10(side, 10**8)).endswith("e-633")
