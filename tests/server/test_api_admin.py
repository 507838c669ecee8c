"""The back office's API: administrator sessions never cross with players', every change is
audited (and the log cannot be edited through any route), locks, voids, reports and CSV."""

from __future__ import annotations

import csv
import io
import re
import secrets
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient
from server_helpers import GameClient, NewClient, Shoes, ok, quick_rtp, refused

from twentyone import catalogues
from twentyone.rules import Rules
from twentyone.server import create_app
from twentyone.server.passwords import hash_password
from twentyone.server.settings import ServerSettings
from twentyone.store.reports import insurance_rtp
from twentyone.store.service import TableService

PASSWORD = "correct horse battery"
KEY = Fernet.generate_key()


class Clock:
    """The store's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def db_url(both_backends: str) -> str:
    """Every back-office test runs on SQLite and on PostgreSQL."""
    return both_backends


@pytest.fixture
def admin(service: TableService, new_client: NewClient) -> TestClient:
    """A client logged in to the back office as ``ada``."""
    service.admin.add_admin("ada", hash_password(PASSWORD, n=2**10), by="test")
    client = new_client()
    ok(client.post("/api/admin/login", json={"name": "ada", "password": PASSWORD}))
    return client


def _player(client: TestClient) -> str:
    player_id: str = ok(client.get("/api/auth/me"))["id"]
    return player_id


def _open_round(service: TableService, shoes: Shoes, player_id: str) -> str:
    shoes.stack("Ts 9d 6h 7c")  # player 10 + 6 against a 9: waiting for a decision
    service.seat.place(player_id, "standard", 0, 1000)
    return service.play.deal(player_id, "standard").round_id


def test_a_player_session_gets_nothing_from_the_back_office(
    client: TestClient, admin: TestClient
) -> None:
    refused(client.get("/api/admin/players"), 401, "admin-not-authenticated")
    refused(client.get("/api/admin/audit"), 401, "admin-not-authenticated")
    player_token = client.cookies.get("twentyone_session")
    assert player_token
    # The player's own token presented as an admin cookie finds no administrator either.
    forged = TestClient(client.app)
    forged.cookies.set("twentyone_admin", player_token)
    refused(forged.get("/api/admin/me"), 401, "admin-not-authenticated")


ADMIN_STATIC = Path(__file__).resolve().parents[2] / "src/twentyone/server/static/admin"


def _admin_keys(*sources: Path) -> set[str]:
    """The ``admin.*`` keys the back office's ``sources`` name in full."""
    found: set[str] = set()
    for path in sources:
        found |= set(re.findall(r"[\"'](admin\.[a-z0-9.-]+)[\"']", path.read_text()))
    return found


def test_the_back_office_texts_go_to_administrators_only(
    new_client: NewClient, client: TestClient, admin: TestClient
) -> None:
    """``GET /api/admin/names``: a logged-in administrator receives every ``admin.*`` text (in
    the language asked for) with the game's own names; without a session, only the login
    page's; a player's session is no administrator's."""
    english = dict(catalogues.table("en"))
    every_admin_key = {k for k in english if k.startswith("admin.")}
    full = ok(admin.get("/api/admin/names"))["text"]
    assert every_admin_key <= set(full)
    assert full["variant.standard"] == english["variant.standard"]  # the games' names too
    assert not [k for k in full if k.startswith("term.")]
    italian = ok(admin.get("/api/admin/names", params={"lang": "it"}))
    assert italian["language"] == "it" and italian["text"]["admin.col.balance"] == "Saldo"
    login_page = _admin_keys(ADMIN_STATIC / "index.html", ADMIN_STATIC / "pages" / "login.js")
    assert {"admin.login.submit", "admin.nav.players", "admin.loading"} <= login_page
    for visitor in (new_client(), client):  # nobody logged in; a player logged in
        response = visitor.get("/api/admin/names", params={"lang": "it"})
        assert response.headers["cache-control"] == "no-store"
        texts = ok(response)["text"]
        assert login_page <= set(texts) and texts["admin.login.submit"] == "Accedi"
        assert "admin.error.invalid-credentials" in texts  # the form's refusals
        assert "admin.col.balance" not in texts and "admin.player.lock" not in texts
        assert texts["action.hit"] == "Carta"


