"""The command imports only what the command it runs uses (issue 12; STYLE.md item 18:
"A command imports only what it uses (``--help`` must not load the web server)")."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from twentyone.cli import LAZY_COMMANDS, LazyGroup, app

HEAVY = ("numpy", "fastapi", "sqlalchemy", "uvicorn", "twentyone.server", "twentyone.store")


def _loaded_after(args: list[str]) -> set[str]:
    code = (
        "import json, sys\n"
        "from twentyone.cli import main\n"
        f"main({args!r})\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return set(json.loads(out.splitlines()[-1]))


@pytest.mark.parametrize("args", [["--help"], ["variants", "--json"]])
def test_help_and_variants_load_no_heavy_package(args: list[str]) -> None:
    assert _loaded_after(args) == set()


def test_house_edge_help_loads_no_server_or_database() -> None:
    assert _loaded_after(["house-edge", "--help"]) & {"fastapi", "sqlalchemy"} == set()


def test_lazy_help_lines_are_the_commands_own() -> None:
    """The one-line help ``--help`` shows without importing equals each command's docstring."""
    import typer.main

    group = typer.main.get_group(app)
    assert isinstance(group, LazyGroup)
    for module in {m for m, _ in LAZY_COMMANDS.values()}:
        group.load(module)
    for name, (_, short) in LAZY_COMMANDS.items():
        command = group.commands[name]
        assert (command.help or "").split("\n")[0].strip() == short, name
