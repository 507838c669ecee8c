"""The web layer's errors and the one mapping from error codes to HTTP statuses.

Every refusal is answered ``{"error": {"code": ..., "message": ..., "sentence": ...}}`` with a
stable ``code`` and one plain ``sentence`` for a person (:func:`twentyone.display.error_sentence`):
the table's and the engine's :class:`~twentyone.errors.TwentyoneError` codes, plus the web
layer's own (``not-authenticated``, ``invalid-credentials``, ``username-taken``,
``invalid-request``, ``not-found``). A refusal changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from twentyone.display import error_sentence
from twentyone.errors import TwentyoneError

log = logging.getLogger(__name__)


class NotAuthenticatedError(TwentyoneError):
    """No valid session cookie: call ``POST /api/auth/guest`` or log in."""

    code = "not-authenticated"


class InvalidCredentialsError(TwentyoneError):
    """The username and password do not match an account."""

    code = "invalid-credentials"


class UsernameTakenError(TwentyoneError):
    """Another account already has that username."""

    code = "username-taken"


class AlreadyRegisteredError(TwentyoneError):
    """The session's player already has a login; log out first to register another."""

    code = "already-registered"


STATUS: dict[str, int] = {
    "invalid-request": 422,
    "invalid-bet": 400,
    "no-bets": 400,
    "invalid-rules": 400,
    "invalid-card": 400,
    "insufficient-funds": 402,
    "not-authenticated": 401,
    "invalid-credentials": 401,
    "unknown-variant": 404,
    "unknown-round": 404,
    "unknown-player": 404,
    "unknown-vip-level": 404,
    "not-found": 404,
    "round-in-progress": 409,
    "stale-action": 409,
    "no-round": 409,
    "illegal-action": 409,
    "player-exists": 409,
    "username-taken": 409,
    "already-registered": 409,
    "top-up-not-needed": 409,
    "advice-off": 403,
    "no-decision": 409,
    "shoe-exhausted": 503,
}
"""HTTP status per error code; any other caller error is 400."""


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The JSON body of every error response (``sentence``: what a person reads)."""
    sentence = error_sentence(code, message)
    return {"error": {"code": code, "message": message, "sentence": sentence, **extra}}


def status_of(code: str) -> int:
    """The HTTP status of an error code."""
    return STATUS.get(code, 400)


async def _twentyone_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TwentyoneError)
    return JSONResponse(error_body(exc.code, str(exc)), status_code=status_of(exc.code))


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    problems = [
        {
            "where": ".".join(str(part) for part in err.get("loc", ())),
            "problem": str(err.get("msg", "")),
        }
        for err in exc.errors()
    ]
    first = problems[0] if problems else {"where": "body", "problem": "malformed"}
    message = f"{first['where']}: {first['problem']}"
    return JSONResponse(error_body("invalid-request", message, details=problems), status_code=422)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
    return JSONResponse(
        error_body(code, str(exc.detail)), status_code=exc.status_code, headers=exc.headers
    )


async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    return JSONResponse(error_body("internal-error", "something went wrong"), status_code=500)


def install(app: FastAPI) -> None:
    """Register the error handlers on ``app``."""
    app.add_exception_handler(TwentyoneError, _twentyone_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
