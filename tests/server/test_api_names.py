"""Words a player reads (issue 8 item 5) and play money that lasts (item 9), through the API.

Every slug the engine, the side bets, the pay tables, the variants and the errors can produce
has a display name: the slugs are enumerated from the code's own enums and registries.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import Shoes, ok, refused

import twentyone
from twentyone import display
from twentyone.engine import Action, Outcome, Phase, WagerKind
from twentyone.errors import TwentyoneError
from twentyone.server.errors import STATUS
from twentyone.sidebets.paytables import OUTCOMES, SideBetName, paytable_names
from twentyone.store import rounds as store_rounds
from twentyone.store.service import TableService
from twentyone.table.wallet import EntryKind
from twentyone.variants import all_variants

_SKIP_MODULES = ("twentyone.store.alembic",)


def _error_codes() -> set[str]:
    """Every error code: each TwentyoneError subclass anywhere in the package, the web layer's
    status table, and the codes its handlers answer for framework errors."""
    for info in pkgutil.walk_packages(twentyone.__path__, "twentyone."):
        if not info.name.startswith(_SKIP_MODULES):
            importlib.import_module(info.name)
    codes: set[str] = set()
    todo: list[type[TwentyoneError]] = [TwentyoneError]
    while todo:
        cls = todo.pop()
        codes.add(cls.code)
        todo.extend(cls.__subclasses__())
    from twentyone.server import errors

    source = Path(errors.__file__).read_text(encoding="utf-8")
    handled = set(re.findall(r'error_body\("([a-z-]+)"', source))
    handled |= set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"\}?\.get\(', source))
    handled |= set(re.findall(r'\{404: "([a-z-]+)", 405: "([a-z-]+)"\}', source)[0])
    return codes | set(STATUS) | handled | {"http-error"}


def test_every_slug_the_code_can_produce_has_a_display_name() -> None:
    missing: list[str] = []
    # an operator's catalogue game or pay table is named by the operator's own text
    operators = display.catalogue_text()

    def need(key: str) -> None:
        if key not in display.TEXT and key not in operators:
            missing.append(key)

    for variant in all_variants():
        need(f"variant.{variant.name}")
        need(f"variant-description.{variant.name}")
    for outcome in Outcome:
        need(f"outcome.{outcome}")
        assert outcome in display.OUTCOME_KIND, outcome
    for action in Action:
        need(f"action.{action}")
    for phase in Phase:
        need(f"phase.{phase}")
    for kind in EntryKind:
        need(f"entry.{kind}")
    for status in (store_rounds.OPEN, store_rounds.SETTLED, store_rounds.VOID):
        need(f"round-status.{status}")
    for bet in SideBetName:
        need(f"side-bet.{bet}")
        for outcome in OUTCOMES[bet]:
            need(f"side-outcome.{bet}.{outcome}")
        for table in paytable_names(bet):
            need(f"paytable.{bet}.{table}")
    for code in _error_codes():
        need(f"error.{code}")
    assert missing == []
    assert {str(k) for k in WagerKind} == {"hand", "insurance", "side"}  # wager_label's cases


def code_slugs() -> set[str]:
    """The slugs a person must never read: every hyphenated (or digit-bearing) slug of the
    variants, outcomes, actions, side bets, their outcomes and pay tables, and every error code."""
    slugs = {v.name for v in all_variants()} | set(Outcome) | set(Action) | _error_codes()
    for bet in SideBetName:
        slugs |= {str(bet), *OUTCOMES[bet], *paytable_names(bet)}
    return {s for s in map(str, slugs) if "-" in s and re.search(r"[a-z]", s)}


def test_names_are_words_not_slugs() -> None:
    """No display name is its own slug, and none carries one of the code's slugs."""
    slugs = code_slugs()
    assert {"suited-777", "qh-pair", "lucky-lucky", "invalid-bet", "any-19"} <= slugs
    for key, value in display.TEXT.items():
        assert value.strip(), key
        assert value != key.rsplit(".", 1)[-1], key
        words = set(re.findall(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+", value))
        assert not words & slugs, (key, value)


def test_display_names_of_the_issue_examples() -> None:
    assert display.variant_name("lucky-lucky") == "Lucky Lucky Blackjack"
    assert display.side_outcome_name("lucky-lucky", "suited-777") == "Suited 7-7-7"
    assert (
        display.side_outcome_name("lucky-ladies", "qh-pair-dealer-blackjack")
        == "Queen of hearts pair with dealer blackjack"
    )
    assert display.hand_label(2, 1, 2) == "Spot 2 · Hand 1"
    assert display.hand_label(2) == "Spot 2"
    assert display.wager_label("side", 3, name="lucky-ladies") == "Lucky Ladies · Spot 3"
    assert display.format_percent(0.99584) == "99.58%"
    assert display.format_money(100_000) == "1,000.00"


STATIC = Path(twentyone.__file__).parent / "server" / "static"


def _player_client_keys() -> set[str]:
    """Every catalogue key the player client's JavaScript and page name in full."""
    named: set[str] = set()
    for path in [*(STATIC / "js").rglob("*.js"), STATIC / "index.html"]:
        named |= set(
            re.findall(r"[\"'`]([a-z][a-z0-9-]*(?:\.[A-Za-z0-9-]+)+)[\"'`]", path.read_text())
        )
    return named & set(display.TEXT)


def test_get_names_serves_the_player_client_its_own_table(client: TestClient) -> None:
    """The player client receives every text it reads and none of the back office's
    (``admin.*``, served by ``GET /api/admin/names``) nor the terminal game's (``term.*``)."""
    body = ok(client.get("/api/names"))
    player_keys = {k for k in display.TEXT if not k.startswith(("admin.", "term."))}
    assert body["text"] == {
        **{k: v for k, v in display.TEXT.items() if k in player_keys},
        **display.catalogue_text(),
    }
    assert [k for k in body["text"] if k.startswith(("admin.", "term."))] == []
    named = _player_client_keys()
    assert len(named) > 200 and sorted(named - set(body["text"])) == []
    italian = ok(client.get("/api/names?lang=it"))["text"]
    assert "admin.nav.players" not in italian and italian["action.hit"] == "Carta"
    assert body["outcome_kinds"]["bust"] == "lose"
    assert body["money"] == {"locale": "en-US", "currency": None}


def test_an_error_body_carries_one_plain_sentence(client: TestClient) -> None:
    """Issue 8: "invalid-bet spot 0 main bet is already at the maximum of 50000" becomes a
    sentence with the amount as money."""
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 50000}))
    body = refused(
        client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}),
        400,
        "invalid-bet",
    )
    assert body["error"]["sentence"] == "That bet is already at the table maximum of 500.00."
    body = refused(client.post("/api/tables/lucky-lucky/deal-nothing"), 404, "not-found")
    assert body["error"]["sentence"] == "There is nothing at that address."
    body = refused(
        client.post("/api/tables/lucky-lucky/bets", json={"spot": "x"}), 422, "invalid-request"
    )
    assert "request" in body["error"]["sentence"]


