"""The engine's vocabulary: phases, actions, outcomes, bets, events and settlement lines.

Everything here is an immutable value; the events of a round (with its rules, bets and cards)
are the truth that replays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from twentyone.cards import Card
from twentyone.errors import InvalidBetError, shown
from twentyone.sidebets.paytables import SideBetName


class Phase(StrEnum):
    """Where a round is. Deal, peek and dealer play happen inside a single step."""

    BETTING = "betting"
    """Before the deal: bets are being placed (a table phase; a round starts dealt)."""
    INSURANCE = "insurance"
    """The dealer shows an ace: each spot in turn is asked insurance (or even money)."""
    PLAYER = "player"
    """Hands are played one at a time, rightmost spot first."""
    SETTLED = "settled"
    """The dealer has played and every wager is settled."""


class Action(StrEnum):
    """A player's decision."""

    HIT = "hit"
    """Take one more card."""
    STAND = "stand"
    """Take no more cards."""
    DOUBLE = "double"
    """Double the stake, take exactly one card and stand."""
    SPLIT = "split"
    """Split a pair into two hands, the new hand staked like the first."""
    SURRENDER = "surrender"
    """Give up the hand for half its stake (where the rules allow)."""
    INSURANCE = "insurance"
    """Take insurance: half the main bet, pays 2:1 if the dealer has blackjack."""
    NO_INSURANCE = "no-insurance"
    """Decline insurance."""
    EVEN_MONEY = "even-money"
    """With a blackjack against an ace: be paid 1:1 at once."""
    NO_EVEN_MONEY = "no-even-money"
    """Decline even money."""


INSURANCE_ACTIONS = frozenset(
    {Action.INSURANCE, Action.NO_INSURANCE, Action.EVEN_MONEY, Action.NO_EVEN_MONEY}
)


class Outcome(StrEnum):
    """How one wager ended."""

    WIN = "win"
    """Beat the dealer: paid 1:1."""
    BLACKJACK = "blackjack"
    """A natural against no dealer blackjack: paid the blackjack odds."""
    CHARLIE = "charlie"
    """Reached the Charlie card count without busting: paid 1:1."""
    PUSH = "push"
    """A tie: the stake is returned."""
    LOSE = "lose"
    """Lost to a higher dealer total or a dealer blackjack."""
    BUST = "bust"
    """Went over 21."""
    SURRENDER = "surrender"
    """Surrendered: half the stake returned."""
    EVEN_MONEY = "even-money"
    """A blackjack paid 1:1 at once against an ace."""
    BET_LOST_DOUBLE_RETURNED = "bet-lost-double-returned"
    """Lost the bet to a dealer blackjack found at the end; the double part is returned (a no-peek
    or no-hole-card rule): the hand loses its original bet."""
    BET_RETURNED_DOUBLE_LOST = "bet-returned-double-lost"
    """A split hand against a dealer blackjack found at the end: its bet is returned (a no-peek
    rule), its double is lost."""
    STAKE_RETURNED = "stake-returned"
    """A split hand against a dealer blackjack found at the end: its whole stake, any double
    included, is returned (a no-peek rule); nothing won, nothing lost."""
    INSURANCE_WIN = "insurance-win"
    """The dealer had blackjack: insurance paid."""
    INSURANCE_LOSE = "insurance-lose"
    """The dealer had no blackjack: insurance lost."""
    SIDE_WIN = "side-win"
    """A side bet paid."""
    SIDE_LOSE = "side-lose"
    """A side bet lost."""


class WagerKind(StrEnum):
    """What a wager is."""

    HAND = "hand"
    """A hand's stake (the main bet, a split hand's bet, with any double)."""
    INSURANCE = "insurance"
    """An insurance bet."""
    SIDE = "side"
    """A side bet."""


