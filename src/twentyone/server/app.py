"""The web game: the JSON API and the browser client, served by one FastAPI app.

The server is the only authority: the client sends intentions (place a chip, deal, hit) and
renders what the table service answers; it never computes a result or a legal action itself.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from twentyone.server import errors
from twentyone.server.accounts import Accounts
from twentyone.server.routers import auth, history, names, rounds, tables, variants, wallet
from twentyone.server.settings import RtpProvider, ServerSettings, exact_rtp
from twentyone.store.service import TableService

STATIC = Path(__file__).parent / "static"

_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
_DOCS = frozenset({"/docs", "/redoc", "/docs/oauth2-redirect"})


class SecurityHeaders:
    """Adds the security headers (and ``no-store`` to the API's answers) to every response.

    Pure ASGI: it only wraps ``send``, without the task and the body stream per request that
    a ``@app.middleware("http")`` function costs.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                if path not in _DOCS:  # the interactive docs load their own assets
                    for name, value in _SECURITY_HEADERS.items():
                        headers.setdefault(name, value)
                if path.startswith("/api/"):
                    headers.setdefault("Cache-Control", "no-store")
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    service: TableService | None = None,
    *,
    db_url: str | None = None,
    settings: ServerSettings | None = None,
    rtp: RtpProvider | None = None,
) -> FastAPI:
    """The web app over ``service`` (default: the store at ``db_url``, closed at shutdown).

    Tests pass a service dealing from a scripted shoe, and a quick ``rtp`` provider.
    """
    owned = service is None
    table = service if service is not None else TableService.open(db_url)
    config = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if owned:
            # What the app built at start-up lives as long as the process: keep it out of the
            # collector's full passes (one over it takes ~100 ms, a pause every request feels).
            gc.freeze()
        yield
        if owned:
            table.close()

    app = FastAPI(
        title="twentyone",
        summary="Casino blackjack variants: the web game API.",
        description=(
            "Play-money blackjack. Money is in minor units (cents). A visitor gets a guest "
            "account at once (`POST /api/auth/guest`, a session cookie). Errors are "
            '`{"error": {"code", "message"}}` with a stable code; a refused request changes '
            "nothing."
        ),
        version="1",
        lifespan=lifespan,
    )
    app.state.service = table
    app.state.accounts = Accounts(
        table, session_days=config.session_days, password_cost=config.password_cost
    )
    app.state.settings = config
    app.state.rtp = rtp or exact_rtp
    errors.install(app)

    app.add_middleware(SecurityHeaders)

    for router in (
        auth.router,
        variants.router,
        tables.router,
        rounds.router,
        history.router,
        wallet.router,
        names.router,
    ):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
