"""Playing a dealt round at the table: legal actions filtered by what the balance covers.

An action the balance cannot cover (insurance, double, split) is not offered and is refused
with ``insufficient-funds`` if sent. APPLY TO ALL takes the same insurance decision for every
spot still to be asked (even money for a spot holding a blackjack where the rules offer it).
"""

from __future__ import annotations

from twentyone.engine import Action, Phase, Round
from twentyone.table.errors import InsufficientFundsError

_ACCEPT = {Action.INSURANCE: Action.EVEN_MONEY, Action.EVEN_MONEY: Action.INSURANCE}
_DECLINE = {Action.NO_INSURANCE: Action.NO_EVEN_MONEY, Action.NO_EVEN_MONEY: Action.NO_INSURANCE}
_SAME = {**_ACCEPT, **_DECLINE}


def affordable_actions(rnd: Round, available: int) -> tuple[Action, ...]:
    """The legal actions whose extra stake the balance covers."""
    return tuple(a for a in rnd.legal_actions() if rnd.cost(a) <= available)


def unaffordable_actions(rnd: Round, available: int) -> tuple[Action, ...]:
    """The legal actions the balance cannot cover (shown greyed out, never accepted)."""
    return tuple(a for a in rnd.legal_actions() if rnd.cost(a) > available)


def act(rnd: Round, action: Action | str, available: int, *, apply_to_all: bool = False) -> int:
    """Apply ``action`` (to every spot still asked, with ``apply_to_all``); return the cost.

    Raises :class:`~twentyone.errors.IllegalActionError` or :class:`InsufficientFundsError`.
    On an error the round may have been partly changed: the caller discards it (the table
    rebuilds rounds from the store, so a refusal changes nothing there).
    """
    parsed = rnd.verify(action)
    spent = _one(rnd, parsed, available)
    if apply_to_all and parsed in _SAME:
        while rnd.phase is Phase.INSURANCE:
            legal = rnd.legal_actions()
            step = parsed if parsed in legal else _SAME[parsed]
            spent += _one(rnd, step, available - spent)
    return spent


def _one(rnd: Round, action: Action, available: int) -> int:
    cost = rnd.cost(action)
    if cost > available:
        raise InsufficientFundsError(f"{action} needs {cost} more but the balance is {available}")
    rnd.act(action)
    return cost
