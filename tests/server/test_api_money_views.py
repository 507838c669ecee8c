"""One definition of what a round holds and what it netted, everywhere it shows (issue 10,
reproduction 9), on SQLite and PostgreSQL.

Hand-worked: Lucky Lucky, 10.00 main bet and a 1.00 Lucky Lucky side bet on spot 0, dealt
Ts 9h 6d 5c: the player's 10 and 6 with the dealer's 9 up make 25 — no Lucky Lucky pay, the
side bet is lost at the deal. The round waits on 16 against a 9, so the money on the table is
the 10.00 main bet alone; 11.00 has left the balance.
"""

from __future__ import annotations

import pytest
from cryptography.fernet import Fernet
from fastapi.testclient import TestClient
from server_helpers import Shoes, ok
from sqlalchemy import update

from twentyone.store.models import RoundRow
from twentyone.store.service import TableService

LL = "/api/tables/lucky-lucky"


@pytest.fixture
def db_url(both_backends: str) -> str:
    return both_backends


def _deal_with_a_lost_side_bet(client: TestClient, shoes: Shoes) -> dict[str, object]:
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 100, "side": "lucky-lucky"}))
    shoes.stack("Ts 9h 6d 5c")
    table: dict[str, object] = ok(client.post(f"{LL}/deal"), 201)
    return table


def test_a_lost_side_bet_is_not_held_anywhere(client: TestClient, shoes: Shoes) -> None:
    """Reproduction 9: ``round.held`` said 100 while ``table.held`` and the wallet said 200."""
    table = _deal_with_a_lost_side_bet(client, shoes)
    round_state = table["round"]
    assert isinstance(round_state, dict)
    assert round_state["status"] == "open"
    assert [s["outcome"] for s in round_state["side_bets"]] == ["lose"]
    views = {
        "deal: round": round_state["held"],
        "deal: table": table["held"],
        "wallet": ok(client.get("/api/wallet"))["held"],
        "table": ok(client.get(LL))["held"],
        "table: round": ok(client.get(LL))["round"]["held"],
        "current round": ok(client.get("/api/rounds/current"))["round"]["held"],
        "account": ok(client.get("/api/auth/me"))["held"],
    }
    assert views == dict.fromkeys(views, 1000)
    assert ok(client.get("/api/wallet"))["balance"] == 100_000 - 1100


def test_a_void_round_netted_zero_everywhere(
    client: TestClient, shoes: Shoes, service: TableService
) -> None:
    """Reproduction 9: a voided round's action response said net −100, its history 0."""
    round_state = _deal_with_a_lost_side_bet(client, shoes)["round"]
    assert isinstance(round_state, dict)
    with service.engine.begin() as conn:  # the stored shoe no longer decrypts: a malfunction
        conn.execute(update(RoundRow).values(shoe=Fernet(Fernet.generate_key()).encrypt(b"As")))
    service.store.live.clear()
    url = f"/api/rounds/{round_state['round_id']}/actions"
    voided = ok(client.post(url, json={"action": "stand"}))
    assert voided["status"] == "void"
    line = ok(client.get("/api/history"))["rounds"][0]
    record = ok(client.get(f"/api/rounds/{round_state['round_id']}"))
    assert (voided["net"], line["net"], record["net"]) == (0, 0, 0)
    assert voided["held"] == ok(client.get("/api/wallet"))["held"] == 0
    assert ok(client.get("/api/wallet"))["balance"] == 100_000  # every wager refunded
