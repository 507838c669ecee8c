"""``scripts/rule_matrix.py``: the Markdown matrix, with a run's results from JUnit XML."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from rulebook import TESTS_DIR, Rule

SCRIPT = TESTS_DIR.parent / "scripts" / "rule_matrix.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rule_matrix", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RULES = [
    Rule("ll-59", "lucky-lucky", "seeds/000.txt", "RULES", "Blackjack pays 3 to 2."),
    Rule("ll-63.3", "lucky-lucky", "seeds/000.txt", "RULES", "No draw | when bust."),
    Rule("ll-2.1", "lucky-lucky", "seeds/000.txt", "summary", "A variant.", "no rule of play"),
]
TESTS = {
    "ll-59": ["engine/test_a.py::test_pays"],
    "ll-63.3": ["engine/test_b.py::TestDealer::test_stops"],
    "ll-2.1": [],
}
REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="tests.engine.test_a" name="test_pays[lucky-lucky]">
  <properties><property name="rule" value="ll-59"/></properties></testcase>
<testcase classname="tests.engine.test_a" name="test_pays[european]">
  <properties><property name="rule" value="ll-59"/></properties></testcase>
<testcase classname="tests.engine.test_b.TestDealer" name="test_stops">
  <properties><property name="rule" value="ll-63.3"/></properties>
  <failure message="assert 1 == 2"/></testcase>
</testsuite></testsuites>
"""


def test_matrix_rows_name_the_tests_and_the_reason_outside() -> None:
    text = _script().render(RULES, TESTS)
    assert (
        "| ll-59 | RULES | Blackjack pays 3 to 2. | `tests/engine/test_a.py::test_pays` |" in text
    )
    assert "No draw \\| when bust." in text  # a | in a sentence does not break the table
    assert "| ll-2.1 | summary | A variant. | outside: no rule of play |" in text
    assert "2 rules, checked by 2 tests (2 of 2 rules have a citing test)" in text


def test_a_run_marks_each_rule_passed_failed_or_not_run(tmp_path: Path) -> None:
    script = _script()
    report = tmp_path / "report.xml"
    report.write_text(REPORT, encoding="utf-8")
    results = script.verdicts(RULES, TESTS, script.junit_results(report))
    assert results == {"ll-59": "passed (2 cases)", "ll-63.3": "**1 of 1 failed**"}
    unrun = script.verdicts(
        RULES, {**TESTS, "ll-59": ["engine/test_c.py::test_gone"]}, script.junit_results(report)
    )
    assert unrun["ll-59"] == "**not run: `tests/engine/test_c.py::test_gone`**"
    assert "Test run: 1 of 2 rules passed every citing test case." in script.render(
        RULES, TESTS, results
    )
