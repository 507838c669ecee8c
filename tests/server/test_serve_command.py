"""``twentyone serve``: the command ``register(app)`` adds to a Typer app."""

from __future__ import annotations

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
