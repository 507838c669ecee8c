"""``twentyone games check FILE``: check a games catalogue before the server or terminal uses it.

A valid file prints a summary (one line per game) and exits 0; a file with mistakes prints one
line per mistake on stderr, every mistake at once, and exits 2.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from twentyone.catalogue import InvalidCatalogueError, summary_dict, summary_lines
from twentyone.errors import InvalidArgumentError
from twentyone.variants import GAMES_ENV, load_catalogue


def check(file: Path | None, *, as_json: bool = False) -> int:
    """Check ``file`` (default: ``$TWENTYONE_GAMES``); the exit status."""
    path = file or (Path(os.environ[GAMES_ENV]) if os.environ.get(GAMES_ENV) else None)
    if path is None:
        raise InvalidArgumentError(f"name a catalogue file, or set ${GAMES_ENV}")
    try:
        catalogue = load_catalogue(path)
    except InvalidCatalogueError as exc:
        if as_json:
            print(json.dumps({"file": str(path), "valid": False, "mistakes": exc.problems}))
        for line in exc.problems:
            print(line, file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(summary_dict(catalogue), indent=2))
    else:
        print("\n".join(summary_lines(catalogue)))
    return 0
