"""The browser client in a real headless Chromium against a real Uvicorn server.

Playwright drives Debian's Chromium (``/usr/bin/chromium``; ``playwright install`` is not
used). Without it these tests fail when ``CI`` is set and are skipped elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from table_browser import SHOTS, LiveServer, chromium

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium (one per module); the live server and Chromium are
    :mod:`table_browser`'s, shared by every browser test module."""
    yield from chromium()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real server for the module (each test is a new visitor)."""
    with LiveServer(tmp_path_factory.mktemp("live")) as server:
        yield server


@pytest.fixture
def page(browser: Browser, live: LiveServer) -> Iterator[Page]:
    """A fresh browser context (no cookies: a new visitor) at 1280x800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('twentyone.speed', 'instant')")
    errors: list[str] = []
    tab = context.new_page()
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.set_default_timeout(10_000)
    yield tab
    context.close()
    assert errors == [], errors


def open_table(page: Page, live: LiveServer, variant: str = "lucky-lucky") -> None:
    page.goto(f"{live.url}/#/table/{variant}")
    expect(page.locator("#betting-buttons")).to_be_visible()  # DEAL, or REBET & DEAL


def bet(page: Page, pos: int, chip: int, side: bool = False) -> None:
    page.click(f".chip[data-value='{chip}']")
    target = ".side-circle" if side else ".bet-circle"
    before = page.locator(f".spot[data-pos='{pos}'] {target}").inner_text()
    page.click(f".spot[data-pos='{pos}'] {target}")
    expect(page.locator(f".spot[data-pos='{pos}'] {target}")).not_to_have_text(before)


def hand(page: Page, spot: int = 0, index: int = 0) -> Any:
    return page.locator(f".hand[data-spot='{spot}'][data-hand='{index}']")


def test_place_chips_deal_hit_stand_and_see_the_settlement(page: Page, live: LiveServer) -> None:
    open_table(page, live)
    expect(page.locator("#balance")).to_have_text("1,000.00")
    expect(page.locator("#btn-deal")).to_be_disabled()
    expect(page.locator("#btn-undo")).to_be_disabled()
    expect(page.locator("#btn-rebet")).to_be_disabled()
    expect(page.locator("#limits")).to_contain_text("1.00 – 500.00")
    bet(page, 0, 1000)
    bet(page, 0, 500)
    expect(page.locator(".spot[data-pos='0'] .bet-circle")).to_contain_text("15.00")
    page.click("#btn-undo")
    expect(page.locator(".spot[data-pos='0'] .bet-circle")).to_contain_text("10.00")
    expect(page.locator("#balance")).to_have_text("1,000.00")  # no money moves before DEAL
    expect(page.locator("#btn-deal")).to_be_enabled()

    # spot 0: Ts, dealer 9h (up), spot 0: 6d = 16, dealer 5c (face down); hit 4s = 20;
    # the dealer's 14 draws Td and busts.
    live.shoes.stack("Ts 9h 6d 5c 4s Td")
    page.click("#btn-deal")
    expect(hand(page).locator(".hand-total")).to_have_text("16")
    expect(page.locator("#dealer-cards [data-card='down']")).to_have_count(1)
    expect(page.locator("#dealer-cards [data-card='9h']")).to_have_count(1)
    expect(page.locator("#balance")).to_have_text("990.00")
    expect(page.locator("#btn-hit")).to_be_enabled()
    expect(page.locator("#btn-stand")).to_be_enabled()
    expect(page.locator("#btn-double")).to_be_enabled()
    expect(page.locator("#btn-split")).to_be_disabled()  # not a pair
    expect(page.locator("#betting-buttons")).to_be_hidden()
    page.screenshot(path=str(SHOTS / "twentyone-dealt.png"), animations="disabled")

    page.click("#btn-hit")
    expect(hand(page).locator(".hand-total")).to_have_text("20")
    page.click("#btn-stand")
    expect(page.locator("#result")).to_have_text("You win 10.00")
    expect(hand(page).locator(".hand-outcome")).to_contain_text("Win")
    expect(page.locator("#dealer-cards .card")).to_have_count(3)
    expect(page.locator("#dealer-total")).to_have_text("Dealer · 24 · bust")
    expect(page.locator("#balance")).to_have_text("1,010.00")
    expect(page.locator("#btn-rebet")).to_be_enabled()
    expect(page.locator("#btn-rebet-deal")).to_be_enabled()
    expect(page.locator("#btn-double-deal")).to_be_enabled()
    page.screenshot(path=str(SHOTS / "twentyone-settled.png"), animations="disabled")

    # History: the round is there and replays step by step.
    page.click("[data-nav='history']")
    row = page.locator("#history tbody tr").first
    expect(row).to_contain_text("10.00")
    row.locator("a").click()
    expect(page.locator("#replay-step")).to_have_text(re.compile(r"Step (\d+) of \1"))
    page.click("#replay-first")
    expect(page.locator("#replay-caption")).to_have_text("Before the deal")
    page.click("#replay-next")
    page.click("#replay-next")
    expect(page.locator("#replay-caption")).to_contain_text("gets 10♠")
    page.click("#replay-last")
    expect(page.locator("#replay-caption")).to_contain_text("Round over: dealer 24")
    page.screenshot(path=str(SHOTS / "twentyone-replay.png"), animations="disabled")

    page.click("[data-nav='statement']")
    expect(page.locator("#reconciles")).to_have_text("reconciles ✓")


