"""Issue 14: the language follows the browser's Accept-Language until the player picks one; the
choice is kept with the account; every sentence the server writes is in it; money is written
per the operator's currency setting.

Independent figures: the issue's own examples (``€1.234,50`` in Italian, ``$1,234.50`` in
English; play money keeps a neutral format) and the Italian Lucky 7 document (seed 001) for the
words.
"""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import GameClient, Shoes, ok, quick_rtp, refused

from twentyone import display
from twentyone.display import MoneyFormat, format_money, format_percent, negotiate, reading
from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

IT = {"Accept-Language": "it-IT,it;q=0.9,en;q=0.8"}


# -- money and numbers (Babel) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("minor", "fmt", "expected"),
    [
        (123450, MoneyFormat("it-IT", "EUR"), "€1.234,50"),  # the Italian example
        (123450, MoneyFormat("en-US", "USD"), "$1,234.50"),  # the English example
        (123450, MoneyFormat("it-IT", None), "1.234,50"),  # play money: no symbol
        (123450, MoneyFormat("en-US", None), "1,234.50"),
        (-500, MoneyFormat("it-IT", "EUR"), "-€5,00"),
        (5, MoneyFormat("en-US", "EUR"), "€0.05"),
        (123456789, MoneyFormat("it-IT", None), "1.234.567,89"),
    ],
)
def test_money_is_written_the_readers_way(minor: int, fmt: MoneyFormat, expected: str) -> None:
    assert format_money(minor, fmt) == expected


def test_the_reader_sets_the_default_format() -> None:
    assert format_money(123450) == "1,234.50"
    with reading("it", currency="EUR"):
        assert format_money(123450) == "€1.234,50"
        assert format_percent(0.99584) == "99,58%"
        assert display.text("action.hit") == "Carta"
    with reading("en", currency="USD"):
        assert format_money(123450) == "$1,234.50"
    assert display.text("action.hit") == "Hit"  # the reader ends with the block
    assert display.text("action.hit", lang="it") == "Carta"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("it-IT,it;q=0.9,en;q=0.8", "it"),
        ("en-GB,en;q=0.9,it;q=0.8", "en"),
        ("fr-FR,it;q=0.5,en;q=0.4", "it"),  # the best one the game speaks
        ("en;q=0.2, it;q=0.9", "it"),  # by quality, not order
        ("de, fr", "en"),
        ("it;q=0", "en"),  # q=0: not acceptable
        ("", "en"),
        (None, "en"),
    ],
)
def test_accept_language_is_negotiated(header: str | None, language: str) -> None:
    assert negotiate(header) == language


# -- the API ---------------------------------------------------------------------------------


def test_names_follow_accept_language_until_lang_names_one(client: TestClient) -> None:
    response = client.get("/api/names", headers=IT)
    body = ok(response)
    assert body["language"] == "it"
    assert body["languages"] == {"en": "English", "it": "Italiano"}
    assert body["text"]["action.hit"] == "Carta"
    assert body["text"]["replay.dealer"] == "Banco"
    assert body["money"] == {"locale": "it-IT", "currency": None}
    assert response.headers["content-language"] == "it"
    assert "Accept-Language" in response.headers["vary"]
    english = ok(client.get("/api/names?lang=en", headers=IT))
    assert english["language"] == "en" and english["text"]["action.hit"] == "Hit"
    assert ok(client.get("/api/names"))["language"] == "en"
    refused(client.get("/api/names?lang=fr"), 422, "invalid-request")


def test_the_choice_is_kept_with_the_account(client: TestClient) -> None:
    assert ok(client.get("/api/auth/me"))["language"] is None  # follows the browser
    assert ok(client.put("/api/auth/language", json={"language": "it"}))["language"] == "it"
    assert ok(client.get("/api/auth/me"))["language"] == "it"
    before = ok(client.get("/api/auth/me"))
    refused(client.put("/api/auth/language", json={"language": "fr"}), 422, "invalid-request")
    assert ok(client.get("/api/auth/me")) == before  # a refusal changes nothing
    assert ok(client.put("/api/auth/language", json={"language": None}))["language"] is None


