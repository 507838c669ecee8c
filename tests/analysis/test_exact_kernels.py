"""The exact analysis's compiled kernels (``analysis/exact/kernels.py``): where their disk cache
goes, that an unwritable folder is noticed (the kernels then compile in memory), and that the
compiled dealer trie sums what the NumPy code sums."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from twentyone.analysis.exact import kernels
from twentyone.analysis.exact.dealer import _SUFFIX_WEIGHTS, DealerEvaluator, Outcome
from twentyone.analysis.exact.shoe import full_shoe


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
def test_compiled_dealer_trie_equals_the_numpy_sums(up: int) -> None:
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
