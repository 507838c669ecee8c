"""The play advisor against independent figures.

* every two-card deal's best value equals the exact house-edge analysis' per-deal value
  (``deal_values``: all pairs split in one batch, unconditional values with the deal's
  blackjack term), and the best action is the analysis' choice;
* on a tiny shoe, every legal action's value equals the real engine's expected result over
  every card sequence (:mod:`engine_enumeration`, fractions), the action forced and the hand
  played on as the advisor says;
* the advice reads the player's view only: rounds that differ only in the hole card and the
  undealt cards get the same advice;
* a recorded round's mistakes and costs come from its record alone.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from engine_enumeration import CARDS, enumerate_rounds

from twentyone.analysis.advice_round import advice_for, review, situation_of
from twentyone.analysis.advisor import Situation, advise, warm, warmed
from twentyone.analysis.exact.game import OptimalPolicy, deal_values, make_solver, prepare_splits
from twentyone.analysis.exact.player import UpcardSolver
from twentyone.analysis.exact.shoe import from_cards, full_shoe, minus
from twentyone.analysis.exact.space import hand_space
from twentyone.cards import Card, Shoe, parse_cards
from twentyone.engine import Round, SpotBet, to_record
from twentyone.rules import PeekMode, Rules

ONE_DECK = Rules(decks=1, max_split_hands=2)


def _cards(hand: tuple[int, ...]) -> tuple[Card, ...]:
    """Cards of a composition (suits never matter to the advisor)."""
    return tuple(CARDS[i] for i, n in enumerate(hand) for _ in range(n))


@pytest.mark.parametrize("up", [0, 4, 9])
def test_best_value_of_every_deal_equals_the_house_edge_analysis(up: int) -> None:
    """SPEC 8 "player expected values for stand / hit / double / split with the cards
    removed": the advisor's best action and its value, for every two-card deal of one deck
    against an ace (peek), a five and a ten (peek), are the exact analysis' deal values."""
    rules = ONE_DECK
    solver = make_solver(rules, up)
    policy = OptimalPolicy(solver)
    prepare_splits(solver, policy.splits)
    checked = 0
    for deal in deal_values(solver, policy, policy.splits):
        if deal.action is None:
            continue
        hand = _cards(deal.hand)
        legal = ["stand", "hit", "double"]  # the analysis' tie-break order
        if max(deal.hand) == 2:
            legal.append("split")
        situation = Situation(
            hand=hand, up=CARDS[up], seen=(), legal=tuple(legal), bet=1000, peeked=solver.peek
        )
        advice = advise(rules, situation)
        p_bj = solver.blackjack_chance(deal.hand)
        best = advice.value(advice.best).ev
        unconditional = best * (1 - p_bj) - p_bj if solver.peek else best
        assert unconditional == pytest.approx(deal.ev, abs=1e-12)
        assert advice.best == str(deal.action)
        checked += 1
    assert checked == 54


TINY = (1, 0, 1, 1, 1, 1, 1, 1, 0, 4)
"""A 3 4 5 6 7 8 and four tens: 11 cards (one hand and the dealer always fit)."""

TINY_CASES = {
    "peek-16-vs-ten": (Rules(decks=1, max_split_hands=1), (5, 9, 9)),
    "no-peek-12-vs-seven": (Rules(decks=1, max_split_hands=1, peek=PeekMode.NONE), (2, 6, 7)),
    "enhc-9-vs-ten": (Rules(decks=1, max_split_hands=1, peek=PeekMode.ENHC), (3, 9, 4)),
}


