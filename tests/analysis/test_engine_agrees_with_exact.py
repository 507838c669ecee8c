"""The engine, played with the exact analysis's own strategy, lands on the exact EV (SPEC 8).

For every registered variant the engine plays seeded rounds (main bet only, insurance and even
money declined, each hand played by ``optimal_strategy(rules)``); the mean result per initial
bet must lie within the 99% confidence interval around ``house_edge(rules).ev``. The engine
deals and settles card by card; the analysis enumerates compositions: they share only ``Rules``.
"""

from __future__ import annotations

import math
from functools import cache

import pytest

from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.strategy import ExactStrategy, optimal_strategy
from twentyone.cards import Card, Shoe
from twentyone.engine import Action, Round, SpotBet, WagerKind
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.variants import all_variants, find_variant

Z99 = 2.5758293035489
ROUNDS = 60_000
DECLINE = {Action.NO_INSURANCE, Action.NO_EVEN_MONEY}


def _decider(strategy: ExactStrategy) -> object:
    @cache
    def decide(
        cards: tuple[Card, ...], up: Card, from_split: bool, hands: int, legal: frozenset[str]
    ) -> str:
        # the strategy depends on the hand's composition only, so sort for more cache hits
        return strategy.action(cards, up, from_split=from_split, hands=hands, legal=legal)

    return decide


def _play(rules: Rules, rounds: int, seed: int) -> tuple[float, float]:
    """Mean and standard deviation of the main-bet result per unit of initial bet."""
    decide = _decider(optimal_strategy(rules))
    rng = SeededRandomSource(seed)
    bets = [SpotBet(1000)]
    total = total_sq = 0.0
    for _ in range(rounds):
        rnd = Round.start(rules, bets, Shoe.shuffled(rules.decks, rng, lazy=True))
        up = rnd.up_card
        while not rnd.is_over:
            legal = rnd.legal_actions()
            declined = DECLINE.intersection(legal)
            if declined:
                rnd.act(declined.pop())
                continue
            hand = rnd.current_hand()
            assert hand is not None
            hands = sum(1 for h in rnd.hands() if h.spot == hand.spot)
            key = tuple(sorted(hand.cards, key=lambda c: c.code))
            names = frozenset(str(a) for a in legal)
            rnd.act(decide(key, up, hand.from_split, hands, names))  # type: ignore[operator]
        net = sum(w.net for w in rnd.settlement if w.kind is WagerKind.HAND) / 1000
        total += net
        total_sq += net * net
    mean = total / rounds
    return mean, math.sqrt(max(total_sq / rounds - mean * mean, 0.0))


@pytest.mark.slow
@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_engine_ev_within_99pct_ci_of_exact_ev(variant: str) -> None:
    """Issue 4: "The engine (seeded play with the computed strategy) agrees with the exact EV
    within its 99% CI for every variant"."""
    rules = find_variant(variant).rules
    exact = house_edge(rules).ev
    mean, sd = _play(rules, ROUNDS, seed=sum(map(ord, variant)))
    half_width = Z99 * sd / math.sqrt(ROUNDS)
    assert abs(mean - exact) <= half_width, (
        f"{variant}: engine {mean:+.5f} vs exact {exact:+.5f} ± {half_width:.5f}"
    )
