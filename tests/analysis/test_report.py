"""The math report (PAR sheet): one self-contained HTML file with every section (SPEC 8).

"Math report (PAR sheet) per variant: rules, pay tables, exact RTP of every bet, simulation
confirmation with 99% confidence interval, hit frequencies, standard deviation, strategy."
"""

from __future__ import annotations

import base64
import html
import os
import re
from collections.abc import Iterator
from fractions import Fraction
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
    assert "96.05%" in page and "the stated exact EV -24,742/626,665 is the computed one" in page
    assert "Volatility index" in page and "10⁸ (100,000,000)" in page
    assert "RTP after n rounds (optimal play, normal approximation)" in page
    assert "(main game, exact, resplits included)" in page
    assert "4 x the main bet" in page  # split once, both hands doubled and won
    assert "1.5957e-05" in page  # suited 7-7-7: 80/5,013,320 in scientific notation
    assert "Fisher-Yates" in page and "os.urandom" in page and "PCG64" in page
    assert f"{found.rules.decks} decks before every round" in page
    assert found.rules.version() in page
    from twentyone import __version__

    assert f"twentyone {__version__}" in page
    ladies_page = _page("lucky-ladies", 2_000)
    assert "is 20,000.00 (exactly: the engine paid it), the cap" in _words(ladies_page)
    assert "8 main bets" in ladies_page or "8 x the main bet" in ladies_page


