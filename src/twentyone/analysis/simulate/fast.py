"""Running the kernel over many rounds: on seeded shoes, or on the cards the engine dealt."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from twentyone.analysis.simulate.kernel import N_FIELDS, new_work, play_rounds
from twentyone.analysis.simulate.tables import KernelTables
from twentyone.cards import build_shoe

I64 = npt.NDArray[np.int64]

WORD_BLOCK = 4096
"""Words per draw from the generator: the block :class:`twentyone.rng.SeededRandomSource`
reads, so that the kernel consumes the very same stream (checked by the tests)."""
_WORDS_PER_ROUND = 12
"""A generous average of random words a round uses (about one per card)."""


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
        return words.astype(np.int64)


def _shoe_codes(decks: int) -> I64:
    """The unshuffled shoe as card codes (``build_shoe`` order, the order a shuffle starts from)."""
    return np.array([card.code for card in build_shoe(decks)], dtype=np.int64)


_NO_SCRIPT = np.zeros((0, 1), dtype=np.int64)
_NO_LENGTHS = np.zeros(0, dtype=np.int64)


def shuffled_records(tables: KernelTables, seed: int | np.random.SeedSequence, rounds: int) -> I64:
    """Play ``rounds`` rounds, each from a fresh shoe shuffled by the seeded stream.

    The shoes are exactly those of ``Shoe.shuffled(decks, SeededRandomSource(seed), lazy=True)``
    built once per round from one source.
    """
    out = np.zeros((rounds, N_FIELDS), dtype=np.int64)
    stream = WordStream(seed)
    shoe = _shoe_codes(tables.decks)
    words = stream.take(rounds * _WORDS_PER_ROUND // WORD_BLOCK + 1)
    pos = 0
    done = 0
    while done < rounds:
        work = new_work(shoe, words, _NO_SCRIPT, _NO_LENGTHS)
        played, pos = play_rounds(tables.arrays, work, pos, out[done:])
        done += played
        if done < rounds:
            more = stream.take((rounds - done) * _WORDS_PER_ROUND // WORD_BLOCK + 1)
            words = np.concatenate((words[pos:], more))
            pos = 0
    return out


def scripted_records(tables: KernelTables, deals: Sequence[Sequence[int]]) -> I64:
    """Play one round per entry of ``deals``, each dealt from exactly those card codes.

    Raises:
        ValueError: if a round needs more cards than its deal holds.
    """
    width = max((len(d) for d in deals), default=1)
    script = np.zeros((len(deals), max(width, 1)), dtype=np.int64)
    lengths = np.zeros(len(deals), dtype=np.int64)
    for k, deal in enumerate(deals):
        script[k, : len(deal)] = deal
        lengths[k] = len(deal)
    out = np.zeros((len(deals), N_FIELDS), dtype=np.int64)
    work = new_work(_shoe_codes(1), _NO_LENGTHS, script, lengths)
    played, _ = play_rounds(tables.arrays, work, 0, out)
    if played < len(deals):
        raise ValueError(f"round {played} needs more cards than its deal of {lengths[played]}")
    return out
