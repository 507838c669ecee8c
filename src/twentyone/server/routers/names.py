"""Display names: every string a person reads, for the browser clients (``names.js``).

The player client's (``GET /api/names``) leaves out the back office's ``admin.*`` strings; the
back office reads its own (``GET /api/admin/names``): all of them with a live administrator
session, else only its login page's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response

from twentyone.display import catalogue
from twentyone.server.admin_deps import AdminAuthDep, admin_token
from twentyone.server.errors import AdminNotAuthenticatedError

router = APIRouter(prefix="/api", tags=["names"])
back_office = APIRouter(prefix="/api/admin", tags=["back office"])

Language = Annotated[
    Literal["en", "it"] | None,
    Query(description="The language (default: the best of Accept-Language, else en)"),
]


@router.get("/names", summary="Display names and sentences, in the reader's language")
def names(response: Response, lang: Language = None) -> dict[str, Any]:
    """Every display name (variants, outcomes, side bets and their outcomes, pay tables,
    actions, hand and wager labels, ledger entries), every error sentence and every text of the
    player client's pages, keyed by stable id, in one language (``lang``, else the request's
    ``Accept-Language``), with the outcome colours, the money format (the language's locale and
    the operator's currency), the language served and the languages a player may pick. The
    client fetches it once at start, and again when the player picks another language. The back
    office's texts are not here: ``GET /api/admin/names``."""
    del lang  # read by the language middleware, which set the reader of this request
    response.headers["Cache-Control"] = "public, max-age=300"
    return catalogue()


@back_office.get("/names", summary="The back office's display names, in the reader's language")
def back_office_names(
    request: Request, response: Response, auth: AdminAuthDep, lang: Language = None
) -> dict[str, Any]:
    """What ``GET /api/names`` serves and the back office's own texts (``admin.*``): every one
    of them for a live administrator session, else only those of its login page (its frame,
    the form and the form's refusals), so the page can ask for a login in the reader's
    language. Never cached: the answer changes when the administrator logs in."""
    del lang  # read by the language middleware, which set the reader of this request
    try:
        auth.admin_of(admin_token(request))
        logged_in = True
    except AdminNotAuthenticatedError:
        logged_in = False
    response.headers["Cache-Control"] = "no-store"
    return catalogue(scope="back-office" if logged_in else "back-office-login")
