"""The compiled up-card set-up (``analysis/exact/kernels_upcard.py``) computes what the NumPy
code computes: the same hand space and dealer tables bit for bit, the same unsplit values (to
the last bits of the dealer trie's reordered sums), and the same dealer vectors from its store,
with the same errors."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone.analysis.exact import dealer
from twentyone.analysis.exact.compiled import ENV
from twentyone.analysis.exact.dealer import DealerEvaluator, compiled_trie
from twentyone.analysis.exact.game import make_solver
from twentyone.analysis.exact.shoe import full_shoe
from twentyone.analysis.exact.space import HandSpace
from twentyone.variants import find_variant

SMALL = (1, 0, 2, 0, 1, 0, 0, 3, 0, 4)
"""A shoe that lacks whole ranks (few hands, few dealer multisets)."""


@pytest.mark.parametrize(
    ("shoe", "charlie"),
    [(full_shoe(1), None), (full_shoe(2), 5), (full_shoe(6), None), (SMALL, None), ((0,) * 10, 7)],
)
def test_compiled_hand_space_equals_the_numpy_one(
    monkeypatch: pytest.MonkeyPatch, shoe: tuple[int, ...], charlie: int | None
) -> None:
    pair_first = np.array([[1] + [0] * 8 + [1], [2] + [0] * 9, [1, 1] + [0] * 8])
    for first in (None, pair_first):
        monkeypatch.setenv(ENV, "0")
        plain = HandSpace(shoe, charlie, first)
        monkeypatch.setenv(ENV, "1")
        fast = HandSpace(shoe, charlie, first)
        assert fast.layers == plain.layers
        for name in (
            "comps",
            "keys",
            "_order",
            "grown",
            "child",
            "ncards",
            "total",
            "soft",
            "stops",
        ):
            a, b = getattr(plain, name), getattr(fast, name)
            assert a.dtype == b.dtype, name
            assert np.array_equal(a, b), name
        for a, b in zip(plain.live_layers, fast.live_layers, strict=True):
            assert np.array_equal(a, b)


@pytest.mark.parametrize("hits_soft_17", [False, True])
def test_compiled_dealer_tables_and_tries_equal_the_numpy_ones(
    monkeypatch: pytest.MonkeyPatch, hits_soft_17: bool
) -> None:
    for up in range(10):
        monkeypatch.setenv(ENV, "0")
        dealer.dealer_table.cache_clear()
        plain = dealer.dealer_table(up, hits_soft_17)
        shoe = list(full_shoe(2))
        shoe[up] -= 1
        tries = [DealerEvaluator(s, up, hits_soft_17)._flat_trie() for s in (tuple(shoe), SMALL)]
        monkeypatch.setenv(ENV, "1")
        dealer.dealer_table.cache_clear()
        fast = dealer.dealer_table(up, hits_soft_17)
        for a, b in zip(
            (plain.counts, plain.orderings, plain.outcome),
            (fast.counts, fast.orderings, fast.outcome),
            strict=True,
        ):
            assert a.dtype == b.dtype
            assert np.array_equal(a, b)
        for s, expected in zip((tuple(shoe), SMALL), tries, strict=True):
            for a, b in zip(expected, compiled_trie(s, up, hits_soft_17), strict=True):
                assert a.shape == b.shape
                assert np.array_equal(a, b)
    dealer.dealer_table.cache_clear()


@pytest.mark.parametrize(("variant", "charlie"), [("standard", None), ("european", 5)])
def test_compiled_unsplit_values_equal_the_numpy_ones(
    monkeypatch: pytest.MonkeyPatch, variant: str, charlie: int | None
) -> None:
    rules = find_variant(variant).rules.replace(
        decks=1, charlie_cards=charlie, charlie_wins=charlie is not None
    )
    for up in (0, 4, 9):
        monkeypatch.setenv(ENV, "0")
        plain = make_solver(rules, up)
        monkeypatch.setenv(ENV, "1")
        fast = make_solver(rules, up)
        assert fast._compiled and not plain._compiled
        for name in ("_stand_st", "probs", "_hit_st", "_best_st", "_double_st"):
            assert np.array_equal(getattr(plain, name), getattr(fast, name)), name
        for name in ("_stand_ev", "_hit_ev", "_best_ev", "_double_ev"):
            np.testing.assert_allclose(getattr(fast, name), getattr(plain, name), atol=1e-14)


def test_the_compiled_dealer_store_gives_each_removal_its_vector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asked again, in another order, with repeats and new removals among known ones, the
    store answers what the NumPy trie sums for each removal."""
    monkeypatch.setenv(ENV, "1")
    rules = find_variant("standard").rules.replace(decks=2)
    solver = make_solver(rules, 9)
    rng = np.random.default_rng(12)
    shoe = np.array(solver.shoe)
    removed = np.minimum(rng.integers(0, 5, size=(4000, 10)), shoe)
    batches = [removed[:1500], removed[1000:3000], removed[::-1], removed[[5, 5, 7, 5]]]
    evaluator = DealerEvaluator(solver.shoe, 9, rules.dealer_hits_soft_17)
    weights = 64 ** np.arange(10, dtype=np.int64)
    for batch in batches:
        got = solver.dealer_rows(batch)
        keys, first = np.unique(batch @ weights, return_index=True)
        expected = dict(zip(keys.tolist(), evaluator.sums_numpy(batch[first]), strict=True))
        for key, vector in zip((batch @ weights).tolist(), got, strict=True):
            np.testing.assert_allclose(vector[:5], expected[key][:5], atol=1e-15)
            np.testing.assert_allclose(vector[6], expected[key][6], atol=1e-15)
            assert vector.sum() == pytest.approx(1.0)
        np.testing.assert_array_equal(solver.dealer_batch(batch), got)


