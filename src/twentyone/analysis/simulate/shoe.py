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
import numpy.typing as npt

from twentyone.analysis.simulate.compile import inline, kernel_card

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
U32 = npt.NDArray[np.uint32]

WORD_LIMIT = 4294967296
EXHAUSTED_CARD = kernel_card(9)
"""Stands in for a card when the words run out (the round is then replayed)."""


def shuffle_tables(cards: int) -> tuple[I64, F64]:
    """Per shoe position: the rejection limit of ``randbelow(cards - pos)`` and the inverse of
    ``cards - pos`` rounded up.

    Rounded up, ``word × inverse`` is at least ``word / left`` (so its floor is never one
    short at an exact multiple) and exceeds it by less than ``2**32 × 2**-51``, far below the
    ``1 / left`` that separates a quotient from the next integer: its floor is ``word //
    left`` for every 32-bit word.
    """
    left = cards - np.arange(cards, dtype=np.int64)
    limits = WORD_LIMIT - WORD_LIMIT % left
    return limits.astype(np.int64), np.nextafter(1.0 / left, np.inf)


@inline
def draw(
    shoe: I64,
    words: U32,
    end: int,
    marks: I64,
    rid: int,
    limits: I64,
    inverses: F64,
    pos: int,
    wpos: int,
) -> tuple[int, int]:
    """The card at ``pos`` of the lazily shuffled shoe (``Shoe.draw``) and the next word.

    ``randbelow(left)`` as :class:`~twentyone.rng.SeededRandomSource` computes it: words at or
    above ``limits[pos]`` are rejected, then ``word % left``, here ``word - q × left`` with
    ``q`` the floor of ``word × inverses[pos]`` (exact, see :func:`shuffle_tables`): a
    division per card would cost more than the rest of the draw. When the ``end`` words run
    out the word position goes past the end (the caller then replays the round with more
    words).

    ``shoe`` stays in order; the swaps of round ``rid`` are written in ``marks`` as ``rid <<
    16 | card`` for the position the card moved to, so a position not marked by this round
    still holds its ``shoe`` card and nothing is undone after the round.
    """
    n = shoe.shape[0]
    left = n - pos
    limit = limits[pos]
    while True:
        if wpos >= end or pos >= n:
            return EXHAUSTED_CARD, end + 1
        word = np.int64(words[wpos])
        wpos += 1
        if word < limit:
            break
    j = pos + word - int(word * inverses[pos]) * left
    stamp = rid << 16
    at_j = marks[j]
    card = at_j & 0xFFFF if at_j >> 16 == rid else shoe[j]
    at_pos = marks[pos]
    marks[j] = stamp | (at_pos & 0xFFFF if at_pos >> 16 == rid else shoe[pos])
    return card, wpos
