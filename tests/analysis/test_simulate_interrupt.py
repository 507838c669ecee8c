"""Ctrl-C stops ``twentyone simulate`` with several workers at once (a first-use review found
the bar frozen and the process playing on: leaving the process pool waited for every queued
chunk). Wanted: a prompt stop, the workers gone, one plain line, exit status 130."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

STOP_SECONDS = 15.0
"""How long the interrupted run may take to end (the old code played on for hours)."""
PROGRESSED = re.compile(rb"\s[1-9][0-9]*/1000000000\b")
"""The progress bar's count once a chunk is done."""
START_SECONDS = 180.0
"""How long a loaded machine may take to start the workers and finish the first chunk."""


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@pytest.mark.parametrize("to_group", [False, True], ids=["main-process", "process-group"])
def test_ctrl_c_stops_a_run_with_two_workers(to_group: bool) -> None:
    """SIGINT after the first progress (to the main process alone, as ``timeout -s INT`` sends
    it, or to the whole group, as a terminal's Ctrl-C does): status 130 within seconds, one
    line saying so, no traceback, no worker left."""
    leader, follower = pty.openpty()  # a terminal on stderr: the progress bar is drawn there
    argv = [sys.executable, "-m", "twentyone.cli", "simulate", "lucky-lucky"]
    argv += ["--rounds", "1e9", "--workers", "2", "--seed", "1"]
    env = {**os.environ, "COLUMNS": "200", "TERM": "xterm"}
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=follower,
        env=env,
        start_new_session=True,
    )
    os.close(follower)
    screen = b""
    try:
        deadline = time.monotonic() + START_SECONDS
        workers: set[int] = set()
        while time.monotonic() < deadline:
            if select.select([leader], [], [], 0.5)[0]:
                screen += os.read(leader, 65536)
            workers = _children(proc.pid)
            if PROGRESSED.search(screen) and len(workers) >= 2:
                break
        else:
            pytest.fail(f"no progress within {START_SECONDS} s: {screen[-300:]!r}")
        if to_group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            os.kill(proc.pid, signal.SIGINT)
        sent = time.monotonic()
        status = proc.wait(timeout=STOP_SECONDS)
        elapsed = time.monotonic() - sent
        while select.select([leader], [], [], 0.2)[0]:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed with the last process
                break
            if not chunk:
                break
            screen += chunk
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        os.close(leader)
    assert proc.stdout is not None
    out = proc.stdout.read()
    proc.stdout.close()
    text = screen.decode(errors="replace")
    assert status == 130, (status, text[-500:])
    assert elapsed < STOP_SECONDS
    assert "Traceback" not in text
    assert "interrupted" in text
    assert out == b"", "no figures for a part of a run"
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)], "a worker process is left"