@pytest.mark.parametrize("name", sorted(TINY_CASES))
def test_every_action_value_equals_exhaustive_enumeration(name: str) -> None:
    """Every legal action's value is the engine's expected result over every card sequence of
    a tiny shoe, the action taken first and the hand then played as the advisor advises (with a
    peek the rounds the peek ends are the dealer's blackjack: the values are conditioned on
    its absence, as the player sees them)."""
    rules, given = TINY_CASES[name]
    first, up, second = given
    hand = _cards(tuple(int(i in (first, second)) + int(first == second == i) for i in range(10)))
    legal = _legal_tiny(rules, first, up, second)
    situation = Situation(
        hand=hand,
        up=CARDS[up],
        seen=(),
        legal=legal,
        bet=1000,
        peeked=rules.peek is PeekMode.ACE_AND_TEN and up in (0, 9),
    )
    advice = advise(rules, situation, TINY)
    left = list(TINY)
    for i in given:
        left[i] -= 1
    p_bj = 0.0
    if situation.peeked:
        p_bj = left[9 - up] / sum(left) if up in (0, 9) else 0.0
    assert len(advice.values) >= 2
    for value in advice.values:

        def decide(
            comp: tuple[int, ...],
            up_: int,
            names: frozenset[str],
            pair: int | None,
            forced: str = value.action,
        ) -> str:
            if sum(comp) == 2:
                return forced
            later = Situation(_cards(comp), CARDS[up_], (), tuple(sorted(names)), 1000)
            return advise(rules, later, TINY).best

        engine = enumerate_rounds(rules, TINY, decide, given=given)
        expected = float(engine.ev)
        if situation.peeked:  # the peek's blackjacks lose one bet: take them out
            expected = (expected + p_bj) / (1 - p_bj)
        assert value.ev == pytest.approx(expected, abs=1e-12), value.action


def _legal_tiny(rules: Rules, first: int, up: int, second: int) -> tuple[str, ...]:
    hole = 1 if up in (0, 9) else 3  # no blackjack
    deal = [CARDS[first], CARDS[up], CARDS[second]]
    if rules.has_hole_card:
        deal.append(CARDS[hole])
    rnd = Round.start(rules, [SpotBet(1000)], Shoe(deal))
    while rnd.phase == "insurance":
        rnd.act("no-insurance")
    return tuple(str(a) for a in rnd.legal_actions())


@pytest.mark.parametrize("hole", ["2c", "5d", "9h", "Qs"])
def test_advice_never_depends_on_the_hole_card_or_the_shoe(hole: str) -> None:
    """SPEC 2 "a player's view of a round never contains the dealer's hole card": the advice
    is built from the view alone, so rounds that differ only in the hole card and the cards
    still in the shoe give the same advice."""
    rules = Rules(decks=6, max_spots=2)
    first = None
    for tail in ("3h 4s", "Kd Kc", "Ah 7c"):
        rnd = Round.start(
            rules, [SpotBet(1000), SpotBet(500)], Shoe(parse_cards(f"Th 9c 6s 5d 7h {hole} {tail}"))
        )
        situation = situation_of(rules, rnd.view())
        assert situation is not None
        assert {str(c) for c in (*situation.hand, situation.up, *situation.seen)} == {
            "Th",
            "9c",
            "6s",
            "5d",
            "7h",
        }
        advice = advice_for(rules, rnd.view())
        first = first or advice
        assert advice == first


def test_recorded_round_mistakes_and_costs_come_from_the_record() -> None:
    """The review replays the record (rules, bets, cards, decisions) and values each decision
    from the view the player had: standing on T-6 against a ten (peek, no blackjack) gives up
    the difference between hitting and standing; the second spot's stand on 20 costs nothing."""
    rules = Rules(decks=6, max_spots=2)
    # Th 8h to the spots, Ts up, 6c Qd second cards, 7d hole (no blackjack)
    rnd = Round.start(
        rules, [SpotBet(1000), SpotBet(2000)], Shoe(parse_cards("Th 8h Ts 6c Qd 7d 4c"))
    )
    before = rnd.view()
    rnd.act("stand")
    rnd.act("stand")
    record = to_record(rnd)
    result = review(record)
    assert [(d.spot, d.action) for d in result.decisions] == [(0, "stand"), (1, "stand")]
    sixteen = advice_for(rules, before)
    assert sixteen is not None
    cost = sixteen.value("hit").ev - sixteen.value("stand").ev
    assert cost > 0.004  # 16 against a ten: hitting is worth more (every published chart)
    assert result.decisions[0].cost == pytest.approx(cost, abs=1e-15)
    assert result.decisions[0].cost_money == pytest.approx(cost * 1000)
    assert result.decisions[1].cost == 0.0
    assert result.mistakes == 1
    assert result.cost_money == pytest.approx(cost * 1000)


