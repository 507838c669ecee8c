"""One conformance suite over every registered variant (STYLE 11).

Random seeded rounds (Hypothesis draws the seeds, the spots, the bets and side bets within the
rules' limits; a seeded stream picks among the legal actions) must keep these invariants:
money is conserved and every wager is settled exactly once; cards are conserved; every legal
action applies and every other one raises and changes nothing; the same seeds give the same
record; ``loads(dumps(r)) == r`` at every step; and no view shows the hole card before it is
revealed, nor any undealt card.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twentyone.cards import Card, Shoe, build_shoe
from twentyone.engine import (
    Action,
    CardDealt,
    Decided,
    HoleCardRevealed,
    Peeked,
    Phase,
    Round,
    SpotBet,
    WagerKind,
    WagerPlaced,
    dumps,
    loads,
)
from twentyone.errors import IllegalActionError, ShoeExhaustedError
from twentyone.rng import SeededRandomSource
from twentyone.rules import Rules
from twentyone.variants import Variant, all_variants

VARIANTS = all_variants()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
NOT_ACTIONS = ("", "HIT", "fold", "surrender-all", "insure")


@dataclass(frozen=True)
class Setup:
    """One random round: bets, the shuffle seed and the seed of the player's choices."""

    bets: tuple[SpotBet, ...]
    shoe_seed: int
    choice_seed: int


@st.composite
def setups(draw: st.DrawFn, rules: Rules) -> Setup:
    """Spots within max_spots, bets of 1..5000 minor units, side bets within their limits."""
    spots = draw(st.integers(1, rules.max_spots))
    bets = []
    for _ in range(spots):
        main = draw(st.integers(1, 5000))
        side: dict[str, int] = {}
        for offer in rules.side_bets:
            if draw(st.booleans()):
                side[str(offer.name)] = draw(st.integers(offer.min_stake, offer.max_stake))
        bets.append(SpotBet.of(main, side))
    return Setup(tuple(bets), draw(st.integers(0, 2**32 - 1)), draw(st.integers(0, 2**32 - 1)))


def play(
    rules: Rules, setup: Setup, shoe: Shoe, check: Callable[[Round], None] | None = None
) -> Round:
    """Deal from ``shoe`` and pick legal actions with the setup's choice stream to the end."""
    chooser = SeededRandomSource(setup.choice_seed)
    rnd = Round.start(rules, setup.bets, shoe)
    for _ in range(200):
        if check is not None:
            check(rnd)
        legal = rnd.legal_actions()
        if not legal:
            break
        rnd.act(legal[chooser.randbelow(len(legal))])
    assert rnd.phase is Phase.SETTLED
    if check is not None:
        check(rnd)
    return rnd


def shoe_order(rules: Rules, seed: int) -> tuple[Card, ...]:
    """The full card order of the seeded shuffle."""
    return Shoe.shuffled(rules.decks, SeededRandomSource(seed)).remaining()


def dealt_cards(rnd: Round) -> list[Card]:
    """Every card that left the shoe (the record's view, face-down cards included)."""
    return [e.card for e in rnd.events if isinstance(e, CardDealt) and e.card is not None]


def wager_key(spot: int, hand: int | None, kind: WagerKind, name: str | None) -> tuple:
    """What identifies one wager: a hand's stake (main, split, double together), a spot's
    insurance, a spot's side bet."""
    if kind is WagerKind.HAND:
        return (spot, hand, "hand", None)
    return (spot, None, str(kind), name)


def renumbered(key: tuple, spot: int, split: int) -> tuple:
    """A wager key after hand ``split`` of ``spot`` split: the spot's later hands move up one."""
    if key[0] == spot and key[2] == "hand" and key[1] > split:
        return (spot, key[1] + 1, *key[2:])
    return key


def hole_index(rules: Rules) -> int | None:
    """Position of the hole card among the dealer's cards (None with no hole card)."""
    if not rules.has_hole_card:
        return None
    return 0 if rules.dealer_first_card_face_down else 1


def card_value(card: Card) -> int:
    """A lone card's best total."""
    return 11 if card.is_ace else card.points


