"""Fresh shoes for real play, shuffled by the operating system's CSPRNG.

:class:`OsRandomSource` draws the OS CSPRNG (``os.urandom``) in blocks rather than one system
call per integer, and reduces 32-bit words by rejection sampling, so every result is exactly
uniform. (A candidate for :mod:`twentyone.rng`.)
"""

from __future__ import annotations

import os

from twentyone.cards import Shoe
from twentyone.rules import Rules

_WORDS = 1024
_LIMIT = 2**32


class OsRandomSource:
    """Uniform integers from ``os.urandom``, read 4 KiB at a time.

    >>> source = OsRandomSource()
    >>> all(0 <= source.randbelow(52) < 52 for _ in range(1000))
    True
    """

    __slots__ = ("_pos", "_words")

    def __init__(self) -> None:
        self._words: list[int] = []
        self._pos = 0

    def _word(self) -> int:
        if self._pos >= len(self._words):
            block = os.urandom(4 * _WORDS)
            self._words = [
                int.from_bytes(block[i : i + 4], "little") for i in range(0, len(block), 4)
            ]
            self._pos = 0
        word = self._words[self._pos]
        self._pos += 1
        return word

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**32``."""
        if not 1 <= n <= _LIMIT:
            raise ValueError("n must be from 1 to 2**32")
        limit = (_LIMIT // n) * n
        while True:
            word = self._word()
            if word < limit:
                return word % n


def os_shoe(rules: Rules) -> Shoe:
    """A fresh shoe of ``rules.decks`` decks in uniformly random order (OS CSPRNG)."""
    return Shoe.shuffled(rules.decks, OsRandomSource())
