"""The web game: the JSON API and the browser client, served by one FastAPI app.

The server is the only authority: the client sends intentions (place a chip, deal, hit) and
renders what the table service answers; it never computes a result or a legal action itself.
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import anyio.to_thread
from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from twentyone.server import docs, errors, openapi
from twentyone.server.accounts import Accounts
from twentyone.server.admin_auth import AdminAuth
from twentyone.server.lane import PlayLane, Workers
from twentyone.server.routers import (
    admin,
    admin_players,
    admin_reports,
    admin_rounds,
    advice,
    auth,
    history,
    names,
    protection,
    rounds,
    tables,
    variants,
    wallet,
)
from twentyone.server.security import Guard
from twentyone.server.settings import RtpProvider, ServerSettings, exact_rtp
from twentyone.server.throttle import Throttles
from twentyone.store import db
from twentyone.store.service import TableService

STATIC = Path(__file__).parent / "static"
TAGS = (
    "auth",
    "variants",
    "tables",
    "rounds",
    "history",
    "names",
    "advice",
    "back office",
    "protection",
)
"""The API's sections, in the documents' order."""


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

    threads = db.worker_threads(table.engine)
    lane = Workers(threads)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # Sync endpoints run in this event loop's worker threads: as many as the store can
        # use (a SQLite file writes one transaction at a time; PostgreSQL waits on round trips).
        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        if owned:
            # What the app built at start-up lives as long as the process: keep it out of the
            # collector's full passes (one over it takes ~100 ms, a pause every request feels).
            gc.freeze()
            _app.state.advisor_warm_up = advice.warm_up()  # in the background
        yield
        lane.close()
        if owned:
            table.close()

    app = FastAPI(
        title="twentyone",
        summary="Casino blackjack variants: the web game API.",
        description=(
            "Play-money blackjack. Money is in minor units (cents). A visitor gets a guest "
            "account at once (`POST /api/auth/guest`, a session cookie). Errors are "
            '`{"error": {"code", "message"}}` with a stable code; a refused request changes '
            "nothing. Every POST must come from the game's own origin and carry the header "
            "`X-CSRF-Token` equal to the `twentyone_csrf` cookie (any response sets it). DEAL, "
            "REBET & DEAL, DOUBLE & DEAL and every decision take an `Idempotency-Key` header: "
            "a retry with the same key answers the first response and moves no money."
        ),
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_tags=[{"name": tag} for tag in TAGS],
    )
    app.state.service = table
    app.state.accounts = Accounts(table, config)
    app.state.admin_auth = AdminAuth(table, config)
    app.state.throttles = Throttles(config)
    app.state.settings = config
    app.state.rtp = rtp or exact_rtp
    errors.install(app)
    openapi.install(app)
    docs.install(app)
    app.add_middleware(
        PlayLane, service=table, accounts=app.state.accounts, settings=config, workers=lane
    )
    app.add_middleware(Guard, settings=config)  # outermost; the language too: refusals read in it

    # The play routers first: a request is matched against the routes in order (the documents'
    # order of sections is TAGS).
    for router in (
        tables.router,
        rounds.router,
        auth.router,
        variants.router,
        history.router,
        wallet.router,
        names.router,
        advice.router,
        advice.stats_router,
        names.back_office,
        admin.router,
        admin.pages,
        admin_players.router,
        admin_rounds.router,
        admin_reports.router,
        protection.router,
    ):
        app.include_router(router)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app
