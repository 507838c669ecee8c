"""Property: a catalogue entry's rules mean exactly what :class:`Rules` means. Any set of rule
switches either builds the same ``Rules`` through a catalogue as in code, or -- when ``Rules``
rejects the combination -- makes the catalogue report it, and nothing else, as a mistake."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentyone.catalogue import InvalidCatalogueError, parse_catalogue
from twentyone.errors import InvalidRulesError
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, Surrender
from twentyone.variants import PRESETS, TABLE

SWITCHES: dict[str, st.SearchStrategy[Any]] = {
    "decks": st.integers(1, 8),
    "max_spots": st.integers(1, 7),
    "dealer_hits_soft_17": st.booleans(),
    "peek": st.sampled_from(list(PeekMode)),
    "dealer_first_card_face_down": st.booleans(),
    "bj_takes_double_vs_ace": st.booleans(),
    "bj_takes_split_vs_ten": st.booleans(),
    "double_on": st.sampled_from(list(DoubleOn)),
    "double_hard_only": st.booleans(),
    "double_after_split": st.booleans(),
    "split_by": st.sampled_from(list(SplitBy)),
    "max_split_hands": st.integers(1, 4),
    "resplit_aces": st.booleans(),
    "hit_split_aces": st.booleans(),
    "blackjack_pays": st.sampled_from([Fraction(3, 2), Fraction(6, 5), Fraction(1)]),
    "insurance": st.booleans(),
    "even_money": st.booleans(),
    "charlie_cards": st.none() | st.integers(5, 11),
    "charlie_wins": st.booleans(),
    "surrender": st.sampled_from(list(Surrender)),
}


def _as_data(value: object) -> object:
    """How the switch is written in a catalogue (JSON)."""
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return str(value) if isinstance(value, (PeekMode, DoubleOn, SplitBy, Surrender)) else value


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(PRESETS),
    changes=st.dictionaries(st.sampled_from(list(SWITCHES)), st.none(), max_size=6).flatmap(
        lambda keys: st.fixed_dictionaries({k: SWITCHES[k] for k in keys})
    ),
)
def test_catalogue_rules_agree_with_rules(base: Any, changes: dict[str, Any]) -> None:
    entry = {
        "name": "prop-game",
        "title": "Property game",
        "base": base.name,
        "rules": {k: _as_data(v) for k, v in changes.items()},
    }
    data = json.loads(json.dumps({"games": [entry]}))
    try:
        expected: Rules | None = Rules.from_dict(changes, base=base.rules)
    except InvalidRulesError as exc:
        expected, problems = None, str(exc).split("; ")
    if expected is not None:
        catalogue = parse_catalogue(data, "prop.json", bases=PRESETS, table=TABLE)
        assert catalogue.games[0].rules == expected
        assert catalogue.games[0].rules.version() == expected.version()
        return
    with pytest.raises(InvalidCatalogueError) as raised:
        parse_catalogue(data, "prop.json", bases=PRESETS, table=TABLE)
    lines = raised.value.problems
    assert len(lines) == len(problems)
    assert all(line.startswith('prop.json: game "prop-game", ') for line in lines)
