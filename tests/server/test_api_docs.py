"""The OpenAPI document lists every status each operation answers, with the error schema; the
interactive docs are served from the package under the CSP (issue 10, reproduction 10)."""

from __future__ import annotations

import re

from server_helpers import NewClient, ok

from twentyone.server.openapi import OPERATIONS


def test_every_operation_lists_its_refusals_with_the_error_schema(new_client: NewClient) -> None:
    """Reproduction 10: the document listed only 200 and 422."""
    document = ok(new_client().get("/openapi.json"))
    seen = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            seen.add((method, path))
            responses = operation["responses"]
            errors = {s: r for s, r in responses.items() if int(s) >= 400}
            for status, response in errors.items():
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref == "#/components/schemas/ErrorOut", (method, path, status)
            if method == "post":
                assert {"403", "413"} <= set(errors), (method, path)
            if path.startswith(("/api/tables", "/api/rounds", "/api/wallet", "/api/history")):
                assert "401" in errors, (method, path)
    assert seen <= set(OPERATIONS)  # the table names every operation there is
    deal = document["paths"]["/api/tables/{variant}/rebet-and-deal"]["post"]
    assert {"201", "400", "401", "402", "403", "404", "409", "413", "422", "503"} <= set(
        deal["responses"]
    )
    assert "`idempotency-key-reused`" in deal["responses"]["422"]["description"]
    assert any(p["name"] == "Idempotency-Key" for p in deal["parameters"])
    login = document["paths"]["/api/auth/login"]["post"]["responses"]
    assert "Retry-After" in login["429"]["headers"]
    schemas = document["components"]["schemas"]
    assert set(schemas["ErrorOut"]["properties"]) == {"error"}
    assert {"code", "message"} <= set(schemas["ErrorDetail"]["required"])


def test_the_docs_work_offline_under_the_csp(new_client: NewClient) -> None:
    """Reproduction 10: ``/docs`` had no CSP and loaded Swagger UI from a CDN."""
    visitor = new_client()
    page = visitor.get("/docs")
    assert page.status_code == 200
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "default-src 'self'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "<script>" not in page.text  # no inline script: the CSP would block it
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert assets and all(a.startswith(("/docs/", "/static/")) for a in assets), assets
    for asset in assets:
        response = visitor.get(asset)
        assert response.status_code == 200, asset
        assert "content-security-policy" in response.headers
    assert visitor.get("/redoc").status_code == 404  # ReDoc would need a CDN: not served
