"""``twentyone admin add NAME``: a back-office administrator, its password asked twice.

The password is read without echo (never from an argument, so it stays out of the shell's
history and the process list), checked for length, hashed with scrypt and stored; the
administrator's creation goes into the audit log with the operating-system user who ran it.
The name and the database are checked before the password is asked, so an operator does not
type a password twice only to learn that the name is taken or the database cannot be opened.
"""

from __future__ import annotations

import getpass
from typing import Annotated

import typer

from twentyone.errors import InvalidArgumentError, TwentyoneError

MIN_PASSWORD = 12
"""The shortest administrator password accepted."""


class WeakPasswordError(TwentyoneError):
    """An administrator password shorter than :data:`MIN_PASSWORD` characters."""

    code = "weak-password"


def register(app: typer.Typer) -> None:
    """Add ``admin`` to ``app``."""
    admin = typer.Typer(
        help="Administrators of the back office: add NAME (asks for the password).",
        no_args_is_help=True,
    )

    @admin.callback()
    def _admin() -> None:
        """Administrators of the back office: add NAME (asks for the password)."""

    @admin.command("add")
    def add_command(
        name: Annotated[str, typer.Argument(help="The administrator's login name.")],
        url: Annotated[
            str | None,
            typer.Option(
                "--db", help="Database URL (default: a SQLite file under $TWENTYONE_HOME)."
            ),
        ] = None,
    ) -> None:
        """Add an administrator; the password is asked twice, without echo."""
        from twentyone.server.passwords import hash_password
        from twentyone.store.admin import AdminExistsError
        from twentyone.store.cli import open_service

        if not name.strip() or len(name.strip()) > 100:
            raise InvalidArgumentError("the name must be 1 to 100 characters")
        service = open_service(url)
        try:
            if service.admin.credentials(name) is not None:
                raise AdminExistsError(f"an administrator called {name.strip()!r} already exists")
            password = typer.prompt("Password", hide_input=True, confirmation_prompt=True)
            if len(password) < MIN_PASSWORD:
                raise WeakPasswordError(
                    f"the password must have at least {MIN_PASSWORD} characters"
                )
            info = service.admin.add_admin(
                name, hash_password(password), by=f"command line ({getpass.getuser()})"
            )
        finally:
            service.close()
        typer.echo(f"administrator {info.name} added: log in at /admin")

    app.add_typer(admin, name="admin")
