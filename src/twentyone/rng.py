"""The only place randomness comes from.

Production uses the operating system's CSPRNG (``os.urandom``, the source of
:class:`secrets.SystemRandom`); tests, replays and simulations use a seeded PCG64 stream from
NumPy. Nothing in twentyone calls the global
:mod:`random` functions.
"""

from __future__ import annotations

import os
from typing import Protocol

import numpy as np


class RandomSource(Protocol):
    """A source of uniform integers."""

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)``; ``n`` is at least 1."""
        ...


class SystemRandomSource:
    """The operating system's CSPRNG (``os.urandom``, as :class:`secrets.SystemRandom` uses):
    the production source.

    Reads 4 KiB at a time rather than one system call per integer, and reduces 32-bit words
    by rejection sampling, so every result is exactly uniform.

    >>> source = SystemRandomSource()
    >>> all(0 <= source.randbelow(52) < 52 for _ in range(1000))
    True
    """

    __slots__ = ("_pos", "_words")

    _BLOCK_WORDS = 1024

    def __init__(self) -> None:
        self._words: list[int] = []
        self._pos = 0

    def _word(self) -> int:
        if self._pos >= len(self._words):
            block = os.urandom(4 * self._BLOCK_WORDS)
            self._words = [
                int.from_bytes(block[i : i + 4], "little") for i in range(0, len(block), 4)
            ]
            self._pos = 0
        word = self._words[self._pos]
        self._pos += 1
        return word

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n <= 2**32``."""
        if not 1 <= n <= 4294967296:
            raise ValueError("n must be from 1 to 2**32")
        limit = 4294967296 - 4294967296 % n
        while True:
            word = self._word()
            if word < limit:
                return word % n


class SeededRandomSource:
    """A reproducible stream (NumPy PCG64) for tests, replays and simulation.

    Integers are drawn in blocks, so a draw costs a list index, not a NumPy call. Each block is
    a batch of 64-bit words reduced by rejection sampling, so every result is exactly uniform.

    >>> a, b = SeededRandomSource(7), SeededRandomSource(7)
    >>> [a.randbelow(52) for _ in range(5)] == [b.randbelow(52) for _ in range(5)]
    True
    """

    __slots__ = ("_buf", "_gen", "_pos")

    _BLOCK = 4096

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        self._gen = np.random.Generator(np.random.PCG64(seq))
        self._buf: list[int] = []
        self._pos = 0

    def _word(self) -> int:
        if self._pos >= len(self._buf):
            self._buf = self._gen.integers(0, 2**32, size=self._BLOCK, dtype=np.uint64).tolist()
            self._pos = 0
        value = self._buf[self._pos]
        self._pos += 1
        return value

    def randbelow(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (rejection sampling on 32-bit words)."""
        if n <= 0:
            raise ValueError("n must be positive")
        if n > 2**32:
            return int(self._gen.integers(0, n))
        limit = 4294967296 - 4294967296 % n
        while True:
            pos = self._pos
            if pos < len(self._buf):
                word = self._buf[pos]
                self._pos = pos + 1
            else:
                word = self._word()
            if word < limit:
                return word % n


def spawn(seed: int, count: int) -> list[SeededRandomSource]:
    """Independent streams for ``count`` workers from one seed (``SeedSequence.spawn``)."""
    return [SeededRandomSource(child) for child in np.random.SeedSequence(seed).spawn(count)]
