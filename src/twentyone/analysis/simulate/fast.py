"""Running the kernel over many rounds from one seeded stream: tallies, and records if asked."""

from __future__ import annotations

import numpy as np

from twentyone.analysis.simulate.arrays import I64, U32
from twentyone.analysis.simulate.compile import kernel_card
from twentyone.analysis.simulate.kernel import (
    N_FIELDS,
    new_tallies,
    new_work,
    play_rounds,
    shuffle_tables,
)
from twentyone.analysis.simulate.tables import KernelTables
from twentyone.cards import build_shoe

WORD_BLOCK = 4096
"""Words per draw from the generator: the block :class:`twentyone.rng.SeededRandomSource`
reads (the stream does not depend on how it is cut, checked by the tests)."""
_MAX_BLOCKS = 8
"""Words in the kernel's buffer, in blocks (a small buffer stays in the cache)."""


class WordStream:
    """The 32-bit words a :class:`~twentyone.rng.SeededRandomSource` on ``seed`` reads, in
    order, handed out in arrays.

    The source asks its PCG64 generator for ``integers(0, 2**32, dtype=uint64)``, which takes
    each 64-bit output as two 32-bit words, low half first; the raw 64-bit outputs read as
    pairs of little-endian 32-bit words are the same words at a fraction of the cost.
    """

    def __init__(self, seed: int | np.random.SeedSequence) -> None:
        seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        self._bits = np.random.PCG64(seq)

    def fill(self, out: U32) -> None:
        """Fill ``out`` (an even number of words) with the next words of the stream."""
        raw = self._bits.random_raw(len(out) // 2)
        out[:] = raw.astype("<u8", copy=False).view("<u4")

    def take(self, blocks: int) -> U32:
        """The next ``blocks`` blocks of words."""
        out = np.empty(blocks * WORD_BLOCK, dtype=np.uint32)
        self.fill(out)
        return out


def _shoe_codes(decks: int) -> I64:
    """The unshuffled shoe as kernel cards (``build_shoe`` order, the order a shuffle starts
    from)."""
    return np.array([kernel_card(card.code) for card in build_shoe(decks)], dtype=np.int64)


class ChunkTallies:
    """The kernel's tallies of a number of rounds (NumPy int64 arrays, see
    :func:`~.record.new_tallies`)."""

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


class _Deck:
    """One shoe's arrays for the kernel: the cards in order, the shuffle's tables and marks,
    and the working rows."""

    __slots__ = ("hs", "limits", "magics", "marks", "shoe", "sp")

    def __init__(self, shoe: I64) -> None:
        self.shoe = shoe
        self.limits, self.magics = shuffle_tables(len(shoe))
        self.hs, self.sp, self.marks = new_work(len(shoe))


def _kernel(
    tables: KernelTables,
    deck: _Deck,
    words: U32,
    wpos: int,
    end: int,
    first_round: int,
    rounds: int,
    tallies: ChunkTallies,
    records: I64,
) -> tuple[int, int]:
    """:func:`~.kernel.play_rounds` with every array passed by name."""
    played, wpos = play_rounds(
        tables.rules,
        tables.first_act,
        tables.legal,
        tables.two_card,
        tables.hit,
        tables.child,
        tables.side_pairs,
        tables.side_table,
        tables.side_strides,
        tables.side_stakes,
        deck.shoe,
        deck.limits,
        deck.magics,
        words,
        wpos,
        end,
        deck.hs,
        deck.sp,
        deck.marks,
        first_round,
        rounds,
        tables.layout.net_low,
        tables.layout.net_unit,
        tallies.sums,
        tallies.outcomes,
        tallies.flags,
        tallies.hand_counts,
        tallies.side_counts,
        tallies.net_hist,
        records,
    )
    return int(played), int(wpos)


def play_shoe(tables: KernelTables, codes: list[int]) -> I64:
    """One round dealt from the cards ``codes`` in this order (the engine's ``Shoe(cards)``);
    returns its record (:data:`~.record.FIELDS`).

    Words of zero make every swap of the lazy shuffle a swap of a card with itself, so the
    kernel deals the shoe as it is: a hand-worked round for the tests.
    """
    deck = _Deck(np.array([kernel_card(c) for c in codes], dtype=np.int64))
    records = np.zeros((1, N_FIELDS), dtype=np.int64)
    words = np.zeros(2 * len(codes), dtype=np.uint32)
    tallies = ChunkTallies(tables.layout.net_bins)
    played, _ = _kernel(tables, deck, words, 0, len(words), 1, 1, tallies, records)
    if played != 1:
        raise ValueError("the round needs more cards than the shoe holds")
    row: I64 = records[0]
    return row


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
    round (:data:`~.record.FIELDS`; otherwise an empty array).
    """
    tallies = ChunkTallies(tables.layout.net_bins)
    records = np.zeros((rounds if keep_records else 0, N_FIELDS), dtype=np.int64)
    stream = WordStream(seed)
    deck = _Deck(_shoe_codes(tables.decks))
    words = np.empty(_MAX_BLOCKS * WORD_BLOCK, dtype=np.uint32)
    stream.fill(words)
    end = len(words)
    pos = 0
    done = 0
    first_round = 1  # the shoe's marks start at zero: no round is numbered 0
    while done < rounds:
        played, pos = _kernel(
            tables, deck, words, pos, end, first_round, rounds - done, tallies, records[done:]
        )
        done += played
        first_round += played + 1  # a round cut short is replayed under a new number
        if done < rounds:
            # keep the words not used yet, then refill after them (in pairs of words)
            left = end - pos
            words[:left] = words[pos:end]
            fresh = (len(words) - left) // 2 * 2
            stream.fill(words[left : left + fresh])
            end = left + fresh
            pos = 0
    return tallies, records
