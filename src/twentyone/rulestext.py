"""The rules text of a variant, generated from its :class:`~twentyone.rules.Rules`.

Never written by hand: every line below is derived from a rule switch, so the text a player reads
before betting cannot disagree with the game.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from twentyone.analysis.exact.house_edge import base_game_rtp
from twentyone.analysis.sidebets import analyse_side_bet
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, Surrender
from twentyone.sidebets.paytables import find_paytable
from twentyone.variants import Variant


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
        pays = ", ".join(f"{o} {p} to 1" for o, p in table.as_dict().items())
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
        lines.append(f"Side bet {bet.name} (pay table {table.name}, {limits}{cap}): {pays}.")
    return lines


def rtp_lines(rules: Rules) -> list[str]:
    """The theoretical returns of the main game and of every side bet, and how they are found."""
    lines = [
        f"Return to player, main game: {base_game_rtp(rules):.3%}. Exact combinatorial analysis: "
        "every up card and starting hand enumerated with exact removal of the cards seen, "
        "composition-dependent optimal play, insurance declined."
    ]
    for bet in rules.side_bets:
        analysis = analyse_side_bet(bet.name, decks=rules.decks, paytable=bet.paytable)
        lines.append(
            f"Return to player, {bet.name} side bet: {float(analysis.rtp):.3%} (exact "
            f"enumeration of a fresh {rules.decks}-deck shoe)."
        )
    return lines


def rules_document(variant: Variant, rules: Rules | None = None) -> dict[str, Any]:
    """The rules text and switches of a variant, JSON-ready."""
    rules = rules or variant.rules
    return {
        "variant": variant.name,
        "title": variant.title,
        "description": variant.description,
        "rules_version": rules.version(),
        "rules": rules.to_dict(),
        "text": rules_lines(rules),
        "rtp": rtp_lines(rules),
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