def check_no_leak(rnd: Round) -> None:
    """The player's view holds no hidden card: no hole before its reveal, no undealt card."""
    view = rnd.view()
    dealt = Counter(dealt_cards(rnd))
    shown = Counter(c for c in view.dealer_cards if c is not None)
    shown.update(c for h in view.hands for c in h.cards)
    assert not shown - dealt, "the view shows a card that was never dealt"
    public = rnd.public_events()
    public_cards = Counter(e.card for e in public if isinstance(e, CardDealt) and e.card)
    assert not public_cards - dealt
    index = hole_index(rnd.rules)
    revealed = any(isinstance(e, HoleCardRevealed) for e in rnd.events)
    if index is None or revealed:
        return
    assert view.dealer_cards[index] is None
    assert not any(isinstance(e, HoleCardRevealed) for e in public)
    assert all(e.card is None for e in public if isinstance(e, CardDealt) and e.face_down)
    up = rnd.up_card
    assert view.dealer_total == card_value(up)
    assert [c for c in view.dealer_cards if c is not None] == [up]
    if up.points in (1, 10) and not any(isinstance(e, Peeked) for e in rnd.events):
        assert view.dealer_blackjack is None


def check_actions(rnd: Round) -> None:
    """Every legal action applies; every other one raises and leaves the round unchanged."""
    legal = rnd.legal_actions()
    before = dumps(rnd)
    events = rnd.events
    for action in legal:
        assert rnd.can(action)
        clone = copy.deepcopy(rnd)
        clone.act(action)
        assert clone.events[: len(events)] == events
        assert len(clone.events) > len(events)
    for action in [*Action, *NOT_ACTIONS]:
        if action in legal:
            continue
        assert not rnd.can(action)
        with pytest.raises(IllegalActionError):
            rnd.act(action)
        assert dumps(rnd) == before
        assert rnd.events == events


def check_record(rnd: Round) -> None:
    """The record replays to the identical round."""
    assert loads(dumps(rnd)) == rnd


def check_step(rnd: Round) -> None:
    """Everything checked at each decision."""
    check_actions(rnd)
    check_record(rnd)
    check_no_leak(rnd)


def variant_ids(variant: Variant) -> str:
    """pytest id of a variant."""
    return variant.name


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_ids)
@SETTINGS
@given(data=st.data())
@pytest.mark.rule("spec-2.settlement")
def test_money_is_conserved_and_every_wager_settles_once(
    variant: Variant, data: st.DataObject
) -> None:
    """SPEC 2: "Settlement produces one line per wager (main bet, each split hand, double,
    insurance, each side bet)"; what was staked is what the lines say was staked."""
    rules = variant.rules
    setup = data.draw(setups(rules))
    rnd = play(rules, setup, Shoe.shuffled(rules.decks, SeededRandomSource(setup.shoe_seed)))
    placed: Counter[tuple] = Counter()
    for e in rnd.events:
        if isinstance(e, Decided) and e.action is Action.SPLIT:
            # hands are numbered in play order: a split of hand k makes hands k and k + 1, and
            # the spot's later hands (placed, not yet played) move up one
            placed = Counter({renumbered(key, e.spot, e.hand): v for key, v in placed.items()})
        if isinstance(e, WagerPlaced):
            placed[wager_key(e.spot, e.hand, e.kind, e.name)] += e.stake
    settled_keys = [wager_key(w.spot, w.hand, w.kind, w.name) for w in rnd.settlement]
    assert len(settled_keys) == len(set(settled_keys)), "a wager settled twice"
    assert set(settled_keys) == set(placed), "a wager never settled (or settled from nothing)"
    for line in rnd.settlement:
        assert placed[wager_key(line.spot, line.hand, line.kind, line.name)] == line.stake
        assert line.returned >= 0
        assert isinstance(line.returned, int)
    assert rnd.staked == sum(placed.values()) == sum(w.stake for w in rnd.settlement)
    assert rnd.returned == sum(w.returned for w in rnd.settlement)
    assert all(h.outcome is not None for h in rnd.hands())
    assert rnd.legal_actions() == ()


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_ids)
@SETTINGS
@given(data=st.data())
def test_cards_are_conserved(variant: Variant, data: st.DataObject) -> None:
    """The cards dealt plus the cards left in the shoe are exactly the shoe's decks."""
    rules = variant.rules
    setup = data.draw(setups(rules))
    shoe = Shoe.shuffled(rules.decks, SeededRandomSource(setup.shoe_seed))
    rnd = play(rules, setup, shoe)
    assert Counter(dealt_cards(rnd)) + Counter(shoe.remaining()) == Counter(build_shoe(rules.decks))
    in_hands = [c for h in rnd.hands() for c in h.cards] + list(rnd.dealer_cards)
    assert Counter(in_hands) == Counter(dealt_cards(rnd))


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_ids)
@SETTINGS
@given(data=st.data())
def test_legal_actions_apply_illegal_ones_change_nothing_and_records_replay(
    variant: Variant, data: st.DataObject
) -> None:
    """SPEC 2: the round "applies one action at a time, rejects an illegal one with a specific
    error (nothing changes)" and "A saved event list replays to the identical round."; views
    never show the hole card before it is revealed, nor an undealt card."""
    rules = variant.rules
    setup = data.draw(setups(rules))
    play(rules, setup, Shoe.shuffled(rules.decks, SeededRandomSource(setup.shoe_seed)), check_step)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_ids)
