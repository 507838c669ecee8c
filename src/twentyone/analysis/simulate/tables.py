"""The numeric tables the fast kernel reads, each derived from the module that owns the rule.

The kernel never decides anything by itself that another module already decides:

* **legal actions** come from the engine's own :func:`twentyone.engine.hands.hand_actions`,
  asked once for every two-card hand (by rank), split state and number of hands on the spot;
* **the play** comes from the :class:`~.strategy.PlayStrategy` (basic, optimal or a chart),
  asked once for every two-card hand (by count), up card and legal set, and once for every
  composition of three or more cards (a *node* of :func:`hand_nodes`);
* **side-bet outcomes** come from the side bet's own ``resolve`` (:mod:`twentyone.sidebets`),
  asked once for every combination of the inputs that side bet reads.

What the kernel still does itself (dealing order, hand flow, dealer drawing, settlement) is the
part the simulator re-implements for speed; it is checked against the engine round for round
(``tests/analysis/test_simulate_agrees_with_engine.py``), never trusted on its own.

Building the strategy and side-bet tables asks Python code tens of thousands of questions, so
they are kept on disk (:func:`cache_dir`) keyed by everything they depend on.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import os
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.arrays import I64
from twentyone.analysis.simulate.strategy import InsurancePolicy, PlayStrategy
from twentyone.cards import DECK, Card, Rank, Suit
from twentyone.engine.hands import PlayerHand, hand_actions
from twentyone.engine.model import Action
from twentyone.rules import PeekMode, Rules, SideBetRules
from twentyone.sidebets.base import LOSE, SideBetContext
from twentyone.sidebets.paytables import OUTCOMES, SideBetName, find_paytable
from twentyone.sidebets.registry import SIDE_BETS

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
MAX_SPLIT_HANDS = 4

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
R_BJ_WIN = 10  # what a blackjack wins on the bet (rounded up)
R_BET = 11
R_SPOTS = 12
R_INSURANCE = 13  # 1 = offered
R_EVEN_MONEY = 14
R_INS_WIN = 15  # what a winning insurance bet wins (rounded up)
R_INS_POLICY = 16  # 0 never, 1 always, 2 best
R_SURRENDER_RETURN = 17
R_SIDES = 18  # side bets staked on each spot
R_TENS = 19  # ten-count cards in the full shoe
R_OPEN_SEVENS = 20  # 1: a Lucky 7 on two sevens can be open when a no-hole-card dealer plays
R_OPEN_LADIES = 21  # 1: a Lucky Ladies queen-of-hearts pair can be (no hole card)
R_QUEEN_HEARTS = 22  # the queen of hearts' card code
R_SIZE = 23

_PEEK_CODES = {PeekMode.ACE_AND_TEN: 0, PeekMode.NONE: 1, PeekMode.ENHC: 2}
_POLICY_CODES = {InsurancePolicy.NEVER: 0, InsurancePolicy.ALWAYS: 1, InsurancePolicy.BEST: 2}

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
MAX_SIDE_LINES = 16
SIDE_LINE_BITS = 5
"""The bits of a ``side_table`` entry that hold its line (outcome index + 1, 0 lose)."""

MAIN_BET = 1000
"""The main bet the simulator stakes per spot (minor units); results are reported per unit."""


@dataclass(frozen=True, slots=True)
class Layout:
    """How a run's tallies read: the side bets staked and the main result's histogram.

    Attributes:
        side_names: the side bets staked on every spot, in order.
        side_outcomes: each side bet's outcome names, best first.
        net_low, net_unit, net_bins: the main result's histogram (minor units).
        spots: spots played each round.
    """

    side_names: tuple[str, ...]
    side_outcomes: tuple[tuple[str, ...], ...]
    net_low: int
    net_unit: int
    net_bins: int
    spots: int


def layout(rules: Rules, spots: int) -> Layout:
    """The tally layout of ``rules`` played on ``spots`` spots."""
    bets = played_side_bets(rules)
    low, unit, bins = net_histogram(rules, spots)
    return Layout(
        tuple(str(b.name) for b in bets),
        tuple(OUTCOMES[b.name] for b in bets),
        low,
        unit,
        bins,
        spots,
    )


@dataclass(frozen=True, slots=True)
class KernelTables:
    """Everything the kernel needs to play one rule set (picklable, so workers get it whole).

    The arrays are passed to the kernel one by one, as plain arguments, and the play tables
    flat (C order of the shapes below), so that the kernel indexes them with constant strides.

    Attributes:
        rules: the scalar rule switches (``R_*`` indices).
        first_act: ``[up points - 1, rank1, rank2]`` → the action code of a dealt hand (its
            legal set is fixed: one hand on the spot, not split).
        legal: ``[split_aces, from_split, hands_on_spot - 1, rank1, rank2]`` → legal bit mask.
        two_card: ``[up points - 1, points1 - 1, points2 - 1, legal mask]`` → action code.
        hit: ``[node, up points - 1]`` → 1 to hit a hand of three or more cards.
        child: ``[node, points - 1]`` → the node of the hand plus one card (-1: over 21).
        side_pairs: each side bet's class of the spot's first two cards (``first × 52 +
            second``), one block of 52 × 52 per bet (see :func:`pair_classes`).
        side_table: every side bet's line by class and the other inputs, flat, one block
            each: the outcome index plus one (best first from 1; 0 lose) in the low
            ``SIDE_LINE_BITS`` bits, what the line pays to 1 above them.
        side_strides: ``[bet]`` → the class row's length, the strides of ``third, up,
            blackjack`` in a row, the bet's offset in ``side_table`` and in ``side_pairs``.
        side_pays: ``[bet, outcome]`` what each line pays to 1.
        side_stakes: ``[bet, (stake, cap)]`` the stake per spot and the round cap (-1: none).
        layout: how the tallies read.
        strategy: the strategy's name.
        insurance: the insurance policy.
    """

    rules: I64
    first_act: npt.NDArray[np.int8]
    legal: npt.NDArray[np.int8]
    two_card: npt.NDArray[np.int8]
    hit: npt.NDArray[np.int8]
    child: npt.NDArray[np.int16]
    side_pairs: npt.NDArray[np.int16]
    side_table: npt.NDArray[np.int32]
    side_strides: I64
    side_pays: I64
    side_stakes: I64
    layout: Layout
    strategy: str
    insurance: InsurancePolicy

    @property
    def decks(self) -> int:
        """Decks in the shoe."""
        return int(self.rules[R_DECKS])

    @property
    def spots(self) -> int:
        """Spots played each round."""
        return int(self.rules[R_SPOTS])


def unsupported(rules: Rules) -> str | None:
    """Why the fast kernel cannot play ``rules`` exactly (``None``: it can).

    Only a side bet the kernel has no table for (a side bet registered later) is left to the
    engine; every rule switch and the three side bets are played by the kernel.
    """
    for bet in rules.side_bets:
        if bet.name not in SIDE_INPUTS:
            return f"side bet {bet.name} has no kernel table"
    return None


def played_side_bets(rules: Rules) -> tuple[SideBetRules, ...]:
    """The side bets the simulator stakes on every spot, each at its minimum."""
    return rules.side_bets


def _ceil(value: Fraction) -> int:
    return math.ceil(value)


def rule_scalars(rules: Rules, spots: int, insurance: InsurancePolicy) -> I64:
    """The rule switches as the kernel reads them."""
    out = np.zeros(R_SIZE, dtype=np.int64)
    enhc = rules.peek is PeekMode.ENHC
    sides = played_side_bets(rules)
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
        R_BJ_WIN: _ceil(MAIN_BET * rules.blackjack_pays),
        R_BET: MAIN_BET,
        R_SPOTS: spots,
        R_INSURANCE: int(rules.insurance),
        R_EVEN_MONEY: int(rules.even_money),
        R_INS_WIN: _ceil(Fraction(MAIN_BET, 2) * rules.insurance_pays),
        R_INS_POLICY: _POLICY_CODES[insurance],
        R_SURRENDER_RETURN: _ceil(Fraction(MAIN_BET, 2)),
        R_SIDES: len(played_side_bets(rules)),
        R_TENS: 16 * rules.decks,
        R_OPEN_SEVENS: int(enhc and any(b.name is SideBetName.LUCKY_7 for b in sides)),
        R_OPEN_LADIES: int(enhc and any(b.name is SideBetName.LUCKY_LADIES for b in sides)),
        R_QUEEN_HEARTS: Card(Rank.QUEEN, Suit.HEARTS).code,
    }
    for index, value in values.items():
        out[index] = value
    return out


def net_histogram(rules: Rules, spots: int) -> tuple[int, int, int]:
    """``(lowest net, bin width, bins)`` of the main result of a round (hands + insurance).

    Every amount a round can move is a multiple of the bin width, so no two results share a
    bin.
    """
    scalars = rule_scalars(rules, spots, InsurancePolicy.NEVER)
    amounts = [
        MAIN_BET,
        int(scalars[R_BJ_WIN]),
        MAIN_BET // 2,
        int(scalars[R_INS_WIN]),
        int(scalars[R_SURRENDER_RETURN]),
    ]
    unit = math.gcd(*amounts)
    worst = spots * (2 * MAIN_BET * MAX_SPLIT_HANDS + MAIN_BET // 2)
    best = spots * (
        max(2 * MAIN_BET * MAX_SPLIT_HANDS, int(scalars[R_BJ_WIN])) + int(scalars[R_INS_WIN])
    )
    low = -(-worst // unit) * -unit
    return low, unit, (best - low) // unit + 1


_RANKS = tuple(Rank)
_SUITS = tuple(Suit)


def _card(rank: int, suit: int = 0) -> Card:
    return Card(_RANKS[rank], _SUITS[suit])


def legal_table(rules: Rules) -> I64:
    """The engine's legal actions of every two-card hand, as bit masks."""
    out = np.zeros((2, 2, MAX_SPLIT_HANDS, 13, 13), dtype=np.int64)
    for split_aces, from_split, hands, r1, r2 in itertools.product(
        (0, 1), (0, 1), range(1, MAX_SPLIT_HANDS + 1), range(13), range(13)
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


@cache
def hand_nodes() -> tuple[tuple[tuple[int, ...], ...], npt.NDArray[np.int16]]:
    """Every multiset of card counts with a hard total of 21 or less, and its children.

    Node 0 is the empty hand; ``child[node, points - 1]`` is the node of the hand with one more
    card of those points, -1 when that goes over 21. A hand's node is where the strategy's
    composition-dependent answer is looked up.
    """
    comps: list[tuple[int, ...]] = [(0,) * 10]
    index = {comps[0]: 0}
    frontier = [comps[0]]
    while frontier:
        grown: list[tuple[int, ...]] = []
        for comp in frontier:
            hard = sum((p + 1) * n for p, n in enumerate(comp))
            for p in range(10):
                if hard + p + 1 <= 21:
                    new = (*comp[:p], comp[p] + 1, *comp[p + 1 :])
                    if new not in index:
                        index[new] = len(comps)
                        comps.append(new)
                        grown.append(new)
        frontier = grown
    child = np.full((len(comps), 10), -1, dtype=np.int16)
    for comp, node in index.items():
        for p in range(10):
            new = (*comp[:p], comp[p] + 1, *comp[p + 1 :])
            found = index.get(new)
            if found is not None:
                child[node, p] = found
    return tuple(comps), child


def decision_tables(
    strategy: PlayStrategy, decks: int
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The strategy's action for every two-card hand and legal set, and its hit/stand for
    every hand of three or more cards the shoe can deal."""
    two_card = np.full((10, 10, 10, 1 << MASK_BITS), -1, dtype=np.int8)
    names = {code: str(action) for action, code in ACTION_CODES.items()}
    for up in range(10):
        up_card = _POINT_CARD[up]
        for p1, p2 in itertools.product(range(10), range(10)):
            cards = (_POINT_CARD[p1], _POINT_CARD[p2])
            if {p1, p2} == {0, 9}:
                continue  # a blackjack takes no decision
            for mask in range(1, 1 << MASK_BITS):
                if not mask >> STAND & 1 or (p1 != p2 and mask >> SPLIT & 1):
                    continue  # every legal set holds stand; only a pair splits
                legal = {names[c] for c in names if mask >> c & 1}
                action = strategy.action(cards, up_card, legal=legal)
                two_card[up, p1, p2, mask] = ACTION_CODES[Action(action)]
    comps, _ = hand_nodes()
    full = [4 * decks] * 9 + [16 * decks]
    hit = np.zeros((10, len(comps)), dtype=np.int8)
    for node, comp in enumerate(comps):
        cards_in = sum(comp)
        hard = sum((p + 1) * n for p, n in enumerate(comp))
        soft = comp[0] > 0 and hard <= 11
        if cards_in < 3 or hard + (10 if soft else 0) >= 21:
            continue
        hand = tuple(_POINT_CARD[p] for p, n in enumerate(comp) for _ in range(n))
        for up in range(10):
            left = list(full)
            left[up] -= 1
            if any(n > left[p] for p, n in enumerate(comp)):
                continue  # this shoe cannot deal the hand against this up card
            try:
                action = strategy.action(hand, _POINT_CARD[up], legal={"hit", "stand"})
            except ValueError:
                continue  # a hand no round deals (e.g. past the Charlie count): never asked
            hit[up, node] = int(action == "hit")
    return two_card, hit


def first_actions(
    legal: npt.NDArray[np.int8], two_card: npt.NDArray[np.int8]
) -> npt.NDArray[np.int8]:
    """``[up points - 1, rank1, rank2]`` → the action of a dealt hand: ``two_card`` at the legal
    set of an unsplit hand alone on its spot (one look-up instead of two per dealt hand)."""
    ranks = np.arange(13)
    pts = np.minimum(ranks, 9)
    masks = legal[0, 0, 0]
    out = two_card[:, pts[:, None], pts[None, :], masks]
    return np.ascontiguousarray(out, dtype=np.int8)


@lru_cache(maxsize=8)
def side_table(name: SideBetName) -> tuple[npt.NDArray[np.int8], I64]:
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
    table = np.full(step, -1, dtype=np.int8)
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


def pair_classes(
    table: npt.NDArray[np.int8],
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int8], int]:
    """Split a side bet's flat table (first card outermost, then second) in two small ones.

    Two first-two-card pairs are in one class when every other input gives them the same
    outcome; the kernel looks up the pair's class, then the class's row. The tables shrink
    from hundreds of kilobytes (a cache miss per lookup) to a few.

    Returns ``(class of each pair, the classes' rows flat, the row length)``.
    """
    rows = table.reshape(52 * 52, -1)
    unique, inverse = np.unique(rows, axis=0, return_inverse=True)
    return (
        inverse.reshape(-1).astype(np.int16),
        unique.reshape(-1).astype(np.int8),
        rows.shape[1],
    )


# -- the disk cache ---------------------------------------------------------------------------

TABLES_VERSION = "2"
"""Bumped when the layout of a cached table changes."""


def cache_dir() -> Path:
    """Where built tables are kept: ``$TWENTYONE_CACHE_DIR``, else the user's cache folder."""
    env = os.environ.get("TWENTYONE_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "twentyone" / "simulate"


@cache
def _source_digest() -> str:
    """A digest of the code the cached tables come from (a change invalidates them)."""
    root = Path(__file__).resolve().parents[2]
    digest = hashlib.sha256(TABLES_VERSION.encode())
    for folder in ("analysis/exact", "sidebets", "engine"):
        for path in sorted((root / folder).glob("*.py")):
            digest.update(path.read_bytes())
    digest.update((root / "rules.py").read_bytes())
    digest.update(Path(__file__).with_name("strategy.py").read_bytes())
    return digest.hexdigest()[:16]


def _load_or_build(key: str, build: object) -> dict[str, npt.NDArray[np.generic]]:
    """The arrays stored under ``key``, or ``build()``'s, stored for next time."""
    path = cache_dir() / f"{key}-{_source_digest()}.npz"
    try:
        with np.load(path) as stored:
            return {name: stored[name] for name in stored.files}
    except (OSError, ValueError, EOFError):
        pass
    assert callable(build)
    arrays: dict[str, npt.NDArray[np.generic]] = build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **arrays)  # type: ignore[arg-type]
        tmp.replace(path)
    except OSError:
        pass  # a read-only home: build again next time
    return arrays


def _strategy_key(rules: Rules, strategy: PlayStrategy) -> str:
    text = f"{rules.version()}-{strategy.name}-{strategy!r}"
    return "play-" + hashlib.sha256(text.encode()).hexdigest()[:20]


@lru_cache(maxsize=32)
def kernel_tables(
    rules: Rules,
    strategy: PlayStrategy,
    spots: int = 1,
    insurance: InsurancePolicy = InsurancePolicy.NEVER,
) -> KernelTables:
    """The tables of ``rules`` played by ``strategy`` on ``spots`` spots (cached in the process
    and on disk)."""
    reason = unsupported(rules)
    if reason is not None:
        raise ValueError(f"the fast kernel cannot play these rules: {reason}")
    if not 1 <= spots <= rules.max_spots:
        raise ValueError(f"spots must be 1 to {rules.max_spots}")

    def build_play() -> dict[str, npt.NDArray[np.generic]]:
        two, hit = decision_tables(strategy, rules.decks)
        return {"legal": legal_table(rules), "two_card": two, "hit": hit}

    play = _load_or_build(_strategy_key(rules, strategy), build_play)
    bets = played_side_bets(rules)
    blocks: list[npt.NDArray[np.int8]] = []
    pair_blocks: list[npt.NDArray[np.int16]] = []
    strides = np.zeros((max(len(bets), 1), 6), dtype=np.int64)
    pays = np.zeros((max(len(bets), 1), MAX_SIDE_LINES), dtype=np.int64)
    stakes = np.zeros((max(len(bets), 1), 2), dtype=np.int64)
    offset = 0
    for b, bet in enumerate(bets):
        stored = _load_or_build(
            f"side-{bet.name}",
            lambda name=bet.name: dict(zip(("t", "s"), side_table(name), strict=True)),
        )
        pairs, classes, row = pair_classes(stored["t"].astype(np.int8))
        strides[b, 0] = row
        strides[b, 1:4] = stored["s"][2:5]
        strides[b, 4] = offset
        strides[b, 5] = b * len(pairs)
        pair_blocks.append(pairs)
        offset += len(classes)
        table = find_paytable(bet.name, bet.paytable)
        for i, outcome in enumerate(OUTCOMES[bet.name]):
            pays[b, i] = table.pays_for(outcome)
        lines = classes.astype(np.int32)
        blocks.append((lines + 1) | np.where(lines >= 0, pays[b, lines], 0) << SIDE_LINE_BITS)
        stakes[b] = (bet.min_stake, -1 if bet.aggregate_cap is None else bet.aggregate_cap)
    side = np.concatenate(blocks).astype(np.int32) if blocks else np.zeros(1, dtype=np.int32)
    side_pairs = np.concatenate(pair_blocks) if pair_blocks else np.zeros(1, dtype=np.int16)
    _, child = hand_nodes()
    legal = np.asarray(play["legal"], dtype=np.int8)
    two_card = np.asarray(play["two_card"], dtype=np.int8)
    return KernelTables(
        rules=rule_scalars(rules, spots, insurance),
        first_act=first_actions(legal, two_card).ravel(),
        legal=legal.ravel(),
        two_card=two_card.ravel(),
        hit=np.ascontiguousarray(np.asarray(play["hit"], dtype=np.int8).T).ravel(),
        child=child.ravel(),
        side_pairs=side_pairs,
        side_table=side,
        side_strides=strides,
        side_pays=pays,
        side_stakes=stakes,
        layout=layout(rules, spots),
        strategy=strategy.name,
        insurance=insurance,
    )
