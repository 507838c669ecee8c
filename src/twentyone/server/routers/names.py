"""Display names: every string a person reads, for the browser client (``names.js``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Response

from twentyone.display import catalogue

router = APIRouter(prefix="/api", tags=["names"])


@router.get("/names", summary="Display names and sentences, in the reader's language")
def names(
    response: Response,
    lang: Annotated[
        Literal["en", "it"] | None,
        Query(description="The language (default: the best of Accept-Language, else en)"),
    ] = None,
) -> dict[str, Any]:
    """Every display name (variants, outcomes, side bets and their outcomes, pay tables,
    actions, hand and wager labels, ledger entries), every error sentence and every text of the
    pages, keyed by stable id, in one language (``lang``, else the request's
    ``Accept-Language``), with the outcome colours, the money format (the language's locale and
    the operator's currency), the language served and the languages a player may pick. The
    client fetches it once at start, and again when the player picks another language."""
    del lang  # read by the language middleware, which set the reader of this request
    response.headers["Cache-Control"] = "public, max-age=300"
    return catalogue()
