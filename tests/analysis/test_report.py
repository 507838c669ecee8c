"""The math report (PAR sheet): one self-contained HTML file with every section (SPEC 8).

"Math report (PAR sheet) per variant: rules, pay tables, exact RTP of every bet, simulation
confirmation with 99% confidence interval, hit frequencies, standard deviation, strategy."
"""

from __future__ import annotations

import base64
import os
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from twentyone import cli
from twentyone.analysis import cli_sim
from twentyone.analysis.report import SECTIONS, report_html
from twentyone.analysis.simulate import simulate
from twentyone.rulestext import rules_lines
from twentyone.variants import find_variant


@pytest.fixture(scope="module")
def main() -> Iterator[object]:
    """``twentyone.cli.main`` with ``simulate`` and ``report`` registered."""
    if not any(c.name == "report" for c in cli.app.registered_commands):
        cli_sim.register(cli.app)
    yield cli.main


@cache
def _page(variant: str, rounds: int = 20_000) -> str:
    found = find_variant(variant)
    return report_html(found, simulate(found.rules, rounds, seed=1, variant=found.name))


@pytest.mark.parametrize("variant", ["lucky-lucky", "european"])
def test_report_has_every_section(variant: str) -> None:
    """Rules text, pay tables, exact RTPs, side-bet outcome table, simulation with its 99% CI,
    hit frequencies, standard deviation and the strategy chart as an embedded PNG."""
    found = find_variant(variant)
    page = _page(variant)
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings == list(SECTIONS)
    for line in rules_lines(found.rules):
        assert line.replace("'", "&#x27;") in page or line in page
    assert "99% confidence interval" in page
    assert "Main game, optimal play" in page
    assert "Main game, basic strategy" in page
    assert "standard deviation" in page.lower()
    assert "dealer busts" in page
    png = re.search(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert png is not None
    assert base64.b64decode(png.group(1))[:8] == b"\x89PNG\r\n\x1a\n"
    assert "<script" not in page
    assert not re.search(r'(src|href)="(https?:|//)', page), "self-contained: no external links"
    if found.rules.side_bets:
        assert "Suited 7-7-7" in page and "96.0518%" in page  # the felt table's exact RTP
    else:
        assert "offers no side bet" in page


def test_report_command_writes_the_file(
    main: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``twentyone report VARIANT --out FILE``: writes the HTML and prints its path."""
    assert callable(main)
    out = tmp_path / "eu.html"
    argv = ["report", "european", "--out", str(out), "--rounds", "5000", "--seed", "2"]
    assert main(argv) == 0
    assert capsys.readouterr().out.strip() == str(out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "European Blackjack: math report (PAR sheet)" in text


def test_report_default_name(main: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``--out`` the report is ``VARIANT-par.html`` in the working directory."""
    assert callable(main)
    monkeypatch.chdir(tmp_path)
    assert main(["report", "eu", "--rounds", "2000", "--seed", "1"]) == 0
    assert (tmp_path / "european-par.html").exists()


def test_report_unknown_variant_exits_2(main: object, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown variant: exit status 2, one line on stderr."""
    assert callable(main)
    assert main(["report", "no-such-game"]) == 2
    assert capsys.readouterr().err.startswith("error: unknown-variant:")


@pytest.mark.rule("ll-103")
def test_report_answers_what_a_test_lab_asks() -> None:
    """Issue 12: insurance's RTP, the published RTP beside the computed one with the reason,
    the exact distribution with SD and volatility, the largest win and exposure (side-bet cap
    included), small probabilities in scientific notation, shuffle/RNG, time, version, hash."""
    found = find_variant("lucky-lucky")
    page = _page("lucky-lucky")
    assert "Insurance (ace up)" in page
    # The document's own figures, with the computed ones and why they differ.
    assert "99.58%" in page and "99.5141%" in page and "does not follow" in page
    assert "96.05%" in page and "Equal to the published precision" in page
    assert "Volatility index" in page and "10^8 (100,000,000)" in page
    assert "(main game, exact, resplits included)" in page
    assert "4 x the main bet" in page  # split once, both hands doubled and won
    assert "1.5957e-05" in page  # suited 7-7-7: 80/5,013,320 in scientific notation
    assert "Fisher-Yates" in page and "os.urandom" in page and "PCG64" in page
    assert f"{found.rules.decks} decks before every round" in page
    assert found.rules.version() in page
    from twentyone import __version__

    assert f"twentyone {__version__}" in page
    ladies_page = _page("lucky-ladies", 2_000)
    assert "capped: at most 20,000.00 won per round" in ladies_page
    assert "8 main bets" in ladies_page or "8 x the main bet" in ladies_page


def test_report_simulation_length_reaches_the_target_half_width() -> None:
    """The default confirming run is the shortest whose 99% half-width is at most 0.02%."""
    from twentyone.analysis.exact.actions import StrategyKind
    from twentyone.analysis.exact.house_edge import base_game_rules, house_edge
    from twentyone.analysis.report import Z99, report_rounds

    rules = find_variant("european").rules
    n = report_rounds(rules)
    sd = house_edge(base_game_rules(rules), StrategyKind.BASIC, distribution=True).sd
    assert sd is not None
    assert Z99 * sd / n**0.5 <= 0.0002 < Z99 * sd / (n - 1) ** 0.5


CHROMIUM = os.environ.get("TWENTYONE_CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("TWENTYONE_SCREENSHOTS", "/tmp"))
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LAYOUT_JS = """() => {
  const right = (el) => el.getBoundingClientRect().right;
  return {
    pageWidth: document.documentElement.scrollWidth,
    width: innerWidth,
    headings: [...document.querySelectorAll('h2')].map(h => [h.textContent, right(h)]),
    tables: [...document.querySelectorAll('table')].map(t => right(t)),
    images: [...document.querySelectorAll('img')].map(i => [right(i), i.naturalWidth]),
    fontSize: parseFloat(getComputedStyle(document.querySelector('td')).fontSize),
  };
}"""


def _missing(message: str) -> None:
    """Fail under CI, skip elsewhere (a machine without Chromium)."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def test_report_reads_on_a_phone_and_a_desktop(tmp_path: Path) -> None:
    """The brief: what people see is tested in real Chromium at phone and desktop sizes. The
    page never scrolls sideways (a wide table scrolls inside itself), every section heading and
    the strategy picture fit the screen, the tables' text stays readable (12 px or more), and
    no side bet, outcome or pay table is shown by its id."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - depends on the machine
        _missing("the playwright package is not installed")
        return
    if not Path(CHROMIUM).exists():
        _missing(f"no Chromium at {CHROMIUM}")
    page_file = tmp_path / "par.html"
    page_file.write_text(_page("lucky-ladies", 2_000), encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        try:
            for name, viewport in VIEWPORTS.items():
                tab = browser.new_page(viewport=viewport)
                tab.goto(page_file.as_uri())
                layout = tab.evaluate(LAYOUT_JS)
                tab.screenshot(path=str(SHOTS / f"par-{name}.png"), full_page=True)
                width = layout["width"]
                assert layout["pageWidth"] <= width, f"{name}: the page scrolls sideways"
                assert [h for h, _ in layout["headings"]] == list(SECTIONS)
                assert all(r <= width + 0.5 for _, r in layout["headings"])
                assert all(r <= width + 0.5 for r in layout["tables"]), name
                assert layout["images"] and all(
                    r <= width + 0.5 and natural > 0 for r, natural in layout["images"]
                )
                assert layout["fontSize"] >= 12
                text = tab.inner_text("body")
                for slug in ("qh-pair-dealer-blackjack", "matched-20", "any-20", "numba"):
                    assert slug not in text, f"{name}: {slug!r} is shown"
                assert "Queen of hearts pair" in text or "Lucky Ladies (Pay table A)" in text
                tab.close()
        finally:
            browser.close()


def test_report_names_every_hit_frequency_in_words() -> None:
    """What people see is product: every event the simulation tallies has a name in words
    (no tally key such as ``even_money`` reaches the page), and an event the run never saw is
    listed once in a note instead of as a row of zeros."""
    from twentyone.analysis.report import HIT_LABELS, ROUND_RESULTS, _hits_section
    from twentyone.analysis.simulate.record import FLAG_NAMES
    from twentyone.rules import Surrender

    assert set(FLAG_NAMES.values()) | set(ROUND_RESULTS) | {"side_bet_win"} <= set(HIT_LABELS)
    rules = find_variant("standard").rules.replace(surrender=Surrender.LATE)
    page = _hits_section(simulate(rules, 20_000, seed=3, variant="standard"))
    rows = re.findall(r"<tr><td[^>]*>([^<]*)</td>", page)
    assert "a hand surrendered" in rows and "a pair split" in rows
    assert "a Charlie" not in rows and "a Charlie" in page  # no Charlie in this game: the note
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", re.sub(r"<[^>]+>", " ", page))
