"""The numeric tables the fast kernel reads, each derived from the module that owns the rule.

The kernel never decides anything by itself that another module already decides:

* **legal actions** come from the engine's own :func:`twentyone.engine.hands.hand_actions`,
  asked once for every two-card hand (by rank), split state and number of hands on the spot;
* **the play** comes from :func:`twentyone.analysis.exact.strategy.basic_strategy`, asked once
  for every two-card hand (by count), up card and legal set, and once per multi-card class;
* **side-bet outcomes** come from the side bet's own ``resolve`` (:mod:`twentyone.sidebets`),
  asked once for every combination of the inputs that side bet reads.

What the kernel still does itself (dealing order, hand flow, dealer drawing, settlement) is the
part the simulator re-implements for speed; it is checked against the engine card for card
(``tests/analysis/test_simulate_agrees_with_engine.py``), never trusted on its own.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.house_edge import base_game_rules
from twentyone.analysis.exact.strategy import ExactStrategy, basic_strategy
from twentyone.cards import DECK, Card, Rank, Suit
from twentyone.engine.hands import PlayerHand, hand_actions
from twentyone.engine.model import Action
from twentyone.rules import PeekMode, Rules, SideBetRules, Surrender
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import OUTCOMES, SideBetName, find_paytable
from twentyone.sidebets.registry import SIDE_BETS

I64 = npt.NDArray[np.int64]

# -- action codes and legal-set bits the kernel uses ------------------------------------------

HIT, STAND, DOUBLE, SPLIT, SURRENDER = 0, 1, 2, 3, 4
"""Action codes in the kernel's decision tables."""
ACTION_CODES: dict[Action, int] = {
    Action.HIT: HIT,
    Action.STAND: STAND,
    Action.DOUBLE: DOUBLE,
    Action.SPLIT: SPLIT,
    Action.SURRENDER: SURRENDER,
}
MASK_BITS = 5
"""Legal sets are bit masks over the action codes (bit ``1 << code``)."""

# -- the rule scalars, one int64 each --------------------------------------------------------

R_DECKS = 0
R_PEEK = 1  # 0 = ace_and_ten, 1 = none, 2 = enhc
R_FIRST_DOWN = 2
R_HITS_S17 = 3
R_TAKES_DOUBLE_ACE = 4
R_TAKES_DOUBLE_TEN = 5
R_TAKES_SPLIT_ACE = 6
R_TAKES_SPLIT_TEN = 7
R_CHARLIE = 8  # 0 = no Charlie rule
R_CHARLIE_WINS = 9
R_BJ_NUM = 10
R_BJ_DEN = 11
R_BET = 12
R_SIDE = 13  # 1 = a side bet is played
R_SIDE_STAKE = 14
R_SIDE_CAP = 15  # -1 = no cap
R_SIZE = 16

_PEEK_CODES = {PeekMode.ACE_AND_TEN: 0, PeekMode.NONE: 1, PeekMode.ENHC: 2}

# -- side-bet inputs --------------------------------------------------------------------------

NO_CARD = 52
"""The "third card" of a spot that received only two."""
SIDE_INPUTS: dict[SideBetName, tuple[str, ...]] = {
    SideBetName.LUCKY_LUCKY: ("first", "second", "up"),
    SideBetName.LUCKY_7: ("first", "second", "third", "blackjack"),
    SideBetName.LUCKY_LADIES: ("first", "second", "up", "blackjack"),
}
"""What each side bet's ``resolve`` reads of the round (the rest is held fixed)."""
_INPUT_SIZES = {"first": 52, "second": 52, "third": 53, "up": 52, "blackjack": 2}
_INPUT_ORDER = ("first", "second", "third", "up", "blackjack")

MAIN_BET = 1000
"""The main bet the simulator stakes (minor units); results are reported per unit of it."""


class KernelArrays(NamedTuple):
    """The tables of one rule set as the kernel reads them (plain NumPy arrays)."""

    rules: I64
    """The scalar rule switches (``R_*`` indices)."""
    legal: I64
    """``[split_aces, from_split, hands_on_spot - 1, rank1, rank2]`` → the legal bit mask of a
    two-card hand."""
    two_card: I64
    """``[up points - 1, points1 - 1, points2 - 1, legal mask]`` → action code."""
    multi_hit: I64
    """``[up points - 1, hard total, has ace]`` → 1 to hit a hand of three or more cards."""
    side_outcome: I64
    """The side bet's outcome index (into its outcomes, best first; -1 = lose), flat."""
    side_strides: I64
    """Strides of ``first, second, third, up, blackjack`` into ``side_outcome`` (0 for an
    input the side bet does not read)."""
    side_pays: I64
    """What each side-bet outcome pays to 1."""


