"""The terminal game: ``twentyone play VARIANT``.

A Rich rendering of the table service: chips, spots, the buttons of the Lucky Lucky document
(DEAL, CLEAR BETS, UNDO, DOUBLE, REBET, REBET & DEAL, DOUBLE & DEAL; HIT, STAND, DOUBLE, SPLIT;
insurance ACCEPT / DECLINE / APPLY TO ALL; even money where offered) and the settlement. It runs
on the store, so a player who quits mid-round continues where they left off. Every word is a
catalogue key (``term.*`` and the table's own), in the reader's language
(``twentyone play VARIANT --lang it``); the typed keys stay the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation

from babel import Locale
from babel.numbers import NumberFormatError, parse_decimal
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from twentyone.cards import Card
from twentyone.display import (
    LOCALES,
    action_name,
    error_sentence,
    format_money,
    format_percent,
    format_time,
    hand_label,
    hint_line,
    language,
    move_name,
    outcome_name,
    phase_name,
    round_status_name,
    side_bet_name,
    side_outcome_name,
    text,
    variant_description,
    variant_name,
    wager_label,
)
from twentyone.engine import Action
from twentyone.errors import TwentyoneError
from twentyone.rules import Rules
from twentyone.rulestext import rules_lines
from twentyone.store.cli import open_service
from twentyone.store.service import TableService
from twentyone.store.views import RoundState, TableState
from twentyone.variants import Variant, find_variant

Ask = Callable[[str], str]

_SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_KEYS: dict[str, Action] = {
    "h": Action.HIT,
    "s": Action.STAND,
    "d": Action.DOUBLE,
    "p": Action.SPLIT,
    "r": Action.SURRENDER,
    "i": Action.INSURANCE,
    "n": Action.NO_INSURANCE,
    "e": Action.EVEN_MONEY,
    "x": Action.NO_EVEN_MONEY,
}
_LABELS = {
    Action.HIT: "term.key-hit",
    Action.STAND: "term.key-stand",
    Action.DOUBLE: "term.key-double",
    Action.SPLIT: "term.key-split",
    Action.SURRENDER: "term.key-surrender",
    Action.INSURANCE: "term.key-insurance",
    Action.NO_INSURANCE: "term.key-no-insurance",
    Action.EVEN_MONEY: "term.key-even-money",
    Action.NO_EVEN_MONEY: "term.key-no-even-money",
}
"""Each decision's key and label (catalogue keys: the label is in the reader's language)."""


def money(minor: int) -> str:
    """Minor units in the reader's format: ``1,234.50`` (Italian ``1.234,50``).

    >>> money(123450), money(-5)
    ('1,234.50', '-0.05')
    """
    return format_money(minor)


def typed_amount(typed: str) -> int | None:
    """The minor units of an amount the player typed, or ``None`` if it is not one.

    The reader's own notation comes first (``2,50`` or ``1.000`` in Italian, ``1,000`` in
    English), then a plain decimal point, which every keyboard has (``2.50`` in Italian too);
    a fraction of a cent, an infinity or a word is no amount.

    >>> typed_amount("2.50"), typed_amount("1,000"), typed_amount("2,5"), typed_amount("abc")
    (250, 100000, None, None)
    """
    locale = Locale.parse(LOCALES[language()], sep="-")
    for parse in (lambda t: parse_decimal(t, locale=locale, strict=True), Decimal):
        try:
            value = parse(typed) * 100
        except (NumberFormatError, InvalidOperation, ValueError):
            continue
        if value.is_finite() and value == value.to_integral_value():
            return int(value)
    return None


def card_text(card: Card | None) -> Text:
    """A card with its suit symbol, red for hearts and diamonds; a hidden card as ``??``."""
    if card is None:
        return Text("??", style="reverse")
    rank = "10" if card.rank.value == "T" else card.rank.value
    red = card.suit.value in "hd"
    return Text(f"{rank}{_SUITS[card.suit.value]}", style="bold red" if red else "bold")


def _cards(cards: tuple[Card | None, ...]) -> Text:
    out = Text()
    for index, card in enumerate(cards):
        if index:
            out.append(" ")
        out.append_text(card_text(card))
    return out


class TerminalGame:
    """One player at one variant's table, driven by typed commands."""

    def __init__(
        self, service: TableService, player_id: str, variant: Variant, console: Console, ask: Ask
    ) -> None:
        self.service = service
        self.player_id = player_id
        self.variant = variant
        self.console = console
        self.ask = ask
        self.chip = 0

    # -- rendering -----------------------------------------------------------------------------

    def _header(self, state: TableState) -> None:
        wallet = state.wallet
        held = f" · {text('page.in-play', amount=money(wallet.held))}" if wallet.held else ""
        title = variant_name(self.variant.name)
        balance = text("term.balance", amount=f"[bold green]{money(wallet.balance)}[/]")
        limits = text(
            "term.limits", min=money(state.limits.min_bet), max=money(state.limits.max_bet)
        )
        self.console.print(f"[bold]{title}[/] · {balance}{held} · {limits}")

    def _layout(self, state: TableState) -> None:
        table = Table(title=text("term.bets-title"), show_lines=False)
        table.add_column(text("term.spot-column"))
        table.add_column(text("term.main-bet"), justify="right")
        for bet in state.side_bets:
            table.add_column(side_bet_name(bet.name), justify="right")
        for index, spot in enumerate(state.layout.spots):
            row = [hand_label(index + 1), money(spot.bet) if spot.bet else "-"]
            for bet in state.side_bets:
                stake = spot.side(str(bet.name))
                row.append(money(stake) if stake else "-")
            table.add_row(*row)
        self.console.print(table)
        chips = " ".join(
            f"[reverse]{money(c)}[/]" if c == self.chip else money(c) for c in state.chips
        )
        on_table = text("term.on-table", amount=money(state.layout.total))
        self.console.print(f"{text('term.chips', chips=chips)}   {on_table}")

    def _round(self, state: RoundState) -> None:
        view = state.view
        dealer = _cards(view.dealer_cards)
        total = "" if view.dealer_total is None else f" = {view.dealer_total}"
        if view.dealer_blackjack:
            total += " " + text("outcome.blackjack").upper()
        body = Text(text("replay.dealer") + ": ")
        body.append_text(dealer)
        body.append(total)
        hands_on_spot: dict[int, int] = {}
        for hand in view.hands:
            hands_on_spot[hand.spot] = hands_on_spot.get(hand.spot, 0) + 1
        for hand in view.hands:
            marker = "▶ " if view.current == (hand.spot, hand.hand) else "  "
            name = hand_label(
                state.positions[hand.spot] + 1, hand.hand + 1, hands_on_spot[hand.spot]
            )
            body.append(f"\n{marker}{name}: ")
            body.append_text(_cards(hand.cards))
            status = (
                text("table.spoken-blackjack")
                if hand.blackjack
                else text("replay.soft", total=hand.total)
                if hand.soft
                else str(hand.total)
            )
            body.append(f" = {status} · {text('term.stake', amount=money(hand.stake))}")
            if hand.outcome is not None:
                result = f" · {outcome_name(str(hand.outcome))} ({money(hand.returned or 0)})"
                body.append(result, style="bold")
        for spot, name, outcome in view.side_bets:
            label = wager_label("side", state.positions[spot] + 1, name=str(name))
            result = (
                text("term.side-pending")
                if outcome is None
                else side_outcome_name(str(name), outcome)
            )
            body.append(f"\n  {label}: {result}")
        for spot, stake in view.insurance:
            label = wager_label("insurance", state.positions[spot] + 1)
            body.append(f"\n  {label}: {money(stake)}")
        where = phase_name(str(view.phase))
        title = f"{text('term.round', round=state.round_id[:8])} · {where}"
        self.console.print(Panel(body, title=title, expand=False))

    def _settlement(self, state: RoundState) -> None:
        table = Table(title=text("term.settlement-title"))
        for column in ("settle.wager", "settle.stake", "settle.back", "settle.result"):
            table.add_column(text(column))
        hands_on_spot: dict[int, int] = {}
        for line in state.view.settlement:
            if line.hand is not None:
                hands_on_spot[line.spot] = max(hands_on_spot.get(line.spot, 1), line.hand + 1)
        for line in state.view.settlement:
            kind = str(line.kind)
            label = wager_label(
                kind,
                state.positions[line.spot] + 1,
                None if line.hand is None else line.hand + 1,
                name=line.name,
                hands_on_spot=hands_on_spot.get(line.spot, 1),
            )
            result = (
                side_outcome_name(line.name or "", line.outcome)
                if kind == "side"
                else outcome_name(line.outcome)
            )
            table.add_row(label, money(line.stake), money(line.returned), result)
        self.console.print(table)
        net = state.returned - state.staked
        colour = "green" if net > 0 else "red" if net < 0 else "yellow"
        amount = f"[bold {colour}]{'+' if net > 0 else ''}{money(net)}[/]"
        self.console.print(text("term.net", amount=amount))

    def _refused(self, exc: TwentyoneError) -> None:
        """A refusal in one plain sentence (a usage hint says what to type instead)."""
        sentence = str(exc) if isinstance(exc, _UsageError) else error_sentence(exc.code, str(exc))
        self.console.print(f"[red]{sentence}[/]", markup=True, highlight=False)

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        """Play until the player quits (or input ends)."""
        self.console.print(
            f"[bold]{variant_name(self.variant.name)}[/]: {variant_description(self.variant.name)}"
        )
        round_state = self.service.play.current_round(self.player_id)
        if round_state is not None:
            self.console.print(f"[yellow]{text('term.resuming')}[/]")
            if not self._play(round_state):
                return
        while True:
            state = self.service.seat.table(self.player_id, self.variant.name)
            if not self.chip:
                self.chip = next(
                    (c for c in state.chips if c >= state.limits.min_bet), state.chips[0]
                )
            self._header(state)
            self._layout(state)
            command = self.ask(text("term.prompt-bet") + " ").strip().lower()
            if command in ("q", "quit", "exit"):
                return
            try:
                outcome = self._betting_command(command, state)
            except TwentyoneError as exc:
                self._refused(exc)
                continue
            if isinstance(outcome, RoundState) and not self._play(outcome):
                return

    def _betting_command(self, command: str, state: TableState) -> RoundState | None:
        svc, pid, name = self.service, self.player_id, self.variant.name
        if command.startswith("chip"):
            value = typed_amount(command[4:].strip())
            if value is None or value not in state.chips:
                raise _UsageError(
                    text("term.chips-are", chips=", ".join(money(c) for c in state.chips))
                )
            self.chip = value
        elif command.isdigit():
            svc.seat.place(pid, name, self._spot(command, state), self.chip)
        elif command.startswith("s") and command[1:].isdigit():
            if not state.side_bets:
                raise _UsageError(text("term.no-side-bet"))
            bet = state.side_bets[0]
            chip = bet.min_stake if bet.min_stake == bet.max_stake else self.chip
            svc.seat.place(pid, name, self._spot(command[1:], state), chip, str(bet.name))
        elif command in ("u", "undo"):
            svc.seat.undo(pid, name)
        elif command in ("c", "clear"):
            svc.seat.clear(pid, name)
        elif command in ("x2", "double"):
            svc.seat.double_bets(pid, name)
        elif command in ("r", "rebet"):
            svc.seat.rebet(pid, name)
        elif command in ("d", "deal"):
            return svc.play.deal(pid, name)
        elif command == "rd":
            return svc.play.rebet_and_deal(pid, name)
        elif command == "dd":
            return svc.play.double_and_deal(pid, name)
        elif command == "rules":
            for line in rules_lines(self.variant.rules):
                self.console.print(f"- {line}")
        elif command in ("history", "hist"):
            self._history()
        else:
            self.console.print(text("term.betting-help"), markup=False)
        return None

    def _spot(self, typed: str, state: TableState) -> int:
        spot = int(typed) - 1
        if not 0 <= spot < len(state.layout.spots):
            raise _UsageError(text("term.spots-are", spots=len(state.layout.spots)))
        return spot

    def _history(self) -> None:
        page = self.service.records.history(self.player_id, limit=10)
        table = Table(title=text("term.last-rounds"))
        columns = ("page.time", "page.table", "page.status", "page.staked", "page.returned")
        for column in (*columns, "page.balance-after"):
            table.add_column(text(column))
        for item in page.rounds:
            after = "-" if item.balance_after is None else money(item.balance_after)
            table.add_row(
                format_time(item.started_at),
                variant_name(item.variant),
                round_status_name(item.status),
                money(item.staked),
                money(item.returned),
                after,
            )
        self.console.print(table)

    def _play(self, state: RoundState) -> bool:
        """Play a round to its end; False if the player quit mid-round."""
        while not state.is_over:
            self._round(state)
            options = list(state.legal_actions)
            labels = [text(_LABELS[a]) for a in options]
            if state.apply_to_all:
                labels.append(text("term.key-all"))
            if state.unaffordable:
                moves = ", ".join(action_name(str(a)) for a in state.unaffordable)
                labels.append(text("term.too-low", moves=moves))
            training = self.variant.advisor and self.service.training.is_on(self.player_id)
            if self.variant.advisor:
                labels.append(text("term.key-hint"))
                labels.append(f"(t) {text('training.on' if training else 'training.off')}")
            self.console.print("  ".join(labels) + "  " + text("term.key-quit"), markup=False)
            key = self.ask(text("term.prompt-play") + " ").strip()
            if key.lower() in ("q", "quit"):
                return False
            if key == "?" and self.variant.advisor:
                self._hint(state)
                continue
            if key.lower() == "t" and self.variant.advisor:
                self.service.training.set(self.player_id, not training)
                continue
            apply_to_all = state.apply_to_all and key in ("I", "N")
            action = _KEYS.get(key.lower())
            if action is None:
                self.console.print(f"[red]{text('term.unknown-key')}[/]")
                continue
            if apply_to_all or action not in options:
                # APPLY TO ALL; and the insurance keys answer even money for a blackjack spot
                pairs = {
                    Action.INSURANCE: Action.EVEN_MONEY,
                    Action.NO_INSURANCE: Action.NO_EVEN_MONEY,
                }
                action = pairs.get(action, action) if action not in options else action
            if not apply_to_all and not self._confirm(state, action):
                continue
            try:
                state = self.service.play.act(
                    self.player_id, action, apply_to_all=apply_to_all, expected_step=state.step
                )
            except TwentyoneError as exc:
                self._refused(exc)
        self._round(state)
        self._settlement(state)
        return True

    def _hint(self, state: RoundState) -> None:
        """The value of each move offered now, from the player's view (the advisor)."""
        from dataclasses import replace

        from twentyone.analysis.advice_round import advice_for

        view = replace(state.view, legal_actions=state.legal_actions)
        advice = advice_for(self._rules_of(state), view)
        if advice is None:
            return
        self.console.print(text("hint.title") + ":", markup=False)
        for v in advice.values:
            line = hint_line(
                v.action,
                v.ev,
                advice.bet,
                best=v.action == advice.best,
                basic=v.action == advice.basic,
            )
            self.console.print("  " + line, markup=False)

    def _rules_of(self, state: RoundState) -> Rules:
        """The round's rules: the game's, or the record's when the game has changed since the
        round was dealt (the advice is for the rules the round is played under)."""
        rules = self.variant.rules
        if rules.version() == state.rules_version:
            return rules
        return Rules.from_dict(
            self.service.records.round_record(self.player_id, state.round_id).rules
        )

    def _confirm(self, state: RoundState, action: Action) -> bool:
        """Training mode (the player's setting): a move that is not the best play is pointed
        out before it is sent, with what it gives up; ``False`` takes it back (nothing is
        dealt)."""
        if not self.variant.advisor or not self.service.training.is_on(self.player_id):
            return True
        from dataclasses import replace

        from twentyone.analysis.advice_round import advice_for

        advice = advice_for(
            self._rules_of(state), replace(state.view, legal_actions=state.legal_actions)
        )
        if advice is None or str(action) not in {v.action for v in advice.values}:
            return True
        cost = advice.cost(str(action))
        if cost <= 1e-9:
            return True
        move = move_name(str(action))
        sentence = text(
            "training.mistake",
            best=move_name(advice.best),
            move=move,
            amount=format_money(round(cost * advice.bet)),
            bets=format_percent(cost, 1),
        )
        self.console.print(f"{text('training.title')}: {sentence}", markup=False)
        back = text("training.take-back")
        anyway = text("training.anyway", move=move)
        answer = self.ask(f"(b) {back} · (a) {anyway}> ").strip().lower()
        return answer == "a"


class _UsageError(TwentyoneError):
    code = "invalid-command"


def play(
    variant_name: str,
    *,
    url: str | None = None,
    player: str = "player",
    console: Console | None = None,
    ask: Ask | None = None,
    service: TableService | None = None,
) -> None:
    """Run the terminal game for ``player`` at ``variant_name``'s table."""
    variant = find_variant(variant_name)
    console = console or Console()
    svc = service or open_service(url)
    try:
        info = svc.accounts.get_or_create_player(player)
        game = TerminalGame(svc, info.id, variant, console, ask or console.input)
        try:
            game.run()
        except (EOFError, KeyboardInterrupt):
            waiting = svc.play.current_round(info.id) is not None
            console.print("\n" + text("term.bye" if waiting else "term.goodbye"))
    finally:
        if service is None:
            svc.close()
