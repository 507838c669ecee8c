"""The reader of each request: the language its text is written in, and the operator's currency.

An ASGI middleware (the outermost, so refusals too are in the reader's language) reads the
language from the request — ``?lang=`` where the page names it (``GET /api/names?lang=it``),
else the ``Accept-Language`` header, which the browser client sets to the player's choice once
made (kept with the account, ``players.language``) and which is the browser's own until then —
and sets it, with ``ServerSettings.currency``, for everything the request runs
(:func:`twentyone.display.reading`). The response says which language it is in
(``Content-Language``) and that it depends on ``Accept-Language`` (``Vary``).
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from twentyone.display import negotiate, pick_language, reading
from twentyone.server.settings import ServerSettings


def request_language(scope: Scope) -> str:
    """The language a request asks for: ``?lang=``, else ``Accept-Language``, else English."""
    query: bytes = scope.get("query_string", b"")
    if b"lang=" in query:
        wanted = parse_qs(query.decode("latin-1")).get("lang")
        if wanted:
            return pick_language(wanted[0])
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            return negotiate(value.decode("latin-1"))
    return negotiate(None)


class Language:
    """The middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.currency = settings.currency

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language = request_language(scope)

        async def reply(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-language", language.encode("latin-1")))
                headers.append((b"vary", b"Accept-Language"))
                message = {**message, "headers": headers}
            await send(message)

        with reading(language, currency=self.currency):
            await self.app(scope, receive, reply)
