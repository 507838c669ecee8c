"""Playing through the API with scripted shoes: bets, deal, decisions, settlement, history,
insurance for every hand, even money, REBET & DEAL, and resuming after a restart."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import GameClient, OpenService, Shoes, ok

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings

LL = "/api/tables/lucky-lucky"


def act(client: TestClient, state: dict[str, object], action: str, **extra: object) -> dict:
    body = {"action": action, "expected_step": state["step"], **extra}
    return ok(client.post(f"/api/rounds/{state['round_id']}/actions", json=body))


def test_a_full_round_through_the_api(client: TestClient, shoes: Shoes) -> None:
    """Bets are not wagers until DEAL; the settlement moves the money; history keeps it all."""
    shoes.stack("Ts 9h 6d 5c 4s Td")
    # spot 0: Ts, dealer 9h (up), spot 0: 6d = 16, dealer 5c (hole); hit 4s = 20;
    # dealer 14 draws Td = 24, bust.
    table = ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    table = ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 100, "side": "lucky-lucky"}))
    assert table["spots"][0] == {"bet": 1000, "side_bets": {"lucky-lucky": 100}}
    assert table["balance"] == 100_000  # nothing moves before DEAL
    dealt = ok(client.post(f"{LL}/deal"), 201)
    state = dealt["round"]
    assert dealt["spots"][0] == {"bet": 0, "side_bets": {}}
    assert state["dealer"]["cards"] == ["9h", None]  # the hole card never leaves the server
    assert state["hands"][0]["cards"] == ["Ts", "6d"]
    assert state["balance"] == 100_000 - 1100
    assert set(state["legal_actions"]) == {"hit", "stand", "double"}
    assert state["side_bets"] == [{"spot": 0, "name": "lucky-lucky", "outcome": "lose"}]
    state = act(client, state, "hit")
    assert state["hands"][0]["cards"] == ["Ts", "6d", "4s"]
    assert state["hands"][0]["total"] == 20
    state = act(client, state, "stand")
    assert state["status"] == "settled"
    assert state["dealer"]["cards"] == ["9h", "5c", "Td"]
    assert state["hands"][0]["outcome"] == "win"
    assert state["net"] == 1000 - 100
    assert state["legal_actions"] == []
    assert ok(client.get("/api/wallet")) == {"balance": 100_900, "held": 0}
    assert ok(client.get("/api/rounds/current")) == {"round": None}

    history = ok(client.get("/api/history"))
    assert history["total"] == 1
    summary = history["rounds"][0]
    assert (summary["id"], summary["net"], summary["balance_after"]) == (
        state["round_id"],
        900,
        100_900,
    )
    record = ok(client.get(f"/api/rounds/{state['round_id']}"))
    assert record["cards"][:6] == ["Ts", "9h", "6d", "5c", "4s", "Td"]
    assert record["decisions"] == ["hit", "stand"]
    types = [e["type"] for e in record["events"]]
    assert types[0] == "WagerPlaced"
    assert types[-1] == "RoundSettled"
    assert "HoleCardRevealed" in types
    statement = ok(client.get("/api/statement"))
    assert statement["reconciles"] is True
    assert statement["balance"] == statement["ledger_sum"] == 100_900
    scenario = ok(client.get(f"/api/rounds/{state['round_id']}/scenario"))
    assert scenario["variant"] == "lucky-lucky"
    assert scenario["actions"] == ["hit", "stand"]


def test_undo_clear_double_and_rebet_and_deal(client: TestClient, shoes: Shoes) -> None:
    ok(client.post(f"{LL}/bets", json={"spot": 1, "chip": 500}))
    table = ok(client.post(f"{LL}/bets", json={"spot": 1, "chip": 500}))
    assert table["spots"][1]["bet"] == 1000
    assert table["can_undo"] is True
    table = ok(client.post(f"{LL}/undo"))
    assert table["spots"][1]["bet"] == 500
    table = ok(client.post(f"{LL}/double"))
    assert table["spots"][1]["bet"] == 1000
    table = ok(client.post(f"{LL}/clear"))
    assert table["total"] == 0
    ok(client.post(f"{LL}/bets", json={"spot": 1, "chip": 500}))
    shoes.stack("Ts 9h Kd 8c")  # 20 against 17: stand and win
    state = ok(client.post(f"{LL}/deal"), 201)["round"]
    state = act(client, state, "stand")
    assert state["net"] == 500
    table = ok(client.get(LL))
    assert table["can_rebet"] is True
    shoes.stack("Ts 9h Kd 8c")
    again = ok(client.post(f"{LL}/rebet-and-deal"), 201)
    assert again["round"]["staked"] == 500
    assert again["round"]["positions"] == [1]
    act(client, again["round"], "stand")
    shoes.stack("Ts 9h Kd 8c")
    doubled = ok(client.post(f"{LL}/double-and-deal"), 201)
    assert doubled["round"]["staked"] == 1000


def test_insurance_apply_to_all_insures_every_hand(client: TestClient, shoes: Shoes) -> None:
    """Lucky Lucky: "click APPLY TO ALL to insure all hands"."""
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    ok(client.post(f"{LL}/bets", json={"spot": 1, "chip": 1000}))
    # spot 0: Ts, spot 1: 9s, dealer Ah (up), spot 0: 8d, spot 1: 9d, dealer 7c (hole).
    shoes.stack("Ts 9s Ah 8d 9d 7c")
    state = ok(client.post(f"{LL}/deal"), 201)["round"]
    assert state["phase"] == "insurance"
    assert state["apply_to_all"] is True
    assert set(state["legal_actions"]) == {"insurance", "no-insurance"}
    state = act(client, state, "insurance", apply_to_all=True)
    assert state["insurance"] == [{"spot": 0, "stake": 500}, {"spot": 1, "stake": 500}]
    assert state["phase"] == "player"
    assert state["balance"] == 100_000 - 3000
    state = act(client, state, "stand")
    state = act(client, state, "stand")
    assert state["status"] == "settled"
    outcomes = sorted(line["outcome"] for line in state["settlement"])
    assert outcomes == ["insurance-lose", "insurance-lose", "push", "push"]


def test_even_money_is_offered_on_a_blackjack_against_an_ace(
    client: TestClient, shoes: Shoes
) -> None:
    """Lucky 7: the dealer's first card is face down; a blackjack against an ace up."""
    ok(client.post("/api/tables/lucky-7/bets", json={"spot": 0, "chip": 1000}))
    # spot 0: As, dealer 9c (face down), spot 0: Kh, dealer Ad (up).
    shoes.stack("As 9c Kh Ad")
    state = ok(client.post("/api/tables/lucky-7/deal"), 201)["round"]
    assert state["dealer"]["cards"] == [None, "Ad"]
    assert set(state["legal_actions"]) == {"even-money", "no-even-money"}
    state = act(client, state, "even-money")
    assert state["status"] == "settled"
    assert state["net"] == 1000


