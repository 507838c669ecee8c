"""The OpenAPI document: every status each operation answers, with the error schema.

Routes declare their success responses; this module adds the refusals, from one table of the
error codes each operation can answer (:data:`OPERATIONS`) and the codes every state-changing
request can meet (:data:`WRITE`). An operation missing from the table (a route added later)
gets the general set. The fuzzing test checks the document against the running app.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

from twentyone.server.errors import STATUS

AUTH = ("not-authenticated", "session-idle", "account-locked")
WRITE = ("cross-site-request", "csrf-token", "body-too-large")
_TABLE = (*AUTH, "unknown-variant", "round-in-progress")
_BET_OPS = (*_TABLE, "no-bets", "invalid-bet", "insufficient-funds")
_PROTECTION = ("on-time-out", "self-excluded", "reality-check-due", "loss-limit", "stake-limit")
"""A deal's refusals by the player's own protection settings (:mod:`twentyone.store.protection`)."""
_DEALS = (
    *_BET_OPS,
    *_PROTECTION,
    "idempotency-key-reused",
    "invalid-request",
    "shoe-exhausted",
)
_ROUND = (*AUTH, "unknown-round", "invalid-request")
ADMIN = ("admin-not-authenticated", "invalid-request")
_ADMIN_PLAYER = (*ADMIN, "unknown-player")

OPERATIONS: dict[tuple[str, str], tuple[str, ...]] = {
    ("post", "/api/auth/guest"): ("too-many-guests", "session-idle", "account-locked"),
    ("get", "/api/auth/me"): AUTH,
    ("put", "/api/auth/language"): (*AUTH, "invalid-request"),
    ("post", "/api/auth/register"): (
        "invalid-request",
        "already-registered",
        "username-taken",
        "too-many-guests",
        "server-busy",
    ),
    ("post", "/api/auth/login"): (
        "invalid-request",
        "invalid-credentials",
        "account-locked",
        "login-locked",
        "server-busy",
    ),
    ("post", "/api/auth/logout"): (),
    ("get", "/api/names"): ("invalid-request",),
    ("get", "/api/variants"): (),
    ("get", "/api/variants/{name}"): ("unknown-variant",),
    ("get", "/api/variants/{name}/rules"): ("unknown-variant",),
    ("get", "/api/variants/{name}/rtp"): ("unknown-variant",),
    ("get", "/api/tables/{variant}"): (*AUTH, "unknown-variant"),
    ("post", "/api/tables/{variant}/bets"): (*_BET_OPS, "invalid-request"),
    ("post", "/api/tables/{variant}/undo"): _BET_OPS,
    ("post", "/api/tables/{variant}/clear"): _BET_OPS,
    ("post", "/api/tables/{variant}/double"): _BET_OPS,
    ("post", "/api/tables/{variant}/rebet"): _BET_OPS,
    ("post", "/api/tables/{variant}/deal"): _DEALS,
    ("post", "/api/tables/{variant}/rebet-and-deal"): _DEALS,
    ("post", "/api/tables/{variant}/double-and-deal"): _DEALS,
    ("get", "/api/rounds/current"): AUTH,
    ("post", "/api/rounds/{round_id}/actions"): (
        *_ROUND,
        "stale-action",
        "illegal-action",
        "insufficient-funds",
        "loss-limit",
        "stake-limit",
        "idempotency-key-reused",
        "shoe-exhausted",
    ),
    ("get", "/api/rounds/{round_id}"): _ROUND,
    ("get", "/api/rounds/{round_id}/scenario"): (*_ROUND, "round-in-progress"),
    ("get", "/api/rounds/{round_id}/advice"): (*_ROUND, "no-decision", "advice-off"),
    ("get", "/api/rounds/{round_id}/review"): (*_ROUND, "no-decision", "advice-off"),
    ("get", "/api/advice/summary"): (*AUTH, "invalid-request"),
    ("get", "/api/advice/rounds"): (*AUTH, "invalid-request"),
    ("post", "/api/advice/training"): (*AUTH, "invalid-request"),
    ("get", "/api/wallet"): AUTH,
    ("post", "/api/wallet/top-up"): (
        *AUTH,
        "round-in-progress",
        "top-up-not-needed",
        "idempotency-key-reused",
        "invalid-request",
    ),
    ("get", "/api/history"): (*AUTH, "invalid-request"),
    ("get", "/api/statement"): (*AUTH, "invalid-request"),
    ("get", "/api/protection"): AUTH,
    ("post", "/api/protection/limits"): (*AUTH, "invalid-request", "invalid-protection-setting"),
    ("post", "/api/protection/reality-check"): (
        *AUTH,
        "invalid-request",
        "invalid-protection-setting",
    ),
    ("post", "/api/protection/reality-check/acknowledge"): AUTH,
    ("post", "/api/protection/break"): (
        *AUTH,
        "invalid-request",
        "invalid-protection-setting",
        "break-in-force",
    ),
    ("post", "/api/admin/login"): (
        "invalid-request",
        "invalid-credentials",
        "login-locked",
        "server-busy",
    ),
    ("post", "/api/admin/logout"): (),
    ("get", "/api/admin/names"): ("invalid-request",),
    ("get", "/api/admin/me"): ADMIN,
    ("get", "/api/admin/levels"): ADMIN,
    ("get", "/api/admin/audit"): ADMIN,
    ("get", "/api/admin/players"): ADMIN,
    ("get", "/api/admin/players/{player_id}"): _ADMIN_PLAYER,
    ("get", "/api/admin/players/{player_id}/statement"): _ADMIN_PLAYER,
    ("post", "/api/admin/players/{player_id}/vip-level"): (
        *_ADMIN_PLAYER,
        "unknown-vip-level",
        "reason-required",
    ),
    ("post", "/api/admin/players/{player_id}/lock"): (*_ADMIN_PLAYER, "reason-required"),
    ("post", "/api/admin/players/{player_id}/unlock"): (*_ADMIN_PLAYER, "reason-required"),
    ("get", "/api/admin/rounds"): ADMIN,
    ("get", "/api/admin/rounds/{round_id}"): (*ADMIN, "unknown-round"),
    ("post", "/api/admin/rounds/{round_id}/void"): (
        *ADMIN,
        "unknown-round",
        "round-not-open",
        "reason-required",
    ),
    ("get", "/api/admin/reports/performance"): ADMIN,
    ("get", "/api/admin/reports/daily"): ADMIN,
    ("get", "/api/admin/reports/daily.csv"): ADMIN,
}
"""The error codes each operation answers (besides :data:`WRITE` for a state change)."""
GENERAL = (*AUTH, "invalid-request")
RETRY_LATER = frozenset({"login-locked", "too-many-guests", "server-busy"})
"""The codes answered with ``Retry-After``."""
"""The codes of an operation the table does not list."""


class ErrorDetail(BaseModel):
    """A refusal: a stable ``code``, a ``message``; validation problems list ``details``."""

    code: str
    message: str
    sentence: str | None = None
    details: list[dict[str, str]] | None = None


class ErrorOut(BaseModel):
    """Every error response: ``{"error": {"code", "message", ...}}``."""

    error: ErrorDetail


def codes_of(method: str, path: str) -> tuple[str, ...]:
    """Every error code ``method path`` can answer."""
    codes = OPERATIONS.get((method, path), GENERAL)
    if "{" in path:  # a path value out of its bounds
        codes = (*codes, "invalid-request")
    if method in {"post", "put", "patch", "delete"} and path.startswith("/api/"):
        codes = (*codes, *WRITE)
    return codes


def responses_of(codes: tuple[str, ...]) -> dict[str, Any]:
    """The OpenAPI ``responses`` entries for ``codes``, one per status."""
    by_status: dict[int, list[str]] = {}
    for code in dict.fromkeys(codes):
        by_status.setdefault(STATUS.get(code, 400), []).append(code)
    out: dict[str, Any] = {}
    for status, group in sorted(by_status.items()):
        entry: dict[str, Any] = {
            "description": "Refused: " + ", ".join(f"`{c}`" for c in group),
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}},
        }
        if set(group) & RETRY_LATER:
            entry["headers"] = {
                "Retry-After": {"description": "Seconds to wait", "schema": {"type": "integer"}}
            }
        out[str(status)] = entry
    return out


def install(app: FastAPI) -> None:
    """Make ``app.openapi()`` list the refusals of every operation."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title,
            version=app.version,
            summary=app.summary,
            description=app.description,
            routes=app.routes,
        )
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        for name, definition in (
            ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
            .pop("$defs", {})
            .items()
        ):
            components[name] = definition
        error_schema = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
        error_schema.pop("$defs", None)
        components["ErrorOut"] = error_schema
        components.pop("HTTPValidationError", None)
        components.pop("ValidationError", None)
        for path, item in schema.get("paths", {}).items():
            for method, operation in item.items():
                responses = operation.setdefault("responses", {})
                responses.pop("422", None)
                responses.update(responses_of(codes_of(method, path)))
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
