"""Cross-site attacks from a real Chromium page on another port of the same host (issue 10,
reproduction 4): the attacker's page is served on 127.0.0.1 too, so it is the *same site* as
the game (SameSite=Lax cookies go with its requests) and can even read the game's cookies
(cookies are not kept apart by port). Each attack must reach the server and be refused.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from server_helpers import Shoes, live_server, quick_rtp
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

CHROMIUM = os.environ.get("TWENTYONE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        _missing("the playwright package is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


class Recorder:
    """ASGI wrapper noting every request the game server answers: (method, path, status)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.seen: list[tuple[str, str, int]] = []

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def noting(message: Any) -> None:
            if message["type"] == "http.response.start":
                self.seen.append((scope["method"], scope["path"], message["status"]))
            await send(message)

        await self.app(scope, receive, noting)


def attacker_app(game: str) -> Starlette:
    """The attacker's pages: a form, a no-cors fetch, a logout form, a fetch with the token."""
    deal = f"{game}/api/tables/european/deal"
    pages = {
        "/form": f"""<form id=f method=post action="{deal}" enctype="text/plain">
            <input name='{{"x":"' value='"}}'></form><script>f.submit()</script>""",
        "/no-cors": f"""<script>fetch("{deal}", {{method: "POST", mode: "no-cors",
            credentials: "include", body: "{{}}"}}).finally(() => document.title = "sent")
            </script>""",
        "/logout": f"""<form id=f method=post action="{game}/api/auth/logout"></form>
            <script>f.submit()</script>""",
        "/with-token": f"""<script>
            const token = (document.cookie.match(/twentyone_csrf=([^;]+)/) || [])[1] || "none";
            fetch("{deal}", {{method: "POST", credentials: "include",
              headers: {{"X-CSRF-Token": token, "Content-Type": "application/json"}}}})
              .then(() => document.title = "answered", () => document.title = "blocked");
            </script>""",
    }

    def page(request: Any) -> HTMLResponse:
        return HTMLResponse(f"<!doctype html><title>attack</title>{pages[request.url.path]}")

    return Starlette(routes=[Route(path, page) for path in pages])


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Recorder]]:
    home = tmp_path_factory.mktemp("xsite")
    service = TableService.open(
        f"sqlite:///{home / 'x.db'}", key=Fernet.generate_key(), shoe_factory=Shoes()
    )
    game = Recorder(
        create_app(service, settings=ServerSettings(password_cost=2**10), rtp=quick_rtp)
    )
    with live_server(game) as game_url, live_server(attacker_app(game_url)) as attacker_url:
        yield game_url, attacker_url, game
    service.close()


def _api(page: Page, method: str, path: str, body: object = None) -> Any:
    """A request from the game's own page, as its client sends it (with the CSRF header)."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const token = (document.cookie.match(/twentyone_csrf=([^;]+)/) || [])[1];
            const headers = {"Content-Type": "application/json"};
            if (method !== "GET") headers["X-CSRF-Token"] = token;
            const init = {method, headers, credentials: "same-origin"};
            if (body !== null) init.body = JSON.stringify(body);
            const r = await fetch(path, init);
            return {status: r.status, body: r.status === 204 ? null : await r.json()};
        }""",
        [method, path, body],
    )


def _victim(browser: Browser, game: str) -> tuple[Any, Page]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{game}/static/favicon.svg")  # any GET on the game sets the CSRF cookie
    assert _api(page, "POST", "/api/auth/guest")["status"] == 200
    bet = _api(page, "POST", "/api/tables/european/bets", {"spot": 0, "chip": 1000})
    assert bet["status"] == 200, bet
    return context, page


def _money(page: Page) -> tuple[Any, ...]:
    table = _api(page, "GET", "/api/tables/european")["body"]
    history = _api(page, "GET", "/api/history")["body"]
    return table["balance"], table["held"], table["total"], history["total"]


@pytest.mark.parametrize("attack", ["/form", "/no-cors"])
def test_a_same_site_page_cannot_deal(
    browser: Browser, servers: tuple[str, str, Recorder], attack: str
) -> None:
    game, attacker, recorder = servers
    context, page = _victim(browser, game)
    before = _money(page)
    start = len(recorder.seen)
    other = context.new_page()
    other.goto(f"{attacker}{attack}")
    other.wait_for_function(
        "() => document.title === 'sent' || location.href.includes('/api/')", timeout=10_000
    )
    hits = [s for s in recorder.seen[start:] if s[1] == "/api/tables/european/deal"]
    assert hits == [("POST", "/api/tables/european/deal", 403)]
    assert _money(page) == before  # the bets are still on the table, no money moved
    context.close()


def test_a_same_site_page_that_reads_the_token_still_cannot_deal(
    browser: Browser, servers: tuple[str, str, Recorder]
) -> None:
    """Cookies are shared across ports, but a custom header needs a CORS preflight the game
    never grants: the POST itself never reaches the server."""
    game, attacker, recorder = servers
    context, page = _victim(browser, game)
    before = _money(page)
    start = len(recorder.seen)
    other = context.new_page()
    other.goto(f"{attacker}/with-token")
    other.wait_for_function("() => document.title !== 'attack'", timeout=10_000)
    assert other.title() == "blocked"
    deals = [s for s in recorder.seen[start:] if s[1] == "/api/tables/european/deal"]
    assert deals and all(method == "OPTIONS" for method, _, _ in deals), deals
    assert _money(page) == before
    context.close()


def test_a_same_site_logout_form_does_not_log_out(
    browser: Browser, servers: tuple[str, str, Recorder]
) -> None:
    game, attacker, recorder = servers
    context, page = _victim(browser, game)
    me = _api(page, "GET", "/api/auth/me")["body"]
    start = len(recorder.seen)
    other = context.new_page()
    other.goto(f"{attacker}/logout")
    other.wait_for_url("**/api/auth/logout")
    assert ("POST", "/api/auth/logout", 403) in recorder.seen[start:]
    assert _api(page, "GET", "/api/auth/me")["body"]["id"] == me["id"]  # still logged in
    assert _api(page, "POST", "/api/auth/logout")["status"] == 204  # the game itself can
    context.close()
