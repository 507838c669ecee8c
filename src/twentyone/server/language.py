"""The reader of each request: the language its text is written in, and the operator's currency.

The request guard (:class:`~twentyone.server.security.Guard`, the one ASGI middleware in front of
the app, so refusals too are in the reader's language) reads the language from the request —
``?lang=`` where the page names it (``GET /api/names?lang=it``), else the ``Accept-Language``
header, which the browser client sets to the player's choice once made (kept with the account,
``players.language``) and which is the browser's own until then — and sets it, with
``ServerSettings.currency``, for everything the request runs
(:func:`twentyone.display.reading`). The response says which language it is in
(``Content-Language``) and that it depends on ``Accept-Language`` (``Vary``):
:func:`language_headers`.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.types import Scope

from twentyone.display import negotiate, pick_language


def request_language(scope: Scope, accept: str | None = None) -> str:
    """The language a request asks for: ``?lang=``, else ``Accept-Language`` (``accept``: the
    header's value, when the caller has read it already), else English."""
    query: bytes = scope.get("query_string", b"")
    if b"lang=" in query:
        wanted = parse_qs(query.decode("latin-1")).get("lang")
        if wanted:
            return pick_language(wanted[0])
    if accept is None:
        for name, value in scope.get("headers", ()):
            if name == b"accept-language":
                accept = value.decode("latin-1")
                break
    return negotiate(accept)


def language_headers(language: str) -> list[tuple[bytes, bytes]]:
    """The response headers that say ``language`` and that it follows ``Accept-Language``."""
    return [(b"content-language", language.encode("latin-1")), (b"vary", b"Accept-Language")]
