"""The table a player plays at, in real Chromium at desktop, laptop and phone sizes.

Layout: every variant's fullest table (all its spots, every hand split as far as its rules
allow; SPEC section 3) is measured at 1280x800, 1024x768, 390x844 and 844x390: no card, total or
label overlaps another or is cut off, the hand being played stays in view, ranks are at least
14 px on a phone, nothing moves sideways as cards arrive or hands split, and the header never
covers the dealer's cards.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_browser import (
    AXE,
    GEOMETRY_JS,
    PHONES,
    SHOTS,
    VIEWPORTS,
    LiveServer,
    chromium,
    layout_faults,
    missing,
)

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect

# SPEC section 3: spots one player may bet and hands a spot may split into.
FULLEST = {
    "lucky-lucky": (5, 2),
    "lucky-7": (3, 2),
    "european": (1, 2),
    "lucky-ladies": (7, 4),
}
EIGHTS = " ".join(["8s", "8h", "8d", "8c"] * 20)
"""Every card an eight: every hand is a pair that splits again; every total is 16 and the
dealer's 8 + 8 draws an 8 and busts."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("table")) as server:
        yield server


def console_fault(msg: Any) -> bool:
    """A console error, except the missing /api/names of a server without display names."""
    return bool(msg.type == "error" and not msg.location.get("url", "").endswith("/api/names"))


def new_page(browser: Browser, size: str = "desktop", speed: str = "instant") -> Page:
    context = browser.new_context(viewport=VIEWPORTS[size])
    context.add_init_script(f"localStorage.setItem('twentyone.speed', '{speed}')")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("console", lambda msg: errors.append(msg.text) if console_fault(msg) else None)
    tab.set_default_timeout(10_000)
    tab.errors = errors  # type: ignore[attr-defined]
    return tab


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    tab = new_page(browser)
    yield tab
    errors = tab.errors  # type: ignore[attr-defined]
    tab.context.close()
    assert errors == [], errors


def open_table(page: Page, live: LiveServer, variant: str) -> None:
    page.goto(f"{live.url}/#/table/{variant}")
    expect(page.locator("#btn-deal")).to_be_visible()
    settled(page)


def settled(page: Page) -> None:
    """Waits until no request or deal is under way."""
    expect(page.locator("#table-page")).to_have_attribute("data-busy", "false")


def api(page: Page, live: LiveServer, method: str, path: str, body: Any = None) -> Any:
    """Calls the API with the page's own session (its cookies)."""
    response = page.request.fetch(f"{live.url}{path}", method=method, data=body)
    assert response.ok, response.text()
    return response.json()


def bet_everywhere(page: Page, live: LiveServer, variant: str, spots: int) -> None:
    """A main bet and every side bet on every spot, placed through the API."""
    table = api(page, live, "GET", f"/api/tables/{variant}")
    for spot in range(spots):
        api(page, live, "POST", f"/api/tables/{variant}/bets", {"spot": spot, "chip": 1000})
        for offer in table["side_bets"]:
            chip = offer["min_stake"]
            body = {"spot": spot, "chip": chip, "side": offer["name"]}
            api(page, live, "POST", f"/api/tables/{variant}/bets", body)
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    settled(page)


def press(page: Page, selector: str) -> None:
    page.click(selector)
    settled(page)


def faults_at(page: Page, size: str) -> list[str]:
    page.set_viewport_size(VIEWPORTS[size])
    page.evaluate(FRAMES_JS)  # the resize handler has brought the active hand into view
    geometry = page.evaluate(GEOMETRY_JS)
    return layout_faults(geometry, size in PHONES)


FRAMES_JS = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def all_sizes(page: Page, label: str, back: str, shots: bool = False) -> list[str]:
    faults = []
    for size in VIEWPORTS:
        faults += [f"{size} {label}: {fault}" for fault in faults_at(page, size)]
        if shots:
            page.screenshot(path=str(SHOTS / f"twentyone-table-{label}-{size}.png"))
    page.set_viewport_size(VIEWPORTS[back])
    return faults


