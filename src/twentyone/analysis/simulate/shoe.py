"""The kernel's shoe: a fresh shoe per round, shuffled lazily as the engine shuffles it.

Cards are the engine's codes ``rank + 13 × suit`` (rank 0 = ace ... 12 = king), with their rank
and count beside (:func:`~.compile.kernel_card`). Each round
deals from a fresh shoe shuffled lazily by Fisher–Yates exactly as
:meth:`twentyone.cards.Shoe.shuffled` does with ``lazy=True``, driven by the 32-bit words
:class:`twentyone.rng.SeededRandomSource` reads (rejection sampling, then ``word % n``), so a
seed gives the engine and the kernel the same shoes. The swaps are logged and undone after
the round (:func:`restore`), which puts the shoe back in order for the next one: a round
touches only the few cards it draws.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.compile import inline, kernel_card

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
U32 = npt.NDArray[np.uint32]

SWAP_LOG = 512
"""Cards a round can draw from a shuffled shoe (far more than any round needs)."""
WORD_LIMIT = 4294967296
EXHAUSTED_CARD = kernel_card(9)
"""Stands in for a card when the words run out (the round is then replayed)."""


def shuffle_tables(cards: int) -> tuple[I64, F64]:
    """Per shoe position: the rejection limit of ``randbelow(cards - pos)`` and the inverse of
    ``cards - pos``."""
    left = cards - np.arange(cards, dtype=np.int64)
    limits = WORD_LIMIT - WORD_LIMIT % left
    return limits.astype(np.int64), 1.0 / left


@inline
def draw(
    shoe: I64,
    words: U32,
    end: int,
    swaps: I64,
    limits: I64,
    inverses: F64,
    pos: int,
    wpos: int,
) -> tuple[int, int]:
    """The card at ``pos`` of the lazily shuffled shoe (``Shoe.draw``) and the next word.

    ``randbelow(left)`` as :class:`~twentyone.rng.SeededRandomSource` computes it: words at or
    above ``limits[pos]`` are rejected, then ``word % left``, here taken with a multiplication
    by ``inverses[pos]`` (corrected by one ``left`` where the float product rounds down past
    an exact multiple): a division per card would cost more than the rest of the draw. When
    the ``end`` words run out the word position goes past the end (the caller then replays
    the round with more words).
    """
    left = shoe.shape[0] - pos
    limit = limits[pos]
    while True:
        if wpos >= end or pos >= SWAP_LOG:
            if pos < SWAP_LOG:
                swaps[pos] = pos  # nothing to undo here when the shoe is put back
            return EXHAUSTED_CARD, end + 1
        word = np.int64(words[wpos])
        wpos += 1
        if word < limit:
            break
    below = word - int(word * inverses[pos]) * left
    if below >= left:
        below -= left
    elif below < 0:
        below += left
    j = pos + below
    swaps[pos] = j
    card = shoe[j]
    shoe[j] = shoe[pos]
    shoe[pos] = card
    return card, wpos


@inline
def restore(shoe: I64, swaps: I64, drawn: int) -> None:
    """Undo the swaps of the ``drawn`` cards of a round: the shoe is in order again."""
    for p in range(min(drawn, SWAP_LOG) - 1, -1, -1):
        j = swaps[p]
        card = shoe[p]
        shoe[p] = shoe[j]
        shoe[j] = card
