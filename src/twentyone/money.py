"""Money is a whole number of minor units, and every figure fits a signed 64-bit integer.

Stakes, payouts, round totals, balances and limits are all bounded by :data:`MAX_MONEY`, so a
database column, a ledger total or any tool that reads the JSON as 64-bit integers holds every
figure the game produces. The engine refuses a round whose stakes could settle beyond it
(``invalid-bet``); rules and table limits over it are refused when they are built.
"""

from __future__ import annotations

MAX_MONEY = 2**63 - 1
"""The largest money figure, in minor units: what a signed 64-bit integer holds."""


def is_money(value: object) -> bool:
    """Whether ``value`` is a whole number of minor units from 0 to :data:`MAX_MONEY`.

    >>> is_money(1000), is_money(2**63), is_money(-1), is_money(True), is_money(1.0)
    (True, False, False, False, False)
    """
    return type(value) is int and 0 <= value <= MAX_MONEY


__all__ = ["MAX_MONEY", "is_money"]
