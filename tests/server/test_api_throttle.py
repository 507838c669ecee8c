"""Throttles (issue 10, reproduction 3): failed logins per account and per client address,
new guests per address, and a bounded number of password hashes at once.

GLI-19 2.5.3 counts 3 failed logins in 30 minutes: the default settings lock the account at
the third for 30 minutes, even against the right password.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import anyio
import httpx
import pytest
from server_helpers import GameClient, csrf_headers, live_server, ok, refused

from twentyone.server import accounts as accounts_module
from twentyone.server import create_app
from twentyone.server.errors import ServerBusyError
from twentyone.server.settings import ServerSettings
from twentyone.server.throttle import HashSlots, Window
from twentyone.store.service import TableService

PASSWORD = "right-password"


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


def visitor(service: TableService, address: str = "10.0.0.1", **settings: object) -> GameClient:
    config = ServerSettings(password_cost=2**10, **settings)  # type: ignore[arg-type]
    return GameClient(create_app(service, settings=config), client=(address, 40_000))


def register(client: GameClient, name: str) -> None:
    ok(client.post("/api/auth/register", json={"username": name, "password": PASSWORD}), 201)
    assert client.post("/api/auth/logout").status_code == 204


def login(client: GameClient, name: str, password: str) -> httpx.Response:
    response: httpx.Response = client.post(
        "/api/auth/login", json={"username": name, "password": password}
    )
    return response


def test_three_failures_lock_the_account_even_for_the_right_password(
    service: TableService,
) -> None:
    """Reproduction 3: 200 wrong passwords were all answered and the right one still worked."""
    with visitor(service) as client:
        register(client, "alice")
        register(client, "bob")
        refused(login(client, "alice", "wrong-one"), 401, "invalid-credentials")
        refused(login(client, "Alice", "wrong-two"), 401, "invalid-credentials")
        third = login(client, "alice", "wrong-three")
        refused(third, 429, "login-locked")
        assert int(third.headers["retry-after"]) == 1_800
        for password in ("wrong-four", PASSWORD):
            locked = login(client, "alice", password)
            refused(locked, 429, "login-locked")
            assert 1_700 < int(locked.headers["retry-after"]) <= 1_800
        ok(login(client, "bob", PASSWORD))  # another account is not locked


def test_a_success_forgets_the_failures_before_it(service: TableService) -> None:
    with visitor(service) as client:
        register(client, "carol")
        for _ in range(3):
            refused(login(client, "carol", "wrong-pass"), 401, "invalid-credentials")
            ok(login(client, "carol", PASSWORD))


def test_the_lock_length_is_the_operators(service: TableService) -> None:
    with visitor(service, login_failures=5, login_lock_s=600) as client:
        register(client, "dave")
        for _ in range(4):
            refused(login(client, "dave", "wrong-pass"), 401, "invalid-credentials")
        assert login(client, "dave", "wrong-pass").headers["retry-after"] == "600"


def test_failures_from_one_address_lock_the_address(service: TableService) -> None:
    app_settings = {"client_failures": 4, "login_failures": 100}
    with visitor(service, **app_settings) as client:
        register(client, "erin")
        for i in range(3):
            refused(login(client, f"nobody{i}", "wrong-pass"), 401, "invalid-credentials")
        refused(login(client, "nobody3", "wrong-pass"), 429, "login-locked")
        refused(login(client, "erin", PASSWORD), 429, "login-locked")  # this address waits


def test_guests_per_address_are_bounded(service: TableService) -> None:
    """Reproduction 3: 200 cookie-less ``POST /api/auth/guest`` made 200 funded players."""
    app = create_app(service, settings=ServerSettings(password_cost=2**10, guests_per_client=3))
    made = []
    for _ in range(3):
        with GameClient(app, client=("10.0.0.2", 1)) as fresh:
            made.append(ok(fresh.post("/api/auth/guest"))["id"])
    assert len(set(made)) == 3
    with GameClient(app, client=("10.0.0.2", 1)) as fourth:
        response = fourth.post("/api/auth/guest")
        refused(response, 429, "too-many-guests")
        assert int(response.headers["retry-after"]) > 0
        body = {"username": "frank", "password": PASSWORD}  # a registration makes a player too
        refused(fourth.post("/api/auth/register", json=body), 429, "too-many-guests")
    with GameClient(app, client=("10.0.0.3", 1)) as elsewhere:
        ok(elsewhere.post("/api/auth/guest"))
    with GameClient(app, client=("10.0.0.2", 1)) as again:
        again.cookies.set("twentyone_session", "not-a-session")
        refused(again.post("/api/auth/guest"), 429, "too-many-guests")


class Gauge:
    """Counts password checks running at once (the real check, from worker threads)."""

    def __init__(self) -> None:
        self.now = 0
        self.most = 0
        self.lock = threading.Lock()
        self.release = threading.Event()

    def __call__(self, password: str, stored: str) -> bool:
        with self.lock:
            self.now += 1
            self.most = max(self.most, self.now)
        self.release.wait(timeout=20)
        try:
            return accounts_module_verify(password, stored)
        finally:
            with self.lock:
                self.now -= 1


accounts_module_verify = accounts_module.verify_password


@pytest.fixture
def gauge(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gauge]:
    g = Gauge()
    monkeypatch.setattr(accounts_module, "verify_password", g)
    yield g
    g.release.set()


def test_concurrent_logins_hash_two_at_a_time_and_light_requests_go_on(
    service: TableService, gauge: Gauge
) -> None:
    """Reproduction 3: 100 concurrent logins doubled the memory and stalled others 4.4 s."""
    settings = ServerSettings(password_cost=2**10, password_hashes=2, password_wait_s=60)
    app = create_app(service, settings=settings)
    with GameClient(app) as setup:
        register(setup, "grace")
    with live_server(app) as url:

        def one_login(_: int) -> int:
            with httpx.Client(base_url=url) as http:
                http.get("/api/variants")
                body = {"username": "grace", "password": PASSWORD}
                response = http.post("/api/auth/login", json=body, headers=csrf_headers(http))
                return response.status_code

        with ThreadPoolExecutor(max_workers=12) as pool:
            logins = [pool.submit(one_login, i) for i in range(12)]
            deadline = time.monotonic() + 30
            while gauge.now < 2 and time.monotonic() < deadline:  # both slots taken
                time.sleep(0.01)
            with httpx.Client(base_url=url) as light:
                # Every login is waiting on the two hashing slots; light requests still answer.
                for _ in range(5):
                    assert light.get("/api/variants").status_code == 200
                assert light.get("/api/variants/european/rules").status_code == 200
            assert gauge.most <= 2
            gauge.release.set()
            statuses = [f.result(timeout=60) for f in logins]
    assert statuses == [200] * 12
    assert gauge.most == 2


def test_past_the_queue_a_login_is_refused_at_once() -> None:
    slots = HashSlots(1, queue=0, wait_s=5)
    entered = threading.Event()
    leave = threading.Event()

    def slow() -> str:
        entered.set()
        leave.wait(timeout=20)
        return "done"

    async def main() -> list[object]:
        results: list[object] = []

        async def first() -> None:
            results.append(await slots.run(slow))

        async with anyio.create_task_group() as tg:
            tg.start_soon(first)
            await anyio.to_thread.run_sync(entered.wait, 20)
            try:
                await slots.run(lambda: "second")
            except ServerBusyError as exc:
                results.append(exc.code)
                results.append(exc.retry_after)
            leave.set()
        return results

    assert sorted(map(str, anyio.run(main))) == ["1", "done", "server-busy"]


def test_a_window_forgets_old_events_and_unlocks() -> None:
    now = [0.0]
    window = Window(limit=3, window_s=30, lock_s=60, clock=lambda: now[0])
    assert window.hit("k") is None
    now[0] = 31  # the first event is out of the window
    assert window.hit("k") is None
    assert window.hit("k") is None
    assert window.hit("k") == 60
    now[0] = 31 + 59.5
    assert window.locked_for("k") == 1
    now[0] = 31 + 60
    assert window.locked_for("k") is None


def test_the_window_table_is_bounded() -> None:
    window = Window(limit=2, window_s=30, lock_s=60, max_keys=100)
    for i in range(1_000):
        window.hit(f"key-{i}")
    assert len(window._events) == 100
