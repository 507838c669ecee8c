"""The table a player plays at, in real Chromium at desktop, laptop and phone sizes.

Layout: every variant's fullest table (all its spots, every hand split as far as its rules
allow; SPEC section 3) is measured at 1280x800, 1024x768, 390x844 and 844x390: no card, total or
label overlaps another or is cut off, the hand being played stays in view, ranks are at least
14 px on a phone, nothing moves sideways as cards arrive or hands split, and the header never
covers the dealer's cards.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
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

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect

# SPEC section 3: spots one player may bet and hands a spot may split into.
FULLEST = {
    "lucky-lucky": (5, 2),
    "lucky-7": (3, 2),
    "european": (1, 2),
    "lucky-ladies": (7, 4),
}
PAIRS = {
    # Every card of one value, as many as a real shoe of the variant holds (the store deals
    # only shoes the rules can hold, issue 16): every hand is a pair that splits again.
    # Eights where the shoe holds enough (every total 16; the dealer's 8 + 8 draws and busts);
    # ten-value cards for 7 spots split to 4 hands (every total 20, split by value).
    "lucky-lucky": " ".join(["8s", "8h", "8d", "8c"] * 6),  # 6 decks: 24 eights, 23 dealt
    "lucky-7": " ".join(["8s", "8h", "8d", "8c"] * 8),  # 8 decks: 32 eights
    "european": " ".join(["8s", "8h", "8d", "8c"] * 2),  # 2 decks: 8 eights, 7 dealt
    "lucky-ladies": " ".join(f"{r}{s}" for r in "TJQK" for s in "shdc" for _ in range(6)),
}
"""The top of the shoe for each variant's fullest table."""


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


def new_page(
    browser: Browser,
    size: str = "desktop",
    speed: str = "instant",
    bypass_csp: bool = False,
    locale: str = "en-US",
) -> Page:
    """A new visitor; ``bypass_csp`` lets axe-core be injected past the page's CSP."""
    context = browser.new_context(viewport=VIEWPORTS[size], bypass_csp=bypass_csp, locale=locale)
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
    """Opens (or reloads: the bets may have changed behind its back) a variant's table."""
    target = f"{live.url}/#/table/{variant}"
    if page.url == target:
        page.reload()
    else:
        page.goto(target)
    # DEAL, or REBET & DEAL where the last round's bets may be repeated
    expect(page.locator("#betting-buttons")).to_be_visible()
    settled(page)


def settled(page: Page) -> None:
    """Waits until no request or deal is under way."""
    expect(page.locator("#table-page")).to_have_attribute("data-busy", "false")


def api(page: Page, live: LiveServer, method: str, path: str, body: Any = None) -> Any:
    """Calls the API with the page's own session (its cookies), and on a POST the CSRF header
    the browser client sends (the ``twentyone_csrf`` cookie's value)."""
    headers = {}
    if method.upper() != "GET":
        cookies = {c["name"]: c["value"] for c in page.context.cookies(live.url)}
        headers["X-CSRF-Token"] = cookies.get("twentyone_csrf", "")
    response = page.request.fetch(f"{live.url}{path}", method=method, data=body, headers=headers)
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


CURRENT_IN_VIEW_JS = f"() => ({GEOMETRY_JS.strip()})().current"
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


@pytest.mark.parametrize(
    ("variant", "locale"),
    [(v, "en-US") for v in sorted(FULLEST)]
    + [("lucky-ladies", "it-IT"), ("lucky-lucky", "it-IT")],  # Italian: longer words
)
def test_the_fullest_table_holds_at_every_size(
    browser: Browser, live: LiveServer, variant: str, locale: str
) -> None:
    """At every size, whatever the player must see is not under the controls' dock: the hand
    being played and the one played next on its spot, the result and the first row's outcomes,
    the circles before the deal (at 844x390 the old two-line dock covered them)."""
    spots, max_hands = FULLEST[variant]
    tab = new_page(browser, "phone", locale=locale)
    open_table(tab, live, variant)
    bet_everywhere(tab, live, variant, spots)
    faults = all_sizes(tab, f"{variant}-{locale[:2]}-bets", "phone")

    live.shoes.stack(PAIRS[variant])
    press(tab, "#btn-deal")
    expect(tab.locator(".hand")).to_have_count(spots)
    faults += all_sizes(tab, f"{variant}-{locale[:2]}-dealt", "phone")

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
        current = tab.evaluate(CURRENT_IN_VIEW_JS)
        if current is not None and not current["visible"]:
            faults.append(f"phone playing: {current['name']} (being played) is out of view")
        if splits == spots * (max_hands - 1) and action == "#btn-split":
            faults += all_sizes(tab, f"{variant}-{locale[:2]}-split", "phone", shots=True)
        # the first spot's second and last hands: the rows a split added, lower on the felt
        # than the dealer's cards (at 844x390 the dealer's scrolled away; at 1280x800 the
        # dock covered the fourth row)
        if current is not None and current["name"].endswith(
            ("@ hand 0/1", f"@ hand 0/{max_hands - 1}")
        ):
            label = f"{variant}-{locale[:2]}-hand{current['name'][-1]}"
            faults += all_sizes(tab, label, "phone", shots=True)
    assert splits == spots * (max_hands - 1)
    expect(tab.locator("#settlement")).to_be_visible()
    expect(tab.locator(".hand")).to_have_count(spots * max_hands)
    # the same side-bet win on several spots is one line with its count, not one line a spot
    # (a line's rendered text: its outcome is written in full or the felt's shorter way)
    lines = [t.split(" × ")[0] for t in tab.locator(".side-win").all_inner_texts()]
    assert len(lines) == len(set(lines)), lines
    faults += all_sizes(tab, f"{variant}-{locale[:2]}-settled", "phone", shots=True)
    assert faults == [], "\n".join(faults)
    assert tab.errors == []  # type: ignore[attr-defined]
    tab.context.close()


