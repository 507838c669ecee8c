"""Running the kernel over many rounds from one seeded stream: tallies, and records if asked."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.kernel import (
    N_FIELDS,
    new_tallies,
    new_work,
    play_rounds,
    shuffle_tables,
)
from twentyone.analysis.simulate.tables import KernelTables
from twentyone.cards import build_shoe

I64 = npt.NDArray[np.int64]

WORD_BLOCK = 4096
"""Words per draw from the generator: the block :class:`twentyone.rng.SeededRandomSource`
reads, so that the kernel consumes the very same stream (checked by the tests)."""
_WORDS_PER_SPOT = 4
"""Random words a round uses per spot, about (one per card; the dealer's few come on top)."""
_WORDS_PER_ROUND = 3
_MAX_BLOCKS = 64
"""Words are drawn at most this many blocks at a time (a small buffer stays in the cache)."""


class WordStream:
    """The 32-bit words a :class:`~twentyone.rng.SeededRandomSource` on ``seed`` reads, in
    order, handed out in arrays."""

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        self._gen = np.random.Generator(np.random.PCG64(seq))

    def take(self, blocks: int) -> I64:
        """The next ``blocks`` blocks of words (as int64: every word is below 2**32).

        One call for many blocks gives the words of as many one-block calls (the 32-bit words
        come from the generator's stream in order), which the tests check against the engine.
        """
        words = self._gen.integers(0, 2**32, size=blocks * WORD_BLOCK, dtype=np.uint64)
        return words.view(np.int64)


def _shoe_codes(decks: int) -> I64:
    """The unshuffled shoe as card codes (``build_shoe`` order, the order a shuffle starts from)."""
    return np.array([card.code for card in build_shoe(decks)], dtype=np.int64)


def _blocks_for(tables: KernelTables, rounds: int) -> int:
    words = rounds * (_WORDS_PER_SPOT * tables.spots + _WORDS_PER_ROUND)
    return min(words // WORD_BLOCK + 1, _MAX_BLOCKS)


class ChunkTallies:
    """The kernel's tallies of a number of rounds (NumPy int64 arrays, see
    :func:`~.kernel.new_tallies`)."""

    __slots__ = ("flags", "hand_counts", "net_hist", "outcomes", "side_counts", "sums")

    def __init__(self, net_bins: int) -> None:
        (
            self.sums,
            self.outcomes,
            self.flags,
            self.hand_counts,
            self.side_counts,
            self.net_hist,
        ) = new_tallies(net_bins)


def play(
    tables: KernelTables,
    seed: int | np.random.SeedSequence,
    rounds: int,
    *,
    keep_records: bool = False,
) -> tuple[ChunkTallies, I64]:
    """Play ``rounds`` rounds, each from a fresh shoe shuffled by the seeded stream.

    The shoes are exactly those of ``Shoe.shuffled(decks, SeededRandomSource(seed), lazy=True)``
    built once per round from one source. Returns the tallies and, if asked, one record per
    round (:data:`~.kernel.FIELDS`; otherwise an empty array).
    """
    tallies = ChunkTallies(tables.layout.net_bins)
    records = np.zeros((rounds if keep_records else 0, N_FIELDS), dtype=np.int64)
    stream = WordStream(seed)
    shoe = _shoe_codes(tables.decks)
    h, sp, dealer, swaps = new_work()
    limits, inverses = shuffle_tables(len(shoe))
    words = stream.take(_blocks_for(tables, rounds))
    pos = 0
    done = 0
    while done < rounds:
        played, pos = play_rounds(
            tables.rules,
            tables.legal,
            tables.two_card,
            tables.hit,
            tables.child,
            tables.side_pairs,
            tables.side_table,
            tables.side_strides,
            tables.side_pays,
            tables.side_stakes,
            shoe,
            limits,
            inverses,
            words,
            pos,
            h,
            sp,
            dealer,
            swaps,
            rounds - done,
            tables.layout.net_low,
            tables.layout.net_unit,
            tallies.sums,
            tallies.outcomes,
            tallies.flags,
            tallies.hand_counts,
            tallies.side_counts,
            tallies.net_hist,
            records[done:],
        )
        done += played
        if done < rounds:
            more = stream.take(_blocks_for(tables, rounds - done))
            words = np.concatenate((words[pos:], more))
            pos = 0
    return tallies, records
