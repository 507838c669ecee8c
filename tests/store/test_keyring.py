"""Several processes on one database share one shoe key (issue 10, reproduction 7).

Two processes with different keys on one database voided each other's rounds ("cannot
resume") with no warning at start-up; an empty key file said "cannot open the database None:
not a Fernet key". Now the database records the key's fingerprint and a process with another
key refuses to start, saying what to do; ``NEW,OLD`` rotates the key.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from sqlalchemy import select
from storetest import OpenService, Shoes

from twentyone.cli import main
from twentyone.engine import SpotBet
from twentyone.store.crypto import ShoeCipher, ShoeKeyError
from twentyone.store.keyring import ShoeKeyMismatchError
from twentyone.store.models import RoundRow
from twentyone.store.service import TableService

CARDS = "Ts 9h 6d 5c"  # standard: 16 against a 9, the round waits for a decision


def _open_round(service: TableService, shoes: Shoes) -> tuple[str, str]:
    p = service.accounts.create_player("p").id
    service.seat.set_bets(p, "standard", [SpotBet(1000)])
    shoes.stack(CARDS)
    state = service.play.deal(p, "standard")
    assert state.status == "open"
    return p, state.round_id


def test_a_process_with_another_key_refuses_to_start(
    open_service: OpenService, shoes: Shoes
) -> None:
    first = open_service()
    p, round_id = _open_round(first, shoes)
    with pytest.raises(ShoeKeyMismatchError) as refused:
        open_service(key=Fernet.generate_key())
    message = str(refused.value)
    assert "another shoe key" in message
    assert "TWENTYONE_SHOE_KEY" in message and "shoe.key" in message  # what to do
    # Nothing was voided: a process with the right key resumes the round.
    again = open_service()
    state = again.play.current_round(p)
    assert state is not None and state.round_id == round_id and state.status == "open"


def test_the_key_rotates_and_old_keys_still_decrypt(
    open_service: OpenService, shoes: Shoes
) -> None:
    old, new = Fernet.generate_key(), Fernet.generate_key()
    first = open_service(key=old)
    p, round_id = _open_round(first, shoes)
    rotated = open_service(key=new + b"," + old)
    state = rotated.play.current_round(p)
    assert state is not None and state.round_id == round_id and state.status == "open"
    rotated.play.act(p, "stand")
    q = rotated.accounts.create_player("q").id
    rotated.seat.set_bets(q, "standard", [SpotBet(1000)])
    shoes.stack(CARDS)
    dealt = rotated.play.deal(q, "standard")
    with rotated.engine.connect() as conn:
        stored = conn.execute(select(RoundRow.shoe).where(RoundRow.id == dealt.round_id)).scalar()
    assert stored is not None
    assert Fernet(new).decrypt(stored)  # new rounds are encrypted with the new key
    with pytest.raises(ShoeKeyMismatchError):
        open_service(key=old)  # a process left with only the old key is refused now
    assert open_service(key=new).play.current_round(q) is not None


def test_an_empty_key_file_says_what_to_do(tmp_path: Path) -> None:
    key_file = tmp_path / "shoe.key"
    key_file.write_bytes(b"")
    with pytest.raises(ShoeKeyError) as refused:
        ShoeCipher.from_config(None, key_file)
    assert str(key_file) in str(refused.value)
    assert "empty" in str(refused.value)


def test_serve_with_an_empty_key_file_is_one_clear_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TWENTYONE_HOME", str(tmp_path))
    monkeypatch.delenv("TWENTYONE_SHOE_KEY", raising=False)
    monkeypatch.delenv("TWENTYONE_DB", raising=False)
    (tmp_path / "shoe.key").write_bytes(b"\n")
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "shoe key file" in err and "empty" in err
    assert "None" not in err
    assert os.path.getsize(tmp_path / "shoe.key") == 1  # left as it was