def test_a_table_opened_on_a_phone_held_sideways_shows_the_circles_above_the_dock(
    browser: Browser, live: LiveServer
) -> None:
    """Opened at 844x390 (not turned to it): the dock takes its height once the session bar
    has arrived, and the circles the bets go on, with the spots' names, are above it; during
    the round the dealer's cards stay at the top of the window while the split hands scroll
    under them, so the dock needs no copy of them."""
    tab = new_page(browser, "landscape", bypass_csp=True)
    open_table(tab, live, "lucky-ladies")
    bet_everywhere(tab, live, "lucky-ladies", 7)
    expect(tab.locator("#session-bar")).to_be_visible()
    tab.evaluate(FRAMES_JS)
    faults = layout_faults(tab.evaluate(GEOMETRY_JS), phone=True)
    names = tab.evaluate(
        "() => [...document.querySelectorAll('.spot-name')].map((n) => n.getBoundingClientRect()"
        ".bottom <= document.getElementById('controls-dock').getBoundingClientRect().top + 0.5)"
    )
    assert faults == [] and all(names), (faults, names)
    tab.screenshot(path=str(SHOTS / "twentyone-table-sideways-bets.png"))
    live.shoes.stack(PAIRS["lucky-ladies"])
    press(tab, "#btn-deal")
    press(tab, "#btn-split")
    press(tab, "#btn-stand")
    press(tab, "#btn-split")  # three rows of hands: the page has scrolled past the dealer's row
    assert tab.evaluate("() => window.scrollY") > 0
    dealer = tab.locator("#dealer-cards .card")
    for card in range(dealer.count()):
        expect(dealer.nth(card)).to_be_in_viewport(ratio=1)
    expect(tab.locator("#dealer-peek")).to_be_hidden()
    assert layout_faults(tab.evaluate(GEOMETRY_JS), phone=True) == []
    assert axe_violations(tab) == []
    tab.screenshot(path=str(SHOTS / "twentyone-table-sideways-pinned.png"))
    tab.context.close()


EDGES_JS = """() => { const s = document.getElementById('spots-scroll');
  return [s.classList.contains('more-left'), s.classList.contains('more-right'),
          getComputedStyle(s).maskImage !== 'none']; }"""


def test_the_row_of_spots_fades_where_more_spots_lie_out_of_view(
    page: Page, live: LiveServer
) -> None:
    """Seven spots on a phone: three are in view, and the row fades out at the side where the
    others lie, so a player sees there is more to scroll to; at 1280x800 all seven are in view
    and nothing fades."""
    open_table(page, live, "lucky-ladies")
    assert page.evaluate(EDGES_JS) == [False, False, False]
    page.set_viewport_size(VIEWPORTS["phone"])
    page.evaluate(FRAMES_JS)
    assert page.evaluate(EDGES_JS) == [True, False, True]  # spot 1 (at the right) in view
    page.evaluate("() => document.getElementById('spots-scroll').scrollBy({ left: -150 })")
    expect(page.locator("#spots-scroll.more-left.more-right")).to_have_count(1)
    page.evaluate("() => { document.getElementById('spots-scroll').scrollLeft = 0; }")
    expect(page.locator("#spots-scroll.more-right:not(.more-left)")).to_have_count(1)


def test_seven_spots_fit_a_phone_held_sideways(page: Page, live: LiveServer) -> None:
    """At 844x390 the seven spots of Lucky Ladies are all in view without scrolling sideways
    (cards 44 px wide, ranks 14 px, circles 44 px and more): nothing fades; at 390x844 the row
    still scrolls."""
    open_table(page, live, "lucky-ladies")
    page.set_viewport_size(VIEWPORTS["landscape"])
    page.evaluate(FRAMES_JS)
    row = page.evaluate(
        "() => { const s = document.getElementById('spots-scroll');"
        " return [s.scrollWidth, s.clientWidth]; }"
    )
    assert row[0] <= row[1], row
    assert page.evaluate(EDGES_JS) == [False, False, False]
    assert layout_faults(page.evaluate(GEOMETRY_JS), phone=True) == []
    page.set_viewport_size(VIEWPORTS["phone"])
    page.evaluate(FRAMES_JS)
    assert page.evaluate(EDGES_JS)[2]


