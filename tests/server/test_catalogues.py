"""Issue 14: every text a player reads comes from the message catalogues, in English and Italian.

The catalogues are gettext PO files (``src/twentyone/locale/{en,it}/LC_MESSAGES/messages.po``,
msgid = the stable key). These tests read the code itself (Python with ``ast``, the browser
client's JavaScript and HTML as text) to check that every key the code names is in the
catalogues and that every catalogue key is used somewhere, and that the Italian catalogue has a
text, with the same placeholders, for every English key.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from pathlib import Path
from string import Formatter

from babel.messages.pofile import read_po
from test_api_names import _error_codes

import twentyone
from twentyone import catalogues, display
from twentyone.cards import Rank, Suit
from twentyone.engine import Action, Outcome, Phase
from twentyone.sidebets.paytables import OUTCOMES, SideBetName, paytable_names
from twentyone.table.wallet import EntryKind
from twentyone.variants import all_variants

PACKAGE = Path(twentyone.__file__).parent
STATIC = PACKAGE / "server" / "static"
RULES_TEXT = PACKAGE / "rulestext.py"
NAMESPACES = {key.split(".", 1)[0] for key in display.TEXT}
KEY_SHAPE = re.compile(r"^[a-z][a-z0-9-]*(?:\.[A-Za-z0-9-]+)+$")
PIECE = "([A-Za-z0-9.-]+)"
FILE_NAME = re.compile(r"\.(py|js|css|html|json|toml|po|csv|txt)$")


def _po(language: str) -> dict[str, str]:
    with catalogues.po_path(language).open("rb") as handle:
        return {str(m.id): str(m.string or "") for m in read_po(handle) if m.id}


def _python_sources() -> Iterable[Path]:
    return (p for p in PACKAGE.rglob("*.py") if "alembic" not in p.parts)


def _js_sources() -> Iterable[Path]:
    """The player client's and the back office's (whose texts are the ``admin.*`` keys)."""
    return [*(STATIC / "js").rglob("*.js"), *(STATIC / "admin").rglob("*.js")]


def _fstring_pattern(node: ast.JoinedStr) -> str:
    parts = []
    for value in node.values:
        if isinstance(value, ast.Constant):
            parts.append(re.escape(str(value.value)))
        else:
            parts.append(PIECE)
    return "".join(parts)


def _code_strings() -> tuple[set[str], set[str], set[str]]:
    """Every string literal of the code (Python, JavaScript, the page's HTML), the keys
    rulestext's ``_t("decks")`` may read (``rules.decks``), and every pattern a key is built
    from (an f-string or a template literal: ``outcome.{slug}``)."""
    literals: set[str] = set()
    rules_keys: set[str] = set()
    patterns: set[str] = set()
    for path in _python_sources():
        rules = path == RULES_TEXT  # its _t("decks") reads the key rules.decks
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
                if rules:
                    rules_keys.add(f"rules.{node.value}")
            elif isinstance(node, ast.JoinedStr):
                pattern = _fstring_pattern(node)
                patterns.add(pattern)
                if rules:
                    patterns.add(r"rules\." + pattern)
    for path in _js_sources():
        source = path.read_text(encoding="utf-8")
        literals |= set(re.findall(r'"([^"\\\n]*)"', source))
        for numbers in re.findall(r"\[([\d,\s]+)\]", source):  # [1, 7, 30]: a key's parts
            literals |= {n.strip() for n in numbers.split(",") if n.strip()}
        for template in re.findall(r"`([^`]*)`", source):
            if "${" in template:
                pattern = "".join(
                    PIECE if part.startswith("${") else re.escape(part)
                    for part in re.split(r"(\$\{[^}]*\})", template)
                    if part
                )
                patterns.add(pattern)
            else:
                literals.add(template)
    for page in (STATIC / "index.html", STATIC / "admin" / "index.html"):
        literals |= set(re.findall(r'"([^"\n]*)"', page.read_text()))
    return literals, rules_keys, patterns


def _slugs() -> set[str]:
    """The slugs a key is built from: every enum value and registry name of the code."""
    slugs = {v.name for v in all_variants()}
    for enum in (Action, Outcome, Phase, EntryKind, SideBetName, Rank, Suit):
        slugs |= {str(member.value) for member in enum}
    for bet in SideBetName:
        slugs |= set(OUTCOMES[bet]) | set(paytable_names(bet))
    return slugs | _error_codes() | {str(n) for n in range(1, 20)}


def test_every_key_is_in_both_catalogues() -> None:
    english, italian = _po("en"), _po("it")
    assert english, "the English catalogue is empty"
    only_english = sorted(set(english) - set(italian))
    only_italian = sorted(set(italian) - set(english))
    assert not only_english, f"keys missing from the Italian catalogue: {only_english}"
    assert not only_italian, f"Italian keys the English catalogue lacks: {only_italian}"
    assert all(text.strip() for text in english.values())


def test_every_english_key_has_an_italian_text() -> None:
    """Keys added in English only (another helper's branch, a new feature) are listed here by
    name: translate them with ``python scripts/catalogue.py add KEY "English" "Italiano"``."""
    missing = catalogues.untranslated("it")
    assert not missing, "keys without an Italian text:\n  " + "\n  ".join(missing)


def test_italian_texts_keep_every_placeholder() -> None:
    english, italian = _po("en"), _po("it")

    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in Formatter().parse(template) if name is not None}

    differ = {
        key: (sorted(fields(english[key])), sorted(fields(text)))
        for key, text in italian.items()
        if text and fields(text) != fields(english[key])
    }
    assert not differ, differ


def test_every_key_the_code_names_is_in_the_catalogue() -> None:
    """A literal such as ``t("table.place-bets")`` or ``text("term.bye")`` is a key."""
    literals, _, _ = _code_strings()
    named = {s for s in literals if KEY_SHAPE.match(s) and s.split(".", 1)[0] in NAMESPACES}
    named = {s for s in named if not FILE_NAME.search(s)}  # table.css, rules.py
    assert sorted(named - set(display.TEXT)) == []


def test_no_catalogue_key_is_unused() -> None:
    """Each key is named by the code, literally or by a pattern (``outcome.{slug}``) filled with
    one of the code's own slugs or literals; a key nothing reads is dead text."""
    literals, rules_keys, patterns = _code_strings()
    words = literals | _slugs()
    literals |= rules_keys
    compiled = [re.compile(p) for p in patterns if PIECE in p and not p.startswith(PIECE)]

    def used(key: str) -> bool:
        if key in literals:
            return True
        for pattern in compiled:
            found = pattern.fullmatch(key)
            if found and all(
                all(part in words for part in group.split(".")) for group in found.groups()
            ):
                return True
        return False

    unused = [key for key in display.TEXT if not used(key)]
    assert unused == [], "keys no code reads:\n  " + "\n  ".join(unused)


def test_the_italian_game_terms_are_the_documents() -> None:
    """Seed 001 (the Italian Lucky 7 page): Banco, Carta, Stai, Raddoppia, Dividi, Assicurazione,
    pagamento alla pari."""
    it = catalogues.table("it")
    assert it["replay.dealer"] == "Banco"
    assert it["action.hit"] == "Carta"
    assert it["action.stand"] == "Stai"
    assert it["action.double"] == "Raddoppia"
    assert it["action.split"] == "Dividi"
    assert it["phase.insurance"] == "Assicurazione"
    assert it["button.even-money"] == "Pagamento alla pari"
    dealer_words = [k for k, v in it.items() if re.search(r"\bdealer\b", v, re.I)]
    assert dealer_words == [], dealer_words
