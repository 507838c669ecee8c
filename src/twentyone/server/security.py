"""The request guard: language, body limit, cross-site refusal, CSRF token, security headers.

One ASGI middleware in front of the app and its play lane (:mod:`twentyone.server.lane`), one
wrapper of each request and its response where two middlewares would wrap it twice:

- **Language.** The request's reader (:mod:`twentyone.server.language`) is set for everything
  it runs, refusals included, and the response says its language.

- **Body limit.** A body over ``max_body_bytes`` (declared or streamed) is refused
  ``413 body-too-large`` before the app reads it; the refusal is a few hundred bytes.
- **Cross-site requests.** Every state-changing ``/api`` request (POST, PUT, PATCH, DELETE —
  logout too) must come from the game's own origin: an ``Origin`` that is not the request's own
  ``scheme://host`` (or one of ``allowed_origins``), or a ``Sec-Fetch-Site`` of ``same-site`` /
  ``cross-site``, is refused ``403 cross-site-request``.
- **CSRF token.** Besides, the request must carry ``X-CSRF-Token`` equal to the
  ``twentyone_csrf`` cookie (``403 csrf-token`` otherwise). Any response to a request without
  that cookie sets it (readable by the page's script, ``SameSite=Strict``). The token is what
  holds where ``Origin`` cannot tell: a page on another port of the same host or on a sibling
  subdomain may read or even overwrite the cookie, but a form or a ``no-cors`` fetch cannot send
  a custom header, and a CORS request with one needs a preflight this server never grants.
- **Headers.** A strict Content-Security-Policy (the interactive docs included: their assets
  are served from the package), ``nosniff``, no framing, ``no-store`` on the API, and HSTS
  when the request came over HTTPS (see :class:`~twentyone.server.settings.ServerSettings`).
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from twentyone.display import reading
from twentyone.server.errors import error_response
from twentyone.server.language import language_headers, request_language
from twentyone.server.settings import ServerSettings

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
CSRF_HEADER = "x-csrf-token"
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
STATIC_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def new_csrf_token() -> str:
    """A fresh random CSRF token (43 URL-safe characters)."""
    return secrets.token_urlsafe(32)


def _well_formed(token: str | None) -> bool:
    return token is not None and 32 <= len(token) <= 64 and set(token) <= _TOKEN_CHARS


def _cookies(raw: str) -> dict[str, str]:
    jar: dict[str, str] = {}
    for part in raw.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep and name not in jar:
            jar[name] = value.strip().strip('"')
    return jar


def is_secure(scope: Scope, settings: ServerSettings) -> bool:
    """Whether cookies are ``Secure`` and HSTS is sent for this request."""
    if settings.secure_cookies is not None:
        return settings.secure_cookies
    return bool(scope.get("scheme") == "https")


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings
        self.allowed = frozenset(o.rstrip("/").lower() for o in settings.allowed_origins)
        self.currency = settings.currency

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers: dict[str, str] = {}
        for name, value in scope["headers"]:
            key = name.decode("latin-1")
            if key not in headers:
                headers[key] = value.decode("latin-1")
        language = request_language(scope, headers.get("accept-language"))
        secure = is_secure(scope, self.settings)
        cookie = _cookies(headers.get("cookie", "")).get(self.settings.csrf_cookie_name)
        new_token = None if _well_formed(cookie) else new_csrf_token()
        reply = self._wrap_send(scope, send, secure, new_token, language)
        with reading(language, currency=self.currency):
            await self._guard(scope, receive, reply, headers, cookie)

    async def _guard(
        self,
        scope: Scope,
        receive: Receive,
        reply: Send,
        headers: dict[str, str],
        cookie: str | None,
    ) -> None:
        refusal = self._refusal(scope, headers, cookie)
        if refusal is not None:
            code, message = refusal
            await error_response(code, message)(scope, receive, reply)
            return
        if scope["method"] in SAFE_METHODS:
            await self.app(scope, receive, reply)
            return
        body = await self._read_body(receive)
        if body is None:
            limit = self.settings.max_body_bytes
            message = f"the request body is larger than {limit:,} bytes"
            await error_response("body-too-large", message)(scope, receive, reply)
            return
        await self.app(scope, replay(body, receive), reply)

    def _refusal(
        self, scope: Scope, headers: dict[str, str], cookie: str | None
    ) -> tuple[str, str] | None:
        declared = headers.get("content-length", "")
        limit = self.settings.max_body_bytes
        if declared.isdigit() and int(declared) > limit:
            return "body-too-large", f"the request body is larger than {limit:,} bytes"
        if scope["method"] in SAFE_METHODS or not scope["path"].startswith("/api/"):
            return None
        origin = headers.get("origin")
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}".lower()
        if origin is not None and origin.rstrip("/").lower() not in self.allowed | {own}:
            return "cross-site-request", "requests that change anything must come from the game"
        site = headers.get("sec-fetch-site")
        if site in {"same-site", "cross-site"} and (origin is None or origin.lower() == own):
            return "cross-site-request", "requests that change anything must come from the game"
        sent = headers.get(CSRF_HEADER)
        if not (_well_formed(cookie) and sent and hmac.compare_digest(sent, str(cookie))):
            return "csrf-token", "the X-CSRF-Token header must equal the twentyone_csrf cookie"
        return None

    async def _read_body(self, receive: Receive) -> list[Message] | None:
        """The request's body messages, or ``None`` once it passes the limit."""
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages
            size += len(message.get("body", b""))
            if size > self.settings.max_body_bytes:
                return None
            if not message.get("more_body", False):
                return messages

    def _wrap_send(
        self, scope: Scope, send: Send, secure: bool, token: str | None, language: str
    ) -> Send:
        api = scope["path"].startswith("/api/")
        settings = self.settings

        async def reply(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = language_headers(language)
                extra += [(n, v) for n, v in STATIC_HEADERS if n not in present]
                if api and b"cache-control" not in present:
                    extra.append((b"cache-control", b"no-store"))
                if secure:
                    hsts = f"max-age={settings.hsts_max_age}; includeSubDomains"
                    extra.append((b"strict-transport-security", hsts.encode()))
                if token is not None:
                    extra.append((b"set-cookie", _csrf_cookie(settings, token, secure)))
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        return reply


def _csrf_cookie(settings: ServerSettings, token: str, secure: bool) -> bytes:
    age = settings.session_days * 86_400
    cookie = f"{settings.csrf_cookie_name}={token}; Max-Age={age}; Path=/; SameSite=Strict"
    return (cookie + ("; Secure" if secure else "")).encode()


def replay(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that hands out ``messages`` (a body already read) before reading on."""
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay
