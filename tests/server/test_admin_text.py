"""The back office's texts: the ``admin.*`` keys of the message catalogues, in English and Italian.

Read from the PO files themselves (not through the code that serves them): every English key has
an Italian text and every Italian key an English one, with the same placeholders; every key the
back office's code names is in the catalogues; and the Italian is Italian, not the English left
in place (the few words the two languages share are listed).
"""

from __future__ import annotations

import re
from pathlib import Path
from string import Formatter

from babel.messages.pofile import read_po

import twentyone
from twentyone import catalogues

ADMIN = Path(twentyone.__file__).parent / "server" / "static" / "admin"
SAME_IN_BOTH = {
    "admin.app.title": "twentyone — back office",
    "admin.brand": "back office",
    "admin.nav.main": "Back office",
    "admin.login.title": "Back office",
    "admin.login.password": "Password",
    "admin.level.standard": "Standard",
    "admin.word.no": "No",
    "admin.word.none": "—",
    "admin.protection.limit-name": "{kind}, {period}",
}
"""Texts Italian writes as English does (a loanword, a name, a sign)."""


def _admin(language: str) -> dict[str, str]:
    with catalogues.po_path(language).open("rb") as handle:
        return {
            str(m.id): str(m.string or "")
            for m in read_po(handle)
            if m.id and str(m.id).startswith("admin.")
        }


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def test_every_english_back_office_key_has_an_italian_text_and_the_reverse() -> None:
    english, italian = _admin("en"), _admin("it")
    assert len(english) > 150  # the whole back office, not a few keys
    assert sorted(set(english) - {k for k, v in italian.items() if v.strip()}) == []
    assert sorted(set(italian) - {k for k, v in english.items() if v.strip()}) == []


def test_the_italian_keeps_every_placeholder() -> None:
    english, italian = _admin("en"), _admin("it")
    differ = {
        k: (english[k], italian[k]) for k in english if _fields(english[k]) != _fields(italian[k])
    }
    assert differ == {}


def test_the_italian_is_not_the_english_left_in_place() -> None:
    english, italian = _admin("en"), _admin("it")
    same = sorted(k for k in english if english[k] == italian[k] and k not in SAME_IN_BOTH)
    assert same == []
    assert italian["admin.nav.players"] == "Giocatori"
    assert italian["admin.col.balance"] == "Saldo"
    assert italian["admin.audit.title"] == "Registro di controllo"
    assert italian["admin.player.ledger"] == "Registro contabile"


def test_every_key_the_back_office_names_is_in_the_catalogues() -> None:
    """The pages name their keys in full ("admin.players.title"), in the JavaScript and as
    ``data-text`` in the page's HTML."""
    english = _admin("en")
    sources = [*ADMIN.rglob("*.js"), ADMIN / "index.html"]
    named = set()
    for path in sources:
        named |= set(
            re.findall(r"[\"'](admin\.[a-z0-9.-]+)[\"']", path.read_text(encoding="utf-8"))
        )
    assert len(named) > 150
    assert sorted(named - set(english)) == []


def test_no_english_text_is_left_in_the_back_office_code() -> None:
    """A text a person reads is a key, never English written in the page's code (the HTML's
    first texts, before the catalogue is read, are drawn again from their ``data-text`` keys;
    the store's own English reasons are matched in audit.js to be shown in the reader's
    language, so they may stand there)."""
    html = (ADMIN / "index.html").read_text(encoding="utf-8")
    for tag, text in re.findall(r"(<(?:a|button|span|small|p|h1|h2)\b[^>]*>)([^<]+)<", html):
        assert "data-text=" in tag or text.strip() in {"twenty", "one"}, tag  # the brand
    english = _admin("en")
    shown = {
        text
        for key, text in english.items()
        if len(text) > 3 and key not in SAME_IN_BOTH and not key.startswith("admin.reason.")
    }
    for path in ADMIN.rglob("*.js"):
        literals = set(re.findall(r'"([^"\n]+)"', path.read_text(encoding="utf-8")))
        assert sorted(literals & shown) == [], path.name
