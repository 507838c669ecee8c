"""The math report (PAR sheet) of a variant: one self-contained, printable HTML file.

Sections (SPEC section 8): the rules (the generated rules text), the pay tables, the exact return
of every bet (main game under optimal and basic strategy, each side bet with its outcome table),
the simulation that confirms them with 99% confidence intervals, hit frequencies and standard
deviations, and the basic-strategy chart (an embedded PNG). Every figure is computed by the
modules that own it; this module only lays them out.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Iterable, Sequence
from fractions import Fraction

from twentyone.analysis.exact.chart import COLOURS, chart_png
from twentyone.analysis.exact.house_edge import (
    HouseEdgeResult,
    StrategyKind,
    base_game_rules,
    house_edge,
)
from twentyone.analysis.exact.strategy import UP_LABELS, strategy_chart
from twentyone.analysis.sidebets import SideBetAnalysis, analyse_side_bet
from twentyone.analysis.simulate import SimulationResult
from twentyone.analysis.simulate.stats import outcome_distribution
from twentyone.rules import Rules
from twentyone.rulestext import rules_document
from twentyone.sidebets.base import LOSE
from twentyone.variants import Variant

SECTIONS = (
    "Rules",
    "Pay tables",
    "Exact return of every bet",
    "Side bets",
    "Simulation",
    "Hit frequencies",
    "Basic strategy",
)
"""The report's sections, in order (each is an ``<h2>``)."""

_CSS = """
body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;font-size:11pt;color:#111;
 max-width:60em;margin:1.5em auto;padding:0 1em;line-height:1.35}
h1{font-size:20pt;margin-bottom:.1em}h2{font-size:14pt;border-bottom:2px solid #245;
 color:#245;margin-top:1.6em;page-break-after:avoid}h3{font-size:12pt;margin:1em 0 .3em}
.sub{color:#555;margin-top:0}table{border-collapse:collapse;margin:.4em 0 1em;
 page-break-inside:avoid}th,td{border:1px solid #bbb;padding:3px 8px;text-align:right}
th{background:#eef2f6}td.l,th.l{text-align:left}.ok{color:#186a1e;font-weight:bold}
.bad{color:#a11;font-weight:bold}ul.rules li{margin:.15em 0}.note{color:#555;font-size:9.5pt}
img.chart{max-width:100%;border:1px solid #ccc}section{page-break-inside:auto}
@media print{body{margin:0;max-width:none}h2{page-break-before:auto}}
"""


def _e(value: object) -> str:
    return html.escape(str(value))


def _pct(value: float, digits: int = 4) -> str:
    return f"{value * 100:+.{digits}f}%"


def _table(head: Sequence[str], rows: Iterable[Sequence[object]], left: int = 1) -> str:
    """A table; the first ``left`` columns are left-aligned."""
    out = ["<table><tr>"]
    out += [f"<th{' class=l' if i < left else ''}>{_e(h)}</th>" for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        out += [f"<td{' class=l' if i < left else ''}>{_e(c)}</td>" for i, c in enumerate(row)]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator:,}/{value.denominator:,}"


def _section(title: str, body: str) -> str:
    anchor = title.lower().replace(" ", "-")
    return f'<section id="{anchor}"><h2>{_e(title)}</h2>{body}</section>'


# -- sections ---------------------------------------------------------------------------------


def _rules_section(document: dict[str, object]) -> str:
    lines = document["text"]
    assert isinstance(lines, list)
    items = "".join(f"<li>{_e(line)}</li>" for line in lines)
    return _section("Rules", f'<ul class="rules">{items}</ul>')


def _paytables_section(rules: Rules) -> str:
    main = [
        ("Blackjack", f"{rules.blackjack_pays.numerator} to {rules.blackjack_pays.denominator}"),
        ("Other wins", "1 to 1"),
        ("Push", "stake returned"),
    ]
    if rules.insurance:
        main.append(("Insurance (dealer blackjack)", f"{rules.insurance_pays} to 1"))
    if rules.charlie_cards and rules.charlie_wins:
        main.append((f"{rules.charlie_cards}-card Charlie", "1 to 1"))
    parts = ["<h3>Main game</h3>", _table(("outcome", "pays"), main, left=2)]
    for bet in rules.side_bets:
        analysis = analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        rows = [(line.outcome, f"{line.pays} to 1") for line in analysis.outcomes if line.pays >= 0]
        limits = f"stake {bet.min_stake / 100:,.2f} to {bet.max_stake / 100:,.2f}"
        cap = (
            f"; winnings capped at {bet.aggregate_cap / 100:,.2f} per round"
            if bet.aggregate_cap
            else ""
        )
        parts.append(f"<h3>{_e(bet.name)} (pay table {_e(bet.paytable)})</h3>")
        parts.append(f'<p class="note">{_e(limits + cap)}</p>')
        parts.append(_table(("outcome", "pays"), rows, left=2))
    if not rules.side_bets:
        parts.append('<p class="note">This variant offers no side bet.</p>')
    return _section("Pay tables", "".join(parts))