@pytest.mark.parametrize("locale", ["en-US", "it-IT"])
def test_the_largest_payouts_keep_apart_and_each_result_is_one_line(
    browser: Browser, live: LiveServer, locale: str
) -> None:
    """A blackjack on the maximum bet (500.00 paid 3 to 2: 1,250.00 back) beside a suited-21
    Lucky Lucky win on the maximum side bet (100.00 at 15 to 1: 1,600.00 back), and a 100.00
    double won (+200.00) beside an unsuited 21 (3 to 1: 400.00 back): at every
    size the amounts' badges never touch (at 390x844 they met) and every hand's result is one
    line of at least 12 px, in Italian too ("Blackjack +750,00" took two lines at 11 px); the
    word stays for screen readers."""
    tab = new_page(browser, "phone", locale=locale)
    open_table(tab, live, "lucky-lucky")
    for spot, chip in ((0, 50000), (1, 10000)):  # 800.00 of the 1,000.00, 100.00 to double
        api(tab, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": spot, "chip": chip})
        body = {"spot": spot, "chip": 10000, "side": "lucky-lucky"}
        api(tab, live, "POST", "/api/tables/lucky-lucky/bets", body)
    open_table(tab, live, "lucky-lucky")
    # spot 1: A♠ K♠ with the dealer's T♠ up (suited 21); spot 2: 5♥ 6♦ doubles on Tc (21;
    # 5-6-T unsuited 21); the dealer's T♠ 7♦ stands on 17.
    live.shoes.stack("As 5h Ts Ks 6d 7d Tc")
    press(tab, "#btn-deal")
    press(tab, "#btn-double")
    expect(tab.locator("#settlement")).to_be_visible()
    it = locale == "it-IT"
    badges = tab.locator(".spot[data-pos='0'] .stake")
    expect(badges).to_have_text(["1.250,00", "1.600,00"] if it else ["1,250.00", "1,600.00"])
    results = tab.locator(".hand-outcome")
    expect(results).to_have_text(
        ["Vinta +200,00", "Blackjack +750,00"] if it else ["Win +200.00", "Blackjack +750.00"]
    )
    faults = all_sizes(tab, f"payouts-{locale[:2]}", "phone", shots=True)
    assert faults == [], "\n".join(faults)
    tab.context.close()


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
    live.shoes.stack(PAIRS["lucky-ladies"])
    press(tab, "#btn-deal")
    for y in (0, 200, 400):
        tab.evaluate(f"window.scrollTo(0, {y})")
        geometry = tab.evaluate(GEOMETRY_JS)
        assert not geometry["headerCoversDealer"], y
    tab.context.close()


def money(minor: int) -> str:
    """Play money as a person reads it (neutral: 1,234.50), worked out here (not by the
    client)."""
    sign = "-" if minor < 0 else ""
    return f"{sign}{abs(minor) / 100:,.2f}"


DISABLED_LOOK_JS = """
(selector) => {
  const n = document.querySelector(selector);
  const s = getComputedStyle(n);
  return { disabled: n.disabled, opacity: Number(s.opacity), filter: s.filter, cursor: s.cursor };
}
"""


def looks_disabled(page: Page, selector: str) -> bool:
    style = page.evaluate(DISABLED_LOOK_JS, selector)
    return bool(
        style["disabled"]
        and style["opacity"] <= 0.6
        and "grayscale" in style["filter"]
        and style["cursor"] == "not-allowed"
    )


def looks_enabled(page: Page, selector: str) -> bool:
    style = page.evaluate(DISABLED_LOOK_JS, selector)
    return bool(not style["disabled"] and style["opacity"] == 1 and style["filter"] == "none")


def test_disabled_controls_look_disabled_and_say_why(page: Page, live: LiveServer) -> None:
    open_table(page, live, "lucky-lucky")
    for control in ("#btn-deal", "#btn-undo", "#btn-clear", "#btn-double-bets"):
        assert looks_disabled(page, control), control
    # no round to repeat: REBET and its kin are not offered (a casino's table leaves them out)
    for control in ("#btn-rebet", "#btn-rebet-deal", "#btn-double-deal"):
        expect(page.locator(control)).to_be_hidden()
        expect(page.locator(control)).to_be_disabled()
    assert looks_enabled(page, ".chip[data-value='1000']")
    page.click(".chip[data-value='500']")
    press(page, ".spot[data-pos='0'] .bet-circle")
    press(page, ".spot[data-pos='0'] .bet-circle")
    for control in ("#btn-deal", "#btn-undo", "#btn-clear", "#btn-double-bets"):
        assert looks_enabled(page, control), control
    expect(page.locator("#btn-rebet")).to_be_hidden()  # bets on the table: nothing to repeat
    # The balance shows what the bets will take: 10.00 of 1,000.00.
    expect(page.locator("#balance")).to_have_text("1,000.00")
    expect(page.locator("#held")).to_have_text("bets 10.00 · 990.00 after DEAL")

    # 500.00 (the maximum) on spot 2 and 485.00 on spot 3: 5.00 left to bet, so only the
    # 1 and 5 chips stay enabled; pre-deal DOUBLE past the balance says why.
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 1, "chip": 50000})
    for _ in range(4):
        api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 2, "chip": 10000})
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 2, "chip": 2500})
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 2, "chip": 2500})
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 2, "chip": 2500})
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 2, "chip": 1000})
    open_table(page, live, "lucky-lucky")  # bets: 10 + 500 + 485 = 995; 5 left
    expect(page.locator("#held")).to_have_text("bets 995.00 · 5.00 after DEAL")
    assert looks_enabled(page, ".chip[data-value='100']")
    assert looks_enabled(page, ".chip[data-value='500']")
    for chip in (1000, 2500, 10000, 50000):
        assert looks_disabled(page, f".chip[data-value='{chip}']"), chip
    assert looks_disabled(page, "#btn-double-bets")
    expect(page.locator("#why-double")).to_have_text(
        "Doubling needs 1,990.00; the balance is 1,000.00."
    )
    expect(page.locator("#btn-double-bets")).to_have_attribute("aria-describedby", "why-double")
    press(page, "#btn-clear")
    page.click(".chip[data-value='10000']")
    for _ in range(3):
        press(page, ".spot[data-pos='0'] .bet-circle")
    expect(page.locator("#why-double")).to_have_text(
        "Doubling would take Spot 1 past the 500.00 maximum."
    )

    # In a round: the rack is left out at 1280x800 too (it took a line of the dock, which then
    # covered a split spot's fourth hand) and the empty circles are disabled; DOUBLE with too
    # little balance is disabled too.
    press(page, "#btn-clear")
    page.click(".chip[data-value='1000']")
    press(page, ".spot[data-pos='0'] .bet-circle")
    live.shoes.stack("5s 9h 6d 7c Ts")
    press(page, "#btn-deal")
    expect(page.locator(".chip-rack")).to_be_hidden()
    for chip in (100, 500, 1000):
        expect(page.locator(f".chip[data-value='{chip}']")).to_be_disabled()
    style = page.evaluate(DISABLED_LOOK_JS, ".spot[data-pos='1'] .bet-circle")
    assert style["disabled"] and style["opacity"] <= 0.5 and style["cursor"] == "not-allowed"
    for control in ("#btn-hit", "#btn-stand", "#btn-double"):
        assert looks_enabled(page, control), control
    assert looks_disabled(page, "#btn-split")
    page.screenshot(path=str(SHOTS / "twentyone-table-disabled.png"))


def test_settlement_panel_lists_every_wager_as_the_api_does(page: Page, live: LiveServer) -> None:
    """Insurance on one hand, a double, two Lucky Lucky side bets: one line each, and the
    round's net, equal to the API's wager lines."""
    open_table(page, live, "lucky-lucky")
    for spot in (0, 1):
        api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": spot, "chip": 1000})
        body = {"spot": spot, "chip": 100, "side": "lucky-lucky"}
        api(page, live, "POST", "/api/tables/lucky-lucky/bets", body)
    open_table(page, live, "lucky-lucky")
    # spot 1: 5s 6d (11), spot 2: Ts 9h (19), dealer As up, 7c face down (soft 18).
    live.shoes.stack("5s Ts As 6d 9h 7c Td")
    press(page, "#btn-deal")
    expect(page.locator("#insurance-question")).to_contain_text("It costs 5.00")
    press(page, "#btn-accept")  # spot 1 insured
    expect(page.locator("#insurance-question")).to_contain_text("Insurance for Spot 2?")
    press(page, "#btn-decline")
    press(page, "#btn-double")  # 11 + Td = 21
    press(page, "#btn-stand")
    expect(page.locator("#settlement")).to_be_visible()
    state = api(page, live, "GET", "/api/tables/lucky-lucky")
    round_id = page.evaluate("() => document.querySelector('.hand').closest('.felt') && 1")
    assert round_id == 1
    history = api(page, live, "GET", "/api/history?limit=1")["rounds"][0]
    record = api(page, live, "GET", f"/api/rounds/{history['id']}")
    rows = page.locator("#settlement tbody tr")
    expect(rows).to_have_count(len(record["wagers"]))
    kinds = sorted(line["kind"] for line in record["wagers"])
    assert kinds == ["hand", "hand", "insurance", "side", "side"]
    for i, line in enumerate(record["wagers"]):
        row = rows.nth(i)
        expect(row.locator(".stake")).to_have_text(money(line["stake"]))
        expect(row.locator(".returned")).to_have_text(money(line["returned"]))
    labels = rows.locator(".wager").all_inner_texts()
    assert "Spot 1 (doubled)" in labels
    assert "Insurance · Spot 1" in labels
    net = record["returned"] - record["staked"]
    expect(page.locator("#settlement-staked")).to_have_text(money(record["staked"]))
    expect(page.locator("#settlement-returned")).to_have_text(money(record["returned"]))
    expect(page.locator("#settlement-net")).to_have_text(f"Net +{money(net)}")
    # Hand-worked: 21 doubled beats 18 (20 → 40), 19 beats 18 (10 → 20), insurance lost
    # (5), Lucky Lucky: 5-6-A is 12 (lost 1), 10-9-A is 20 (2 to 1: 1 → 3): net +26.
    assert net == 2600
    expect(page.locator("#result")).to_have_text("You win 26.00")
    expect(page.locator("#result")).to_have_class(re.compile(r"\bwin\b"))
    expect(page.locator(".side-win")).to_have_count(1)
    expect(page.locator(".side-win")).to_contain_text("+2.00")
    assert state["balance"] == 100000 + net
    # The panel lies below the felt: it covers no card.
    panel = page.locator("#settlement").bounding_box()
    felt = page.locator("#felt").bounding_box()
    assert panel is not None and felt is not None and panel["y"] >= felt["y"] + felt["height"]
    page.screenshot(path=str(SHOTS / "twentyone-table-settlement.png"), full_page=True)


