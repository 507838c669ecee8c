"""``analysis/exact`` reads bottom-up: each module imports only the modules below it (issue 12,
STYLE.md item 17: "a package should read bottom-up"), lazy imports inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import twentyone.analysis.exact as package

LAYERS = (
    "shoe",
    "actions",
    "kernels",
    "kernels_upcard",
    "kernels_split",
    "compiled",
    "space",
    "dealer",
    "player",
    "split",
    "split_pairs",
    "rounds_kernel",
    "split_rounds",
    "rounds_moments_kernel",
    "rounds_moments",
    "game",
    "basic",
    "distribution",
    "strategy",
    "house_edge",
    "chart",
)
"""Bottom first."""
PREFIX = "twentyone.analysis.exact."


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PREFIX):
            found.add(node.module.removeprefix(PREFIX))
        elif isinstance(node, ast.Import):
            found.update(
                a.name.removeprefix(PREFIX) for a in node.names if a.name.startswith(PREFIX)
            )
    return found


def test_every_module_is_in_the_layer_list() -> None:
    folder = Path(package.__file__).parent
    modules = {p.stem for p in folder.glob("*.py")} - {"__init__"}
    assert modules == set(LAYERS)


def test_modules_import_only_those_below() -> None:
    folder = Path(package.__file__).parent
    for level, name in enumerate(LAYERS):
        below = set(LAYERS[:level])
        upward = _imports(folder / f"{name}.py") - below
        assert not upward, f"{name} imports {sorted(upward)} from above it"
