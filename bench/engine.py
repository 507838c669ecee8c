"""Rounds per second of the engine, per variant, through the public API with full events.

Each round: a fresh shoe (lazily shuffled, seeded), one spot with a main bet (and the variant's
side bet at its minimum), a simple basic strategy chosen from ``legal_actions()``, played to the
settlement. Prints one line per variant; run with ``python bench/engine.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import time

from twentyone.cards import Shoe
from twentyone.engine import Action, Round, SpotBet
from twentyone.rng import SeededRandomSource
from twentyone.variants import all_variants


def simple_strategy(total: int, soft: bool, up: int, legal: tuple[Action, ...]) -> Action:
    """A compact basic strategy: enough to make rounds realistic, not optimal."""
    if Action.NO_EVEN_MONEY in legal:
        return Action.NO_EVEN_MONEY
    if Action.NO_INSURANCE in legal:
        return Action.NO_INSURANCE
    if Action.DOUBLE in legal and not soft and total in (10, 11) and up < total - 1:
        return Action.DOUBLE
    if Action.HIT not in legal:
        return Action.STAND
    if soft:
        return Action.HIT if total <= 17 else Action.STAND
    if total <= 11:
        return Action.HIT
    if total <= 16:
        return Action.HIT if up >= 7 or up == 1 else Action.STAND
    return Action.STAND


def bench(variant_name: str, rounds: int, seed: int = 1) -> float:
    """Rounds per second for one variant."""
    variant = next(v for v in all_variants() if v.name == variant_name)
    rules = variant.rules
    side = {str(b.name): b.min_stake for b in rules.side_bets}
    bets = [SpotBet.of(1000, side)]
    rng = SeededRandomSource(seed)
    decks = rules.decks
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = Round.start(rules, bets, Shoe.shuffled(decks, rng, lazy=True))
        up = rnd.up_card.points
        while not rnd.is_over:
            legal = rnd.legal_actions()
            hand = rnd.current_hand()
            assert hand is not None
            rnd.act(simple_strategy(hand.total, hand.soft, up, legal))
    return rounds / (time.perf_counter() - start)


def main() -> None:
    """Print rounds per second per variant."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=100_000)
    args = parser.parse_args()
    for variant in all_variants():
        rate = bench(variant.name, args.rounds)
        print(f"{variant.name:14s} {rate:10,.0f} rounds/s (1 spot, full events)")


if __name__ == "__main__":
    main()