def test_a_round_that_nets_zero_is_not_celebrated(page: Page, live: LiveServer) -> None:
    open_table(page, live, "lucky-lucky")
    for spot in (0, 1):
        api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": spot, "chip": 1000})
    open_table(page, live, "lucky-lucky")
    # spot 1: Ts 6d hits Ks and busts; spot 2: Ts 9h (19); dealer 9c + 9d = 18.
    live.shoes.stack("Ts Th 9c 6d 9h 9d Ks")
    press(page, "#btn-deal")
    press(page, "#btn-hit")
    press(page, "#btn-stand")
    expect(page.locator("#result")).to_have_text("Even: your 20.00 came back")
    expect(page.locator("#result")).not_to_have_class(re.compile(r"\bwin\b"))
    expect(page.locator("#message")).not_to_have_class(re.compile(r"\bwin\b"))


def test_insurance_prompt_on_a_one_hand_table_and_even_money(page: Page, live: LiveServer) -> None:
    open_table(page, live, "lucky-lucky")
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 0, "chip": 2500})
    open_table(page, live, "lucky-lucky")
    live.shoes.stack("Ts Ah 8d 7c")
    press(page, "#btn-deal")
    expect(page.locator("#insurance-question")).to_have_text(
        "Insurance for Spot 1? It costs 12.50 and pays 2 to 1 if the dealer has blackjack."
    )
    expect(page.locator("#btn-apply-all")).to_have_count(0)  # one hand: nothing to apply to
    press(page, "#btn-decline")
    press(page, "#btn-stand")
    expect(page.locator("#settlement")).to_be_visible()

    # Lucky 7 offers even money to a blackjack against an ace (its hole card comes first).
    open_table(page, live, "lucky-7")
    api(page, live, "POST", "/api/tables/lucky-7/bets", {"spot": 0, "chip": 1000})
    open_table(page, live, "lucky-7")
    live.shoes.stack("As 7c Ks Ah")
    press(page, "#btn-deal")
    expect(page.locator("#insurance-question")).to_contain_text("Take 10.00 now (1 to 1)")
    expect(page.locator("#btn-apply-all")).to_have_count(0)
    press(page, "#btn-even-money")
    expect(page.locator("#settlement tbody tr")).to_have_count(1)
    expect(page.locator("#settlement .returned")).to_have_text("20.00")
    expect(page.locator("#result")).to_have_text("You win 10.00")


def test_european_bets_with_increase_and_decrease(page: Page, live: LiveServer) -> None:
    """European's document: "Click the Increase (+) or Decrease (-) button"."""
    open_table(page, live, "european")
    page.click(".chip[data-value='1000']")
    press(page, "#btn-increase-0")
    press(page, "#btn-increase-0")
    expect(page.locator(".bet-circle")).to_contain_text("20.00")
    press(page, "#btn-decrease-0")
    expect(page.locator(".bet-circle")).to_contain_text("10.00")
    press(page, "#btn-decrease-0")
    expect(page.locator(".bet-circle .stake")).to_have_count(0)
    expect(page.locator(".bet-circle")).to_have_accessible_name("Bet on Spot 1: no chips")
    assert page.locator("#btn-decrease-0").is_disabled()


DEAL_LOG_JS = """
() => {
  window.__dealt = [];
  const where = (n) => {
    const hand = n.closest('.hand');
    return hand ? `spot ${hand.dataset.spot}` : 'dealer';
  };
  new MutationObserver((records) => {
    const added = [];
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.classList.contains('card')) continue;
      added.push(`${where(n)} ${n.dataset.card}`);
    }
    if (added.length) window.__dealt.push(added);
  }).observe(document.getElementById('felt'), { childList: true, subtree: true });
}
"""


@pytest.mark.parametrize(
    ("variant", "shoe", "dealt"),
    [
        # SPEC section 3: a card to each spot in play order, the dealer's first card, a
        # second card to each spot, the dealer's second (face down where the up card is first).
        (
            "lucky-lucky",
            "Ts 9s 5h 8d 9d 7c Kd",
            ["spot 0 Ts", "spot 1 9s", "dealer 5h", "spot 0 8d", "spot 1 9d", "dealer down"],
        ),
        # Lucky 7: the dealer's first card is the face-down one.
        (
            "lucky-7",
            "Ts 9s 7c 8d 9d 5h Kd",
            ["spot 0 Ts", "spot 1 9s", "dealer down", "spot 0 8d", "spot 1 9d", "dealer 5h"],
        ),
        # European: no hole card; the dealer's second card is its first draw.
        ("european", "Ts 5h 8d 7c Kd", ["spot 0 Ts", "dealer 5h", "spot 0 8d"]),
    ],
)
def test_cards_leave_the_shoe_one_at_a_time_in_dealing_order(
    browser: Browser, live: LiveServer, variant: str, shoe: str, dealt: list[str]
) -> None:
    tab = new_page(browser, speed="30")
    open_table(tab, live, variant)
    spots = sum(1 for card in dealt if card.startswith("spot")) // 2
    for spot in range(spots):
        api(tab, live, "POST", f"/api/tables/{variant}/bets", {"spot": spot, "chip": 1000})
    open_table(tab, live, variant)
    tab.evaluate(DEAL_LOG_JS)
    live.shoes.stack(shoe)
    press(tab, "#btn-deal")
    batches = tab.evaluate("() => window.__dealt")
    assert batches == [[card] for card in dealt]  # one card per step, in the real order
    for _ in range(spots):
        tab.evaluate("() => { window.__dealt.length = 0; }")
        press(tab, "#btn-stand")
    # The hole card turns over (European: the dealer's second card is drawn), then the
    # dealer draws one card at a time: 12 + Kd busts.
    batches = tab.evaluate("() => window.__dealt")
    assert batches == [["dealer 7c"], ["dealer Kd"]]
    expect(tab.locator("#settlement")).to_be_visible()
    tab.context.close()