def _returns_section(
    optimal: HouseEdgeResult,
    basic: HouseEdgeResult,
    sides: Sequence[SideBetAnalysis],
    result: SimulationResult,
) -> str:
    rows: list[Sequence[object]] = []
    for label, he in (("Main game, optimal play", optimal), ("Main game, basic strategy", basic)):
        rows.append(
            (
                label,
                _pct(he.ev),
                f"{he.rtp * 100:.4f}%",
                _pct(he.ev_per_total_bet),
                f"{he.expected_stake:.4f}",
                f"{result.main.std_dev:.4f}" if he is basic else "",
            )
        )
    for side in sides:
        rows.append(
            (
                f"Side bet {side.name} ({side.paytable})",
                _pct(float(side.ev)),
                f"{float(side.rtp) * 100:.4f}%",
                _pct(float(side.ev)),
                "1",
                f"{side.std_dev:.4f}",
            )
        )
    head = (
        "bet",
        "EV per initial bet",
        "RTP",
        "EV per total bet",
        "expected total bet",
        "std dev",
    )
    body = _table(head, rows)
    if basic.insurance_ev is not None:
        body += (
            f'<p class="note">Insurance (ace up, taken blind): EV {_pct(basic.insurance_ev)} of '
            "the insurance bet; the figures above decline it.</p>"
        )
    body += (
        '<p class="note">Exact combinatorial analysis: every up card and starting hand enumerated '
        "with exact removal of the cards seen; optimal play is composition-dependent against the "
        "up card (the same play reused after a split); basic strategy is the total-dependent chart "
        "below. Side bets: the fresh shoe enumerated exactly (fractions). The main-game standard "
        "deviation is the simulated one, per initial bet.</p>"
    )
    return _section("Exact return of every bet", body)


def _sides_section(sides: Sequence[SideBetAnalysis], result: SimulationResult) -> str:
    if not sides:
        return _section("Side bets", '<p class="note">No side bet.</p>')
    parts: list[str] = []
    simulated = result.side_bet
    n = max(result.rounds, 1)
    for side in sides:
        rows = []
        for line in side.outcomes:
            freq = result.tally.side_outcomes.get(line.outcome, 0) / n if simulated else None
            rows.append(
                (
                    line.outcome,
                    "-1 (stake lost)" if line.outcome == LOSE else f"{line.pays} to 1",
                    _fraction(line.probability),
                    f"{float(line.probability):.8f}",
                    "" if freq is None else f"{freq:.6f}",
                    f"{float(line.contribution):+.6f}",
                )
            )
        head = (
            "outcome",
            "pays",
            "probability (exact)",
            "probability",
            "simulated",
            "EV contribution",
        )
        parts.append(f"<h3>{_e(side.name)}, pay table {_e(side.paytable)}, {side.decks} decks</h3>")
        parts.append(_table(head, rows, left=2))
        parts.append(
            f"<p>EV {_fraction(side.ev)} = {_pct(float(side.ev))} per unit staked; RTP "
            f"{float(side.rtp) * 100:.4f}%; hit frequency {float(side.hit_frequency):.6f}; "
            f"standard deviation {side.std_dev:.4f} per unit staked.</p>"
        )
        notes = "".join(f"<li>{_e(note)}</li>" for note in side.notes)
        if notes:
            parts.append(f'<ul class="note">{notes}</ul>')
    return _section("Side bets", "".join(parts))


def _verdict(ok: bool) -> str:
    return '<span class="ok">inside</span>' if ok else '<span class="bad">OUTSIDE</span>'