@dataclass(frozen=True, slots=True)
class SpotBet:
    """The bets on one spot at the deal: a main bet and side-bet stakes, in minor units."""

    bet: int
    side_bets: tuple[tuple[SideBetName, int], ...] = ()

    def __post_init__(self) -> None:
        if type(self.bet) is not int:
            raise InvalidBetError(
                f"the main bet must be a whole number of minor units, not {shown(self.bet)}"
            )
        for name, stake in self.side_bets:
            if type(stake) is not int:
                raise InvalidBetError(
                    f"side bet {name}: the stake must be a whole number of minor units, "
                    f"not {shown(stake)}"
                )

    @classmethod
    def of(cls, bet: int, side_bets: Mapping[str, int] | None = None) -> SpotBet:
        """``SpotBet.of(1000, {"lucky-lucky": 100})``; an unknown side-bet name raises."""
        items: list[tuple[SideBetName, int]] = []
        for name, stake in (side_bets or {}).items():
            try:
                items.append((SideBetName(name), stake))
            except ValueError as exc:
                known = ", ".join(SideBetName)
                folded = name.strip().lower() if isinstance(name, str) else None
                hint = f" (did you mean {folded!r}?)" if folded in set(SideBetName) else ""
                raise InvalidBetError(f"unknown side bet {name!r}{hint}; known: {known}") from exc
        return cls(bet, tuple(items))

    def side_bet(self, name: SideBetName) -> int:
        """The stake on side bet ``name`` (0 if none)."""
        for bet_name, stake in self.side_bets:
            if bet_name == name:
                return stake
        return 0

    @property
    def total(self) -> int:
        """Main bet plus side bets."""
        return self.bet + sum(stake for _, stake in self.side_bets)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (scenario-file shape)."""
        out: dict[str, Any] = {"bet": self.bet}
        if self.side_bets:
            out["side_bets"] = {str(name): stake for name, stake in self.side_bets}
        return out


DEALER = -1
"""The ``spot`` of a card dealt to the dealer."""


@dataclass(frozen=True, slots=True)
class CardDealt:
    """A card left the shoe: to a hand (``spot``, ``hand``) or to the dealer (``spot == -1``).

    In a player's view a face-down card not yet revealed has ``card = None``.
    """

    spot: int
    hand: int
    card: Card | None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class WagerPlaced:
    """Money went on the table: at the deal, or for insurance, a double or a split."""

    spot: int
    hand: int | None
    kind: WagerKind
    name: str | None
    stake: int


@dataclass(frozen=True, slots=True)
class Decided:
    """The player chose ``action`` for a hand (insurance actions: for the spot's hand 0)."""

    spot: int
    hand: int
    action: Action


@dataclass(frozen=True, slots=True)
class Peeked:
    """The dealer looked under an ace or ten up card."""

    blackjack: bool


@dataclass(frozen=True, slots=True)
class HoleCardRevealed:
    """The dealer turned the hole card over."""

    card: Card


@dataclass(frozen=True, slots=True)
class SideBetResolved:
    """A side bet's outcome is known (payment follows in :class:`WagerSettled`)."""

    spot: int
    name: SideBetName
    outcome: str


@dataclass(frozen=True, slots=True)
class WagerLine:
    """One settled wager: its stake and what it returned (stake included; 0 when lost)."""

    spot: int
    hand: int | None
    kind: WagerKind
    name: str | None
    stake: int
    returned: int
    outcome: str

    @property
    def net(self) -> int:
        """What the wager won (negative: lost)."""
        return self.returned - self.stake

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (scenario output shape plus the outcome)."""
        return {
            "spot": self.spot,
            "hand": self.hand,
            "kind": str(self.kind),
            "name": self.name,
            "stake": self.stake,
            "returned": self.returned,
            "outcome": self.outcome,
        }


@dataclass(frozen=True, slots=True)
class WagerSettled:
    """A wager was settled: money returned to the player (possibly nothing)."""

    line: WagerLine


@dataclass(frozen=True, slots=True)
class RoundSettled:
    """The round is over."""

    dealer_total: int
    dealer_blackjack: bool


Event = (
    CardDealt
    | WagerPlaced
    | Decided
    | Peeked
    | HoleCardRevealed
    | SideBetResolved
    | WagerSettled
    | RoundSettled
)
"""Everything that can happen in a round."""


@dataclass(frozen=True, slots=True)
class HandView:
    """What anyone may see of one player hand."""

    spot: int
    hand: int
    cards: tuple[Card, ...]
    total: int
    soft: bool
    stake: int
    doubled: bool
    from_split: bool
    done: bool
    blackjack: bool
    outcome: Outcome | None
    returned: int | None


@dataclass(frozen=True, slots=True)
class RoundView:
    """A player's view of a round: never the hole card before it is shown, nor the shoe."""

    phase: Phase
    dealer_cards: tuple[Card | None, ...]
    dealer_total: int | None
    dealer_blackjack: bool | None
    hands: tuple[HandView, ...]
    current: tuple[int, int] | None
    legal_actions: tuple[Action, ...]
    insurance: tuple[tuple[int, int], ...]
    side_bets: tuple[tuple[int, str, str | None], ...]
    settlement: tuple[WagerLine, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (a face-down card is ``null``)."""
        return {
            "phase": str(self.phase),
            "dealer": {
                "cards": [None if c is None else str(c) for c in self.dealer_cards],
                "total": self.dealer_total,
                "blackjack": self.dealer_blackjack,
            },
            "hands": [
                {
                    "spot": h.spot,
                    "hand": h.hand,
                    "cards": [str(c) for c in h.cards],
                    "total": h.total,
                    "soft": h.soft,
                    "stake": h.stake,
                    "doubled": h.doubled,
                    "from_split": h.from_split,
                    "done": h.done,
                    "blackjack": h.blackjack,
                    "outcome": None if h.outcome is None else str(h.outcome),
                    "returned": h.returned,
                }
                for h in self.hands
            ],
            "current": None if self.current is None else list(self.current),
            "legal_actions": [str(a) for a in self.legal_actions],
            "insurance": [{"spot": s, "stake": stake} for s, stake in self.insurance],
            "side_bets": [{"spot": s, "name": n, "outcome": o} for s, n, o in self.side_bets],
            "settlement": [line.to_dict() for line in self.settlement],
        }
