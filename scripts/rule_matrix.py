"""Print the rule traceability matrix (rule -> the tests that check it) as Markdown.

    python scripts/rule_matrix.py [--out FILE] [--missing]

The rules are the sentences of ``tests/rules/*.toml`` (the four seed documents and the SPEC's
decisions); a test cites a rule with ``@pytest.mark.rule("<id>")``. One table per book: rule id,
source section, the exact sentence, and the tests citing it (``file::test``, run them with
``pytest tests/<file>::<test>``). ``--missing`` prints only the rules no test cites (exit 1 when
there is one).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "rules"))

from rulebook import Rule, citations, load_rules, matrix


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def render(rules: list[Rule], tests: dict[str, list[str]]) -> str:
    """The Markdown document: a summary per book, then one table per book."""
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
        out += ["| rule | section | sentence | tests |", "|---|---|---|---|"]
        for rule in book:
            if rule.outside is not None:
                checks = f"outside: {_cell(rule.outside)}"
            else:
                checks = "<br>".join(f"`tests/{t}`" for t in tests[rule.id]) or "**none**"
            out.append(f"| {rule.id} | {_cell(rule.section)} | {_cell(rule.text)} | {checks} |")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="write the Markdown here (default: stdout)")
    parser.add_argument("--missing", action="store_true", help="only the rules without a test")
    args = parser.parse_args(argv)
    rules = load_rules()
    tests = matrix(rules, citations())
    if args.missing:
        missing = [r for r in rules if r.outside is None and not tests[r.id]]
        for rule in missing:
            print(f"{rule.id}\t{rule.text}")
        return 1 if missing else 0
    text = render(rules, tests)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
