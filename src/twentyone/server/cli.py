"""``twentyone serve``: the web game under Uvicorn. ``register(app)`` adds the command."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``twentyone`` command."""

    @app.command("serve")
    def serve_command(
        db: Annotated[
            str | None,
            typer.Option(
                "--db", help="Database URL (default: a SQLite file under $TWENTYONE_HOME)."
            ),
        ] = None,
        host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[
            int, typer.Option("--port", min=0, max=65535, help="Port to listen on.")
        ] = 8000,
        secure_cookies: Annotated[
            bool,
            typer.Option("--secure-cookies", help="Send the session cookie over HTTPS only."),
        ] = False,
    ) -> None:
        """Run the web game: open http://HOST:PORT/ in a browser."""
        from twentyone.variants import all_variants

        all_variants()  # an invalid $TWENTYONE_GAMES refuses here, one line per mistake

        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from twentyone.errors import InvalidArgumentError
        from twentyone.server.app import create_app
        from twentyone.server.settings import ServerSettings

        try:
            web = create_app(db_url=db, settings=ServerSettings(secure_cookies=secure_cookies))
        except (SQLAlchemyError, ValueError) as exc:
            message = " ".join(str(exc).split())
            raise InvalidArgumentError(f"cannot open the database {db!r}: {message}") from exc
        typer.echo(f"twentyone: serving on http://{host}:{port}/")
        uvicorn.run(web, host=host, port=port, log_level="info")
