"""Player protection in real Chromium, on a phone (390x844) and a desktop (1280x800): the session
bar at the table, the reality-check notice, the account page's limits form, the information
page and its link on every page, and the re-login after inactivity (issue 13 part 4).

The live server's clock is injected (the store's clock, which the accounts read too), so the
reality check falls due and a session goes idle without waiting. Screenshots go to
``$TWENTYONE_SCREENSHOTS`` (default /tmp): ``twentyone-protection-*.png``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from table_browser import (
    GEOMETRY_JS,
    PHONES,
    SHOTS,
    VIEWPORTS,
    LiveServer,
    axe_violations,
    chromium,
    layout_faults,
)
from test_browser_pages import layout_problems, words_problems

with contextlib.suppress(ImportError):  # without it the browser fixture skips or fails first
    from playwright.sync_api import Browser, Page, expect

SIZES = ("phone", "desktop")
# european: player Ts, dealer 6d, player 9h (19); dealer draws 5c 7d: 18. The player wins 10.00.
WIN_19 = "Ts 6d 9h 5c 7d"


class Clock:
    """The live server's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("protection")) as server:
        yield server


@pytest.fixture
def clock(live: LiveServer) -> Iterator[Clock]:
    clock = Clock()
    live.service.store.clock = clock
    yield clock


