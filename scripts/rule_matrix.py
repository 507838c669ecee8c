"""Print the rule traceability matrix (rule -> the tests that check it) as Markdown.

    python scripts/rule_matrix.py [--out FILE] [--missing] [--junit REPORT.xml]

The rules are the sentences of ``tests/rules/*.toml`` (the four seed documents and the SPEC's
decisions); a test cites a rule with ``@pytest.mark.rule("<id>")``. One table per book: rule id,
source section, the exact sentence, and the tests citing it (``file::test``, run them with
``pytest tests/<file>::<test>``). ``--missing`` prints only the rules no test cites (exit 1 when
there is one). ``--junit`` adds each rule's result from a run's JUnit XML
(``pytest --junitxml=REPORT.xml``; every test case carries its cited rules as ``rule``
properties): "passed (N cases)", or how many of its cases failed or were skipped; the exit
status is 1 when a rule's test failed or did not run.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "rules"))

from rulebook import Rule, citations, load_rules, matrix


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


Run = tuple[dict[str, Counter[str]], set[str]]
"""A test run: rule id -> its cases' results, and the tests the run holds."""


def _test_id(case: ET.Element) -> str:
    """``engine/test_x.py::test_y`` (the matrix's name) of a JUnit test case."""
    parts = case.get("classname", "").split(".")
    module = max((i for i, part in enumerate(parts) if part.startswith("test_")), default=0)
    path = "/".join(parts[1 : module + 1]) + ".py"  # parts[0] is "tests"
    name = case.get("name", "").split("[", 1)[0]
    return "::".join([path, *parts[module + 1 :], name])


def junit_results(report: Path) -> Run:
    """Rule id -> how many of its test cases passed, failed or were skipped; and the tests run."""
    results: dict[str, Counter[str]] = {}
    ran: set[str] = set()
    for case in ET.parse(report).getroot().iter("testcase"):
        ran.add(_test_id(case))
        if case.find("failure") is not None or case.find("error") is not None:
            status = "failed"
        elif case.find("skipped") is not None:
            status = "skipped"
        else:
            status = "passed"
        for prop in case.iter("property"):
            if prop.get("name") == "rule":
                results.setdefault(prop.get("value", ""), Counter())[status] += 1
    return results, ran


def verdict(counts: Counter[str] | None, missing: list[str]) -> str:
    """One rule's result: "passed (N cases)", or what went wrong (a citing test not run too)."""
    if missing:
        return "**not run: " + ", ".join(f"`tests/{t}`" for t in missing) + "**"
    if not counts:
        return "**not run**"
    total = sum(counts.values())
    if counts["passed"] == total:
        return f"passed ({total} case{'s' if total > 1 else ''})"
    bad = [f"{counts[k]} of {total} {k}" for k in ("failed", "skipped") if counts[k]]
    return "**" + ", ".join(bad) + "**"


def verdicts(rules: list[Rule], tests: dict[str, list[str]], run: Run) -> dict[str, str]:
    """Each checked rule's result in the run."""
    results, ran = run
    return {
        r.id: verdict(results.get(r.id), [t for t in tests[r.id] if t not in ran])
        for r in rules
        if r.outside is None
    }


def render(
    rules: list[Rule], tests: dict[str, list[str]], results: dict[str, str] | None = None
) -> str:
    """The Markdown document: a summary per book, then one table per book (with the results
    of a run, when given)."""
    checked = [r for r in rules if r.outside is None]
    distinct = {t for r in checked for t in tests[r.id]}
    games: dict[str, list[Rule]] = {}
    for rule in rules:
        games.setdefault(rule.game, []).append(rule)
    out = [
        "# Rule traceability matrix",
        "",
        f"{len(checked)} rules, checked by {len(distinct)} tests "
        f"({sum(1 for r in checked if tests[r.id])} of {len(checked)} rules have a citing test); "
        f"{len(rules) - len(checked)} more sentences are outside the engine and table, each with "
        "the reason. Run a test with `pytest <test>`.",
        "",
    ]
    if results is not None:
        passed = sum(1 for v in results.values() if v.startswith("passed"))
        out += [f"Test run: {passed} of {len(checked)} rules passed every citing test case.", ""]
    out += [
        "| book | source | rules | with a test | outside |",
        "|---|---|---|---|---|",
    ]
    for game, book in games.items():
        inside = [r for r in book if r.outside is None]
        covered = sum(1 for r in inside if tests[r.id])
        out.append(
            f"| {game} | {book[0].source} | {len(inside)} | {covered} | {len(book) - len(inside)} |"
        )
    out.append("")
    for game, book in games.items():
        out += [f"## {game} ({book[0].source})", ""]
        if results is None:
            out += ["| rule | section | sentence | tests |", "|---|---|---|---|"]
        else:
            out += ["| rule | section | sentence | tests | result |", "|---|---|---|---|---|"]
        for rule in book:
            if rule.outside is not None:
                checks = f"outside: {_cell(rule.outside)}"
            else:
                checks = "<br>".join(f"`tests/{t}`" for t in tests[rule.id]) or "**none**"
            row = f"| {rule.id} | {_cell(rule.section)} | {_cell(rule.text)} | {checks} |"
            if results is not None:
                row += f" {results.get(rule.id, '-')} |"
            out.append(row)
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the Markdown here (default: stdout)")
    parser.add_argument("--missing", action="store_true", help="only the rules without a test")
    parser.add_argument("--junit", type=Path, help="a pytest --junitxml report: add the results")
    args = parser.parse_args(argv)
    rules = load_rules()
    tests = matrix(rules, citations())
    if args.missing:
        missing = [r for r in rules if r.outside is None and not tests[r.id]]
        for rule in missing:
            print(f"{rule.id}\t{rule.text}")
        return 1 if missing else 0
    results = verdicts(rules, tests, junit_results(args.junit)) if args.junit else None
    text = render(rules, tests, results)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    if results is None:
        return 0
    return 0 if all(v.startswith("passed") for v in results.values()) else 1


if __name__ == "__main__":
    raise SystemExit(main())
