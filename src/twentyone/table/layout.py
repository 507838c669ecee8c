"""The bet layout before the deal: chips on spots, UNDO, CLEAR BETS, DOUBLE, REBET.

Bets placed before DEAL are not wagers: the layout is a plain value and no money moves until
the deal. Every operation returns a new layout (or raises, leaving the old one as it was).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from twentyone.engine import SpotBet
from twentyone.engine.bets import check_bets
from twentyone.rules import Rules
from twentyone.table.errors import (
    BetLimitError,
    InsufficientFundsError,
    InvalidChipError,
    NoBetsError,
)
from twentyone.table.limits import BetLimits, OverMaxPolicy

_HISTORY = 100
"""How many steps UNDO can go back."""


@dataclass(frozen=True, slots=True)
class SpotLayout:
    """The chips on one spot: the main bet and each side bet, in minor units."""

    bet: int = 0
    side_bets: tuple[tuple[str, int], ...] = ()

    def side(self, name: str) -> int:
        """The stake on side bet ``name`` (0 if none)."""
        return dict(self.side_bets).get(name, 0)

    def with_side(self, name: str, stake: int) -> SpotLayout:
        """A copy with side bet ``name`` at ``stake`` (0 removes it)."""
        sides = dict(self.side_bets)
        if stake:
            sides[name] = stake
        else:
            sides.pop(name, None)
        return replace(self, side_bets=tuple(sorted(sides.items())))

    @property
    def total(self) -> int:
        """Main bet plus side bets."""
        return self.bet + sum(stake for _, stake in self.side_bets)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the scenario spot shape)."""
        out: dict[str, Any] = {"bet": self.bet}
        if self.side_bets:
            out["side_bets"] = dict(self.side_bets)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpotLayout:
        """Inverse of :meth:`to_dict`."""
        sides = data.get("side_bets") or {}
        return cls(
            int(data.get("bet", 0)), tuple(sorted((str(k), int(v)) for k, v in sides.items()))
        )


