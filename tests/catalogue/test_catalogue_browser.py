"""A game defined only in a catalogue file, played in a real headless Chromium against a real
Uvicorn server: the lobby lists it, the table offers its chips and limits, a round is dealt and
surrendered. Phone and desktop sizes; screenshots go to ``$TWENTYONE_SCREENSHOTS`` (``/tmp``).

Without Chromium or Playwright these tests fail when ``CI`` is set and are skipped elsewhere (as
the other browser tests are).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from catalogue_helpers import games_in_env
from cryptography.fernet import Fernet

from twentyone.cards import Shoe, parse_cards
from twentyone.rules import Rules
from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

CHROMIUM = os.environ.get("TWENTYONE_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("TWENTYONE_SCREENSHOTS", "/tmp"))
CATALOGUE = """
[[games]]
name = "browser-one-deck"
title = "One Deck Blackjack"
base = "standard"
description = "One deck, late surrender, dealer hits soft 17."
chips = [100, 500, 2_500]
[games.rules]
decks = 1
dealer_hits_soft_17 = true
surrender = "late"
[games.limits]
standard = { min_bet = 200, max_bet = 10_000 }
"""

try:
    from playwright.sync_api import Browser, Page, expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None  # type: ignore[assignment]


def _missing(message: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


class Scripted:
    """Scripted card orders first, then a fresh ordered shoe."""

    def __init__(self) -> None:
        self.orders: list[str] = []

    def __call__(self, rules: Rules) -> Shoe:
        cards = parse_cards(self.orders.pop(0)) if self.orders else []
        return Shoe([*cards, *Shoe.from_cards(" ".join(["2c"] * 20)).remaining()])


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Scripted]]:
    """A real server whose only extra game comes from $TWENTYONE_GAMES."""
    home = tmp_path_factory.mktemp("catalogue-live")
    (home / "games.toml").write_text(CATALOGUE, encoding="utf-8")
    with games_in_env(home / "games.toml"):
        shoes = Scripted()
        service = TableService.open(
            f"sqlite:///{home / 'live.db'}", key=Fernet.generate_key(), shoe_factory=shoes
        )
        app = create_app(service, settings=ServerSettings(password_cost=2**10))
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}", shoes
        server.should_exit = True
        thread.join(timeout=10)
        service.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if sync_playwright is None:
        _missing("the playwright package is not installed (pip install playwright)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        _missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        yield chromium
        chromium.close()


def _page(browser: Browser, width: int, height: int) -> tuple[Page, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height})
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(10_000)
    return page, errors


@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1280, 800), ("phone", 390, 844)])
def test_the_catalogue_game_is_played_in_the_browser(
    browser: Browser, live: tuple[str, Scripted], size: str, width: int, height: int
) -> None:
    url, shoes = live
    page, errors = _page(browser, width, height)
    page.goto(f"{url}/")
    card = page.locator(".variant-card[data-variant='browser-one-deck']")
    expect(card.locator("h2")).to_have_text("One Deck Blackjack")
    expect(card).to_contain_text("1 deck · one spot")
    page.screenshot(path=str(SHOTS / f"twentyone-catalogue-lobby-{size}.png"), full_page=True)

    card.get_by_role("button", name="Play").click()
    expect(page.locator("#limits")).to_contain_text("2.00 – 100.00")
    expect(page.locator(".chip")).to_have_count(3)
    expect(page.locator(".chip[data-value='2500']")).to_be_visible()
    page.click(".chip[data-value='500']")
    page.click(".spot[data-pos='0'] .bet-circle")
    expect(page.locator(".spot[data-pos='0'] .bet-circle")).to_contain_text("5.00")
    # spot: Ts, dealer up 9h, spot: 6d (16), dealer hole Kc (19): surrender half the bet
    shoes.orders.append("Ts 9h 6d Kc")
    page.click("#btn-deal")
    expect(page.locator("#btn-surrender")).to_be_enabled()
    page.screenshot(path=str(SHOTS / f"twentyone-catalogue-dealt-{size}.png"), full_page=True)
    page.click("#btn-surrender")
    expect(page.locator("#result")).to_have_text("You lose 2.50")
    page.screenshot(path=str(SHOTS / f"twentyone-catalogue-settled-{size}.png"), full_page=True)
    assert errors == [], errors
    page.context.close()
