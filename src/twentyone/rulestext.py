"""The rules text of a variant, generated from its :class:`~twentyone.rules.Rules`.

Never written by hand: every line below is derived from a rule switch, so the text a player reads
before betting cannot disagree with the game. Every sentence is a catalogue key (``rules.*``),
written in the reader's language (:func:`twentyone.display.reading`): the Italian text speaks the
Lucky 7 document's own terms (Banco, Carta, Stai, Raddoppia, Dividi, Assicurazione, pagamento
alla pari).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from twentyone.analysis.exact.house_edge import base_game_rtp
from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.display import (
    format_money,
    format_number,
    format_percent,
    has_text,
    paytable_name,
    side_bet_name,
    side_outcome_name,
    text,
    variant_description,
    variant_name,
)
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, Surrender
from twentyone.sidebets.paytables import find_paytable
from twentyone.variants import Variant

PUBLISHED_RTP: dict[str, dict[str, float]] = {
    "lucky-lucky": {"base": 0.9958, "lucky-lucky": 0.9605},
}
"""The returns a variant's source document publishes (``base``: the main game; a side bet by
name). Lucky Lucky (seed 000): "The theoretical percentage return to player (RTP) is 99.58%" and
"for the Lucky Lucky side bet is 96.05%". The rules page sets them beside the computed figures."""


def _t(key: str, **values: object) -> str:
    return text(f"rules.{key}", lang=None, **values)


def _ratio(value: Fraction) -> str:
    return _t("ratio", num=format_number(value.numerator), den=format_number(value.denominator))


def _button(key: str) -> str:
    """A button's name as the rules page prints it: the table's own label, in capitals."""
    return text(key).upper()


def objective(rules: Rules) -> list[str]:
    """What the game is for, and what each side bet is about."""
    lines = [_t("objective")]
    lines += [_t(f"objective-side.{bet.name}") for bet in rules.side_bets]
    return lines


def card_values(rules: Rules) -> list[str]:
    """What each card counts, soft and hard totals, and what a blackjack is."""
    lines = [_t("cards-aces"), _t("cards-faces"), _t("cards-blackjack")]
    if rules.max_split_hands > 1:
        lines.append(_t("cards-split-21"))
    return lines


def _peek_lines(rules: Rules) -> list[str]:
    if rules.peek is PeekMode.ACE_AND_TEN:
        return [_t("peek")]
    lines = [_t("no-peek" if rules.peek is PeekMode.NONE else "no-hole-card")]
    for up, double, split in (
        ("up-ace", rules.bj_takes_double_vs_ace, rules.bj_takes_split_vs_ace),
        ("up-ten", rules.bj_takes_double_vs_ten, rules.bj_takes_split_vs_ten),
    ):
        lines.append(
            _t(
                "bj-takes",
                up=_t(up),
                double=_t("takes-double-all" if double else "takes-double-original"),
                split=_t("takes-split-all" if split else "takes-split-first"),
            )
        )
    return lines


def _split_lines(rules: Rules) -> list[str]:
    if rules.max_split_hands <= 1:
        return [_t("no-split")]
    pair = _t("pair-value" if rules.split_by is SplitBy.VALUE else "pair-rank")
    times = (
        _t("split-once")
        if rules.max_split_hands == 2
        else _t("split-up-to", hands=rules.max_split_hands)
    )
    return [
        _t("split", pair=pair, times=times),
        _t(
            "split-aces",
            aces=_t("aces-play" if rules.hit_split_aces else "aces-one-card"),
            resplit=_t("aces-resplit") if rules.resplit_aces else "",
        ),
    ]


def _side_bet_line(rules: Rules, index: int) -> str:
    bet = rules.side_bets[index]
    table = find_paytable(bet.name, bet.paytable)
    pays = ", ".join(
        _t("pays-item", outcome=side_outcome_name(bet.name, o), pays=format_number(p))
        for o, p in table.as_dict().items()
    )
    limits = (
        _t("stake-exactly", amount=format_money(bet.min_stake))
        if bet.min_stake == bet.max_stake
        else _t("stake-range", min=format_money(bet.min_stake), max=format_money(bet.max_stake))
    )
    cap = _t("cap", amount=format_money(bet.aggregate_cap)) if bet.aggregate_cap else ""
    return _t(
        "side-bet",
        side_bet=side_bet_name(bet.name),
        paytable=paytable_name(bet.name, table.name),
        limits=limits,
        cap=cap,
        pays=pays,
    )


def rules_lines(rules: Rules) -> list[str]:
    """One sentence per rule switch, in the order a player needs them."""
    lines = [
        _t("decks", decks=rules.decks) if rules.decks > 1 else _t("one-deck"),
        _t("spots", spots=rules.max_spots) if rules.max_spots > 1 else _t("one-hand"),
    ]
    if rules.peek is PeekMode.ENHC:
        lines.append(_t("enhc"))
    else:
        down = rules.dealer_first_card_face_down
        lines.append(_t("dealer-cards-down-first" if down else "dealer-cards-up-first"))
    lines.append(
        _t("dealer-hits-soft-17" if rules.dealer_hits_soft_17 else "dealer-stands-soft-17")
    )
    lines.append(_t("dealer-result"))
    lines += _peek_lines(rules)
    lines.append(_t("blackjack-pays", ratio=_ratio(rules.blackjack_pays)))
    lines.append(_t("hit-stand", hit=_button("action.hit"), stand=_button("action.stand")))
    double_on = {
        DoubleOn.ANY: "double-any",
        DoubleOn.NINE_TO_ELEVEN: "double-9-11",
        DoubleOn.TEN_TO_ELEVEN: "double-10-11",
    }[rules.double_on]
    lines.append(
        _t(
            "double",
            on=_t(double_on),
            hard=_t("double-hard-only") if rules.double_hard_only else "",
        )
    )
    lines.append(_t("das-yes" if rules.double_after_split else "das-no"))
    lines += _split_lines(rules)
    if rules.insurance:
        lines.append(_t("insurance", pays=_ratio(rules.insurance_pays)))
    if rules.even_money:
        lines.append(_t("even-money", ratio=_ratio(rules.blackjack_pays)))
    if rules.surrender is Surrender.LATE:
        lines.append(_t("surrender"))
    if rules.charlie_cards is not None:
        key = "charlie" if rules.charlie_wins else "card-limit"
        lines.append(_t(key, cards=rules.charlie_cards))
    lines.append(_t("stands-21"))
    lines.append(_t("rounding", ratio=_ratio(rules.blackjack_pays)))
    lines += [_side_bet_line(rules, i) for i in range(len(rules.side_bets))]
    return lines


def side_bet_rules(rules: Rules) -> dict[str, list[str]]:
    """How each side bet is played, by name (the sentences its document gives)."""
    out: dict[str, list[str]] = {}
    for bet in rules.side_bets:
        lines = []
        number = 1
        while has_text(f"rules.side-rules.{bet.name}.{number}"):
            lines.append(_t(f"side-rules.{bet.name}.{number}"))
            number += 1
        out[str(bet.name)] = lines
    return out


def rtp_lines(rules: Rules, figures: dict[str, Any] | None = None) -> list[str]:
    """The theoretical returns of the main game and of every side bet, and how they are found
    (``figures``: the provider's figures, else computed here)."""
    if figures is None:
        base = base_game_rtp(rules)
        sides = [
            float(analyse_side_bet(b.name, decks=rules.decks, paytable=b.paytable).rtp)
            for b in rules.side_bets
        ]
    else:
        base = float(figures["base_game_rtp"])
        by_name = {str(s["name"]): float(s["rtp"]) for s in figures.get("side_bets", [])}
        sides = [by_name[str(b.name)] for b in rules.side_bets]
    lines = [_t("rtp-main", rtp=format_percent(base, 3))]
    for bet, rtp in zip(rules.side_bets, sides, strict=True):
        lines.append(
            _t(
                "rtp-side",
                side_bet=side_bet_name(bet.name),
                rtp=format_percent(rtp, 3),
                decks=rules.decks,
            )
        )
    return lines


def how_to_play(rules: Rules) -> list[str]:
    """The steps of a round, as the player takes them."""
    steps = [_t("how-spots", spots=rules.max_spots) if rules.max_spots > 1 else _t("how-one-spot")]
    if rules.side_bets:
        names = " / ".join(side_bet_name(b.name) for b in rules.side_bets)
        steps.append(_t("how-side", side_bets=names))
    steps.append(_t("how-deal", deal=_button("button.deal")))
    if rules.insurance:
        steps.append(_t("how-insurance"))
    steps.append(
        _t(
            "how-play",
            hit=_button("action.hit"),
            stand=_button("action.stand"),
            double=_button("action.double"),
            split=_button("action.split"),
        )
    )
    steps.append(_t("how-end"))
    return steps


def buttons(rules: Rules) -> list[dict[str, str]]:
    """Every button of the table and what it does (named as the table names them)."""
    out = [
        ("button.deal", "deal"),
        ("button.clear", "clear"),
        ("button.undo", "undo"),
        ("action.double", "double"),
        ("action.hit", "hit"),
        ("action.stand", "stand"),
    ]
    if rules.max_split_hands > 1:
        out.append(("action.split", "split"))
    if rules.surrender is Surrender.LATE:
        out.append(("action.surrender", "surrender"))
    if rules.insurance:
        out.append(("button.accept", "accept"))
        out.append(("button.decline", "decline"))
        if rules.max_spots > 1:
            out.append(("button.apply-all", "apply-all"))
    if rules.even_money:
        out.append(("button.even-money", "even-money"))
    out += [
        ("button.rebet", "rebet"),
        ("button.rebet-deal", "rebet-deal"),
        ("button.double-deal", "double-deal"),
    ]
    return [{"button": _button(name), "does": _t(f"button.{does}")} for name, does in out]


def notes(void_after_days: int = 90) -> list[str]:
    """What the documents say about malfunctions, unresolved bets, disconnection and history,
    as this game does it."""
    return [
        _t("note-malfunction"),
        _t("note-void", days=void_after_days),
        _t("note-disconnect"),
        _t("note-history"),
    ]


def rtp_figures(variant: Variant, figures: dict[str, Any]) -> dict[str, Any]:
    """The computed returns beside what the variant's document publishes, with a plain note
    wherever the two differ (at the two decimals documents print)."""
    published = PUBLISHED_RTP.get(variant.name, {})
    rows: list[tuple[str, str, float, str | None]] = [
        ("base", _t("what-main"), float(figures["base_game_rtp"]), None)
    ]
    for side in figures.get("side_bets", []):
        what = _t("what-side", side_bet=side_bet_name(side["name"]))
        rows.append((str(side["name"]), what, float(side["rtp"]), str(side.get("ev") or "")))
    out = []
    for key, what, computed, exact_ev in rows:
        claim = published.get(key)
        note = None
        if claim is not None:
            if format_percent(claim) != format_percent(computed):
                note = _t(
                    "rtp-differs",
                    published=format_percent(claim),
                    what=what,
                    computed=format_percent(computed),
                )
            else:
                note = _t("rtp-agrees", published=format_percent(claim))
        out.append(
            {
                "bet": key,
                "rtp": computed,
                "published": claim,
                "note": note,
                "exact_ev": exact_ev or None,
            }
        )
    return {"figures": out}


def rules_document(
    variant: Variant,
    rules: Rules | None = None,
    *,
    figures: dict[str, Any] | None = None,
    void_after_days: int = 90,
) -> dict[str, Any]:
    """The rules text and switches of a variant, JSON-ready, in the reader's language.

    ``figures`` are the exact returns already computed (the server's cached provider); without
    them they are computed here.
    """
    rules = rules or variant.rules
    side_rules = side_bet_rules(rules)
    document: dict[str, Any] = {
        "variant": variant.name,
        "title": variant_name(variant.name),
        "description": variant_description(variant.name),
        "rules_version": rules.version(),
        "rules": rules.to_dict(),
        "objective": objective(rules),
        "how_to_play": how_to_play(rules),
        "buttons": buttons(rules),
        "text": rules_lines(rules),
        "card_values": card_values(rules),
        "rtp": rtp_lines(rules, figures),
        "notes": notes(void_after_days),
        "side_bets": [
            {
                "name": str(bet.name),
                "paytable": bet.paytable,
                "pays": find_paytable(bet.name, bet.paytable).as_dict(),
                "min_stake": bet.min_stake,
                "max_stake": bet.max_stake,
                "aggregate_cap": bet.aggregate_cap,
                "rules": side_rules[str(bet.name)],
            }
            for bet in rules.side_bets
        ],
    }
    if figures is not None:
        document["returns"] = rtp_figures(variant, figures)["figures"]
    return document
