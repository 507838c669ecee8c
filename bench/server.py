"""The web server under a bounded loopback load: requests/s, server CPU per request, latencies.

    .venv/bin/python bench/server.py [--players N] [--think MS] [--duration S] [--warmup S]
                                     [--variant V] [--db sqlite|pg|URL] [--workers W] [--port P]
                                     [--src DIR] [--http auto|h11] [--loop auto|asyncio]
                                     [--against DIR [--repeat R]]

Starts ``twentyone``'s app under Uvicorn itself (``--workers`` processes, on 127.0.0.1) on a
fresh database: a SQLite file in a temporary directory (``--db sqlite``, the default) or a fresh
PostgreSQL database made on the server of ``--db URL`` (``$TWENTYONE_TEST_PG_URL`` with
``--db pg``) and dropped afterwards. Then ``--players`` closed-loop players (one thread and one
keep-alive connection each) each take a guest account and play whole rounds: REBET & DEAL (the
first round: a chip, then DEAL), then each decision (hit below 17, never insure), waiting
``--think`` milliseconds before each request. After ``--warmup`` seconds it measures for
``--duration`` seconds and prints the requests per second, the server's CPU time (user + system,
every process) per request, and the p50/p95/p99 latency of deal and of decision requests. The
load is bounded: it stops after the duration, and the server is stopped with it. ``--src``
serves another checkout's ``src`` (e.g. ``git archive`` of an older commit); ``--against DIR``
runs that one and this one (or ``--src``) alternately, ``--repeat`` times each, and prints the
medians and their ratios (the machine's other load moves single runs a lot; the server's CPU
per request moves least). The app is ``bench/server_app.py``: the server's own, with a guest
limit that lets every player in (they all come from one address).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil
from cryptography.fernet import Fernet
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

CHIP = 100


@dataclass
class Tally:
    """What one player saw in the measured window."""

    deal: list[float] = field(default_factory=list)
    decision: list[float] = field(default_factory=list)
    other: int = 0
    errors: int = 0


class Player:
    """One closed-loop player on its own keep-alive connection."""

    def __init__(self, port: int, variant: str, think: float) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.variant = variant
        self.think = think
        self.cookies = {"twentyone_csrf": secrets.token_urlsafe(32)}  # as a page would hold
        self.tally = Tally()
        self.measuring = False

    def request(self, method: str, path: str, body: object = None, kind: str = "other") -> Any:
        if self.think:
            time.sleep(self.think)
        headers = {
            "Cookie": "; ".join(f"{name}={value}" for name, value in self.cookies.items()),
            "Content-Type": "application/json",
            "X-CSRF-Token": self.cookies["twentyone_csrf"],
        }
        if kind in {"deal", "decision"}:
            headers["Idempotency-Key"] = uuid.uuid4().hex  # one per intent, as the client does
        payload = None if body is None else json.dumps(body)
        start = time.perf_counter()
        self.conn.request(method, path, payload, headers)
        response = self.conn.getresponse()
        data = response.read()
        elapsed = time.perf_counter() - start
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie, _, token = value.split(";", 1)[0].partition("=")
                self.cookies[cookie] = token
        if self.measuring:
            if response.status >= 400:
                self.tally.errors += 1
            elif kind == "deal":
                self.tally.deal.append(elapsed)
            elif kind == "decision":
                self.tally.decision.append(elapsed)
            else:
                self.tally.other += 1
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def play(self, stop: threading.Event) -> None:
        table = f"/api/tables/{self.variant}"
        self.request("POST", "/api/auth/guest")
        self.request("POST", f"{table}/bets", {"spot": 0, "chip": CHIP})
        dealt = self.request("POST", f"{table}/deal", kind="deal")
        while not stop.is_set():
            state = dealt["round"]
            while state["status"] == "open" and not stop.is_set():
                state = self.request(
                    "POST",
                    f"/api/rounds/{state['round_id']}/actions",
                    {"action": decide(state), "expected_step": state["step"]},
                    kind="decision",
                )
            dealt = self.request("POST", f"{table}/rebet-and-deal", kind="deal")

    def run(self, stop: threading.Event) -> None:
        try:
            self.play(stop)
        except Exception as exc:  # reported; the other players go on
            if not stop.is_set():
                print(f"player stopped: {exc}", file=sys.stderr)
                self.tally.errors += 1
        finally:
            self.conn.close()


def decide(state: dict[str, Any]) -> str:
    """Hit below 17, stand otherwise; never insure."""
    legal = state["legal_actions"]
    for declined in ("no-insurance", "no-even-money"):
        if declined in legal:
            return declined
    current = state["current"]
    hand = next(h for h in state["hands"] if [h["spot"], h["hand"]] == current)
    return "hit" if hand["total"] < 17 and "hit" in legal else "stand"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def database(spec: str) -> Iterator[str]:
    """A fresh database URL for ``spec`` (``sqlite``, ``pg`` or a PostgreSQL URL)."""
    if spec == "sqlite":
        with tempfile.TemporaryDirectory() as home:
            yield f"sqlite:///{Path(home) / 'bench.db'}"
        return
    base = os.environ["TWENTYONE_TEST_PG_URL"] if spec == "pg" else spec
    name = f"twentyone_bench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        url = make_url(base).set(database=name).render_as_string(hide_password=False)
        # Migrate once before the workers start (they would all try at once otherwise).
        from twentyone.store import db

        engine = db.make_engine(url)
        db.migrate(engine)
        engine.dispose()
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextmanager
def server(args: argparse.Namespace, url: str, port: int) -> Iterator[psutil.Process]:
    """Uvicorn serving the app on ``url`` at 127.0.0.1:``port`` until the block ends."""
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "TWENTYONE_DB": url,
            "TWENTYONE_HOME": home,
            "TWENTYONE_SHOE_KEY": Fernet.generate_key().decode(),
            "TWENTYONE_BENCH_GUESTS": str(args.players + 10),
        }
        if args.src:
            env["PYTHONPATH"] = args.src
        argv = [sys.executable, "-m", "uvicorn", "--factory", "server_app:create_app"]
        argv += ["--app-dir", str(Path(__file__).parent)]
        argv += ["--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
        argv += ["--no-access-log", "--workers", str(args.workers)]
        argv += ["--http", args.http, "--loop", args.loop]
        proc = subprocess.Popen(argv, env=env)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=1):
                        break
                except OSError:
                    if proc.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server did not start") from None
                    time.sleep(0.1)
            root = psutil.Process(proc.pid)
            settle(root, args.workers)
            yield root
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def settle(root: psutil.Process, workers: int, *, quiet: float = 0.05, bound: float = 60) -> None:
    """Wait until the server has finished starting: every worker process up (``workers`` > 1:
    Uvicorn's supervisor and its children) and the advisor's warm-up done (a background thread
    of a second or two of CPU in each process, counted as the requests' if it ran while they
    were measured) — until half a second passes with less than ``quiet`` CPU-seconds used (at
    most ``bound`` seconds)."""
    deadline = time.monotonic() + bound
    before = cpu_seconds(root)[0]
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = cpu_seconds(root)[0]
        started = workers == 1 or len(root.children()) >= workers
        if started and now - before < quiet:
            return
        before = now


def cpu_seconds(root: psutil.Process) -> tuple[float, float]:
    """User + system CPU time of the server's processes so far: all, and their main threads
    (the event loops: HTTP, routing, validation; the rest is the worker threads)."""
    total = main = 0.0
    for proc in [root, *root.children(recursive=True)]:
        try:
            times = proc.cpu_times()
            threads = {t.id: t for t in proc.threads()}
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
        loop = threads.get(proc.pid)
        if loop is not None and (proc is not root or not root.children()):
            main += loop.user_time + loop.system_time
    return total, main


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@dataclass
class Result:
    """One measured window: requests/s, server CPU per request, latencies (ms) by kind."""

    rate: float
    cpu_ms: float
    loop_ms: float
    errors: int
    latencies: dict[str, list[float]]

    def p(self, kind: str, fraction: float) -> float:
        return percentile(self.latencies[kind], fraction)


def measure(args: argparse.Namespace) -> Result:
    port = args.port or free_port()
    with database(args.db) as url, server(args, url, port) as root:
        stop = threading.Event()
        players = [Player(port, args.variant, args.think / 1000) for _ in range(args.players)]
        threads = [threading.Thread(target=p.run, args=(stop,), daemon=True) for p in players]
        for thread in threads:
            thread.start()
        time.sleep(args.warmup)
        (cpu0, loop0), t0 = cpu_seconds(root), time.perf_counter()
        for player in players:
            player.measuring = True
        time.sleep(args.duration)
        for player in players:
            player.measuring = False
        (cpu1, loop1), t1 = cpu_seconds(root), time.perf_counter()
        stop.set()
        for thread in threads:
            thread.join(35)
    tallies = [p.tally for p in players]
    deal = [1000 * x for t in tallies for x in t.deal]
    decision = [1000 * x for t in tallies for x in t.decision]
    count = len(deal) + len(decision) + sum(t.other for t in tallies)
    per = 1000 / max(count, 1)
    return Result(
        rate=count / (t1 - t0),
        cpu_ms=(cpu1 - cpu0) * per,
        loop_ms=(loop1 - loop0) * per,
        errors=sum(t.errors for t in tallies),
        latencies={"deal": deal, "decision": decision, "all": deal + decision},
    )


def label(args: argparse.Namespace) -> str:
    backend = "sqlite" if args.db == "sqlite" else "postgresql"
    text = f"{backend}{f' [{args.src}]' if args.src else ''}"
    if (args.http, args.loop) != ("auto", "auto"):
        text += f" [{args.http}/{args.loop}]"
    return f"{text} x{args.workers} process(es)"


def report(args: argparse.Namespace, result: Result) -> None:
    print(
        f"{label(args)}, {args.players} players, think {args.think:g} ms,"
        f" {args.duration:.0f} s: {result.rate:.0f} requests/s,"
        f" server CPU {result.cpu_ms:.2f} ms/request"
        f" (event loops {result.loop_ms:.2f}), {result.errors} errors"
    )
    for name in ("deal", "decision"):
        ms = result.latencies[name]
        print(
            f"  {name:<9} n={len(ms):6d}  p50 {result.p(name, 0.50):7.1f}  p95"
            f" {result.p(name, 0.95):7.1f}  p99 {result.p(name, 0.99):7.1f} ms"
            f"  (mean {statistics.fmean(ms) if ms else float('nan'):.1f})",
            flush=True,
        )


def compare(args: argparse.Namespace) -> None:
    """``--against``: the two sources alternately, then the medians and their ratios."""
    sides = {"before": args.against, "after": args.src}
    results: dict[str, list[Result]] = {"before": [], "after": []}
    for _ in range(args.repeat):
        for side, src in sides.items():
            run = argparse.Namespace(**{**vars(args), "src": src})
            result = measure(run)
            report(run, result)
            results[side].append(result)
    rows = [
        ("requests/s", lambda r: r.rate),
        ("server CPU ms/request", lambda r: r.cpu_ms),
        ("event loops ms/request", lambda r: r.loop_ms),
        ("deal+decision p50 ms", lambda r: r.p("all", 0.50)),
        ("deal+decision p95 ms", lambda r: r.p("all", 0.95)),
        ("deal+decision p99 ms", lambda r: r.p("all", 0.99)),
    ]
    for kind in ("deal", "decision"):
        rows += [(f"{kind} p{q} ms", lambda r, k=kind, f=q / 100: r.p(k, f)) for q in (50, 95, 99)]
    args.src = None
    print(f"{label(args)}, {args.players} players: medians of {args.repeat} alternating runs")
    print(f"  {'':<24}{'before':>10}{'after':>10}{'after/before':>14}")
    for name, value in rows:
        before = statistics.median(value(r) for r in results["before"])
        after = statistics.median(value(r) for r in results["after"])
        print(f"  {name:<24}{before:10.2f}{after:10.2f}{after / before:14.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--think", type=float, default=0.0, help="milliseconds before a request")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--variant", default="european")
    parser.add_argument("--db", default="sqlite", help="sqlite, pg ($TWENTYONE_TEST_PG_URL), URL")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--src", help="serve the package from this src directory")
    parser.add_argument(
        "--http", default="auto", help="uvicorn's HTTP parser: auto, h11, httptools"
    )
    parser.add_argument(
        "--loop", default="auto", help="uvicorn's event loop: auto, asyncio, uvloop"
    )
    parser.add_argument(
        "--against", help="compare with the package in this src directory (alternating runs)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side (--against)")
    args = parser.parse_args()
    if args.duration > 600 or args.players > 500 or args.repeat > 10:
        parser.error("the load is bounded: at most 600 s, 500 players and 10 repeats")
    if args.against:
        compare(args)
    else:
        report(args, measure(args))


if __name__ == "__main__":
    main()
