"""Every rule of the rule book has a test citing it, and every citation names a rule.

The project's standard: "Each rule has a test that drives the engine with a scripted shoe and
cites the sentence it checks." The rule sentences are ``tests/rules/*.toml``; a test cites one
with ``@pytest.mark.rule("<id>")``. These checks read the test files' source (no collection),
so they cost a few milliseconds.
"""

from __future__ import annotations

import re
from collections import Counter

from rulebook import RULES_DIR, TESTS_DIR, citations, load_rules, matrix

ID = re.compile(r"^(ll|l7|eu|lad|spec)-[0-9a-z.\-]+$")


def test_every_rule_has_a_citing_test() -> None:
    """A listed rule (not marked ``outside``) that no test cites fails here, by id and text."""
    rules = load_rules()
    tests = matrix(rules, citations())
    missing = [f"{r.id}: {r.text}" for r in rules if r.outside is None and not tests[r.id]]
    assert missing == []


def test_every_citation_names_a_listed_rule() -> None:
    """A misspelt id, or one of a rule marked ``outside``, is not a citation."""
    rules = {r.id: r for r in load_rules()}
    unknown = [f"{c.test}: {c.rule}" for c in citations() if c.rule not in rules]
    outside = [
        f"{c.test}: {c.rule}" for c in citations() if c.rule in rules and rules[c.rule].outside
    ]
    assert unknown == []
    assert outside == []


def test_rule_ids_are_unique_and_well_formed() -> None:
    rules = load_rules()
    counts = Counter(r.id for r in rules)
    assert [i for i, n in counts.items() if n > 1] == []
    assert [r.id for r in rules if not ID.match(r.id)] == []
    assert all(r.text.strip() and r.section.strip() for r in rules)
    assert all(r.outside is None or r.outside.strip() for r in rules)


def test_every_seed_rule_quotes_its_line_exactly() -> None:
    """A seed rule's text is its document's words, on the line its id names (``ll-59``: line 59
    of ``seeds/000_...txt``, the unchanged copy of the seed beside the books)."""
    wrong = []
    for rule in load_rules():
        if not rule.source.startswith("seeds/"):
            continue
        lines = (RULES_DIR / rule.source).read_text(encoding="utf-8").split("\n")
        number = int(rule.id.split("-", 1)[1].split(".")[0])
        if " ".join(rule.text.split()) not in " ".join(lines[number - 1].split()):
            wrong.append(rule.id)
    assert wrong == []


def test_the_check_sees_a_citation_and_a_missing_one(tmp_path: object) -> None:
    """The scanner is not vacuous: it finds citations in decorators and in ``pytest.param``."""
    from pathlib import Path

    root = Path(str(tmp_path))
    (root / "test_x.py").write_text(
        "import pytest\n"
        "@pytest.mark.rule('ll-1')\n"
        "def test_a(): ...\n"
        "@pytest.mark.parametrize('v', [pytest.param(1, marks=pytest.mark.rule('eu-3'))])\n"
        "def test_b(v): ...\n"
        "class TestC:\n"
        "    @pytest.mark.rule('l7-5')\n"
        "    def test_d(self): ...\n"
        "def test_uncited(): ...\n",
        encoding="utf-8",
    )
    found = {(c.rule, c.test) for c in citations(root)}
    assert found == {
        ("ll-1", "test_x.py::test_a"),
        ("eu-3", "test_x.py::test_b"),
        ("l7-5", "test_x.py::TestC::test_d"),
    }
    assert TESTS_DIR.name == "tests"
