"""The exact analysis against every round the real engine deals from a tiny shoe (fractions).

:mod:`engine_enumeration` plays each card sequence through :class:`~twentyone.engine.Round`
and settles it with the engine's own settlement (``engine/settle.py``); the analysis values
compositions with removal and reordering arguments. They share only the rules and the playing
policy (the analysis's composition-dependent zero-memory policy for that tiny shoe, asked only
what a player sees). Agreement to 1e-12 of a bet shows:

* no peek, each of the 16 settings of "a dealer blackjack takes the double / split stake" vs
  an ace and vs a ten: a split hand that busts has lost its stake and is not charged again, the
  first split hand alone keeps the original bet at risk (issue 12);
* resplits to 3 and 4 hands, with and without resplitting aces, peek and no peek: exact.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from engine_enumeration import DecideByHands, enumerate_rounds

from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.split_pairs import two_hand_distribution
from twentyone.rules import PeekMode, Rules, Surrender

ACE, TEN = 0, 9
_HIT_STAND = frozenset({Action.HIT, Action.STAND})


def splitting_first(decider: DecideByHands, pair: tuple[int, ...]) -> DecideByHands:
    """``decider``, but a first hand of exactly the cards ``pair`` is split (the round under
    test is that split), whatever ``decider`` would do."""

    def decide(
        cards: tuple[int, ...], up: int, legal: frozenset[str], split: int | None, hands: int
    ) -> str:
        if split is None and cards == pair and "split" in legal:
            return "split"
        return decider(cards, up, legal, split, hands)

    return decide


def optimal_decider(
    rules: Rules, shoe: tuple[int, ...], *, cdp1: bool = False, cdp: bool = False
) -> DecideByHands:
    """The analysis's policy for ``shoe``, asked as the engine asks (as ExactStrategy does)."""
    policies: dict[int, OptimalPolicy] = {}

    def decide(
        hand: tuple[int, ...], up: int, legal: frozenset[str], pair: int | None, hands: int = 1
    ) -> str:
        policy = policies.get(up)
        if policy is None:
            policy = OptimalPolicy(make_solver(rules, up, shoe), first_hand_play=cdp1, by_hands=cdp)
            prepare_splits(policy.solver, policy.splits)
            policies[up] = policy
        allowed = frozenset(Action(a) for a in legal)
        if len(allowed) == 1:
            return str(next(iter(allowed)))
        if pair is not None:
            return str(policy.split_hand_action(pair, hand, allowed, hands))
        if sum(hand) >= 3 and allowed >= _HIT_STAND:
            return str(Action.HIT if policy.hits(hand) else Action.STAND)
        return str(policy.choose(hand, allowed))

    return decide


NO_PEEK_SHOE = (2, 0, 0, 1, 0, 1, 1, 2, 0, 6)
"""A A 4 6 7 8 8 and six tens: 13 cards, 95 points (two split hands and the dealer fit)."""


@pytest.mark.parametrize(
    "switches",
    list(itertools.product((True, False), repeat=4)),
    ids=lambda s: "".join("TF"[not x] for x in s),
)
def test_no_peek_dealer_blackjack_switches_match_engine(switches: tuple[bool, ...]) -> None:
    """SPEC 3: "dealer blackjack vs a doubled hand / vs split hands", per up card, no peek.

    ``engine/settle.py``: against a dealer blackjack a split hand other than the first gets its
    bet back when the split switch is off, a doubled hand its double part when the double switch
    is off; a bust hand was settled (lost) when it busted."""
    double_ace, double_ten, split_ace, split_ten = switches
    rules = Rules(
        decks=1,
        peek=PeekMode.NONE,
        bj_takes_double_vs_ace=double_ace,
        bj_takes_double_vs_ten=double_ten,
        bj_takes_split_vs_ace=split_ace,
        bj_takes_split_vs_ten=split_ten,
        max_split_hands=2,
    )
    exact = {u.up: u.ev for u in house_edge(rules, shoe=NO_PEEK_SHOE).up_cards}
    decide = optimal_decider(rules, NO_PEEK_SHOE)
    for up in (ACE, TEN):
        engine = enumerate_rounds(rules, NO_PEEK_SHOE, decide, given=(None, up))
        assert exact[up] == pytest.approx(float(engine.ev), abs=1e-12), up


