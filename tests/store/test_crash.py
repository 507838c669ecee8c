"""Crash tests: a real process is killed (SIGKILL) at random points of scripted play.

After every restart each unfinished round resumes (or is voided); at the end the balance equals
the ledger and the settled outcomes exactly, and every round replays to the same settlement.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from storetest import KEY, OpenService

from twentyone.rng import SeededRandomSource
from twentyone.scenario import replay_text

DRIVER = Path(__file__).with_name("crash_driver.py")
ROUNDS = 16  # about 60 committed steps: at 1-15 steps a kill, the driver is killed several times
GRANT = 100_000


def _run_until_killed(url: str, seed: int, steps: int, delay: float) -> bool:
    """Start the driver; kill it ``delay`` seconds after its ``steps``-th committed step.

    True if it finished first.
    """
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    proc = subprocess.Popen(
        [sys.executable, str(DRIVER), url, KEY.decode(), "crash", str(ROUNDS), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    seen = 0
    line = ""
    while seen < steps:
        line = proc.stdout.readline().strip()
        if line != "step":
            break
        seen += 1
    time.sleep(delay)
    if line != "done" and proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    out = line + proc.stdout.read()
    assert proc.stderr is not None
    errors = proc.stderr.read()
    proc.stdout.close()
    proc.stderr.close()
    assert proc.returncode in (0, -signal.SIGKILL), errors
    return proc.returncode == 0 and "done" in out


def test_killed_play_resumes_and_keeps_the_books(open_service: OpenService) -> None:
    svc = open_service()
    url = svc.engine.url.render_as_string(hide_password=False)
    svc.accounts.create_player("crash", grant=GRANT)
    rng = SeededRandomSource(2026)
    finished = False
    kills = 0
    for attempt in range(40):
        steps = 1 + rng.randbelow(15)
        finished = _run_until_killed(url, attempt, steps, rng.randbelow(4) / 1000)
        if finished:
            break
        kills += 1
    assert finished, "the driver never completed its rounds"
    assert kills >= 3, "the driver finished before being killed often enough"

    check = open_service()
    player = check.accounts.find_player("crash")
    assert player is not None and player.open_round_id is None
    page = check.records.history(player.id, limit=1000)
    assert page.total >= ROUNDS
    statement = check.records.statement(player.id, limit=100_000)
    assert statement.reconciles
    settled_net = 0
    for summary in page.rounds:
        assert summary.status in ("settled", "void")
        record = check.records.round_record(player.id, summary.id)
        placed = [e for e in record.events if e["type"] == "WagerPlaced"]
        wagers = [e for e in record.entries if e.kind == "wager"]
        if summary.status == "void":
            assert sum(e.amount for e in record.entries) == 0
            continue
        assert len(wagers) == len(placed)
        assert sum(e.amount for e in record.entries) == summary.net
        settled_net += summary.net
        result = replay_text(json.dumps(check.records.export_scenario(player.id, summary.id)))
        assert result["net"] == summary.net
        assert sorted((w["stake"], w["returned"]) for w in result["wagers"]) == sorted(
            (w["stake"], w["returned"]) for w in record.wagers
        )
    assert statement.balance == GRANT + settled_net