@pytest.fixture(params=SIZES)
def tab(request: pytest.FixtureRequest, browser: Browser, clock: Clock) -> Iterator[Page]:
    """A new visitor at the test's size; page errors and script console errors fail the test."""
    context = browser.new_context(viewport=VIEWPORTS[request.param], bypass_csp=True)  # axe-core
    context.add_init_script("localStorage.setItem('twentyone.speed', 'instant')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    page.set_default_timeout(10_000)
    page.size = request.param  # type: ignore[attr-defined]
    yield page
    context.close()
    assert errors == [], errors


def api(page: Page, live: LiveServer, method: str, path: str, body: Any = None) -> Any:
    """A request with the page's own session and CSRF token."""
    headers = {}
    if method != "GET":
        cookies = {c["name"]: c["value"] for c in page.context.cookies(live.url)}
        headers["X-CSRF-Token"] = cookies.get("twentyone_csrf", "")
    response = page.request.fetch(f"{live.url}{path}", method=method, data=body, headers=headers)
    assert response.ok, response.text()
    return response.json() if response.status != 204 else None


def settled(page: Page) -> None:
    expect(page.locator("#table-page")).to_have_attribute("data-busy", "false")


def shot(page: Page, name: str, full: bool = False) -> None:
    """Look at it (a screenshot), then nothing serious for axe-core."""
    size = page.size  # type: ignore[attr-defined]
    page.screenshot(
        path=str(SHOTS / f"twentyone-protection-{name}-{size}.png"),
        full_page=full,
        animations="disabled",
    )
    assert axe_violations(page) == []


LOOK_JS = """(selector) => {
  const n = document.querySelector(selector);
  const s = getComputedStyle(n);
  return { disabled: n.disabled, opacity: Number(s.opacity), filter: s.filter, cursor: s.cursor };
}"""


def looks_disabled(page: Page, selector: str) -> bool:
    """Disabled, and drawn so (faded, grey, a not-allowed cursor), by its computed style."""
    style = page.evaluate(LOOK_JS, selector)
    return bool(
        style["disabled"]
        and style["opacity"] <= 0.6
        and "grayscale" in style["filter"]
        and style["cursor"] == "not-allowed"
    )


def post(page: Page, live: LiveServer, path: str, body: Any) -> Any:
    """A POST with the page's session and CSRF token; the response, refused or not."""
    cookies = {c["name"]: c["value"] for c in page.context.cookies(live.url)}
    headers = {"X-CSRF-Token": cookies.get("twentyone_csrf", "")}
    return page.request.fetch(f"{live.url}{path}", method="POST", data=body, headers=headers)


def inside_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    view = page.viewport_size
    assert view is not None
    return bool(
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= view["width"]
        and box["y"] + box["height"] <= view["height"]
    )


def apart(page: Page, one: str, two: str) -> bool:
    """Whether two elements' boxes do not overlap."""
    a, b = page.locator(one).bounding_box(), page.locator(two).bounding_box()
    assert a is not None and b is not None
    return bool(
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_session_bar_and_reality_check_at_the_table(
    tab: Page, live: LiveServer, clock: Clock
) -> None:
    """Issue 13: the session's elapsed time and net position are always on screen; when the
    reality check falls due the next deal waits for the notice (elapsed, staked, returned,
    net) to be acknowledged."""
    tab.goto(f"{live.url}/#/table/european")
    expect(tab.locator("#btn-deal")).to_be_visible()
    settled(tab)
    api(tab, live, "POST", "/api/protection/reality-check", {"minutes": 15})
    expect(tab.locator("#session-time")).to_have_text("Session 0 min")
    expect(tab.locator("#session-net")).to_have_text("Net 0.00")
    assert inside_viewport(tab, "#session-bar")  # in the dock: on screen without scrolling

    tab.click(".chip[data-value='1000']")
    tab.click(".spot[data-pos='0'] .bet-circle")
    settled(tab)
    live.shoes.stack(WIN_19)
    tab.click("#btn-deal")
    settled(tab)
    expect(tab.locator("#session-net")).to_have_text("Net -10.00")  # the stake is out
    tab.click("#btn-stand")
    settled(tab)
    expect(tab.locator("#result")).to_have_text("You win 10.00")
    expect(tab.locator("#session-net")).to_have_text("Net +10.00")
    assert inside_viewport(tab, "#session-bar")
    shot(tab, "session-bar")
    size = tab.size  # type: ignore[attr-defined]
    assert layout_faults(tab.evaluate(GEOMETRY_JS), size in PHONES) == []
    assert apart(tab, "#session-bar", "#dock-balance")
    assert apart(tab, "#session-bar", "#btn-rebet-deal")
    assert words_problems(tab) == []

    clock.advance(minutes=16)
    tab.click("#btn-rebet-deal")  # the server refuses the deal: the notice opens
    notice = tab.locator("#reality-check")
    expect(notice).to_be_visible()
    expect(tab.locator("#reality-title")).to_have_text("Reality check")
    expect(tab.locator("#reality-played")).to_have_text("You have been playing for 16 min.")
    expect(tab.locator("#reality-staked")).to_have_text("10.00")
    expect(tab.locator("#reality-returned")).to_have_text("20.00")
    expect(tab.locator("#reality-net")).to_have_text("+10.00")
    assert inside_viewport(tab, "#reality-check")
    shot(tab, "reality-check")
    assert api(tab, live, "GET", "/api/rounds/current") == {"round": None}  # nothing dealt

    # Closed unread (Escape): the deal and the chips are greyed out, saying why, and the notice
    # opens again from beside them.
    tab.keyboard.press("Escape")
    expect(notice).to_have_count(0)
    expect(tab.locator("#why-blocked")).to_have_text(
        "Time for a reality check: read your session summary to go on."
    )
    for selector in ("#btn-rebet-deal", "#btn-double-deal", ".chip[data-value='1000']"):
        assert looks_disabled(tab, selector), selector
    shot(tab, "reality-check-waiting")
    tab.click("#btn-reality")
    expect(notice).to_be_visible()
    tab.click("#reality-continue")
    expect(notice).to_have_count(0)
    expect(tab.locator("#why-blocked")).to_have_count(0)
    expect(tab.locator("#btn-rebet-deal")).to_be_enabled()
    live.shoes.stack(WIN_19)
    tab.click("#btn-rebet-deal")
    settled(tab)
    expect(tab.locator("#btn-stand")).to_be_enabled()  # dealt after the acknowledgement
    expect(tab.locator("#session-net")).to_have_text("Net 0.00")
    tab.click("#btn-stand")
    settled(tab)


def test_limits_form_and_breaks_on_the_account_page(tab: Page, live: LiveServer) -> None:
    tab.goto(f"{live.url}/#/account")
    form = tab.locator("#limit-loss-24h")
    expect(form).to_contain_text("No limit")
    form.locator("input").fill("abc")
    form.locator("button[type='submit']").click()
    expect(form.locator(".form-error")).to_have_text(
        "Enter an amount greater than zero, such as 50 or 12.50."
    )
    form.locator("input").fill("50")
    form.locator("button[type='submit']").click()
    expect(tab.locator("#limit-loss-24h-status")).to_have_text("50.00 · 0.00 used · 50.00 left")
    form = tab.locator("#limit-loss-24h")
    form.locator("input").fill("80")
    form.locator("button[type='submit']").click()  # higher: pending for 24 hours
    expect(tab.locator("#limit-loss-24h-status .limit-pending")).to_contain_text(
        "Goes up to 80.00 on Dec 2, 2026"
    )
    expect(tab.locator("#limit-loss-24h-status .limit-now")).to_contain_text("50.00")
    tab.locator("#limit-stake-7d input").fill("12.50")
    tab.locator("#limit-stake-7d button[type='submit']").click()
    expect(tab.locator("#limit-stake-7d-status")).to_have_text("12.50 · 0.00 used · 12.50 left")
    tab.select_option("#reality-minutes", "30")
    tab.locator("#reality-form button[type='submit']").click()
    expect(tab.locator("#reality-saved")).to_have_text("Saved.")
    status = api(tab, live, "GET", "/api/protection")
    assert status["reality_check"]["minutes"] == 30
    assert [(x["kind"], x["period"], x["amount"]) for x in status["limits"] if x["amount"]] == [
        ("loss", "24h", 5000),
        ("stake", "7d", 1250),
    ]
    tab.evaluate("window.scrollTo(0, 0)")  # the sticky top bar lies over what scrolled under it
    shot(tab, "limits-form", full=True)
    assert layout_problems(tab) == []
    assert words_problems(tab) == []

    tab.select_option("#time-out-length", "7")
    tab.click("#time-out-start")
    expect(tab.locator("#break-confirm")).to_contain_text("Take a time-out of 7 days?")
    shot(tab, "break-confirm", full=True)
    tab.click("#break-yes")
    expect(tab.locator("#break-in-force")).to_contain_text("You are taking a time-out until")
    tab.goto(f"{live.url}/#/table/european")
    expect(tab.locator("#break-banner")).to_contain_text("You are taking a time-out until")
    # Greyed out in advance, with the reason in one sentence by the buttons: no chip, no
    # circle, no deal (the first click is not the one that finds out).
    sentence = "You are taking a time-out: no new round can start until it ends."
    expect(tab.locator("#why-blocked")).to_have_text(sentence)
    expect(tab.locator("#message")).to_have_text("Play is paused")  # not "Place your bets"
    settled(tab)
    for selector in (".chip[data-value='1000']", ".chip[data-value='100']", "#btn-deal"):
        assert looks_disabled(tab, selector), selector
    expect(tab.locator(".spot[data-pos='0'] .bet-circle")).to_be_disabled()
    assert looks_disabled(tab, "#btn-increase-0")  # European's Increase (+) too
    expect(tab.locator("#btn-deal")).to_have_attribute("aria-describedby", "why-blocked")
    expect(tab.locator(".chip[data-value='1000']")).to_have_attribute("title", sentence)
    # the key for spot 1 sends nothing either: the reader hears the sentence, nothing is refused
    tab.keyboard.press("1")
    expect(tab.locator("#announcer")).to_have_text(sentence)
    settled(tab)
    expect(tab.locator("#notice")).to_have_text("")
    # the server still refuses a chip sent past the greyed-out rack
    refused = post(tab, live, "/api/tables/european/bets", {"spot": 0, "chip": 1000})
    assert refused.status == 403 and refused.json()["error"]["code"] == "on-time-out"
    shot(tab, "time-out-table")


def test_protection_page_is_linked_from_every_page(tab: Page, live: LiveServer) -> None:
    for hash_ in ("#/", "#/table/lucky-lucky", "#/history", "#/statement", "#/account"):
        tab.goto(f"{live.url}/{hash_}")
        link = tab.locator("#protection-link")
        expect(link).to_have_text("Play safely")
        expect(link).to_have_attribute("href", "#/protection")
    tab.wait_for_load_state("networkidle")  # the account page has drawn (a later draw wins)
    tab.click("#protection-link")
    expect(tab.locator("h1")).to_have_text("Playing safely")
    for heading in ("Reality check", "Loss and stake limits", "Time-out", "Self-exclusion"):
        expect(tab.locator("#protection-info")).to_contain_text(heading)
    expect(tab.locator("#protection-help a").first).to_have_attribute(
        "href", "https://www.gamcare.org.uk/"
    )
    tab.evaluate("window.scrollTo(0, 0)")
    shot(tab, "info", full=True)
    assert layout_problems(tab) == []
    assert words_problems(tab) == []
    tab.click("#protection-settings-link")
    expect(tab.locator("#protection-settings")).to_be_visible()


def test_an_idle_registered_player_is_asked_to_log_in_again(
    tab: Page, live: LiveServer, clock: Clock
) -> None:
    tab.goto(f"{live.url}/#/account")
    expect(tab.locator("#register-form")).to_be_visible()
    name = f"idle{tab.size}"  # type: ignore[attr-defined]
    api(tab, live, "POST", "/api/auth/register", {"username": name, "password": "s3cret-pass"})
    tab.goto(f"{live.url}/#/history")
    expect(tab.locator("h1")).to_have_text("History")
    clock.advance(minutes=31)
    tab.click("[data-nav='statement']")
    expect(tab.locator("#login-form")).to_be_visible()
    expect(tab.locator("#messages")).to_have_text(
        "You have been away for a while; log in again to go on playing."
    )
    shot(tab, "idle")
    tab.fill("#login-form input[name='username']", name)
    tab.fill("#login-form input[name='password']", "s3cret-pass")
    tab.click("#login-form button[type='submit']")
    expect(tab.locator("#account-link")).to_have_text(name)