def test_a_forged_admin_cookie_gets_nothing(new_client: NewClient, admin: TestClient) -> None:
    stranger = new_client()
    stranger.cookies.set("twentyone_admin", secrets.token_urlsafe(32))
    refused(stranger.get("/api/admin/players"), 401, "admin-not-authenticated")
    refused(
        stranger.post("/api/admin/players/" + "0" * 32 + "/lock", json={"reason": "x"}),
        401,
        "admin-not-authenticated",
    )


def test_an_admin_cookie_is_no_player_session(new_client: NewClient, admin: TestClient) -> None:
    token = admin.cookies.get("twentyone_admin")
    assert token
    refused(admin.get("/api/auth/me"), 401, "not-authenticated")
    player_side = new_client()
    player_side.cookies.set("twentyone_session", token)
    refused(player_side.get("/api/wallet"), 401, "not-authenticated")


def test_the_admin_cookie_is_httponly_strict_and_only_for_the_admin_api(
    service: TableService, new_client: NewClient
) -> None:
    service.admin.add_admin("ada", hash_password(PASSWORD, n=2**10), by="test")
    response = new_client().post("/api/admin/login", json={"name": "ada", "password": PASSWORD})
    cookie = next(
        v
        for k, v in response.headers.multi_items()
        if k == "set-cookie" and v.startswith("twentyone_admin=")
    )
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/api/admin" in cookie


def test_admin_logins_are_throttled(service: TableService, new_client: NewClient) -> None:
    service.admin.add_admin("ada", hash_password(PASSWORD, n=2**10), by="test")
    client = new_client()
    for _ in range(2):
        refused(
            client.post("/api/admin/login", json={"name": "ada", "password": "wrong"}),
            401,
            "invalid-credentials",
        )
    refused(
        client.post("/api/admin/login", json={"name": "ada", "password": "wrong"}),
        429,
        "login-locked",
    )
    locked = client.post("/api/admin/login", json={"name": "ada", "password": PASSWORD})
    refused(locked, 429, "login-locked")  # even the right password, while locked
    assert int(locked.headers["Retry-After"]) > 0


def test_refused_admin_logins_are_in_the_audit_log(
    service: TableService, new_client: NewClient
) -> None:
    """Each refused login is recorded: the name tried, the client address and when — never
    the password — for a real administrator's name and for a name that is no one's."""
    service.admin.add_admin("ada", hash_password(PASSWORD, n=2**10), by="test")
    stranger = new_client()
    refused(
        stranger.post("/api/admin/login", json={"name": "Ada", "password": "guess-1"}),
        401,
        "invalid-credentials",
    )
    refused(
        stranger.post("/api/admin/login", json={"name": "root", "password": "guess-2"}),
        401,
        "invalid-credentials",
    )
    ok(stranger.post("/api/admin/login", json={"name": "ada", "password": PASSWORD}))
    log = ok(stranger.get("/api/admin/audit"))
    entries = log["entries"]
    assert [e["action"] for e in entries] == [
        "login",
        "login-failed",
        "login-failed",
        "admin-added",
    ]
    ada_id = entries[0]["admin_id"]
    root_try, ada_try = entries[1], entries[2]
    assert (ada_try["admin_id"], ada_try["admin_name"]) == (ada_id, "Ada")
    assert (root_try["admin_id"], root_try["admin_name"]) == ("", "root")
    assert ada_try["after"] == {"name": "Ada", "client": "testclient"}
    assert root_try["after"] == {"name": "root", "client": "testclient"}
    assert ada_try["at"] and ada_try["target_kind"] == "admin"
    assert "guess" not in str(entries)  # no password is kept
    assert log["chain"]["broken_at"] is None


