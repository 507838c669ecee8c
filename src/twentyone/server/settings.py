"""Server settings and the theoretical-return provider the rules page shows."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from twentyone.variants import Variant


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """What an operator may set about the web server.

    ``secure_cookies`` marks the session cookie ``Secure`` (serve over HTTPS behind a proxy);
    ``password_cost`` overrides the scrypt ``n`` (tests lower it; ``None``: the default).
    """

    cookie_name: str = "twentyone_session"
    secure_cookies: bool = False
    session_days: int = 30
    password_cost: int | None = None


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
