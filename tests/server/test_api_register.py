"""Registration is one transaction with the right code for each refusal (issue 10, reproduction
6), on SQLite and PostgreSQL, under concurrency (a real server, requests at once)."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from server_helpers import csrf_headers, live_server, ok
from sqlalchemy import func, select

from twentyone.server import create_app
from twentyone.server.models import AccountRow
from twentyone.server.settings import ServerSettings
from twentyone.store.models import PlayerRow
from twentyone.store.service import TableService

SETTINGS = ServerSettings(password_cost=2**10, guests_per_client=1_000)


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


def _players_without_login(service: TableService) -> int:
    with service.engine.connect() as conn:
        query = (
            select(func.count())
            .select_from(PlayerRow)
            .outerjoin(AccountRow, AccountRow.player_id == PlayerRow.id)
            .where(AccountRow.player_id.is_(None))
        )
        return int(conn.execute(query).scalar_one())


def _codes(responses: list[httpx.Response]) -> Counter[str]:
    return Counter(
        str(r.status_code) if r.status_code < 400 else r.json()["error"]["code"] for r in responses
    )


def test_twenty_registrations_of_one_name_at_once_leave_no_orphan(service: TableService) -> None:
    """Reproduction 6: 20 concurrent registrations left orphan players with play money."""
    with live_server(create_app(service, settings=SETTINGS)) as url:

        def register(_: int) -> httpx.Response:
            with httpx.Client(base_url=url) as visitor:  # no session: a new player each
                visitor.get("/")
                body = {"username": "zoe", "password": "password-1"}
                return visitor.post("/api/auth/register", json=body, headers=csrf_headers(visitor))

        with ThreadPoolExecutor(max_workers=20) as pool:
            responses = list(pool.map(register, range(20)))
    assert _codes(responses) == {"201": 1, "username-taken": 19}
    assert _players_without_login(service) == 0  # no player with play money and no login


def test_a_guest_registering_twenty_names_at_once_is_already_registered(
    service: TableService,
) -> None:
    """Reproduction 6: one guest registering 20 free names got nineteen ``username-taken``."""
    with live_server(create_app(service, settings=SETTINGS)) as url:
        with httpx.Client(base_url=url) as guest:
            guest.get("/")
            me = ok(guest.post("/api/auth/guest", headers=csrf_headers(guest)))
            cookies, headers = guest.cookies, csrf_headers(guest)

        def register(i: int) -> httpx.Response:
            with httpx.Client(base_url=url, cookies=cookies) as same_guest:
                body = {"username": f"name{i}", "password": "password-1"}
                return same_guest.post("/api/auth/register", json=body, headers=headers)

        with ThreadPoolExecutor(max_workers=20) as pool:
            responses = list(pool.map(register, range(20)))
    assert _codes(responses) == {"201": 1, "already-registered": 19}
    winner = next(r.json() for r in responses if r.status_code == 201)
    assert winner["id"] == me["id"]  # the guest's own player, balance and history kept
    with service.engine.connect() as conn:
        assert conn.execute(select(func.count()).select_from(AccountRow)).scalar_one() == 1
        assert conn.execute(select(func.count()).select_from(PlayerRow)).scalar_one() == 1