RESPLIT_CASES = {
    # 8-8 with four eights in the shoe: up to four hands.
    "8s-to-4-peek": ((1, 1, 1, 0, 1, 0, 0, 4, 0, 9), 7, {"max_split_hands": 4}),
    "8s-to-3-peek": ((1, 1, 1, 0, 1, 0, 0, 4, 0, 9), 7, {"max_split_hands": 3}),
    "8s-to-4-no-peek-refunds": (
        (1, 1, 1, 0, 1, 0, 0, 4, 0, 9),
        7,
        {
            "max_split_hands": 4,
            "peek": PeekMode.NONE,
            "bj_takes_split_vs_ace": False,
            "bj_takes_split_vs_ten": False,
            "bj_takes_double_vs_ten": False,
        },
    ),
    "8s-to-4-no-peek-charlie": (
        (1, 1, 1, 0, 1, 0, 0, 4, 0, 9),
        7,
        {
            "max_split_hands": 4,
            "peek": PeekMode.NONE,
            "bj_takes_double_vs_ace": False,
            "charlie_cards": 4,
            "dealer_hits_soft_17": True,
        },
    ),
    # A-A with four aces: resplit and hit split aces, or one card each without resplits.
    "aces-resplit-hit": (
        (4, 1, 0, 0, 1, 0, 1, 0, 0, 8),
        0,
        {"max_split_hands": 4, "resplit_aces": True, "hit_split_aces": True},
    ),
    "aces-resplit-one-card": (
        (4, 1, 0, 0, 1, 0, 1, 0, 0, 8),
        0,
        {"max_split_hands": 4, "resplit_aces": True},
    ),
    "aces-no-resplit": ((4, 1, 0, 0, 1, 0, 1, 0, 0, 8), 0, {"max_split_hands": 4}),
}


RESPLIT_UPS = [(name, up) for name in sorted(RESPLIT_CASES) for up in (ACE, TEN)]
"""Every case against an ace and a ten, except 8-8 against a ten (a long enumeration)."""
RESPLIT_UPS = [(name, up) for name, up in RESPLIT_UPS if not (name.startswith("8s") and up == TEN)]
CDP1_CASES = {"8s-to-4-peek", "aces-resplit-hit", "aces-no-resplit"}
"""The cases also played with CDP1's post-split play."""
CDP_CASES = {"aces-resplit-hit"}
"""The cases also played with CDP's post-split play (by the number of hands): against an ace
and a ten its play differs from CDP1's, and so does its value."""


@pytest.mark.parametrize(
    ("name", "up", "play"),
    [(n, u, "cdz") for n, u in RESPLIT_UPS]
    + [(n, u, "cdp1") for n, u in RESPLIT_UPS if n in CDP1_CASES]
    + [(n, u, "cdp") for n, u in RESPLIT_UPS if n in CDP_CASES],
)
def test_resplit_value_matches_engine(name: str, up: int, play: str) -> None:
    """SPEC 3: "a pair drawn to a split hand may be split again while fewer than the most hands
    exist": the value of splitting the pair equals the engine's over every card sequence, split
    hands playing as unsplit ones (CDZ-), as is best for a split hand of the pair (CDP1), or
    that for the number of hands on the spot when the hand is played (CDP: the engine's
    enumeration tells the policy how many hands the spot has, as the table shows a player).

    The pair is split at the deal whatever the policy would do there, so every case values a
    split; with a peek the round's blackjack term is the deal's (the dealer takes one bet)."""
    shoe, pair, switches = RESPLIT_CASES[name]
    rules = Rules(decks=1, **switches)  # type: ignore[arg-type]
    solver = make_solver(rules, up, shoe)
    policy = OptimalPolicy(solver, first_hand_play=play == "cdp1", by_hands=play == "cdp")
    prepare_splits(solver, policy.splits)
    hand = tuple(2 if i == pair else 0 for i in range(10))
    exact = policy.splits.value(pair)[0]
    if solver.peek:
        exact -= solver.blackjack_chance(hand)
    policy_play = optimal_decider(rules, shoe, cdp1=play == "cdp1", cdp=play == "cdp")

    decide = splitting_first(policy_play, hand)

    engine = enumerate_rounds(rules, shoe, decide, given=(pair, up, pair), by_hands=True)
    assert exact == pytest.approx(float(engine.ev), abs=1e-12)
    if play == "cdp":
        other = OptimalPolicy(make_solver(rules, up, shoe), first_hand_play=True)
        prepare_splits(other.solver, other.splits)
        cdp1 = other.splits.value(pair)[0]
        assert policy.splits.value(pair)[0] > cdp1 + 1e-4, "the case does not tell CDP from CDP1"