def test_insurance_apply_to_all(page: Page, live: LiveServer) -> None:
    """Lucky Lucky: "click APPLY TO ALL to insure all hands"."""
    open_table(page, live)
    bet(page, 0, 1000)
    bet(page, 1, 1000)
    # spot 0: Ts, spot 1: 9s, dealer Ah (up), spot 0: 8d, spot 1: 9d, dealer 7c (face down).
    live.shoes.stack("Ts 9s Ah 8d 9d 7c")
    page.click("#btn-deal")
    expect(page.locator("#insurance-buttons")).to_be_visible()
    expect(page.locator("#play-buttons")).to_be_hidden()
    expect(page.locator("#message")).to_have_text("Insurance for Spot 1?")
    expect(page.locator("#btn-accept")).to_be_enabled()
    expect(page.locator("#btn-decline")).to_be_enabled()
    page.click("#btn-apply-all")
    expect(page.locator("#btn-apply-all")).to_have_attribute("aria-pressed", "true")
    page.screenshot(path=str(SHOTS / "twentyone-insurance.png"), animations="disabled")
    page.click("#btn-accept")
    expect(page.locator("#play-buttons")).to_be_visible()
    expect(page.locator(".insured", has_text="Insured 5.00")).to_have_count(2)
    expect(page.locator("#balance")).to_have_text("970.00")
    page.click("#btn-stand")
    expect(hand(page, 1).locator(".hand-total")).to_have_text("18")
    page.click("#btn-stand")
    expect(page.locator("#result")).to_have_text("You lose 10.00")  # two pushes, insurance lost
    expect(page.locator("#balance")).to_have_text("990.00")


def test_reload_mid_round_resumes_it(page: Page, live: LiveServer) -> None:
    open_table(page, live)
    bet(page, 0, 2500)
    live.shoes.stack("8s 9h 8d 7c 2s 3s 9d")  # a pair of eights against a 9
    page.click("#btn-deal")
    expect(page.locator("#btn-split")).to_be_enabled()
    page.click("#btn-split")
    expect(hand(page, 0, 1)).to_be_visible()
    page.goto(f"{live.url}/")  # reload at the lobby: the unfinished round takes us back
    expect(page).to_have_url(re.compile(r"#/table/lucky-lucky$"))
    expect(hand(page, 0, 0).locator(".hand-total")).to_have_text("10")
    expect(hand(page, 0, 1).locator(".hand-total")).to_have_text("8")
    expect(hand(page, 0, 0)).to_have_class(re.compile(r"\bcurrent\b"))
    expect(page.locator("#balance")).to_have_text("950.00")
    page.click("#btn-stand")
    expect(hand(page, 0, 1)).to_have_class(re.compile(r"\bcurrent\b"))
    page.click("#btn-stand")
    expect(page.locator("#result")).to_have_text("You win 50.00")

    # The replay rebuilds the split step by step: one hand before it, two after.
    page.click("[data-nav='history']")
    page.locator("#history tbody tr").first.locator("a").click()
    expect(page.locator(".replay .hand")).to_have_count(2)
    expect(page.locator(".replay .hand").nth(0)).to_contain_text("Win · 50.00")
    page.click("#replay-first")
    for _ in range(6):  # bet, four cards dealt: still one hand of two eights
        page.click("#replay-next")
    expect(page.locator("#replay-caption")).to_have_text("Spot 1 · Hand 1: Split")
    expect(page.locator(".replay .hand")).to_have_count(1)
    page.click("#replay-next")  # the split wager: the second eight moves to a new hand
    expect(page.locator(".replay .hand")).to_have_count(2)
    expect(page.locator(".replay .hand [data-card='8d']")).to_have_count(1)


def test_errors_show_one_sentence_without_a_code_and_change_nothing(
    page: Page, live: LiveServer
) -> None:
    open_table(page, live)
    page.click(".spot[data-pos='3'] .side-circle")  # a side bet needs a main bet
    notice = page.locator("#notice .notice.error")
    expect(notice).to_have_text(re.compile(r"^[A-Z][^_]*[.!?]$"))
    expect(notice).not_to_contain_text("invalid-bet")
    expect(notice).not_to_contain_text("spot 3")
    expect(page.locator(".spot[data-pos='3'] .side-circle")).not_to_have_class(
        re.compile("has-bet")
    )
    expect(page.locator("#balance")).to_have_text("1,000.00")


def test_rules_page_and_phone_width(page: Page, live: LiveServer) -> None:
    page.goto(f"{live.url}/#/rules/lucky-lucky")
    expect(page.locator(".paytable")).to_contain_text("Suited 7-7-7")
    expect(page.locator("#rtp-base")).to_have_text("99.51%")
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, live, "lucky-ladies")
    expect(page.locator(".spot")).to_have_count(7)
    bet(page, 0, 500)
    expect(page.locator("#btn-deal")).to_be_in_viewport()
    page.screenshot(path=str(SHOTS / "twentyone-phone.png"), full_page=True, animations="disabled")
