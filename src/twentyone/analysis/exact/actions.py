"""The player's action names and the policy protocol the exact evaluation follows."""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from twentyone.analysis.exact.shoe import Composition


class Action(StrEnum):
    """A player decision, named as the engine names its legal actions."""

    STAND = "stand"
    """Take no more cards."""
    HIT = "hit"
    """Take one card."""
    DOUBLE = "double"
    """Double the stake and take exactly one card."""
    SPLIT = "split"
    """Split a pair into two hands, each with the original stake."""
    SURRENDER = "surrender"
    """Give up the hand for half the stake (late surrender, after the peek)."""


class StrategyKind(StrEnum):
    """Which playing strategy an exact figure assumes."""

    OPTIMAL = "optimal"
    """Composition-dependent optimal play of each hand against the up card, the same play
    reused after a split."""
    BASIC = "basic"
    """The total-dependent basic strategy chart derived from the exact values."""
    CDP1 = "cdp1"
    """As ``optimal`` before a split; a split hand plays what is best for a split hand of its
    pair with the other pair card out of the shoe (the same play for every split hand)."""
    CDP = "cdp"
    """As ``cdp1``, the split hand's play chosen for the number of hands on the spot when it is
    played: best for a split hand of its pair with the other hands' pair cards out."""


ACTION_ORDER: tuple[Action, ...] = tuple(Action)
"""Tie-break order: when two actions have the same value the earlier one is chosen."""


class Policy(Protocol):
    """A zero-memory playing rule: it sees only the hand's own cards and the up card.

    The up card is fixed by the object that holds the policy (one per up card).
    """

    def hits(self, hand: Composition) -> bool:
        """Whether to hit a hand on which only hitting and standing are allowed."""
        ...

    def choose(self, hand: Composition, legal: frozenset[Action]) -> Action:
        """The action for a two-card hand among the legal ones."""
        ...
