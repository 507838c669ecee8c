"""The rule book: the rule sentences of ``tests/rules/*.toml`` and the tests that cite them.

Each TOML file holds one game's (or SPEC's) rules, one ``[[rule]]`` per sentence: ``id``,
``section`` and the exact ``text`` of the source. A rule the engine and table do not decide (where
a button is drawn, a note about the casino's web site) carries ``outside = "why"`` instead of
being cited.

A test cites the rules it drives and checks with ``@pytest.mark.rule("ll-59", ...)`` (on the test
function or class, or in a ``pytest.param(..., marks=...)`` of its parametrize). Citations are
read from the test files' source, without importing or collecting them, so the check is cheap.
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent
TESTS_DIR = RULES_DIR.parent
ORDER = ("lucky-lucky", "lucky-7", "european", "lucky-ladies", "spec")
"""The order of the books in the matrix (a file not listed here comes after, by name)."""


@dataclass(frozen=True)
class Rule:
    """One rule sentence of a source document."""

    id: str
    game: str
    source: str
    section: str
    text: str
    outside: str | None = None


@dataclass(frozen=True)
class Citation:
    """One test (``path::name``, path relative to ``tests/``) citing one rule."""

    rule: str
    test: str
    line: int


def load_rules(directory: Path = RULES_DIR) -> list[Rule]:
    """Every rule of every book, in book order then file order."""
    books = sorted(directory.glob("*.toml"), key=_book_order)
    rules: list[Rule] = []
    for book in books:
        data = tomllib.loads(book.read_text(encoding="utf-8"))
        for entry in data["rule"]:
            rules.append(
                Rule(
                    id=entry["id"],
                    game=data["game"],
                    source=data["source"],
                    section=entry["section"],
                    text=entry["text"],
                    outside=entry.get("outside"),
                )
            )
    return rules


def _book_order(path: Path) -> tuple[int, str]:
    stem = path.stem
    return (ORDER.index(stem) if stem in ORDER else len(ORDER), stem)


def citations(directory: Path = TESTS_DIR) -> list[Citation]:
    """Every ``mark.rule(...)`` citation in the test files under ``directory``."""
    found: list[Citation] = []
    for path in sorted(directory.rglob("test_*.py")):
        source = path.read_text(encoding="utf-8")
        if "mark.rule(" not in source:
            continue
        name = path.relative_to(directory).as_posix()
        found.extend(_cited_in(ast.parse(source), name))
    return found


def _cited_in(tree: ast.Module, path: str) -> list[Citation]:
    found: list[Citation] = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            class_ids = _ids_in(node.decorator_list)
            for member in node.body:
                if _is_test(member):
                    assert isinstance(member, ast.FunctionDef)
                    ids = class_ids + _ids_in(member.decorator_list)
                    test = f"{path}::{node.name}::{member.name}"
                    found.extend(Citation(i, test, member.lineno) for i in ids)
        elif _is_test(node):
            assert isinstance(node, ast.FunctionDef)
            test = f"{path}::{node.name}"
            found.extend(Citation(i, test, node.lineno) for i in _ids_in(node.decorator_list))
    return found


def _is_test(node: ast.stmt) -> bool:
    return isinstance(node, ast.FunctionDef) and node.name.startswith("test")


def _ids_in(decorators: list[ast.expr]) -> list[str]:
    """The rule ids of every ``<...>.mark.rule("id", ...)`` call within the decorators."""
    ids: list[str] = []
    for decorator in decorators:
        for call in ast.walk(decorator):
            if (
                isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and call.func.attr == "rule"
                and isinstance(call.func.value, ast.Attribute)
                and call.func.value.attr == "mark"
            ):
                for arg in call.args:
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        raise ValueError(f"{ast.unparse(call)}: rule ids are string literals")
                    ids.append(arg.value)
    return ids


def matrix(
    rules: list[Rule] | None = None, cited: list[Citation] | None = None
) -> dict[str, list[str]]:
    """Rule id -> the tests citing it (in test-file order), for every rule of the book."""
    rules = load_rules() if rules is None else rules
    cited = citations() if cited is None else cited
    tests: dict[str, list[str]] = {rule.id: [] for rule in rules}
    for citation in cited:
        if citation.rule in tests and citation.test not in tests[citation.rule]:
            tests[citation.rule].append(citation.test)
    return tests