def test_a_later_split_hand_keeps_its_bet_against_a_dealer_blackjack_when_the_rules_say() -> None:
    """SPEC 3 "dealer blackjack vs split hands" as a rule switch: without a peek and with
    ``bj_takes_split_vs_ten`` off, a dealer blackjack takes only the first split hand's bet.
    So standing on the second hand of a split (from the engine's view: 8-8 split against a ten,
    hands 8-3 and 8-9) is worth exactly one bet times the chance of the ace in the hole more
    than standing on the same cards as an unsplit hand; the first hand gets nothing back."""
    rules = Rules(decks=1, peek=PeekMode.NONE, bj_takes_split_vs_ten=False, max_split_hands=2)
    # spot: 8s, dealer Ts up, 8h, hole 2c; split: 3d to the first hand, then 9c to the second
    rnd = Round.start(rules, [SpotBet(1000)], Shoe(parse_cards("8s Ts 8h 2c 3d 4c 9c")))
    rnd.act("split")
    rnd.act("hit")  # 8-3 takes the 4c: 15
    rnd.act("stand")
    situation = situation_of(rules, rnd.view())
    assert situation is not None
    assert (situation.from_split, situation.hand_index, situation.hands_on_spot) == (True, 1, 2)
    assert sorted(map(str, situation.seen)) == ["3d", "4c", "8s"]
    split_hand = advise(rules, situation).value("stand").ev
    unsplit = advise(rules, replace(situation, from_split=False, hand_index=0, hands_on_spot=1))
    first = advise(rules, replace(situation, hand_index=0))
    unseen_cards = 52 - 6  # the up card, both hands' five cards
    p_ace = 4 / unseen_cards
    assert split_hand - unsplit.value("stand").ev == pytest.approx(p_ace, abs=1e-12)
    assert first.value("stand").ev == pytest.approx(unsplit.value("stand").ev, abs=1e-12)


def test_a_new_composition_builds_no_hand_space_of_its_own() -> None:
    """Cache what repeats: once the game is warm, hints whose cards were never seen before
    (each a new composition of the shoe) build no hand space of the composition (they value
    the hands their play reaches, a space cached per hand); the values are those of a solver
    of every hand the composition deals."""
    rules = ONE_DECK
    warm(rules)
    assert warmed(rules)
    built = hand_space.cache_info().misses
    for seen in ("2c 3d", "4h 4c 9s", "Kd Qh 7c 7d"):
        situation = Situation(
            hand=parse_cards("Th 2h"),
            up=parse_cards("6s")[0],
            seen=parse_cards(seen),
            legal=("hit", "stand", "double"),
            bet=1000,
        )
        advice = advise(rules, situation)
        assert hand_space.cache_info().misses == built
        shoe = minus(full_shoe(1), from_cards((situation.up, *situation.seen)))
        own = UpcardSolver(rules, shoe, 5)  # its own hand space
        built = hand_space.cache_info().misses
        hand = from_cards(situation.hand)
        assert advice.value("hit").ev == pytest.approx(own.hit(hand)[0], abs=1e-15)
        assert advice.value("stand").ev == pytest.approx(own.stand(hand)[0], abs=1e-15)
        assert advice.value("double").ev == pytest.approx(own.double(hand)[0], abs=1e-15)