def test_the_choice_follows_the_account_to_another_browser(
    client: TestClient, new_client: object
) -> None:
    ok(client.post("/api/auth/register", json={"username": "giulia", "password": "s3greta!!"}), 201)
    ok(client.put("/api/auth/language", json={"language": "it"}))
    other = new_client()  # type: ignore[operator]
    me = ok(other.post("/api/auth/login", json={"username": "giulia", "password": "s3greta!!"}))
    assert me["language"] == "it"


def test_refusals_are_written_in_the_readers_language(client: TestClient) -> None:
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 50000}))
    body = refused(
        client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}, headers=IT),
        400,
        "invalid-bet",
    )
    assert body["error"]["sentence"] == "Questa puntata è già al massimo del tavolo di 500,00."
    body = refused(client.get("/api/nowhere", headers=IT), 404, "not-found")
    assert body["error"]["sentence"] == "A questo indirizzo non c'è nulla."
    # the guard's refusal (before any route) too
    body = refused(
        client.post(
            "/api/tables/lucky-lucky/clear",
            headers={**IT, "Origin": "https://elsewhere.example"},
        ),
        403,
        "cross-site-request",
    )
    assert body["error"]["sentence"].startswith("La richiesta proveniva da un altro sito")


def test_statement_labels_are_in_the_readers_language(client: TestClient, shoes: Shoes) -> None:
    # spot 1: Ts, dealer 9h, spot 1: 7d (17), dealer hole Tc (19): STAND loses the bet.
    shoes.stack("Ts 9h 7d Tc")
    ok(client.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 1000}))
    round_id = ok(client.post("/api/tables/lucky-lucky/deal"), 201)["round"]["round_id"]
    ok(client.post(f"/api/rounds/{round_id}/actions", json={"action": "stand"}))
    labels = [e["label"] for e in ok(client.get("/api/statement", headers=IT))["entries"]]
    assert labels == ["Saldo iniziale", "Puntata · Posto 1"]
    english = [e["label"] for e in ok(client.get("/api/statement"))["entries"]]
    assert english == ["Opening balance", "Bet · Spot 1"]


def test_the_operators_currency_is_written_with_its_symbol(service: TableService) -> None:
    app = create_app(
        service, settings=ServerSettings(password_cost=2**10, currency="EUR"), rtp=quick_rtp
    )
    with GameClient(app) as visitor:
        ok(visitor.post("/api/auth/guest"))
        assert ok(visitor.get("/api/names", headers=IT))["money"] == {
            "locale": "it-IT",
            "currency": "EUR",
        }
        ok(visitor.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 50000}))
        body = refused(
            visitor.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}, headers=IT),
            400,
            "invalid-bet",
        )
        assert body["error"]["sentence"] == "Questa puntata è già al massimo del tavolo di €500,00."
        body = refused(
            visitor.post("/api/tables/lucky-lucky/bets", json={"spot": 0, "chip": 100}),
            400,
            "invalid-bet",
        )
        assert body["error"]["sentence"] == "That bet is already at the table maximum of €500.00."


def test_the_currency_setting_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYONE_CURRENCY", "eur")
    assert ServerSettings().currency == "EUR"
    monkeypatch.delenv("TWENTYONE_CURRENCY")
    assert ServerSettings().currency is None  # play money
    monkeypatch.setenv("TWENTYONE_CURRENCY", "EURO")
    with pytest.raises(ValueError, match="ISO 4217"):
        ServerSettings()