@dataclass(frozen=True, slots=True)
class BetLayout:
    """Every spot of a table (``len(spots) == rules.max_spots``) and the steps UNDO reverts."""

    spots: tuple[SpotLayout, ...]
    history: tuple[tuple[SpotLayout, ...], ...] = field(default=(), compare=False)

    @classmethod
    def empty(cls, rules: Rules) -> BetLayout:
        """No chips on any spot."""
        return cls(tuple(SpotLayout() for _ in range(rules.max_spots)))

    @classmethod
    def of(cls, rules: Rules, spots: Sequence[SpotLayout | SpotBet | None]) -> BetLayout:
        """A layout from spot bets given position by position (``None``: an empty spot)."""
        if len(spots) > rules.max_spots:
            raise BetLimitError(f"this table has {rules.max_spots} spot(s), not {len(spots)}")
        out: list[SpotLayout] = []
        for spot in spots:
            if spot is None:
                out.append(SpotLayout())
            elif isinstance(spot, SpotBet):
                sides = tuple(sorted((str(n), s) for n, s in spot.side_bets))
                out.append(SpotLayout(spot.bet, sides))
            else:
                out.append(spot)
        out.extend(SpotLayout() for _ in range(rules.max_spots - len(out)))
        return cls(tuple(out))

    @property
    def total(self) -> int:
        """Everything on the table."""
        return sum(spot.total for spot in self.spots)

    @property
    def is_empty(self) -> bool:
        """Whether no chip is on the table."""
        return self.total == 0

    def positions(self) -> tuple[int, ...]:
        """The spots with a main bet, in play order (the engine's spot ``i`` is position ``i``)."""
        return tuple(i for i, spot in enumerate(self.spots) if spot.bet > 0)

    def spot_bets(self) -> tuple[SpotBet, ...]:
        """The engine's bets: the spots with a main bet, in play order."""
        return tuple(
            SpotBet.of(spot.bet, dict(spot.side_bets)) for spot in self.spots if spot.bet > 0
        )

    def _then(self, spots: Sequence[SpotLayout]) -> BetLayout:
        return BetLayout(tuple(spots), (*self.history[-_HISTORY + 1 :], self.spots))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, UNDO history included."""
        return {
            "spots": [s.to_dict() for s in self.spots],
            "history": [[s.to_dict() for s in step] for step in self.history],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BetLayout:
        """Inverse of :meth:`to_dict`."""
        return cls(
            tuple(SpotLayout.from_dict(s) for s in data["spots"]),
            tuple(tuple(SpotLayout.from_dict(s) for s in step) for step in data.get("history", ())),
        )


@dataclass(frozen=True, slots=True)
class Placed:
    """The result of a betting operation: the new layout and any overage returned."""

    layout: BetLayout
    returned: int = 0


@dataclass(frozen=True, slots=True)
class Betting:
    """The betting rules of one table for one player: chips, limits, policy and balance."""

    rules: Rules
    limits: BetLimits
    chips: tuple[int, ...]
    over_max: OverMaxPolicy
    balance: int

    # -- limits --------------------------------------------------------------------------

    def _max(self, side: str | None) -> int:
        if side is None:
            return self.limits.max_bet
        offer = self.rules.side_bet(side)
        if offer is None:
            offered = ", ".join(str(b.name) for b in self.rules.side_bets) or "none"
            raise BetLimitError(f"side bet {side} is not offered here (offered: {offered})")
        return offer.max_stake

    def _cap(self, what: str, amount: int, maximum: int) -> tuple[int, int]:
        """``amount`` within ``maximum`` by the over-maximum policy: (kept, returned)."""
        if amount <= maximum:
            return amount, 0
        if self.over_max is OverMaxPolicy.REFUSE:
            raise BetLimitError(f"{what} of {amount} is over the maximum of {maximum}")
        return maximum, amount - maximum

    def _afford(self, layout: BetLayout) -> None:
        if layout.total > self.balance:
            raise InsufficientFundsError(
                f"bets of {layout.total} exceed the balance of {self.balance}"
            )

    # -- operations ------------------------------------------------------------------------

    def place(self, layout: BetLayout, spot: int, chip: int, side: str | None = None) -> Placed:
        """Add ``chip`` to spot ``spot``'s main bet, or to its side bet ``side``."""
        if chip not in self.chips:
            chips = ", ".join(map(str, self.chips))
            raise InvalidChipError(f"chip {chip} is not offered here (chips: {chips})")
        if not 0 <= spot < len(layout.spots):
            raise InvalidChipError(f"spot {spot} does not exist (0 to {len(layout.spots) - 1})")
        current = layout.spots[spot]
        maximum = self._max(side)
        if side is not None and current.bet == 0:
            raise BetLimitError(f"spot {spot}: a side bet needs a main bet on the same spot")
        before = current.bet if side is None else current.side(side)
        what = f"spot {spot} {'main bet' if side is None else side}"
        if before >= maximum:
            raise BetLimitError(f"{what} is already at the maximum of {maximum}")
        kept, returned = self._cap(what, before + chip, maximum)
        new = replace(current, bet=kept) if side is None else current.with_side(side, kept)
        spots = list(layout.spots)
        spots[spot] = new
        result = layout._then(spots)
        self._afford(result)
        return Placed(result, returned)

    def undo(self, layout: BetLayout) -> BetLayout:
        """Take back the last chip (or the last DOUBLE)."""
        if not layout.history:
            raise NoBetsError("nothing to undo")
        return BetLayout(layout.history[-1], layout.history[:-1])

    def clear(self, layout: BetLayout) -> BetLayout:
        """Take every chip off the table."""
        if layout.is_empty:
            raise NoBetsError("there are no bets to clear")
        return BetLayout(tuple(SpotLayout() for _ in layout.spots))

    def _fixed_stake(self, side: str) -> bool:
        offer = self.rules.side_bet(side)
        return offer is not None and offer.min_stake == offer.max_stake

    def double(self, layout: BetLayout) -> Placed:
        """Double every bet on the table (before the deal).

        A side bet with a fixed stake (Lucky 7: exactly one credit) cannot be doubled and stays
        as it is; every other bet doubles, within its limit by the over-maximum policy.
        """
        if layout.is_empty:
            raise NoBetsError("there are no bets to double")
        returned = 0
        spots: list[SpotLayout] = []
        for index, spot in enumerate(layout.spots):
            bet, back = self._cap(f"spot {index} main bet", 2 * spot.bet, self._max(None))
            returned += back
            new = replace(spot, bet=bet)
            for name, stake in spot.side_bets:
                if self._fixed_stake(name):
                    continue
                kept, back = self._cap(f"spot {index} {name}", 2 * stake, self._max(name))
                returned += back
                new = new.with_side(name, kept)
            spots.append(new)
        result = layout._then(spots)
        self._afford(result)
        return Placed(result, returned)

    def rebet(self, layout: BetLayout, previous: BetLayout | None) -> Placed:
        """Place the previous round's bets again (limits and policy as if placed now)."""
        if previous is None or previous.is_empty:
            raise NoBetsError("there is no previous round to rebet")
        returned = 0
        spots: list[SpotLayout] = []
        for index, spot in enumerate(previous.spots[: len(layout.spots)]):
            bet, back = self._cap(f"spot {index} main bet", spot.bet, self._max(None))
            returned += back
            new = SpotLayout(bet)
            for name, stake in spot.side_bets:
                if self.rules.side_bet(name) is None:
                    continue
                kept, back = self._cap(f"spot {index} {name}", stake, self._max(name))
                returned += back
                new = new.with_side(name, kept)
            spots.append(new)
        spots.extend(SpotLayout() for _ in range(len(layout.spots) - len(spots)))
        result = layout._then(spots)
        self._afford(result)
        return Placed(result, returned)

    def check_deal(self, layout: BetLayout) -> tuple[SpotBet, ...]:
        """The bets to deal, or an error: limits of the initial bets, side bets, balance."""
        if not layout.positions():
            raise NoBetsError("place a main bet on at least one spot before DEAL")
        limits = self.limits
        for index, spot in enumerate(layout.spots):
            if spot.bet == 0:
                if spot.side_bets:
                    raise BetLimitError(f"spot {index}: a side bet needs a main bet")
                continue
            if not limits.min_bet <= spot.bet <= limits.max_bet:
                raise BetLimitError(
                    f"spot {index}: the main bet must be {limits.min_bet} to {limits.max_bet}, "
                    f"not {spot.bet}"
                )
            for name, stake in spot.side_bets:
                offer = self.rules.side_bet(name)
                if offer is None:
                    raise BetLimitError(f"spot {index}: side bet {name} is not offered here")
                if not offer.min_stake <= stake <= offer.max_stake:
                    raise BetLimitError(
                        f"spot {index}: side bet {name} must be {offer.min_stake} to "
                        f"{offer.max_stake}, not {stake}"
                    )
        self._afford(layout)
        bets = layout.spot_bets()
        check_bets(self.rules, bets)  # the engine's own checks: every money figure fits 64 bits
        return bets