def test_an_unfinished_round_resumes_after_a_restart(
    client: TestClient, shoes: Shoes, open_service: OpenService
) -> None:
    """SPEC 6: a restarted server resumes every round exactly where it stopped."""
    ok(client.post(f"{LL}/bets", json={"spot": 0, "chip": 1000}))
    shoes.stack("8s 9h 8d 7c 2s 3s 9d")
    state = ok(client.post(f"{LL}/deal"), 201)["round"]
    state = act(client, state, "split")
    token = client.cookies.get("twentyone_session")

    restarted = create_app(open_service(), settings=ServerSettings(password_cost=2**10))
    with GameClient(restarted) as again:
        again.cookies.set("twentyone_session", str(token))
        me = ok(again.get("/api/auth/me"))
        assert me["open_round_id"] == state["round_id"]
        assert me["open_round_variant"] == "lucky-lucky"
        resumed = ok(again.get("/api/rounds/current"))["round"]
        for key in ("round_id", "step", "hands", "dealer", "legal_actions", "balance", "held"):
            assert resumed[key] == state[key], key
        resumed = act(again, resumed, "stand")
        resumed = act(again, resumed, "stand")
        assert resumed["status"] == "settled"
        assert resumed["hands"][0]["cards"] == ["8s", "2s"]
        assert resumed["hands"][1]["cards"] == ["8d", "3s"]