def test_the_italian_lucky_7_rules_say_what_the_document_says(client: TestClient) -> None:
    """Seed 001, section by section, in the document's own terms."""
    doc = ok(client.get("/api/variants/lucky-7/rules", headers=IT))
    page = "\n".join(
        [
            doc["title"],
            doc["description"],
            *doc["objective"],
            *doc["how_to_play"],
            *(f"{b['button']}: {b['does']}" for b in doc["buttons"]),
            *doc["text"],
            *doc["card_values"],
            *doc["side_bets"][0]["rules"],
            *doc["notes"],
        ]
    )
    for phrase in (
        # Obbiettivo
        "avvicinarsi il più possibile a 21 senza però superare",
        "la prima, seconda e/o terza carta",
        # Come si gioca: the deal and the peek
        "la prima carta del Banco è coperta",
        "Se il Banco ha un 10 o un Asso come carta scoperta, controlla se ha Blackjack",
        "il giocatore perde la mano",
        "«push» (pareggio)",
        # insurance and even money
        "il Banco offre l'Assicurazione",
        "metà della posta della mano in corso",
        "l'Assicurazione viene pagata 2 a 1",
        "pagamento alla pari",
        "pagato immediatamente 1 a 1",
        "rinunci al pagamento normale della scommessa 3 a 2",
        # Carta (Hit), Stai (Stand), Raddoppia, Dividi
        "CARTA e STAI",
        "non sballa (cioè supera 21)",
        "Raddoppia solo sulle prime due carte",
        "Il Raddoppio non si applica ad un Blackjack",
        "raddoppiare una scommessa dopo aver separato le mani (Dividi)",
        "Dividi: se ti vengono date due carte dello stesso valore",
        "un Fante e una Regina",
        "una volta sola",
        "Se si separano due Assi, verrà data solo una carta in più per ogni mano",
        "non si considera un Blackjack naturale",
        # Gioco del Lucky 7 and its pay table
        "devi prima piazzare una normale scommessa",
        "La vincita aumenta se anche la carta successiva è un 7",
        "Se i 7 sono dello stesso seme la vincita aumenterà ancora",
        "indipendentemente dai risultati del gioco normale",
        "Il limite per il Lucky 7 è di tre 7 di seguito",
        "il Lucky 7 viene pagato sulle due carte iniziali",
        "7-7-7 dello stesso seme 5.000 a 1",
        "Prima carta un 7 3 a 1",
        # Azioni del Banco
        "deve prendere un'altra carta fino a raggiungere o superare 17",
        "17 «soft», deve stare",
        "Se il Banco supera il 21 (sballa)",
        "la puntata ti viene restituita",
        # Valori delle carte
        "possono essere considerati come 1 oppure 11",
        "il valore «hard» è 9, il valore «soft» è 19",
        "valgono ognuno 10 punti",
        "Il Blackjack è la mano più alta",
        "viene pagata 1:1",
    ):
        assert phrase in page, phrase
    names = [b["button"] for b in doc["buttons"]]
    assert names[:7] == [
        "DISTRIBUISCI",
        "AZZERA",
        "ANNULLA",
        "RADDOPPIA",
        "CARTA",
        "STAI",
        "DIVIDI",
    ]
    assert "PAGAMENTO ALLA PARI" in names
    # nothing English is left: every English-only word of the catalogue is absent
    assert not set(_words(page)) & english_only_words(), set(_words(page)) & english_only_words()


def _words(text: str) -> list[str]:
    import re

    return [w.lower() for w in re.findall(r"[A-Za-zÀ-ÿ']{3,}", text)]


def english_only_words() -> set[str]:
    """Words of the English catalogue that no Italian text uses (``stand``, ``dealer``…)."""
    from twentyone.catalogues import table

    english = {w for v in table("en").values() for w in _words(v)}
    italian = {w for v in table("it").values() for w in _words(v)}
    return english - italian


@pytest.mark.parametrize(
    "variant", ["lucky-lucky", "lucky-7", "european", "lucky-ladies", "standard"]
)
def test_every_rules_page_reads_in_italian(client: TestClient, variant: str) -> None:
    """Whatever the rule switches, the generated Italian text has no English word in it."""
    doc = ok(client.get(f"/api/variants/{variant}/rules", headers=IT))
    lines = [doc["title"], doc["description"], *doc["objective"], *doc["how_to_play"]]
    lines += [f"{b['button']} {b['does']}" for b in doc["buttons"]]
    lines += [*doc["text"], *doc["card_values"], *doc["rtp"], *doc["notes"]]
    lines += [line for side in doc["side_bets"] for line in side["rules"]]
    lines += [r["note"] for r in doc["returns"] if r["note"]]
    page = "\n".join(lines)
    assert "dealer" not in page.lower()
    leaked = set(_words(page)) & english_only_words()
    assert not leaked, leaked
