"""The shoe key's fingerprint in the database: every process on one database has the same key.

The shoe of a round in progress is stored encrypted; a process with another key cannot resume
the rounds the others dealt (they would be voided). So the database records the fingerprint of
the key that encrypts (a hash: it tells keys apart and reveals nothing of them), and a process
whose keys do not include it refuses to start (:class:`ShoeKeyMismatchError`), saying what to
do.

Rotation: give every process ``TWENTYONE_SHOE_KEY=NEW,OLD`` (newest first). The first such
process records NEW as the current key; OLD still decrypts the rounds it encrypted, and a
process that has only OLD is refused from then on.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import cast

from sqlalchemy import DateTime, Engine, String, Table, delete, insert, select, text, update
from sqlalchemy.orm import Mapped, mapped_column

from twentyone.store.crypto import ShoeCipher, ShoeKeyError
from twentyone.store.models import Base

log = logging.getLogger(__name__)
CURRENT, RETIRED = "current", "retired"


class ShoeKeyRow(Base):
    """A shoe key this database has seen, by fingerprint: the current one and retired ones."""

    __tablename__ = "shoe_keys"

    fingerprint: Mapped[str] = mapped_column(String(64), primary_key=True)
    state: Mapped[str] = mapped_column(String(16))
    recorded_at: Mapped[datetime] = mapped_column(DateTime())


class ShoeKeyMismatchError(ShoeKeyError):
    """This process's shoe key is not the one the database's rounds are encrypted with."""

    code = "shoe-key-mismatch"


def check_key(engine: Engine, cipher: ShoeCipher) -> None:
    """Record the cipher's key as the database's, or refuse a key that differs from it."""
    mine = cipher.fingerprints
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # two processes starting at once: one at a time
            conn.execute(text("SELECT pg_advisory_xact_lock(7202022)"))
        table = cast(Table, ShoeKeyRow.__table__)
        current = conn.execute(
            select(table.c.fingerprint).where(table.c.state == CURRENT)
        ).scalar_one_or_none()
        if current == mine[0]:
            return
        if current is not None and current not in mine:
            raise ShoeKeyMismatchError(
                f"this database's rounds are encrypted with another shoe key (fingerprint "
                f"{current}; this process has {mine[0]}): give every server process the same "
                "key — copy shoe.key from $TWENTYONE_HOME of the first server, or set "
                "TWENTYONE_SHOE_KEY to the same value everywhere (to rotate it: "
                "TWENTYONE_SHOE_KEY=NEW,OLD)"
            )
        now = datetime.now(UTC).replace(tzinfo=None)
        if current is not None:
            log.warning("shoe key rotated: %s replaces %s", mine[0], current)
            conn.execute(update(table).where(table.c.state == CURRENT).values(state=RETIRED))
        conn.execute(delete(table).where(table.c.fingerprint == mine[0]))
        conn.execute(insert(table).values(fingerprint=mine[0], state=CURRENT, recorded_at=now))
