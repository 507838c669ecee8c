"""Issue 14: ``twentyone rules VARIANT --lang it`` and ``twentyone play VARIANT --lang it``.

Independent words: the Italian Lucky 7 document (seed 001) — Banco, Carta, Stai, Raddoppia,
Dividi, Assicurazione, pagamento alla pari.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from rich.console import Console

from twentyone.cards import Shoe
from twentyone.catalogues import table
from twentyone.cli import main
from twentyone.display import reading
from twentyone.rules import Rules
from twentyone.store.service import TableService
from twentyone.terminal import play


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']{3,}", text)}


ENGLISH_ONLY = {w for v in table("en").values() for w in _words(v)} - {
    w for v in table("it").values() for w in _words(v)
}
"""Words of the English texts that no Italian text uses: none may reach an Italian reader."""


def test_rules_in_italian(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "lucky-7", "--lang", "it"]) == 0
    out = capsys.readouterr().out
    for phrase in (
        "Obiettivo:",
        "Regole:",
        "Valori delle carte:",
        "il Banco offre l'Assicurazione",
        "pagamento alla pari",
        "CARTA e STAI",
        "Raddoppia solo sulle prime due carte",
        "Dividi: se ti vengono date due carte dello stesso valore",
        "Il limite per il Lucky 7 è di tre 7 di seguito",
        "7-7-7 dello stesso seme 5.000 a 1",
        "Ritorno al giocatore",
    ):
        assert phrase in out, phrase
    leaked = _words(out) & ENGLISH_ONLY
    assert not leaked, leaked


def test_rules_default_to_english_and_json_is_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["rules", "lucky-7"]) == 0
    english = capsys.readouterr().out
    assert "The dealer stands on soft 17" in english and "Banco" not in english
    assert main(["rules", "lucky-7", "--lang", "it", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["buttons"][0] == {"button": "DISTRIBUISCI", "does": "Distribuisce le carte."}
    assert main(["rules", "lucky-7", "--lang", "fr"]) == 2  # one plain usage error


def _service(tmp_path: Path, cards: list[str]) -> TableService:
    shoes: Iterator[str] = iter(cards)

    def factory(_rules: Rules) -> Shoe:
        return Shoe.from_cards(next(shoes))

    return TableService.open(
        f"sqlite:///{tmp_path / 'game.db'}", key=Fernet.generate_key(), shoe_factory=factory
    )


def test_the_terminal_game_in_italian(tmp_path: Path) -> None:
    """A refusal, a round to its settlement and the history, all in Italian, money the Italian
    way (play money: 1.000,00)."""
    # spot 1: Th, dealer hole 6c, spot 1: 9h, dealer up Ts (lucky-7 deals the hole card first);
    # STAND on 19, the dealer's 16 draws 9d: 25, bust. The 10.00 bet wins 10.00.
    service = _service(tmp_path, ["Th 6c 9h Ts 9d"])
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    answers = iter(["d", "9", "chip 10", "1", "d", "s", "history", "x", "q"])

    def ask(prompt: str) -> str:
        console.print(prompt, end="")
        return next(answers)

    with reading("it"):
        play("lucky-7", player="ann", console=console, ask=ask, service=service)
    output = out.getvalue()
    player = service.accounts.find_player("ann")
    assert player is not None and player.wallet.balance == 100_000 + 1000
    for phrase in (
        "saldo 1.000,00",
        "Fai una normale scommessa su almeno un posto prima di DISTRIBUISCI.",
        "i posti vanno da 1 a 3",
        "Banco:",
        "(h) CARTA",
        "(s) STAI",
        "(d) RADDOPPIA",
        "Vinta",
        "netto +10,00",
        "ultime partite",
        "Conclusa",
    ):
        assert phrase in output, phrase
    leaked = _words(output) & ENGLISH_ONLY
    assert not leaked, leaked
    service.close()


def test_play_takes_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``twentyone play VARIANT --lang it`` runs the game with an Italian reader."""
    import twentyone.terminal
    from twentyone import display

    seen: list[str] = []
    monkeypatch.setattr(
        twentyone.terminal, "play", lambda *args, **kwargs: seen.append(display.language())
    )
    assert main(["play", "lucky-7", "--lang", "it", "--db", "sqlite://"]) == 0
    assert main(["play", "lucky-7", "--db", "sqlite://"]) == 0
    assert seen == ["it", "en"]