PLAY_IDS = {"btn-hit", "btn-stand", "btn-double", "btn-split", "btn-accept", "btn-even-money"}


def test_a_full_round_by_keyboard_alone(page: Page, live: LiveServer) -> None:
    """Chips, bets, DEAL, insurance, decisions and the next round: keys only, no Tab."""
    open_table(page, live, "lucky-lucky")
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    expect(page.locator("#help")).to_contain_text("Hit")
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    page.keyboard.press("]")  # 10 -> 25
    expect(page.locator(".chip[data-value='2500']")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("[")  # back to 10
    page.keyboard.press("1")  # 10 on spot 1
    settled(page)
    page.keyboard.press("2")  # 10 on spot 2
    settled(page)
    page.keyboard.press("Shift+Digit2")  # the Lucky Lucky side bet on spot 2
    settled(page)
    expect(page.locator(".spot[data-pos='1'] .side-circle")).to_contain_text("10.00")
    page.keyboard.press("u")  # UNDO takes the side bet back
    settled(page)
    expect(page.locator(".spot[data-pos='1'] .side-circle")).not_to_contain_text("$")
    # spot 1: 9s 7d (16), spot 2: Ts 8d (18), dealer Ah up, 6c face down; spot 1 hits 4h.
    live.shoes.stack("9s Ts Ah 7d 8d 6c 4h Kc")
    page.keyboard.press("Enter")  # DEAL
    settled(page)
    expect(page.locator("#insurance-question")).to_be_visible()
    assert page.evaluate("() => document.activeElement.id") in PLAY_IDS
    page.keyboard.press("a")  # APPLY TO ALL ...
    expect(page.locator("#btn-apply-all")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("n")  # ... DECLINE: no insurance on either hand
    settled(page)
    assert page.evaluate("() => document.activeElement.id") in PLAY_IDS
    page.keyboard.press("h")
    settled(page)
    expect(page.locator(".hand[data-spot='0'] .hand-total")).to_have_text("20")
    page.keyboard.press("s")
    settled(page)
    page.keyboard.press("s")
    settled(page)
    # Dealer A 6 = soft 17 stands: 20 and 18 beat 17.
    expect(page.locator("#result")).to_have_text("You win 20.00")
    expect(page.locator("#announcer")).to_contain_text("You win 20.00")
    assert page.evaluate("() => document.activeElement.id") in {"btn-rebet-deal", "btn-rebet"}
    page.keyboard.press("r")  # REBET
    settled(page)
    expect(page.locator(".spot[data-pos='0'] .bet-circle")).to_contain_text("10.00")
    ring = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert ring[0] == "solid" and ring[1] == "3px"  # a visible focus ring on the felt


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_nothing_serious_on_any_table_state(
    browser: Browser, live: LiveServer, size: str
) -> None:
    tab = new_page(browser, size, bypass_csp=True)
    found: dict[str, list[str]] = {}
    open_table(tab, live, "lucky-lucky")
    found["empty table"] = axe_violations(tab)
    for spot in (0, 1):
        api(tab, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": spot, "chip": 1000})
        body = {"spot": spot, "chip": 100, "side": "lucky-lucky"}
        api(tab, live, "POST", "/api/tables/lucky-lucky/bets", body)
    open_table(tab, live, "lucky-lucky")
    found["bets placed"] = axe_violations(tab)
    live.shoes.stack("8s 8d Ah 8h 9d 7c 2s 3s 4s Kd")
    press(tab, "#btn-deal")
    found["insurance"] = axe_violations(tab)
    press(tab, "#btn-decline")
    press(tab, "#btn-decline")
    found["in play"] = axe_violations(tab)
    press(tab, "#btn-split")
    found["split"] = axe_violations(tab)
    tab.click("#btn-help")
    found["help"] = axe_violations(tab)
    tab.keyboard.press("Escape")
    for _ in range(4):
        if tab.locator("#settlement").count():
            break
        press(tab, "#btn-stand")
    expect(tab.locator("#settlement")).to_be_visible()
    found["settled"] = axe_violations(tab)
    tab.click(".spot[data-pos='3'] .side-circle")  # refused: a side bet needs a main bet
    expect(tab.locator("#notice .notice.error")).to_be_visible()
    found["error"] = axe_violations(tab)
    print({state: len(v) for state, v in found.items()})
    assert {state: v for state, v in found.items() if v} == {}
    tab.context.close()


def test_skip_finishes_a_slow_deal_at_once(browser: Browser, live: LiveServer) -> None:
    tab = new_page(browser, speed="3000")  # three seconds a card: the deal would take 12 s
    open_table(tab, live, "lucky-lucky")
    api(tab, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 0, "chip": 1000})
    open_table(tab, live, "lucky-lucky")
    live.shoes.stack("Ts 9h 6d 5c 4s Td")
    tab.click("#btn-deal")
    expect(tab.locator("#btn-skip")).to_be_visible()
    expect(tab.locator("#betting-buttons")).to_be_hidden()
    tab.keyboard.press("Escape")
    expect(tab.locator("#felt .card")).to_have_count(4, timeout=2000)
    expect(tab.locator("#btn-hit")).to_be_enabled(timeout=2000)
    expect(tab.locator("#btn-skip")).to_have_count(0)
    tab.context.close()


REDUCED_JS = """
() => {
  window.__moves = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.classList.contains('card')) continue;
      for (const a of n.getAnimations()) {
        for (const k of a.effect.getKeyframes()) window.__moves.push(k.transform || 'none');
      }
      window.__moves.push('card');
    }
  }).observe(document.getElementById('felt'), { childList: true, subtree: true });
}
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_cards_fly_from_the_shoe_unless_reduced_motion_is_asked(
    browser: Browser, live: LiveServer, motion: str
) -> None:
    tab = new_page(browser, speed="60")
    tab.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    open_table(tab, live, "lucky-lucky")
    api(tab, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 0, "chip": 1000})
    open_table(tab, live, "lucky-lucky")
    tab.evaluate(REDUCED_JS)
    live.shoes.stack("Ts 9h 6d 5c 4s Td")
    press(tab, "#btn-deal")
    moves = tab.evaluate("() => window.__moves")
    assert moves.count("card") == 4  # the order is kept either way
    moving = [m for m in moves if m not in ("card", "none")]
    if motion == "reduce":
        assert moving == []
    else:
        assert len(moving) == 4 and all(m.startswith("translate(") for m in moving)
    tab.context.close()


def test_the_shortcuts_link_is_left_out_on_a_touch_only_phone(
    browser: Browser, live: LiveServer
) -> None:
    """A phone with no keyboard has no keys to list: the "Shortcuts (?)" link is not shown there,
    and it is on a desktop with a mouse."""
    context = browser.new_context(viewport=VIEWPORTS["phone"], is_mobile=True, has_touch=True)
    touch = context.new_page()
    open_table(touch, live, "lucky-lucky")
    assert touch.evaluate("matchMedia('(hover: none) and (pointer: coarse)').matches")
    expect(touch.locator("#btn-help")).to_be_hidden()
    expect(touch.locator("#btn-deal")).to_be_visible()
    context.close()
    desk = new_page(browser)
    open_table(desk, live, "lucky-lucky")
    expect(desk.locator("#btn-help")).to_be_visible()
    desk.context.close()


PLACED_JS = """
() => {
  window.__placed = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType !== 1 || !n.matches('.chip.flying.place')) continue;
      const [first] = n.getAnimations().map((a) => a.effect.getKeyframes()[0].transform);
      window.__placed.push({ cls: n.className, from: first || 'none' });
    }
  }).observe(document.body, { childList: true });
}
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_chip_placed_flies_from_the_rack_unless_reduced_motion_is_asked(
    browser: Browser, live: LiveServer, motion: str
) -> None:
    """Bet placement is seen: the chip picked (its own colour) flies from the rack onto the
    circle; with reduced motion it simply appears in the stack."""
    tab = new_page(browser, speed="200")
    tab.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    open_table(tab, live, "lucky-lucky")
    tab.evaluate(PLACED_JS)
    tab.click(".chip[data-value='2500']")
    press(tab, ".spot[data-pos='0'] .bet-circle")
    expect(tab.locator(".spot[data-pos='0'] .bet-circle .stake")).to_have_text("25.00")
    placed = tab.evaluate("() => window.__placed")
    if motion == "reduce":
        assert placed == []
    else:
        assert len(placed) == 1 and "v2500" in placed[0]["cls"]
        assert placed[0]["from"].startswith("translate(")
        # it starts over the rack, which lies below the circles: a move down from its resting place
        dy = float(placed[0]["from"].split(",")[1].split("px")[0])
        assert dy > 0, placed[0]["from"]
    tab.context.close()


