"""The rules text of a variant, generated from its :class:`~twentyone.rules.Rules`.

Never written by hand: every line below is derived from a rule switch, so the text a player reads
before betting cannot disagree with the game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from twentyone.analysis.exact.house_edge import base_game_rtp
from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.display import format_percent, paytable_name, side_bet_name, side_outcome_name
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, Surrender
from twentyone.sidebets.paytables import find_paytable
from twentyone.variants import Variant

PUBLISHED_RTP: dict[str, dict[str, float]] = {
    "lucky-lucky": {"base": 0.9958, "lucky-lucky": 0.9605},
}
"""The returns a variant's source document publishes (``base``: the main game; a side bet by
name). Lucky Lucky (seed 000): "The theoretical percentage return to player (RTP) is 99.58%" and
"for the Lucky Lucky side bet is 96.05%". The rules page sets them beside the computed figures."""


def _ratio(value: Fraction) -> str:
    return f"{value.numerator} to {value.denominator}"


def _money(minor: int) -> str:
    return f"{minor / 100:,.2f}"


def rules_lines(rules: Rules) -> list[str]:
    """One sentence per rule switch, in the order a player needs them."""
    up_down = "face down" if rules.dealer_first_card_face_down else "face up"
    lines = [
        f"{rules.decks} deck{'s' if rules.decks > 1 else ''} of 52 cards, shuffled before every "
        "round.",
        (
            f"You may play 1 to {rules.max_spots} spots; they are played from your rightmost spot."
            if rules.max_spots > 1
            else "You play one hand at a time."
        ),
    ]
    if rules.peek is PeekMode.ENHC:
        lines.append(
            "The dealer gets one card at the deal (no hole card) and draws the second after "
            "all hands are played."
        )
    else:
        lines.append(
            f"The dealer gets two cards; the first is dealt {up_down}, the second "
            f"{'face up' if rules.dealer_first_card_face_down else 'face down'}."
        )
    lines.append(
        "The dealer "
        + ("hits" if rules.dealer_hits_soft_17 else "stands on")
        + " soft 17, draws to 16 and stands on 17 or more."
    )
    if rules.peek is PeekMode.ACE_AND_TEN:
        lines.append(
            "With an ace or a ten-value card up, the dealer checks for blackjack before you play;"
            " a dealer blackjack ends the round at once."
        )
    else:
        what = "never checks for blackjack" if rules.peek is PeekMode.NONE else "has no hole card"
        lines.append(f"The dealer {what}: a dealer blackjack shows after you have played.")
        for up, double, split in (
            ("an ace", rules.bj_takes_double_vs_ace, rules.bj_takes_split_vs_ace),
            ("a ten-value card", rules.bj_takes_double_vs_ten, rules.bj_takes_split_vs_ten),
        ):
            d = (
                "the whole doubled stake"
                if double
                else "only the original bet (the double is returned)"
            )
            s = "every split hand's stake" if split else "only the first hand's stake"
            lines.append(
                f"Dealer blackjack with {up} up takes {d} from a doubled hand "
                f"and {s} after a split."
            )
    lines.append(
        f"Blackjack pays {_ratio(rules.blackjack_pays)}; other wins pay 1 to 1; ties push."
    )
    double_text = {
        DoubleOn.ANY: "on any first two cards",
        DoubleOn.NINE_TO_ELEVEN: "on a first two cards totalling 9, 10 or 11",
        DoubleOn.TEN_TO_ELEVEN: "on a first two cards totalling 10 or 11",
    }[rules.double_on]
    lines.append(
        f"Double {double_text}{' (hard totals only)' if rules.double_hard_only else ''}; "
        "one more card is dealt and the hand stands."
    )
    lines.append(f"Double after split: {'yes' if rules.double_after_split else 'no'}.")
    if rules.max_split_hands > 1:
        pair = (
            "the same value (a 10 and a jack too)"
            if rules.split_by is SplitBy.VALUE
            else "the same rank (a king and a ten are not a pair)"
        )
        times = "once" if rules.max_split_hands == 2 else f"up to {rules.max_split_hands} hands"
        lines.append(f"Split two cards of {pair}, {times}.")
        aces = "one card each" if not rules.hit_split_aces else "played as any hand"
        resplit = "; aces may be split again" if rules.resplit_aces else ""
        lines.append(
            f"Split aces receive {aces}{resplit}. "
            "An ace and a ten after a split is 21, not blackjack."
        )
    else:
        lines.append("No splitting.")
    if rules.insurance:
        pays = _ratio(rules.insurance_pays)
        lines.append(
            f"Insurance (half the main bet, pays {pays}) is offered for each spot when the dealer "
            "shows an ace; it covers the original bet only. On an odd bet you stake the half "
            "rounded down and a win pays on the exact half, rounded up. A bet of one cent has "
            "no half to stake: that spot is asked too, and can only decline."
        )
    if rules.even_money:
        lines.append("With a blackjack against an ace you may take even money: 1 to 1 at once.")
    if rules.surrender is Surrender.LATE:
        lines.append("Late surrender: give up a two-card hand for half its stake after the peek.")
    if rules.charlie_cards is not None:
        if rules.charlie_wins:
            lines.append(
                f"{rules.charlie_cards}-card Charlie: {rules.charlie_cards} cards without busting "
                "wins at once, except against a dealer blackjack (split hands too)."
            )
        else:
            lines.append(
                f"A hand of {rules.charlie_cards} cards without busting stands automatically."
            )
    lines.append("A hand that reaches 21 stands automatically.")
    lines.append(
        "Payouts that are not whole cents (3 to 2 on an odd stake) are rounded up, in your favour."
    )
    for bet in rules.side_bets:
        table = find_paytable(bet.name, bet.paytable)
        pays = ", ".join(
            f"{side_outcome_name(bet.name, o)} {p:,} to 1" for o, p in table.as_dict().items()
        )
        limits = (
            f"stake exactly {_money(bet.min_stake)}"
            if bet.min_stake == bet.max_stake
            else f"stake {_money(bet.min_stake)} to {_money(bet.max_stake)}"
        )
        cap = (
            f"; winnings capped at {_money(bet.aggregate_cap)} per round, shared pro rata"
            if bet.aggregate_cap
            else ""
        )
        lines.append(
            f"Side bet {side_bet_name(bet.name)} ({paytable_name(bet.name, table.name)}, "
            f"{limits}{cap}): {pays}."
        )
    return lines


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
    lines = [
        f"Return to player, main game: {format_percent(base, 3)}. "
        "Exact combinatorial analysis: "
        "every up card and starting hand enumerated with exact removal of the cards seen, "
        "composition-dependent optimal play, insurance declined."
    ]
    for bet, rtp in zip(rules.side_bets, sides, strict=True):
        lines.append(
            f"Return to player, {side_bet_name(bet.name)} side bet: "
            f"{format_percent(rtp, 3)} (exact "
            f"enumeration of a fresh {rules.decks}-deck shoe)."
        )
    return lines


def how_to_play(rules: Rules) -> list[str]:
    """The steps of a round, as the player takes them."""
    spots = (
        f"Choose a chip, then click up to {rules.max_spots} betting spots to bet on them; every "
        "click adds the chip. Each spot may carry a different bet."
        if rules.max_spots > 1
        else "Choose a chip, then click the betting spot; every click adds the chip."
    )
    steps = [spots]
    if rules.side_bets:
        names = " or ".join(side_bet_name(b.name) for b in rules.side_bets)
        steps.append(f"A {names} side bet goes on the smaller circle of a spot with a main bet.")
    steps.append(
        "Click DEAL: each hand and the dealer get two cards, dealt one at a time, starting "
        "from your rightmost spot."
    )
    if rules.insurance:
        steps.append("When the dealer shows an ace you are offered insurance for each hand.")
    steps.append(
        "Play each hand in turn, rightmost first: HIT, STAND, DOUBLE or SPLIT where offered."
    )
    steps.append(
        "The dealer then plays and every hand is compared with the dealer's; the results panel "
        "lists each bet, what it returned and the round's net."
    )
    return steps


def buttons(rules: Rules) -> list[dict[str, str]]:
    """Every button of the table and what it does (the documents' button names)."""
    out = [
        ("DEAL", "Deal the cards."),
        ("CLEAR BETS", "Take every bet off the table."),
        ("UNDO", "Take back your last bet."),
        (
            "DOUBLE",
            "Before the deal: double every bet on the table. After it: double the "
            "bet of the hand being played and take one last card.",
        ),
        ("HIT", "Take one more card."),
        ("STAND", "Take no more cards; the next hand is played."),
    ]
    if rules.max_split_hands > 1:
        out.append(("SPLIT", "Split a pair into two hands, the new hand staked like the first."))
    if rules.surrender is Surrender.LATE:
        out.append(("SURRENDER", "Give up the hand and take back half its stake."))
    if rules.insurance:
        out.append(("ACCEPT", "Insure the current hand against a dealer blackjack."))
        out.append(("DECLINE", "Play the current hand without insurance."))
        if rules.max_spots > 1:
            out.append(("APPLY TO ALL", "Give the same insurance answer for every hand."))
    if rules.even_money:
        out.append(("EVEN MONEY", "With a blackjack against an ace: be paid 1 to 1 at once."))
    out += [
        ("REBET", "Place the same bets as in the previous round."),
        ("REBET & DEAL", "Place the previous round's bets and deal at once."),
        ("DOUBLE & DEAL", "Place twice the previous round's bets and deal at once."),
    ]
    return [{"button": name, "does": does} for name, does in out]


def notes(void_after_days: int = 90) -> list[str]:
    """What the documents say about malfunctions, unresolved bets, disconnection and history,
    as this game does it."""
    return [
        "A malfunction voids all pays and plays: every bet of the round is returned and any "
        "payout taken back, each as an entry on your statement.",
        f"A round left unfinished becomes void after {void_after_days} days; its bets are "
        "returned.",
        "If you are disconnected in the middle of a round, open the game again and log in: the "
        "round continues from where it stopped, and what it has already paid stays paid.",
        "History lists every round you have played with its cards, decisions and results, and "
        "replays it step by step; the statement lists every change to your balance.",
    ]


def rtp_figures(variant: Variant, figures: dict[str, Any]) -> dict[str, Any]:
    """The computed returns beside what the variant's document publishes, with a plain note
    wherever the two differ (at the two decimals documents print)."""
    published = PUBLISHED_RTP.get(variant.name, {})
    rows: list[tuple[str, str, float, str | None]] = [
        ("base", "the main game", float(figures["base_game_rtp"]), None)
    ]
    for side in figures.get("side_bets", []):
        what = f"the {side_bet_name(side['name'])} side bet"
        rows.append((str(side["name"]), what, float(side["rtp"]), str(side.get("ev") or "")))
    out = []
    for key, what, computed, exact_ev in rows:
        claim = published.get(key)
        note = None
        if claim is not None:
            if format_percent(claim) != format_percent(computed):
                note = (
                    f"The game's document publishes a return to player of "
                    f"{format_percent(claim)} for {what}; the exact analysis of these rules "
                    f"gives {format_percent(computed)}. This page shows the exact figure."
                )
            else:
                note = (
                    f"This agrees with the {format_percent(claim)} the game's document publishes."
                )
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
    """The rules text and switches of a variant, JSON-ready.

    ``figures`` are the exact returns already computed (the server's cached provider); without
    them they are computed here.
    """
    rules = rules or variant.rules
    document: dict[str, Any] = {
        "variant": variant.name,
        "title": variant.title,
        "description": variant.description,
        "rules_version": rules.version(),
        "rules": rules.to_dict(),
        "how_to_play": how_to_play(rules),
        "buttons": buttons(rules),
        "text": rules_lines(rules),
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
            }
            for bet in rules.side_bets
        ],
    }
    if figures is not None:
        document["returns"] = rtp_figures(variant, figures)["figures"]
    return document
