"""What the table service returns: frozen values with a JSON-ready ``to_dict``.

These are the service's output schemas (the terminal game and the web layer render them); they
are not the storage models.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from twentyone.engine import Action, RoundView
from twentyone.rules import SideBetRules
from twentyone.table.layout import BetLayout
from twentyone.table.limits import BetLimits, OverMaxPolicy


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def round_net(status: str, staked: int, returned: int) -> int:
    """What a finished round netted the player, the one definition every view uses: what came
    back less what was staked; 0 for a void round (every wager of it was refunded).

    >>> round_net("settled", 200, 0), round_net("void", 200, 0)
    (-200, 0)
    """
    return 0 if status == "void" else returned - staked


@dataclass(frozen=True, slots=True)
class Wallet:
    """A balance (the sum of the ledger) and the part of it on the table in an unfinished round.

    Wagers are debited when made, so ``held`` is already out of ``balance``; it is shown so the
    player sees the money in play.
    """

    balance: int
    held: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"balance": self.balance, "held": self.held}


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """A player's account."""

    id: str
    name: str
    vip_level: str
    limits: BetLimits
    wallet: Wallet
    open_round_id: str | None
    created_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "id": self.id,
            "name": self.name,
            "vip_level": self.vip_level,
            "limits": {"min_bet": self.limits.min_bet, "max_bet": self.limits.max_bet},
            **self.wallet.to_dict(),
            "open_round_id": self.open_round_id,
            "created_at": _time(self.created_at),
        }


@dataclass(frozen=True, slots=True)
class RoundState:
    """A round as the player sees it, with the actions the balance can cover.

    ``legal_actions`` are offered (legal and affordable); ``unaffordable`` are legal but more than
    the balance; ``apply_to_all`` says an insurance decision may be applied to every spot.
    ``positions[i]`` is the table spot of the engine's spot ``i``. ``step`` is the number of
    decisions taken: send it back as ``expected_step`` to refuse stale or repeated requests.
    """

    round_id: str
    variant: str
    rules_version: str
    status: str
    step: int
    positions: tuple[int, ...]
    view: RoundView
    legal_actions: tuple[Action, ...]
    unaffordable: tuple[Action, ...]
    apply_to_all: bool
    wallet: Wallet
    staked: int
    returned: int
    void_reason: str | None = None

    @property
    def is_over(self) -> bool:
        """Whether the round is settled or void."""
        return self.status != "open"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: the engine view plus the table's fields."""
        out = self.view.to_dict()
        out.update(
            {
                "round_id": self.round_id,
                "variant": self.variant,
                "rules_version": self.rules_version,
                "status": self.status,
                "step": self.step,
                "positions": list(self.positions),
                "legal_actions": [str(a) for a in self.legal_actions],
                "unaffordable": [str(a) for a in self.unaffordable],
                "apply_to_all": self.apply_to_all,
                **self.wallet.to_dict(),
                "staked": self.staked,
                "returned": self.returned,
                "net": round_net(self.status, self.staked, self.returned) if self.is_over else None,
                "void_reason": self.void_reason,
            }
        )
        return out


@dataclass(frozen=True, slots=True)
class TableState:
    """A player's seat at a variant's table: chips, limits, the bets placed and any round.

    ``returned`` is the overage handed back by the last operation (over-maximum policy
    ``honour``).
    """

    player_id: str
    variant: str
    chips: tuple[int, ...]
    limits: BetLimits
    side_bets: tuple[SideBetRules, ...]
    over_max: OverMaxPolicy
    layout: BetLayout
    previous: BetLayout | None
    wallet: Wallet
    round: RoundState | None
    returned: int = 0

    @property
    def can_undo(self) -> bool:
        """Whether UNDO has something to take back."""
        return bool(self.layout.history)

    @property
    def can_rebet(self) -> bool:
        """Whether REBET has a previous round to repeat."""
        return self.previous is not None and not self.previous.is_empty

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "player_id": self.player_id,
            "variant": self.variant,
            "chips": list(self.chips),
            "limits": {"min_bet": self.limits.min_bet, "max_bet": self.limits.max_bet},
            "side_bets": [bet.to_dict() for bet in self.side_bets],
            "over_max": str(self.over_max),
            "spots": [spot.to_dict() for spot in self.layout.spots],
            "total": self.layout.total,
            "can_undo": self.can_undo,
            "can_rebet": self.can_rebet,
            **self.wallet.to_dict(),
            "returned": self.returned,
            "round": None if self.round is None else self.round.to_dict(),
        }


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One line of a player's history."""

    id: str
    variant: str
    rules_version: str
    status: str
    started_at: datetime
    finished_at: datetime | None
    staked: int
    returned: int
    balance_before: int
    balance_after: int | None
    void_reason: str | None

    @property
    def net(self) -> int:
        """What the round won (negative: lost); 0 for a void round."""
        return round_net(self.status, self.staked, self.returned)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "id": self.id,
            "variant": self.variant,
            "rules_version": self.rules_version,
            "status": self.status,
            "started_at": _time(self.started_at),
            "finished_at": _time(self.finished_at),
            "staked": self.staked,
            "returned": self.returned,
            "net": self.net,
            "balance_before": self.balance_before,
            "balance_after": self.balance_after,
            "void_reason": self.void_reason,
        }


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """A page of a player's rounds, newest first."""

    rounds: tuple[RoundSummary, ...]
    total: int
    offset: int
    limit: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "rounds": [r.to_dict() for r in self.rounds],
            "total": self.total,
            "offset": self.offset,
            "limit": self.limit,
        }


@dataclass(frozen=True, slots=True)
class StatementLine:
    """One ledger entry."""

    txid: str
    round_id: str | None
    kind: str
    amount: int
    balance_after: int
    detail: str
    created_at: datetime

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "txid": self.txid,
            "round_id": self.round_id,
            "kind": self.kind,
            "amount": self.amount,
            "balance_after": self.balance_after,
            "detail": self.detail,
            "created_at": _time(self.created_at),
        }


@dataclass(frozen=True, slots=True)
class Statement:
    """Ledger entries, oldest first; ``ledger_sum`` of all entries equals ``balance``."""

    entries: tuple[StatementLine, ...]
    total: int
    offset: int
    limit: int
    balance: int
    ledger_sum: int

    @property
    def reconciles(self) -> bool:
        """Whether the balance equals the sum of the ledger (always true)."""
        return self.balance == self.ledger_sum

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "entries": [e.to_dict() for e in self.entries],
            "total": self.total,
            "offset": self.offset,
            "limit": self.limit,
            "balance": self.balance,
            "ledger_sum": self.ledger_sum,
            "reconciles": self.reconciles,
        }


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """Everything about one round: cards in order, decisions, events, wagers and entries.

    For a round still in progress ``cards`` holds only the cards the player has seen.
    """

    summary: RoundSummary
    rules: dict[str, Any]
    positions: tuple[int, ...]
    bets: tuple[dict[str, Any], ...]
    cards: tuple[str, ...]
    decisions: tuple[str, ...]
    events: tuple[dict[str, Any], ...]
    wagers: tuple[dict[str, Any], ...]
    entries: tuple[StatementLine, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            **self.summary.to_dict(),
            "rules": self.rules,
            "positions": list(self.positions),
            "bets": list(self.bets),
            "cards": list(self.cards),
            "decisions": list(self.decisions),
            "events": list(self.events),
            "wagers": list(self.wagers),
            "entries": [e.to_dict() for e in self.entries],
        }