def test_requests_carry_the_csrf_header_and_idempotency_keys(page: Page, live: LiveServer) -> None:
    """The contract with the server: X-CSRF-Token from the twentyone_csrf cookie on every
    state-changing request; an Idempotency-Key on DEAL and on every decision."""
    token = "t" * 43  # a well-formed token (the server replaces a malformed one)
    page.context.add_cookies([{"name": "twentyone_csrf", "value": token, "url": live.url}])
    sent: list[tuple[str, str, dict[str, str]]] = []
    page.on("request", lambda r: sent.append((r.method, r.url, r.headers)))
    open_table(page, live, "lucky-lucky")
    press(page, ".spot[data-pos='0'] .bet-circle")
    live.shoes.stack("Ts 9h 6d 5c 4s Td")
    press(page, "#btn-deal")
    press(page, "#btn-stand")
    posts = [(url, headers) for method, url, headers in sent if method == "POST"]
    assert posts and all(h.get("x-csrf-token") == token for _, h in posts)
    keyed = [url.split("/api/")[1] for url, h in posts if "idempotency-key" in h]
    assert any(u.endswith("/deal") for u in keyed)
    assert any(u.endswith("/actions") for u in keyed)
    keys = [h["idempotency-key"] for _, h in posts if "idempotency-key" in h]
    assert len(set(keys)) == len(keys)  # one key per intent
    gets = [h for method, _, h in sent if method == "GET" and "/api/" in _]
    assert all("x-csrf-token" not in h for h in gets)


def test_an_error_message_never_covers_a_control(page: Page, live: LiveServer) -> None:
    open_table(page, live, "lucky-lucky")
    page.click(".spot[data-pos='2'] .side-circle")  # refused: a side bet needs a main bet
    notice = page.locator("#notice .notice.error")
    expect(notice).to_be_visible()
    box = notice.bounding_box()
    assert box is not None
    for control in page.locator("button:visible").all():
        other = control.bounding_box()
        assert other is not None
        apart = (
            box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
            or box["y"] + box["height"] <= other["y"]
            or other["y"] + other["height"] <= box["y"]
        )
        assert apart, control.get_attribute("id") or control.inner_text()
    press(page, ".spot[data-pos='0'] .bet-circle")  # the next action goes through at once
    expect(page.locator("#btn-deal")).to_be_enabled()
    errors = page.errors  # type: ignore[attr-defined]
    assert [e for e in errors if "400 (Bad Request)" not in e] == []  # only the refusal
    errors.clear()


STACK_JS = """(pos) => [...document.querySelectorAll(
  `.spot[data-pos="${pos}"] .bet-circle .chip-stack .chip`)].map((c) => Number(c.dataset.chip))"""


