"""What a settled round shows on the felt, in real Chromium at 390x844, 844x390 and 1280x800.

The circles under the spots carry the amounts each bet was paid (a badge across the circle's
edge): when the round settles they are in full view, never under the controls' dock (at 844x390
and 390x844 they lay under it), for one spot and for the seven of Lucky Ladies, with and
without a side bet. Each side-bet win line is one line on a phone held upright, in Italian too,
its text at least 12 px ("Lucky Ladies · Coppia di regine di cuori × 2 +250,00" took two).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_browser import SHOTS, VIEWPORTS, LiveServer, chromium
from test_browser_table import FRAMES_JS, api, new_page, open_table, press, settled

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect

SIZES = ("phone", "landscape", "desktop")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from chromium()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("results")) as server:
        yield server


def play_round(
    tab: Page, live: LiveServer, variant: str, spots: int, side: str | None, shoe: str
) -> None:
    """A 10.00 main bet on each of the first ``spots`` spots, and with ``side`` ("min" or
    "max") the table's side bet at that stake on each; the shoe stacked, then stand and
    decline insurance until the round settles."""
    open_table(tab, live, variant)
    table = api(tab, live, "GET", f"/api/tables/{variant}")
    for spot in range(spots):
        api(tab, live, "POST", f"/api/tables/{variant}/bets", {"spot": spot, "chip": 1000})
        if side:
            offer = table["side_bets"][0]
            left = offer[f"{side}_stake"]
            while left:  # in the table's chips, the largest first
                chip = max(c for c in table["chips"] if c <= left)
                body = {"spot": spot, "chip": chip, "side": offer["name"]}
                api(tab, live, "POST", f"/api/tables/{variant}/bets", body)
                left -= chip
    open_table(tab, live, variant)
    live.shoes.stack(shoe)
    press(tab, "#btn-deal")
    for _ in range(4 * spots + 4):
        if tab.locator("#settlement").count():
            break
        if tab.locator("#btn-decline").is_visible():
            press(tab, "#btn-decline")
        else:
            press(tab, "#btn-stand")
    expect(tab.locator("#settlement")).to_be_visible()
    settled(tab)


RESULTS_JS = (Path(__file__).parent / "table_results.js").read_text()
"""Measures the settled felt: ``paid`` (circles, their amounts), ``lines`` (side-bet wins)."""


def paid_faults(tab: Page, label: str) -> list[str]:
    """At each size, the faults of the circles' and amounts' places (a screenshot of each)."""
    faults = []
    for size in SIZES:
        tab.set_viewport_size(VIEWPORTS[size])
        tab.evaluate(FRAMES_JS)  # the resize handler has put the round's result in view
        found: dict[str, Any] = tab.evaluate(RESULTS_JS, "paid")
        faults += [f"{size}: {fault}" for fault in found["faults"]]
        if not found["inView"]:
            faults.append(f"{size}: no amount paid is in view")
        tab.screenshot(path=str(SHOTS / f"twentyone-results-{label}-{size}.png"))
    return faults


SEVEN = "Qh Qh Kd Kd Td Jc 5s 9s Qh Qh Kd Ks Th Js 6s Ts"
"""Seven spots against the dealer's 9 T (19): Q♥ Q♥ twice, K♦ K♦, K♦ K♠, T♦ T♥, J♣ J♠ (every
20 wins) and 5♠ 6♠ (11, stands and loses); the side bets win on the six 20s."""
ONE = "Qh 9s Qh Ts"
"""One spot: Q♥ Q♥ (20) against the dealer's 9 T."""


@pytest.mark.parametrize(
    ("spots", "side", "shoe", "locale"),
    [
        (1, None, ONE, "en-US"),
        (1, "min", ONE, "en-US"),
        (7, None, SEVEN, "en-US"),
        (7, "min", SEVEN, "it-IT"),  # Italian: the side-bet win lines above the spots
    ],
)
def test_the_amounts_paid_are_in_view_above_the_dock_at_every_size(
    browser: Browser, live: LiveServer, spots: int, side: str | None, shoe: str, locale: str
) -> None:
    """When the round settles, every circle and the badge with the amount it paid is in the
    window, clear of the dock and of every control, at 390x844, 844x390 and 1280x800."""
    tab = new_page(browser, "phone", locale=locale)
    play_round(tab, live, "lucky-ladies", spots, side, shoe)
    amounts = tab.evaluate(RESULTS_JS, "paid")["amounts"]
    assert amounts, "no circle shows an amount paid"
    faults = paid_faults(tab, f"{spots}-{side or 'main'}-{locale[:2]}")
    assert faults == [], "\n".join(faults)
    assert tab.errors == []  # type: ignore[attr-defined]
    tab.context.close()


@pytest.mark.parametrize(
    ("variant", "spots", "shoe", "locale", "longest"),
    [
        # the pair of queens of hearts twice at the top stake, with the other wins under it
        ("lucky-ladies", 7, SEVEN, "it-IT", "Coppia di Q♥ × 2"),
        ("lucky-ladies", 7, SEVEN, "en-GB", "Queen of hearts pair × 2"),
        # the pair of queens of hearts with the dealer's blackjack: 1,000 to 1
        ("lucky-ladies", 1, "Qh As Qh Kd", "it-IT", "Coppia di Q♥ e Blackjack del Banco"),
        # (too long for one line at 12 px in full: the felt writes it its shorter way)
        ("lucky-ladies", 1, "Qh As Qh Kd", "en-GB", "Q♥ pair + dealer blackjack"),
        # suited 7-7-7 (200 to 1) and an unsuited 6-7-8
        ("lucky-lucky", 2, "7s 6h 7s 7s 8c Td", "it-IT", "7-7-7 dello stesso seme"),
        ("lucky-lucky", 2, "7s 6h 7s 7s 8c Td", "en-GB", "Suited 7-7-7"),
    ],
)
def test_side_bet_wins_are_one_line_on_an_upright_phone(
    browser: Browser,
    live: LiveServer,
    variant: str,
    spots: int,
    shoe: str,
    locale: str,
    longest: str,
) -> None:
    """Every side-bet win line is one line at 390x844 in English and in Italian."""
    tab = new_page(browser, "phone", locale=locale)
    play_round(tab, live, variant, spots, "max", shoe)
    lines = tab.evaluate(RESULTS_JS, "lines")
    assert any(longest in line["visible"] for line in lines), lines
    tab.screenshot(
        path=str(SHOTS / f"twentyone-results-side-wins-{variant}-{spots}-{locale[:2]}.png")
    )
    faults = [
        line
        for line in lines
        if line["lines"] != 1 or line["size"] < 12 or not line["inside"] or line["overflows"]
    ]
    assert faults == [], faults
    # the bet's name stays for screen readers where the line leaves it out
    assert all(line["text"].startswith(("Lucky Ladies · ", "Lucky Lucky · ")) for line in lines)
    assert tab.errors == []  # type: ignore[attr-defined]
    tab.context.close()
