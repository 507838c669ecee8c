"""The side bets of one round: who staked what, what is decided, what is paid.

Each side bet is a pure rule (:class:`~twentyone.sidebets.base.SideBet`); the book asks each
undecided wager again after every step until all are decided. A lost wager is taken at once. A
winner is paid at once unless a wager of the same side bet is still waiting (a queen-of-hearts
pair against an ace or ten up) and the round's aggregate cap could then be exceeded: the winners
then wait, so that the cap is shared pro rata among all of them (SPEC section 4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from twentyone.cards import Card
from twentyone.engine.model import (
    Event,
    SideBetResolved,
    SpotBet,
    WagerKind,
    WagerLine,
    WagerSettled,
)
from twentyone.engine.shared import shared
from twentyone.rules import Rules
from twentyone.sidebets.base import LOSE, SideBetContext, payouts
from twentyone.sidebets.paytables import Paytable, SideBetName, find_paytable
from twentyone.sidebets.registry import SIDE_BETS


@cache
def _paytable_of(rules: Rules, name: SideBetName) -> tuple[Paytable, int | None]:
    """The pay table and aggregate cap of an offered side bet."""
    offer = rules.side_bet(name)
    assert offer is not None
    return find_paytable(name, offer.paytable), offer.aggregate_cap


_LABEL = {name: name.value for name in SideBetName}


class SideBetBook:
    """Every side-bet wager of a round, from the deal to its settlement."""

    __slots__ = ("_outcomes", "_paid", "_pending", "_rules", "_wagers")

    def __init__(self, rules: Rules, bets: Sequence[SpotBet]) -> None:
        self._rules = rules
        self._wagers: dict[SideBetName, list[tuple[int, int]]] = {}
        for spot, bet in enumerate(bets):
            for name, stake in bet.side_bets:
                self._wagers.setdefault(name, []).append((spot, stake))
        self._pending: set[SideBetName] = set(self._wagers)
        self._outcomes: dict[tuple[int, SideBetName], str] = {}
        self._paid: set[tuple[int, SideBetName]] = set()

    @property
    def open(self) -> bool:
        """Whether some side bet is not yet settled."""
        return bool(self._pending)

    def outcome(self, spot: int, name: SideBetName) -> str | None:
        """The decided outcome of a wager, if any."""
        return self._outcomes.get((spot, name))

    def update(
        self,
        spot_cards: Sequence[Sequence[Card]],
        up: Card,
        dealer_blackjack: bool | None,
        spot_done: Callable[[int], bool],
        final: bool = False,
    ) -> list[Event]:
        """Decide what can be decided and settle what may be settled; returns the new events."""
        events: list[Event] = []
        pending = self._pending
        if not pending:
            return events
        outcomes = self._outcomes
        for name in sorted(pending) if len(pending) > 1 else list(pending):
            rule = SIDE_BETS[name]
            waiting: list[int] = []
            for spot, _stake in self._wagers[name]:
                if (spot, name) in outcomes:
                    continue
                done = final or spot_done(spot)
                context = SideBetContext(tuple(spot_cards[spot]), up, dealer_blackjack, done)
                outcome = rule.resolve(context)
                if outcome is None:
                    waiting.append(spot)
                    continue
                outcomes[(spot, name)] = outcome
                events.append(shared(SideBetResolved, spot, name, outcome))
            self._settle(name, waiting, events)
        return events

    def _settle(self, name: SideBetName, waiting: list[int], events: list[Event]) -> None:
        wagers = self._wagers[name]
        table, cap = _paytable_of(self._rules, name)
        if waiting:
            known = [(s, k, self._outcomes[(s, name)]) for s, k in wagers if s not in waiting]
            wins = sum(k * table.pays_for(o) for _, k, o in known if o != LOSE)
            best = max(pays for _, pays in table.pays)
            at_most = wins + sum(k * best for s, k in wagers if s in waiting)
            within = cap is None or at_most <= cap
            for spot, stake, outcome in known:
                if (spot, name) not in self._paid and (outcome == LOSE or within):
                    amount = payouts([stake], [outcome], table, None)[0]
                    self._pay(spot, name, stake, outcome, amount, to=events)
            return
        self._pending.discard(name)
        outcomes = [self._outcomes[(spot, name)] for spot, _ in wagers]
        if len(wagers) == 1 and outcomes[0] == LOSE:  # the common case: nothing to share
            if (wagers[0][0], name) not in self._paid:
                self._pay(wagers[0][0], name, wagers[0][1], LOSE, 0, to=events)
            return
        returned = payouts([stake for _, stake in wagers], outcomes, table, cap)
        for (spot, stake), outcome, amount in zip(wagers, outcomes, returned, strict=True):
            if (spot, name) not in self._paid:
                self._pay(spot, name, stake, outcome, amount, to=events)

    def _pay(
        self,
        spot: int,
        name: SideBetName,
        stake: int,
        outcome: str,
        amount: int,
        *,
        to: list[Event],
    ) -> None:
        self._paid.add((spot, name))
        line = shared(WagerLine, spot, None, WagerKind.SIDE, _LABEL[name], stake, amount, outcome)
        to.append(shared(WagerSettled, line))
