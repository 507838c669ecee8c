"""Sub-commands of ``twentyone`` (placeholder until implemented)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's sub-commands to ``app``."""
    del app
