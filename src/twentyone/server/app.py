"""The web game: the JSON API and the browser client, served by one FastAPI app.

The server is the only authority: the client sends intentions (place a chip, deal, hit) and
renders what the table service answers; it never computes a result or a legal action itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from twentyone.server import errors
from twentyone.server.accounts import Accounts
from twentyone.server.routers import (
    advice,
    auth,
    history,
    names,
    rounds,
    tables,
    variants,
    wallet,
)
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

    @app.middleware("http")
    async def security_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        if request.url.path not in _DOCS:  # the interactive docs load their own assets
            for name, value in _SECURITY_HEADERS.items():
                response.headers.setdefault(name, value)
        if request.url.path.startswith("/api/"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    for router in (
        auth.router,
        variants.router,
        tables.router,
        rounds.router,
        history.router,
        wallet.router,
        names.router,
        advice.router,
        advice.stats_router,
    ):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