@dataclass(frozen=True, slots=True)
class KernelTables:
    """Everything the kernel needs to play one rule set (picklable, so workers get it whole).

    Attributes:
        arrays: the numeric tables.
        side_name: the side bet played (``None``: none).
        side_outcomes: the side bet's outcome names, best first.
    """

    arrays: KernelArrays
    side_name: str | None
    side_outcomes: tuple[str, ...]

    @property
    def decks(self) -> int:
        """Decks in the shoe."""
        return int(self.arrays.rules[R_DECKS])


def unsupported(rules: Rules) -> str | None:
    """Why the fast kernel cannot play ``rules`` exactly (``None``: it can).

    The kernel plays one spot, one side bet at most, insurance and even money declined.
    """
    if rules.surrender is not Surrender.NONE:
        return "surrender is played by the engine only"
    if len(rules.side_bets) > 1:
        return "more than one side bet"
    for bet in rules.side_bets:
        if bet.name not in SIDE_INPUTS:
            return f"side bet {bet.name} has no kernel table"
        if rules.peek is PeekMode.ENHC:
            # an open side bet makes a no-hole-card dealer draw; the engine decides when it is
            return "a side bet in a no-hole-card game"
    return None


def played_side_bet(rules: Rules) -> SideBetRules | None:
    """The side bet the simulator stakes at its minimum, if the rules offer one."""
    return rules.side_bets[0] if rules.side_bets else None


@lru_cache(maxsize=16)
def kernel_tables(rules: Rules) -> KernelTables:
    """The tables of ``rules`` (cached: deriving the basic strategy takes a few seconds)."""
    reason = unsupported(rules)
    if reason is not None:
        raise ValueError(f"the fast kernel cannot play these rules: {reason}")
    scalars = _rule_scalars(rules)
    legal = legal_table(rules)
    strategy = basic_strategy(base_game_rules(rules))
    two_card, multi_hit = decision_tables(strategy)
    bet = played_side_bet(rules)
    if bet is None:
        outcome = np.zeros(1, dtype=np.int64)
        strides = np.zeros(5, dtype=np.int64)
        pays = np.zeros(1, dtype=np.int64)
        name: str | None = None
        outcomes: tuple[str, ...] = ()
    else:
        outcome, strides = side_table(bet.name)
        table = find_paytable(bet.name, bet.paytable)
        outcomes = OUTCOMES[bet.name]
        pays = np.array([table.pays_for(o) for o in outcomes], dtype=np.int64)
        name = str(bet.name)
    arrays = KernelArrays(scalars, legal, two_card, multi_hit, outcome, strides, pays)
    return KernelTables(arrays, name, outcomes)


def _rule_scalars(rules: Rules) -> I64:
    out = np.zeros(R_SIZE, dtype=np.int64)
    bj: Fraction = rules.blackjack_pays
    bet = played_side_bet(rules)
    values = {
        R_DECKS: rules.decks,
        R_PEEK: _PEEK_CODES[rules.peek],
        R_FIRST_DOWN: int(rules.dealer_first_card_face_down),
        R_HITS_S17: int(rules.dealer_hits_soft_17),
        R_TAKES_DOUBLE_ACE: int(rules.bj_takes_double_vs_ace),
        R_TAKES_DOUBLE_TEN: int(rules.bj_takes_double_vs_ten),
        R_TAKES_SPLIT_ACE: int(rules.bj_takes_split_vs_ace),
        R_TAKES_SPLIT_TEN: int(rules.bj_takes_split_vs_ten),
        R_CHARLIE: rules.charlie_cards or 0,
        R_CHARLIE_WINS: int(rules.charlie_wins),
        R_BJ_NUM: bj.numerator,
        R_BJ_DEN: bj.denominator,
        R_BET: MAIN_BET,
        R_SIDE: int(bet is not None),
        R_SIDE_STAKE: 0 if bet is None else bet.min_stake,
        R_SIDE_CAP: -1 if bet is None or bet.aggregate_cap is None else bet.aggregate_cap,
    }
    for index, value in values.items():
        out[index] = value
    return out


_RANKS = tuple(Rank)


def _card(rank: int, suit: int = 0) -> Card:
    return Card(_RANKS[rank], tuple(Suit)[suit])


