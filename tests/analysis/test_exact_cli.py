"""The ``house-edge`` and ``strategy`` commands (SPEC section 9 contracts)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentyone.cli import main


def test_house_edge_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    """One JSON object with the contract's keys; --rule overrides a switch."""
    assert main(["house-edge", "european", "--rule", "decks=1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"variant", "rules", "strategy", "ev", "rtp", "ev_per_total_bet", "seconds"} <= set(out)
    assert out["variant"] == "european"
    assert out["rules"]["decks"] == 1
    assert out["strategy"] == "optimal"
    assert out["rtp"] == pytest.approx(1 + out["ev"])
    assert -0.02 < out["ev"] < 0.01
    # Issue 12: the distribution of a round's net result, its SD and variance.
    dist = out["distribution"]
    assert sum(o["probability"] for o in dist["outcomes"]) == pytest.approx(1.0, abs=1e-12)
    mean = sum(o["net"] * o["probability"] for o in dist["outcomes"])
    assert mean == pytest.approx(out["ev"], abs=1e-12)
    assert out["sd"] == pytest.approx(out["variance"] ** 0.5)
    assert 1.0 < out["sd"] < 1.3


def test_house_edge_computes_the_distribution_only_where_it_is_shown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The text shows the SD and the distribution with --distribution only; --json has them
    unless --no-distribution (then null), and the figures are those of the JSON."""
    args = ["house-edge", "european", "--rule", "decks=1", "--rule", "max_split_hands=1"]
    assert main(args) == 0
    assert "standard deviation" not in capsys.readouterr().out
    assert main([*args, "--json", "--no-distribution"]) == 0
    bare = json.loads(capsys.readouterr().out)
    assert bare["sd"] is None and bare["variance"] is None and bare["distribution"] is None
    assert main([*args, "--json"]) == 0
    full = json.loads(capsys.readouterr().out)
    assert full["ev"] == bare["ev"]
    assert main([*args, "--distribution"]) == 0
    text = capsys.readouterr().out
    assert f"standard deviation         {full['sd']:.4f}" in text
    shown = [line.split() for line in text.splitlines() if line.strip().startswith("net ")]
    nets = [float(x["net"]) for x in full["distribution"]["outcomes"]]
    assert [float(row[1]) for row in shown] == nets
    assert sum(float(row[2].rstrip("%")) for row in shown) == pytest.approx(100.0, abs=1e-3)


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["house-edge", "no-such-game", "--json"], "unknown-variant"),
        (["house-edge", "european", "--rule", "decks=zero"], "invalid-rules"),
        (["house-edge", "european", "--rule", "decks"], "invalid-rules"),
        (["house-edge", "european", "--rule", "wild=1"], "invalid-rules"),
        (["house-edge", "european", "--strategy", "psychic"], "invalid-rules"),
        (["house-edge", "european", "--json", "--prune", "1"], "invalid-argument"),
        (["house-edge", "european", "--json", "--prune", "-1e-9"], "invalid-argument"),
        (["house-edge", "european", "--prune", "1e-9"], "invalid-argument"),
    ],
)
def test_bad_arguments_exit_2(
    argv: list[str], code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad variant, rule, strategy or prune chance (or a prune with no table to prune): one
    line on stderr, nothing on stdout, exit status 2."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith(f"error: {code}:")
    assert err.count("\n") == 1
    assert out == ""


def test_house_edge_prune_reports_its_bound(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12: ``--prune CHANCE`` sums every split pattern of the table but leaves out rounds
    bound below CHANCE, and ``"missing"`` bounds what the table lacks: one deck split to four,
    where the budgeted table is approximate too. Both tables lie within their bounds of the
    exact one, so of each other; the pruned one lacks exactly its bound's share; the text says
    how far below its exact value each chance may be."""
    args = ["house-edge", "standard", "--rule", "decks=1", "--json"]
    assert main(args) == 0
    budgeted = json.loads(capsys.readouterr().out)["distribution"]
    assert main([*args, "--prune", "1e-3"]) == 0
    out = json.loads(capsys.readouterr().out)
    pruned = out["distribution"]
    assert budgeted["approximate"] > 0.0 and budgeted["missing"] == 0.0
    assert pruned["approximate"] == 0.0 and pruned["missing"] > 0.0 and not pruned["exact"]
    chances = {o["net"]: o["probability"] for o in pruned["outcomes"]}
    assert sum(chances.values()) + pruned["missing"] == pytest.approx(1.0, abs=1e-9)
    slack = budgeted["approximate"] + pruned["missing"] + 1e-12
    for o in budgeted["outcomes"]:
        assert chances.get(o["net"], 0.0) <= o["probability"] + budgeted["approximate"] + 1e-12
        assert chances.get(o["net"], 0.0) >= o["probability"] - slack
    # The SD stays exact: the same as the budgeted table's (exact by pairs of hands).
    assert pruned["sd"] == pytest.approx(budgeted["sd"], abs=1e-12)
    assert main([*args[:-1], "--distribution", "--prune", "1e-3"]) == 0
    text = capsys.readouterr().out
    assert f"standard deviation         {out['sd']:.4f}" in text
    assert f"each chance is at most {pruned['missing'] * 100:.2g}% below its exact value" in text


def test_strategy_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Text, JSON, HTML and PNG of one chart."""
    args = ["strategy", "european", "--rule", "decks=1"]
    assert main([*args, "--format", "json"]) == 0
    chart = json.loads(capsys.readouterr().out)
    assert chart["up_cards"][-1] == "A"
    assert chart["hard"]["11"][:5] == ["Dh"] * 5
    assert main([*args, "--format", "text"]) == 0
    assert "Pairs" in capsys.readouterr().out
    page = tmp_path / "chart.html"
    assert main([*args, "--format", "html", "--out", str(page)]) == 0
    assert "<table>" in page.read_text()
    picture = tmp_path / "chart.png"
    assert main([*args, "--format", "png", "--out", str(picture)]) == 0
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_strategy_legend_names_only_the_codes_the_chart_shows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game without surrender gets no surrender lines in its legend; with late surrender
    the codes the chart uses are named (SPEC section 8: strategy charts as text and HTML)."""
    assert main(["strategy", "european", "--format", "json"]) == 0
    chart = json.loads(capsys.readouterr().out)
    used = {c for table in ("hard", "soft", "pairs") for row in chart[table].values() for c in row}
    assert main(["strategy", "european"]) == 0
    text = capsys.readouterr().out
    assert "surrender" not in text
    for code in used:
        assert f" {code} = " in text
    page = tmp_path / "chart.html"
    assert main(["strategy", "european", "--format", "html", "--out", str(page)]) == 0
    assert "surrender" not in page.read_text()
    assert main(["strategy", "standard", "--rule", "surrender=late"]) == 0
    assert "Rh = surrender if allowed, otherwise hit" in capsys.readouterr().out


def test_strategy_picture_has_every_section_the_text_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The PNG shows the hands of three or more cards too, as the text and HTML charts do (SPEC
    section 8: the same chart as a picture): it is tall enough for every section's rows at the
    picture's 0.32 inch per row and 120 dpi."""
    from PIL import Image

    assert main(["strategy", "european", "--format", "json"]) == 0
    chart = json.loads(capsys.readouterr().out)
    tables = ("hard", "soft", "pairs", "hard_three_or_more_cards", "soft_three_or_more_cards")
    rows = sum(len(chart[t]) + 1 for t in tables if chart[t])
    picture = tmp_path / "chart.png"
    assert main(["strategy", "european", "--format", "png", "--out", str(picture)]) == 0
    with Image.open(picture) as image:
        assert image.height >= rows * 0.32 * 120
