"""Password hashing with the standard library's scrypt (memory-hard), compared in constant time.

A stored hash reads ``scrypt$<n>$<r>$<p>$<salt>$<key>`` (base64), so the cost can be raised
later without breaking old hashes.

>>> stored = hash_password("correct horse", n=2**10)
>>> verify_password("correct horse", stored), verify_password("wrong", stored)
(True, False)
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1
"""Default scrypt cost: 16 MiB of memory per hash."""
KEY_BYTES = 32
SALT_BYTES = 16


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def _derive(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=KEY_BYTES, maxmem=2**26
    )


def hash_password(password: str, *, n: int = N) -> str:
    """A salted scrypt hash of ``password`` to store."""
    salt = secrets.token_bytes(SALT_BYTES)
    key = _derive(password, salt, n, R, P)
    return f"{SCHEME}${n}${R}${P}${_b64(salt)}${_b64(key)}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` matches ``stored`` (constant-time comparison of the keys)."""
    try:
        scheme, n, r, p, salt, key = stored.split("$")
        if scheme != SCHEME:
            return False
        expected = base64.b64decode(key)
        actual = _derive(password, base64.b64decode(salt), int(n), int(r), int(p))
    except (ValueError, TypeError):
        return False
    return hmac.compare_digest(actual, expected)


DUMMY_HASH = hash_password(secrets.token_hex(8), n=N)
"""Checked against when the username is unknown, so a login takes as long either way."""
