"""``twentyone serve``: the command ``register(app)`` adds to a Typer app."""

from __future__ import annotations

import socket

import pytest
import typer
from typer.testing import CliRunner

from twentyone.server.cli import register


def test_serve_is_registered_with_its_options() -> None:
    app = typer.Typer()

    @app.callback()
    def _root() -> None:
        """Root."""

    register(app)
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for option in ("--db", "--host", "--port", "--secure-cookies"):
        assert option in result.output


def test_a_port_in_use_is_one_line_before_serving(capsys: pytest.CaptureFixture[str]) -> None:
    """Was 'serving on http://127.0.0.1:PORT/', then Uvicorn's ERROR line and exit status 3."""
    from twentyone.cli import main

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.strip() == (
        f"error: invalid-argument: cannot listen on 127.0.0.1:{port}: Address already in use"
    )


def test_a_host_that_does_not_resolve_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from twentyone.cli import main

    assert main(["serve", "--host", "no-such-host.invalid", "--port", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        "error: invalid-argument: cannot listen on no-such-host.invalid:0: "
    )