def test_each_bet_is_a_stack_of_the_chips_it_is_made_of(page: Page, live: LiveServer) -> None:
    """A bet of 77.00 stands on its circle as three 25 chips and two 1 chips, the largest at the
    bottom (the fewest chips of the table's values, as a dealer colours up); 10.00 is one 10
    chip. The stacks hold the layout at every size."""
    open_table(page, live, "lucky-lucky")
    page.click(".chip[data-value='2500']")
    for _ in range(2):
        press(page, ".spot[data-pos='0'] .bet-circle")
    page.click(".chip[data-value='1000']")
    for _ in range(2):
        press(page, ".spot[data-pos='0'] .bet-circle")
    page.click(".chip[data-value='100']")
    for _ in range(7):
        press(page, ".spot[data-pos='0'] .bet-circle")
    page.click(".chip[data-value='1000']")
    press(page, ".spot[data-pos='1'] .bet-circle")
    expect(page.locator(".spot[data-pos='0'] .bet-circle .stake")).to_have_text("77.00")
    assert page.evaluate(STACK_JS, 0) == [2500, 2500, 2500, 100, 100]
    assert page.evaluate(STACK_JS, 1) == [1000]
    bottom, top = (
        page.locator(".spot[data-pos='0'] .chip-stack .chip").nth(i).bounding_box() for i in (0, 4)
    )
    assert bottom is not None and top is not None
    assert top["y"] < bottom["y"]  # the first chip is at the bottom of the stack
    faults = all_sizes(page, "stacks", "desktop", shots=True)
    assert faults == [], "\n".join(faults)


TARGETS_JS = """
() => [...document.querySelectorAll(
    'a[href], button, select, input, [role="button"], [tabindex]:not([tabindex="-1"])')]
  .filter((n) => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden'
    && !n.closest('dialog:not([open])') && n.id !== 'spots-scroll')
  .map((n) => { const r = n.getBoundingClientRect();
    return { name: n.id || n.getAttribute('aria-label') || n.dataset.name || n.textContent.trim(),
             width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 }; })
  .filter((r) => r.width < 44 || r.height < 44)
"""
"""Everything a player taps on the page (the scrolling row of spots is a region, not a
target), smaller than 44 by 44."""


@pytest.mark.parametrize(
    ("variant", "size"),
    [("european", "phone"), ("lucky-ladies", "phone"), ("lucky-ladies", "landscape")],
)
def test_every_control_a_phone_player_taps_is_44_px(
    browser: Browser, live: LiveServer, variant: str, size: str
) -> None:
    """Touch targets of at least 44 by 44 CSS pixels (Apple's and WCAG 2.5.5's size) on a phone
    upright and sideways: the top bar's links and language, the table's links, the bet and
    side-bet circles (33 px before), the chips, the betting and the playing buttons,
    European's Increase and Decrease, the foot's link."""
    tab = new_page(browser, size)
    open_table(tab, live, variant)
    press(tab, ".spot[data-pos='0'] .bet-circle")
    tab.evaluate("() => window.scrollTo(0, 0)")  # the top bar too (it scrolls away at the table)
    assert tab.evaluate(TARGETS_JS) == []
    live.shoes.stack("Ts 9h 6d 5c 4s Td 2c")
    press(tab, "#btn-deal")
    expect(tab.locator("#btn-hit")).to_be_enabled()
    assert tab.evaluate(TARGETS_JS) == []
    tab.screenshot(path=str(SHOTS / f"twentyone-table-targets-{variant}-{size}.png"))
    tab.context.close()


def test_sound_is_off_until_switched_on(page: Page, live: LiveServer) -> None:
    open_table(page, live, "lucky-lucky")
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("m")
    expect(page.locator("#btn-sound")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('twentyone.sound')") == "on"
    page.keyboard.press("m")
    expect(page.locator("#btn-sound")).to_have_text("Sound off")


def test_a_large_side_bet_win_is_shown_prominently_by_name(page: Page, live: LiveServer) -> None:
    """Lucky Ladies pays a queen-of-hearts pair 125 to 1 (pay table A, SPEC section 4)."""
    open_table(page, live, "lucky-ladies")
    api(page, live, "POST", "/api/tables/lucky-ladies/bets", {"spot": 0, "chip": 1000})
    body = {"spot": 0, "chip": 100, "side": "lucky-ladies"}
    api(page, live, "POST", "/api/tables/lucky-ladies/bets", body)
    open_table(page, live, "lucky-ladies")
    # Q♥ Q♥ (20) against a 5 up: the pair settles at once; the dealer's 5 9 draws Tc and busts.
    live.shoes.stack("Qh 5c Qh 9d Tc")
    press(page, "#btn-deal")
    press(page, "#btn-stand")
    win = page.locator(".side-win.big")
    expect(win).to_have_count(1)
    expect(win).to_contain_text("Lucky Ladies")
    expect(win).to_contain_text("+125.00")
    expect(win).not_to_contain_text("qh")
    big = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.side-win.big')).fontSize)"
    )
    message = page.evaluate(
        "() => parseFloat(getComputedStyle(document.getElementById('message')).fontSize)"
    )
    assert big >= message * 0.9  # as large as the round's headline, not a footnote
    expect(page.locator("#result")).to_have_text("You win 135.00")
    page.screenshot(path=str(SHOTS / "twentyone-table-big-side-win.png"))


DEALER_FRAMES_JS = """async (events) => {
  const { framesFromEvents } = await import('/static/js/table/model.js');
  const { dealerText } = await import('/static/js/table/felt.js');
  return framesFromEvents(events, [0], 'r', 0)
    .filter((f) => f.kind === 'dealer-card' || f.kind === 'hole' || f.kind === 'flip')
    .map((f) => dealerText(f.model.dealer));
}"""
"""The dealer's label on the felt after each dealer card of a round's events, as dealt."""


