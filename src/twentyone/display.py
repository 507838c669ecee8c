"""What a person reads: every display name and person-facing sentence, in the reader's language.

The engine, the side bets, the pay tables, the variants and the errors speak in stable slugs
(``suited-777``, ``qh-pair``, ``invalid-bet``); nothing a person reads is built from one. Every
string lives in the message catalogues (:mod:`twentyone.catalogues`: one gettext PO file per
language, the msgid a stable key such as ``"side-outcome.lucky-lucky.suited-777"``) and is read
with :func:`text`. The browser fetches the same table from ``GET /api/names``; the terminal, the
statement labels and the error sentences read it here.

The language (and the operator's currency) is the reader's: :func:`reading` sets it for a
request, a terminal game or a command (a context variable), ``text(key, lang="it")`` names it
for one string. Amounts, percentages and times are written the reader's way with Babel
(``€1.234,50`` in Italian, ``$1,234.50`` in English; play money without a symbol).

Hands are counted from 1 and named the same way everywhere: ``Spot 2`` for a spot's only hand,
``Spot 2 · Hand 1`` once it has been split.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from babel.core import Locale
from babel.dates import format_datetime
from babel.numbers import NumberPattern, format_decimal, parse_pattern

from twentyone.catalogues import LANGUAGES, SOURCE_LANGUAGE, table

TEXT: Mapping[str, str] = table(SOURCE_LANGUAGE)
"""Every person-facing string in English (the source language), keyed by a stable id: the
English catalogue, read only. A new string is added to both catalogues in one step:
``python scripts/catalogue.py add KEY "English text" "Testo italiano"``."""

LOCALES: dict[str, str] = {"en": "en-US", "it": "it-IT"}
"""The locale each language writes numbers, money and times in (BCP 47, as ``Intl`` takes)."""


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads: the language, and the operator's currency (``None``: play money)."""

    language: str = SOURCE_LANGUAGE
    currency: str | None = None


_PLAIN = Reader()
_READER: ContextVar[Reader] = ContextVar("twentyone_reader", default=_PLAIN)


