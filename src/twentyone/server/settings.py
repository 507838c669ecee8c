"""Server settings and the theoretical-return provider the rules page shows."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from twentyone.variants import Variant


def _currency_setting() -> str | None:
    from babel.numbers import UnknownCurrencyError, validate_currency

    code = os.environ.get("TWENTYONE_CURRENCY", "").strip().upper()
    if not code:
        return None
    try:
        validate_currency(code)
    except UnknownCurrencyError:
        raise ValueError(f"TWENTYONE_CURRENCY={code} is not an ISO 4217 currency code") from None
    return code


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What an operator may set about the web server.

    ``secure_cookies``: ``None`` (the default) marks the cookies ``Secure`` and sends HSTS
    whenever the request came over HTTPS — directly, or through a proxy Uvicorn trusts
    (``--forwarded-allow-ips``) that says so with ``X-Forwarded-Proto: https``; ``True`` always,
    ``False`` never. ``allowed_origins`` are origins besides the request's own that may send
    state-changing requests (e.g. ``https://play.example.com`` behind a proxy that rewrites
    ``Host``). ``password_cost`` overrides the scrypt ``n`` (tests lower it; ``None``: the
    default) and ``password_hashes`` bounds how many are computed at once.

    Failed logins: ``login_failures`` within ``login_window_s`` lock the account (and, at
    ``client_failures``, the client address) for ``login_lock_s`` seconds — GLI-19 2.5.3
    counts 3 failures in 30 minutes. ``guests_per_client`` new players per client address
    per ``guest_window_s``. The back office's administrators have their own cookie
    (``admin_cookie_name``, sent only to ``/api/admin``) and sessions that end
    ``admin_session_minutes`` after login, or sooner, after ``admin_idle_minutes`` without a
    request (``None``: no idle limit; log in again either way).

    ``currency``: the ISO 4217 code amounts are written in (``$TWENTYONE_CURRENCY``, e.g.
    ``EUR``: ``€1.234,50`` in Italian, ``€1,234.50`` in English); ``None``, the default, is play
    money, written without a symbol.
    ``idle_minutes``: a registered player's session ends after this long without a request
    (``session-idle``: log in again; ``None``: never). Guests, who have no password to log in
    with, keep their session, but their play session (session bar, reality check) starts anew.
    """

    cookie_name: str = "twentyone_session"
    csrf_cookie_name: str = "twentyone_csrf"
    secure_cookies: bool | None = None
    hsts_max_age: int = 31_536_000
    allowed_origins: tuple[str, ...] = ()
    session_days: int = 30
    password_cost: int | None = None
    password_hashes: int = 2
    password_wait_s: float = 5.0
    max_body_bytes: int = 16_384
    login_failures: int = 3
    client_failures: int = 20
    login_window_s: int = 1_800
    login_lock_s: int = 1_800
    guests_per_client: int = 20
    guest_window_s: int = 3_600
    currency: str | None = field(default_factory=_currency_setting)
    admin_cookie_name: str = "twentyone_admin"
    admin_session_minutes: int = 480
    admin_idle_minutes: int | None = 15
    idle_minutes: int | None = 30


RtpProvider = Callable[[Variant], dict[str, object]]
"""``variant → {"base_game_rtp": float, "side_bets": [{name, paytable, decks, rtp, ev}]}``."""


@lru_cache(maxsize=32)
def exact_rtp(variant: Variant) -> dict[str, object]:
    """The exact returns of ``variant`` (base game: seconds the first time, then cached)."""
    from twentyone.analysis.exact.house_edge import base_game_rtp
    from twentyone.analysis.sidebets import analyse_side_bet

    sides: list[dict[str, object]] = []
    for bet in variant.rules.side_bets:
        analysis = analyse_side_bet(bet.name, decks=variant.rules.decks, paytable=bet.paytable)
        sides.append(
            {
                "name": str(bet.name),
                "paytable": analysis.paytable,
                "decks": analysis.decks,
                "rtp": float(analysis.rtp),
                "ev": str(analysis.ev),
            }
        )
    return {"base_game_rtp": base_game_rtp(variant.rules), "side_bets": sides}
