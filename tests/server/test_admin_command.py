"""``twentyone admin add|list|remove|password``: a password is asked twice without echo, a
short or mismatched one is refused, the last or an unknown administrator is not removed, a
removal or a new password ends the administrator's sessions, and every change is audited."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet
from typer.testing import CliRunner

from twentyone.cli import app
from twentyone.server.passwords import verify_password
from twentyone.store.admin import AdminExistsError
from twentyone.store.audit import AuditEntry
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


PASSWORD = "correct horse battery\n" * 2


def _add(url: str, *names: str) -> None:
    for name in names:
        added = CliRunner().invoke(app, ["admin", "add", name, "--db", url], input=PASSWORD)
        assert added.exit_code == 0, added.output


def _log_in(url: str, name: str, token: str) -> None:
    service = TableService.open(url)
    try:
        found = service.admin.credentials(name)
        assert found is not None
        service.admin.open_session(found[0], token, service.store.now() + timedelta(hours=1))
    finally:
        service.close()


def _live(url: str, token: str) -> bool:
    service = TableService.open(url)
    try:
        return service.admin.session_admin(token) is not None
    finally:
        service.close()


def _audit(url: str) -> list[AuditEntry]:
    service = TableService.open(url)
    try:
        return service.admin.audit_log()[0]
    finally:
        service.close()


def test_list_names_every_administrator_with_its_last_login(url: str) -> None:
    _add(url, "bob", "Ada")
    _log_in(url, "bob", "b" * 64)
    shown = CliRunner().invoke(app, ["admin", "list", "--db", url])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert [line.split()[0] for line in lines] == ["Ada", "bob"]
    assert lines[0].endswith("last login never")
    login = next(e for e in _audit(url) if e.action == "login")
    assert lines[1].endswith(f"last login {login.at:%Y-%m-%d %H:%M} UTC")
    as_json = CliRunner().invoke(app, ["admin", "list", "--db", url, "--json"])
    listed = json.loads(as_json.output)["administrators"]
    assert [(a["name"], a["last_login"] is None) for a in listed] == [("Ada", True), ("bob", False)]
    assert set(listed[0]) == {"id", "name", "created_at", "last_login"}


def test_remove_asks_then_removes_and_ends_the_sessions(url: str) -> None:
    _add(url, "ada", "bob")
    _log_in(url, "ada", "a" * 64)
    declined = CliRunner().invoke(app, ["admin", "remove", "ada", "--db", url], input="n\n")
    assert declined.exit_code == 1 and "Remove administrator ada" in declined.output
    assert _live(url, "a" * 64)  # nothing changed
    done = CliRunner().invoke(app, ["admin", "remove", "ADA", "--db", url], input="y\n")
    assert done.exit_code == 0, done.output
    assert "administrator ada removed; 1 session(s) ended" in done.output
    assert not _live(url, "a" * 64)
    entry = _audit(url)[0]
    assert entry.action == "admin-removed" and entry.admin_name.startswith("command line (")


def test_remove_with_yes_does_not_ask(url: str) -> None:
    _add(url, "ada", "bob")
    done = CliRunner().invoke(app, ["admin", "remove", "bob", "--yes", "--db", url], input="")
    assert done.exit_code == 0, done.output
    assert "Remove administrator" not in done.output
    assert _audit(url)[0].action == "admin-removed"
    listed = CliRunner().invoke(app, ["admin", "list", "--db", url, "--json"])
    assert [a["name"] for a in json.loads(listed.output)["administrators"]] == ["ada"]


@pytest.mark.parametrize(
    ("names", "target", "line"),
    [
        (
            ["ada"],
            "ada",
            "error: last-admin: ada is the last administrator: add another one before removing it",
        ),
        (["ada", "bob"], "carol", "error: unknown-admin: there is no administrator called 'carol'"),
    ],
)
def test_remove_refuses_the_last_or_an_unknown_administrator_before_asking(
    url: str, capsys: pytest.CaptureFixture[str], names: list[str], target: str, line: str
) -> None:
    from twentyone.cli import main

    _add(url, *names)
    _log_in(url, "ada", "a" * 64)
    before = _audit(url)
    capsys.readouterr()
    assert main(["admin", "remove", target, "--db", url]) == 2
    captured = capsys.readouterr()
    assert captured.err.strip() == line
    assert "Remove administrator" not in captured.out
    assert _live(url, "a" * 64) and _audit(url) == before


def test_password_asks_twice_replaces_it_and_ends_the_sessions(url: str) -> None:
    _add(url, "ada")
    _log_in(url, "ada", "a" * 64)
    done = CliRunner().invoke(
        app, ["admin", "password", "Ada", "--db", url], input="a new long passphrase\n" * 2
    )
    assert done.exit_code == 0, done.output
    assert "Repeat for confirmation" in done.output
    assert "a new long passphrase" not in done.output
    assert "password of ada changed; 1 session(s) ended" in done.output
    assert not _live(url, "a" * 64)
    service = TableService.open(url)
    try:
        found = service.admin.credentials("ada")
        assert found is not None and verify_password("a new long passphrase", found[1])
        assert not verify_password("correct horse battery", found[1])
    finally:
        service.close()
    assert _audit(url)[0].action == "admin-password"


@pytest.mark.parametrize(
    ("typed", "problem"),
    [
        ("short\nshort\n", "at least 12 characters"),
        ("a new long passphrase\na new long passphrasE\n" * 3, "do not match"),
    ],
)
def test_a_short_or_mismatched_new_password_changes_nothing(
    url: str, typed: str, problem: str
) -> None:
    _add(url, "ada")
    _log_in(url, "ada", "a" * 64)
    before = _audit(url)
    result = CliRunner().invoke(app, ["admin", "password", "ada", "--db", url], input=typed)
    assert result.exit_code != 0
    assert problem in result.output + str(result.exception)
    assert _live(url, "a" * 64) and _audit(url) == before


def test_password_of_an_unknown_administrator_is_refused_before_asking(url: str) -> None:
    from twentyone.store.admin import UnknownAdminError

    _add(url, "ada")
    result = CliRunner().invoke(app, ["admin", "password", "bob", "--db", url], input="")
    assert isinstance(result.exception, UnknownAdminError)
    assert "Password" not in result.output
