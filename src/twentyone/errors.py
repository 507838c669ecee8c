"""The error hierarchy: each error is named for what the caller did wrong.

Every error carries a stable ``code`` (used by the CLI, the scenario files and the web API) and
a message that names the phase and the legal set where that helps.
"""

from __future__ import annotations

import json


class TwentyoneError(ValueError):
    """Base class of every error the caller can cause."""

    code = "error"


class InvalidRulesError(TwentyoneError):
    """A rule set that cannot exist (e.g. Lucky Ladies on one deck)."""

    code = "invalid-rules"


class UnknownVariantError(TwentyoneError):
    """No variant is registered under that name or alias."""

    code = "unknown-variant"


class InvalidCardError(TwentyoneError):
    """A card that is not written ``<rank><suit>`` with rank ``A2-9TJQK`` and suit ``shdc``."""

    code = "invalid-card"


class InvalidBetError(TwentyoneError):
    """A bet the rules do not allow: no spots, too many spots, a side bet without a main bet..."""

    code = "invalid-bet"


class IllegalActionError(TwentyoneError):
    """An action that is not legal now; the round is unchanged."""

    code = "illegal-action"


class ShoeExhaustedError(TwentyoneError):
    """A scripted shoe ran out of cards."""

    code = "shoe-exhausted"


class InvalidArgumentError(TwentyoneError):
    """An argument that cannot be used: an unwritable output file, a bad database URL."""

    code = "invalid-argument"


def shown(value: object) -> str:
    """A value as the JSON a caller wrote it in (``null``, ``150.5``, ``[]``), for messages.

    >>> shown(None), shown(150.5), shown([]), shown({1, 2})
    ('null', '150.5', '[]', '{1, 2}')
    """
    try:
        return json.dumps(value)
    except (TypeError, ValueError):
        return repr(value)