def legal_table(rules: Rules) -> I64:
    """The engine's legal actions of every two-card hand, as bit masks."""
    out = np.zeros((2, 2, 4, 13, 13), dtype=np.int64)
    for split_aces, from_split, hands, r1, r2 in itertools.product(
        (0, 1), (0, 1), range(1, 5), range(13), range(13)
    ):
        hand = PlayerHand(0, 0, MAIN_BET, bool(from_split))
        hand.add(_card(r1))
        hand.add(_card(r2, 1))
        hand.split_aces = bool(split_aces)
        mask = 0
        for action in hand_actions(rules, hand, hands):
            mask |= 1 << ACTION_CODES[action]
        assert mask >> STAND & 1, "the decision table assumes stand is always legal"
        out[split_aces, from_split, hands - 1, r1, r2] = mask
    return out


_POINT_CARD = tuple(_card(p - 1) for p in range(1, 11))
"""A card of each count 1 to 10."""


def decision_tables(strategy: ExactStrategy) -> tuple[I64, I64]:
    """The strategy's action for every two-card hand and legal set, and its hit/stand for
    every multi-card class (the strategy reads only counts, so one card per count suffices)."""
    two_card = np.full((10, 10, 10, 1 << MASK_BITS), -1, dtype=np.int64)
    names = {code: str(action) for action, code in ACTION_CODES.items()}
    for up in range(10):
        up_card = _POINT_CARD[up]
        for p1, p2 in itertools.product(range(10), range(10)):
            cards = (_POINT_CARD[p1], _POINT_CARD[p2])
            if {p1, p2} == {0, 9}:
                continue  # a blackjack takes no decision
            for mask in range(1, 1 << MASK_BITS):
                if not mask >> STAND & 1:
                    continue  # every legal set of the engine holds stand
                legal = {names[c] for c in names if mask >> c & 1}
                action = strategy.action(cards, up_card, legal=legal)
                two_card[up, p1, p2, mask] = ACTION_CODES[Action(action)]
    multi_hit = np.zeros((10, 32, 2), dtype=np.int64)
    for (hard, ace), hand in _multi_card_classes().items():
        for up in range(10):
            action = strategy.action(hand, _POINT_CARD[up], legal={"hit", "stand"})
            multi_hit[up, hard, ace] = int(action == "hit")
    return two_card, multi_hit


def _multi_card_classes() -> dict[tuple[int, int], tuple[Card, ...]]:
    """One hand of three or more cards for every (hard total up to 21, has an ace) class."""
    found: dict[tuple[int, int], tuple[Card, ...]] = {}
    for n in range(3, 6):
        for points in itertools.combinations_with_replacement(range(1, 11), n):
            hard = sum(points)
            key = (hard, int(1 in points))
            if hard <= 21 and key not in found:
                found[key] = tuple(_POINT_CARD[p - 1] for p in points)
    return found


@lru_cache(maxsize=8)
def side_table(name: SideBetName) -> tuple[I64, I64]:
    """The side bet's final outcome for every combination of the inputs it reads.

    Returns the flat outcome-index table (-1 = lose) and the strides of ``first, second,
    third, up, blackjack`` into it. Each entry is the side bet's own ``resolve`` of the spot's
    first cards with the round over (spot done, dealer blackjack known).
    """
    reads = SIDE_INPUTS[name]
    rule = SIDE_BETS[name]
    outcomes = {outcome: i for i, outcome in enumerate(OUTCOMES[name])}
    sizes = [(_INPUT_SIZES[k] if k in reads else 1) for k in _INPUT_ORDER]
    strides = np.zeros(5, dtype=np.int64)
    step = 1
    for i in reversed(range(5)):
        strides[i] = step if sizes[i] > 1 else 0
        step *= sizes[i]
    table = np.full(step, -1, dtype=np.int64)
    for first, second, third, up, blackjack in itertools.product(*(range(s) for s in sizes)):
        cards = (DECK[first], DECK[second]) + (() if third == NO_CARD else (DECK[third],))
        if "third" not in reads:
            cards = cards[:2]
        ctx = SideBetContext(cards, DECK[up], bool(blackjack), True)
        outcome = rule.resolve(ctx)
        assert outcome is not None, "a finished round decides every side bet"
        index = first * strides[0] + second * strides[1] + third * strides[2]
        index += up * strides[3] + blackjack * strides[4]
        table[index] = -1 if outcome == LOSE else outcomes[outcome]
    return table, strides
