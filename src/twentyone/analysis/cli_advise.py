"""``twentyone advise VARIANT --cards "Th 6c" --up 9s [--seen ...] [--json]``: the advisor.

The command deals the two cards and the up card through the real engine (so the legal actions
are the engine's), takes the player's view of that round and gives the value of every legal
action, as the table's hint does. ``--seen`` names other cards shown in the round (other hands).
With an ace up and insurance offered, the insurance (or even money) decision comes first; the
hand's decision is then the one after the dealer has looked and found no blackjack.

With ``--json``: ``{"variant", "hand", "up", "seen", "decisions": [{"decision", "bet",
"best", "basic", "values": [{"action", "ev", "stake", "cost", "best", "basic"}]}]}`` (values
per unit of the bet). Errors: exit status 2 and ``error: CODE: message``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Annotated

import typer

from twentyone.analysis.advice_round import situation_of
from twentyone.analysis.advisor import Advice, advise, unseen
from twentyone.cards import Card, Shoe, parse_cards, verify_shoe
from twentyone.display import format_money, hint_line
from twentyone.engine import Phase, Round, SpotBet
from twentyone.errors import InvalidArgumentError
from twentyone.rules import Rules
from twentyone.variants import find_variant

BET = 1000
"""The stake the advice is computed for (values are per unit of it)."""


def register(app: typer.Typer) -> None:
    """Add the ``advise`` sub-command to ``app``."""
    app.command("advise")(advise_command)


def advise_command(
    variant: Annotated[str, typer.Argument(help="Variant name or alias.")],
    cards: Annotated[str, typer.Option("--cards", help='The hand\'s two cards, e.g. "Th 6c".')],
    up: Annotated[str, typer.Option("--up", help="The dealer's up card, e.g. 9s.")],
    seen: Annotated[
        str, typer.Option("--seen", help='Other cards shown in the round, e.g. "5d Kh".')
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object on stdout.")] = False,
) -> None:
    """The exact value of every legal action of a hand, the best marked (the table's hint)."""
    game = find_variant(variant)
    rules = game.rules
    hand = parse_cards(cards)
    if len(hand) != 2:
        raise InvalidArgumentError(f"--cards needs the hand's two cards, got {len(hand)}")
    up_cards = parse_cards(up)
    if len(up_cards) != 1:
        raise InvalidArgumentError(f"--up needs one card, got {len(up_cards)}")
    others = parse_cards(seen) if seen.strip() else ()
    decisions = advice_of(rules, hand, up_cards[0], others)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "variant": game.name,
                    "hand": [str(c) for c in hand],
                    "up": str(up_cards[0]),
                    "seen": [str(c) for c in others],
                    "decisions": [
                        {"decision": kind, **advice.to_dict()} for kind, advice in decisions
                    ],
                }
            )
        )
        return
    typer.echo(f"{game.name}: {' '.join(map(str, hand))} against {up_cards[0]}")
    for kind, advice in decisions:
        typer.echo("")
        typer.echo(f"{kind.capitalize()} (per bet of {format_money(advice.bet)}):")
        for line in hint_lines(advice):
            typer.echo("  " + line)


def hint_lines(advice: Advice) -> list[str]:
    """One line per legal action: its value as a share of the bet, the best marked."""
    return [
        hint_line(
            v.action,
            v.ev,
            advice.bet,
            best=v.action == advice.best,
            basic=v.action == advice.basic,
        )
        for v in advice.values
    ]


def advice_of(
    rules: Rules, hand: tuple[Card, ...], up: Card, seen: tuple[Card, ...]
) -> list[tuple[str, Advice]]:
    """The decisions the deal asks (insurance or even money, then the hand), with advice.

    Raises:
        InvalidCardError: when the shoe cannot hold the cards named (three A♠ in two decks,
            as a scenario's shoe is checked), even though the advice itself counts ranks only.
    """
    verify_shoe((*hand, up, *seen), rules.decks)
    rnd = Round.start(rules, [SpotBet(BET)], Shoe(_deal(rules, hand, up, seen)))
    out: list[tuple[str, Advice]] = []
    while not rnd.is_over:
        situation = situation_of(rules, rnd.view())
        if situation is None:
            break
        situation = replace(situation, seen=(*situation.seen, *seen))
        advice = advise(rules, situation)
        if rnd.phase is Phase.INSURANCE:
            out.append(("insurance" if "insurance" in situation.legal else "even money", advice))
            rnd.act("no-insurance" if "no-insurance" in situation.legal else "no-even-money")
            continue
        out.append(("the hand", advice))
        break
    if not out:
        raise InvalidArgumentError("no decision is asked: the hand is settled at the deal")
    return out


def _deal(rules: Rules, hand: tuple[Card, ...], up: Card, seen: tuple[Card, ...]) -> list[Card]:
    """The cards in the order the engine deals them, with a hole card that is no blackjack
    (chosen from the cards left; the advice never sees it)."""
    if not rules.has_hole_card:
        return [hand[0], up, hand[1]]
    left = unseen(rules, (*hand, up, *seen))
    hole = None
    for index in (4, 5, 3, 6, 2, 7, 1, 8, 9, 0):
        if left[index] and up.points + index + 1 != 11:
            hole = index
            break
    if hole is None:
        raise InvalidArgumentError("no card is left for the dealer's hole card")
    hole_card = Card.parse("A23456789T"[hole] + "s")
    if rules.dealer_first_card_face_down:
        return [hand[0], hole_card, hand[1], up]
    return [hand[0], up, hand[1], hole_card]
