"""Strategy charts as text, HTML and a colour PNG picture."""

from __future__ import annotations

import html
import io

from twentyone.analysis.exact.strategy import LEGEND, UP_LABELS, StrategyChart

COLOURS: dict[str, str] = {
    "H": "#f4f4f4",
    "S": "#f6d55c",
    "Dh": "#3caea3",
    "Ds": "#7fd3c9",
    "P": "#ed553b",
    "Rh": "#9b8ec4",
    "Rs": "#c3b8e6",
    "Rp": "#b07cc6",
}
"""Cell colour per code: hit grey, stand yellow, double green, split red, surrender violet."""


def _sections(chart: StrategyChart) -> list[tuple[str, list[tuple[str, tuple[str, ...]]]]]:
    return [
        ("Hard totals", [(str(k), v) for k, v in chart.hard.items()]),
        ("Soft totals", [(f"A,{k - 11}", v) for k, v in chart.soft.items()]),
        ("Pairs", list(chart.pairs.items())),
        ("Hard, 3+ cards", [(str(k), v) for k, v in chart.hard_multi.items()]),
        ("Soft, 3+ cards", [(str(k), v) for k, v in chart.soft_multi.items()]),
    ]


def _legend(sections: list[tuple[str, list[tuple[str, tuple[str, ...]]]]]) -> dict[str, str]:
    """The legend's lines for the codes the chart shows (no surrender lines for a game
    without surrender), in the legend's order."""
    used = {code for _, rows in sections for _, codes in rows for code in codes}
    return {code: meaning for code, meaning in LEGEND.items() if code in used}


def chart_text(chart: StrategyChart) -> str:
    """A fixed-width table per section, with the legend."""
    lines = [chart.title] if chart.title else []
    sections = _sections(chart)
    for name, rows in sections:
        lines.append("")
        lines.append(f"{name:<14}" + "".join(f"{u:>4}" for u in UP_LABELS))
        for label, codes in rows:
            lines.append(f"{label:<14}" + "".join(f"{c:>4}" for c in codes))
    lines.append("")
    lines.extend(f"{code:>3} = {meaning}" for code, meaning in _legend(sections).items())
    return "\n".join(lines) + "\n"


def chart_html(chart: StrategyChart) -> str:
    """A self-contained HTML page with coloured tables."""
    parts = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8">',
        f"<title>{html.escape(chart.title or 'Strategy chart')}</title>",
        "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin:1em 0}"
        "td,th{border:1px solid #999;padding:2px 8px;text-align:center}</style>",
        "</head><body>",
        f"<h1>{html.escape(chart.title)}</h1>",
    ]
    sections = _sections(chart)
    for name, rows in sections:
        parts.append(f"<h2>{html.escape(name)}</h2><table><tr><th>hand</th>")
        parts.extend(f"<th>{u}</th>" for u in UP_LABELS)
        parts.append("</tr>")
        for label, codes in rows:
            parts.append(f"<tr><th>{html.escape(label)}</th>")
            parts.extend(f'<td style="background:{COLOURS.get(c, "#fff")}">{c}</td>' for c in codes)
            parts.append("</tr>")
        parts.append("</table>")
    parts.append("<ul>")
    parts.extend(
        f'<li><span style="background:{COLOURS[c]}">&nbsp;{c}&nbsp;</span> {html.escape(m)}</li>'
        for c, m in _legend(sections).items()
    )
    parts.append("</ul></body></html>")
    return "\n".join(parts) + "\n"


def chart_png(chart: StrategyChart) -> bytes:
    """A readable colour picture of every section the text and HTML charts have (hard, soft,
    pairs, and the hands of three or more cards), with matplotlib and no display."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    sections = [(name, rows) for name, rows in _sections(chart) if rows]
    heights = [len(rows) + 1 for _, rows in sections]
    # Margins in inches, not shares of the page (no blank band on a tall chart): the title's
    # line above, the legend's two lines below, a section title's line between two charts.
    above, below, gap = 0.8, 0.45, 0.45
    charts = 0.32 * sum(heights)
    height = charts + above + below + gap * (len(sections) - 1)
    fig, axes = plt.subplots(len(sections), 1, figsize=(7.5, height), height_ratios=heights)
    fig.subplots_adjust(
        top=1 - above / height,
        bottom=below / height,
        left=0.03,
        right=0.97,
        hspace=gap / (charts / len(sections)),
    )
    for ax, (name, rows) in zip(axes, sections, strict=True):
        ax.set_xlim(0, len(UP_LABELS) + 1)
        ax.set_ylim(0, len(rows) + 1)
        ax.axis("off")
        ax.set_title(name, loc="left", fontsize=11, fontweight="bold")
        top = len(rows)
        ax.text(0.5, top + 0.5, "hand", ha="center", va="center", fontsize=9)
        for j, up in enumerate(UP_LABELS):
            ax.text(j + 1.5, top + 0.5, up, ha="center", va="center", fontweight="bold")
        for i, (label, codes) in enumerate(rows):
            y = top - 1 - i
            ax.text(0.5, y + 0.5, label, ha="center", va="center", fontsize=9)
            for j, code in enumerate(codes):
                ax.add_patch(
                    Rectangle(
                        (j + 1, y), 1, 1, facecolor=COLOURS.get(code, "#fff"), edgecolor="#666"
                    )
                )
                ax.text(j + 1.5, y + 0.5, code, ha="center", va="center", fontsize=9)
    items = [f"{c} = {m}" for c, m in _legend(sections).items()]
    legend = "   ".join(items[:4]) + "\n" + "   ".join(items[4:])
    fig.suptitle(chart.title, fontsize=12)
    fig.text(0.5, 0.01, legend, ha="center", fontsize=7)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=120)
    plt.close(fig)
    return buffer.getvalue()