@SETTINGS
@given(data=st.data())
def test_same_seed_same_record(variant: Variant, data: st.DataObject) -> None:
    """STYLE 6/11: the same seed gives the same record (Gymnasium determinism rollout)."""
    rules = variant.rules
    setup = data.draw(setups(rules))
    first = play(rules, setup, Shoe.shuffled(rules.decks, SeededRandomSource(setup.shoe_seed)))
    second = play(rules, setup, Shoe.shuffled(rules.decks, SeededRandomSource(setup.shoe_seed)))
    assert dumps(first) == dumps(second)
    assert first == second
    assert first.settlement == second.settlement


def swapped(cards: tuple[Card, ...], i: int, j: int) -> list[Card]:
    """``cards`` with positions ``i`` and ``j`` exchanged."""
    out = list(cards)
    out[i], out[j] = out[j], out[i]
    return out


def is_blackjack(a: Card, b: Card) -> bool:
    """Two cards make a natural."""
    return a.points + b.points == 11 and 1 in (a.points, b.points)


def lockstep(
    rules: Rules, setup: Setup, a: list[Card], b: list[Card], *, until_reveal: bool
) -> None:
    """Play two shoes with the same choices; the player's views must be identical throughout
    (or until the hole card is revealed)."""
    chooser = SeededRandomSource(setup.choice_seed)
    one = Round.start(rules, setup.bets, Shoe(a))
    two = Round.start(rules, setup.bets, Shoe(b))
    while True:
        if until_reveal and any(
            isinstance(e, HoleCardRevealed) for e in (*one.events, *two.events)
        ):
            return
        assert one.view() == two.view()
        assert one.public_events() == two.public_events()
        legal = one.legal_actions()
        if not legal:
            return
        action = legal[chooser.randbelow(len(legal))]
        one.act(action)
        two.act(action)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_ids)
@SETTINGS
@given(data=st.data())
def test_views_do_not_depend_on_hidden_cards(variant: Variant, data: st.DataObject) -> None:
    """SPEC 2: "a player's view of a round never contains the dealer's hole card before it is
    revealed, nor any undealt card" — two shoes that differ only in the hole card (same
    blackjack or not) give identical views until the reveal, and two shoes that differ only in
    undealt cards give identical views all round."""
    rules = variant.rules
    setup = data.draw(setups(rules))
    order = shoe_order(rules, setup.shoe_seed)
    last = len(order) - 1
    lockstep(rules, setup, list(order), swapped(order, last, last - 1), until_reveal=False)
    index = hole_index(rules)
    if index is None:
        return
    spots = len(setup.bets)
    up_pos, hole_pos = (2 * spots + 1, spots) if index == 0 else (spots, 2 * spots + 1)
    up, hole, other = order[up_pos], order[hole_pos], order[last]
    if is_blackjack(up, hole) != is_blackjack(up, other):
        return
    lockstep(rules, setup, list(order), swapped(order, hole_pos, last), until_reveal=True)


@pytest.mark.parametrize("action", ["hit", "double"])
def test_an_exhausted_scripted_shoe_changes_nothing(action: str) -> None:
    """SPEC 2: the round "applies one action at a time" and "A saved event list replays to the
    identical round" — an action that fails because a scripted shoe ran out must leave no half
    of itself behind (no decision without its card, no double stake without its card).
    """
    rules = variant_rules("lucky-lucky")
    rnd = Round.start(
        rules,
        [SpotBet(1000)],
        Shoe.from_cards(
            [
                "6h",  # player card 1
                "9d",  # dealer up card
                "5c",  # player card 2 -> 11
                "8c",  # dealer hole card -> 17; the shoe is now empty
            ]
        ),
    )
    before = dumps(rnd)
    with pytest.raises(ShoeExhaustedError):
        rnd.act(action)
    assert dumps(rnd) == before
    assert rnd.staked == 1000
    assert loads(dumps(rnd)) == rnd


def variant_rules(name: str) -> Rules:
    """A preset's rules."""
    return next(v.rules for v in VARIANTS if v.name == name)
