"""The pages around the table in real Chromium, on a phone (390x844) and a desktop (1280x800):
lobby, rules, history, replay, statement and account (issue 8 items 5, 8 and 9).

Each page is checked geometrically (nothing wider than the viewport, no two pieces of text on
top of each other) and for words: no slug of the code's registries, no raw fraction, no number
of cents reaches the screen. Screenshots go to ``$TWENTYONE_SCREENSHOTS`` (default /tmp).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest
from table_browser import axe_violations
from test_api_names import code_slugs
from test_browser import SHOTS, LiveServer, browser, live  # noqa: F401 (fixtures)

with contextlib.suppress(ImportError):  # without it the browser fixture skips or fails first
    from playwright.sync_api import Browser, Page, expect

SERIOUS = {"serious", "critical"}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"phone": PHONE, "desktop": DESKTOP}

_LAYOUT_PROBLEMS = r"""
() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const visible = (e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    const shown = e.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
    return shown && s.display !== "none" && r.width > 0 && r.height > 0;
  };
  // inside a scroll area an element may lie past the edge (it scrolls into view); inside an
  // area that hides its overflow it must fit, or part of it is cut off for good
  const clippedAway = (e, r) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return false;
      if (o === "hidden" || o === "clip") {
        const c = p.getBoundingClientRect();
        if (c.width <= 1) return false; // text for screen readers only
        if (r.left < c.left - 1 || r.right > c.right + 1) return true;
      }
    }
    return false;
  };
  const scrolls = (e) => {
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll") return true;
    }
    return false;
  };
  const all = [...document.querySelectorAll("header *, main *")].filter(visible);
  for (const e of all) {
    const r = e.getBoundingClientRect();
    if (clippedAway(e, r)) problems.push(`cut off: ${e.tagName}.${e.className}`);
    else if ((r.right > width + 1 || r.left < -1) && !scrolls(e)) {
      const what = `${e.tagName}.${e.className} "${(e.textContent || "").slice(0, 40)}"`;
      problems.push(`outside: ${what} ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
    }
  }
  // text boxes: elements that hold text themselves
  const ownText = (e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  const texts = all.filter(ownText);
  const clipped = (e, r) => {
    // what of r is seen through the scroll areas around e
    let { left, right, top, bottom } = r;
    for (let p = e.parentElement; p && p !== document.body; p = p.parentElement) {
      if (getComputedStyle(p).overflow === "visible") continue;
      const c = p.getBoundingClientRect();
      left = Math.max(left, c.left);
      right = Math.min(right, c.right);
      top = Math.max(top, c.top);
      bottom = Math.min(bottom, c.bottom);
    }
    return { left, right, top, bottom };
  };
  const boxes = texts.map((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    return { e, r: clipped(e, range.getBoundingClientRect()) };
  });
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const fan = a.e.closest(".cards");
      if (fan && fan === b.e.closest(".cards")) continue; // a hand's cards are fanned on purpose
      const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (x > 2 && y > 2) {
        const [one, two] = [a.e.textContent.slice(0, 30), b.e.textContent.slice(0, 30)];
        problems.push(`overlap: "${one}" / "${two}"`);
      }
    }
  }
  // a word broken across two lines ("Finis / hed", "287. / 00") where a column is too narrow
  // (a break after a hyphen is typography; a code or hash longer than any column is made to
  // wrap; text for screen readers only is left out)
  const readerOnly = (e) => {
    for (let p = e; p && p !== document.body; p = p.parentElement) {
      if (p.getBoundingClientRect().width <= 1) return true;
    }
    return false;
  };
  for (const e of texts.filter((t) => !readerOnly(t))) {
    for (const node of [...e.childNodes].filter((n) => n.nodeType === 3)) {
      for (const m of node.textContent.matchAll(/(?<![^\s\-–\/])[^\s\-–\/]{1,24}(?![^\s\-–\/])/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const boxes = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(boxes.map((r) => Math.round(r.top)));
        const where = `${e.tagName}.${e.className}`;
        if (lines.size > 1) problems.push(`broken word: "${m[0]}" in ${where}`);
      }
    }
  }
  return problems;
}
"""


def layout_problems(page: Page) -> list[str]:
    """Elements wider than the viewport (outside a scroll area) and texts drawn over others."""
    problems: list[str] = page.evaluate(_LAYOUT_PROBLEMS)
    return problems


def words_problems(page: Page) -> list[str]:
    """Slugs, raw fractions and cent amounts in the visible text of the page."""
    shown = page.locator("body").inner_text()
    words = set(re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+", shown))
    problems = [f"slug {s!r}" for s in sorted(words & code_slugs())]
    problems += [f"fraction {f!r}" for f in re.findall(r"-?\b\d+/\d{3,}\b", shown)]
    problems += [f"cents {c!r}" for c in re.findall(r"(?<![\w.,])\d{5,}(?![\w.,])", shown)]
    if "—" in shown.split("Balance", 1)[-1][:3]:
        problems.append("no balance")
    return problems


def check_page(page: Page, shot: str) -> None:
    """Look at it (a screenshot), then check its geometry, its words and its accessibility
    (axe-core: nothing serious or critical)."""
    page.screenshot(
        path=str(SHOTS / f"twentyone-{shot}.png"), full_page=True, animations="disabled"
    )
    assert layout_problems(page) == []
    assert words_problems(page) == []
    assert axe_violations(page) == []


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    """Each test runs on the phone and on the desktop."""
    name: str = request.param
    return name


def _script_error(message: Any) -> bool:
    """A console error the page's code wrote (names.js reports a missing name this way); the
    browser's own log of a refused request (a 401 after logging out) is not one."""
    return bool(message.type == "error" and not message.text.startswith("Failed to load resource"))


@pytest.fixture
def tab(browser: Browser, live: LiveServer, size: str) -> Iterator[Page]:  # noqa: F811
    """A new visitor at the test's viewport size; page errors and console errors fail it."""
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)  # to inject axe-core
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if _script_error(msg) else None)
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert errors == [], errors


def post(page: Page, path: str, body: dict[str, Any] | None = None) -> Any:
    """A request from the page's own session (its cookies, and the CSRF token when set)."""
    headers = {"Origin": page.url.split("/#")[0].rstrip("/")}
    for cookie in page.context.cookies():
        if cookie["name"] == "twentyone_csrf":
            headers["X-CSRF-Token"] = cookie["value"]
    response = page.request.post(
        page.url.split("/#")[0].rstrip("/") + path, data=body, headers=headers
    )
    assert response.ok, response.text()
    return response.json() if response.status != 204 else None


def play_split_round(page: Page, live: LiveServer) -> str:  # noqa: F811
    """Lucky Ladies, one spot of 10.00 with a 1.00 Lucky Ladies: two queens of hearts (the side
    bet's 125 to 1), split; hand 1 busts, hand 2 wins against a dealer bust. Returns its id."""
    # spot: Qh, dealer 9c (up), spot: Qh, dealer hole 7d; split: hand 1 gets 5s (15), HIT Ks:
    # 25 bust; hand 2 gets 9h (19), STAND; the dealer's 16 draws Tc: 26, bust.
    live.shoes.stack("Qh 9c Qh 7d 5s Ks 9h Tc")
    post(page, "/api/tables/lucky-ladies/bets", {"spot": 0, "chip": 1000})
    post(page, "/api/tables/lucky-ladies/bets", {"spot": 0, "chip": 100, "side": "lucky-ladies"})
    table = post(page, "/api/tables/lucky-ladies/deal")
    round_id: str = table["round"]["round_id"]
    for action in ("split", "hit", "stand"):
        post(page, f"/api/rounds/{round_id}/actions", {"action": action})
    return round_id


def test_lobby_shows_names_limits_rtp_and_flags_an_unfinished_round(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    tab.goto(f"{live.url}/#/")
    card = tab.locator(".variant-card[data-variant='lucky-lucky']")
    expect(card.locator("h2")).to_have_text("Lucky Lucky Blackjack")
    expect(card).to_contain_text("1.00 – 500.00")
    expect(card.locator(".side-stake")).to_have_text("1.00 – 100.00")
    expect(card.locator(".rtp-figure")).to_have_text("99.51%")
    expect(card.locator(".side-rtp")).to_have_text("96.05%")
    expect(tab.locator(".variant-card[data-variant='lucky-ladies'] h2")).to_have_text(
        "Blackjack with Lucky Ladies"
    )
    # PLAY and RULES are buttons: not underlined as the links in a text are
    underlined = "(a) => getComputedStyle(a).textDecorationLine"
    assert {a.evaluate(underlined) for a in card.locator("a.btn").all()} == {"none"}
    check_page(tab, f"lobby-{size}")

    # an unfinished round: the lobby flags it on its game
    live.shoes.stack("Ts 9h 6d 5c")
    post(tab, "/api/tables/lucky-7/bets", {"spot": 0, "chip": 1000})
    post(tab, "/api/tables/lucky-7/deal")
    tab.reload()  # boot resumes it at the table; go back to the lobby
    expect(tab).to_have_url(re.compile(r"#/table/lucky-7$"))
    expect(tab.locator("#btn-stand")).to_be_visible()  # the table has drawn the round
    tab.goto(f"{live.url}/#/")
    flagged = tab.locator(".variant-card.unfinished")
    expect(flagged).to_have_count(1)
    expect(flagged).to_have_attribute("data-variant", "lucky-7")
    expect(flagged.locator(".badge")).to_contain_text("unfinished")
    expect(flagged.locator("a.btn.deal")).to_have_text("Continue your round")
    check_page(tab, f"lobby-unfinished-{size}")
    tab.click("[data-nav='history']")  # history offers to continue it, too
    row = tab.locator("#history tbody tr").first
    expect(row).to_contain_text("Unfinished")
    expect(row.locator("a")).to_have_text("Continue")
    expect(row.locator("a")).to_have_attribute("href", "#/table/lucky-7")


@pytest.mark.parametrize("variant", ["lucky-lucky", "lucky-ladies"])
def test_rules_page_is_generated_and_says_where_the_document_differs(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
    variant: str,
) -> None:
    tab.goto(f"{live.url}/#/rules/{variant}")
    expect(tab.locator("#how-to-play li").first).to_be_visible()
    expect(tab.locator("#buttons dt").first).to_have_text("DEAL")
    expect(tab.locator("#buttons")).to_contain_text("APPLY TO ALL")
    expect(tab.locator("#rtp-base")).to_have_text("99.51%")
    notes = tab.locator("#notes")
    for phrase in ("malfunction voids all pays and plays", "after 90 days", "disconnected"):
        expect(notes).to_contain_text(phrase)
    if variant == "lucky-lucky":
        expect(tab.locator(".paytable")).to_contain_text("Suited 7-7-7")
        note = tab.locator("#returns .note.discrepancy")
        expect(note).to_have_count(1)
        expect(note).to_contain_text("publishes a return to player of 99.58%")
        expect(note).to_contain_text("gives 99.51%")
    else:
        expect(tab.locator(".paytable")).to_contain_text(
            "Queen of hearts pair with dealer blackjack"
        )
        expect(tab.locator(".paytable")).to_contain_text("1,000 to 1")
        expect(tab.locator("#returns .note")).to_have_count(0)  # that document publishes none
    check_page(tab, f"rules-{variant}-{size}")


def test_history_replay_and_statement_on_every_size(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    tab.goto(f"{live.url}/#/history")
    expect(tab.locator("main")).to_contain_text("No rounds yet")
    round_id = play_split_round(tab, live)
    tab.reload()
    row = tab.locator("#history tbody tr").first
    expect(row).to_contain_text("Blackjack with Lucky Ladies")
    expect(row).to_contain_text("Finished")
    # one round so far: "Your last round", not "Your last 1 rounds"; three decisions
    expect(tab.locator("#mistakes-summary")).to_contain_text("Your last round: ")
    expect(tab.locator("#mistakes-summary")).to_contain_text(" of 3 decisions")
    check_page(tab, f"history-{size}")
    if size == "desktop":  # a phone held sideways is as wide as a laptop's table is not
        tab.set_viewport_size({"width": 844, "height": 390})
        check_page(tab, "history-landscape")  # no "Finis / hed", "287. / 00" in its columns
        tab.set_viewport_size(DESKTOP)

    row.locator("a").click()
    expect(tab).to_have_url(re.compile(f"#/history/{round_id}$"))
    # the table as it was at the end: both hands with totals, "Bust", the side bet's result
    hands = tab.locator(".replay .hand")
    expect(hands).to_have_count(2)
    expect(hands.nth(0).locator(".hand-label")).to_have_text("Spot 1 · Hand 1")
    expect(hands.nth(0).locator(".hand-total")).to_have_text("25 Bust")  # as the table shows it
    expect(hands.nth(0).locator(".hand-outcome")).to_have_text("Bust · 0.00")
    expect(hands.nth(1).locator(".hand-total")).to_have_text("19")
    expect(hands.nth(1).locator(".hand-outcome")).to_have_text("Win · 20.00")
    expect(tab.locator(".side-result")).to_have_text("Lucky Ladies 1.00 · Queen of hearts pair")
    expect(tab.locator("#replay-dealer")).to_have_text("Dealer · 26 · bust")
    check_page(tab, f"replay-end-{size}")
    tab.click("#replay-first")
    expect(tab.locator("#replay-caption")).to_have_text("Before the deal")
    for _ in range(6):  # two bets, four cards dealt
        tab.click("#replay-next")
    expect(tab.locator("#replay-caption")).to_have_text("Dealer gets a face-down card")
    expect(tab.locator(".replay .hand-total")).to_have_text("20")
    for _ in range(3):  # the side bet resolved and paid at once, then the split
        tab.click("#replay-next")
    expect(tab.locator("#replay-caption")).to_have_text("Spot 1 · Hand 1: Split")
    check_page(tab, f"replay-split-{size}")

    tab.goto(f"{live.url}/#/statement")
    expect(tab.locator("#reconciles")).to_have_text("reconciles ✓")
    statement = tab.locator("#statement")
    for label in (
        "Opening balance",
        "Bet · Spot 1 · Hand 1",
        "Bet · Lucky Ladies · Spot 1",
        "Bet · Spot 1 · Hand 2 · split",
        "Lucky Ladies · Spot 1 · Queen of hearts pair",
        "Spot 1 · Hand 2 · Win",
    ):
        expect(statement).to_contain_text(label)
    check_page(tab, f"statement-{size}")


def test_top_up_from_the_balance_when_it_is_low(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    tab.goto(f"{live.url}/#/account")
    expect(tab.locator("#balance")).to_have_text("1,000.00")
    expect(tab.locator("#top-up-slot button")).to_have_count(0)  # not low: no top-up offered
    me = tab.request.get(f"{live.url}/api/auth/me").json()
    live.service.accounts.grant(me["id"], -95_000, f"drain-{size}", "test: spend the play money")
    tab.reload()
    button = tab.locator("#top-up-slot button")
    expect(button).to_have_text("Top up to 1,000.00")
    check_page(tab, f"top-up-offered-{size}")
    button.click()
    expect(tab.locator("#balance")).to_have_text("1,000.00")
    expect(button).to_have_count(0)
    tab.goto(f"{live.url}/#/statement")
    last = tab.locator("#statement tbody tr").last
    expect(last).to_contain_text("Top-up to the starting balance")
    expect(last).to_contain_text("950.00")


def test_a_guest_is_warned_and_logging_out_never_makes_a_new_account_silently(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    tab.goto(f"{live.url}/#/account")
    expect(tab.locator("#account-summary h2")).to_have_text("Playing as a guest")
    first = tab.request.get(f"{live.url}/api/auth/me").json()["id"]
    check_page(tab, f"account-guest-{size}")
    tab.click("#logout")
    warning = tab.locator("#logout-confirm")
    expect(warning).to_contain_text("cannot be recovered")
    expect(tab.locator("#register-instead")).to_be_focused()
    check_page(tab, f"account-logout-warning-{size}")
    tab.click("#logout-anyway")
    expect(tab.locator("#logged-out h2")).to_have_text("You have logged out.")
    expect(tab.locator("#balance")).to_have_text("—")
    check_page(tab, f"account-logged-out-{size}")
    # going elsewhere does not quietly start another account either
    tab.click("[data-nav='history']")
    expect(tab.locator("#logged-out")).to_be_visible()
    assert tab.request.get(f"{live.url}/api/auth/me").status == 401
    tab.reload()  # nor does coming back to the page later
    expect(tab.locator("#logged-out h2")).to_have_text("You have logged out.")
    assert tab.request.get(f"{live.url}/api/auth/me").status == 401
    tab.click("#new-guest")
    expect(tab.locator("h1")).to_have_text("Choose a table")
    expect(tab.locator("#balance")).to_have_text("1,000.00")
    assert tab.request.get(f"{live.url}/api/auth/me").json()["id"] != first


def test_register_log_out_and_log_in_again(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    name = f"ann-{size}"
    tab.goto(f"{live.url}/#/account")
    tab.fill("#register-form input[name='username']", name)
    tab.fill("#register-form input[name='password']", "correct horse")
    tab.click("#register-form button[type='submit']")
    expect(tab.locator("#account-link")).to_have_text(name)
    tab.goto(f"{live.url}/#/account")
    expect(tab.locator("#account-summary h2")).to_have_text(f"Logged in as {name}")
    tab.click("#logout")  # a registered account: no warning, it can log in again
    expect(tab.locator("#logged-out h2")).to_have_text("You have logged out.")
    tab.fill("#login-form input[name='username']", name)
    tab.fill("#login-form input[name='password']", "wrong password")
    tab.click("#login-form button[type='submit']")
    expect(tab.locator("#login-form .form-error")).to_have_text(
        "That username and password do not match an account."
    )
    tab.fill("#login-form input[name='password']", "correct horse")
    tab.click("#login-form button[type='submit']")
    expect(tab.locator("#account-link")).to_have_text(name)
    expect(tab.locator("h1")).to_have_text("Choose a table")


def test_replay_shows_insurance_and_the_dealer_blackjack(
    tab: Page,
    live: LiveServer,  # noqa: F811
    size: str,
) -> None:
    """Lucky 7 deals the dealer's face-down card first: spot Ts, dealer Kd (down), spot 7s,
    dealer Ah (up). Insurance is taken; the dealer's blackjack pays it 2 to 1 and beats 17."""
    tab.goto(f"{live.url}/#/history")
    expect(tab.locator("main")).to_contain_text("No rounds yet")  # the session has started
    live.shoes.stack("Ts Kd 7s Ah")
    post(tab, "/api/tables/lucky-7/bets", {"spot": 0, "chip": 1000})
    round_id = post(tab, "/api/tables/lucky-7/deal")["round"]["round_id"]
    post(tab, f"/api/rounds/{round_id}/actions", {"action": "insurance"})
    tab.goto(f"{live.url}/#/history/{round_id}")
    expect(tab.locator(".side-result.insurance")).to_have_text("Insurance 5.00 · Insurance wins")
    expect(tab.locator("#replay-dealer")).to_have_text("Dealer · Blackjack")
    expect(tab.locator(".replay .hand-outcome")).to_have_text("Lose · 0.00")
    check_page(tab, f"replay-insurance-{size}")
