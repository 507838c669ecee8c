"""Adds a display key to the message catalogues (English and Italian) in one step.

    python scripts/catalogue.py add KEY "English text" "Testo italiano"
    python scripts/catalogue.py add-dict FILE.py   # a file holding {key: english} or
                                                   # {key: (english, italian)}, or just the
                                                   # "key": "english", lines of a TEXT dict
    python scripts/catalogue.py missing            # keys that have no Italian text yet
    python scripts/catalogue.py remove KEY         # a key no code uses any more

The catalogues are ``src/twentyone/locale/{en,it}/LC_MESSAGES/messages.po`` (gettext PO, the
msgid is the stable key, the msgstr the text); the game reads them at run time, so nothing is
compiled. A key added with no Italian text is listed by ``missing`` and by the catalogue test.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent.parent / "src" / "twentyone" / "locale"


def _path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "messages.po"


def load(lang: str) -> Catalog:
    path = _path(lang)
    if not path.exists():
        return Catalog(locale=lang, project="twentyone", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def save(lang: str, catalog: Catalog) -> None:
    catalog.fuzzy = False
    with _path(lang).open("wb") as handle:
        write_po(handle, catalog, width=0, omit_header=False, sort_output=False)


def _put(catalog: Catalog, key: str, value: str) -> None:
    if key in catalog:
        catalog[key].string = value  # Catalog.add would keep the old text
    else:
        catalog.add(key, value)


def add(entries: dict[str, tuple[str, str]]) -> None:
    """``{key: (english, italian)}``: each key set in both catalogues (an empty Italian text
    leaves the Italian catalogue's entry untranslated)."""
    en, it = load("en"), load("it")
    for key, (english, italian) in entries.items():
        _put(en, key, english)
        if italian or key not in it:
            _put(it, key, italian)
    save("en", en)
    save("it", it)


def main(argv: list[str]) -> int:
    if len(argv) >= 3 and argv[0] == "add":
        add({argv[1]: (argv[2], argv[3] if len(argv) > 3 else "")})
        return 0
    if len(argv) == 2 and argv[0] == "add-dict":
        source = Path(argv[1]).read_text(encoding="utf-8").strip()
        try:
            data = ast.literal_eval(source)
        except (SyntaxError, ValueError):  # the entries alone, as they stood in display.TEXT
            data = ast.literal_eval("{" + source.rstrip(",") + "}")
        add(
            {
                k: (v, "") if isinstance(v, str) else (v[0], v[1] if len(v) > 1 else "")
                for k, v in data.items()
            }
        )
        return 0
    if len(argv) == 2 and argv[0] == "remove":
        for lang in ("en", "it"):
            catalog = load(lang)
            if argv[1] in catalog:
                catalog.delete(argv[1])
            save(lang, catalog)
        return 0
    if argv == ["missing"]:
        it = load("it")
        for message in load("en"):
            if message.id and not (message.id in it and it[message.id].string):
                print(message.id)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