def test_an_idle_admin_session_ends(tmp_path: Path, shoes: Shoes) -> None:
    """The back-office session ends after ``admin_idle_minutes`` (default 15) without a
    request; each request starts the 15 minutes again, up to ``admin_session_minutes``."""
    clock = Clock()
    svc = TableService.open(
        f"sqlite:///{tmp_path / 'idle.db'}", key=KEY, shoe_factory=shoes, clock=clock
    )
    try:
        svc.admin.add_admin("ada", hash_password(PASSWORD, n=2**10), by="test")
        settings = ServerSettings(password_cost=2**10, admin_session_minutes=40)
        assert ServerSettings().admin_idle_minutes == 15
        with GameClient(create_app(svc, settings=settings, rtp=quick_rtp)) as admin:
            ok(admin.post("/api/admin/login", json={"name": "ada", "password": PASSWORD}))
            clock.advance(minutes=14)
            ok(admin.get("/api/admin/me"))  # a request: 15 minutes from here
            clock.advance(minutes=14)
            ok(admin.get("/api/admin/me"))
            clock.advance(minutes=15)
            refused(admin.get("/api/admin/me"), 401, "admin-not-authenticated")
            # Active all along, the session still ends admin_session_minutes after login.
            ok(admin.post("/api/admin/login", json={"name": "ada", "password": PASSWORD}))
            for _ in range(3):
                clock.advance(minutes=13)
                ok(admin.get("/api/admin/me"))
            clock.advance(minutes=2)  # 41 minutes after login, 2 after the last request
            refused(admin.get("/api/admin/me"), 401, "admin-not-authenticated")
    finally:
        svc.close()


def test_logout_ends_the_session(admin: TestClient) -> None:
    token = admin.cookies.get("twentyone_admin")
    assert admin.post("/api/admin/logout").status_code == 204
    replay = TestClient(admin.app)
    replay.cookies.set("twentyone_admin", str(token))
    refused(replay.get("/api/admin/me"), 401, "admin-not-authenticated")


