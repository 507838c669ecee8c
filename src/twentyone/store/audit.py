"""The audit log: every administrative action, append-only, each entry chained to the last.

An entry says who (the administrator), when, what (an :class:`AuditAction`), on what (a player,
a round, an administrator), the state before and after, and the reason given. This module only
appends and reads: there is no function that changes or removes an entry, and the database
refuses to (triggers on ``admin_audit``, see :mod:`twentyone.store.admin_models`).

Each entry's ``hash`` is the SHA-256 of the previous entry's hash and the entry's own canonical
JSON, so a row edited or removed behind the database's back is found by :func:`verify` at the
first entry whose hash no longer follows. Appends are serialised (SQLite: the write lock every
unit holds; PostgreSQL: a transaction-level advisory lock), and ``prev_hash`` is unique, so two
appends can never continue the same entry.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, cast

from sqlalchemy import Connection, Table, func, insert, select, text

from twentyone.store.admin_models import AuditRow
from twentyone.store.unit import aware

AUDIT = cast(Table, AuditRow.__table__)
_A = AUDIT.c
GENESIS = "0" * 64
"""The ``prev_hash`` of the first entry."""
_PG_LOCK = 21_013_013
"""The advisory-lock key that serialises appends on PostgreSQL."""


class AuditAction(StrEnum):
    """What an administrator did."""

    LOGIN = "login"
    """Logged in to the back office."""
    LOGOUT = "logout"
    """Logged out."""
    LOGIN_FAILED = "login-failed"
    """A back-office login refused: the name tried and the client address (never the
    password); the administrator's id when the name is one, else empty."""
    ADMIN_ADDED = "admin-added"
    """A new administrator was made (``twentyone admin add``)."""
    ADMIN_REMOVED = "admin-removed"
    """An administrator was removed and its sessions ended (``twentyone admin remove``)."""
    ADMIN_PASSWORD = "admin-password"
    """An administrator's password was reset and its sessions ended (``twentyone admin
    password``)."""
    VIP_LEVEL = "vip-level"
    """Moved a player to another VIP level."""
    LOCK = "lock"
    """Locked a player: no login, no deal."""
    UNLOCK = "unlock"
    """Unlocked a player."""
    VOID = "void"
    """Voided an unfinished round and refunded its stakes."""


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One entry of the log, as stored."""

    seq: int
    at: datetime
    admin_id: str
    admin_name: str
    action: str
    target_kind: str
    target_id: str
    before: dict[str, Any]
    after: dict[str, Any]
    reason: str
    prev_hash: str
    hash: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "seq": self.seq,
            "at": aware(self.at).isoformat(),
            "admin_id": self.admin_id,
            "admin_name": self.admin_name,
            "action": self.action,
            "target_kind": self.target_kind,
            "target_id": self.target_id,
            "before": self.before,
            "after": self.after,
            "reason": self.reason,
            "prev_hash": self.prev_hash,
            "hash": self.hash,
        }


@dataclass(frozen=True, slots=True)
class ChainCheck:
    """The result of :func:`verify`: how many entries, the last hash, the first broken entry."""

    entries: int
    head: str
    broken_at: int | None

    @property
    def intact(self) -> bool:
        """Whether every entry follows from the one before."""
        return self.broken_at is None


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def entry_hash(prev_hash: str, fields: dict[str, Any]) -> str:
    """The hash of an entry: SHA-256 over the previous hash and the entry's canonical JSON.

    >>> entry_hash(GENESIS, {"seq": 1})[:12]
    '0a0089855037'
    """
    body = prev_hash + _canonical(fields)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


_HASHED = ("seq", "admin_id", "admin_name", "action", "target_kind", "target_id")


def _fields(row: Mapping[str, Any]) -> dict[str, Any]:
    """The hashed fields of an entry as stored (before and after as their stored text)."""
    fields = {name: row[name] for name in _HASHED}
    fields |= {"at": aware(row["at"]).isoformat(), "before": row["before"], "after": row["after"]}
    fields["reason"] = row["reason"]
    return fields


def append(
    conn: Connection,
    at: datetime,
    admin: tuple[str, str],
    action: AuditAction,
    target: tuple[str, str],
    before: dict[str, Any],
    after: dict[str, Any],
    reason: str = "",
) -> AuditEntry:
    """Append one entry in ``conn``'s transaction (it commits with the action it records).

    ``admin`` is ``(id, name)``, ``target`` is ``(kind, id)``.
    """
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
    last = conn.execute(select(_A.seq, _A.hash).order_by(_A.seq.desc()).limit(1)).first()
    seq, prev = (1, GENESIS) if last is None else (last.seq + 1, last.hash)
    values = {
        "seq": seq,
        "at": at,
        "admin_id": admin[0],
        "admin_name": admin[1],
        "action": str(action),
        "target_kind": target[0],
        "target_id": target[1],
        "before": _canonical(before),
        "after": _canonical(after),
        "reason": reason,
    }
    digest = entry_hash(prev, _fields(values))
    conn.execute(insert(AUDIT), {**values, "prev_hash": prev, "hash": digest})
    return _entry(values | {"prev_hash": prev, "hash": digest})


def _entry(row: Mapping[str, Any]) -> AuditEntry:
    return AuditEntry(
        seq=row["seq"],
        at=row["at"],
        admin_id=row["admin_id"],
        admin_name=row["admin_name"],
        action=row["action"],
        target_kind=row["target_kind"],
        target_id=row["target_id"],
        before=json.loads(row["before"]),
        after=json.loads(row["after"]),
        reason=row["reason"],
        prev_hash=row["prev_hash"],
        hash=row["hash"],
    )


def entries(
    conn: Connection,
    *,
    target_id: str | None = None,
    offset: int = 0,
    limit: int = 100,
) -> tuple[list[AuditEntry], int]:
    """A page of entries, newest first (optionally about one target), and how many in all."""
    where = [] if target_id is None else [_A.target_id == target_id]
    total = conn.execute(select(func.count()).select_from(AUDIT).where(*where)).scalar() or 0
    found = conn.execute(
        select(AUDIT).where(*where).order_by(_A.seq.desc()).offset(offset).limit(limit)
    )
    return [_entry(dict(r._mapping)) for r in found], int(total)


def verify(conn: Connection, *, batch: int = 1_000) -> ChainCheck:
    """Recompute the chain from the first entry: the first entry that does not follow (a gap
    in ``seq``, a ``prev_hash`` that is not the last hash, a hash that does not recompute)."""
    prev, expected, count = GENESIS, 1, 0
    while True:
        found = list(
            conn.execute(select(AUDIT).where(_A.seq >= expected).order_by(_A.seq).limit(batch))
        )
        for row in found:
            if row.seq != expected or row.prev_hash != prev:
                return ChainCheck(count, prev, expected)
            if entry_hash(prev, _fields(dict(row._mapping))) != row.hash:
                return ChainCheck(count, prev, row.seq)
            prev, expected, count = row.hash, expected + 1, count + 1
        if len(found) < batch:
            return ChainCheck(count, prev, None)
