"""Player locks: a locked player cannot log in or deal (an administrator locks and unlocks,
:mod:`twentyone.store.admin`; every lock and unlock is in the audit log).

A round already in progress when its player is locked stays as it is: the player cannot play
it on (no session is accepted), and an administrator may void it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from sqlalchemy import Connection, Table, bindparam, select

from twentyone.errors import TwentyoneError
from twentyone.store.admin_models import PlayerLockRow

if TYPE_CHECKING:
    from twentyone.store.unit import Unit

LOCKS = cast(Table, PlayerLockRow.__table__)
_K = LOCKS.c
_IS_LOCKED = select(_K.player_id).where(_K.player_id == bindparam("player_id"))


class AccountLockedError(TwentyoneError):
    """The casino has locked this player's account: no login, no new round."""

    code = "account-locked"


def is_locked(conn: Connection, player_id: str) -> bool:
    """Whether ``player_id`` is locked."""
    return conn.execute(_IS_LOCKED, {"player_id": player_id}).first() is not None


def refuse_locked(unit: Unit, player_id: str) -> None:
    """:class:`AccountLockedError` when ``player_id`` is locked (a check of every deal: read
    with the player where the deal's first read did, else on the driver's cursor)."""
    locked = unit.locked.get(player_id)
    if locked is None:
        driver = unit.driver
        found = driver.one(unit.conn, driver.prepare(_IS_LOCKED), {"player_id": player_id})
        locked = found is not None
    if locked:
        raise AccountLockedError("this account is locked by the casino: no new round")