def test_report_simulation_length_reaches_the_target_half_width() -> None:
    """The default confirming run meets the ±0.02% target on its own standard deviation, not
    only on the exact one: full runs of the European and Lucky Lucky games came out with
    sample SDs 1.0941 and 1.1452 against exact 1.0940 and 1.1451, and so half-widths just over
    0.02% when the run was the shortest for the exact SD. A sample SD 0.1% above the exact one
    must still meet the target, and the run is not more than 3% longer than the shortest."""
    from twentyone.analysis.exact.actions import StrategyKind
    from twentyone.analysis.exact.house_edge import base_game_rules, house_edge
    from twentyone.analysis.report import Z99, report_rounds

    rules = find_variant("european").rules
    n = report_rounds(rules)
    sd = house_edge(base_game_rules(rules), StrategyKind.BASIC, distribution=True).sd
    assert sd is not None
    shortest = (Z99 * sd / 0.0002) ** 2
    assert Z99 * sd * 1.001 / n**0.5 <= 0.0002
    assert n <= 1.03 * shortest


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
    reasons: [...document.querySelectorAll('#published-figures td:last-child')].map(
      td => [getComputedStyle(td).textAlign, td.getBoundingClientRect().width]),
    chartTables: (document.querySelector('div.narrow') || {}).offsetHeight || 0,
    chartPicture: document.querySelector('img.chart').offsetHeight,
    clipped: [...document.querySelectorAll('table')].filter(
      t => t.scrollWidth > t.clientWidth + 1).length,
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
    the strategy picture fit the screen, the tables' text stays readable (12 px or more), a
    sentence in a table (why a published figure differs) is left-aligned and wide enough to
    read rather than a word a line, the two-card strategy chart is readable (tables on a phone,
    the picture elsewhere), no side bet, outcome or pay table is shown by its id, and printed on
    A4 (its 718 px of text width) no table is cut at the right edge."""
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
                assert layout["reasons"], f"{name}: no published figure"
                assert all(a == "left" and w >= 150 for a, w in layout["reasons"]), name
                # The strategy picture shrinks to 390 px on a phone, letters of 5 px: there the
                # two-card chart is tables instead; elsewhere (and on paper) the picture.
                if name == "phone":
                    assert layout["chartTables"] > 0 and layout["chartPicture"] == 0
                else:
                    assert layout["chartTables"] == 0 and layout["chartPicture"] > 0
                tab.close()
            # Lucky 7's side-bet table has the longest fractions (1,997,556/5,278,451,815).
            sevens = tmp_path / "sevens.html"
            sevens.write_text(_page("lucky-7"), encoding="utf-8")
            for printed_file in (page_file, sevens):
                tab = browser.new_page(viewport={"width": 718, "height": 1000})
                tab.emulate_media(media="print")
                tab.goto(printed_file.as_uri())
                printed = tab.evaluate(LAYOUT_JS)
                assert printed["pageWidth"] <= 718, printed_file.name
                assert printed["clipped"] == 0, printed_file.name
                assert printed["chartPicture"] > 0 and printed["chartTables"] == 0
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


def _part(page: str, anchor: str) -> str:
    """One section of the page, by its anchor."""
    found = re.search(rf'<section id="{anchor}">(.*?)</section>', page, re.S)
    assert found is not None, anchor
    return found.group(1)


def _words(fragment: str) -> str:
    """What a reader sees of ``fragment``: no tags, entities decoded, spaces collapsed."""
    text = html.unescape(re.sub(r"<[^>]+>", " ", fragment))
    return re.sub(r"\s+", " ", text.replace("\u00a0", " "))


def _rows(fragment: str) -> list[list[str]]:
    """Every table row of ``fragment`` as its cells' text."""
    return [
        [_words(c).strip() for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        for row in re.findall(r"<tr>(.*?)</tr>", fragment)
    ]


def _rtp_text(ev: Fraction) -> str:
    return f"{float(1 + ev) * 100:.4f}%"


def test_published_figures_of_the_specification_sit_beside_the_computed_ones() -> None:
    """Issue 12: each published RTP beside the computed one. The figures are the product
    specification's published exact ones (section 4 for the side bets, section 8 for the base
    game: 6 decks S17 DAS split to 4 no resplit of aces, peek: -0.4029%), each computed under
    the conditions it is stated for, with what makes this game's figure differ (Super Sevens is
    published for 6 decks and a third card always dealt; the lucky-7 game has 8 decks and no
    third card on a dealer blackjack)."""
    sevens = _rows(_part(_page("lucky-7"), "published-figures"))
    assert sevens[1][:3] == ["Side bet Lucky 7 (Super Sevens), 6 decks", "88.60%", "88.6000%"]
    assert sevens[1][2] == _rtp_text(Fraction(-14288, 125333))
    assert "8 decks, not 6" in sevens[1][4] and "no third card" in sevens[1][4]
    assert sevens[1][3] != sevens[1][2]  # the game's own figure is another one
    ladies = _rows(_part(_page("lucky-ladies", 2_000), "published-figures"))
    assert ladies[1][1:4] == ["99.5971%"] * 3  # 100% - 0.4029%
    assert ladies[2][1] == "75.29%"
    assert ladies[2][2] == ladies[2][3] == _rtp_text(Fraction(-6379493, 25818598))
    standard = _rows(_part(_page("standard", 2_000), "published-figures"))
    assert standard[1][1:4] == ["99.5971%"] * 3
    lucky = _rows(_part(_page("lucky-lucky"), "published-figures"))
    original = next(r for r in lucky if r[1] == "97.34%")  # house edge 2.66%, SPEC section 4
    assert original[2] == _rtp_text(Fraction(-16642, 626665)) != original[3]
    assert "states an RTP" in _part(_page("european"), "published-figures")


def test_simulation_says_what_it_played_and_whether_it_met_its_target() -> None:
    """A game without a side bet is not said to have one staked; a run shorter than the target
    says the target is not met and how many rounds would meet it."""
    euro = _words(_part(_page("european"), "simulation"))
    assert "side bet" not in euro
    assert "One spot, basic strategy, insurance always declined." in euro
    assert "target of at most ±0.02% is not met: it needs" in euro
    lucky = _words(_part(_page("lucky-lucky"), "simulation"))
    assert "the Lucky Lucky side bet at its minimum stake (1.00) on every spot" in lucky
    seven = _words(_part(_page("lucky-7"), "simulation"))
    assert "insurance and even money always declined" in seven


def test_simulated_distribution_has_its_counts_and_the_exact_chances_beside() -> None:
    """The simulated distribution of a round's result is set beside the exact one for the same
    play (basic strategy): its counts add up to the rounds played, and every simulated share is
    within 5 binomial standard deviations of the exact chance."""
    rounds = 20_000
    table = _rows(_part(_page("european"), "simulation"))
    head = next(r for r in table if r and r[0] == "net result")
    assert head == ["net result", "rounds", "share of rounds", "exact (basic strategy)"]
    rows = table[table.index(head) + 1 :]
    assert sum(int(r[1].replace(",", "")) for r in rows) == rounds
    assert "0" in [r[0] for r in rows] and "+0" not in [r[0] for r in rows]
    for _net, count, share, exact in rows:
        p = float(exact)
        assert float(share) == int(count.replace(",", "")) / rounds
        assert abs(float(share) - p) <= 5 * (p * (1 - p) / rounds) ** 0.5 + 1 / rounds


def test_every_small_probability_is_in_scientific_notation() -> None:
    """Issue 12: small probabilities in scientific notation rather than 0.000xxx: every
    probability below 0.001 in the exact distribution (Lucky Lucky: -4 and +4 are such) keeps
    four significant digits."""
    rows = _rows(_part(_page("lucky-lucky"), "distribution-and-volatility"))
    chances = [r[1] for r in rows if len(r) == 2 and r[0] != "net result"]
    assert len(chances) >= 9
    for text in chances:
        if float(text) < 1e-3:
            assert re.fullmatch(r"\d\.\d{4}e-0\d", text), text
        else:
            assert re.fullmatch(r"0\.\d{6}", text), text
    assert any("e-04" in text for text in chances)
    assert "10³ (1,000)" in _words(_part(_page("lucky-lucky"), "distribution-and-volatility"))


def test_no_slug_in_the_page_heading() -> None:
    """No slug reaches a person: the heading names the game, not its id."""
    words = _words(_page("lucky-lucky"))
    assert "lucky-lucky" not in words and "Variant id" not in words


def test_insurance_standard_deviation_and_even_money() -> None:
    """Insurance's SD per unit staked, and what even money is worth, from the 8-deck shoe:
    insurance wins 2 with the chance 128/415 of a ten in the hole under the ace (SD 3√(p(1−p)));
    a blackjack against an ace wins 1.5 unless the dealer's other card is one of the 127 tens
    left among 413 cards: 1.5 × 286/413 = 429/413 on average, so even money costs 16/413."""
    rows = _rows(_part(_page("lucky-7"), "exact-return-of-every-bet"))
    # Insurance's figures are per unit of insurance (half the main bet): not "per initial bet".
    assert rows[0][1] == "EV per initial stake"
    insurance = next(r for r in rows if r[0] == "Insurance (ace up)")
    p = 128 / 415
    assert insurance[1] == f"{(3 * p - 1) * 100:+.4f}%"
    assert insurance[5] == f"{3 * (p * (1 - p)) ** 0.5:.4f}"
    words = _words(_part(_page("lucky-7"), "exact-return-of-every-bet"))
    assert "429/413" in words and f"{-16 / 413 * 100:+.4f}% of the initial bet" in words
    euro = _words(_part(_page("european"), "exact-return-of-every-bet"))
    assert "the dealer's second card, drawn after the players," in euro
    assert "hole card" not in euro and "Side bets:" not in euro and "Even money" not in euro
    assert "per unit staked (insurance, exact)" in euro
    pays = _rows(_part(_page("lucky-7"), "pay-tables"))
    assert ["Even money (a blackjack against an ace, if taken)", "1 to 1"] in pays


def test_exposure_says_how_the_largest_win_is_made() -> None:
    """The largest main-game win is explained by the game's own rules: the European game
    (split once, no double after split) wins at most 2 bets by a double or a split; the Lucky
    Ladies game (split to 4, double after split) 8 by four doubled split hands. The largest
    round is named card by card (seed 003: six queens of hearts in six decks make three pairs;
    by hand 3 x (2,500 + 4,000) + 4 x (380 + 4,000) = 37,020.00 at 500.00, see
    test_exposure.py), and the side bet alone reaches its 20,000.00 cap, not 7 x 20,000.00. A
    side bet with a cap says what the cap does to its RTP (a single $20 spot at 1000 to 1 is
    just at it)."""
    euro = _words(_part(_page("european"), "maximum-win-and-exposure"))
    assert "2 initial bets per spot, is a doubled hand won, or both hands of a split won" in euro
    assert "doubled and won" not in euro and "side bet" not in euro
    assert ["Largest win of one round", "1,000.00", "2,000.00", "5,000.00", "20,000.00"] in (
        _rows(_part(_page("european"), "maximum-win-and-exposure"))
    )
    ladies_page = _page("lucky-ladies", 2_000)
    part = _part(ladies_page, "maximum-win-and-exposure")
    ladies = _words(part)
    assert "8 initial bets per spot, is 4 hands of a split, each doubled and won" in ladies
    assert _rows(part)[2][:2] == ["Largest win of one round", "37,020.00"]
    assert (
        "3 spots hold the queen of hearts and queen of hearts (Queen of hearts pair) and split "
        "into 4 hands, each doubled" in ladies
    )
    assert "paid exactly that: the figure is the largest win" in ladies
    assert "is 20,000.00 (exactly: the engine paid it), the cap (the top line" in ladies
    assert "would win 140,000.00" in ladies
    sevens = _words(_part(_page("lucky-7"), "maximum-win-and-exposure"))
    assert "is 15,000.00 (exactly: the engine paid it), the top line on every spot" in sevens
    assert "and its third, which Lucky 7 pays on" in sevens
    sides = _words(_part(ladies_page, "side-bets"))
    assert "A spot played alone never reaches the 20,000.00 cap" in sides
    assert "stake exactly 1.00" in _words(_part(_page("lucky-7"), "pay-tables"))


def test_side_bet_tables_count_the_simulated_wagers_and_check_the_third_card() -> None:
    """A simulated side-bet share comes with its count (3 wagers are not five digits of
    precision), the counts add up to the wagers of the run; the Lucky 7 figure assumes a 7-7
    spot always takes a third card, and the report says whether its basic strategy does (the
    pairs chart: 7-7 is split against 2 to 7 and hit against 8 to A)."""
    rows = _rows(_part(_page("lucky-7"), "side-bets"))
    head = rows[0]
    assert head[4] == "simulated (wagers)"
    counts = []
    for row in rows[1:]:
        found = re.fullmatch(r"\S+ \(([\d,]+)\)", row[4])
        assert found is not None, row
        counts.append(int(found.group(1).replace(",", "")))
    assert sum(counts) == 20_000
    words = _words(_part(_page("lucky-7"), "side-bets"))
    assert "hits, doubles or splits 7-7 against every up card" in words


def test_absent_events_say_why_they_are_absent() -> None:
    """An event no simulated round had is named with its reason: ruled out by the rules (the
    European game has no Charlie, no surrender, no even money, and a dealer blackjack takes
    every stake), never chosen by the simulated player (insurance is declined), or possible
    but rare (a 10-card Charlie in Lucky Lucky)."""
    from twentyone.analysis.report import _hits_section

    euro = _words(_part(_page("european"), "hit-frequencies"))
    assert (
        "Cannot happen under these rules: a Charlie, a stake returned on a dealer blackjack, "
        "a hand surrendered, even money taken." in euro
    )
    assert "Never chosen by the simulated player: insurance taken." in euro
    rules = find_variant("lucky-lucky").rules
    lucky = _words(_hits_section(simulate(rules, 5_000, seed=4, variant="lucky-lucky")))
    assert "Possible, but not seen in the 5,000 simulated rounds: a Charlie." in lucky


def test_provenance_names_the_platform() -> None:
    """The software that made the figures: twentyone, Python and NumPy versions."""
    import platform

    import numpy as np

    words = _words(_part(_page("european"), "shuffle-randomness-and-provenance"))
    assert f"Python {platform.python_version()}, NumPy {np.__version__}" in words


def test_the_sheet_can_certify_the_resplit_table() -> None:
    """Issue 12 items 2 and 4: with ``prune`` (the ``report`` command passes REPORT_PRUNE) the
    table of net results of a game that resplits is summed over every split pattern, and the
    sheet gives the certified bound of what it left out (every probability at most that below
    its exact value, none above) instead of the budgeted table's 0.0022."""
    from twentyone.analysis.exact.house_edge import base_game_rules, house_edge

    found = find_variant("lucky-ladies")
    page = report_html(found, simulate(found.rules, 2_000, seed=1, variant=found.name), prune=1e-9)
    part = _words(_part(page, "distribution-and-volatility"))
    pruned = house_edge(base_game_rules(found.rules), distribution=True, prune=1e-9).distribution
    assert pruned is not None and 0.0 < pruned.missing < 1e-3
    assert f"whose chances add up to at most {pruned.missing:.1e}" in part
    assert "none is more than that below it" in part
    assert "combined as independent" not in part