SIDEWAYS_JS = """
() => {
  const scroller = document.getElementById('spots-scroll');
  const at = (n) => Math.round((n.getBoundingClientRect().left + scroller.scrollLeft) * 2) / 2;
  const out = {};
  for (const c of document.querySelectorAll('.bet-circle')) out[`circle ${c.dataset.pos}`] = at(c);
  for (const h of document.querySelectorAll('.hand')) {
    const first = h.querySelector('.card');
    if (first) out[`hand ${h.dataset.spot}/${h.dataset.hand} first card`] = at(first);
  }
  return out;
}
"""


@pytest.mark.parametrize("variant", sorted(FULLEST))
def test_the_fullest_table_holds_at_every_size(
    browser: Browser, live: LiveServer, variant: str
) -> None:
    spots, max_hands = FULLEST[variant]
    tab = new_page(browser, "phone")
    open_table(tab, live, variant)
    bet_everywhere(tab, live, variant, spots)
    faults = all_sizes(tab, f"{variant}-bets", "phone")

    live.shoes.stack(EIGHTS)
    press(tab, "#btn-deal")
    expect(tab.locator(".hand")).to_have_count(spots)
    faults += all_sizes(tab, f"{variant}-dealt", "phone")

    # Play at phone size: split whenever the rules allow, else stand; after every decision
    # the hand being played is in view and nothing already on the felt moved sideways.
    splits = 0
    for _ in range(spots * max_hands * 2 + 2):
        if tab.locator("#settlement").count():
            break
        before = tab.evaluate(SIDEWAYS_JS)
        action = "#btn-split" if tab.locator("#btn-split").is_enabled() else "#btn-stand"
        splits += action == "#btn-split"
        press(tab, action)
        after = tab.evaluate(SIDEWAYS_JS)
        moved = {k: (before[k], after[k]) for k in before if k in after and before[k] != after[k]}
        assert moved == {}, f"moved sideways after {action}: {moved}"
        faults += [f"phone playing: {f}" for f in layout_faults(tab.evaluate(GEOMETRY_JS), True)]
        if splits == spots * (max_hands - 1) and action == "#btn-split":
            faults += all_sizes(tab, f"{variant}-split", "phone", shots=True)
    assert splits == spots * (max_hands - 1)
    expect(tab.locator("#settlement")).to_be_visible()
    expect(tab.locator(".hand")).to_have_count(spots * max_hands)
    faults += all_sizes(tab, f"{variant}-settled", "phone", shots=True)
    assert faults == [], "\n".join(faults)
    assert tab.errors == []  # type: ignore[attr-defined]
    tab.context.close()


def test_screenshots_exist_to_look_at() -> None:
    """The layout test leaves its screenshots for a person to look at (it runs first)."""
    if not AXE.exists():
        missing("node_modules/axe-core is missing: run npm ci")
    assert isinstance(SHOTS, Path)


def test_a_long_hand_wraps_inside_its_column(page: Page, live: LiveServer) -> None:
    """Lucky Lucky's 10-card Charlie: ten cards in one hand stay in the spot's column."""
    open_table(page, live, "lucky-lucky")
    bet_everywhere(page, live, "lucky-lucky", 5)
    # spot 0 draws A A A A 2 2 2 2 3 A (16 in ten cards); the others are dealt 9s and stand.
    first = "As 9s 9h 9d 9c 6d As 9s 9h 9d 9c 7d"
    live.shoes.stack(f"{first} As As 2s 2h 2d 2c 3s As Th")
    press(page, "#btn-deal")
    for _ in range(8):
        press(page, "#btn-hit")
    expect(page.locator(".hand[data-spot='0'][data-hand='0'] .card")).to_have_count(10)
    faults = []
    for size in VIEWPORTS:
        faults += [f"{size}: {f}" for f in faults_at(page, size)]
        page.screenshot(path=str(SHOTS / f"twentyone-table-charlie-{size}.png"), full_page=True)
    assert faults == []


def test_dealer_row_and_labels_do_not_hide_under_the_header_on_a_phone_held_sideways(
    browser: Browser, live: LiveServer
) -> None:
    tab = new_page(browser, "landscape")
    open_table(tab, live, "lucky-ladies")
    bet_everywhere(tab, live, "lucky-ladies", 7)
    live.shoes.stack(EIGHTS)
    press(tab, "#btn-deal")
    for y in (0, 200, 400):
        tab.evaluate(f"window.scrollTo(0, {y})")
        geometry = tab.evaluate(GEOMETRY_JS)
        assert not geometry["headerCoversDealer"], y
    tab.context.close()
