"""The round state machine.

``Round.start(rules, bets, shoe)`` deals; then the round asks one decision at a time
(:meth:`Round.legal_actions`, :meth:`Round.act`) until it is :attr:`Phase.SETTLED`. Every step
is recorded as an immutable event; rules + bets + the cards dealt + the decisions replay the
round exactly (:func:`twentyone.engine.record.dumps` / ``loads``).

Order (SPEC section 3): one card to each spot in play order, the dealer's first card, a second
card to each spot, the dealer's second card (none with no hole card); insurance (or even money)
asked of each spot in play order when the dealer shows an ace; the peek where the rules have
one; then each hand in play order (after a split the first hand gets its second card and is
played out before the second hand gets its second card); then the dealer reveals and draws,
only as far as some wager still needs, and everything settles.

A spot's hands are numbered from 0 in play order: a split of hand ``k`` makes hands ``k`` and
``k + 1`` and renumbers the spot's later hands, so after a resplit the hand played second is
hand 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from twentyone.cards import Card, Shoe
from twentyone.engine.bets import check_bets
from twentyone.engine.hands import PlayerHand, can_split, hand_actions
from twentyone.engine.model import (
    DEALER,
    INSURANCE_ACTIONS,
    Action,
    CardDealt,
    Decided,
    Event,
    HandView,
    HoleCardRevealed,
    Outcome,
    Peeked,
    Phase,
    RoundSettled,
    RoundView,
    SpotBet,
    WagerKind,
    WagerLine,
    WagerPlaced,
    WagerSettled,
)
from twentyone.engine.settle import ceil_money, dealer_draws, final_result
from twentyone.engine.shared import card_dealt, shared
from twentyone.engine.sidebook import SideBetBook
from twentyone.errors import IllegalActionError, ShoeExhaustedError
from twentyone.rules import PeekMode, Rules


def _did_you_mean(text: object) -> str:
    """`` (did you mean 'stand'?)`` when ``text`` is an action in the wrong letter case."""
    if isinstance(text, str):
        folded = text.strip().lower()
        if folded in {str(a) for a in Action}:
            return f" (did you mean {folded!r}? actions are written in lower case)"
    return ""


class Round:
    """One round of blackjack at one table, from the deal to the settlement."""

    __slots__ = (
        "_current",
        "_dealer",
        "_dealer_bj",
        "_events",
        "_hands",
        "_hole_shown",
        "_insurance",
        "_insurance_queue",
        "_legal",
        "_phase",
        "_settlement",
        "_side",
        "_spot_cards",
        "_up",
        "bets",
        "rules",
        "shoe",
    )

    def __init__(self, rules: Rules, bets: Sequence[SpotBet], shoe: Shoe) -> None:
        """Validate the bets; use :meth:`start` to deal."""
        self.rules = rules
        self.bets = tuple(bets)
        self.shoe = shoe
        check_bets(rules, self.bets)
        self._events: list[Event] = []
        self._hands: list[PlayerHand] = []
        self._dealer: list[Card] = []
        self._up: Card | None = None
        self._hole_shown = False
        self._dealer_bj: bool | None = None
        self._phase = Phase.BETTING
        self._current = 0
        self._insurance: dict[int, int] = {}
        self._insurance_queue: list[int] = []
        self._spot_cards: list[list[Card]] = [[] for _ in self.bets]
        self._side = SideBetBook(rules, self.bets)
        self._settlement: list[WagerLine] = []
        self._legal: tuple[Action, ...] | None = None

    # -- construction ----------------------------------------------------------------

    @classmethod
    def start(cls, rules: Rules, bets: Sequence[SpotBet], shoe: Shoe) -> Round:
        """Place the bets and deal (SPEC section 3: "Dealing and play order")."""
        rnd = cls(rules, bets, shoe)
        rnd._deal()
        return rnd

    def _deal(self) -> None:
        rules = self.rules
        emit = self._events.append
        for index, spot in enumerate(self.bets):
            emit(shared(WagerPlaced, index, 0, WagerKind.HAND, None, spot.bet))
            for name, stake in spot.side_bets:
                emit(shared(WagerPlaced, index, None, WagerKind.SIDE, str(name), stake))
            self._hands.append(PlayerHand(index, 0, spot.bet, False))
        first_down = rules.dealer_first_card_face_down
        for _ in range(2):
            for hand in self._hands:
                self._give(hand)
            if not self._dealer:
                self._dealer_card(face_down=first_down)
            elif rules.has_hole_card:
                self._dealer_card(face_down=not first_down)
        self._up = self._dealer[1] if first_down else self._dealer[0]
        for hand in self._hands:
            hand.natural = hand.done = hand.total == 21
        if self._up.points not in (1, 10):
            self._dealer_bj = False
        self._resolve_side_bets()
        if rules.insurance and self._up.points == 1:
            # every spot is asked, in play order; a bet of one minor unit can only decline
            self._insurance_queue = list(range(len(self.bets)))
        if self._insurance_queue:
            self._phase = Phase.INSURANCE
        else:
            self._after_insurance()

    def _give(self, hand: PlayerHand) -> Card:
        card = self.shoe.draw()
        hand.add(card)
        self._spot_cards[hand.spot].append(card)
        self._events.append(card_dealt(hand.spot, hand.index, card, False))
        return card

    def _dealer_card(self, face_down: bool = False) -> Card:
        card = self.shoe.draw()
        self._dealer.append(card)
        self._events.append(card_dealt(DEALER, 0, card, face_down))
        return card

    # -- the public face -----------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """Where the round is."""
        return self._phase

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return tuple(self._events)

    @property
    def settlement(self) -> tuple[WagerLine, ...]:
        """The wagers settled so far (all of them once the round is settled)."""
        return tuple(self._settlement)

    @property
    def is_over(self) -> bool:
        """Whether the round is settled."""
        return self._phase is Phase.SETTLED

    @property
    def up_card(self) -> Card:
        """The dealer's face-up card."""
        assert self._up is not None
        return self._up

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        """All the dealer's cards, the hole card included (not for players: see :meth:`view`)."""
        return tuple(self._dealer)

    @property
    def dealer_blackjack(self) -> bool | None:
        """Whether the dealer has blackjack, once anyone can know."""
        return self._dealer_bj

    @property
    def current(self) -> tuple[int, int] | None:
        """The (spot, hand) whose decision is awaited; for insurance the spot's first hand."""
        if self._phase is Phase.INSURANCE:
            return (self._insurance_queue[0], 0)
        if self._phase is Phase.PLAYER:
            hand = self._hands[self._current]
            return (hand.spot, hand.index)
        return None

    @property
    def staked(self) -> int:
        """Everything wagered so far."""
        return sum(e.stake for e in self._events if isinstance(e, WagerPlaced))

    @property
    def returned(self) -> int:
        """Everything paid back so far (stakes included)."""
        return sum(line.returned for line in self._settlement)

    def current_hand(self) -> HandView | None:
        """The hand whose decision is awaited (for insurance: the spot's hand)."""
        if self._phase is Phase.PLAYER:
            return self._hand_view(self._hands[self._current])
        if self._phase is Phase.INSURANCE:
            return self._hand_view(self._hands_of(self._insurance_queue[0])[0])
        return None

    def hands(self) -> tuple[HandView, ...]:
        """Every player hand, in play order."""
        return tuple(self._hand_view(hand) for hand in self._hands)

    def _hand_view(self, hand: PlayerHand) -> HandView:
        hard = hand.hard
        soft = hand.ace and hard <= 11
        return HandView(
            hand.spot,
            hand.index,
            tuple(hand.cards),
            hard + 10 if soft else hard,
            soft,
            hand.bet + hand.double,
            hand.double > 0,
            hand.from_split,
            hand.done,
            hand.natural,
            hand.outcome,
            hand.returned,
        )

    def cost(self, action: Action | str) -> int:
        """The extra stake ``action`` would debit (0 for most actions)."""
        action = Action(action)
        if action is Action.INSURANCE and self._phase is Phase.INSURANCE:
            return self.bets[self._insurance_queue[0]].bet // 2
        if action in (Action.DOUBLE, Action.SPLIT) and self._phase is Phase.PLAYER:
            return self._hands[self._current].bet
        return 0

    # -- legality: one source ------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions the round accepts now, in a stable order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self._phase
        if phase is Phase.PLAYER:
            return self._player_actions(self._hands[self._current])
        if phase is Phase.INSURANCE:
            spot = self._insurance_queue[0]
            if self._offers_even_money(spot):
                return (Action.EVEN_MONEY, Action.NO_EVEN_MONEY)
            if self._insurance_too_small():
                return (Action.NO_INSURANCE,)
            return (Action.INSURANCE, Action.NO_INSURANCE)
        return ()

    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        try:
            return Action(action) in self.legal_actions()
        except ValueError:
            return False

    def verify(self, action: Action | str) -> Action:
        """Return ``action`` parsed if it is legal now, else raise :class:`IllegalActionError`."""
        legal = self.legal_actions()
        if type(action) is Action:
            parsed: Action | None = action
        else:
            try:
                parsed = Action(action)
            except ValueError:
                parsed = None
        if parsed is None or parsed not in legal:
            where = ""
            current = self.current
            if current is not None:
                where = f" (spot {current[0]}, hand {current[1]})"
            allowed = ", ".join(legal) or "none: the round is settled"
            if parsed is None:
                raise IllegalActionError(
                    f"unknown action {action!r}{_did_you_mean(action)}; the actions are "
                    f"{', '.join(Action)}; legal now{where}: {allowed}"
                )
            if parsed is Action.INSURANCE and self._insurance_too_small():
                spot = self._insurance_queue[0]
                raise IllegalActionError(
                    f"insurance on spot {spot}'s bet of {self.bets[spot].bet} would stake less "
                    f"than one minor unit (half the bet, rounded down); the smallest bet that "
                    f"can be insured is 2; legal: {allowed}"
                )
            raise IllegalActionError(
                f"{action!s} is not legal in phase {self._phase}{where}; legal: {allowed}"
            )
        return parsed

    def _insurance_too_small(self) -> bool:
        """Whether the spot asked about insurance bet so little that half of it is nothing."""
        if self._phase is not Phase.INSURANCE:
            return False
        spot = self._insurance_queue[0]
        return self.bets[spot].bet < 2 and not self._offers_even_money(spot)

    def _offers_even_money(self, spot: int) -> bool:
        return self.rules.even_money and self._hands_of(spot)[0].natural

    def _hands_of(self, spot: int) -> list[PlayerHand]:
        return [hand for hand in self._hands if hand.spot == spot]

    def _player_actions(self, hand: PlayerHand) -> tuple[Action, ...]:
        return hand_actions(self.rules, hand, self._count_on_spot(hand.spot))

    def _count_on_spot(self, spot: int) -> int:
        if len(self._hands) == len(self.bets):  # nobody has split: one hand per spot
            return 1
        return sum(1 for h in self._hands if h.spot == spot)

    # -- acting ----------------------------------------------------------------------------

    def act(self, action: Action | str) -> None:
        """Apply one decision; an illegal one raises :class:`IllegalActionError` (no change).

        A scripted shoe that runs out mid-action raises :class:`ShoeExhaustedError` and leaves
        the round as it was before the action.
        """
        parsed = self.verify(action)
        mark = (len(self._events), self.shoe.dealt)
        try:
            self._apply(parsed)
        except ShoeExhaustedError:
            self._rewind(*mark)
            raise

    def _rewind(self, events: int, dealt: int) -> None:
        """Go back to the state after the first ``events`` events (by replaying them)."""
        before = self._events[:events]
        cards = [e.card for e in before if isinstance(e, CardDealt) and e.card is not None]
        fresh = Round.start(self.rules, self.bets, Shoe(cards))
        for decision in [e.action for e in before if isinstance(e, Decided)]:
            fresh.act(decision)
        for slot in Round.__slots__:
            if slot not in ("rules", "bets", "shoe"):
                setattr(self, slot, getattr(fresh, slot))
        self.shoe.rewind(dealt)

    def _apply(self, parsed: Action) -> None:
        self._legal = None
        if parsed in INSURANCE_ACTIONS:
            self._insurance_decision(parsed)
            return
        hand = self._hands[self._current]
        self._events.append(shared(Decided, hand.spot, hand.index, parsed))
        if parsed is Action.HIT:
            self._give(hand)
            self._check_hand(hand)
        elif parsed is Action.STAND:
            hand.done = True
        elif parsed is Action.DOUBLE:
            hand.double = hand.bet
            self._events.append(
                WagerPlaced(hand.spot, hand.index, WagerKind.HAND, "double", hand.bet)
            )
            self._give(hand)
            hand.done = True
            if hand.total > 21:
                self._settle_hand(hand, Outcome.BUST, 0)
        elif parsed is Action.SPLIT:
            self._split(hand)
        elif parsed is Action.SURRENDER:
            self._settle_hand(hand, Outcome.SURRENDER, ceil_money(Fraction(hand.bet, 2)))
        self._advance()

    def _insurance_decision(self, action: Action) -> None:
        spot = self._insurance_queue.pop(0)
        self._events.append(shared(Decided, spot, 0, action))
        if action is Action.INSURANCE:
            stake = self.bets[spot].bet // 2
            self._insurance[spot] = stake
            self._events.append(WagerPlaced(spot, None, WagerKind.INSURANCE, None, stake))
        elif action is Action.EVEN_MONEY:
            hand = self._hands_of(spot)[0]
            self._settle_hand(hand, Outcome.EVEN_MONEY, 2 * hand.bet)
        if not self._insurance_queue:
            self._after_insurance()

    def _after_insurance(self) -> None:
        up = self.up_card
        if self.rules.peek is PeekMode.ACE_AND_TEN and up.points in (1, 10):
            blackjack = self._dealer[0].points + self._dealer[1].points == 11
            self._dealer_bj = blackjack
            self._events.append(shared(Peeked, blackjack))
            if blackjack:
                self._finish()
                return
            self._settle_insurance()
            self._resolve_side_bets()
        self._phase = Phase.PLAYER
        self._current = 0
        self._advance()

    def _split(self, hand: PlayerHand) -> None:
        """The new hand is played next, so it is numbered next: hand ``k`` splits into ``k`` and
        ``k + 1``, and the spot's later hands (not yet played) move up one. Hands are numbered
        in play order at every moment; an event names a hand by its number at that moment."""
        for later in self._hands_of(hand.spot):
            if later.index > hand.index:
                later.index += 1
        new = PlayerHand(hand.spot, hand.index + 1, hand.bet, True)
        self._events.append(WagerPlaced(hand.spot, new.index, WagerKind.HAND, "split", hand.bet))
        second = hand.take_back()
        new.add(second)
        aces = second.points == 1
        hand.from_split = True
        hand.split_aces = new.split_aces = aces
        self._hands.insert(self._current + 1, new)

    def _check_hand(self, hand: PlayerHand) -> None:
        """Stop a hand that may take no more decisions (bust, 21, Charlie, split aces)."""
        total = hand.total
        if total > 21:
            hand.done = True
            self._settle_hand(hand, Outcome.BUST, 0)
            return
        charlie = self.rules.charlie_cards
        if charlie is not None and len(hand.cards) >= charlie:
            hand.done = True
            if self.rules.charlie_wins and self._dealer_bj is False:
                # "wins at once, except when the dealer has Blackjack": paid now when the up
                # card rules a dealer blackjack out, else at the reveal
                self._settle_hand(hand, Outcome.CHARLIE, 2 * hand.stake)
            return
        if total == 21:
            hand.done = True
            return
        if (
            hand.split_aces
            and not self.rules.hit_split_aces
            and not can_split(self.rules, hand, self._count_on_spot(hand.spot))
        ):
            hand.done = True

    def _advance(self) -> None:
        """Move to the next hand that needs a decision, dealing split hands their second card."""
        hands = self._hands
        index = self._current
        while index < len(hands):
            hand = hands[index]
            if not hand.done:
                if len(hand.cards) == 1:
                    self._current = index
                    self._give(hand)
                    self._resolve_side_bets()
                    self._check_hand(hand)
                if not hand.done:
                    self._current = index
                    if self._side.open:
                        self._resolve_side_bets()
                    return
            index += 1
        self._current = len(hands)
        self._finish()

    # -- the dealer and the settlement -------------------------------------------------------

    def _finish(self) -> None:
        rules = self.rules
        live = [h for h in self._hands if h.outcome is None]
        charlie = rules.charlie_cards if rules.charlie_wins else None
        need_total = any(
            not h.natural and not (charlie is not None and len(h.cards) >= charlie) for h in live
        )
        need_bj = self._dealer_bj is None and (
            bool(live) or bool(self._insurance) or self._side.open
        )
        if rules.has_hole_card:
            if not self._hole_shown:
                hole = self._dealer[0] if rules.dealer_first_card_face_down else self._dealer[1]
                self._hole_shown = True
                self._events.append(shared(HoleCardRevealed, hole))
        elif need_total or need_bj:
            self._dealer_card()
        if self._dealer_bj is None:
            dealer = self._dealer
            self._dealer_bj = len(dealer) == 2 and dealer[0].points + dealer[1].points == 11
        if need_total and not self._dealer_bj:
            hard = sum(c.points for c in self._dealer)
            ace = any(c.points == 1 for c in self._dealer)
            while dealer_draws(hard, ace, rules.dealer_hits_soft_17):
                card = self._dealer_card()
                hard += card.points
                ace = ace or card.points == 1
        self._settle_insurance()
        for hand in live:
            self._settle_final(hand)
        for hand in self._hands:
            hand.done = True
        self._resolve_side_bets(final=True)
        self._phase = Phase.SETTLED
        self._events.append(shared(RoundSettled, self.dealer_total, bool(self._dealer_bj)))

    @property
    def dealer_total(self) -> int:
        """The dealer's best total over the cards dealt so far (hole card included)."""
        hard = sum(c.points for c in self._dealer)
        return hard + 10 if hard <= 11 and any(c.points == 1 for c in self._dealer) else hard

    def _settle_final(self, hand: PlayerHand) -> None:
        outcome, returned = final_result(
            self.rules, hand, self.up_card, bool(self._dealer_bj), self.dealer_total
        )
        self._settle_hand(hand, outcome, returned)

    def _settle_hand(self, hand: PlayerHand, outcome: Outcome, returned: int) -> None:
        hand.outcome = outcome
        hand.returned = returned
        hand.done = True
        line = shared(
            WagerLine,
            hand.spot,
            hand.index,
            WagerKind.HAND,
            None,
            hand.stake,
            returned,
            outcome.value,
        )
        self._settlement.append(line)
        self._events.append(shared(WagerSettled, line))

    def _settle_insurance(self) -> None:
        """Insurance is half the main bet, pays 2:1 when the dealer has blackjack.

        On an odd bet the stake is the half rounded down, and a win pays the odds on the exact
        half, rounded up: the player never risks more, nor wins less, than the exact half-bet.
        """
        if not self._insurance:
            return
        blackjack = bool(self._dealer_bj)
        for spot, stake in sorted(self._insurance.items()):
            if blackjack:
                half = Fraction(self.bets[spot].bet, 2)
                returned = stake + ceil_money(half * self.rules.insurance_pays)
                outcome = Outcome.INSURANCE_WIN
            else:
                returned, outcome = 0, Outcome.INSURANCE_LOSE
            line = WagerLine(spot, None, WagerKind.INSURANCE, None, stake, returned, str(outcome))
            self._settlement.append(line)
            self._events.append(shared(WagerSettled, line))
        self._insurance.clear()

    def _resolve_side_bets(self, final: bool = False) -> None:
        """Let the side-bet book decide and settle what it can (SPEC section 4 timing)."""
        if not self._side.open:
            return
        for event in self._side.update(
            self._spot_cards, self.up_card, self._dealer_bj, self._spot_done, final
        ):
            self._events.append(event)
            if isinstance(event, WagerSettled):
                self._settlement.append(event.line)

    def _spot_done(self, spot: int) -> bool:
        return not any(hand.spot == spot and not hand.done for hand in self._hands)

    # -- views -----------------------------------------------------------------------------

    def view(self) -> RoundView:
        """What the player may see: the hole card stays hidden until revealed."""
        shown: list[Card | None] = list(self._dealer)
        if self.rules.has_hole_card and not self._hole_shown and len(shown) >= 2:
            shown[0 if self.rules.dealer_first_card_face_down else 1] = None
        visible = [c for c in shown if c is not None]
        hard = sum(c.points for c in visible)
        total = hard + 10 if hard <= 11 and any(c.points == 1 for c in visible) else hard
        return RoundView(
            phase=self._phase,
            dealer_cards=tuple(shown),
            dealer_total=total if visible else None,
            dealer_blackjack=self._dealer_bj,
            hands=self.hands(),
            current=self.current,
            legal_actions=self.legal_actions(),
            insurance=tuple(sorted(self._insurance.items())),
            side_bets=tuple(
                (spot, str(name), self._side.outcome(spot, name))
                for spot, bet in enumerate(self.bets)
                for name, _ in bet.side_bets
            ),
            settlement=self.settlement,
        )

    def public_events(self) -> tuple[Event, ...]:
        """The events a player may see: a face-down card is hidden until it is revealed."""
        if self._hole_shown or not self.rules.has_hole_card:
            return self.events
        return tuple(
            CardDealt(e.spot, e.hand, None, True) if isinstance(e, CardDealt) and e.face_down else e
            for e in self._events
        )

    # -- equality ---------------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return (self.rules, self.bets, self._events) == (other.rules, other.bets, other._events)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Round(phase={self._phase}, spots={len(self.bets)}, events={len(self._events)})"
