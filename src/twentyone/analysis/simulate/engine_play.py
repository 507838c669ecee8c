"""The reference path: the engine's own :class:`~twentyone.engine.Round` plays every round.

One spot, the main bet plus the rules' side bet at its minimum stake, insurance and even money
declined, each hand played by ``basic_strategy(rules)``. Each round yields the same record as the
fast kernel (:data:`twentyone.analysis.simulate.kernel.FIELDS`), so the two can be compared
round by round, and also the card codes the round drew, so the kernel can be dealt the very
same cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.house_edge import base_game_rules
from twentyone.analysis.exact.strategy import ExactStrategy, basic_strategy
from twentyone.analysis.simulate.kernel import (
    F_CARDS,
    F_DEALER,
    F_FLAGS,
    F_HANDS,
    F_RETURNED,
    F_SIDE_OUTCOME,
    F_SIDE_RETURNED,
    F_STAKED,
    FLAG_BUST,
    FLAG_CHARLIE,
    FLAG_DEALER_BLACKJACK,
    FLAG_DEALER_BUST,
    FLAG_DOUBLE,
    FLAG_PLAYER_BLACKJACK,
    FLAG_REFUND,
    FLAG_SPLIT,
    N_FIELDS,
    NO_SIDE,
    O_REFUND,
    OUTCOME_NAMES,
    SIDE_LOSE,
)
from twentyone.analysis.simulate.tables import MAIN_BET, played_side_bet
from twentyone.cards import Card, Shoe
from twentyone.engine import Action, CardDealt, Outcome, Round, SpotBet, WagerKind
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.sidebets.paytables import OUTCOMES

I64 = npt.NDArray[np.int64]
Decide = Callable[[tuple[Card, ...], Card, frozenset[str]], str]
"""``(hand cards sorted by code, up card, legal action names) -> action name``."""

_DECLINE = frozenset({Action.NO_INSURANCE, Action.NO_EVEN_MONEY})
_OUTCOME_CODES = {Outcome(name): code for code, name in OUTCOME_NAMES.items()}


def decider(strategy: ExactStrategy) -> Decide:
    """The strategy's choice, memoised (it depends on the hand's cards, up card and legal set)."""

    @cache
    def decide(cards: tuple[Card, ...], up: Card, legal: frozenset[str]) -> str:
        return strategy.action(cards, up, legal=legal)

    return decide


def spot_bet(rules: Rules) -> SpotBet:
    """The simulated spot: the main bet, and the side bet at its minimum stake."""
    bet = played_side_bet(rules)
    sides = {} if bet is None else {str(bet.name): bet.min_stake}
    return SpotBet.of(MAIN_BET, sides)


def play(rnd: Round, decide: Decide) -> None:
    """Play a dealt round to the end: insurance declined, hands by ``decide``."""
    up = rnd.up_card
    while not rnd.is_over:
        legal = rnd.legal_actions()
        declined = _DECLINE.intersection(legal)
        if declined:
            rnd.act(next(iter(declined)))
            continue
        hand = rnd.current_hand()
        assert hand is not None
        key = tuple(sorted(hand.cards, key=lambda c: c.code))
        rnd.act(decide(key, up, frozenset(str(a) for a in legal)))


def record(rnd: Round, rules: Rules) -> list[int]:
    """The round's record in the kernel's layout."""
    row = [0] * N_FIELDS
    hands = rnd.hands()
    flags = FLAG_SPLIT if len(hands) > 1 else 0
    packed = 0
    for i, hand in enumerate(hands):
        row[F_STAKED] += hand.stake
        row[F_RETURNED] += hand.returned or 0
        assert hand.outcome is not None
        packed |= _OUTCOME_CODES[hand.outcome] << (4 * i)
        flags |= FLAG_DOUBLE if hand.doubled else 0
        flags |= FLAG_PLAYER_BLACKJACK if hand.blackjack else 0
        flags |= {Outcome.BUST: FLAG_BUST, Outcome.CHARLIE: FLAG_CHARLIE}.get(hand.outcome, 0)
        flags |= FLAG_REFUND if _OUTCOME_CODES[hand.outcome] >= O_REFUND else 0
    flags |= FLAG_DEALER_BLACKJACK if rnd.dealer_blackjack else 0
    flags |= FLAG_DEALER_BUST if rnd.dealer_total > 21 else 0
    row[F_HANDS] = packed
    row[F_FLAGS] = flags
    row[F_SIDE_OUTCOME] = NO_SIDE
    bet = played_side_bet(rules)
    for line in rnd.settlement:
        if line.kind is WagerKind.SIDE and bet is not None:
            row[F_SIDE_RETURNED] = line.returned
            names = OUTCOMES[bet.name]
            row[F_SIDE_OUTCOME] = names.index(line.outcome) if line.outcome in names else SIDE_LOSE
    row[F_CARDS] = rnd.shoe.dealt
    row[F_DEALER] = rnd.dealer_total
    return row


def dealt_codes(rnd: Round) -> list[int]:
    """The codes of the cards the round drew, in the order it drew them."""
    return [e.card.code for e in rnd.events if isinstance(e, CardDealt) and e.card is not None]


def engine_records(
    rules: Rules,
    seed: int | np.random.SeedSequence,
    rounds: int,
    decide: Decide | None = None,
    deals: list[list[int]] | None = None,
) -> I64:
    """Play ``rounds`` engine rounds from shoes shuffled by one seeded source.

    Args:
        rules: the game.
        seed: the source's seed (the same seed gives the kernel the same shoes).
        rounds: how many rounds.
        decide: the play (default: the basic strategy of ``rules``).
        deals: if given, each round's drawn card codes are appended to it.
    """
    decide = decide or decider(basic_strategy(base_game_rules(rules)))
    rng = SeededRandomSource(seed)
    bets = [spot_bet(rules)]
    out = np.zeros((rounds, N_FIELDS), dtype=np.int64)
    for k in range(rounds):
        rnd = Round.start(rules, bets, Shoe.shuffled(rules.decks, rng, lazy=True))
        play(rnd, decide)
        out[k] = record(rnd, rules)
        if deals is not None:
            deals.append(dealt_codes(rnd))
    return out
