"""The exact analysis's compiled kernels (``analysis/exact/kernels.py``): where their disk cache
goes, that an unwritable folder is noticed (the kernels then compile in memory), and that the
compiled loops compute what the NumPy code computes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from twentyone.analysis.exact import kernels
from twentyone.analysis.exact.compiled import ENV, active, load
from twentyone.analysis.exact.dealer import _SUFFIX_WEIGHTS, DealerEvaluator, Outcome
from twentyone.analysis.exact.game import make_solver
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.player import _EPS, expect_children
from twentyone.analysis.exact.shoe import full_shoe
from twentyone.variants import find_variant


def test_cache_folder_follows_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TWENTYONE_CACHE_DIR", str(tmp_path))
    assert kernels.cache_dir().parent == tmp_path / "numba"
    monkeypatch.delenv("TWENTYONE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert kernels.cache_dir().parent == tmp_path / "xdg" / "twentyone" / "numba"
    assert kernels.cache_dir().name.startswith("exact-")


def test_an_unwritable_cache_folder_is_noticed(tmp_path: Path) -> None:
    assert kernels.writable(tmp_path / "new" / "folder")
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert not kernels.writable(blocker / "below")


@pytest.mark.parametrize("up", range(10))
def test_compiled_dealer_trie_equals_the_numpy_sums(
    monkeypatch: pytest.MonkeyPatch, up: int
) -> None:
    monkeypatch.setenv(ENV, "1")
    shoe = list(full_shoe(2))
    shoe[up] -= 1
    evaluator = DealerEvaluator(tuple(shoe), up, hits_soft_17=up % 2 == 0)
    rng = np.random.default_rng(up)
    removed = np.minimum(rng.integers(0, 4, size=(3000, 10)), np.array(shoe))
    _, first = np.unique(removed @ _SUFFIX_WEIGHTS, return_index=True)
    distinct = removed[first]
    expected = evaluator.sums_numpy(distinct)
    got = evaluator.probabilities(distinct)
    assert kernels.AVAILABLE
    np.testing.assert_allclose(got[:, : Outcome.BUST], expected[:, : Outcome.BUST], atol=1e-15)
    np.testing.assert_allclose(got[:, Outcome.BLACKJACK], expected[:, Outcome.BLACKJACK])
    np.testing.assert_allclose(got.sum(axis=1), 1.0)


@pytest.mark.parametrize("decks", [1, 6])
def test_compiled_root_rows_per_size_and_aces_give_each_removal_the_numpy_sums(
    monkeypatch: pytest.MonkeyPatch, decks: int
) -> None:
    """The compiled trie's root reads each removal's coefficients from one row per pair of
    removal size and aces, worked out the first time a removal has that pair. Removals that
    share pairs, that differ only in their aces, and more pairs than the first table's 16 rows
    get the sums of the NumPy code, which sums every removal's root on its own."""
    monkeypatch.setenv(ENV, "1")
    eye = np.eye(10, dtype=np.int64)
    small = [np.zeros(10, dtype=np.int64)]
    for a in range(10):
        for b in range(a, 10):
            small.append(eye[a] + eye[b])
            small += [eye[a] + eye[b] + eye[c] for c in range(b, 10)]
    # Each of them with one to three aces more too: removals that differ only in their aces.
    small += [hand + k * eye[0] for hand in small for k in (1, 2, 3)]
    rng = np.random.default_rng(decks)
    for up in (0, 5, 9):
        shoe = list(full_shoe(decks))
        shoe[up] -= 1
        evaluator = DealerEvaluator(tuple(shoe), up, hits_soft_17=False)
        larger = np.minimum(rng.integers(0, 4, size=(400, 10)), np.array(shoe))
        removed = np.concatenate((np.array(small), larger))
        removed = removed[np.all(removed <= np.array(shoe), axis=1)]
        _, first = np.unique(removed @ _SUFFIX_WEIGHTS, return_index=True)
        distinct = removed[first]
        pairs = {(int(r.sum()), int(r[0])) for r in distinct}
        assert len(pairs) > 16
        same_but_aces = distinct[1:, 1:] == distinct[:-1, 1:]
        assert np.count_nonzero(np.all(same_but_aces, axis=1)) > 200
        expected = evaluator.sums_numpy(distinct)
        got = evaluator.probabilities(distinct, distinct=True)
        np.testing.assert_allclose(
            got[:, : Outcome.BUST], expected[:, : Outcome.BUST], rtol=0, atol=1e-15
        )
        np.testing.assert_allclose(got[:, Outcome.BLACKJACK], expected[:, Outcome.BLACKJACK])


def test_compiled_hit_or_stand_pass_equals_the_layer_by_layer_numpy_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(ENV, "1")
    rules = find_variant("standard").rules.replace(decks=1)
    solver = make_solver(rules, 5)
    space = solver.space
    best_ev, best_st = solver._stand_ev.copy(), solver._stand_st.copy()
    for rows in reversed(space.live_layers):
        ev, st = expect_children(solver.probs[rows], space.child[rows], best_ev, best_st)
        assert np.array_equal(ev, solver._hit_ev[rows])
        assert np.array_equal(st, solver._hit_st[rows])
        take = ev > solver._stand_ev[rows] + _EPS
        best_ev[rows] = np.where(take, ev, best_ev[rows])
        best_st[rows] = np.where(take, st, best_st[rows])
    assert np.array_equal(best_ev, solver._best_ev)
    assert np.array_equal(best_st, solver._best_st)


@pytest.mark.parametrize("variant", ["standard", "european"])
def test_the_numpy_path_gives_the_compiled_figures(
    monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """Without Numba every loop runs as NumPy code: the same figures (to the last bits the
    dealer trie's reordered sums may change)."""
    rules = find_variant(variant).rules.replace(decks=1, max_split_hands=4, resplit_aces=True)
    monkeypatch.setenv(ENV, "1")
    assert active()
    compiled = house_edge(rules, "cdp")
    monkeypatch.setenv(ENV, "0")
    assert not active()
    plain = house_edge(rules, "cdp")
    assert plain.ev == pytest.approx(compiled.ev, abs=1e-14)
    for a, b in zip(plain.up_cards, compiled.up_cards, strict=True):
        assert a.ev == pytest.approx(b.ev, abs=1e-14)
        assert a.stake == pytest.approx(b.stake, abs=1e-14)


def test_kernels_run_once_numba_is_loaded_or_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert load()
    assert active()  # numba is loaded now
    monkeypatch.setenv(ENV, "0")
    assert not active()
    monkeypatch.setenv(ENV, "1")
    assert active()


def test_one_computation_in_a_fresh_process_does_not_load_numba() -> None:
    code = (
        "import sys\n"
        "from twentyone.analysis.exact.house_edge import house_edge\n"
        "from twentyone.rules import Rules\n"
        "r = house_edge(Rules(decks=1), shoe=(2, 2, 2, 2, 2, 2, 2, 2, 2, 8))\n"
        "print('numba' in sys.modules, -1 < r.ev < 1)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != ENV}
    out = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    )
    assert out.stdout.split() == ["False", "True"]