def pick_language(wanted: str | None) -> str:
    """A supported language for ``wanted`` (``it``, ``it-IT``, ``IT``), else English."""
    code = (wanted or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else SOURCE_LANGUAGE


@lru_cache(maxsize=256)
def negotiate(accept_language: str | None) -> str:
    """The best supported language of an ``Accept-Language`` header (q-values honoured; a
    browser sends the same header every time, so the answers are kept)."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        code = tag.strip().lower().split("-")[0]
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if code in LANGUAGES and quality > 0:
            choices.append((-quality, index, code))
    return min(choices)[2] if choices else SOURCE_LANGUAGE


def reader() -> Reader:
    """The reader of the current request, game or command."""
    return _READER.get()


def language() -> str:
    """The current reader's language."""
    return _READER.get().language


@contextmanager
def reading(language: str | None = None, *, currency: str | None = None) -> Iterator[Reader]:
    """Everything inside reads in ``language`` (a supported code; else English), amounts in
    ``currency`` (``None``: play money)."""
    token = _READER.set(Reader(pick_language(language), currency))
    try:
        yield _READER.get()
    finally:
        _READER.reset(token)


OUTCOME_KIND: dict[str, str] = {
    "win": "win",
    "blackjack": "win",
    "charlie": "win",
    "even-money": "win",
    "insurance-win": "win",
    "side-win": "win",
    "push": "push",
    "surrender": "lose",
    "dealer-blackjack-refund": "lose",
    "bet-lost-double-returned": "lose",
    "stake-returned": "push",
    "bet-returned-double-lost": "lose",
    "lose": "lose",
    "bust": "lose",
    "insurance-lose": "lose",
    "side-lose": "lose",
}
"""How an outcome reads at a glance (its colour): ``win``, ``push`` or ``lose``."""

NEUTRAL = "—"
"""What a person sees where a name is missing (never the slug)."""


@dataclass(frozen=True, slots=True)
class MoneyFormat:
    """How amounts are written: ``locale`` (BCP 47) sets the separators, ``currency`` is an ISO
    4217 code written as its symbol before the amount, ``None`` for play money (a neutral
    ``1,234.50`` / ``1.234,50``)."""

    locale: str = "en-US"
    currency: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (what ``Intl.NumberFormat`` in the browser needs)."""
        return {"locale": self.locale, "currency": self.currency}


PLAY_MONEY = MoneyFormat()
"""Play money in English."""


def money_format() -> MoneyFormat:
    """The current reader's format: their language's separators, the operator's currency."""
    current = _READER.get()
    return MoneyFormat(LOCALES[current.language], current.currency)


def _babel_locale(tag: str) -> str:
    return tag.replace("-", "_")


class MissingNameError(KeyError):
    """A slug without a display name: a bug (the names test enumerates every slug)."""


def texts(lang: str | None = None) -> Mapping[str, str]:
    """Every key's text in ``lang`` (default: the current reader's language)."""
    return table(pick_language(lang) if lang else _READER.get().language)


def text(key: str, *, lang: str | None = None, **values: object) -> str:
    """The string with id ``key`` in ``lang`` (default: the reader's), its ``{placeholders}``
    filled (the one translation hook).

    >>> text("hand.spot", spot=2), text("hand.spot", lang="it", spot=2)
    ('Spot 2', 'Posto 2')
    """
    try:
        template = texts(lang)[key]
    except KeyError:
        raise MissingNameError(key) from None
    return template.format(**values) if values else template


def has_text(key: str) -> bool:
    """Whether ``key`` is in the catalogues."""
    return key in TEXT


def _name(key: str) -> str:
    return texts().get(key, NEUTRAL)


def catalogue_text() -> dict[str, str]:
    """The names an operator's games catalogue gives (``$TWENTYONE_GAMES``): each game's title
    and description, and each extra pay table's description, for the ids the shipped table
    does not name. The operator wrote them for people, so they are shown as written."""
    from twentyone.sidebets.paytables import SideBetName, find_paytable, paytable_names
    from twentyone.variants import all_variants

    extra: dict[str, str] = {}
    for variant in all_variants():
        extra.setdefault(f"variant.{variant.name}", variant.title)
        extra.setdefault(f"variant-description.{variant.name}", variant.description)
    for bet in SideBetName:
        for name in paytable_names(bet):
            table = find_paytable(bet, name)
            if table.description:
                extra.setdefault(f"paytable.{bet.value}.{name}", table.description)
    return {key: value for key, value in extra.items() if key not in TEXT}


def variant_name(slug: str) -> str:
    """``lucky-lucky`` → ``Lucky Lucky Blackjack``; a catalogue game by its own title."""
    key = f"variant.{slug}"
    return texts()[key] if key in TEXT else catalogue_text().get(key, NEUTRAL)


def variant_description(slug: str) -> str:
    """A game's one-paragraph description; a catalogue game by its own."""
    key = f"variant-description.{slug}"
    return texts()[key] if key in TEXT else catalogue_text().get(key, NEUTRAL)


def outcome_name(slug: str) -> str:
    """A hand or wager outcome: ``bust`` → ``Bust``."""
    return _name(f"outcome.{slug}")


def side_bet_name(slug: str) -> str:
    """``lucky-ladies`` → ``Lucky Ladies``."""
    return _name(f"side-bet.{slug}")


def side_outcome_name(side_bet: str, slug: str) -> str:
    """``("lucky-lucky", "suited-777")`` → ``Suited 7-7-7``; ``lose`` → ``No win``."""
    if slug == "lose":
        return text("side-outcome.lose")
    return _name(f"side-outcome.{side_bet}.{slug}")


def paytable_name(side_bet: str, slug: str) -> str:
    """``("lucky-lucky", "felt")`` → ``Online pay table``; an operator's own table by its
    description elsewhere, here a neutral name."""
    key = f"paytable.{side_bet}.{slug}"
    if key in TEXT:
        return texts()[key]
    return catalogue_text().get(key, text("paytable.other"))


def action_name(slug: str) -> str:
    """``hit`` → ``Hit``."""
    return _name(f"action.{slug}")


def move_name(slug: str) -> str:
    """A decision as the hint offers it: ``hit`` → ``Hit``, ``insurance`` → ``Take insurance``."""
    if f"hint.action.{slug}" in TEXT:
        return text(f"hint.action.{slug}")
    return action_name(slug)


def hint_line(action: str, ev: float, bet: int, *, best: bool, basic: bool) -> str:
    """One line of a hint: the move, its value as a share of the bet and in money, marks.

    >>> hint_line("stand", -0.5425, 1000, best=False, basic=True)
    'Stand               -54.2% of the bet     -5.42  · Basic strategy'
    """
    marks = [text("hint.best")] if best else []
    if basic and not best:
        marks.append(text("hint.basic"))
    mark = f"  · {', '.join(marks)}" if marks else ""
    value = format_money(round(ev * bet))
    share = ("+" if ev >= 0 else "-") + format_number(abs(ev) * 100, 1) + "%"
    return (
        f"{move_name(action):<18} {text('hint.of-the-bet', share=f'{share:>7}')} {value:>9}{mark}"
    )


def phase_name(slug: str) -> str:
    """Where a round stands: ``player`` → ``Your turn``."""
    return _name(f"phase.{slug}")


def entry_kind_name(slug: str) -> str:
    """A ledger entry's kind: ``grant`` → ``Play money``."""
    return _name(f"entry.{slug}")


def round_status_name(slug: str) -> str:
    """``settled`` → ``Finished``."""
    return _name(f"round-status.{slug}")


def hand_label(spot: int, hand: int = 1, hands_on_spot: int = 1) -> str:
    """A hand counted from 1: ``Spot 2`` alone, ``Spot 2 · Hand 1`` after a split.

    >>> hand_label(2), hand_label(2, 1, 2)
    ('Spot 2', 'Spot 2 · Hand 1')
    """
    if hands_on_spot > 1:
        return text("hand.spot-hand", spot=spot, hand=hand)
    return text("hand.spot", spot=spot)


def wager_label(
    kind: str,
    spot: int,
    hand: int | None = None,
    *,
    name: str | None = None,
    hands_on_spot: int = 1,
    doubled: bool = False,
) -> str:
    """A wager counted from 1 (``spot`` and ``hand`` are 1-based).

    >>> wager_label("hand", 1, 2, hands_on_spot=2, doubled=True)
    'Spot 1 · Hand 2 (doubled)'
    >>> wager_label("insurance", 1), wager_label("side", 3, name="lucky-ladies")
    ('Insurance · Spot 1', 'Lucky Ladies · Spot 3')
    """
    where = hand_label(spot)
    if kind == "insurance":
        return text("wager.insurance", spot=where)
    if kind == "side":
        return text("wager.side", side_bet=side_bet_name(name or ""), spot=where)
    label = hand_label(spot, hand or 1, hands_on_spot)
    return text("hand.doubled", label=label) if doubled else label


def format_number(value: float, digits: int = 0, lang: str | None = None) -> str:
    """A number with the reader's separators: ``1,000`` in English, ``1.000`` in Italian."""
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    locale = LOCALES[pick_language(lang) if lang else language()]
    return format_decimal(value, format=pattern, locale=_babel_locale(locale))


def format_percent(value: float | Fraction, digits: int = 2) -> str:
    """A ratio as a percentage: ``0.9951`` → ``99.51%`` (``99,51%`` in Italian; the exact
    fraction goes in a detail).

    >>> format_percent(Fraction(9951, 10000)), format_percent(0.5, 0)
    ('99.51%', '50%')
    """
    return f"{format_number(float(value) * 100, digits)}%"


def format_money(minor: int, fmt: MoneyFormat | None = None) -> str:
    """Minor units in the reader's format (``fmt``, default :func:`money_format`): play money
    ``1,234.50`` (Italian ``1.234,50``), a currency ``$1,234.50`` (Italian ``€1.234,50``).

    >>> format_money(123450), format_money(-500, MoneyFormat(currency="USD"))
    ('1,234.50', '-$5.00')
    >>> format_money(123450, MoneyFormat("it-IT", "EUR"))
    '€1.234,50'
    """
    fmt = fmt or money_format()
    locale, pattern = _money_pattern(fmt.locale)
    # Whole minor units: the decimal text is exact (no float rounding).
    amount = pattern.apply(Decimal(abs(minor)).scaleb(-2), locale)
    sign = "-" if minor < 0 else ""
    if fmt.currency is None:
        return f"{sign}{amount}"
    return f"{sign}{_currency_symbol(fmt.currency, fmt.locale)}{amount}"


@lru_cache(maxsize=16)
def _money_pattern(tag: str) -> tuple[Locale, NumberPattern]:
    return Locale.parse(_babel_locale(tag)), parse_pattern("#,##0.00")


@lru_cache(maxsize=64)
def _currency_symbol(code: str, tag: str) -> str:
    from babel.numbers import get_currency_symbol

    symbol = get_currency_symbol(code, locale=_babel_locale(tag))
    return symbol if symbol != code else f"{code} "


def format_time(moment: datetime, lang: str | None = None) -> str:
    """A moment as the reader writes it: ``Dec 1, 2026, 9:12 AM``, ``1 dic 2026, 09:12``."""
    locale = LOCALES[pick_language(lang) if lang else language()]
    return format_datetime(moment, format="medium", locale=_babel_locale(locale))


# -- error sentences ------------------------------------------------------------------------

_MESSAGE_SENTENCES: tuple[tuple[str, re.Pattern[str], str], ...] = (
    ("invalid-bet", re.compile(r"is already at the maximum of (\d+)"), "error.bet-at-max"),
    ("invalid-bet", re.compile(r"is over the maximum of (\d+)"), "error.bet-over-max"),
    ("invalid-bet", re.compile(r"side bet needs a main bet"), "error.side-needs-main"),
    ("invalid-bet", re.compile(r"^chip \d+ is not offered"), "error.chip-not-offered"),
    ("invalid-bet", re.compile(r"^side bet \S+ is not offered"), "error.side-not-offered"),
    ("no-bets", re.compile(r"nothing to undo"), "error.nothing-to-undo"),
    ("no-bets", re.compile(r"no bets to clear"), "error.nothing-to-clear"),
    ("no-bets", re.compile(r"no bets to double"), "error.nothing-to-double"),
    ("no-bets", re.compile(r"no previous round"), "error.nothing-to-rebet"),
    ("no-bets", re.compile(r"before DEAL"), "error.deal-needs-bet"),
    *(
        (
            kind,
            re.compile(rf"over the {period} {kind.split('-')[0]} limit of (\d+)"),
            f"error.{kind}-{period}",
        )
        for kind in ("loss-limit", "stake-limit")
        for period in ("24h", "7d", "30d")
    ),
)
"""Refinements of a code's sentence for the refusals players meet most (the table layer's
messages); any amount in them is minor units and is written as money."""


def error_sentence(code: str, message: str = "", fmt: MoneyFormat | None = None) -> str:
    """One plain sentence for a person: no code, no number of cents.

    >>> error_sentence("invalid-bet", "spot 0 main bet is already at the maximum of 50000")
    'That bet is already at the table maximum of 500.00.'
    >>> error_sentence("no-such-code")
    'That could not be done.'
    """
    for refined_code, pattern, key in _MESSAGE_SENTENCES:
        if code != refined_code:
            continue
        found = pattern.search(message)
        if found:
            amounts = [format_money(int(group), fmt) for group in found.groups()]
            return text(key, amount=amounts[0]) if amounts else text(key)
    return texts().get(f"error.{code}", text("error.error"))


# -- ledger entries -------------------------------------------------------------------------

_DETAIL = re.compile(
    r"^(?P<void>void: )?spot (?P<spot>\d+)(?: hand (?P<hand>\d+))? (?P<what>\S+)(?: (?P<out>\S+))?$"
)

_WAGER_OF_DETAIL = {"hand": "hand", "double": "hand", "split": "hand", "insurance": "insurance"}


def entry_label(
    kind: str,
    detail: str,
    *,
    positions: tuple[int, ...] | None = None,
    hands_on_spot: Mapping[int, int] | None = None,
) -> str:
    """A ledger entry as a person reads it (``spot 0 hand 0 hand`` → ``Bet · Spot 1``).

    ``detail`` is the ledger's own record (:func:`twentyone.table.wallet.round_postings`
    writes ``spot <i> [hand <j>] <kind or side bet> [<outcome>]``, 0-based in play order);
    ``positions`` maps those spots to the table's spots, ``hands_on_spot`` counts each spot's
    hands so an unsplit hand reads ``Spot 1``.

    >>> entry_label("wager", "spot 0 hand 0 hand")
    'Bet · Spot 1'
    >>> entry_label("payout", "spot 1 lucky-ladies qh-pair", positions=(0, 2))
    'Lucky Ladies · Spot 3 · Queen of hearts pair'
    """
    if kind == "grant":
        if detail == "opening balance":
            return text("entry.opening")
        if detail == "top-up":
            return text("entry.top-up")
        return text("entry.grant")
    found = _DETAIL.match(detail)
    if found is None:
        return entry_kind_name(kind)
    engine_spot = int(found["spot"])
    spot = positions[engine_spot] if positions and engine_spot < len(positions) else engine_spot
    hand = None if found["hand"] is None else int(found["hand"])
    what, outcome = found["what"], found["out"]
    wager_kind = _WAGER_OF_DETAIL.get(what, "side")
    hands = (hands_on_spot or {}).get(engine_spot, 1)
    label = wager_label(
        wager_kind,
        spot + 1,
        None if hand is None else hand + 1,
        name=what if wager_kind == "side" else None,
        hands_on_spot=hands,
    )
    if found["void"]:
        return text("entry.void-of", label=label)
    if what in ("double", "split"):
        label = text(f"hand.{what}-stake", label=label)
    if kind == "wager":
        return text("entry.bet-on", label=label)
    if outcome is None:
        return label
    result = side_outcome_name(what, outcome) if wager_kind == "side" else outcome_name(outcome)
    return text("entry.paid-on", label=label, outcome=result)


def hands_per_spot(events: Iterable[Mapping[str, Any]]) -> dict[int, int]:
    """How many hands each spot of a round had, from its recorded events."""
    counts: dict[int, int] = {}
    for event in events:
        if event.get("type") == "WagerPlaced" and event.get("hand") is not None:
            spot = int(event["spot"])
            counts[spot] = max(counts.get(spot, 1), int(event["hand"]) + 1)
    return counts


Scope = Literal["player", "back-office-login", "back-office"]
"""Who a served catalogue is for: the player client (``GET /api/names``); the back office before
an administrator has logged in (its frame and login page); a logged-in administrator."""

BACK_OFFICE_LOGIN = (
    "admin.app.",
    "admin.brand",
    "admin.loading",
    "admin.nav.",
    "admin.login.",
    "admin.error.",
)
"""The back office's keys its login page reads (the frame, the form and its refusals)."""

SERVER_ONLY = ("term.",)
"""The keys only the server reads (the terminal game's), served to no browser."""


def in_scope(key: str, scope: Scope) -> bool:
    """Whether a catalogue served for ``scope`` holds ``key``: the back office's ``admin.*``
    keys are for administrators (the login page's few before one has logged in), every other
    key but the server's own is for everyone (the back office names games and outcomes too).

    >>> in_scope("action.hit", "player"), in_scope("admin.nav.players", "player")
    (True, False)
    >>> [in_scope(k, "back-office-login") for k in ("admin.login.title", "admin.col.day")]
    [True, False]
    >>> in_scope("admin.col.day", "back-office"), in_scope("term.bye", "back-office")
    (True, False)
    """
    if key.startswith(SERVER_ONLY):
        return False
    if not key.startswith("admin."):
        return True
    return scope == "back-office" or (
        scope == "back-office-login" and key.startswith(BACK_OFFICE_LOGIN)
    )


def catalogue(fmt: MoneyFormat | None = None, scope: Scope = "player") -> dict[str, Any]:
    """Everything ``GET /api/names`` (``scope`` player) or ``GET /api/admin/names`` serves, in
    the reader's language: the strings the client of ``scope`` reads (:func:`in_scope`), the
    outcome colours, the money format, the language and the languages a reader may pick."""
    strings = {key: value for key, value in texts().items() if in_scope(key, scope)}
    return {
        "language": language(),
        "languages": dict(LANGUAGES),
        "text": {**strings, **catalogue_text()},
        "outcome_kinds": dict(OUTCOME_KIND),
        "money": (fmt or money_format()).to_dict(),
    }