ONE_HAND_CASES = {
    "peek-late-surrender": Rules(decks=1, max_split_hands=1, surrender=Surrender.LATE),
    "no-peek-refunds-charlie": Rules(
        decks=1,
        peek=PeekMode.NONE,
        max_split_hands=1,
        bj_takes_double_vs_ten=False,
        charlie_cards=4,
        dealer_hits_soft_17=True,
    ),
    "enhc-6-to-5": Rules(
        decks=1, peek=PeekMode.ENHC, max_split_hands=1, blackjack_pays=Fraction(6, 5)
    ),
}


@pytest.mark.parametrize("name", sorted(ONE_HAND_CASES))
def test_distribution_without_splits_matches_engine(name: str) -> None:
    """Issue 12: "the probability of every net outcome per initial bet": every net result of a
    round with one hand has the engine's chance exactly (no split rounds: the table is exact)."""
    rules = ONE_HAND_CASES[name]
    result = house_edge(rules, shoe=NO_PEEK_SHOE, distribution=True)
    assert result.distribution is not None
    assert result.distribution.exact
    engine = enumerate_rounds(rules, NO_PEEK_SHOE, optimal_decider(rules, NO_PEEK_SHOE))
    want = {float(k): float(v) for k, v in engine.distribution.items()}
    got = dict(result.distribution.outcomes)
    assert got.keys() == want.keys()
    for net, chance in want.items():
        assert got[net] == pytest.approx(chance, abs=1e-12), net


TWO_HAND_CASES = {
    "no-peek-split-refunded": Rules(
        decks=1, peek=PeekMode.NONE, bj_takes_split_vs_ten=False, max_split_hands=2
    ),
    "peek-das": Rules(decks=1, max_split_hands=2),
    "no-peek-double-refunded-charlie-h17": Rules(
        decks=1,
        peek=PeekMode.NONE,
        bj_takes_double_vs_ace=False,
        bj_takes_double_vs_ten=False,
        max_split_hands=2,
        charlie_cards=4,
        dealer_hits_soft_17=True,
    ),
    "peek-hit-split-aces-no-das": Rules(
        decks=1, max_split_hands=2, hit_split_aces=True, double_after_split=False
    ),
}


@pytest.mark.parametrize("name", sorted(TWO_HAND_CASES))
def test_distribution_with_two_hand_splits_matches_engine(name: str) -> None:
    """Issue 12: the distribution of a round "with splits and doubles": split once, every net
    result (the two hands' sum, -4 to +4) has the engine's chance exactly, for every round the
    tiny shoe deals (the hands are not assumed independent given the dealer's outcome)."""
    rules = TWO_HAND_CASES[name]
    result = house_edge(rules, shoe=NO_PEEK_SHOE, distribution=True)
    assert result.distribution is not None
    assert result.distribution.exact
    engine = enumerate_rounds(rules, NO_PEEK_SHOE, optimal_decider(rules, NO_PEEK_SHOE))
    want = {float(k): float(v) for k, v in engine.distribution.items()}
    if rules.double_after_split:
        assert any(abs(k) > 2 for k in want), "no round with two hands won or lost doubled"
    got = dict(result.distribution.outcomes)
    assert got.keys() == want.keys()
    for net, chance in want.items():
        assert got[net] == pytest.approx(chance, abs=1e-12), net


@pytest.mark.parametrize("name", ["8s-to-3-peek", "8s-to-4-no-peek-refunds", "aces-resplit-hit"])
def test_split_rounds_that_stay_at_two_hands_match_engine(name: str) -> None:
    """Where a resplit is possible, the rounds in which neither second card pairs its hand (two
    hands to the end) are summed exactly too (``restricted``): the engine's two-hand rounds
    have that distribution (the house edge's distribution does not use it: it would double the
    time of a figure that stays inexact for the rounds of three or more hands)."""
    shoe, pair, switches = RESPLIT_CASES[name]
    rules = Rules(decks=1, **switches)  # type: ignore[arg-type]
    solver = make_solver(rules, ACE, shoe)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    assert policy.splits.resplits(pair)
    got = two_hand_distribution(policy.splits, pair, restricted=True)
    hand = tuple(2 if i == pair else 0 for i in range(10))
    play = optimal_decider(rules, shoe)

    def decide(cards: tuple[int, ...], up: int, legal: frozenset[str], split: int | None) -> str:
        if split is None and cards == hand and "split" in legal:
            return "split"
        return play(cards, up, legal, split)

    engine = enumerate_rounds(rules, shoe, decide, given=(pair, ACE, pair))
    assert len(engine.by_hands) >= 2, "no round with a resplit"
    want = {float(k): float(v) for k, v in engine.by_hands[2].items()}
    assert got.keys() == want.keys()
    for net, chance in want.items():
        assert got[net] == pytest.approx(chance, abs=1e-12), net
