"""The back office in Italian, in real Chromium on a phone (390x844) and a desktop (1280x800).

It speaks the player client's language: the one last picked in this browser, else the
browser's own (here Italian). Every page is looked at (a screenshot in
``$TWENTYONE_SCREENSHOTS``) and checked as the Italian player pages are: the page is Italian,
no English text, key or slug is on screen or in a label, nothing overlaps or runs out of the
viewport, no number of cents, and axe-core finds nothing serious.
"""

from __future__ import annotations

import contextlib
import re

from test_browser import LiveServer, browser, live  # noqa: F401 (fixtures)
from test_browser_admin import PASSWORD, office  # noqa: F401 (fixtures)
from test_browser_italian import _tab, check_italian, italian, size  # noqa: F401 (fixtures)
from test_browser_pages import SIZES

with contextlib.suppress(ImportError):  # without it the browser fixture skips or fails first
    from playwright.sync_api import Browser, Page, expect


def login(tab: Page, office: LiveServer, hash_: str = "#/players") -> None:  # noqa: F811
    tab.goto(f"{office.url}/admin{hash_}")
    tab.fill("#login-name", "ada")
    tab.fill("#login-password", PASSWORD)
    tab.click("#login-submit")
    expect(tab.locator("#admin-name")).to_have_text("Connesso come ada")


def test_every_back_office_page_in_italian(
    italian: Page,  # noqa: F811
    office: LiveServer,  # noqa: F811
    size: str,  # noqa: F811
) -> None:
    tab = italian
    tab.goto(f"{office.url}/admin")
    expect(tab.locator("h1")).to_have_text("Back office")
    expect(tab.locator("#login-submit")).to_have_text("Accedi")
    check_italian(tab, f"admin-login-{size}")
    tab.fill("#login-name", "ada")
    tab.fill("#login-password", "non è la password")
    tab.click("#login-submit")
    expect(tab.locator(".notice.error")).to_have_text(
        "Nome e password non corrispondono a nessun amministratore."
    )
    login(tab, office)
    expect(tab.locator("h1")).to_have_text("Giocatori")
    expect(tab.locator("#admin-nav a")).to_have_text(
        [
            "Giocatori",
            "Partite",
            "Rendimento dei giochi",
            "Totali giornalieri",
            "Registro di controllo",
        ]
    )
    expect(tab.locator("#admin-logout")).to_have_text("Esci")
    tab.fill("#player-query", "zel")
    tab.press("#player-query", "Enter")
    expect(tab.locator("#player-count")).to_have_text("Giocatori: 1")
    expect(tab.locator("#player-results thead")).to_contain_text("Saldo")
    check_italian(tab, f"admin-players-{size}")

    tab.locator("#player-results a.player-link").click()
    expect(tab.locator("#player-title")).to_have_text("Giocatore Zelda")
    facts = tab.locator("#player-facts")
    expect(facts).to_contain_text("Saldo")
    expect(facts).to_contain_text("1.000,00")  # money the Italian way (format.js, names.js)
    expect(facts).to_contain_text("Livello VIP")
    expect(tab.locator("#player-state")).to_have_text(
        "Attivo: questo giocatore può accedere e giocare."
    )
    expect(tab.locator("#player-ledger h2")).to_have_text("Registro contabile")
    expect(tab.locator("#player-protection")).to_contain_text("Nessun limite impostato.")
    expect(tab.locator("#player-rounds")).to_contain_text("Blackjack Classico")  # the server's
    expect(tab.locator("#player-rounds")).to_contain_text("Conclusa")
    check_italian(tab, f"admin-player-{size}")
    tab.fill("#lock-reason", "ha chiesto una pausa al telefono")
    tab.click("#lock-form-submit")
    expect(tab.locator(".notice.info")).to_have_text("Il conto è bloccato.")
    expect(tab.locator("#player-state")).to_contain_text("Motivo: ha chiesto una pausa")
    expect(tab.locator("#audit-table")).to_contain_text("Giocatore bloccato")
    check_italian(tab, f"admin-player-locked-{size}")
    tab.fill("#lock-reason", "pausa finita")
    tab.click("#lock-form-submit")
    expect(tab.locator(".notice.info")).to_have_text("Il conto è sbloccato.")

    tab.click("a[data-nav='rounds']")
    expect(tab.locator("h1")).to_have_text("Partite")
    expect(tab.locator("#round-find")).to_have_text("Cerca partite")
    expect(tab.locator("#round-status option")).to_have_text(
        ["Tutti", "In sospeso", "Conclusa", "Annullata"]
    )
    check_italian(tab, f"admin-rounds-{size}")

    tab.click("a[data-nav='performance']")
    expect(tab.locator("h1")).to_have_text("Rendimento dei giochi")
    game = tab.locator(".perf-game[data-game='standard']")
    expect(game.locator("h2")).to_have_text("Blackjack Classico")
    row = game.locator("tbody tr").first
    expect(row).to_contain_text("Gioco principale")
    expect(row).to_contain_text("100,00%")
    expect(row).to_contain_text("Entro l'intervallo")
    check_italian(tab, f"admin-performance-{size}")

    tab.click("a[data-nav='daily']")
    expect(tab.locator("h1")).to_have_text("Totali giornalieri")
    expect(tab.locator("#daily-table tr.total")).to_contain_text("Totale")
    expect(tab.locator("#daily-csv")).to_have_text("Scarica il CSV")
    # a download is a navigation with the browser's own Accept-Language (here: as if English):
    # the file's headers still follow the back office's language, its cells stay plain numbers
    href = tab.locator("#daily-csv").get_attribute("href") or ""
    download = tab.request.get(f"{office.url}{href}", headers={"Accept-Language": "en"})
    assert download.ok
    assert download.text().startswith("Giorno (UTC),Partite iniziate,Puntato,Restituito,")
    for row in download.text().splitlines()[1:]:
        day, rounds, *amounts = row.split(",")
        assert re.fullmatch(r"\d{4}-\d\d-\d\d", day) and rounds.isdigit(), row
        assert all(re.fullmatch(r"-?\d+\.\d\d", amount) for amount in amounts), row
    check_italian(tab, f"admin-daily-{size}")

    tab.click("a[data-nav='audit']")
    expect(tab.locator("h1")).to_have_text("Registro di controllo")
    expect(tab.locator("#audit-chain")).to_contain_text("La catena di hash è integra")
    expect(tab.locator("#audit-table")).to_contain_text("Accesso rifiutato")
    expect(tab.locator("#audit-table")).to_contain_text("Amministratore ada")
    check_italian(tab, f"admin-audit-{size}")


