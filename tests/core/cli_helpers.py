"""What the command-line tests share: a command refused with one plain line."""

from __future__ import annotations

import pytest

from twentyone.cli import main


def fails(capsys: pytest.CaptureFixture[str], argv: list[str], code: str) -> str:
    """Run ``twentyone argv``; assert it exits 2 with one ``error: CODE: ...`` line on stderr
    and nothing on stdout, and return that line."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith(f"error: {code}:"), lines[0]
    assert captured.out == ""
    return lines[0]