def test_compiled_dealer_vectors_refuse_cards_the_shoe_lacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV, "1")
    solver = make_solver(find_variant("standard").rules.replace(decks=1), 9)
    too_many = np.zeros((2, 10), dtype=np.int64)
    too_many[1, 0] = 5  # one deck holds four aces
    with pytest.raises(ValueError, match="not in the shoe"):
        solver.dealer_rows(too_many)
    with pytest.raises(ValueError, match="not in the shoe"):
        solver.dealer_batch(too_many)
    # Nothing was kept: the good removal is computed afresh and is right.
    np.testing.assert_allclose(solver.dealer_rows(too_many[:1]).sum(), 1.0)


def test_the_compiled_store_grows_only_for_removals_it_lacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Asking again for every vector the unsplit pass stored (and for a few new ones) keeps the
    store's table as it is and answers what the trie sums for each removal."""
    monkeypatch.setenv(ENV, "1")
    solver = make_solver(find_variant("standard").rules, 0)
    space = solver.space
    stored = space.comps[solver.valid & (space.total <= 21)]
    table, _, _, count = solver._store
    assert count == len(stored)
    again = solver.dealer_rows(stored[::-1])
    assert len(solver._store[0]) == len(table) and solver._store[3] == count
    new = stored[:50].copy()
    new[:, 9] += 3  # busted: never a stored hand
    both = np.concatenate((stored[:100], new, new[:7]))
    got = solver.dealer_rows(both)
    assert len(solver._store[0]) == len(table) and solver._store[3] == count + 50
    np.testing.assert_array_equal(got, solver.dealer_batch(both))
    np.testing.assert_array_equal(again, solver.dealer_batch(stored[::-1]))


def test_the_compiled_trie_keeps_no_table_per_child_and_removal_size() -> None:
    """The root's factors are looked up per child: no array of the trie is as large as one row
    per removal size for each of the root's children (800 KB per up card for six decks)."""
    for up in (0, 9):
        shoe = list(full_shoe(6))
        shoe[up] -= 1
        trie = DealerEvaluator(tuple(shoe), up, False)._flat_trie()
        children = int(trie[1][1])
        per_size = (sum(shoe) + 1) * children
        assert max(a.size for a in trie) < per_size
        assert children > 10
