"""The advisor's values on the hands of a split against every round the engine deals.

On a small shoe the engine (:func:`engine_enumeration.enumerate_views`, exact fractions) plays
every card sequence that deals what the player has seen when a split hand's decision is asked:
the pair, the up card, the cards of the spot's other hands (the hole card and the rest of the
shoe are any card they can be). The decision is forced to each legal action in turn, and the
expected net of that hand's wager (with the hands a resplit makes from it) over those rounds
must equal the advisor's value of the action, per unit of the hand's bet:

* after hit, stand or double, the hand is played on as the advisor advises from the view;
* after a resplit, the new hands play as the value says they do: the exact analysis' optimal
  policy for a fresh split of the pair with the hands left (``max_split_hands`` less the hands
  already made), with the other hands' cards out of the shoe;
* the spot's other hands stand (the hand's value does not depend on how they are played: their
  cards can be dealt after the dealer's without changing any chance).

Cases: peek, no peek (a dealer blackjack takes a later split hand's bet or not), European no
hole card; the first and the second hand of a split; a resplit from either.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from engine_enumeration import BET, CARDS, enumerate_views

from twentyone.analysis.advice_round import situation_of
from twentyone.analysis.advisor import Advice, Situation, advise
from twentyone.analysis.exact.actions import Action
from twentyone.analysis.exact.game import OptimalPolicy, make_solver, prepare_splits
from twentyone.cards import Shoe
from twentyone.engine import Decided, Round, SpotBet, WagerKind
from twentyone.rules import PeekMode, Rules

SHOE = (1, 1, 1, 0, 1, 1, 1, 3, 0, 5)
"""A 2 3 5 6 7, three eights and five tens: 15 cards (two hands and the dealer fit)."""
RESPLIT_SHOE = (1, 1, 1, 0, 1, 0, 0, 4, 0, 5)
"""A 2 3 5, four eights and five tens: 13 cards (three hands and the dealer fit, and a
resplit hand may draw the fourth eight: too many hands allowed would show)."""
EIGHT, TEN, ACE = 7, 9, 0
INSURANCE = {"insurance", "no-insurance", "even-money", "no-even-money"}

CASES: dict[str, tuple[Rules, tuple[int | None, ...], int]] = {
    # name: rules, the cards dealt in order (None: the hole card, any), the hand asked; the
    # resplit cases deal from RESPLIT_SHOE, the others from SHOE
    "peek-first-hand-8-3-vs-6": (Rules(decks=1, max_split_hands=2), (7, 5, 7, None, 2), 0),
    "peek-second-hand-8-2-vs-ten": (
        Rules(decks=1, max_split_hands=2),
        (7, 9, 7, None, 9, 1),
        1,
    ),
    "no-peek-second-hand-keeps-its-bet-vs-ten": (
        Rules(decks=1, max_split_hands=2, peek=PeekMode.NONE, bj_takes_split_vs_ten=False),
        (7, 9, 7, None, 9, 2),
        1,
    ),
    "no-peek-first-hand-vs-ace": (
        Rules(
            decks=1,
            max_split_hands=2,
            peek=PeekMode.NONE,
            bj_takes_split_vs_ace=False,
            bj_takes_double_vs_ace=False,
        ),
        (7, 0, 7, None, 2),
        0,
    ),
    "enhc-first-hand-8-3-vs-ten": (
        Rules(decks=1, max_split_hands=2, peek=PeekMode.ENHC),
        (7, 9, 7, 2),
        0,
    ),
    "peek-resplit-first-hand-vs-5": (Rules(decks=1, max_split_hands=3), (7, 4, 7, None, 7), 0),
    "no-peek-resplit-second-hand-vs-ten": (
        Rules(decks=1, max_split_hands=3, peek=PeekMode.NONE, bj_takes_split_vs_ten=False),
        (7, 9, 7, None, 9, 7),
        1,
    ),
}


def _decisions(rnd: Round) -> int:
    return sum(1 for e in rnd.events if isinstance(e, Decided))


def _setup_move(rnd: Round, target: int) -> str:
    """Before the decision asked: decline insurance, split the pair, stand on hand 0."""
    legal = {str(a) for a in rnd.legal_actions()}
    declined = legal & {"no-insurance", "no-even-money"}
    if declined:
        return declined.pop()
    hand = rnd.current_hand()
    assert hand is not None
    if not hand.from_split:
        return "split"
    assert target == 1 and hand.hand == 0
    return "stand"


def _shoe(rules: Rules) -> tuple[int, ...]:
    return RESPLIT_SHOE if rules.max_split_hands > 2 else SHOE


def _asked(rules: Rules, given: tuple[int | None, ...], target: int) -> tuple[Situation, int]:
    """The situation the player sees at the decision (from a round that deals ``given``, any
    hole card that is not a blackjack) and how many decisions come before it."""
    hole = next(c for c in (2, 3, 4) if _shoe(rules)[c] > given.count(c))
    cards = [hole if c is None else c for c in given]
    rnd = Round.start(rules, [SpotBet(BET)], Shoe([CARDS[i] for i in cards]))
    while rnd.current != (0, target) or not rnd.current_hand().from_split:  # type: ignore[union-attr]
        rnd.act(_setup_move(rnd, target))
    situation = situation_of(rules, rnd.view())
    assert situation is not None
    return situation, _decisions(rnd)


def _split_policy(rules: Rules, situation: Situation) -> OptimalPolicy:
    """The policy the split value plays its hands by: a fresh split with the hands left."""
    left = rules.max_split_hands - (situation.hands_on_spot - 1)
    fresh = rules.replace(max_split_hands=left, resplit_aces=rules.resplit_aces and left >= 3)
    shoe = list(_shoe(rules))
    for card in situation.seen:
        shoe[card.points - 1] -= 1
    policy = OptimalPolicy(make_solver(fresh, situation.up.points - 1, tuple(shoe)))
    prepare_splits(policy.solver, policy.splits)
    return policy


def _engine_value(
    rules: Rules,
    given: tuple[int | None, ...],
    target: int,
    at: int,
    action: str,
) -> Fraction:
    """The engine's expected net of the asked hand's wager(s), ``action`` taken at the
    decision (the ``at``-th of the round)."""
    split_policy = _split_policy(rules, _asked(rules, given, target)[0])
    pair = given[0]
    assert pair is not None
    mine = {target, target + 1} if action == "split" else {target}

    def choose(rnd: Round) -> str:
        done = _decisions(rnd)
        if done < at:
            return _setup_move(rnd, target)
        if done == at:
            return action
        legal = {str(a) for a in rnd.legal_actions()}
        assert not legal & INSURANCE
        _spot, number = rnd.current  # type: ignore[misc]
        if number not in mine:
            return "stand"
        if action == "split":
            hand = tuple(
                sum(1 for c in rnd.current_hand().cards if c.points - 1 == i)  # type: ignore[union-attr]
                for i in range(10)
            )
            allowed = frozenset(Action(a) for a in legal)
            return str(split_policy.split_hand_action(pair, hand, allowed))
        situation = situation_of(rules, rnd.view())
        assert situation is not None and situation.hand_index == number
        return advise(rules, situation, _shoe(rules)).best

    def net(rnd: Round) -> Fraction:
        lines = [w for w in rnd.settlement if w.kind is WagerKind.HAND and w.hand in mine]
        assert len(lines) == len(mine)
        return Fraction(sum(w.returned - w.stake for w in lines), BET)

    return enumerate_views(rules, _shoe(rules), choose, net, given)


@pytest.mark.parametrize("name", sorted(CASES))
def test_split_hand_values_equal_exhaustive_enumeration(name: str) -> None:
    """SPEC 3 (split hands: second cards dealt one hand at a time, DAS, resplits to
    ``max_split_hands``, a dealer blackjack against split hands by the rule switches): every
    legal action's value on a hand of a split is the engine's expected result of that hand
    over every round that deals what the player has seen."""
    rules, given, target = CASES[name]
    situation, at = _asked(rules, given, target)
    assert situation.from_split and situation.hand_index == target
    advice: Advice = advise(rules, situation, _shoe(rules))
    assert {v.action for v in advice.values} >= {"hit", "stand"}
    if rules.max_split_hands > situation.hands_on_spot and situation.hand[1].points == 8:
        assert "split" in situation.legal
    for value in advice.values:
        engine = _engine_value(rules, given, target, at, value.action)
        assert value.ev == pytest.approx(float(engine), abs=1e-12), value.action
