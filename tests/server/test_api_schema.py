"""The OpenAPI schema, the variants and rules endpoints, the static client and the migration."""

from __future__ import annotations

from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from server_helpers import NewClient, ok
from sqlalchemy import inspect

from twentyone.store import db
from twentyone.store.service import TableService


def test_the_openapi_schema_describes_every_resource(new_client: NewClient) -> None:
    schema = ok(new_client().get("/openapi.json"))
    paths = set(schema["paths"])
    for path in (
        "/api/auth/guest",
        "/api/auth/register",
        "/api/auth/login",
        "/api/auth/logout",
        "/api/tables/{variant}/bets",
        "/api/tables/{variant}/deal",
        "/api/tables/{variant}/double-and-deal",
        "/api/rounds/{round_id}/actions",
        "/api/rounds/current",
        "/api/history",
        "/api/statement",
        "/api/variants/{name}/rules",
    ):
        assert path in paths, path
    components = schema["components"]["schemas"]
    assert {"RoundOut", "TableOut", "ActionIn", "PlaceBetIn", "StatementOut"} <= set(components)
    actions = components["Action"]["enum"]
    assert {"hit", "stand", "double", "split", "insurance", "even-money"} <= set(actions)


def test_variants_rules_and_returns(new_client: NewClient) -> None:
    visitor = new_client()
    names = [v["name"] for v in ok(visitor.get("/api/variants"))]
    assert names[:4] == ["lucky-lucky", "lucky-7", "european", "lucky-ladies"]
    ll = ok(visitor.get("/api/variants/ll"))
    assert (ll["name"], ll["max_spots"], ll["side_bets"]) == ("lucky-lucky", 5, ["lucky-lucky"])
    assert ll["spot_names"][0] == "hand 1 (right)"
    rules = ok(visitor.get("/api/variants/lucky-lucky/rules"))
    assert rules["side_bets"][0]["pays"]["suited-777"] == 200
    assert any("6 decks" in line for line in rules["text"])
    rtp = ok(visitor.get("/api/variants/lucky-lucky/rtp"))
    assert rtp["variant"] == "lucky-lucky"
    assert 0.9 < rtp["base_game_rtp"] < 1


def test_the_browser_client_is_served_with_strict_headers(new_client: NewClient) -> None:
    visitor = new_client()
    page = visitor.get("/")
    assert page.status_code == 200
    assert "/static/js/main.js" in page.text
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    for asset in ("/static/js/main.js", "/static/style.css", "/static/favicon.svg"):
        assert visitor.get(asset).status_code == 200, asset
    assert "http://" not in visitor.get("/static/js/main.js").text  # no CDN: the machine is offline
    assert visitor.get("/api/variants").headers["cache-control"] == "no-store"


def test_the_accounts_migration_is_the_single_head(
    service: TableService, client: TestClient
) -> None:
    script = ScriptDirectory.from_config(db.alembic_config())
    assert len(script.get_heads()) == 1  # no branch: the accounts revision follows the head
    assert "0002_accounts" in {rev.revision for rev in script.walk_revisions()}
    tables = set(inspect(service.engine).get_table_names())
    assert {"accounts", "web_sessions", "players", "rounds"} <= tables
