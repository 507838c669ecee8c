"""Cross-site requests are refused (issue 10, reproduction 4), and cookies are ``Secure`` with
HSTS over HTTPS (reproduction 11). The same attacks from a real browser page on another port
are in ``test_api_crosssite_browser.py``.

Contract (BRIEF): every state-changing ``/api`` request carries ``X-CSRF-Token`` equal to the
``twentyone_csrf`` cookie, besides coming from the game's own ``Origin`` / ``Sec-Fetch-Site``.
"""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from server_helpers import NewClient, ok, refused, snapshot
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

LL = "/api/tables/lucky-lucky"
ATTACKS = [
    ({"Origin": "http://127.0.0.1:8001"}, "cross-site-request"),  # same site, another port
    ({"Origin": "http://evil.example"}, "cross-site-request"),
    ({"Origin": "https://testserver"}, "cross-site-request"),  # another scheme
    ({"Origin": "null"}, "cross-site-request"),  # a sandboxed frame or a data: page
    ({"Sec-Fetch-Site": "same-site"}, "cross-site-request"),
    ({"Sec-Fetch-Site": "cross-site"}, "cross-site-request"),
    ({"X-CSRF-Token": ""}, "csrf-token"),
    ({"X-CSRF-Token": "A" * 43}, "csrf-token"),
]


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


def test_a_wager_from_elsewhere_is_refused_and_changes_nothing(client: TestClient) -> None:
    """Reproduction 4: a form on another port of the host placed a wager (201)."""
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    before = snapshot(client)
    for headers, code in ATTACKS:
        refused(client.post(f"{LL}/rebet-and-deal", headers=headers), 403, code)
        refused(client.post(f"{LL}/deal", headers=headers), 403, code)
        refused(client.post(f"{LL}/clear", headers=headers), 403, code)
        assert snapshot(client) == before, headers


def test_a_cross_site_logout_is_refused(client: TestClient) -> None:
    """Reproduction 4: a logout form on another site deleted the guest's cookie."""
    me = ok(client.get("/api/auth/me"))
    response = client.post("/api/auth/logout", headers={"Origin": "http://evil.example"})
    refused(response, 403, "cross-site-request")
    assert "twentyone_session" not in response.headers.get("set-cookie", "")
    assert ok(client.get("/api/auth/me"))["id"] == me["id"]
    refused(client.post("/api/auth/logout", headers={"X-CSRF-Token": "x"}), 403, "csrf-token")
    assert ok(client.get("/api/auth/me"))["id"] == me["id"]
    assert client.post("/api/auth/logout").status_code == 204


def test_a_request_without_the_token_is_refused(new_client: NewClient) -> None:
    visitor = new_client()
    response = TestClient.request(visitor, "POST", "/api/auth/guest")  # no X-CSRF-Token
    refused(response, 403, "csrf-token")
    assert "twentyone_session" not in response.headers.get("set-cookie", "")


def test_the_game_itself_passes(client: TestClient) -> None:
    own = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}, headers=own))


def test_any_response_sets_the_csrf_cookie_once(new_client: NewClient) -> None:
    """A fresh visitor gets the token from any GET (the page itself, or ``/api/auth/me``)."""
    visitor = new_client()
    first = visitor.get("/")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith("twentyone_csrf=")
    assert "SameSite=Strict" in cookie
    assert "HttpOnly" not in cookie  # the page's script reads it
    assert "Secure" not in cookie  # plain HTTP (a test server)
    assert "set-cookie" not in visitor.get("/api/variants").headers  # it has one now
    token = visitor.cookies["twentyone_csrf"]
    headers = {"X-CSRF-Token": token}
    ok(TestClient.request(visitor, "POST", "/api/auth/guest", headers=headers))


def test_an_allowed_origin_passes(service: TableService) -> None:
    """A proxy that rewrites ``Host``: the operator names the public origin."""
    settings = ServerSettings(password_cost=2**10, allowed_origins=("https://play.example",))
    with TestClient(create_app(service, settings=settings)) as visitor:
        token = "t" * 43
        visitor.cookies.set("twentyone_csrf", token)
        for origin, status in (("https://play.example", 200), ("https://other.example", 403)):
            response = visitor.post(
                "/api/auth/guest",
                headers={"Origin": origin, "Sec-Fetch-Site": "cross-site", "X-CSRF-Token": token},
            )
            assert response.status_code == status, response.text


def _https_app(service: TableService, **settings: object) -> FastAPI:
    return create_app(service, settings=ServerSettings(password_cost=2**10, **settings))  # type: ignore[arg-type]


def test_over_https_cookies_are_secure_and_hsts_is_sent(service: TableService) -> None:
    """Reproduction 11: no ``Secure`` cookie or HSTS unless asked."""
    with TestClient(_https_app(service), base_url="https://testserver") as visitor:
        response = visitor.get("/")
        assert "Secure" in response.headers["set-cookie"]
        assert response.headers["strict-transport-security"].startswith("max-age=")
        token = visitor.cookies["twentyone_csrf"]
        response = visitor.post("/api/auth/guest", headers={"X-CSRF-Token": token})
        session_cookie = [c for c in response.headers.get_list("set-cookie") if "session" in c]
        assert "Secure" in session_cookie[0]
    with TestClient(_https_app(service)) as plain:
        response = plain.get("/")
        assert "strict-transport-security" not in response.headers
        assert "Secure" not in response.headers["set-cookie"]


def test_behind_a_proxy_that_says_https_cookies_are_secure(service: TableService) -> None:
    """The documented setup: Uvicorn trusts the proxy's ``X-Forwarded-Proto``."""
    app = ProxyHeadersMiddleware(_https_app(service), trusted_hosts="*")
    with TestClient(app) as visitor:  # type: ignore[arg-type]
        response = visitor.get("/", headers={"X-Forwarded-Proto": "https"})
        assert "Secure" in response.headers["set-cookie"]
        assert "strict-transport-security" in response.headers


def test_secure_cookies_can_be_forced(service: TableService) -> None:
    with TestClient(_https_app(service, secure_cookies=True)) as visitor:
        response = visitor.get("/")
        assert "Secure" in response.headers["set-cookie"]
        assert "strict-transport-security" in response.headers
