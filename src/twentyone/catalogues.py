"""The message catalogues: every person-facing string, in each language the game speaks.

One gettext PO file per language, ``locale/<lang>/LC_MESSAGES/messages.po`` beside this module,
read at run time with Babel (nothing is compiled). The msgid is the string's stable key
(``side-outcome.lucky-lucky.suited-777``), the msgstr its text with ``{placeholders}``.

English is the source language: every key is in the English catalogue. A key with no Italian
text reads in English (``scripts/catalogue.py missing`` and the catalogue test list them).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType

from babel.messages.pofile import read_po

LOCALE_DIR = Path(__file__).parent / "locale"

LANGUAGES: dict[str, str] = {"en": "English", "it": "Italiano"}
"""The languages a player may pick, each named in itself (what the language switch shows)."""

SOURCE_LANGUAGE = "en"


def po_path(language: str) -> Path:
    """Where the catalogue of ``language`` lives."""
    return LOCALE_DIR / language / "LC_MESSAGES" / "messages.po"


@cache
def translations(language: str) -> MappingProxyType[str, str]:
    """The texts a language's catalogue holds, by key (untranslated entries left out)."""
    with po_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return MappingProxyType(
        {
            str(m.id): str(m.string)
            for m in catalog
            if m.id and isinstance(m.string, str) and m.string
        }
    )


@cache
def table(language: str) -> MappingProxyType[str, str]:
    """Every key with its text in ``language``: the English text where it has none."""
    if language == SOURCE_LANGUAGE:
        return translations(SOURCE_LANGUAGE)
    return MappingProxyType({**translations(SOURCE_LANGUAGE), **translations(language)})


def untranslated(language: str) -> list[str]:
    """The English keys ``language`` has no text for, in catalogue order."""
    own = translations(language)
    return [key for key in translations(SOURCE_LANGUAGE) if key not in own]
