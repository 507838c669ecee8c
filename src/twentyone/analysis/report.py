"""The math report (PAR sheet) of a variant: one self-contained, printable HTML file.

Sections (SPEC section 8, issue 12): the rules (the generated rules text), the pay tables, the
exact return of every bet (main game under optimal and basic strategy, insurance, each side
bet), each published figure beside the computed one with the reason for a difference, the
exact distribution of a round's result with its standard deviation, volatility index and the
range of the realised RTP after 10^3 to 10^8 rounds, the largest win and the operator's
exposure per round, the side bets' outcome tables, the simulation that confirms the figures
(long enough for a 99% interval of at most ±0.02%), hit frequencies, the basic-strategy chart,
and how the cards are shuffled with the generation time, software version and rules hash.
Every figure is computed by the modules that own it; this module only lays them out.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from functools import lru_cache

from twentyone import __version__
from twentyone.analysis.exact.actions import StrategyKind
from twentyone.analysis.exact.chart import COLOURS, chart_png
from twentyone.analysis.exact.house_edge import (
    HouseEdgeResult,
    base_game_rtp,
    base_game_rules,
    house_edge,
    insurance_ev,
)
from twentyone.analysis.exact.strategy import UP_LABELS, strategy_chart
from twentyone.analysis.sidebets import SideBetAnalysis, analyse_side_bet
from twentyone.analysis.simulate import SimulationResult
from twentyone.analysis.simulate.stats import outcome_distribution
from twentyone.display import (
    format_money,
    outcome_name,
    paytable_name,
    side_bet_name,
    side_outcome_name,
)
from twentyone.rules import PeekMode, Rules
from twentyone.rulestext import rules_document
from twentyone.sidebets.base import LOSE
from twentyone.variants import Variant

SECTIONS = (
    "Rules",
    "Pay tables",
    "Exact return of every bet",
    "Published figures",
    "Distribution and volatility",
    "Maximum win and exposure",
    "Side bets",
    "Simulation",
    "Hit frequencies",
    "Basic strategy",
    "Shuffle, randomness and provenance",
)
"""The report's sections, in order (each is an ``<h2>``)."""

_CSS = """
body{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;font-size:11pt;color:#111;
 max-width:60em;margin:1.5em auto;padding:0 1em;line-height:1.35}
h1{font-size:20pt;margin-bottom:.1em}h2{font-size:14pt;border-bottom:2px solid #245;
 color:#245;margin-top:1.6em;page-break-after:avoid}h3{font-size:12pt;margin:1em 0 .3em}
.sub{color:#555;margin-top:0}table{border-collapse:collapse;margin:.4em 0 1em;
 page-break-inside:avoid;display:block;overflow-x:auto;max-width:100%}
th,td{border:1px solid #bbb;padding:3px 8px;text-align:right}
th{background:#eef2f6}td.l,th.l{text-align:left}.ok{color:#186a1e;font-weight:bold}
.bad{color:#a11;font-weight:bold}ul.rules li{margin:.15em 0}.note{color:#555;font-size:9.5pt}
img.chart{max-width:100%;border:1px solid #ccc}section{page-break-inside:auto}
@media print{body{margin:0;max-width:none}h2{page-break-before:auto}}
"""


Z90 = 1.6448536269514722
"""Two-sided 90% normal quantile."""
Z99 = 2.5758293035489004
"""Two-sided 99% normal quantile."""
TARGET_HALF_WIDTH = 0.0002
"""The confirming simulation's 99% interval is at most ±0.02% of the initial bet."""
HORIZONS = (10**3, 10**4, 10**5, 10**6, 10**7, 10**8)
"""Rounds after which the realised-RTP range is shown."""


@dataclass(frozen=True, slots=True)
class PublishedFigure:
    """An RTP a source document states, to set beside the computed one.

    Attributes:
        bet: which bet (``"base"`` for the main game, else the side bet's name).
        rtp: the stated RTP (a fraction of one).
        source: where it is stated.
    """

    bet: str
    rtp: float
    source: str


