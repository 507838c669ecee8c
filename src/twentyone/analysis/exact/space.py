"""Every player hand one shoe can deal, as arrays, so that values are computed a layer at a time.

A :class:`HandSpace` lists each composition reachable from a two-card deal by drawing until the
hand stops (bust, 21 or the Charlie card count), ordered by card count, with the table of its
children (the hand plus one more card). The exact analysis evaluates a whole layer of hands
(same card count) with a few NumPy operations instead of one Python call per hand: a hand's
value needs only the values of its children, which sit in the next layer.

Hands are also keyed by one integer (:func:`keys`), which is how removals (a hand plus other
cards out of the shoe) are looked up and deduplicated.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from twentyone.analysis.exact.shoe import ACE, Composition

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

_BASE = 64
"""Counts per rank stay below this (a hand holds at most 30 cards, a removal 3 more)."""
_WEIGHTS = _BASE ** np.arange(10, dtype=np.int64)
_WEIGHT_LIST = [int(w) for w in _WEIGHTS]
_POINTS = np.arange(1, 11, dtype=np.int64)


def keys(comps: IntArray) -> IntArray:
    """One integer per composition row (distinct rows give distinct keys)."""
    return np.asarray(comps @ _WEIGHTS, dtype=np.int64)


def totals(comps: IntArray) -> tuple[IntArray, BoolArray]:
    """Best totals and softness of composition rows, as :func:`~.shoe.hand_total`."""
    hard = comps @ _POINTS
    soft = (comps[:, ACE] > 0) & (hard <= 11)
    return np.where(soft, hard + 10, hard), soft


class HandSpace:
    """The hands one shoe deals the player, layer by layer.

    Args:
        shoe: the cards the player draws from (after the up card).
        charlie: the Charlie card count, or ``None``.
        first_layer: the first layer's hands, of one card count (default: every two-card hand
            the shoe deals); with one hand, the space is the hands its play can reach.

    Attributes:
        comps: ``(N, 10)`` compositions, ordered by card count (then by key).
        layers: ``(start, stop)`` slices of ``comps`` per card count, two cards first.
        total, soft, ncards: each hand's best total, softness and card count.
        stops: whether a hand takes no more cards (bust, 21, Charlie).
        live_layers: per layer, the rows of the hands that do not stop.
        child: ``(N, 10)`` index of the hand plus one card of each rank, ``-1`` if that card is
            not left in the shoe or the hand stops.
        grown: the same without regard to stopping, ``-1`` where the hand plus the card is
            not in the space (a two-card hand's doubles are all in it).
    """

    def __init__(
        self, shoe: Composition, charlie: int | None, first_layer: IntArray | None = None
    ) -> None:
        limit = np.array(shoe, dtype=np.int64)
        if first_layer is None:
            eye = np.eye(10, dtype=np.int64)
            pairs = [eye[a] + eye[b] for a in range(10) for b in range(a, 10)]
            first_layer = np.array(pairs, dtype=np.int64)
        given = np.ascontiguousarray(first_layer, dtype=np.int64).reshape(-1, 10)
        from twentyone.analysis.exact.compiled import active

        if active():
            from twentyone.analysis.exact.kernels_upcard import hand_space_rows

            # The same hands, layers, keys, rows and per-hand arrays, by one compiled loop.
            (
                self.comps,
                starts,
                self.keys,
                self.grown,
                self._order,
                self.ncards,
                self.total,
                self.soft,
                self.stops,
                self.child,
            ) = hand_space_rows(limit, charlie or 0, given)
            self.layers = list(zip(starts[:-1].tolist(), starts[1:].tolist(), strict=True))
            self._sorted = self.keys[self._order]
        else:
            self.comps, self.layers = _layers(limit, charlie, given)
            self.keys = keys(self.comps)
            self._order = np.argsort(self.keys, kind="stable")
            self._sorted = self.keys[self._order]
            grown_keys = self.keys[:, None] + _WEIGHTS[None, :]
            self.grown = self.find(grown_keys.ravel()).reshape(len(self.comps), 10)
            self.ncards = self.comps.sum(axis=1)
            self.total, self.soft = totals(self.comps)
            self.stops = self.total >= 21
            if charlie is not None:
                self.stops |= self.ncards >= charlie
            self.child = np.where(self.stops[:, None], -1, self.grown)
        self.live_layers: list[IntArray] = [
            np.flatnonzero(~self.stops[start:stop]) + start for start, stop in self.layers
        ]
        """Per layer, the rows of the hands that may draw (the others stop)."""
        self._rows: dict[Composition, int] = {}

    def __len__(self) -> int:
        return len(self.comps)

    def row(self, hand: Composition) -> int:
        """The row of one composition, ``-1`` if it is not in the space."""
        found = self._rows.get(hand)
        if found is None:
            key = 0
            for count, weight in zip(hand, _WEIGHT_LIST, strict=True):
                key += count * weight
            found = int(self.find(np.array([key], dtype=np.int64))[0])
            self._rows[hand] = found
        return found

    def hands(self) -> list[Composition]:
        """Every composition of the space, in key order."""
        return [tuple(row) for row in self.comps[self._order].tolist()]

    def find(self, wanted: IntArray) -> IntArray:
        """Row of each key, ``-1`` where the composition is not in the space."""
        if len(self._sorted) == 0:
            return np.full(len(wanted), -1, dtype=np.int64)
        pos = np.searchsorted(self._sorted, wanted)
        pos = np.minimum(pos, len(self._sorted) - 1)
        hit = self._sorted[pos] == wanted
        return np.where(hit, self._order[pos], -1).astype(np.int64)


def _layers(
    limit: IntArray, charlie: int | None, given: IntArray
) -> tuple[IntArray, list[tuple[int, int]]]:
    """The hands of :class:`HandSpace` by card count then key, and each layer's rows."""
    eye = np.eye(10, dtype=np.int64)
    layer = given[np.all(given <= limit, axis=1)]
    blocks: list[IntArray] = []
    while len(layer):
        order = np.argsort(keys(layer), kind="stable")
        layer = layer[order]
        blocks.append(layer)
        total, _ = totals(layer)
        live = total < 21
        if charlie is not None:
            live &= layer.sum(axis=1) < charlie
        grown = (layer[live][:, None, :] + eye[None, :, :]).reshape(-1, 10)
        grown = grown[np.all(grown <= limit, axis=1)]
        _, first = np.unique(keys(grown), return_index=True)
        layer = grown[first]
    layers: list[tuple[int, int]] = []
    start = 0
    for block in blocks:
        layers.append((start, start + len(block)))
        start += len(block)
    comps = np.concatenate(blocks) if blocks else np.zeros((0, 10), np.int64)
    return comps, layers


@lru_cache(maxsize=8)
def hand_space(shoe: Composition, charlie: int | None) -> HandSpace:
    """The (cached) :class:`HandSpace` of a shoe: one for every up card of a full shoe."""
    return HandSpace(shoe, charlie)
