"""The engine's own side-bet settlement agrees with the exact return (SPEC section 8).

For each side bet, the engine plays seeded rounds of the variant that offers it; the mean return
per unit staked must lie within the 99% confidence interval around the exact expectation that
``analysis.sidebets`` enumerates. The two are computed independently: the engine deals and settles
card by card; the analysis enumerates the shoe with fractions.
"""

from __future__ import annotations

import math

import pytest

from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.cards import Shoe
from twentyone.engine import Action, Round, SpotBet, WagerKind
from twentyone.rng import SeededRandomSource
from twentyone.variants import find_variant

Z99 = 2.5758293035489  # two-sided 99% normal quantile


def _play(rnd: Round) -> None:
    """Decline insurance; hit every hand below 17 (so a 7-7 always takes its third card)."""
    while not rnd.is_over:
        legal = rnd.legal_actions()
        if Action.NO_INSURANCE in legal:
            rnd.act(Action.NO_INSURANCE)
        elif Action.NO_EVEN_MONEY in legal:
            rnd.act(Action.NO_EVEN_MONEY)
        else:
            hand = rnd.current_hand()
            assert hand is not None
            hit = Action.HIT in legal and hand.total < 17
            rnd.act(Action.HIT if hit else Action.STAND)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "side_bet", "rounds", "seed"),
    [
        ("lucky-lucky", "lucky-lucky", 60_000, 11),
        ("lucky-7", "lucky-7", 120_000, 12),
        ("lucky-ladies", "lucky-ladies", 60_000, 13),
    ],
)
def test_engine_side_bet_return_within_99pct_ci_of_exact(
    variant: str, side_bet: str, rounds: int, seed: int
) -> None:
    """SPEC 8: "the exact analysis, the simulator and the engine are checked against each other"."""
    rules = find_variant(variant).rules
    offer = rules.side_bet(side_bet)
    assert offer is not None
    exact = analyse_side_bet(side_bet, decks=rules.decks, paytable=offer.paytable)
    stake = offer.min_stake
    bets = [SpotBet.of(1000, {side_bet: stake})]
    rng = SeededRandomSource(seed)
    total = 0
    for _ in range(rounds):
        rnd = Round.start(rules, bets, Shoe.shuffled(rules.decks, rng, lazy=True))
        _play(rnd)
        (line,) = [w for w in rnd.settlement if w.kind is WagerKind.SIDE]
        net = (line.returned - line.stake) / stake
        total += net
    mean = total / rounds
    # the exact standard deviation, not the sample one: rare top prizes make the sample one noisy
    half_width = Z99 * exact.std_dev / math.sqrt(rounds)
    assert abs(mean - float(exact.ev)) <= half_width, (
        f"{side_bet}: engine mean {mean:.5f} vs exact {float(exact.ev):.5f} ± {half_width:.5f}"
    )