PUBLISHED: dict[str, tuple[PublishedFigure, ...]] = {
    "lucky-lucky": (
        PublishedFigure(
            "base",
            0.9958,
            'Lucky Lucky document: "The theoretical percentage return to player (RTP) is 99.58%."',
        ),
        PublishedFigure(
            "lucky-lucky",
            0.9605,
            'Lucky Lucky document: "The theoretical '
            "percentage return to player (RTP) for the Lucky Lucky side bet is "
            '96.05%."',
        ),
    ),
}
"""The RTPs the source documents publish, per variant (the other documents state none)."""


def confirming_rounds(sd: float, half_width: float = TARGET_HALF_WIDTH) -> int:
    """Rounds a simulation needs for its 99% interval to be at most ``±half_width``.

    >>> confirming_rounds(1.0, 0.01)
    66349
    """
    return math.ceil((Z99 * sd / half_width) ** 2)


@lru_cache(maxsize=8)
def base_game_figures(rules: Rules) -> tuple[HouseEdgeResult, HouseEdgeResult]:
    """The base game's exact figures with their distributions: optimal play, basic strategy
    (cached per rules for the process)."""
    base = base_game_rules(rules)
    return (
        house_edge(base, StrategyKind.OPTIMAL, distribution=True),
        house_edge(base, StrategyKind.BASIC, distribution=True),
    )


def report_rounds(rules: Rules) -> int:
    """The confirming simulation's length for ``rules`` (basic strategy, as it plays)."""
    sd = base_game_figures(rules)[1].sd
    assert sd is not None
    return confirming_rounds(sd)


def _prob(p: float) -> str:
    """A probability: six decimals, or scientific notation when that would hide it."""
    if p == 0:
        return "0"
    if abs(p) < 1e-4:
        return f"{p:.4e}"
    return f"{p:.6f}"


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
        rows = [
            (side_outcome_name(bet.name, line.outcome), f"{line.pays} to 1")
            for line in analysis.outcomes
            if line.pays >= 0
        ]
        limits = f"stake {format_money(bet.min_stake)} to {format_money(bet.max_stake)}"
        cap = (
            f"; winnings capped at {format_money(bet.aggregate_cap)} per round"
            if bet.aggregate_cap
            else ""
        )
        parts.append(f"<h3>{_e(_side_label(bet.name, bet.paytable))}</h3>")
        parts.append(f'<p class="note">{_e(limits + cap)}</p>')
        parts.append(_table(("outcome", "pays"), rows, left=2))
    if not rules.side_bets:
        parts.append('<p class="note">This variant offers no side bet.</p>')
    return _section("Pay tables", "".join(parts))


