"""Training mode, a player setting kept with the account: the advisor points out a mistake as
it is made, before any card is dealt, with the option to take it back (the table client asks).

A guest's setting is kept with the guest account, so for as long as its session lasts; a
guest who registers keeps it, and each login gets its own account's setting.
"""

from __future__ import annotations

from sqlalchemy import select, update

from twentyone.store import rows
from twentyone.store.unit import Store
from twentyone.table.errors import UnknownPlayerError

_P = rows.PLAYERS.c


class Training:
    """Read and set a player's training mode."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def is_on(self, player_id: str) -> bool:
        """Whether the player has training mode on (off for a new player)."""
        with self._store.unit() as unit:
            on = unit.conn.execute(select(_P.training).where(_P.id == player_id)).scalar()
        if on is None:
            raise UnknownPlayerError(f"no player with id {player_id!r}")
        return bool(on)

    def set(self, player_id: str, on: bool) -> bool:
        """Turn the player's training mode on or off; the setting now."""
        with self._store.unit() as unit:
            changed = unit.conn.execute(
                update(rows.PLAYERS).where(_P.id == player_id).values(training=on)
            ).rowcount
        if changed != 1:
            raise UnknownPlayerError(f"no player with id {player_id!r}")
        return on
