"""The play advisor's HINT at the table, in real Chromium at desktop and phone sizes: every move
offered with its value as a share of the bet, the best marked, the hint gone once the round moves
on; the insurance question has its own hint. Screenshots go to ``$TWENTYONE_SCREENSHOTS``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from table_browser import GEOMETRY_JS, SHOTS, VIEWPORTS, LiveServer, chromium, layout_faults

from twentyone.analysis.advisor import Situation, advise
from twentyone.cards import parse_cards
from twentyone.variants import find_variant

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("hint")) as server:
        yield server


def _page(browser: Browser, size: str) -> Page:
    context = browser.new_context(viewport=VIEWPORTS[size])
    context.add_init_script("localStorage.setItem('twentyone.speed', 'instant')")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.set_default_timeout(10_000)
    tab.errors = errors  # type: ignore[attr-defined]
    return tab


def _api(page: Page, live: LiveServer, method: str, path: str, body: Any = None) -> Any:
    headers = {}
    if method.upper() != "GET":  # the CSRF header the browser client sends
        cookies = {c["name"]: c["value"] for c in page.context.cookies(live.url)}
        headers["X-CSRF-Token"] = cookies.get("twentyone_csrf", "")
    response = page.request.fetch(f"{live.url}{path}", method=method, data=body, headers=headers)
    assert response.ok, response.text()
    return response.json()


def _round_when(page: Page, live: LiveServer, done: Any) -> Any:
    """The round in progress once ``done(round)`` holds (the move's request has gone through)."""
    for _ in range(200):
        current = _api(page, live, "GET", "/api/rounds/current")["round"]
        if done(current):
            return current
        page.wait_for_timeout(25)
    raise AssertionError("the round never got there")


def _settled(page: Page) -> None:
    expect(page.locator("#table-page")).to_have_attribute("data-busy", "false")


def _deal(page: Page, live: LiveServer, variant: str, cards: str) -> None:
    page.goto(f"{live.url}/#/table/{variant}")
    expect(page.locator("#betting-buttons")).to_be_visible()
    live.shoes.stack(cards)
    _api(page, live, "POST", f"/api/tables/{variant}/bets", {"spot": 0, "chip": 1000})
    page.reload()
    expect(page.locator("#btn-deal")).to_be_enabled()
    page.click("#btn-deal")
    _settled(page)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_hint_shows_every_move_with_its_value_and_the_best_marked(
    browser: Browser, live: LiveServer, size: str
) -> None:
    """T-6 against a 9 (Lucky Lucky): Hit, Stand and Double with the advisor's values, Hit
    marked best; pressing Stand moves the round on and the hint is gone."""
    page = _page(browser, size)
    _deal(page, live, "lucky-lucky", "Ts 9h 6d 5c 4s Td")
    expect(page.locator("#btn-hint")).to_be_visible()
    page.click("#btn-hint")
    panel = page.locator("#hint-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("tr")).to_have_count(3)
    best = panel.locator("tr.best")
    expect(best).to_have_count(1)
    expect(best.locator("th")).to_have_text("Hit")
    expect(best.locator(".badge.best")).to_have_text("Best play")
    expected = advise(
        find_variant("lucky-lucky").rules,
        Situation(parse_cards("Ts 6d"), parse_cards("9h")[0], (), ("hit", "stand", "double"), 1000),
    )
    for value in expected.values:
        row = panel.locator(f"tr[data-action='{value.action}'] td.ev")
        shown = row.inner_text().replace("\u2212", "-").replace(",", ".")
        assert float(shown.rstrip("%")) == pytest.approx(value.ev * 100, abs=0.051)
    text = panel.inner_text()
    assert "hit" not in text.split()  # display names, never slugs
    box = panel.bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= VIEWPORTS[size]["width"] + 0.5
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hint-{size}.png"))
    page.click("#btn-stand")
    _settled(page)
    expect(page.locator("#hint-panel")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_the_hint_leaves_the_hand_in_view_on_a_phone_held_sideways(
    browser: Browser, live: LiveServer
) -> None:
    """At 844x390 the open hint is a line in the controls' dock: the hand it is about, the
    dealer's card and every move's value are on screen together."""
    page = _page(browser, "landscape")
    _deal(page, live, "lucky-lucky", "Ts 9h 6d 5c 4s Td")
    page.click("#btn-hint")
    expect(page.locator("#hint-panel tr")).to_have_count(3)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert layout_faults(page.evaluate(GEOMETRY_JS), phone=True) == []
    for row in page.locator("#hint-panel tr").all():
        box = row.bounding_box()
        assert box is not None and box["y"] + box["height"] <= VIEWPORTS["landscape"]["height"]
    up = page.locator("#dealer-cards .card").first.bounding_box()
    assert up is not None and up["y"] >= 0
    page.screenshot(path=str(SHOTS / "hint-landscape.png"))
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_insurance_hint_and_the_keyboard(browser: Browser, live: LiveServer) -> None:
    """With an ace up the hint values the insurance question (declining marked best for T-6:
    the shoe holds too few tens); the I key opens and closes it."""
    page = _page(browser, "desktop")
    _deal(page, live, "lucky-ladies", "Ts Ah 6d 5c 4s Td")
    expect(page.locator("#btn-accept")).to_be_visible()
    page.keyboard.press("i")
    panel = page.locator("#hint-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("tr.best th")).to_have_text("Decline insurance")
    expect(panel.locator("tr[data-action='insurance'] th")).to_have_text("Take insurance")
    page.screenshot(path=str(SHOTS / "hint-insurance.png"))
    page.keyboard.press("i")
    expect(page.locator("#hint-panel")).to_have_count(0)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_replay_marks_the_mistake_and_the_rounds_cost(
    browser: Browser, live: LiveServer, size: str
) -> None:
    """Standing on T-6 against a 9 is marked in the replay with the best play and its cost;
    the round's total is above the steps."""
    page = _page(browser, size)
    _deal(page, live, "lucky-lucky", "Ts 9h 6d 5c 4s Td")
    round_id = _api(page, live, "GET", "/api/rounds/current")["round"]["round_id"]
    page.click("#btn-stand")
    _settled(page)
    review = _api(page, live, "GET", f"/api/rounds/{round_id}/review")
    cost = round(review["cost_money"])
    page.goto(f"{live.url}/#/history/{round_id}")
    mark = page.locator("#replay-events li.has-mistake .mistake")
    expect(mark).to_have_count(1)
    expect(mark).to_contain_text("Best was Hit")
    expect(mark).to_contain_text(f"{cost / 100:.2f}")
    expect(page.locator("#review-total")).to_contain_text("Mistakes this round: 1")
    page.locator("#review-total").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hint-replay-{size}.png"), full_page=True)

    # The history marks that round with its mistake and what it cost (the advisor's values of
    # T-6 against a 9: hitting less standing, on a 10.00 bet); a round played best (hit to 20,
    # stand) carries no mark.
    _deal(page, live, "lucky-lucky", "Ts 9h 6d 5c 4s Td 2c")
    best = _api(page, live, "GET", "/api/rounds/current")["round"]["round_id"]
    page.click("#btn-hit")
    _settled(page)
    page.click("#btn-stand")
    _settled(page)
    values = advise(
        find_variant("lucky-lucky").rules,
        Situation(parse_cards("Ts 6d"), parse_cards("9h")[0], (), ("hit", "stand", "double"), 1000),
    )
    ev = {v.action: v.ev for v in values.values}
    expected = round((ev["hit"] - ev["stand"]) * 1000)
    assert expected >= 1
    page.goto(f"{live.url}/#/history")
    row = page.locator(f"#history tr[data-round='{round_id}']")
    expect(row).to_have_class(re.compile(r"\bhas-mistake\b"))
    expect(row.locator(".mistake-mark")).to_have_text(f"1 · cost {expected / 100:,.2f}")
    expect(page.locator(f"#history tr[data-round='{best}'] .mistake-mark")).to_have_count(0)
    expect(page.locator("#history .mistake-mark")).to_have_count(1)
    page.screenshot(path=str(SHOTS / f"hint-history-{size}.png"), full_page=True)
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def test_training_mode_points_out_a_mistake_before_it_is_sent(
    browser: Browser, live: LiveServer
) -> None:
    """Training on: STAND on T-6 against a 9 asks first ("Take it back" leaves the round as it
    was: no card dealt, the same step); the best play (HIT) goes straight through; a mistake
    confirmed is played."""
    page = _page(browser, "phone")
    _deal(page, live, "lucky-lucky", "Ts 9h 6d 5c 2s Td")
    page.click("#btn-training")
    expect(page.locator("#btn-training")).to_have_attribute("aria-pressed", "true")
    before = _api(page, live, "GET", "/api/rounds/current")["round"]
    page.click("#btn-stand")
    dialog = page.locator("#training-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Hit is the best play here: Stand gives up")
    page.screenshot(path=str(SHOTS / "hint-training-phone.png"))
    page.click("#training-back")
    expect(dialog).to_have_count(0)
    after = _api(page, live, "GET", "/api/rounds/current")["round"]
    assert after["step"] == before["step"]
    assert after["hands"][0]["cards"] == ["Ts", "6d"]
    page.click("#btn-hit")  # the best play: no question
    state = _round_when(page, live, lambda r: r is not None and len(r["hands"][0]["cards"]) == 3)
    expect(page.locator("#training-dialog")).to_have_count(0)
    assert state["hands"][0]["cards"] == ["Ts", "6d", "2s"]
    _settled(page)
    page.click("#btn-hit")  # 18 against a 9: standing is best, hitting asks
    expect(dialog).to_be_visible()
    page.click("#training-anyway")
    assert _round_when(page, live, lambda r: r is None) is None
    _settled(page)
    page.click("#btn-training")  # off again for the other tests
    assert page.errors == []  # type: ignore[attr-defined]
    page.context.close()


def _training(page: Page) -> Any:
    return page.locator("#btn-training")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_training_mode_is_kept_with_the_account_across_reloads_and_logins(
    browser: Browser, live: LiveServer, size: str
) -> None:
    """Training mode is the account's setting: switched on at the table it is still on after a
    reload and after registering; a new visitor (another browser) starts with it off, and
    finds it on again once logged in to that account. The browser keeps no copy of its own."""
    name = f"trainee-{size}"
    page = _page(browser, size)
    page.goto(f"{live.url}/#/table/lucky-lucky")
    expect(_training(page)).to_have_attribute("aria-pressed", "false")
    expect(_training(page)).to_have_text("Training off")
    _training(page).click()
    expect(_training(page)).to_have_attribute("aria-pressed", "true")
    expect(_training(page)).to_have_text("Training on")
    assert _api(page, live, "GET", "/api/auth/me")["training"] is True
    page.reload()
    expect(_training(page)).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("localStorage.getItem('twentyone.training')") is None
    page.screenshot(path=str(SHOTS / f"training-kept-{size}.png"))
    page.goto(f"{live.url}/#/account")
    page.fill("#register-form input[name='username']", name)
    page.fill("#register-form input[name='password']", "correct horse")
    page.click("#register-form button[type='submit']")
    expect(page.locator("#account-link")).to_have_text(name)
    page.goto(f"{live.url}/#/table/lucky-lucky")
    expect(_training(page)).to_have_attribute("aria-pressed", "true")
    page.context.close()

    other = _page(browser, size)  # another browser: a guest of its own
    other.goto(f"{live.url}/#/table/lucky-lucky")
    expect(_training(other)).to_have_attribute("aria-pressed", "false")
    other.goto(f"{live.url}/#/account")
    other.click("#logout")
    other.click("#logout-anyway")
    expect(other.locator("#logged-out h2")).to_have_text("You have logged out.")
    other.fill("#login-form input[name='username']", name)
    other.fill("#login-form input[name='password']", "correct horse")
    other.click("#login-form button[type='submit']")
    expect(other.locator("#account-link")).to_have_text(name)
    other.goto(f"{live.url}/#/table/lucky-lucky")
    expect(_training(other)).to_have_attribute("aria-pressed", "true")
    expect(_training(other)).to_have_text("Training on")
    other.screenshot(path=str(SHOTS / f"training-after-login-{size}.png"))
    _training(other).click()  # off: the account's setting changes for every browser
    expect(_training(other)).to_have_attribute("aria-pressed", "false")
    assert _api(other, live, "GET", "/api/auth/me")["training"] is False
    assert other.errors == []  # type: ignore[attr-defined]
    other.context.close()
