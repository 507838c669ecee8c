"""Errors of the table layer; each names what the caller did wrong and carries a stable code.

Every refusal leaves the balance, the bet layout and the round exactly as they were.
"""

from __future__ import annotations

from twentyone.errors import InvalidBetError, TwentyoneError


class InsufficientFundsError(TwentyoneError):
    """The balance cannot cover the bet or the action (it is not offered either)."""

    code = "insufficient-funds"


class BetLimitError(InvalidBetError):
    """A bet outside the table limits: below the minimum, over the maximum, a side bet alone."""

    code = "invalid-bet"


class InvalidChipError(InvalidBetError):
    """A chip value this table does not offer, or a spot that does not exist."""

    code = "invalid-bet"


class NoBetsError(TwentyoneError):
    """DEAL, UNDO, DOUBLE or CLEAR with nothing on the table, or REBET with no previous round."""

    code = "no-bets"


class RoundInProgressError(TwentyoneError):
    """The player has an unfinished round: it must be finished before anything else."""

    code = "round-in-progress"


class TopUpNotNeededError(TwentyoneError):
    """A top-up asked for with the balance already at or above the starting balance."""

    code = "top-up-not-needed"


class NoRoundError(TwentyoneError):
    """An action was sent but the player has no unfinished round."""

    code = "no-round"


class StaleActionError(TwentyoneError):
    """The action was meant for an earlier step of the round (a repeated or late request)."""

    code = "stale-action"


class UnknownPlayerError(TwentyoneError):
    """No player has that id or name."""

    code = "unknown-player"


class PlayerExistsError(TwentyoneError):
    """A player with that name already exists."""

    code = "player-exists"


class UnknownRoundError(TwentyoneError):
    """No round with that id belongs to the player."""

    code = "unknown-round"


class UnknownVipLevelError(TwentyoneError):
    """The VIP level is not configured."""

    code = "unknown-vip-level"