def test_every_sentence_is_free_of_codes_and_cents() -> None:
    for code in _error_codes():
        sentence = display.error_sentence(code, "")
        assert code not in sentence, code
        assert not re.search(r"\d{3,}", sentence), sentence
        assert sentence.endswith("."), sentence


def _lose_a_round(client: TestClient, shoes: Shoes) -> None:
    # spot 1: Ts, dealer 9h, spot 1: 7d (17), dealer hole Tc (19): STAND loses the 500.00 bet.
    shoes.stack("Ts 9h 7d Tc")
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 50000}))
    ok(client.post("/api/tables/lucky-lucky/deal"), 201)
    current = ok(client.get("/api/rounds/current"))["round"]
    ok(client.post(f"/api/rounds/{current['round_id']}/actions", json={"action": "stand"}))


def test_top_up_is_one_ledger_entry_back_to_the_starting_balance(
    client: TestClient, shoes: Shoes, service: TableService
) -> None:
    """Item 9 and the top-up contract: refused at the starting balance and during a round;
    otherwise one grant of the difference, labelled, and the wallet's body answered."""
    start = service.config.opening_grant
    before = ok(client.get("/api/statement"))
    refused(client.post("/api/wallet/top-up"), 409, "top-up-not-needed")
    assert ok(client.get("/api/statement")) == before  # a refusal changes nothing

    _lose_a_round(client, shoes)
    assert ok(client.get("/api/wallet"))["balance"] == start - 50000

    # during a round: refused
    shoes.stack("Ts 9h 7d Tc")
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}))
    ok(client.post("/api/tables/lucky-lucky/deal"), 201)
    refused(client.post("/api/wallet/top-up"), 409, "round-in-progress")
    current = ok(client.get("/api/rounds/current"))["round"]
    ok(client.post(f"/api/rounds/{current['round_id']}/actions", json={"action": "stand"}))
    low = ok(client.get("/api/wallet"))["balance"]
    assert low == start - 50000 - 100

    wallet = ok(client.post("/api/wallet/top-up"))
    assert wallet == {"balance": start, "held": 0}
    assert ok(client.get("/api/wallet")) == wallet
    statement = ok(client.get("/api/statement"))
    last = statement["entries"][-1]
    assert last["kind"] == "grant"
    assert last["amount"] == start - low
    assert last["balance_after"] == start
    assert last["label"] == "Top-up to the starting balance"
    assert statement["reconciles"] and statement["balance"] == start
    refused(client.post("/api/wallet/top-up"), 409, "top-up-not-needed")


