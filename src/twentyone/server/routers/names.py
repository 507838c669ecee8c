"""Display names: every string a person reads, for the browser client (``names.js``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from twentyone.display import catalogue

router = APIRouter(prefix="/api", tags=["names"])


@router.get("/names", summary="Display names and sentences")
def names(response: Response) -> dict[str, Any]:
    """Every display name (variants, outcomes, side bets and their outcomes, pay tables,
    actions, hand and wager labels, ledger entries), every error sentence, keyed by stable id,
    with the outcome colours and the money format. The client fetches it once at start."""
    response.headers["Cache-Control"] = "public, max-age=300"
    return catalogue()
