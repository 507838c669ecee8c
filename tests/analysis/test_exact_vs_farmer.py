"""The exact house edge against Eric Farmer's combinatorial analyser on 360 rule sets.

Issue 12: "The figures match an independent exact reference to at least 1e-9 of a bet on every
rule set you can compare." ``tests/golden/exact/farmer.json`` holds what Farmer's analyser
(``blackjack.cpp`` of github.com/possibly-wrong/blackjack, the commit the file names; not part
of this project, run beside it) printed for every rule set it can express: 1, 2, 4, 6 and 8
decks, dealer stands or hits soft 17, double after split or not, split to 2 hands, to 4, or to 4
with aces resplit, double any two cards, 9-11 or 10-11, late surrender or none; always a peek,
3:2, split aces one card each. It gives the player's EV per initial bet for three post-split
plays: CDZ- (``optimal``), CDP1 and CDP. Each figure here comes from that program, not from
this one.

* CDZ- and CDP1 (SPEC section 3's split and double rules, resplits included): equal to 1e-12
  of a bet on every rule set.
* CDP: equal where hands are split once (both then play as CDP1). With resplits the two
  programmes define the play differently and both value their own play exactly: Farmer's CDP
  plays a split hand as is best with as many extra pair cards out of the shoe as the term of
  his split formula removes (a count that can include pair cards later hands draw), ours as is
  best for the number of hands on the spot when the hand is played (the information a player
  has then; the engine enumeration in ``test_exact_vs_engine_enumeration.py`` checks our value
  of that play). Neither is the best play of all, and they differ by at most 1.1e-7 of a bet:
  ours is the higher by up to that on most rule sets, equal on 8 decks S17 without DAS, and
  9e-12 below Farmer's on 8 decks H17 without DAS.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from twentyone.analysis.exact.compiled import ENV
from twentyone.analysis.exact.house_edge import house_edge
from twentyone.rules import DoubleOn, PeekMode, Rules, Surrender

DATA = json.loads(
    (Path(__file__).parents[1] / "golden" / "exact" / "farmer.json").read_text(encoding="utf-8")
)
ROWS: list[dict[str, Any]] = DATA["rule_sets"]
EXACT = 1e-12
"""Per initial bet: what the two float sums' rounding may leave (1e-9 is the issue's bar)."""
CDP_ABOVE, CDP_BELOW = 2e-7, 1e-10
"""How far our CDP may be above and below Farmer's different CDP play (see the module
docstring: 1.1e-7 and 9e-12 seen)."""


def _rules(row: dict[str, Any]) -> Rules:
    return Rules(
        decks=row["decks"],
        dealer_hits_soft_17=row["h17"],
        peek=PeekMode.ACE_AND_TEN,
        double_on=DoubleOn(row["double_on"]),
        double_after_split=row["das"],
        max_split_hands=row["max_split_hands"],
        resplit_aces=row["resplit_aces"],
        hit_split_aces=False,
        surrender=Surrender.LATE if row["late_surrender"] else Surrender.NONE,
    )


def _label(row: dict[str, Any]) -> str:
    split = {2: "split once", 4: "split to 4"}[row["max_split_hands"]]
    return (
        f"{row['decks']}D {'H17' if row['h17'] else 'S17'} {'DAS' if row['das'] else 'no DAS'} "
        f"{split}{' RSA' if row['resplit_aces'] else ''} double {row['double_on']}"
        f"{' LS' if row['late_surrender'] else ''}"
    )


def test_the_reference_file_covers_every_rule_set_once() -> None:
    """Every combination of the eight switches, once (the grid the issue measured)."""
    switches = ("decks", "h17", "das", "max_split_hands", "resplit_aces", "double_on")
    keys = {tuple(r[k] for k in (*switches, "late_surrender")) for r in ROWS}
    assert len(ROWS) == len(keys) == 360
    assert {r["decks"] for r in ROWS} == {1, 2, 4, 6, 8}


@pytest.mark.rule("spec-3.split", "spec-3.split-aces", "spec-3.double", "spec-3.double-after-split")
@pytest.mark.parametrize("decks", [1, 2, 4, 6, 8])
def test_cdz_equals_farmers_analyser(monkeypatch: pytest.MonkeyPatch, decks: int) -> None:
    """``--strategy optimal`` (CDZ-) on all 72 rule sets of a deck count, resplits included."""
    monkeypatch.setenv(ENV, "1")
    for row in (r for r in ROWS if r["decks"] == decks):
        got = house_edge(_rules(row), "optimal").ev
        assert got == pytest.approx(row["optimal"], abs=EXACT), _label(row)


@pytest.mark.rule("spec-3.split", "spec-3.double-after-split")
@pytest.mark.parametrize("decks", [1, 2, 4, 6, 8])
def test_cdp1_and_cdp_against_farmers_analyser(monkeypatch: pytest.MonkeyPatch, decks: int) -> None:
    """CDP1 equal on every rule set with doubling on any two cards; CDP equal when split once,
    and within :data:`CDP_ABOVE` / :data:`CDP_BELOW` of Farmer's different CDP play with
    resplits."""
    monkeypatch.setenv(ENV, "1")
    for row in (r for r in ROWS if r["decks"] == decks and r["double_on"] == "any"):
        rules = _rules(row)
        assert house_edge(rules, "cdp1").ev == pytest.approx(row["cdp1"], abs=EXACT), _label(row)
        cdp = house_edge(rules, "cdp").ev
        if row["max_split_hands"] == 2:
            assert cdp == pytest.approx(row["cdp"], abs=EXACT), _label(row)
        else:
            assert row["cdp"] - CDP_BELOW <= cdp <= row["cdp"] + CDP_ABOVE, _label(row)
