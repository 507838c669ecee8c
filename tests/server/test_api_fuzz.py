"""A bounded fuzzing run over the OpenAPI document (schemathesis): no request gets a 500, and
every answer is one the document lists for that operation, in its schema.

The visitor has a session and the CSRF token, so the generated requests reach the game rather
than the guard; each operation gets a bounded number of examples (derandomized under CI).
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, settings
from schemathesis import checks
from server_helpers import GameClient, Shoes, quick_rtp

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

HOME = Path(tempfile.mkdtemp(prefix="twentyone-fuzz-"))
SERVICE = TableService.open(
    f"sqlite:///{HOME / 'fuzz.db'}", key=Fernet.generate_key(), shoe_factory=Shoes()
)
APP = create_app(
    SERVICE,
    settings=ServerSettings(password_cost=2**10, guests_per_client=10**6, login_failures=10**6),
    rtp=quick_rtp,
)
with GameClient(APP) as _visitor:
    _visitor.post("/api/auth/guest")
    VISITOR = dict(_visitor.cookies.items())

schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _close() -> Iterator[None]:
    yield
    SERVICE.close()
    shutil.rmtree(HOME, ignore_errors=True)


@schema.parametrize()
@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_request_is_a_server_error(case: schemathesis.Case) -> None:
    token = VISITOR["twentyone_csrf"]
    headers = {"X-CSRF-Token": token} if case.method.upper() != "GET" else {}
    if case.headers and "X-CSRF-Token" in case.headers:
        headers.pop("X-CSRF-Token")
    case.call_and_validate(
        headers=headers,
        cookies=dict(VISITOR),
        checks=[
            checks.not_a_server_error,
            checks.status_code_conformance,
            checks.content_type_conformance,
            checks.response_schema_conformance,
        ],
        excluded_checks=[
            checks.positive_data_acceptance,  # a valid bet may still be refused by the game
            checks.ignored_auth,
            checks.use_after_free,
        ],
    )