def test_every_change_through_the_back_office_is_in_the_audit_log(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    player = _player(client)
    path = f"/api/admin/players/{player}"
    ok(admin.post(f"{path}/vip-level", json={"level": "gold", "reason": "regular"}))
    ok(admin.post(f"{path}/lock", json={"reason": "suspected fraud"}))
    ok(admin.post(f"{path}/unlock", json={"reason": "cleared"}))
    round_id = _open_round(service, shoes, player)
    voided = ok(admin.post(f"/api/admin/rounds/{round_id}/void", json={"reason": "misdeal"}))
    assert voided["status"] == "void"
    log = ok(admin.get("/api/admin/audit"))
    actions = [(e["action"], e["admin_name"], e["before"], e["after"]) for e in log["entries"]]
    assert [a[0] for a in actions] == [
        "void",
        "unlock",
        "lock",
        "vip-level",
        "login",
        "admin-added",
    ]
    assert actions[3][2:] == ({"vip_level": "standard"}, {"vip_level": "gold"})
    assert actions[2][2] == {"locked": False} and actions[2][3]["locked"] is True
    assert actions[1][3] == {"locked": False}
    assert actions[0][2]["staked"] == 1000 and actions[0][3]["balance_change"] == 1000
    assert all(a[1] == "ada" for a in actions[:-1])
    assert log["chain"]["broken_at"] is None and log["chain"]["entries"] == 6
    about = ok(admin.get("/api/admin/audit", params={"target": player}))
    assert [e["action"] for e in about["entries"]] == ["unlock", "lock", "vip-level"]


def test_no_route_edits_the_audit_log(admin: TestClient) -> None:
    for method in ("put", "patch", "delete", "post"):
        response = admin.request(method, "/api/admin/audit")
        assert response.status_code == 405, (method, response.text)
    paths = ok(admin.get("/openapi.json"))["paths"]
    changes = {
        (method.upper(), path)
        for path, item in paths.items()
        if path.startswith("/api/admin")
        for method in item
        if method not in {"get", "head"}
    }
    assert changes == {
        ("POST", "/api/admin/login"),
        ("POST", "/api/admin/logout"),
        ("POST", "/api/admin/players/{player_id}/vip-level"),
        ("POST", "/api/admin/players/{player_id}/lock"),
        ("POST", "/api/admin/players/{player_id}/unlock"),
        ("POST", "/api/admin/rounds/{round_id}/void"),
    }


def test_a_locked_player_cannot_log_in_or_deal_and_is_told_so(
    service: TableService, new_client: NewClient, admin: TestClient
) -> None:
    player_client = new_client()
    ok(player_client.post("/api/auth/guest"))
    ok(
        player_client.post(
            "/api/auth/register", json={"username": "alice", "password": "s3cret-pass"}
        ),
        201,
    )
    player = _player(player_client)
    ok(admin.post(f"/api/admin/players/{player}/lock", json={"reason": "fraud check"}))
    body = refused(player_client.get("/api/auth/me"), 403, "account-locked")
    assert "locked" in body["error"]["sentence"]
    refused(player_client.post("/api/auth/guest"), 403, "account-locked")  # no fresh guest
    laptop = new_client()
    refused(
        laptop.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"}),
        403,
        "account-locked",
    )
    ok(admin.post(f"/api/admin/players/{player}/unlock", json={"reason": "cleared"}))
    ok(laptop.post("/api/auth/login", json={"username": "alice", "password": "s3cret-pass"}))


def test_changes_need_the_csrf_token(client: TestClient, admin: TestClient) -> None:
    player = _player(client)
    response = admin.post(
        f"/api/admin/players/{player}/lock",
        json={"reason": "x"},
        headers={"X-CSRF-Token": secrets.token_urlsafe(32)},
    )
    refused(response, 403, "csrf-token")
    assert ok(admin.get(f"/api/admin/players/{player}"))["lock"] == {"locked": False}


def test_player_search_and_account(client: TestClient, admin: TestClient) -> None:
    ok(
        client.post("/api/auth/register", json={"username": "Zelda", "password": "s3cret-pass"}),
        201,
    )
    player = _player(client)
    found = ok(admin.get("/api/admin/players", params={"q": "zel"}))
    assert [p["id"] for p in found["players"]] == [player] and found["total"] == 1
    assert (
        ok(admin.get("/api/admin/players", params={"q": player[:8]}))["players"][0]["id"] == player
    )
    assert ok(admin.get("/api/admin/players", params={"q": "nobody%"}))["total"] == 0
    assert ok(admin.get("/api/admin/players", params={"q": "%"}))["total"] == 0  # not a wildcard
    account = ok(admin.get(f"/api/admin/players/{player}"))
    assert account["username"] == "Zelda" and account["balance"] == 100_000
    assert account["vip_level"] == "standard" and account["lock"] == {"locked": False}
    assert "limits" in account["protection"]
    statement = ok(admin.get(f"/api/admin/players/{player}/statement"))
    assert [e["label"] for e in statement["entries"]] and statement["balance"] == 100_000
    refused(admin.get("/api/admin/players/" + "0" * 32), 404, "unknown-player")


def test_round_search_by_every_filter(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    player = _player(client)
    round_id = _open_round(service, shoes, player)

    def ids(**params: Any) -> list[str]:
        return [r["id"] for r in ok(admin.get("/api/admin/rounds", params=params))["rounds"]]

    assert ids(round_id=round_id[:10]) == [round_id]
    assert ids(player=player) == [round_id]
    assert ids(variant="standard", status="open") == [round_id]
    assert ids(status="settled") == [] and ids(variant="european") == []
    assert ids(since="2000-01-01T00:00:00Z", until="2100-01-01T00:00:00Z") == [round_id]
    assert ids(until="2000-01-01T00:00:00Z") == []
    record = ok(admin.get(f"/api/admin/rounds/{round_id}"))
    assert record["player_id"] == player and record["status"] == "open"
    assert [e["type"] for e in record["events"]][:2] == ["WagerPlaced", "CardDealt"]
    hidden = [e for e in record["events"] if e["type"] == "CardDealt" and e.get("face_down")]
    assert hidden and hidden[0]["card"] is None  # the hole card stays hidden while open
    refused(
        admin.post(f"/api/admin/rounds/{round_id}/void", json={"reason": " "}),
        400,
        "reason-required",
    )
    ok(admin.post(f"/api/admin/rounds/{round_id}/void", json={"reason": "misdeal"}))
    refused(
        admin.post(f"/api/admin/rounds/{round_id}/void", json={"reason": "again"}),
        409,
        "round-not-open",
    )


def test_performance_compares_with_the_theory(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    player = _player(client)
    for cards in ("Ts 6d Th Tc 9s", "Ts Td 7h 9c"):  # a win, then a loss, 1.00 each
        shoes.stack(cards)
        service.seat.place(player, "standard", 0, 100)
        service.play.deal(player, "standard")
        service.play.act(player, "stand")
    rows = ok(admin.get("/api/admin/reports/performance"))["rows"]
    assert len(rows) == 1
    row = rows[0]
    assert (row["variant"], row["bet"], row["rounds"], row["rtp"]) == ("standard", "main", 2, 1.0)
    assert row["theory"] == 0.9951 and row["outside"] is False  # quick_rtp's stand-in figure


def _insurance_by_count(decks: int) -> Fraction:
    """Always insuring, counted card by card: a full shoe of ``decks`` decks less the
    dealer's ace; the bet returns 3 (stake and 2 to 1) when the hole card is a ten."""
    shoe = [rank for rank, _, _ in product("A23456789TJQK", "shdc", range(decks))]
    shoe.remove("A")
    tens = sum(1 for rank in shoe if rank in "TJQK")
    return 3 * Fraction(tens, len(shoe))


def test_insurance_has_its_theory_on_the_performance_page(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    """6 decks (the standard game): 3 · 96 / 311 = 288 / 311 ≈ 0.9260, by counting the shoe."""
    assert _insurance_by_count(6) == Fraction(288, 311)
    assert [insurance_rtp(Rules(decks=d)) for d in (1, 2, 6, 8)] == [
        _insurance_by_count(d) for d in (1, 2, 6, 8)
    ]
    player = _player(client)
    shoes.stack("9h As 7c 5s Ts Kd")  # player 16 against the ace; hole 5: insurance lost
    service.seat.place(player, "standard", 0, 1000)
    service.play.deal(player, "standard")
    service.play.act(player, "insurance")
    assert service.play.act(player, "stand").status == "settled"
    rows = {r["bet"]: r for r in ok(admin.get("/api/admin/reports/performance"))["rows"]}
    assert rows["insurance"]["staked"] == 500 and rows["insurance"]["returned"] == 0
    assert rows["insurance"]["theory"] == pytest.approx(float(_insurance_by_count(6)))
    assert rows["insurance"]["theory"] == pytest.approx(0.92604, abs=1e-5)


def _round_of_15(service: TableService, shoes: Shoes, client: TestClient) -> str:
    """One round staked 15.00 that returns 30.00 (a 20 against the dealer's 19); today's ISO
    day."""
    player = _player(client)
    shoes.stack("Ts 6d Th Tc 9s")
    service.seat.place(player, "standard", 0, 1000)
    service.seat.place(player, "standard", 0, 500)
    service.play.deal(player, "standard")
    service.play.act(player, "stand")
    return service.store.now().date().isoformat()


def test_daily_totals_as_csv(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    today = _round_of_15(service, shoes, client)
    days = ok(admin.get("/api/admin/reports/daily", params={"since": today, "until": today}))
    assert days["days"][0]["staked"] == 1500 and days["days"][0]["returned"] == 3000
    response = admin.get("/api/admin/reports/daily.csv", params={"since": today, "until": today})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/csv")
    assert f'filename="daily-{today}-{today}.csv"' in response.headers["content-disposition"]
    table = list(csv.reader(io.StringIO(response.text)))
    assert table == [
        [
            "Day (UTC)",
            "Rounds started",
            "Staked",
            "Returned",
            "Voided (refunded)",
            "House net",
            "Play money granted",
            "Held in open rounds at day end",
            "Ledger change",
        ],
        [today, "1", "15.00", "30.00", "0.00", "-15.00", "1000.00", "0.00", "1015.00"],
    ]
    refused(
        admin.get("/api/admin/reports/daily.csv", params={"since": "2020-01-01", "until": today}),
        422,
        "invalid-request",
    )


def test_the_daily_csv_headers_follow_the_back_office_language(
    service: TableService, shoes: Shoes, client: TestClient, admin: TestClient
) -> None:
    """An administrator reading the back office in Italian downloads the daily totals with
    Italian headers (the link names the page's language, ``?lang=it``; ``Accept-Language``
    does too), while the cells stay machine-readable: an ISO day, a plain integer and amounts
    as plain decimals with a point (``15.00``, never ``15,00`` or ``€ 15,00``)."""
    today = _round_of_15(service, shoes, client)
    italian = [
        "Giorno (UTC)",
        "Partite iniziate",
        "Puntato",
        "Restituito",
        "Annullato (rimborsato)",
        "Netto del banco",
        "Denaro di gioco concesso",
        "In partite aperte a fine giornata",
        "Variazione del registro contabile",
    ]
    cells = [today, "1", "15.00", "30.00", "0.00", "-15.00", "1000.00", "0.00", "1015.00"]
    period = {"since": today, "until": today}
    for response in (
        admin.get("/api/admin/reports/daily.csv", params={**period, "lang": "it"}),
        admin.get("/api/admin/reports/daily.csv", params=period, headers={"Accept-Language": "it"}),
    ):
        assert response.status_code == 200
        assert list(csv.reader(io.StringIO(response.text))) == [italian, cells]
    english = admin.get("/api/admin/reports/daily.csv", params={**period, "lang": "en"})
    assert next(csv.reader(io.StringIO(english.text)))[:2] == ["Day (UTC)", "Rounds started"]


def test_a_vip_level_change_needs_a_reason_as_a_lock_does(
    client: TestClient, admin: TestClient
) -> None:
    """A first-use review: a VIP-level change was taken without a reason while lock and void
    asked for one. Without one (or with blanks) it is refused as a lock is, code and sentence,
    and the level stays."""
    player = _player(client)
    path = f"/api/admin/players/{player}"
    for reason in ({}, {"reason": ""}, {"reason": "   "}):
        level = admin.post(f"{path}/vip-level", json={"level": "gold", **reason})
        lock = admin.post(f"{path}/lock", json=reason)
        assert level.status_code == lock.status_code >= 400, (reason, level.text)
        assert level.json()["error"] == lock.json()["error"], reason
    refused(
        admin.post(f"{path}/vip-level", json={"level": "gold", "reason": " "}),
        400,
        "reason-required",
    )
    assert ok(admin.get(path))["vip_level"] == "standard"
    assert (
        ok(admin.post(f"{path}/vip-level", json={"level": "gold", "reason": "regular"}))[
            "vip_level"
        ]
        == "gold"
    )


def test_every_audited_action_has_a_label_on_the_audit_page() -> None:
    """The page shows "—" for an action it has no label for (``admin-removed`` and
    ``admin-password`` came with ``twentyone admin remove`` and ``password``): every action
    has its ``admin.action.*`` text in both catalogues, as has the ended-sessions field."""
    from twentyone.catalogues import translations
    from twentyone.store.audit import AuditAction

    for language in ("en", "it"):
        texts = translations(language)
        for action in AuditAction:
            assert texts.get(f"admin.action.{action.value}"), (language, action)
        assert texts.get("admin.field.sessions-ended"), language