def _returns_section(
    rules: Rules,
    optimal: HouseEdgeResult,
    basic: HouseEdgeResult,
    sides: Sequence[SideBetAnalysis],
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
                "" if he.sd is None else f"{he.sd:.4f}",
            )
        )
    ins = insurance_ev(rules)
    if ins is not None:
        rows.append(
            ("Insurance (ace up)", _pct(ins), f"{(1 + ins) * 100:.4f}%", _pct(ins), "1", "")
        )
    for side in sides:
        rows.append(
            (
                f"Side bet {_side_label(side.name, side.paytable)}",
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
    exact_sd = optimal.sd_exact and basic.sd_exact
    main_sd = "exact, resplits included" if exact_sd else "see the distribution below for how exact"
    body += (
        '<p class="note">Exact combinatorial analysis: every up card and starting hand enumerated '
        "with exact removal of the cards seen; optimal play is composition-dependent against the "
        "up card (the same play reused after a split, resplits valued exactly); basic strategy "
        "is the total-dependent chart below. Insurance: per unit of insurance staked, taken "
        "with any hand (the chance of a ten under the ace is the same on average); the main-game "
        "figures decline it. Side bets: the fresh shoe enumerated exactly (fractions). Standard "
        f"deviations are per initial bet (main game, {main_sd}) or per unit staked (side bets, "
        "exact).</p>"
    )
    return _section("Exact return of every bet", body)


def _published_section(
    variant: Variant, rules: Rules, optimal: HouseEdgeResult, sides: Sequence[SideBetAnalysis]
) -> str:
    figures = PUBLISHED.get(variant.name, ())
    if not figures:
        return _section(
            "Published figures",
            '<p class="note">The source document of this variant states no RTP.</p>',
        )
    rows: list[Sequence[object]] = []
    for fig in figures:
        if fig.bet == "base":
            computed = optimal.rtp
            label = "Main game (optimal play)"
            reason = _base_game_reason(rules, fig.rtp, computed)
        else:
            side = next((x for x in sides if str(x.name) == fig.bet), None)
            if side is None:
                continue
            computed = float(side.rtp)
            label = f"Side bet {_side_label(side.name, side.paytable)}"
            reason = _rounding_reason(fig.rtp, computed, "the pay table and deck count")
        rows.append((label, f"{fig.rtp * 100:.2f}%", f"{computed * 100:.4f}%", reason))
    sources = "".join(f"<li>{_e(f.source)}</li>" for f in figures)
    body = _table(("bet", "published", "computed", "why they differ"), rows)
    return _section("Published figures", body + f'<ul class="note">{sources}</ul>')


def _rounding_reason(published: float, computed: float, what: str) -> str:
    if round(computed * 100, 2) == round(published * 100, 2):
        return f"Equal to the published precision: the exact figure for {what}, rounded."
    return f"The exact figure for {what} differs by {(computed - published) * 100:+.4f} points."


def _base_game_reason(rules: Rules, published: float, computed: float) -> str:
    """Why the document's base-game RTP is not the one its own rules give, with the nearest
    rule changes that would give it (computed, not quoted)."""
    if round(computed * 100, 2) == round(published * 100, 2):
        return _rounding_reason(published, computed, "the stated rules")
    base = base_game_rules(rules)
    tries: list[tuple[str, Rules]] = []
    if base.max_split_hands < 3:
        tries.append(("resplitting to 3 hands", base.replace(max_split_hands=3)))
    if base.peek is not PeekMode.ACE_AND_TEN:
        peek = base.replace(peek=PeekMode.ACE_AND_TEN, max_split_hands=4)
        tries.append(("a peek with splits to 4 hands", peek))
    found = [f"{label} gives {base_game_rtp(r) * 100:.3f}%" for label, r in tries]
    text = (
        f"The document's rules give {computed * 100:.3f}% exactly; {published * 100:.2f}% does "
        "not follow from them"
    )
    return text + ("; " + ", ".join(found) if found else "") + "."


def _distribution_section(optimal: HouseEdgeResult) -> str:
    dist = optimal.distribution
    if dist is None or optimal.sd is None:
        return _section("Distribution and volatility", "")
    sd = optimal.sd
    rows = [(f"{x:+g}", _prob(p)) for x, p in dist.outcomes]
    body = "<h3>Net result of a round per initial bet (optimal play, insurance declined)</h3>"
    body += _table(("net result", "probability"), rows)
    if dist.exact:
        table = (
            "Every probability above is exact: every round summed over the cards all its "
            "hands and the dealer take, resplits included."
        )
    else:
        table = (
            "Every probability above is exact except for the split rounds with a resplit "
            "possible that the exact sum leaves out for time (rounds of three or four hands "
            f"mostly, together a chance of {_prob(dist.approximate)}), whose hands are "
            "combined as independent given the dealer's final outcome: no probability in the "
            "table is off by more than that chance."
        )
    moments = (
        "exact for every round, resplits included"
        if dist.exact
        else (
            "exact for every round, resplits included: the variance needs only pairs of hands, "
            "summed exactly over the cards both hands and the dealer take; the table alone "
            f"would give {dist.table_sd:.6f}"
        )
    )
    body += f"<p>{_e(table)}</p>"
    body += (
        f"<p>Mean {_pct(dist.mean)} (the exact EV); variance {dist.variance:.6f}; standard "
        f"deviation <b>{sd:.6f}</b> initial bets per round ({_e(moments)}). Volatility index "
        "(the standard deviation times the two-sided normal quantile): "
        f"{Z90 * sd:.4f} at 90%, {Z99 * sd:.4f} at 99%.</p>"
    )
    ranges = []
    for n in HORIZONS:
        h90 = Z90 * sd / math.sqrt(n)
        h99 = Z99 * sd / math.sqrt(n)
        ranges.append(
            (
                f"10^{round(math.log10(n))} ({n:,})",
                f"{(optimal.rtp - h90) * 100:.3f}% to {(optimal.rtp + h90) * 100:.3f}%",
                f"{(optimal.rtp - h99) * 100:.3f}% to {(optimal.rtp + h99) * 100:.3f}%",
            )
        )
    body += "<h3>Range of the realised RTP after n rounds (normal approximation)</h3>"
    body += _table(("rounds", "90% of players", "99% of players"), ranges)
    return _section("Distribution and volatility", body)


def _money(minor: int) -> str:
    return format_money(minor)


def _side_label(name: str, paytable: str) -> str:
    """A side bet and its pay table by their display names."""
    return f"{side_bet_name(name)} ({paytable_name(name, paytable)})"


def _exposure_section(
    rules: Rules, optimal: HouseEdgeResult, sides: Sequence[SideBetAnalysis]
) -> str:
    dist = optimal.distribution
    top = max((x for x, p in dist.outcomes if p > 0), default=0.0) if dist else 0.0
    p_top = dist.probability(top) if dist else 0.0
    spots = rules.max_spots
    rows: list[Sequence[object]] = [
        (
            "Main game",
            f"{top:g} x the main bet (probability {_prob(p_top)})",
            f"{top * spots:g} main bets ({top:g} on each of {spots} spots)"
            if spots > 1
            else f"{top:g} x the main bet",
        )
    ]
    for bet, side in zip(rules.side_bets, sides, strict=True):
        best = max((line.pays for line in side.outcomes), default=0)
        per_spot = int(best * bet.max_stake)
        total = per_spot * spots
        capped = ""
        if bet.aggregate_cap is not None and total > bet.aggregate_cap:
            total = bet.aggregate_cap
            capped = f" (capped: at most {_money(bet.aggregate_cap)} won per round)"
        rows.append(
            (
                f"Side bet {side_bet_name(side.name)}",
                f"{best} x the stake = {_money(per_spot)} at the {_money(bet.max_stake)} maximum",
                f"{_money(total)}{capped}",
            )
        )
    body = _table(("bet", "largest win per spot (net)", "largest win per round"), rows)
    body += (
        '<p class="note">Main-game wins are in units of the initial main bet (the table\'s '
        "VIP limits set its maximum); the largest main-game win needs every hand split to the "
        "limit and doubled and won. Side-bet wins are at the side bet's maximum stake; "
        "returned stakes are not counted.</p>"
    )
    return _section("Maximum win and exposure", body)


def _provenance_section(rules: Rules, document: dict[str, object], seconds: float) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    items = [
        "Shuffle: a fresh shoe of "
        f"{rules.decks} {'deck' if rules.decks == 1 else 'decks'} before every round (no cut "
        "card, no carry-over between rounds), "
        "by an unbiased Fisher-Yates shuffle.",
        "Random numbers in play: the operating system's CSPRNG (os.urandom, as Python's "
        "secrets.SystemRandom uses), read in blocks; integers below n by rejection sampling "
        "(no modulo bias). No other source of randomness is used.",
        "Random numbers in the confirming simulation: NumPy PCG64 streams, one per chunk, "
        "spawned from the run's seed with SeedSequence (the same seed repeats the run).",
        f"Generated {now} in {seconds:.1f} s by twentyone {__version__}.",
        f"Rules hash (rules version): {document['rules_version']} (SHA-256 of the rule "
        "switches, first 16 hex digits).",
    ]
    body = '<ul class="rules">' + "".join(f"<li>{_e(i)}</li>" for i in items) + "</ul>"
    return _section("Shuffle, randomness and provenance", body)


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
                    side_outcome_name(side.name, line.outcome),
                    "-1 (stake lost)" if line.outcome == LOSE else f"{line.pays} to 1",
                    _fraction(line.probability),
                    _prob(float(line.probability)),
                    "" if freq is None else _prob(freq),
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
        parts.append(f"<h3>{_e(_side_label(side.name, side.paytable))}, {side.decks} decks</h3>")
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


_PATHS = {
    "numba": "the compiled simulation kernel",
    "engine": "the game engine, round by round",
    "checked": "the compiled kernel and the game engine, checked round for round",
}
"""What played a simulation's rounds, by its path."""


def _simulation_section(result: SimulationResult) -> str:
    lo, hi = result.main.ci99
    half = (hi - lo) / 2
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
                f"Side bet {side_bet_name(side.name)}, EV per unit",
                _pct(side.estimate.mean),
                f"[{_pct(slo)}, {_pct(shi)}]",
                _pct(exact),
                "inside" if side.estimate.covers(exact) else "OUTSIDE",
            )
        )
    player = _PATHS.get(str(result.path), str(result.path))
    body = (
        f"<p>{result.rounds:,} rounds, seed {result.seed}, played by <b>{_e(player)}</b>"
        f" in {result.seconds:.1f} s ({result.rounds_per_second:,.0f} rounds/s). One spot, "
        "basic strategy, the side bet at its minimum stake every round, insurance declined. "
        f"The exact main-game EV lies {_verdict(result.within_ci)} the 99% confidence interval."
        f" Its half-width is ±{half * 100:.4f}% (the report's target: at most ±"
        f"{TARGET_HALF_WIDTH * 100:.2f}%, reached with {confirming_rounds(result.main.std_dev):,}"
        " rounds).</p>"
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
    dist = [(f"{net:+g}", _prob(p)) for net, p in outcome_distribution(result.tally)]
    body += "<h3>Distribution of the main-game result per round (initial bets)</h3>"
    body += _table(("net result", "share of rounds"), dist)
    return _section("Simulation", body)


HIT_LABELS = {
    "win": "round won (net > 0)",
    "push": "round pushed (net = 0)",
    "lose": "round lost (net < 0)",
    "double": "a hand doubled",
    "split": "a pair split",
    "player_blackjack": "player blackjack",
    "dealer_blackjack": "dealer blackjack",
    "player_bust": "a player hand busts",
    "charlie": "a Charlie",
    "dealer_bust": "dealer busts",
    "dealer_blackjack_refund": "a stake returned on a dealer blackjack",
    "surrender": "a hand surrendered",
    "insurance": "insurance taken",
    "even_money": "even money taken",
    "side_bet_win": "side bet wins",
}
"""Each per-round event of the simulation's tally, as the report names it."""
ROUND_RESULTS = ("win", "push", "lose")


def _hits_section(result: SimulationResult) -> str:
    found = result.hit_frequencies()
    # An event the game or the simulated play never produces (no Charlie, no surrender,
    # insurance declined...) is left out rather than shown as a row of zeros.
    rounds = [(HIT_LABELS[k], _prob(v)) for k, v in found.items() if v > 0.0 or k in ROUND_RESULTS]
    absent = [HIT_LABELS[k] for k, v in found.items() if v == 0.0 and k not in ROUND_RESULTS]
    hands = [(outcome_name(k), _prob(v)) for k, v in result.hand_outcomes().items()]
    body = "<h3>Per round</h3>" + _table(("event", "frequency"), rounds)
    if absent:
        body += f'<p class="note">Not seen in the simulated rounds: {_e(", ".join(absent))}.</p>'
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
    started = datetime.now(UTC)
    rules = variant.rules
    document = rules_document(variant, rules)
    optimal, basic = base_game_figures(rules)
    sides = [
        analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        for bet in rules.side_bets
    ]
    body = "".join(
        (
            _rules_section(document),
            _paytables_section(rules),
            _returns_section(rules, optimal, basic, sides),
            _published_section(variant, rules, optimal, sides),
            _distribution_section(optimal),
            _exposure_section(rules, optimal, sides),
            _sides_section(sides, result),
            _simulation_section(result),
            _hits_section(result),
            _strategy_section(variant, rules),
        )
    )
    seconds = (datetime.now(UTC) - started).total_seconds() + result.seconds
    body += _provenance_section(rules, document, seconds)
    title = f"{variant.title}: math report (PAR sheet)"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_e(title)}</title><style>{_CSS}</style></head><body>"
        f"<h1>{_e(title)}</h1>"
        f'<p class="sub">Variant id <b>{_e(variant.name)}</b>, rules version '
        f"{_e(document['rules_version'])}, twentyone {__version__}. {_e(variant.description)}</p>"
        f"{body}</body></html>\n"
    )
