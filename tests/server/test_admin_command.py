"""``twentyone admin add NAME``: the password is asked twice without echo, a short or
mismatched one is refused, and the new administrator can log in (its creation is audited)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.server.passwords import verify_password
from twentyone.store.admin import AdminExistsError
from twentyone.store.service import TableService

KEY = Fernet.generate_key().decode()


@pytest.fixture
def url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("TWENTYONE_SHOE_KEY", KEY)
    monkeypatch.setenv("TWENTYONE_HOME", str(tmp_path))
    return f"sqlite:///{tmp_path / 'admin.db'}"


def test_add_asks_twice_and_stores_only_a_hash(url: str) -> None:
    result = CliRunner().invoke(
        app, ["admin", "add", "Ada", "--db", url], input="correct horse battery\n" * 2
    )
    assert result.exit_code == 0, result.output
    assert "administrator Ada added" in result.output
    assert result.output.count("correct horse battery") == 0  # never echoed
    assert "Repeat for confirmation" in result.output
    service = TableService.open(url)
    try:
        found = service.admin.credentials("ada")
        assert found is not None
        info, stored = found
        assert info.name == "Ada" and stored.startswith("scrypt$")
        assert verify_password("correct horse battery", stored)
        entries, total = service.admin.audit_log()
        assert total == 1 and entries[0].action == "admin-added"
        assert entries[0].admin_name.startswith("command line (")
    finally:
        service.close()


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("short\nshort\n", "at least 12 characters"),
        ("correct horse battery\ncorrect horse batterY\n" * 3, "do not match"),
    ],
)
def test_a_short_or_mismatched_password_adds_nobody(url: str, typed: str, problem: str) -> None:
    result = CliRunner().invoke(app, ["admin", "add", "ada", "--db", url], input=typed)
    assert result.exit_code != 0
    assert problem in result.output + str(result.exception)
    service = TableService.open(url)
    try:
        assert service.admin.credentials("ada") is None
    finally:
        service.close()


def test_a_name_taken_is_refused(url: str) -> None:
    runner = CliRunner()
    typed = "correct horse battery\n" * 2
    assert runner.invoke(app, ["admin", "add", "ada", "--db", url], input=typed).exit_code == 0
    again = runner.invoke(app, ["admin", "add", "ADA", "--db", url], input=typed)
    assert isinstance(again.exception, AdminExistsError)  # `twentyone` prints it, exit 2
    assert "already exists" in str(again.exception)


@pytest.mark.parametrize("name", ["   ", "x" * 101])
def test_a_bad_name_is_an_invalid_argument_not_a_weak_password(url: str, name: str) -> None:
    """Was refused with the code ``weak-password`` (before any password was typed)."""
    from twentyone.errors import InvalidArgumentError

    result = CliRunner().invoke(app, ["admin", "add", name, "--db", url], input="")
    assert isinstance(result.exception, InvalidArgumentError)
    assert result.exception.code == "invalid-argument"
    assert "the name must be 1 to 100 characters" in str(result.exception)
    assert "Password" not in result.output


def test_a_taken_name_is_refused_before_the_password_is_asked(url: str) -> None:
    """The operator typed the password twice, then learnt the name was taken."""
    runner = CliRunner()
    typed = "correct horse battery\n" * 2
    assert runner.invoke(app, ["admin", "add", "ada", "--db", url], input=typed).exit_code == 0
    again = runner.invoke(app, ["admin", "add", "Ada", "--db", url], input=typed)
    assert isinstance(again.exception, AdminExistsError)
    assert "Password" not in again.output


def test_a_database_that_will_not_open_is_one_line(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Was SQLAlchemy's traceback (after the password had been typed)."""
    from twentyone.cli import main

    assert main(["admin", "add", "ada", "--db", "nope://x"]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == (
        "error: invalid-argument: cannot open nope://x: Can't load plugin: sqlalchemy.dialects:nope"
    )
    assert "Password" not in captured.out
