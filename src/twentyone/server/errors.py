"""The web layer's errors and the one mapping from error codes to HTTP statuses.

Every refusal is answered ``{"error": {"code": ..., "message": ..., "sentence": ...}}`` with a
stable ``code`` and one plain ``sentence`` for a person (:func:`twentyone.display.error_sentence`):
the table's and the engine's :class:`~twentyone.errors.TwentyoneError` codes, plus the web
layer's own (``not-authenticated``, ``invalid-credentials``, ``username-taken``,
``invalid-request``, ``not-found``, ``cross-site-request``, ``csrf-token``,
``body-too-large``, ``login-locked``, ``too-many-guests``, ``server-busy``,
``idempotency-key-reused``, ``session-idle``). A refusal changes nothing. No error body
repeats more than a short excerpt of the input (:func:`excerpt`).
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

EXCERPT = 160
"""Longest piece of a message or a location an error body carries."""
MAX_DETAILS = 10
"""Most validation problems listed (the rest are counted)."""


class NotAuthenticatedError(TwentyoneError):
    """No valid session cookie: call ``POST /api/auth/guest`` or log in."""

    code = "not-authenticated"


class AdminNotAuthenticatedError(TwentyoneError):
    """No valid administrator session: log in to the back office."""

    code = "admin-not-authenticated"


class InvalidCredentialsError(TwentyoneError):
    """The username and password do not match an account."""

    code = "invalid-credentials"


class UsernameTakenError(TwentyoneError):
    """Another account already has that username."""

    code = "username-taken"


class AlreadyRegisteredError(TwentyoneError):
    """The session's player already has a login; log out first to register another."""

    code = "already-registered"


class RetryLaterError(TwentyoneError):
    """A refusal that a later retry may pass: answered with ``Retry-After`` (seconds)."""

    code = "retry-later"

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = max(1, retry_after)


class LoginLockedError(RetryLaterError):
    """Too many failed logins for the account or from the client: wait ``Retry-After``."""

    code = "login-locked"


class TooManyGuestsError(RetryLaterError):
    """Too many new players from one client address: wait ``Retry-After``."""

    code = "too-many-guests"


class ServerBusyError(RetryLaterError):
    """Every password-hashing slot is taken: retry after ``Retry-After``."""

    code = "server-busy"


class SessionIdleError(TwentyoneError):
    """A registered player's session was idle too long: log in again (it has been closed)."""

    code = "session-idle"


class IdempotencyKeyReusedError(TwentyoneError):
    """An ``Idempotency-Key`` already used for a different request."""

    code = "idempotency-key-reused"


STATUS: dict[str, int] = {
    "invalid-request": 422,
    "idempotency-key-reused": 422,
    "invalid-bet": 400,
    "no-bets": 400,
    "invalid-rules": 400,
    "invalid-card": 400,
    "insufficient-funds": 402,
    "not-authenticated": 401,
    "admin-not-authenticated": 401,
    "account-locked": 403,
    "round-not-open": 409,
    "reason-required": 400,
    "admin-exists": 409,
    "unknown-admin": 404,
    "last-admin": 409,
    "invalid-credentials": 401,
    "cross-site-request": 403,
    "csrf-token": 403,
    "unknown-variant": 404,
    "unknown-round": 404,
    "unknown-player": 404,
    "unknown-vip-level": 404,
    "not-found": 404,
    "method-not-allowed": 405,
    "round-in-progress": 409,
    "stale-action": 409,
    "no-round": 409,
    "illegal-action": 409,
    "player-exists": 409,
    "username-taken": 409,
    "already-registered": 409,
    "top-up-not-needed": 409,
    "advice-off": 403,
    "session-idle": 401,
    "on-time-out": 403,
    "self-excluded": 403,
    "loss-limit": 403,
    "stake-limit": 403,
    "reality-check-due": 409,
    "break-in-force": 409,
    "no-decision": 409,
    "body-too-large": 413,
    "unsupported-media-type": 415,
    "login-locked": 429,
    "too-many-guests": 429,
    "internal-error": 500,
    "shoe-exhausted": 503,
    "server-busy": 503,
}
"""HTTP status per error code; any other caller error is 400."""


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis and the full length mark a cut)."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The JSON body of every error response: the message cut to a short excerpt, and the
    ``sentence`` a person reads."""
    sentence = error_sentence(code, message)
    return {
        "error": {
            "code": code,
            "message": excerpt(message, 2 * EXCERPT),
            "sentence": sentence,
            **extra,
        }
    }


def status_of(code: str) -> int:
    """The HTTP status of an error code."""
    return STATUS.get(code, 400)


def error_response(
    code: str, message: str, *, headers: dict[str, str] | None = None, **extra: Any
) -> JSONResponse:
    """The response refusing a request with ``code``."""
    return JSONResponse(
        error_body(code, message, **extra), status_code=status_of(code), headers=headers
    )


def refusal(exc: TwentyoneError) -> JSONResponse:
    """The response refusing a request with ``exc`` (its code, and when to retry)."""
    headers = None
    if isinstance(exc, RetryLaterError):
        headers = {"Retry-After": str(exc.retry_after)}
    return error_response(exc.code, str(exc), headers=headers)


async def _twentyone_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, TwentyoneError)
    return refusal(exc)


def _where(loc: Any) -> str:
    return excerpt(".".join(str(part) for part in loc), 60)


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    problems = [
        {"where": _where(err.get("loc", ())), "problem": excerpt(str(err.get("msg", "")))}
        for err in errors[:MAX_DETAILS]
    ]
    first = problems[0] if problems else {"where": "body", "problem": "malformed"}
    message = f"{first['where']}: {first['problem']}"
    if len(errors) > 1:
        message += f" (and {len(errors) - 1:,} more)"
    return error_response("invalid-request", message, details=problems)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400:  # a body the framework cannot parse (not UTF-8, say)
        return error_response("invalid-request", f"body: {exc.detail}")
    code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
    return JSONResponse(
        error_body(code, str(exc.detail)), status_code=exc.status_code, headers=exc.headers
    )


async def _unexpected(_request: Request, exc: Exception) -> JSONResponse:
    log.exception("unexpected error", exc_info=exc)
    return error_response("internal-error", "something went wrong")


def install(app: FastAPI) -> None:
    """Register the error handlers on ``app``."""
    app.add_exception_handler(TwentyoneError, _twentyone_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(Exception, _unexpected)
