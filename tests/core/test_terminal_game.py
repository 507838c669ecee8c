"""The terminal game (``twentyone play``) on the table service, driven by typed commands."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from rich.console import Console

from twentyone.cards import Shoe
from twentyone.rules import Rules
from twentyone.store.service import TableService
from twentyone.terminal import play


def _service(tmp_path: Path, cards: list[str]) -> TableService:
    shoes: Iterator[str] = iter(cards)

    def factory(_rules: Rules) -> Shoe:
        return Shoe.from_cards(next(shoes))

    return TableService.open(
        f"sqlite:///{tmp_path / 'game.db'}", key=Fernet.generate_key(), shoe_factory=factory
    )


def _run(service: TableService, variant: str, keys: list[str]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    answers = iter(keys)

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(answers)

    play(variant, player="ann", console=console, ask=ask, service=service)
    return out.getvalue()


def test_a_round_from_chips_to_settlement(tmp_path: Path) -> None:
    """Select a chip, bet spot 1 and its side bet, DEAL, STAND: the win is credited."""
    # spot: Th, dealer: 6c (up), spot: 9h, dealer hole: Ts, dealer draws 9d -> 25 bust
    service = _service(tmp_path, ["Th 6c 9h Ts 9d"])
    output = _run(service, "lucky-lucky", ["chip 10", "1", "chip 1", "s1", "d", "s", "q"])
    player = service.accounts.find_player("ann")
    assert player is not None
    # main 10.00 wins 1:1, Lucky Lucky 1.00 on 10-9-6 (25) loses: 1000.00 + 10.00 - 1.00
    assert player.wallet.balance == 100_000 + 1000 - 100
    assert "net +9.00" in output
    assert "(h) HIT" in output and "(s) STAND" in output
    service.close()


def test_quitting_mid_round_resumes_the_same_round(tmp_path: Path) -> None:
    """SPEC 6: "a player who reconnects continues it"."""
    # spot: Th, dealer 6c, spot 6h (16), hole Ts; then a hit card 5d (21, auto-stand)
    service = _service(tmp_path, ["Th 6c 6h Ts 5d 9c"])
    first = _run(service, "lucky-lucky", ["1", "d", "q"])
    assert "16" in first
    resumed = _run(service, "lucky-lucky", ["h", "q"])
    assert "Resuming your unfinished round" in resumed
    assert "21" in resumed
    player = service.accounts.find_player("ann")
    assert player is not None and player.open_round_id is None
    service.close()


def test_refusals_are_shown_and_change_nothing(tmp_path: Path) -> None:
    service = _service(tmp_path, [])
    output = _run(service, "european", ["d", "9", "chip 3", "q"])
    # each refusal is one plain sentence (display.py), never the error code
    assert "Place a main bet on at least one spot before DEAL." in output
    assert "spots are 1 to 1" in output
    assert "no-bets" not in output and "invalid-command" not in output
    player = service.accounts.find_player("ann")
    assert player is not None and player.wallet.balance == 100_000
    service.close()


@pytest.mark.parametrize("variant", ["lucky-7", "lucky-ladies"])
def test_insurance_apply_to_all(tmp_path: Path, variant: str) -> None:
    """000: "click APPLY TO ALL to insure all hands" — one key answers for every spot."""
    # spots 1,2: 9h 8h; dealer As; spots: 7c 9c; dealer Kd. lucky-7 deals the hole card first,
    # so there the up card must come second: use a shoe where both dealer cards are aces/tens.
    cards = "9h 8h Ad 7c 9c As 5s 5d" if variant == "lucky-7" else "9h 8h As 7c 9c 5d 5s"
    service = _service(tmp_path, [cards])
    output = _run(service, variant, ["1", "2", "d", "N", "s", "s", "q"])
    assert "Insurance · Spot" not in output  # declined for every spot: no insurance wager
    player = service.accounts.find_player("ann")
    assert player is not None and player.open_round_id is None
    service.close()


@pytest.mark.parametrize("typed", ["chip abc", "chip inf", "chip nan", "chip 2,5", "chip 0.001"])
def test_a_chip_that_is_no_amount_is_refused(tmp_path: Path, typed: str) -> None:
    """Was a ValueError traceback that ended the game: now the chips are listed and play goes
    on (the next line still places a bet)."""
    service = _service(tmp_path, [])
    output = _run(service, "european", [typed, "chip 5", "1", "q"])
    assert "Traceback" not in output
    assert "chips are 1.00, 5.00, 10.00, 25.00, 100.00, 500.00" in output
    assert service.seat.table(_ann(service), "european").layout.spots[0].bet == 500
    service.close()


def test_an_italian_player_types_a_chip_the_italian_way(tmp_path: Path) -> None:
    """Italian money reads 5,00 (the table shows the chips so); "chip 5,00" crashed, and
    "chip 5.00" (a keyboard's point) stays understood."""
    from twentyone.display import reading

    service = _service(tmp_path, [])
    with reading("it"):
        _run(service, "european", ["chip 5,00", "1", "chip 10.00", "1", "q"])
    assert service.seat.table(_ann(service), "european").layout.spots[0].bet == 500 + 1000
    service.close()


def test_double_the_bets_has_a_key_of_its_own(tmp_path: Path) -> None:
    """The help said "2 DOUBLE", but 2 places a chip on spot 2: "x2" (or "double") doubles."""
    service = _service(tmp_path, [])
    output = _run(service, "lucky-lucky", ["?", "chip 5", "1", "x2", "2", "q"])
    assert "x2 DOUBLE" in output and " 2 DOUBLE" not in output
    spots = service.seat.table(_ann(service), "lucky-lucky").layout.spots
    assert (spots[0].bet, spots[1].bet) == (1000, 500)
    service.close()


def test_leaving_with_no_round_open_does_not_say_one_waits(tmp_path: Path) -> None:
    """Ctrl-D at the bet prompt said "an unfinished round waits for you" with none open."""
    service = _service(tmp_path, ["Th 6c 6h Ts"])

    def leave(keys: list[str]) -> str:
        out = io.StringIO()
        console = Console(file=out, width=120, color_system=None)
        answers = iter(keys)

        def ask(prompt: str) -> str:
            console.print(prompt, end="")
            return next(answers)  # past the last key: StopIteration, as Ctrl-D is EOFError

        def ask_or_eof(prompt: str) -> str:
            try:
                return ask(prompt)
            except StopIteration:
                raise EOFError from None

        play("european", player="ann", console=console, ask=ask_or_eof, service=service)
        return out.getvalue()

    idle = leave([])
    assert idle.rstrip().endswith("bye") and "waits for you" not in idle
    mid_round = leave(["1", "d"])
    assert "an unfinished round waits for you" in mid_round
    service.close()


def _ann(service: TableService) -> str:
    player = service.accounts.find_player("ann")
    assert player is not None
    return player.id
