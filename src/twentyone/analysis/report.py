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
import platform
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from functools import lru_cache

import numpy as np

from twentyone import __version__
from twentyone.analysis.combined import combined
from twentyone.analysis.exact.actions import StrategyKind
from twentyone.analysis.exact.chart import COLOURS, chart_png
from twentyone.analysis.exact.house_edge import (
    HouseEdgeResult,
    base_game_rtp,
    base_game_rules,
    house_edge,
    insurance_ev,
)
from twentyone.analysis.exact.strategy import LEGEND, UP_LABELS, strategy_chart
from twentyone.analysis.exposure import (
    LargestWin,
    describe,
    largest_side_win,
    largest_win,
    main_units,
)
from twentyone.analysis.sidebets import SideBetAnalysis, ThirdCard, analyse_side_bet
from twentyone.analysis.simulate import SimulationResult
from twentyone.analysis.simulate.stats import outcome_distribution
from twentyone.analysis.simulate.strategy import InsurancePolicy
from twentyone.analysis.volatility import (
    never_top_chance,
    never_top_log10,
    rtp_ranges,
    side_sd,
    top_line_chance,
    top_line_pays,
    volatility_index,
)
from twentyone.display import (
    format_money,
    outcome_name,
    paytable_name,
    side_bet_name,
    side_outcome_name,
    text,
    texts,
)
from twentyone.rules import PeekMode, Rules, Surrender
from twentyone.rulestext import rules_document
from twentyone.sidebets.base import LOSE
from twentyone.sidebets.paytables import SideBetName, find_paytable
from twentyone.variants import TABLE, Variant

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
th{background:#eef2f6}td.l,th.l,td.t,th.t{text-align:left}td.t{min-width:12em}
.ok{color:#186a1e;font-weight:bold}
.bad{color:#a11;font-weight:bold}ul.rules li{margin:.15em 0}.note{color:#555;font-size:9.5pt}
img.chart{max-width:100%;border:1px solid #ccc}section{page-break-inside:auto}
@media screen{table{width:fit-content;
 background:linear-gradient(to right,#fff 40%,#fff0) left/2em 100%,
 linear-gradient(to left,#fff 40%,#fff0) right/2em 100%,
 radial-gradient(farthest-side at 0 50%,#0003,#0000) left/.8em 100%,
 radial-gradient(farthest-side at 100% 50%,#0003,#0000) right/.8em 100%;
 background-repeat:no-repeat;background-attachment:local,local,scroll,scroll}}
div.narrow{display:none}
@media screen and (max-width:600px){body{padding:0 .5em}th,td{padding:2px 4px;font-size:13px}
 img.chart{display:none}div.narrow{display:block}}
@media print{body{margin:0;max-width:none}h2{page-break-before:auto}
 th,td{padding:2px 5px;font-size:9.5pt}}
"""


Z90 = 1.6448536269514722
"""Two-sided 90% normal quantile."""
Z99 = 2.5758293035489004
"""Two-sided 99% normal quantile."""
TARGET_HALF_WIDTH = 0.0002
"""The confirming simulation's 99% interval is at most ±0.02% of the initial bet."""
HORIZONS = (10**3, 10**4, 10**5, 10**6, 10**7, 10**8)
"""Rounds after which the realised-RTP range is shown."""


REFERENCE_RULES = Rules()
"""The rules of the published base-game reference figure: 6 decks, S17, DAS, double any two,
split to 4 hands, no resplit of aces, peek."""


@dataclass(frozen=True, slots=True)
class PublishedFigure:
    """An RTP a source states, to set beside the computed one.

    The conditions it is stated for may not be the game's (another deck count, pay table or
    third-card rule, or other base-game rules): the report computes the figure under the stated
    conditions too, so a difference of conditions is told apart from a difference of figures.

    Attributes:
        bet: which bet (``"base"`` for the main game, else the side bet's name).
        percent: the stated RTP in percent, as printed (``"99.58"``): its decimals are the
            precision the comparison allows.
        source: where it is stated, in words.
        exact_ev: the exact EV the source states, if it states one (compared exactly).
        rules: base game: the rules the figure is stated for (default: the game's).
        decks: side bet: the deck count the figure is for (default: the game's).
        paytable: side bet: the pay table it is for (default: the game's).
        third_card: Lucky 7: the third-card rule it assumes (default: the game's).
    """

    bet: str
    percent: str
    source: str
    exact_ev: Fraction | None = None
    rules: Rules | None = None
    decks: int | None = None
    paytable: str | None = None
    third_card: ThirdCard | None = None

    @property
    def rtp(self) -> float:
        """The stated RTP as a fraction of one."""
        return float(self.percent) / 100

    @property
    def digits(self) -> int:
        """Decimals of the stated percentage."""
        return len(self.percent.partition(".")[2])


_BASE_REFERENCE = PublishedFigure(
    "base",
    "99.5971",
    "Published exact reference for 6 decks, dealer stands on soft 17, double any two, double "
    "after split, split to 4 hands, no resplit of aces, peek: player EV -0.4029% of the initial "
    "bet (product specification, section 8).",
    rules=REFERENCE_RULES,
)
PUBLISHED: dict[str, tuple[PublishedFigure, ...]] = {
    "lucky-lucky": (
        PublishedFigure(
            "base",
            "99.58",
            'Lucky Lucky document: "The theoretical percentage return to player (RTP) is 99.58%."',
        ),
        PublishedFigure(
            "lucky-lucky",
            "96.05",
            'Lucky Lucky document: "The theoretical percentage return to player (RTP) for the '
            'Lucky Lucky side bet is 96.05%." Exact EV for the online table with 6 decks: '
            "-24742/626665 (product specification, section 4).",
            exact_ev=Fraction(-24742, 626665),
            decks=6,
            paytable="felt",
        ),
        PublishedFigure(
            "lucky-lucky",
            "97.34",
            "Published exact figure for the original land-casino table with 6 decks: EV = "
            "-16642/626665, house edge 2.66% (product specification, section 4).",
            exact_ev=Fraction(-16642, 626665),
            decks=6,
            paytable="original",
        ),
    ),
    "lucky-7": (
        PublishedFigure(
            "lucky-7",
            "88.60",
            "Published exact figure for Super Sevens with 6 decks, the third card always dealt: "
            "EV = -14288/125333, house edge 11.40% (product specification, section 4).",
            exact_ev=Fraction(-14288, 125333),
            decks=6,
            paytable="super-sevens",
            third_card=ThirdCard.ALWAYS,
        ),
    ),
    "lucky-ladies": (
        _BASE_REFERENCE,
        PublishedFigure(
            "lucky-ladies",
            "75.29",
            "Published exact figure for pay table A with 6 decks: EV = -6379493/25818598, house "
            "edge 24.71% (product specification, section 4).",
            exact_ev=Fraction(-6379493, 25818598),
            decks=6,
            paytable="A",
        ),
    ),
    "standard": (_BASE_REFERENCE,),
}
"""The RTPs the source documents and the published exact analyses state, per variant (the
European document states none)."""


def confirming_rounds(sd: float, half_width: float = TARGET_HALF_WIDTH) -> int:
    """Rounds a simulation needs for its 99% interval to be at most ``±half_width``.

    >>> confirming_rounds(1.0, 0.01)
    66349
    """
    return math.ceil((Z99 * sd / half_width) ** 2)


REPORT_PRUNE = 1e-12
"""The chance (of a round against its up card) below which the sheet's table of net results may
leave a round of a split out, where the budgeted table is not exact (resplits): every pattern of
every split is summed but those rounds, and their chance bounds how far each probability can be
short of its exact value (the standard 6-deck game split to four hands: about 2 CPU minutes,
every probability within 9e-7 of its exact value, where the budgeted table's own bound is
0.0022; ``bench/rounds.py --threshold``)."""


@lru_cache(maxsize=8)
def base_game_figures(rules: Rules, prune: float = 0.0) -> tuple[HouseEdgeResult, HouseEdgeResult]:
    """The base game's exact figures with their distributions: optimal play, basic strategy.
    ``prune`` above 0: where the optimal table is not exact, it is summed again with every
    split pattern, leaving out only rounds bound below that chance
    (:func:`~twentyone.analysis.exact.house_edge.house_edge`'s ``prune``)."""
    base = base_game_rules(rules)
    optimal = house_edge(base, StrategyKind.OPTIMAL, distribution=True)
    if prune > 0.0 and optimal.distribution is not None and not optimal.distribution.exact:
        optimal = house_edge(base, StrategyKind.OPTIMAL, distribution=True, prune=prune)
    return optimal, house_edge(base, StrategyKind.BASIC, distribution=True)


SD_MARGIN = 1.01
"""The confirming run is planned on the exact standard deviation plus 1%: its interval uses the
run's own standard deviation, which comes out a little above the exact one about half the time
(by 0.01% at 2·10⁸ rounds), and the target must still be met then."""


def report_rounds(rules: Rules) -> int:
    """The confirming simulation's length for ``rules`` (basic strategy, as it plays)."""
    sd = base_game_figures(rules)[1].sd
    assert sd is not None
    return confirming_rounds(sd * SD_MARGIN)


def _prob(p: float) -> str:
    """A probability to at least four significant digits: six decimals, or scientific
    notation below 0.001 (where six decimals would keep three digits or fewer).

    >>> _prob(0.435600), _prob(0.000392), _prob(0)
    ('0.435600', '3.9200e-04', '0')
    """
    if p == 0:
        return "0"
    if abs(p) < 1e-3:
        return f"{p:.4e}"
    return f"{p:.6f}"


def _tiny(log10: float) -> str:
    """A probability too small for a float, from its ``log10``, as :func:`_prob` writes it.

    >>> _tiny(-632.5)
    '3.1623e-633'
    """
    exponent = math.floor(log10)
    return f"{10 ** (log10 - exponent):.4f}e{exponent:+04d}"


def _net(x: float) -> str:
    """A round's net result in initial bets, signed except for a push (``0``)."""
    return "0" if x == 0 else f"{x:+g}"


_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _power_of_ten(n: int) -> str:
    """``1000`` → ``10³ (1,000)``."""
    return f"10{str(round(math.log10(n))).translate(_SUPERSCRIPT)} ({n:,})"


def _e(value: object) -> str:
    return html.escape(str(value))


def _pct(value: float, digits: int = 4) -> str:
    return f"{value * 100:+.{digits}f}%"


def _table(
    head: Sequence[str],
    rows: Iterable[Sequence[object]],
    left: int = 1,
    text_columns: Sequence[int] = (),
) -> str:
    """A table; the first ``left`` columns are left-aligned labels, ``text_columns`` are
    sentences (left-aligned and kept wide enough to read on a phone, not a word a line); the
    other cells are figures, right-aligned."""

    def cls(i: int) -> str:
        return " class=t" if i in text_columns else " class=l" if i < left else ""

    out = ["<table><tr>"]
    out += [f"<th{cls(i)}>{_e(h)}</th>" for i, h in enumerate(head)]
    out.append("</tr>")
    for row in rows:
        out.append("<tr>")
        out += [f"<td{cls(i)}>{_e(c)}</td>" for i, c in enumerate(row)]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _fraction(value: Fraction) -> str:
    return f"{value.numerator:,}/{value.denominator:,}"


def _section(title: str, body: str) -> str:
    anchor = "-".join(re.findall(r"[a-z0-9]+", title.lower()))
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
    if rules.even_money:
        main.append(("Even money (a blackjack against an ace, if taken)", "1 to 1"))
    if rules.charlie_cards and rules.charlie_wins:
        main.append((f"{rules.charlie_cards}-card Charlie", "1 to 1"))
    parts = ["<h3>Main game</h3>", _table(("outcome", "pays"), main, left=2)]
    for bet in rules.side_bets:
        analysis = analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        rows = [
            (side_outcome_name(bet.name, line.outcome), f"{line.pays:,} to 1")
            for line in analysis.outcomes
            if line.pays >= 0
        ]
        limits = (
            f"stake exactly {format_money(bet.min_stake)}"
            if bet.min_stake == bet.max_stake
            else f"stake {format_money(bet.min_stake)} to {format_money(bet.max_stake)}"
        )
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
            (
                "Insurance (ace up)",
                _pct(ins),
                f"{(1 + ins) * 100:.4f}%",
                _pct(ins),
                "1",
                f"{_insurance_sd(rules, ins):.4f}",
            )
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
        "EV per initial stake",
        "RTP",
        "EV per total stake",
        "total stake per initial",
        "std dev",
    )
    body = _table(head, rows)
    exact_sd = optimal.sd_exact and basic.sd_exact
    main_sd = "exact, resplits included" if exact_sd else "see the distribution below for how exact"
    notes = [
        "Each bet's figures are per unit of its own initial stake (the main bet, the insurance "
        "bet, the side bet's stake); the total stake adds doubles and splits.",
        "Exact combinatorial analysis: every up card and starting hand enumerated with exact "
        "removal of the cards seen; optimal play is composition-dependent against the up card "
        "(the same play reused after a split, resplits valued exactly); basic strategy is the "
        "total-dependent chart below.",
    ]
    if ins is not None:
        card = (
            "the dealer's second card, drawn after the players,"
            if rules.peek is PeekMode.ENHC
            else "the hole card"
        )
        notes.append(
            "Insurance: per unit of insurance staked, taken with any hand (on average over the "
            f"player's cards, {card} is a ten with the same chance); the main-game figures "
            "decline it."
        )
    if rules.even_money:
        declined = _blackjack_vs_ace(rules)
        notes.append(
            "Even money (a blackjack against an ace, paid 1 to 1 at once) wins 1 initial bet for "
            f"certain; declining it wins {float(declined):.4f} on average ({_fraction(declined)}),"
            f" so taking it changes the expected result by {_pct(float(1 - declined))} of the "
            "initial bet."
        )
    if sides:
        notes.append("Side bets: the fresh shoe enumerated exactly (fractions).")
    per_unit = " and ".join(
        name for name, offered in (("insurance", ins is not None), ("side bets", sides)) if offered
    )
    side_sd = f" or per unit staked ({per_unit}, exact)" if per_unit else ""
    notes.append(f"Standard deviations are per initial bet (main game, {main_sd}){side_sd}.")
    body += f'<p class="note">{_e(" ".join(notes))}</p>'
    return _section("Exact return of every bet", body)


def _insurance_sd(rules: Rules, ev: float) -> float:
    """The standard deviation of one unit of insurance: it wins ``insurance_pays`` with the
    chance ``p`` of a dealer blackjack (so ``ev = p·pays − (1 − p)``) or loses the unit."""
    pays = float(rules.insurance_pays)
    p = (ev + 1) / (pays + 1)
    return (pays + 1) * math.sqrt(p * (1 - p))


def _blackjack_vs_ace(rules: Rules) -> Fraction:
    """What a blackjack against an ace up returns on average when even money is declined:
    the blackjack payout unless the dealer's other card is a ten (a push), the player's ace and
    ten and the dealer's ace out of the shoe."""
    cards = 52 * rules.decks - 3
    tens = 16 * rules.decks - 1
    return rules.blackjack_pays * Fraction(cards - tens, cards)


def _published_section(
    variant: Variant, rules: Rules, optimal: HouseEdgeResult, sides: Sequence[SideBetAnalysis]
) -> str:
    figures = PUBLISHED.get(variant.name, ())
    rows = [
        row
        for fig in figures
        if (
            row := _published_base_row(rules, optimal, fig)
            if fig.bet == "base"
            else _published_side_row(sides, fig)
        )
        is not None
    ]
    if not rows:
        return _section(
            "Published figures",
            '<p class="note">No source document of this variant states an RTP.</p>',
        )
    head = ("bet", "published", "computed for the stated conditions", "this game", "why")
    body = _table(head, rows, text_columns=(0, 4))
    sources = "".join(f"<li>{_e(f.source)}</li>" for f in figures)
    return _section("Published figures", body + f'<ul class="note">{sources}</ul>')


def _matches(fig: PublishedFigure, computed: float) -> bool:
    """Whether ``computed`` rounds to the stated percentage at the stated precision."""
    return f"{computed * 100:.{fig.digits}f}" == fig.percent


def _rtp(value: float) -> str:
    return f"{value * 100:.4f}%"


def _published_base_row(
    rules: Rules, optimal: HouseEdgeResult, fig: PublishedFigure
) -> tuple[str, ...]:
    """The main game's published RTP, the RTP of the rules it is stated for, this game's."""
    game = base_game_rules(rules)
    stated = game if fig.rules is None else base_game_rules(fig.rules)
    computed = optimal.rtp if stated == game else base_game_rtp(stated)
    reason = _base_game_reason(stated, fig, computed)
    if stated != game:
        reason += " This game's rules are not the ones the figure is stated for."
    label = "Main game (optimal play)"
    return (label, f"{fig.percent}%", _rtp(computed), _rtp(optimal.rtp), reason)


_THIRD_CARD = {
    ThirdCard.ALWAYS: "the spot always receives a third card",
    ThirdCard.UNLESS_DEALER_BLACKJACK: (
        "a 7-7 spot receives no third card when the dealer has blackjack"
    ),
}


def _published_side_row(
    sides: Sequence[SideBetAnalysis], fig: PublishedFigure
) -> tuple[str, ...] | None:
    """A side bet's published RTP, the exact RTP for the deck count, pay table and third-card
    rule it is stated for, and this game's; ``None`` where the game does not offer the bet."""
    game = next((x for x in sides if str(x.name) == fig.bet), None)
    if game is None:
        return None
    stated = analyse_side_bet(
        game.name,
        decks=fig.decks or game.decks,
        paytable=fig.paytable or game.paytable,
        third_card=fig.third_card or game.third_card,
    )
    if fig.exact_ev is not None:
        reason = (
            f"None: the stated exact EV {_fraction(fig.exact_ev)} is the computed one."
            if stated.ev == fig.exact_ev
            else f"The stated exact EV {_fraction(fig.exact_ev)} is not the computed "
            f"{_fraction(stated.ev)}."
        )
    elif _matches(fig, float(stated.rtp)):
        reason = "None: the computed figure, rounded to the stated precision."
    else:
        off = (float(stated.rtp) - fig.rtp) * 100
        reason = f"The computed figure differs by {off:+.4f} points."
    differences = []
    if game.decks != stated.decks:
        differences.append(f"{game.decks} decks, not {stated.decks}")
    if game.paytable != stated.paytable:
        differences.append(
            f"the {paytable_name(game.name, game.paytable)}, not the "
            f"{paytable_name(game.name, stated.paytable)}"
        )
    if game.third_card is not None and game.third_card != stated.third_card:
        assert stated.third_card is not None
        differences.append(
            f"{_THIRD_CARD[game.third_card]} (the stated figure: {_THIRD_CARD[stated.third_card]})"
        )
    if differences:
        reason += " This game differs: " + "; ".join(differences) + "."
    label = f"Side bet {_side_label(game.name, stated.paytable)}, {stated.decks} decks"
    return (label, f"{fig.percent}%", _rtp(float(stated.rtp)), _rtp(float(game.rtp)), reason)


def _base_game_reason(rules: Rules, fig: PublishedFigure, computed: float) -> str:
    """Why a stated base-game RTP is not the one its own rules give, with the nearest rule
    changes that would give it (computed, not quoted)."""
    if _matches(fig, computed):
        return "None: the exact figure for the stated rules, rounded to the stated precision."
    tries: list[tuple[str, Rules]] = []
    if rules.max_split_hands < 3:
        tries.append(("resplitting to 3 hands", rules.replace(max_split_hands=3)))
    if rules.peek is not PeekMode.ACE_AND_TEN:
        peek = rules.replace(peek=PeekMode.ACE_AND_TEN, max_split_hands=4)
        tries.append(("a peek with splits to 4 hands", peek))
    found = [f"{label} gives {base_game_rtp(r) * 100:.3f}%" for label, r in tries]
    text = (
        f"The stated rules give {computed * 100:.3f}% exactly; {fig.percent}% does not follow "
        "from them"
    )
    return text + ("; " + ", ".join(found) if found else "") + "."


def _distribution_section(
    optimal: HouseEdgeResult, sides: Sequence[SideBetAnalysis], rules: Rules | None = None
) -> str:
    """The distribution and volatility section; ``rules`` (the game's own, with its side bets:
    ``optimal`` holds the base game's) gives the side bets' covariance with the main bet."""
    dist = optimal.distribution
    if dist is None or optimal.sd is None:
        return _section("Distribution and volatility", _sides_volatility(sides))
    sd = optimal.sd
    rows = [(_net(x), _prob(p)) for x, p in dist.outcomes]
    body = "<h3>Net result of a round per initial bet (optimal play, insurance declined)</h3>"
    body += _table(("net result", "probability"), rows)
    if dist.exact:
        table = (
            "Every probability above is exact: every round summed over the cards all its "
            "hands and the dealer take, resplits included."
        )
    elif dist.missing > 0.0 and dist.approximate == 0.0:
        table = (
            "Every probability above is summed exactly over every round but the least likely "
            "rounds of a split with resplits, whose chances add up to at most "
            f"{dist.missing:.1e}: no probability in the table is above its exact value, and "
            "none is more than that below it."
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
                _power_of_ten(n),
                f"{(optimal.rtp - h90) * 100:.3f}% to {(optimal.rtp + h90) * 100:.3f}%",
                f"{(optimal.rtp - h99) * 100:.3f}% to {(optimal.rtp + h99) * 100:.3f}%",
            )
        )
    body += "<h3>Range of the realised RTP after n rounds (optimal play, normal approximation)</h3>"
    body += _table(("rounds", "90% of players", "99% of players"), ranges)
    return _section(
        "Distribution and volatility",
        body + _sides_volatility(sides, rules, optimal.sd),
    )


def _sides_volatility(
    sides: Sequence[SideBetAnalysis], rules: Rules | None = None, main_sd: float | None = None
) -> str:
    """Every side bet's volatility, and a round of main bet plus side bet: their covariance
    and the SD of the two together (:mod:`~twentyone.analysis.combined`)."""
    if not sides:
        return ""
    parts = [_side_volatility(side) for side in sides]
    for side in sides:
        parts.append(f'<p class="note">{_together(side, rules, main_sd)}</p>')
    return "".join(parts)


def _together(side: SideBetAnalysis, rules: Rules | None, main_sd: float | None) -> str:
    """One side bet played with the main bet, in words."""
    name = side_bet_name(str(side.name))
    both = (
        "Played together with the main bet, a round's variance is the two variances plus "
        "twice their covariance, which is not zero: both bets read the spot's first cards."
    )
    found = (
        combined(rules, SideBetName(side.name), main_sd, side_sd(side))
        if rules is not None and main_sd is not None
        else None
    )
    if found is None:
        why = (
            "reads the spot's third card, which the play decides, so this sheet gives no "
            "covariance for it"
            if side.name == SideBetName.LUCKY_7
            else "has no covariance computed here"
        )
        return f"{both} {name} {why}."
    independent = math.sqrt(found.main_sd**2 + found.side_sd**2)
    return (
        f"{both} With {name}: covariance {found.covariance:.6f} per unit staked on each "
        f"(correlation {found.correlation:.4f}; exact, optimal play, the deal's expected main "
        f"result times the side bet's over every deal). One unit on each has standard "
        f"deviation <b>{found.sd():.6f}</b> per round, against {independent:.6f} were the two "
        "independent; with r units on the side bet per unit main bet it is "
        f"√({found.main_sd**2:.6f} + {found.side_sd**2:.6f} r² + "
        f"{2 * found.covariance:.6f} r)."
    )


def _money(minor: int) -> str:
    return format_money(minor)


def _side_label(name: str, paytable: str) -> str:
    """A side bet and its pay table by their display names."""
    return f"{side_bet_name(name)} ({paytable_name(name, paytable)})"


def _vip_levels(variant: Variant) -> list[tuple[str, int]]:
    """Each VIP level's name in words and its maximum main bet at ``variant``'s table: the
    table's own limits, each replaced by the game's where its catalogue entry sets one."""
    own = {item.level: item.max_bet for item in variant.limits}
    levels = [(item.level, own.pop(item.level, item.max_bet)) for item in TABLE.limits]
    levels += list(own.items())
    return [(_level_name(level), max_bet) for level, max_bet in levels]


def _level_name(level: str) -> str:
    """A VIP level as the back office names it ("Gold"), a level it has no name for as is."""
    key = f"admin.level.{level}"
    return text(key, lang="en") if key in texts("en") else level


def _exposure_section(
    variant: Variant, rules: Rules, optimal: HouseEdgeResult, sides: Sequence[SideBetAnalysis]
) -> str:
    dist = optimal.distribution
    top = max((x for x, p in dist.outcomes if p > 0), default=0.0) if dist else 0.0
    units = main_units(rules)
    levels = _vip_levels(variant)
    head = [""] + [f"{name} level" for name, _ in levels]
    wins = [largest_win(rules, max_bet) for _, max_bet in levels]
    rows: list[Sequence[object]] = [
        ["Maximum main bet per spot"] + [_money(w.max_bet) for w in wins],
        ["Largest win of one round"] + [_win_cell(w) for w in wins],
        ["of which the main bets"] + [_money(w.main) for w in wins],
    ]
    for index, bet in enumerate(rules.side_bets):
        rows.append(
            [f"of which the side bet {side_bet_name(str(bet.name))}"]
            + [_money(w.sides[index]) for w in wins]
        )
    body = _table(head, rows, text_columns=(0,))
    stakes = ", ".join(
        f"{side_bet_name(str(bet.name))} at its {_money(bet.max_stake)} maximum"
        for bet in rules.side_bets
    )
    with_sides = f", and every side bet staked ({stakes})" if stakes else ""
    notes = [
        f"Net wins of one round with {_spots_phrase(rules.max_spots)} at the level's maximum "
        "main bet"
        f"{with_sides}: returned stakes not counted"
        + (", lost side-bet stakes subtracted." if rules.side_bets else ".")
    ]
    rounds: dict[tuple[object, ...], list[str]] = {}
    for (name, _), win in zip(levels, wins, strict=True):
        rounds.setdefault((win.up, win.dealer, win.spots), []).append(name)
    for names, win in _distinct(rounds, levels, wins):
        plural = "s" if " and " in names else ""
        notes.append(
            f"The largest round at the {names} level{plural}: "
            f"{describe(rules, win, side_outcome_name)}."
        )
    sevens = (
        " (and its third, which Lucky 7 pays on)"
        if any(bet.name is SideBetName.LUCKY_7 for bet in rules.side_bets)
        else ""
    )
    notes.append(
        "How it is found: every up card of the dealer, the dealer busting or holding a blackjack, "
        f"and every spot's first two cards{sevens}, as many of each card as "
        f"the {rules.decks} decks hold, are searched (branch and bound); a spot's main game counts "
        "the most its cards can win under the rules (a natural its payout, a hand 1 bet, a "
        "doubled hand 2, a split pair each of its hands)"
        + (
            ", and each side bet its pay-table line, cut to its cap as the game cuts it"
            if rules.side_bets
            else ""
        )
        + ". So no round wins more. The engine then played the round found, from a stacked "
        "shoe, with the decisions above"
        + (
            ", and paid exactly that: the figure is the largest win."
            if all(w.exact for w in wins)
            else "; where it paid less the table gives both."
        )
    )
    if rules.side_bets:
        notes.append(_side_bets_alone(rules, levels[0][1] if levels else 100))
    how = _largest_main_win(rules, float(units)) or (
        f"the largest main-game win is {units:g} initial bets per spot"
    )
    p_units = dist.probability(float(units)) if dist else 0.0
    notes.append(
        f"{how[:1].upper()}{how[1:]} ({units:g} x the main bet; probability {_prob(p_units)} "
        "in the exact distribution of one spot)."
    )
    if top > units:
        notes.append(f"The exact distribution has a larger win, {top:g}.")
    body += "".join(f'<p class="note">{note}</p>' for note in notes)
    return _section("Maximum win and exposure", body)


def _side_bets_alone(rules: Rules, max_bet: int) -> str:
    """The most the side bets pay out in one round, and why it is what it is: the top line on
    every spot, their cap, or what the shoe's cards allow."""
    alone = largest_side_win(rules, max_bet)
    naive = [rules.max_spots * _top_line(b.name, b.paytable) * b.max_stake for b in rules.side_bets]
    capped = [
        min(top, bet.aggregate_cap) if bet.aggregate_cap is not None else top
        for top, bet in zip(naive, rules.side_bets, strict=True)
    ]
    if alone.bound < sum(capped):
        why = (
            f"less than the top line on every spot ({_money(sum(capped))}), as the shoe does "
            "not hold the cards for that"
        )
    elif capped != naive:
        why = f"the cap (the top line on every spot would win {_money(sum(naive))})"
    else:
        why = "the top line on every spot"
    exact = (
        "exactly: the engine paid it"
        if alone.exact
        else f"at most; the engine's round paid {_money(alone.paid or 0)}"
    )
    return (
        f"The most the side bets pay out in one round (winnings, stakes not counted) is "
        f"<b>{_money(alone.bound)}</b> ({exact}), {why}: "
        f"{describe(rules, alone, side_outcome_name, side_winners_only=True)}."
    )


def _top_line(name: str, paytable: str) -> int:
    return max(pays for _, pays in find_paytable(name, paytable).pays)


def _spots_phrase(spots: int) -> str:
    """ "the one spot", "all 5 spots"."""
    return "the one spot" if spots == 1 else f"all {spots} spots"


def _win_cell(win: LargestWin) -> str:
    if win.exact:
        return _money(win.bound)
    if win.paid is not None:
        return f"at least {_money(win.paid)}, at most {_money(win.bound)}"
    return f"at most {_money(win.bound)}"


def _distinct(
    rounds: dict[tuple[object, ...], list[str]],
    levels: Sequence[tuple[str, int]],
    wins: Sequence[LargestWin],
) -> list[tuple[str, LargestWin]]:
    """The distinct largest rounds, each with the levels (in words) it is largest at."""
    out = []
    for names in rounds.values():
        win = wins[[name for name, _ in levels].index(names[0])]
        said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        out.append((said, win))
    return out


def _largest_main_win(rules: Rules, top: float) -> str:
    """How a spot wins ``top`` initial bets, the largest main-game win, in words ("" if the
    rules' own maximum is not ``top``)."""
    hands = rules.max_split_hands
    if hands > 1 and rules.double_after_split:
        win, how = 2 * hands, f"{hands} hands of a split, each doubled and won"
    elif hands > 2:
        win, how = hands, f"{hands} hands of a split, each won"
    else:
        both = ", or both hands of a split won" if hands == 2 else ""
        win, how = 2, f"a doubled hand won{both}"
    if win != top:
        return ""
    return f"the largest main-game win, {top:g} initial bets per spot, is {how}"


def _provenance_section(rules: Rules, document: dict[str, object], seconds: float) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    items = [
        "Shuffle: a fresh shoe of "
        f"{rules.decks} {'deck' if rules.decks == 1 else 'decks'} before every round (no cut "
        "card, no carry-over between rounds), by an unbiased Fisher-Yates shuffle of the whole "
        "shoe in play; the confirming simulation takes the same Fisher-Yates steps lazily, only "
        "for the cards a round deals, which gives those cards the same distribution.",
        "Random numbers in play: the operating system's CSPRNG (os.urandom, as Python's "
        "secrets.SystemRandom uses), read in blocks; integers below n by rejection sampling "
        "(no modulo bias). No other source of randomness is used.",
        "Random numbers in the confirming simulation: NumPy PCG64 streams, one per chunk, "
        "spawned from the run's seed with SeedSequence (the same seed repeats the run).",
        f"Generated {now} in {seconds:.1f} s by twentyone {__version__} (Python "
        f"{platform.python_version()}, NumPy {np.__version__}).",
        f"Rules hash (rules version): {document['rules_version']}: the first 16 hex digits of "
        "the SHA-256 of the rule switches as compact JSON with sorted keys.",
    ]
    body = '<ul class="rules">' + "".join(f"<li>{_e(i)}</li>" for i in items) + "</ul>"
    return _section("Shuffle, randomness and provenance", body)


def _sides_section(rules: Rules, sides: Sequence[SideBetAnalysis], result: SimulationResult) -> str:
    if not sides:
        return _section("Side bets", '<p class="note">No side bet.</p>')
    parts: list[str] = []
    simulated = result.side_bet
    n = max(result.rounds, 1)
    for side in sides:
        rows = []
        for line in side.outcomes:
            count = result.tally.side_outcomes.get(line.outcome, 0) if simulated else None
            rows.append(
                (
                    side_outcome_name(side.name, line.outcome),
                    "-1 (stake lost)" if line.outcome == LOSE else f"{line.pays:,}\u00a0to\u00a01",
                    _fraction(line.probability),
                    _prob(float(line.probability)),
                    "" if count is None else f"{_prob(count / n)}\u00a0({count:,})",
                    f"{float(line.contribution):+.6f}",
                )
            )
        head = (
            "outcome",
            "pays",
            "probability (exact)",
            "probability",
            "simulated (wagers)",
            "EV contribution",
        )
        parts.append(f"<h3>{_e(_side_label(side.name, side.paytable))}, {side.decks} decks</h3>")
        parts.append(_table(head, rows, left=2))
        parts.append(
            f"<p>EV {_fraction(side.ev)} = {_pct(float(side.ev))} per unit staked; RTP "
            f"{float(side.rtp) * 100:.4f}%; hit frequency {float(side.hit_frequency):.6f}; "
            f"standard deviation {side.std_dev:.4f} per unit staked.</p>"
        )
        notes = [note[:1].upper() + note[1:] for note in side.notes]
        if side.third_card is ThirdCard.UNLESS_DEALER_BLACKJACK:
            notes.append(_sevens_note(rules))
        cap = next((b for b in rules.side_bets if b.name == side.name), None)
        if cap is not None and cap.aggregate_cap is not None:
            notes.append(_cap_note(side, cap.max_stake, cap.aggregate_cap))
        if notes:
            parts.append(f'<ul class="note">{"".join(f"<li>{_e(n)}</li>" for n in notes)}</ul>')
    return _section("Side bets", "".join(parts))


def _range(low_high: tuple[float, float] | None) -> str:
    if low_high is None:
        return "\u2014"
    low, high = low_high
    return f"{low * 100:.2f}\u2013{high * 100:.2f}%"


def _side_volatility(side: SideBetAnalysis) -> str:
    """A side bet's SD, volatility index and range of the realised RTP after 10^3 … 10^8
    wagers (issue 12: "a volatility index with the 90% / 99% range of the realised RTP"), with
    the exact quantiles where the distribution of the sum is computable and the chance of never
    hitting the top line, which shows why the normal range is poor over a short horizon."""
    sd = side_sd(side)
    v90, v99 = volatility_index(sd)
    top = top_line_pays(side)
    p_top = top_line_chance(side)
    rows = [
        (
            _power_of_ten(r.n),
            _range(r.normal90),
            _range(r.exact90),
            _range(r.normal99),
            _range(r.exact99),
            _prob(r.never_top) if r.never_top > 0 else _tiny(never_top_log10(side, r.n)),
        )
        for r in rtp_ranges(side, HORIZONS)
    ]
    head = (
        "wagers",
        "90%, normal",
        "90%, exact",
        "99%, normal",
        "99%, exact",
        "never hits the top line",
    )
    # p_top is 0 only for a table none of whose lines can win; the note then has no meaning.
    short = min(HORIZONS)
    return (
        f"<h3>{_e(_side_label(side.name, side.paytable))}, {side.decks} decks</h3>"
        f"<p>Standard deviation <b>{sd:.4f}</b> per unit staked (exact from the outcome table "
        "in the section Side bets); "
        f"volatility index {v90:.4f} at 90%, {v99:.4f} at 99%.</p>"
        f"<h3>Range of the realised RTP after n wagers ({_e(side_bet_name(side.name))})</h3>"
        + _table(head, rows)
        + '<p class="note">'
        + _e(
            f"The top line ({top:,} to 1) comes once in {1 / float(p_top or 1):,.0f} wagers, so "
            f"over {short:,} wagers a player never hits it with chance "
            f"{never_top_chance(side, short):.4f} ((1 \u2212 p)^n, exact): the realised RTP "
            "is then skewed, most players below the mean and a few far above it, and the "
            "normal range is poor until the top line has come many times. The exact columns "
            "are the 5%\u201395% and 0.5%\u201399.5% quantiles of the exact distribution of "
            "the sum of n wagers (the pay table convolved n times, each wager on a fresh "
            "shoe); a dash where that distribution is too large to compute here."
        )
        + "</p>"
    )


def _sevens_note(rules: Rules) -> str:
    """Whether basic strategy plays 7-7 as the Lucky 7 figure assumes (a third card always
    taken, by a hit, a double or a split): read from the game's own chart."""
    codes = strategy_chart(base_game_rules(rules)).pairs["7,7"]
    # A stand, or a surrender (Rs, Rh, Rp: the hand is given up), deals no third card.
    stands = [
        up for up, code in zip(UP_LABELS, codes, strict=True) if code == "S" or code[0] == "R"
    ]
    if not stands:
        return (
            "Basic strategy for this game hits, doubles or splits 7-7 against every up card, "
            "so the figure above is the one the strategy of this report plays."
        )
    return (
        f"Basic strategy for this game stands on 7-7 against {', '.join(stands)}: those spots "
        "are paid on two cards, so the return as played is a little below the figure above."
    )


def _cap_note(side: SideBetAnalysis, max_stake: int, cap: int) -> str:
    """What the per-round cap on a side bet's winnings does to its RTP."""
    best = max((line.pays for line in side.outcomes), default=0)
    top = best * max_stake
    if top <= cap:
        return (
            f"A spot played alone never reaches the {format_money(cap)} cap on the round's "
            f"winnings (its top line pays at most {format_money(top)} at the maximum stake), so "
            "the RTP above is exact for it; with several spots only a round whose wins add up to "
            "more than the cap is cut, and only that round's return is lower."
        )
    return (
        f"The {format_money(cap)} cap on the round's winnings is reached by a single spot at "
        f"stakes above {format_money(cap // best)} (the top line pays {best} to 1), and then "
        "lowers the RTP above."
    )


def _verdict(ok: bool) -> str:
    return '<span class="ok">inside</span>' if ok else '<span class="bad">OUTSIDE</span>'


_PATHS = {
    "numba": "the compiled simulation kernel",
    "engine": "the game engine, round by round",
    "checked": "the compiled kernel and the game engine, checked round for round",
}
"""What played a simulation's rounds, by its path."""


def _simulation_section(result: SimulationResult, basic: HouseEdgeResult) -> str:
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
    needed = confirming_rounds(result.main.std_dev)
    target = (
        "met"
        if half <= TARGET_HALF_WIDTH
        else f"not met: it needs {needed:,} rounds at the simulated standard deviation"
    )
    body = (
        f"<p>{result.rounds:,} rounds, seed {result.seed}, played by <b>{_e(player)}</b>"
        f" in {result.seconds:.1f} s ({result.rounds_per_second:,.0f} rounds/s). "
        f"{_e(_simulated_play(result))} "
        f"The exact main-game EV lies {_verdict(result.within_ci)} the 99% confidence interval."
        f" Its half-width is ±{half * 100:.5f}% of the initial bet; the report's target of at "
        f"most ±{TARGET_HALF_WIDTH * 100:.2f}% is {_e(target)}.</p>"
    )
    head = ("figure", "simulated", "99% confidence interval", "exact (basic strategy)", "exact is")
    body += _table(head, rows)
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
    table = basic.distribution
    dist = [
        (
            _net(net),
            # The share is a count over the rounds: this gives the count back exactly.
            f"{round(share * result.rounds):,}",
            _prob(share),
            "" if table is None else _prob(table.probability(net)),
        )
        for net, share in outcome_distribution(result.tally)
    ]
    body += "<h3>Distribution of the main-game result per round (initial bets)</h3>"
    body += _table(("net result", "rounds", "share of rounds", "exact (basic strategy)"), dist)
    if table is not None and not table.exact:
        body += (
            '<p class="note">The exact column is the table of the section "Distribution and '
            f'volatility" for basic strategy: no probability in it is off by more than '
            f"{_prob(table.approximate)}.</p>"
        )
    return _section("Simulation", body)


def _simulated_play(result: SimulationResult) -> str:
    """How the simulated player bets and plays, in words."""
    spots = "one spot" if result.spots == 1 else f"{result.spots} spots"
    strategy = "basic strategy" if result.strategy == "basic" else f"the {result.strategy} play"
    parts = [f"{spots[0].upper()}{spots[1:]}, {strategy}"]
    if result.side_bet is not None:
        parts.append(
            f"the {side_bet_name(result.side_bet.name)} side bet at its minimum stake "
            f"({format_money(result.side_bet.stake)}) on every spot"
        )
    if result.rules.insurance:
        what = "insurance and even money" if result.rules.even_money else "insurance"
        parts.append(f"{what} {_INSURANCE_POLICY[result.insurance_policy]}")
    return ", ".join(parts) + "."


_INSURANCE_POLICY = {
    InsurancePolicy.NEVER: "always declined",
    InsurancePolicy.ALWAYS: "always taken",
    InsurancePolicy.BEST: "taken when the spot's own cards make it worth more than declining",
}


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
    # An event no simulated round produced is left out of the table rather than shown as a
    # row of zeros, and named in a note that says why: the rules rule it out, the simulated
    # player never makes it, or it is possible but rare enough not to have come up.
    rounds = [(HIT_LABELS[k], _prob(v)) for k, v in found.items() if v > 0.0 or k in ROUND_RESULTS]
    absent: dict[str, list[str]] = {}
    for k, v in found.items():
        if v == 0.0 and k not in ROUND_RESULTS:
            absent.setdefault(_why_absent(k, result), []).append(HIT_LABELS[k])
    hands = [(outcome_name(k), _prob(v)) for k, v in result.hand_outcomes().items()]
    body = "<h3>Per round</h3>" + _table(("event", "frequency"), rounds)
    for why, events in absent.items():
        body += f'<p class="note">{_e(_ABSENT[why].format(rounds=f"{result.rounds:,}"))}: '
        body += f"{_e(', '.join(events))}.</p>"
    body += "<h3>Per hand (split hands counted separately)</h3>"
    body += _table(("outcome", "share of hands"), hands)
    return _section("Hit frequencies", body)


_ABSENT = {
    "rules": "Cannot happen under these rules",
    "play": "Never chosen by the simulated player",
    "chance": "Possible, but not seen in the {rounds} simulated rounds",
}


def _why_absent(event: str, result: SimulationResult) -> str:
    """Why no simulated round had ``event``: a key of :data:`_ABSENT`."""
    rules = result.rules
    refunds = rules.peek is not PeekMode.ACE_AND_TEN and not (
        rules.bj_takes_double_vs_ace
        and rules.bj_takes_double_vs_ten
        and rules.bj_takes_split_vs_ace
        and rules.bj_takes_split_vs_ten
    )
    possible = {
        "charlie": rules.charlie_cards is not None and rules.charlie_wins,
        "dealer_blackjack_refund": refunds,
        "surrender": rules.surrender is not Surrender.NONE,
        "insurance": rules.insurance,
        "even_money": rules.even_money,
        "side_bet_win": bool(rules.side_bets),
    }
    if not possible.get(event, True):
        return "rules"
    if event in ("insurance", "even_money") and result.insurance_policy is InsurancePolicy.NEVER:
        return "play"
    return "chance"


def _chart_table(title: str, rows: dict[str, tuple[str, ...]]) -> str:
    """One part of the strategy chart as a table of codes coloured as the picture is."""
    out = [f"<h3>{_e(title)}</h3><table><tr><th class=l>hand</th>"]
    out += [f"<th>{u}</th>" for u in UP_LABELS]
    out.append("</tr>")
    for hand, codes in rows.items():
        out.append(f"<tr><th class=l>{_e(hand)}</th>")
        out += [
            f'<td style="background:{COLOURS.get(c, "#fff")};text-align:center">{c}</td>'
            for c in codes
        ]
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def _strategy_section(variant: Variant, rules: Rules) -> str:
    """The chart as a picture (screen and print) and, on a phone, where the picture shrinks
    past reading, as tables; the three-or-more-card rows are tables everywhere."""
    chart = strategy_chart(
        base_game_rules(rules), title=f"{variant.title}: basic strategy ({rules.decks} decks)"
    )
    png = base64.b64encode(chart_png(chart)).decode("ascii")
    used = {
        c for part in (chart.hard, chart.soft, chart.pairs) for row in part.values() for c in row
    }
    legend = "; ".join(f"{code} = {words}" for code, words in LEGEND.items() if code in used)
    two_cards = (
        _chart_table("Hard totals", {str(t): c for t, c in chart.hard.items()})
        + _chart_table("Soft totals", {f"A,{t - 11}": c for t, c in chart.soft.items()})
        + _chart_table("Pairs", chart.pairs)
        + f'<p class="note">{_e(legend)}.</p>'
    )
    body = (
        f'<img class="chart" alt="basic strategy chart" src="data:image/png;base64,{png}">'
        f'<div class="narrow">{two_cards}</div>'
        + _chart_table(
            "Hard totals, three or more cards", {str(t): c for t, c in chart.hard_multi.items()}
        )
        + _chart_table(
            "Soft totals, three or more cards",
            {f"soft {t}": c for t, c in chart.soft_multi.items()},
        )
    )
    return _section("Basic strategy", body)


def report_html(variant: Variant, result: SimulationResult, *, prune: float = 0.0) -> str:
    """The PAR sheet of ``variant``, with ``result`` as its simulation confirmation (``prune``:
    see :func:`base_game_figures`; the ``report`` command passes :data:`REPORT_PRUNE`)."""
    started = datetime.now(UTC)
    rules = variant.rules
    document = rules_document(variant, rules)
    optimal, basic = base_game_figures(rules, prune)
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
            _distribution_section(optimal, sides, rules),
            _exposure_section(variant, rules, optimal, sides),
            _sides_section(rules, sides, result),
            _simulation_section(result, basic),
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
        f'<p class="sub">{_e(variant.description)} Rules version '
        f"{_e(document['rules_version'])}; twentyone {__version__}.</p>"
        f"{body}</body></html>\n"
    )
