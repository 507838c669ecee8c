"""The math report (PAR sheet): one self-contained HTML file with every section (SPEC 8).

"Math report (PAR sheet) per variant: rules, pay tables, exact RTP of every bet, simulation
confirmation with 99% confidence interval, hit frequencies, standard deviation, strategy."
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterator
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


@pytest.mark.parametrize("variant", ["lucky-lucky", "european"])
def test_report_has_every_section(variant: str) -> None:
    """Rules text, pay tables, exact RTPs, side-bet outcome table, simulation with its 99% CI,
    hit frequencies, standard deviation and the strategy chart as an embedded PNG."""
    found = find_variant(variant)
    result = simulate(found.rules, 20_000, seed=1, variant=found.name)
    page = report_html(found, result)
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
        assert "suited-777" in page and "96.0518%" in page  # the felt table's exact RTP
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
