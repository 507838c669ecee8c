"""The advisor on real rounds: advice from a player's view, and a recorded round's mistakes.

:func:`situation_of` reads a :class:`~twentyone.engine.RoundView` (what the engine shows the
player: never the hole card while it is face down, never the shoe) and nothing else, so the
advice cannot reveal a hidden card. :func:`review` replays a round's record (rules, bets, the
cards in the order dealt, the decisions) and values every decision from the view the player had
when it was asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from twentyone.analysis.advisor import Advice, Situation, advise
from twentyone.cards import Card, Shoe, parse_cards
from twentyone.engine import Phase, Round, RoundView, SpotBet
from twentyone.rules import PeekMode, Rules


def situation_of(rules: Rules, view: RoundView) -> Situation | None:
    """What the player sees of the decision asked now; ``None`` when none is asked."""
    if not view.legal_actions:
        return None
    shown = [c for c in view.dealer_cards if c is not None]
    if not shown:
        return None
    if len(shown) != 1 or view.current is None:
        return None
    up = shown[0]
    spot, number = view.current
    hand = next(h for h in view.hands if h.spot == spot and h.hand == number)
    seen: list[Card] = [c for c in shown if c is not up]
    for other in view.hands:
        if other is not hand:
            seen.extend(other.cards)
    peeked = (
        view.phase is Phase.PLAYER
        and rules.peek is PeekMode.ACE_AND_TEN
        and view.dealer_blackjack is False
    )
    return Situation(
        hand=hand.cards,
        up=up,
        seen=tuple(seen),
        legal=tuple(str(a) for a in view.legal_actions),
        bet=hand.stake - (hand.stake // 2 if hand.doubled else 0),
        from_split=hand.from_split,
        hand_index=number,
        hands_on_spot=sum(1 for h in view.hands if h.spot == spot),
        peeked=peeked,
    )


def advice_for(rules: Rules, view: RoundView) -> Advice | None:
    """The advice on the decision asked now, from the player's view alone."""
    situation = situation_of(rules, view)
    return None if situation is None else advise(rules, situation)


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One decision of a recorded round, valued from the view the player had.

    Attributes:
        number: the decision's place in the round, from 0.
        spot, hand: the hand it was for (insurance: the spot's hand 0).
        action: what the player chose.
        advice: every legal action's value then.
        cost: expected value given up against the best play, per unit of the bet.
        cost_money: the same in minor units (an expectation: not a whole number).
    """

    number: int
    spot: int
    hand: int
    action: str
    advice: Advice

    @property
    def cost(self) -> float:
        """Expected value given up per unit of the bet (0 for the best play)."""
        return self.advice.cost(self.action)

    @property
    def cost_money(self) -> float:
        """Expected value given up in minor units."""
        return self.cost * self.advice.bet

    @property
    def mistake(self) -> bool:
        """Whether the decision was not (one of) the best."""
        return self.cost > 1e-9

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "number": self.number,
            "spot": self.spot,
            "hand": self.hand,
            "action": self.action,
            "best": self.advice.best,
            "basic": self.advice.basic,
            "mistake": self.mistake,
            "cost": self.cost,
            "cost_money": self.cost_money,
            "advice": self.advice.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class RoundReview:
    """Every decision of a round with what it cost.

    Attributes:
        decisions: in the order they were made.
    """

    decisions: tuple[ReviewedDecision, ...]

    @property
    def mistakes(self) -> int:
        """How many decisions were not the best play."""
        return sum(1 for d in self.decisions if d.mistake)

    @property
    def cost_money(self) -> float:
        """The round's total expected value given up, in minor units."""
        return sum(d.cost_money for d in self.decisions)

    @property
    def cost_bets(self) -> float:
        """The same in bets: each decision's cost per unit of its own bet, summed."""
        return sum(d.cost for d in self.decisions)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "decisions": [d.to_dict() for d in self.decisions],
            "mistakes": self.mistakes,
            "cost_money": self.cost_money,
            "cost_bets": self.cost_bets,
        }


def review(record: Mapping[str, Any]) -> RoundReview:
    """Value every decision of a recorded round (``rules``, ``bets``, ``cards``, ``actions``,
    as :func:`~twentyone.engine.to_record` writes it) from the views the player had."""
    rules = Rules.from_dict(record["rules"])
    bets = [SpotBet.of(b["bet"], b.get("side_bets")) for b in record["bets"]]
    rnd = Round.start(rules, bets, Shoe(list(parse_cards(record["cards"]))))
    out: list[ReviewedDecision] = []
    for number, action in enumerate(record["actions"]):
        view = rnd.view()
        advice = advice_for(rules, view)
        if advice is not None and view.current is not None:
            spot, hand = view.current
            out.append(ReviewedDecision(number, spot, hand, str(action), advice))
        rnd.act(action)
    return RoundReview(tuple(out))


__all__ = [
    "ReviewedDecision",
    "RoundReview",
    "advice_for",
    "review",
    "situation_of",
]
