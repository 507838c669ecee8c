"""Encryption of the shoe of a round in progress (Fernet: AES-128-CBC + HMAC-SHA256).

The key comes from configuration (``TWENTYONE_SHOE_KEY`` or an explicit key) or from a key file
created on first use with owner-only permissions (0600). Several keys may be given, newest
first, separated by commas: the first encrypts, all decrypt (key rotation).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from twentyone.errors import TwentyoneError

KEY_ENV = "TWENTYONE_SHOE_KEY"


class ShoeKeyError(TwentyoneError):
    """The shoe key is missing, malformed, or does not decrypt a stored shoe."""

    code = "shoe-key"


def load_or_create_key(path: Path) -> bytes:
    """Read the key file, creating it (mode 0600, parents 0700) with a new key if absent."""
    try:
        key = path.read_bytes().strip()
    except FileNotFoundError:
        pass
    else:
        if not key:
            raise ShoeKeyError(
                f"the shoe key file {path} is empty: put back the key the other server "
                "processes use (or, if no round was ever dealt with it, delete the file and a "
                "new key is made)"
            )
        return key
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = Fernet.generate_key()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process created it first
        return path.read_bytes().strip()
    with os.fdopen(fd, "wb") as handle:
        handle.write(key)
        handle.flush()
        os.fsync(handle.fileno())
    return key


def fingerprint(key: bytes) -> str:
    """A key's fingerprint: 16 hex digits of a hash (tells keys apart, reveals nothing).

    >>> fingerprint(b"x" * 44) == fingerprint(b"x" * 44) != fingerprint(b"y" * 44)
    True
    """
    return hashlib.sha256(b"twentyone shoe key\0" + key).hexdigest()[:16]


class ShoeCipher:
    """Encrypts and decrypts the card order of a shoe."""

    __slots__ = ("_fernet", "fingerprints")

    def __init__(self, keys: str | bytes | list[bytes], *, source: str = "the shoe key") -> None:
        if isinstance(keys, str):
            keys = keys.encode()
        items = [k.strip() for k in keys.split(b",")] if isinstance(keys, bytes) else keys
        items = [k for k in items if k]
        if not items:
            raise ShoeKeyError(f"{source} is empty: give a Fernet key (44 base64 characters)")
        try:
            self._fernet = MultiFernet([Fernet(k) for k in items])
        except (ValueError, TypeError) as exc:
            raise ShoeKeyError(
                f"{source} is not a Fernet key (44 base64 characters; several are separated "
                f"by commas, newest first): {exc}"
            ) from exc
        self.fingerprints = tuple(fingerprint(k) for k in items)
        """The fingerprint of each key, the encrypting key first."""

    @classmethod
    def from_config(
        cls, key: str | bytes | None = None, key_file: Path | None = None
    ) -> ShoeCipher:
        """The explicit key, else ``$TWENTYONE_SHOE_KEY``, else the key file (created if absent)."""
        source = "the shoe key given"
        if key is None:
            key = os.environ.get(KEY_ENV) or None
            source = f"${KEY_ENV}"
        if key is None:
            if key_file is None:
                raise ShoeKeyError("no shoe key: give a key or a key file")
            key = load_or_create_key(key_file)
            source = f"the shoe key file {key_file}"
        return cls(key, source=source)

    def encrypt(self, text: str) -> bytes:
        """Encrypt ``text`` (the cards, e.g. ``"As Kd 7h"``)."""
        return self._fernet.encrypt(text.encode())

    def decrypt(self, token: bytes) -> str:
        """Decrypt a stored shoe; a wrong key or a tampered token raises :class:`ShoeKeyError`."""
        try:
            return self._fernet.decrypt(token).decode()
        except InvalidToken as exc:
            raise ShoeKeyError("the stored shoe does not decrypt with the configured key") from exc