def test_limits_and_exclusions_in_italian(
    italian: Page,  # noqa: F811
    office: LiveServer,  # noqa: F811
    size: str,  # noqa: F811
) -> None:
    svc = office.service
    player = svc.accounts.create_player(f"Vera-{size}")
    svc.protection.set_limit(player.id, "loss", "24h", 5000)
    svc.protection.take_break(player.id, "time-out", 1)
    login(italian, office, f"#/player/{player.id}")
    expect(italian.locator("#player-state")).to_contain_text(
        "Non bloccato, ma non può iniziare una partita fino al"
    )
    expect(italian.locator("#player-state")).to_contain_text(": pausa scelta dal giocatore.")
    expect(italian.locator("#player-protection")).to_contain_text("In pausa fino al")
    limits = italian.locator("#player-limits")
    expect(limits).to_contain_text("Limite di perdita, 24 ore")
    expect(limits).to_contain_text("50,00")
    check_italian(italian, f"admin-player-limits-{size}")


def test_a_round_is_replayed_and_voided_in_italian(
    italian: Page,  # noqa: F811
    office: LiveServer,  # noqa: F811
    size: str,  # noqa: F811
) -> None:
    svc = office.service
    player = svc.accounts.create_player(f"Ugo-{size}")
    office.shoes.stack("Ts 9d 6h 7c")  # 16 against a 9: waiting for the player's decision
    svc.seat.place(player.id, "standard", 0, 2500)
    svc.play.deal(player.id, "standard")
    login(italian, office, "#/rounds")
    italian.fill("#round-player", f"Ugo-{size}")
    italian.click("#round-find")
    expect(italian.locator("#round-results tbody tr")).to_have_count(1)
    expect(italian.locator("#round-results")).to_contain_text("In sospeso")
    italian.locator("#round-results a.round-link").click()
    expect(italian.locator("#round-admin h3")).to_have_text("Annulla e rimborsa")
    expect(italian.locator(".replay-felt")).to_be_visible()
    check_italian(italian, f"admin-round-{size}")
    italian.fill("#void-reason", "guasto del lettore di carte")
    italian.click("#void-submit")
    expect(italian.locator("#round-void-reason")).to_have_text(
        "Motivo dell'annullamento: annullata dal casinò: guasto del lettore di carte"
    )
    expect(italian.locator(".notice.info")).to_have_text(
        "Partita annullata: il saldo del giocatore è cambiato di 25,00."
    )
    check_italian(italian, f"admin-round-voided-{size}")


def test_the_language_switch_of_the_back_office_is_the_player_clients(
    browser: Browser,  # noqa: F811
    office: LiveServer,  # noqa: F811
) -> None:
    """An English browser: the back office is in English until Italian is picked in its top
    bar; then the page is drawn again in Italian, stays so on reload, and the player client in
    the same browser follows the choice (one preference, kept in the browser)."""
    context, tab, errors = _tab(browser, "en-US", SIZES["desktop"])
    tab.goto(f"{office.url}/admin")
    expect(tab.locator("#login-submit")).to_have_text("Log in")
    tab.fill("#login-name", "ada")
    tab.fill("#login-password", PASSWORD)
    tab.click("#login-submit")
    expect(tab.locator("h1")).to_have_text("Players")
    expect(tab.locator("#language option")).to_have_text(["English", "Italiano"])
    tab.select_option("#language", "it")
    expect(tab.locator("h1")).to_have_text("Giocatori")
    expect(tab.locator("#admin-name")).to_have_text("Connesso come ada")
    expect(tab.locator("a[data-nav='audit']")).to_have_text("Registro di controllo")
    expect(tab).to_have_title("twentyone — back office")
    expect(tab.locator("html")).to_have_attribute("lang", "it")
    tab.reload()
    expect(tab.locator("h1")).to_have_text("Giocatori")
    tab.goto(f"{office.url}/#/history")
    expect(tab.locator("a[data-nav='history']")).to_have_text("Storico")
    tab.goto(f"{office.url}/admin#/players")
    expect(tab.locator("h1")).to_have_text("Giocatori")
    tab.select_option("#language", "en")
    expect(tab.locator("h1")).to_have_text("Players")
    expect(tab.locator("#admin-logout")).to_have_text("Log out")
    context.close()
    assert errors == [], errors
