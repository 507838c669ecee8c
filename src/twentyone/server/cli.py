"""``twentyone serve``: the web game under Uvicorn. ``register(app)`` adds the command."""

from __future__ import annotations

import ipaddress
import socket
from typing import Annotated

import typer

from twentyone.errors import InvalidArgumentError


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def transport_advice(
    host: str, secure_cookies: bool | None, forwarded_allow_ips: str
) -> str | None:
    """What to tell an operator about HTTPS before serving on ``host`` (``None``: nothing).

    >>> transport_advice("127.0.0.1", None, "127.0.0.1") is None
    True
    >>> "HTTPS" in transport_advice("0.0.0.0", None, "127.0.0.1")
    True
    """
    if _loopback(host) or secure_cookies is not None:
        return None
    return (
        f"warning: serving plain HTTP on {host}: players' passwords and session cookies cross "
        "the network in clear. Serve it behind an HTTPS proxy that sends X-Forwarded-Proto "
        f"(trusted from {forwarded_allow_ips}; see --forwarded-allow-ips), which turns on "
        "Secure cookies and HSTS, or pass --secure-cookies when the proxy cannot say so."
    )


def check_listen(host: str, port: int) -> None:
    """Raise unless ``host:port`` can be listened on now (bound and let go at once).

    Uvicorn finds out only after ``serving on`` has been printed, and says so in its own log
    line with exit status 3; a port in use or a host that does not resolve is an operator's
    mistake like any other: ``error: invalid-argument: cannot listen on ...``.

    Raises:
        InvalidArgumentError: naming the address and the system's reason.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Uvicorn binds
            probe.bind((host, port))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise InvalidArgumentError(f"cannot listen on {host}:{port}: {reason}") from exc


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
            bool | None,
            typer.Option(
                "--secure-cookies/--no-secure-cookies",
                help=(
                    "Always (or never) mark cookies Secure and send HSTS. Default: when the "
                    "request came over HTTPS or a trusted proxy says so (X-Forwarded-Proto)."
                ),
            ),
        ] = None,
        forwarded_allow_ips: Annotated[
            str,
            typer.Option(
                "--forwarded-allow-ips",
                help="Proxies whose X-Forwarded-Proto / X-Forwarded-For are trusted (comma list).",
            ),
        ] = "127.0.0.1",
        allowed_origin: Annotated[
            list[str] | None,
            typer.Option(
                "--allowed-origin",
                help="Another origin that may send requests (a proxy that rewrites Host).",
            ),
        ] = None,
        login_failures: Annotated[
            int,
            typer.Option(
                "--login-failures", min=1, help="Failed logins in the window that lock it."
            ),
        ] = 3,
        login_window: Annotated[
            int,
            typer.Option("--login-window", min=1, help="Minutes failed logins are counted in."),
        ] = 30,
        login_lock: Annotated[
            int,
            typer.Option("--login-lock", min=1, help="Minutes an account or address is locked."),
        ] = 30,
    ) -> None:
        """Run the web game: open http://HOST:PORT/ in a browser."""
        from twentyone.variants import all_variants

        all_variants()  # an invalid $TWENTYONE_GAMES refuses here, one line per mistake
        check_listen(host, port)

        import uvicorn
        from sqlalchemy.exc import SQLAlchemyError

        from twentyone.errors import TwentyoneError
        from twentyone.server.app import create_app
        from twentyone.server.settings import ServerSettings
        from twentyone.store.cli import database_error

        settings = ServerSettings(
            secure_cookies=secure_cookies,
            allowed_origins=tuple(allowed_origin or ()),
            login_failures=login_failures,
            login_window_s=login_window * 60,
            login_lock_s=login_lock * 60,
        )
        try:
            web = create_app(db_url=db, settings=settings)
        except TwentyoneError as exc:
            raise InvalidArgumentError(str(exc)) from exc
        except (SQLAlchemyError, ValueError) as exc:
            raise database_error(db, exc) from exc
        advice = transport_advice(host, secure_cookies, forwarded_allow_ips)
        if advice is not None:
            typer.echo(f"twentyone: {advice}", err=True)
        typer.echo(f"twentyone: serving on http://{host}:{port}/")
        uvicorn.run(
            web,
            host=host,
            port=port,
            log_level="info",
            proxy_headers=True,
            forwarded_allow_ips=forwarded_allow_ips,
        )