def test_the_dealers_total_reads_like_the_players_soft_until_the_dealer_stands(
    page: Page, live: LiveServer
) -> None:
    """An ace up reads "1/11" (as a player's soft hand reads "7/17"), a soft hand the dealer
    still draws to reads both totals, and the dealer's total once it stands is one number:
    Lucky Lucky's dealer stands on soft 17 (S17), so A-6 reads "17" as soon as it is turned;
    the same at the table, in the deal's frames and in the replay."""
    open_table(page, live, "lucky-lucky")
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 0, "chip": 1000})
    open_table(page, live, "lucky-lucky")
    # spot Ts 7d (17); dealer As up, 2c face down: A-2 (3/13) draws 3h (6/16) and 4s: soft 20.
    live.shoes.stack("Ts As 7d 2c 3h 4s")
    press(page, "#btn-deal")
    expect(page.locator("#insurance-question")).to_be_visible()
    expect(page.locator("#dealer-total")).to_have_text("Dealer · 1/11")
    expect(page.locator("#announcer")).to_contain_text(", soft 11.")  # as a screen reader says it
    press(page, "#btn-decline")
    expect(page.locator("#dealer-total")).to_have_text("Dealer · 1/11")
    press(page, "#btn-stand")
    expect(page.locator("#settlement")).to_be_visible()
    expect(page.locator("#dealer-total")).to_have_text("Dealer · 20")
    round_id = api(page, live, "GET", "/api/history?limit=1")["rounds"][0]["id"]
    events = api(page, live, "GET", f"/api/rounds/{round_id}")["events"]
    assert page.evaluate(DEALER_FRAMES_JS, events) == [
        "Dealer · 1/11",  # the ace up
        "Dealer · 1/11",  # the hole card, face down
        "Dealer · 3/13",  # A-2 turned: the dealer draws
        "Dealer · 6/16",  # A-2-3
        "Dealer · 20",  # A-2-3-4: soft 20 stands
    ]
    # the replay: the same words at each step
    page.goto(f"{live.url}/#/history/{round_id}")
    expect(page.locator("#replay-dealer")).to_have_text("Dealer · 20")
    draws = [i for i, e in enumerate(events) if e["type"] == "CardDealt" and e["spot"] == -1]
    page.click("#replay-first")
    for _ in range(draws[2] + 1):  # up to the dealer's first draw, the 3h
        page.click("#replay-next")
    expect(page.locator("#replay-caption")).to_contain_text("3♥")
    expect(page.locator("#replay-dealer")).to_have_text("Dealer · 6/16")

    # A-6 is soft 17: the dealer stands on it, and it reads "17" as it is turned over.
    open_table(page, live, "lucky-lucky")
    api(page, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": 0, "chip": 1000})
    open_table(page, live, "lucky-lucky")
    live.shoes.stack("Ts Ad 8d 6c")
    press(page, "#btn-deal")
    press(page, "#btn-decline")
    press(page, "#btn-stand")
    expect(page.locator("#dealer-total")).to_have_text("Dealer · 17")
    round_id = api(page, live, "GET", "/api/history?limit=1")["rounds"][0]["id"]
    events = api(page, live, "GET", f"/api/rounds/{round_id}")["events"]
    assert page.evaluate(DEALER_FRAMES_JS, events) == [
        "Dealer · 1/11",
        "Dealer · 1/11",
        "Dealer · 17",
    ]


DOCK_LINE_JS = """
() => {
  const dock = document.getElementById('controls-dock');
  const shown = (n) => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden';
  const items = [...dock.querySelectorAll('.dock-stats, .chip-rack, #betting-buttons .btn')]
    .filter(shown);
  const boxes = items.map((n) => n.getBoundingClientRect());
  const apart = items.filter((n, i) =>
    boxes.some((b) => b.bottom <= boxes[i].top || boxes[i].bottom <= b.top));
  const wrapped = [...dock.querySelectorAll('#betting-buttons .btn')].filter(shown).filter((b) => {
    const words = document.createRange();
    words.selectNodeContents(b.firstChild);
    return new Set([...words.getClientRects()].map((r) => Math.round(r.top))).size > 1;
  });
  const name = (n) => n.id || n.className;
  return { apart: apart.map(name), wrapped: wrapped.map(name) };
}
"""
"""What breaks the dock's one line between rounds: the figures, the chips or a button on a line
of their own, a button whose words take two lines."""

BUTTON_ROW_JS = """
() => {
  const buttons = [...document.querySelectorAll('#betting-buttons .btn, #play-buttons .btn')]
    .filter((n) => n.getClientRects().length);
  const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  return tops.size === 1 ? [] : buttons.map((b) => `${b.id} at ${b.getBoundingClientRect().top}`);
}
"""
"""The buttons of this phase on more than one row (a phone held upright)."""


@pytest.mark.parametrize("locale", ["en-US", "it-IT"])
def test_the_dock_between_rounds_is_one_line(
    browser: Browser, live: LiveServer, locale: str
) -> None:
    """At 844x390 and 1280x800 the dock between rounds is one line: the figures (in a column of
    their own), the chips and this phase's buttons, each button's words on one line, in
    Italian too (its words took a second line at both sizes) and with long figures (100.00
    bets, a win); the 44 px tap targets hold. At 390x844 this phase's buttons are one row
    (Italian's DEAL and HINT took a second one). After a round the disabled DEAL is left out:
    REBET & DEAL is what deals then."""
    tab = new_page(browser, "landscape", locale=locale)
    open_table(tab, live, "lucky-lucky")
    for spot in (0, 1):
        api(tab, live, "POST", "/api/tables/lucky-lucky/bets", {"spot": spot, "chip": 10000})
    open_table(tab, live, "lucky-lucky")
    faults: dict[str, Any] = {}
    for size in ("landscape", "desktop"):
        tab.set_viewport_size(VIEWPORTS[size])
        tab.evaluate(FRAMES_JS)
        faults[f"bets {size}"] = tab.evaluate(DOCK_LINE_JS)
    tab.set_viewport_size(VIEWPORTS["phone"])
    tab.evaluate(FRAMES_JS)
    faults["bets phone"] = tab.evaluate(BUTTON_ROW_JS)
    tab.set_viewport_size(VIEWPORTS["landscape"])
    faults["bets targets"] = tab.evaluate(TARGETS_JS)
    # spots 15 and 13 stand against the dealer's 16, who draws Tc and busts: both win
    live.shoes.stack("Ts 9h 6d 5c 4s Td Tc")
    press(tab, "#btn-deal")
    tab.set_viewport_size(VIEWPORTS["phone"])  # HIT STAND DOUBLE SPLIT HINT: one row
    tab.evaluate(FRAMES_JS)
    faults["play phone"] = tab.evaluate(BUTTON_ROW_JS)
    press(tab, "#btn-stand")
    press(tab, "#btn-stand")
    expect(tab.locator("#dock-win")).to_be_visible()
    expect(tab.locator("#btn-rebet-deal")).to_be_visible()
    for size in ("landscape", "desktop"):
        tab.set_viewport_size(VIEWPORTS[size])
        tab.evaluate(FRAMES_JS)
        faults[f"after {size}"] = tab.evaluate(DOCK_LINE_JS)
        tab.screenshot(path=str(SHOTS / f"twentyone-dock-{locale[:2]}-{size}.png"))
    tab.set_viewport_size(VIEWPORTS["landscape"])
    faults["after targets"] = tab.evaluate(TARGETS_JS)
    clean = {"apart": [], "wrapped": []}
    assert {k: v for k, v in faults.items() if v not in (clean, [])} == {}
    expect(tab.locator("#btn-deal")).to_be_hidden()
    tab.context.close()