def test_a_repeated_top_up_answers_the_first_and_posts_once(
    client: TestClient, shoes: Shoes, service: TableService
) -> None:
    """Issue 10: the top-up takes an ``Idempotency-Key``; a repeat (a retry after a lost
    response) returns the first response and moves no money."""
    start = service.config.opening_grant
    _lose_a_round(client, shoes)
    entries = ok(client.get("/api/statement"))["total"]
    key = {"Idempotency-Key": "top-up-retry-1"}
    first = client.post("/api/wallet/top-up", headers=key)
    again = client.post("/api/wallet/top-up", headers=key)
    assert first.status_code == again.status_code == 200
    assert first.json() == again.json() == {"balance": start, "held": 0}
    statement = ok(client.get("/api/statement"))
    assert statement["total"] == entries + 1  # one grant, not two
    assert statement["balance"] == start and statement["reconciles"]


def test_statement_labels_name_hands_from_one(client: TestClient, shoes: Shoes) -> None:
    """Issue 8: "spot 0 hand 0 hand" never reaches a person; a split spot's hands are
    "Spot 3 · Hand 1" and "Spot 3 · Hand 2" (the table's third spot), an unsplit one "Spot 1"."""
    # table spots 1 and 3 bet; play order: spot 1 (8s, 8d) first, then spot 3 (Ts, 9c).
    # spot 1: 8s, spot 3: Ts, dealer 9h, spot 1: 8d, spot 3: 9c, dealer hole 7c (16)
    # split spot 1: hand 1 gets 2s (10) stand, hand 2 gets 3s (11) stand; spot 3 stands on 19;
    # the dealer draws Kd: 26, bust.
    shoes.stack("8s Ts 9h 8d 9c 7c 2s 3s Kd")
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 1000}))
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 2, "chip": 1000}))
    ok(
        client.post(
            "/api/tables/lucky-lucky/bets", json={"spot": 2, "chip": 100, "side": "lucky-lucky"}
        )
    )
    round_id = ok(client.post("/api/tables/lucky-lucky/deal"), 201)["round"]["round_id"]
    for action in ("split", "stand", "stand", "stand"):
        ok(client.post(f"/api/rounds/{round_id}/actions", json={"action": action}))
    labels = [e["label"] for e in ok(client.get("/api/statement"))["entries"]]
    assert labels == [
        "Opening balance",
        "Bet · Spot 1 · Hand 1",
        "Bet · Spot 3",
        "Bet · Lucky Lucky · Spot 3",
        "Bet · Spot 1 · Hand 2 · split",
        "Spot 1 · Hand 1 · Win",
        "Spot 1 · Hand 2 · Win",
        "Spot 3 · Win",
    ], labels
    record = ok(client.get(f"/api/rounds/{round_id}"))
    assert [e["label"] for e in record["entries"]] == labels[1:]


def test_rules_api_says_where_the_document_differs(client: TestClient) -> None:
    """Item 8: Lucky Lucky's document publishes 99.58%; the computed return (the test
    provider's 99.51%) differs, and the page says so plainly; the side bet's 96.05% agrees."""
    doc = ok(client.get("/api/variants/lucky-lucky/rules"))
    base, side = doc["returns"]
    assert base["bet"] == "base" and base["published"] == 0.9958
    assert "99.58%" in base["note"] and "99.51%" in base["note"]
    assert side["bet"] == "lucky-lucky" and "agrees with the 96.05%" in side["note"]
    notes = " ".join(doc["notes"])
    for phrase in (
        "malfunction voids all pays and plays",
        "after 90 days",
        "disconnected",
        "History",
    ):
        assert phrase in notes, phrase
    assert [b["button"] for b in doc["buttons"]][:3] == ["DEAL", "CLEAR BETS", "UNDO"]
    assert "APPLY TO ALL" in [b["button"] for b in doc["buttons"]]
    european = ok(client.get("/api/variants/european/rules"))
    assert "APPLY TO ALL" not in [b["button"] for b in european["buttons"]]  # one hand
    assert all(r["note"] is None for r in european["returns"])  # the document publishes none


def test_a_voided_round_reads_as_void_entries(
    client: TestClient, shoes: Shoes, service: TableService
) -> None:
    """000: "a malfunction voids all pays and plays" — the statement says which bet came back."""
    # spot 1: Ts, dealer 9h, spot 1: 6d (16), dealer hole 5c: the round is left open.
    shoes.stack("Ts 9h 6d 5c")
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 1, "chip": 1000}))
    round_id = ok(client.post("/api/tables/lucky-lucky/deal"), 201)["round"]["round_id"]
    service.play.void_round(round_id)
    labels = [e["label"] for e in ok(client.get("/api/statement"))["entries"]]
    assert labels[-2:] == ["Bet · Spot 2", "Void: Spot 2"]
