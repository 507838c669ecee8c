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

from rule_switches import SWITCHES
from twentyone.catalogue import InvalidCatalogueError, parse_catalogue
from twentyone.errors import InvalidRulesError
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, Surrender
from twentyone.variants import PRESETS, TABLE


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
