"""The split pass's compiled kernels (``analysis/exact/kernels_split.py``) compute what the NumPy
split pass of :meth:`SplitSolver.prepare` computes: the same rows, action codes and layers, and
the same values to the bit, given the same dealer vectors (both passes run with the compiled
dealer, one solver, so the vectors are the same)."""

from __future__ import annotations

import numpy as np
import pytest

from twentyone.analysis.exact import kernels
from twentyone.analysis.exact.basic import BasicPolicy
from twentyone.analysis.exact.compiled import ENV, active
from twentyone.analysis.exact.game import OptimalPolicy, make_solver
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.analysis.exact.split import SplitSolver
from twentyone.rules import PeekMode, Rules, SplitBy
from twentyone.variants import find_variant

_STANDARD = find_variant("standard").rules.replace(decks=1)
_RULES = {
    "split to 4, resplit and hit aces": _STANDARD.replace(resplit_aces=True, hit_split_aces=True),
    "split once, H17, no DAS": _STANDARD.replace(
        max_split_hands=2, dealer_hits_soft_17=True, double_after_split=False
    ),
    # No peek and the split bets safe from a dealer blackjack: the first hand's values apart.
    "no peek, five-card Charlie, tens by rank": _STANDARD.replace(
        decks=2,
        peek=PeekMode.NONE,
        bj_takes_split_vs_ten=False,
        bj_takes_split_vs_ace=False,
        bj_takes_double_vs_ten=False,
        charlie_cards=5,
        split_by=SplitBy.RANK,
    ),
}
_POLICIES = ("optimal", "cdp1", "cdp", "basic")


def _policy(rules: Rules, up: int, kind: str) -> OptimalPolicy | BasicPolicy:
    solver = make_solver(rules, up)
    if kind == "basic":
        return BasicPolicy(solver)
    return OptimalPolicy(solver, first_hand_play=kind == "cdp1", by_hands=kind == "cdp")


@pytest.mark.parametrize("kind", _POLICIES)
@pytest.mark.parametrize("name", list(_RULES))
def test_the_compiled_split_pass_equals_the_numpy_pass(
    monkeypatch: pytest.MonkeyPatch, name: str, kind: str
) -> None:
    monkeypatch.setenv(ENV, "1")
    assert kernels.AVAILABLE and active()
    standard = SplitSolver._standard_solver
    for up in (0, 5, 9):
        policy = _policy(_RULES[name], up, kind)
        splits = policy.splits
        seen = []
        for use in (False, True):
            monkeypatch.setattr(
                SplitSolver, "_standard_solver", lambda self, u=use: u and standard(self)
            )
            assert splits._compiled() is use
            splits.reset()
            splits.prepare()
            plays = {key: code.copy() for key, code in splits._pair_play.items()}
            pairs = [p for p in range(10) if policy.solver.shoe[p] >= 2]
            values = {p: splits.value(p) for p in pairs}
            seen.append((splits.rows, splits._ev, splits._st, splits._ev_first, values, plays))
        before, *numpy_values, numpy_pairs, numpy_plays = seen[0]
        after, *compiled_values, compiled_pairs, compiled_plays = seen[1]
        assert before is not None and after is not None
        assert before.layers == after.layers
        for field in ("code", "context", "hand", "removed", "probs"):
            assert np.array_equal(getattr(before, field), getattr(after, field)), field
        for a, b in zip(numpy_values, compiled_values, strict=True):
            assert np.array_equal(a, b)
        assert numpy_pairs == compiled_pairs
        assert numpy_plays.keys() == compiled_plays.keys()
        assert bool(numpy_plays) is (kind in ("cdp1", "cdp"))
        for key, code in numpy_plays.items():
            assert np.array_equal(code, compiled_plays[key]), key


def test_a_solver_that_settles_its_own_way_keeps_the_numpy_pass(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kernels settle hands as :class:`UpcardSolver` does: a solver that settles otherwise
    (the advisor's split-hand solver) is valued by the NumPy pass, which calls its methods."""
    monkeypatch.setenv(ENV, "1")
    policy = _policy(_STANDARD, 5, "optimal")
    assert policy.splits._compiled()
    solver = policy.solver

    class Settles(type(solver)):  # type: ignore[misc]
        def settle_rows(self, *args: object, **kwargs: object) -> object:
            return super().settle_rows(*args, **kwargs)

    solver.__class__ = Settles
    assert not policy.splits._compiled()


def test_the_compiled_house_edge_equals_the_numpy_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """With Numba not loaded every loop is NumPy code: the same figures to 1e-14 (here with
    the first split hand's values apart)."""
    rules = _RULES["no peek, five-card Charlie, tens by rank"]
    monkeypatch.setenv(ENV, "1")
    compiled = house_edge(rules)
    monkeypatch.setenv(ENV, "0")
    plain = house_edge(rules)
    assert plain.ev == pytest.approx(compiled.ev, abs=1e-14)
    for a, b in zip(plain.up_cards, compiled.up_cards, strict=True):
        assert a.ev == pytest.approx(b.ev, abs=1e-14)
        assert a.stake == pytest.approx(b.stake, abs=1e-14)
