"""The kernel's shoe: a fresh shoe per round, shuffled lazily as the engine shuffles it.

Cards are the engine's codes ``rank + 13 × suit`` (rank 0 = ace ... 12 = king), with their rank
and count beside (:func:`~.compile.kernel_card`). Each round
deals from a fresh shoe shuffled lazily by Fisher–Yates exactly as
:meth:`twentyone.cards.Shoe.shuffled` does with ``lazy=True``, driven by the 32-bit words
:class:`twentyone.rng.SeededRandomSource` reads (rejection sampling, then ``word % n``), so a
seed gives the engine and the kernel the same shoes. The shoe itself is never shuffled: each
round marks the few positions its swaps touch (:func:`draw`), and the next round, with its own
mark, finds the shoe in order again.
"""

from __future__ import annotations

import numpy as np

from twentyone.analysis.simulate.arrays import I64, U32, U64
from twentyone.analysis.simulate.compile import inline, kernel_card, unsigned

WORD_LIMIT = 4294967296
EXHAUSTED_CARD = kernel_card(9)
"""Stands in for a card when the words run out (the round is then replayed)."""


def shuffle_tables(cards: int) -> tuple[I64, U64]:
    """Per shoe position: the rejection limit of ``randbelow(cards - pos)`` and the magic
    number that divides a word by ``cards - pos`` with a multiplication.

    For a divisor ``d`` with ``2**(l-1) < d <= 2**l`` and ``m = ceil(2**(32+l) / d)``,
    ``floor(n × m / 2**(32+l)) = floor(n / d)`` for every 32-bit ``n`` (Granlund and
    Montgomery, *Division by invariant integers using multiplication*, 1994, theorem 4.2).
    ``m`` takes 33 bits, so the product is taken as ``(n × (m - 2**32) >> 32) + n``, shifted
    by ``l``; the magic number holds ``m - 2**32`` in its low 32 bits and ``l`` above them.
    """
    left = cards - np.arange(cards, dtype=np.int64)
    limits = WORD_LIMIT - WORD_LIMIT % left
    magics = []
    for d in left.tolist():
        shift = (d - 1).bit_length()
        magics.append(-(-(1 << (32 + shift)) // d) - WORD_LIMIT | shift << 32)
    return limits.astype(np.int64), np.array(magics, dtype=np.uint64)


_LOW = np.uint64(0xFFFFFFFF)
_HALF = np.uint64(32)


@inline
def quotient(word: np.uint64, magic: np.uint64) -> np.uint64:
    """``word // d`` for a 32-bit ``word`` and the magic number of ``d`` (see
    :func:`shuffle_tables`), in unsigned 64-bit arithmetic; on NumPy arrays too."""
    return (word + (word * (magic & _LOW) >> _HALF)) >> (magic >> _HALF)


@inline
def draw(
    shoe: I64,
    words: U32,
    end: int,
    marks: I64,
    rid: int,
    limits: I64,
    magics: U64,
    pos: int,
    wpos: int,
) -> tuple[int, int]:
    """The card at ``pos`` of the lazily shuffled shoe (``Shoe.draw``) and the next word.

    ``randbelow(left)`` as :class:`~twentyone.rng.SeededRandomSource` computes it: words at or
    above ``limits[pos]`` are rejected, then ``word % left``, here ``word - q × left`` with
    ``q`` the quotient by ``magics[pos]`` (exact, see :func:`shuffle_tables`): a division per
    card would cost more than the rest of the draw, and the card's position is on the path
    to every decision the round makes on it (a multiplication and shifts reach it sooner than
    the double-precision quotient this replaced, 3–5% of the kernel's time). When the ``end``
    words run out the word position goes past the end (the caller then replays the round with
    more words).

    ``shoe`` stays in order; the swaps of round ``rid`` are written in ``marks`` as ``rid <<
    16 | card`` for the position the card moved to, so a position not marked by this round
    still holds its ``shoe`` card and nothing is undone after the round.
    """
    n = shoe.shape[0]
    left = n - pos
    at = unsigned(pos)
    limit = limits[at]
    while True:
        if wpos >= end or pos >= n:
            return EXHAUSTED_CARD, end + 1
        word = np.int64(words[unsigned(wpos)])
        wpos += 1
        if word < limit:
            break
    j = unsigned(pos + word - np.int64(quotient(np.uint64(word), magics[at])) * left)
    stamp = rid << 16
    at_j = marks[j]
    card = at_j & 0xFFFF if at_j >> 16 == rid else shoe[j]
    at_pos = marks[at]
    marks[j] = stamp | (at_pos & 0xFFFF if at_pos >> 16 == rid else shoe[at])
    return card, wpos