def _simulation_section(result: SimulationResult) -> str:
    lo, hi = result.main.ci99
    tlo, thi = result.ev_per_total_bet.ci99
    per_total_ok = result.ev_per_total_bet.covers(result.exact_ev_per_total_bet)
    rows: list[Sequence[object]] = [
        (
            "Main game, EV per initial bet",
            _pct(result.main.mean),
            f"[{_pct(lo)}, {_pct(hi)}]",
            _pct(result.exact_ev),
            "inside" if result.within_ci else "OUTSIDE",
        ),
        (
            "Main game, EV per total bet",
            _pct(result.ev_per_total_bet.mean),
            f"[{_pct(tlo)}, {_pct(thi)}]",
            _pct(result.exact_ev_per_total_bet),
            "inside" if per_total_ok else "OUTSIDE",
        ),
    ]
    if result.side_bet is not None:
        side = result.side_bet
        slo, shi = side.estimate.ci99
        exact = float(side.exact.ev)
        rows.append(
            (
                f"Side bet {side.name}, EV per unit",
                _pct(side.estimate.mean),
                f"[{_pct(slo)}, {_pct(shi)}]",
                _pct(exact),
                "inside" if side.estimate.covers(exact) else "OUTSIDE",
            )
        )
    body = (
        f"<p>{result.rounds:,} rounds, seed {result.seed}, played by the <b>{_e(result.path)}</b> "
        f"path in {result.seconds:.1f} s ({result.rounds_per_second:,.0f} rounds/s). One spot, "
        "basic strategy, the side bet at its minimum stake every round, insurance declined. "
        f"The exact main-game EV lies {_verdict(result.within_ci)} the 99% confidence interval."
        "</p>"
    )
    body += _table(("figure", "simulated", "99% confidence interval", "exact", "exact is"), rows)
    body += (
        f"<p>Standard deviation of the main-game result: {result.main.std_dev:.4f} initial bets "
        f"per round"
        + (
            f"; of the side bet: {result.side_bet.estimate.std_dev:.4f} stakes per round"
            if result.side_bet
            else ""
        )
        + ".</p>"
    )
    dist = [(f"{net:+g}", f"{p:.6f}") for net, p in outcome_distribution(result.tally)]
    body += "<h3>Distribution of the main-game result per round (initial bets)</h3>"
    body += _table(("net result", "share of rounds"), dist)
    return _section("Simulation", body)


def _hits_section(result: SimulationResult) -> str:
    labels = {
        "win": "round won (net > 0)",
        "push": "round pushed (net = 0)",
        "lose": "round lost (net < 0)",
        "double": "a hand doubled",
        "split": "the hand split",
        "player_blackjack": "player blackjack",
        "dealer_blackjack": "dealer blackjack",
        "player_bust": "a player hand busts",
        "charlie": "a Charlie",
        "dealer_bust": "dealer busts",
        "dealer_blackjack_refund": "a refund on a dealer blackjack",
        "side_bet_win": "side bet wins",
    }
    rounds = [(labels.get(k, k), f"{v:.5f}") for k, v in result.hit_frequencies().items()]
    hands = [(k, f"{v:.5f}") for k, v in result.hand_outcomes().items()]
    body = "<h3>Per round</h3>" + _table(("event", "frequency"), rounds)
    body += "<h3>Per hand (split hands counted separately)</h3>"
    body += _table(("outcome", "share of hands"), hands)
    return _section("Hit frequencies", body)


def _multi_table(title: str, rows: dict[int, tuple[str, ...]], label: str) -> str:
    out = [f"<h3>{_e(title)}</h3><table><tr><th class=l>hand</th>"]
    out += [f"<th>{u}</th>" for u in UP_LABELS]
    out.append("</tr>")
    for total, codes in rows.items():
        out.append(f"<tr><th class=l>{_e(label)}{total}</th>")
        out += [
            f'<td style="background:{COLOURS.get(c, "#fff")};text-align:center">{c}</td>'
            for c in codes
        ]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _strategy_section(variant: Variant, rules: Rules) -> str:
    chart = strategy_chart(
        base_game_rules(rules), title=f"{variant.title}: basic strategy ({rules.decks} decks)"
    )
    png = base64.b64encode(chart_png(chart)).decode("ascii")
    body = (
        f'<img class="chart" alt="basic strategy chart" src="data:image/png;base64,{png}">'
        + _multi_table("Hard totals, three or more cards", chart.hard_multi, "")
        + _multi_table("Soft totals, three or more cards", chart.soft_multi, "soft ")
    )
    return _section("Basic strategy", body)


def report_html(variant: Variant, result: SimulationResult) -> str:
    """The PAR sheet of ``variant``, with ``result`` as its simulation confirmation."""
    rules = variant.rules
    document = rules_document(variant, rules)
    base = base_game_rules(rules)
    optimal = house_edge(base, StrategyKind.OPTIMAL)
    basic = house_edge(base, StrategyKind.BASIC)
    sides = [
        analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        for bet in rules.side_bets
    ]
    body = "".join(
        (
            _rules_section(document),
            _paytables_section(rules),
            _returns_section(optimal, basic, sides, result),
            _sides_section(sides, result),
            _simulation_section(result),
            _hits_section(result),
            _strategy_section(variant, rules),
        )
    )
    title = f"{variant.title}: math report (PAR sheet)"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{_e(title)}</h1>"
        f'<p class="sub">Variant <b>{_e(variant.name)}</b>, rules version '
        f"{_e(document['rules_version'])}. {_e(variant.description)}</p>"
        f"{body}</body></html>\n"
    )
