"""``twentyone admin add|list|remove|password``: the back office's administrators.

A password is read without echo (never from an argument, so it stays out of the shell's
history and the process list), checked for length, hashed with scrypt and stored; every change
goes into the audit log with the operating-system user who ran it. The name and the database
are checked before a password or a confirmation is asked, so an operator does not type a
password twice only to learn that the name is unknown or the database cannot be opened.
"""

from __future__ import annotations

import getpass
import json
from datetime import datetime
from typing import Annotated

import typer

from twentyone.errors import InvalidArgumentError, TwentyoneError

MIN_PASSWORD = 12
"""The shortest administrator password accepted."""


class WeakPasswordError(TwentyoneError):
    """An administrator password shorter than :data:`MIN_PASSWORD` characters."""

    code = "weak-password"


DbOption = Annotated[
    str | None,
    typer.Option("--db", help="Database URL (default: a SQLite file under $TWENTYONE_HOME)."),
]
NameArgument = Annotated[str, typer.Argument(help="The administrator's login name.")]


def _new_password_hash() -> str:
    """A password asked twice without echo, checked for length, hashed."""
    from twentyone.server.passwords import hash_password

    password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
    if len(password) < MIN_PASSWORD:
        raise WeakPasswordError(f"the password must have at least {MIN_PASSWORD} characters")
    return hash_password(password)


def _by() -> str:
    """Who the audit log says made a change from the command line."""
    return f"command line ({getpass.getuser()})"


def _when(moment: datetime | None) -> str:
    return "never" if moment is None else f"{moment:%Y-%m-%d %H:%M} UTC"


def register(app: typer.Typer) -> None:
    """Add ``admin`` to ``app``."""
    admin = typer.Typer(
        help="Administrators of the back office: add, list, remove NAME, password NAME.",
        no_args_is_help=True,
    )

    @admin.callback()
    def _admin() -> None:
        """Administrators of the back office: add, list, remove NAME, password NAME."""

    @admin.command("add")
    def add_command(name: NameArgument, url: DbOption = None) -> None:
        """Add an administrator; the password is asked twice, without echo."""
        from twentyone.store.admin import AdminExistsError
        from twentyone.store.cli import open_service

        if not name.strip() or len(name.strip()) > 100:
            raise InvalidArgumentError("the name must be 1 to 100 characters")
        service = open_service(url)
        try:
            if service.admin.credentials(name) is not None:
                raise AdminExistsError(f"an administrator called {name.strip()!r} already exists")
            info = service.admin.add_admin(name, _new_password_hash(), by=_by())
        finally:
            service.close()
        typer.echo(f"administrator {info.name} added: log in at /admin")

    @admin.command("list")
    def list_command(
        url: DbOption = None,
        as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    ) -> None:
        """List the administrators: name, when made, last login."""
        from twentyone.store.cli import open_service

        service = open_service(url)
        try:
            listed = service.admin.list_admins()
        finally:
            service.close()
        if as_json:
            typer.echo(json.dumps({"administrators": [one.to_dict() for one in listed]}))
            return
        if not listed:
            typer.echo("no administrators: add one with `twentyone admin add NAME`")
        width = max((len(one.admin.name) for one in listed), default=0)
        for one in listed:
            typer.echo(
                f"{one.admin.name:<{width}}  added {_when(one.admin.created_at)}"
                f"  last login {_when(one.last_login)}"
            )

    @admin.command("remove")
    def remove_command(
        name: NameArgument,
        url: DbOption = None,
        yes: Annotated[bool, typer.Option("--yes", help="Do not ask for confirmation.")] = False,
    ) -> None:
        """Remove an administrator and end its sessions (never the last one)."""
        from twentyone.store.cli import open_service

        service = open_service(url)
        try:
            shown = service.admin.removable(name).name
            if not yes:
                typer.confirm(f"Remove administrator {shown} and end its sessions?", abort=True)
            info, ended = service.admin.remove_admin(name, by=_by())
        finally:
            service.close()
        typer.echo(f"administrator {info.name} removed; {ended} session(s) ended")

    @admin.command("password")
    def password_command(name: NameArgument, url: DbOption = None) -> None:
        """Give an administrator a new password (asked twice); its sessions end."""
        from twentyone.store.cli import open_service

        service = open_service(url)
        try:
            service.admin.named(name)  # before the password is typed
            info, ended = service.admin.set_password(name, _new_password_hash(), by=_by())
        finally:
            service.close()
        typer.echo(f"password of {info.name} changed; {ended} session(s) ended")

    app.add_typer(admin, name="admin")
