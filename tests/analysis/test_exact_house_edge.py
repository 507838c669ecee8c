"""The exact house edge: the published figure, the blackjack terms, rule effects.

Published figure (SPEC section 8): 6 decks, dealer stands on soft 17, double any two cards,
double after split, split to 4 hands, no resplit of aces, peek, 3:2: player EV -0.4029% of the
initial bet with composition-dependent play reused after splits, the figure combinatorial
analysers for these rules print (e.g. MGP's CA, Eric Farmer's analyser; the Wizard of Odds
house-edge tables give 0.40%).
"""

from __future__ import annotations

import pytest

from twentyone.analysis.exact.game import make_solver
from twentyone.analysis.exact.house_edge import base_game_rtp, house_edge
from twentyone.analysis.exact.shoe import full_shoe
from twentyone.rules import PeekMode, Rules


def test_published_six_deck_figure() -> None:
    """-0.4029% to its published precision (resplits are exact, issue 12)."""
    result = house_edge(Rules(decks=6, max_split_hands=4, resplit_aces=False))
    assert round(result.ev * 100, 4) == -0.4029
    assert result.rtp == pytest.approx(1 + result.ev)
    assert result.ev_per_total_bet == pytest.approx(result.ev / result.expected_stake)
    assert 1.0 < result.expected_stake < 1.2


def test_peek_values_plus_blackjack_term_equal_no_peek_and_enhc() -> None:
    """Standing and doubling: no-peek value = peek value - P(dealer blackjack) x stake lost.

    The peek solver's values are E[result x (no dealer blackjack)]; without a peek the dealer's
    blackjack takes the original bet from a standing hand and both halves of a doubled hand
    (``bj_takes_double``), so the difference is exactly the blackjack chance times 1 or 2
    (for a double, averaged over the drawn card, which leaves the chance unchanged).
    """
    shoe = full_shoe(2)
    peek = Rules(decks=2)
    for mode in (PeekMode.NONE, PeekMode.ENHC):
        other = Rules(decks=2, peek=mode)
        for up in (0, 9):
            a = make_solver(peek, up, shoe)
            b = make_solver(other, up, shoe)
            for x in range(10):
                for y in range(x, 10):
                    hand = tuple((i == x) + (i == y) for i in range(10))
                    p_bj = a.blackjack_chance(hand)
                    assert b.stand(hand)[0] == pytest.approx(a.stand(hand)[0] - p_bj, abs=1e-13)
                    assert b.double(hand)[0] == pytest.approx(
                        a.double(hand)[0] - 2 * p_bj, abs=1e-13
                    )


def test_refunded_doubles_cost_only_the_busted_double() -> None:
    """Dealer blackjack returning the double part: the no-peek double loses 1, bust loses 2."""
    shoe = full_shoe(1)
    a = make_solver(Rules(decks=1), 9, shoe)
    b = make_solver(Rules(decks=1, peek=PeekMode.NONE, bj_takes_double_vs_ten=False), 9, shoe)
    hand = (0, 0, 0, 0, 0, 1, 0, 0, 0, 1)  # 10,6 doubled against a ten
    expected = a.double(hand)[0]
    for c, p in a.draws(hand):
        grown = tuple(n + (i == c) for i, n in enumerate(hand))
        busted = sum(n * (i + 1) for i, n in enumerate(grown)) > 21
        expected -= p * a.blackjack_chance(grown) * (2 if busted else 1)
    assert b.double(hand)[0] == pytest.approx(expected, abs=1e-13)


def test_rule_switches_move_the_edge_the_known_way() -> None:
    """H17 costs, 6:5 costs about 0.3 x P(blackjack), surrender helps (1 deck, no splits)."""
    plain = Rules(decks=1, max_split_hands=1)
    base = house_edge(plain).ev
    assert house_edge(plain.replace(dealer_hits_soft_17=True)).ev < base
    assert house_edge(plain.replace(blackjack_pays="6/5")).ev < base - 0.01
    assert house_edge(plain.replace(surrender="late")).ev > base


def test_basic_strategy_never_beats_optimal() -> None:
    """The chart is one composition-independent policy: it cannot do better than optimal."""
    rules = Rules(decks=1, max_split_hands=2, double_after_split=False)
    optimal = house_edge(rules).ev
    basic = house_edge(rules, "basic").ev
    assert basic <= optimal
    assert optimal - basic < 0.001


def test_base_game_rtp_ignores_side_bets_and_spots() -> None:
    """The rules text's RTP is the base game's: side bets and spots do not change it."""
    from twentyone.variants import find_variant

    rules = find_variant("european").rules
    assert base_game_rtp(rules) == pytest.approx(house_edge(rules).rtp, abs=1e-12)
    assert base_game_rtp(rules.replace(max_spots=1)) == base_game_rtp(rules)


def test_cdp1_post_split_play_is_at_least_cdz() -> None:
    """CDP1 changes only how split hands play, choosing each split hand's best play for its pair
    with the other pair card out: never worse than reusing the unsplit play, the same without
    splits (issue 12)."""
    rules = Rules(decks=1, max_split_hands=4)
    cdz = house_edge(rules).ev
    cdp1 = house_edge(rules, "cdp1").ev
    assert cdz < cdp1 < cdz + 0.0005
    plain = Rules(decks=1, max_split_hands=1)
    assert house_edge(plain, "cdp1").ev == pytest.approx(house_edge(plain).ev, abs=1e-15)


def test_cdp_play_by_the_number_of_hands_is_at_least_cdp1() -> None:
    """CDP lets a split hand's play depend on how many hands the spot has when it is played
    (issue 12): with resplits it is worth more than CDP1's one play per pair; split once there
    are always two hands, so it is CDP1 exactly."""
    rules = Rules(decks=1, max_split_hands=4)
    cdp1 = house_edge(rules, "cdp1").ev
    cdp = house_edge(rules, "cdp").ev
    assert cdp1 < cdp < cdp1 + 0.0005
    once = rules.replace(max_split_hands=2)
    assert house_edge(once, "cdp").ev == house_edge(once, "cdp1").ev
