// The rules page, generated from the rules (GET /api/variants/NAME/rules): how to play, every
// button, the rules, the pay tables, the exact return of every bet (beside any figure the
// game's document publishes, and why they differ) and the notes on malfunction, unfinished
// rounds, disconnection and history.
import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { formatMoney, formatNumber, formatPercent, paytableName, sideBetName, sideOutcomeName, t, variantName } from "../names.js";
import { app } from "../state.js";

/** @param {any} bet a side bet's pay table */
function paytableSection(bet) {
  const stake =
    bet.min_stake === bet.max_stake
      ? t("page.stake-exactly", { amount: formatMoney(bet.min_stake) })
      : t("page.stake-range", { min: formatMoney(bet.min_stake), max: formatMoney(bet.max_stake) });
  return el(
    "section",
    { class: "panel", dataset: { sideBet: bet.name } },
    el("h2", { text: `${sideBetName(bet.name)} · ${paytableName(bet.name, bet.paytable)}` }),
    bet.rules && bet.rules.length ? el("ul", { class: "rules-list side-rules" }, bet.rules.map((/** @type {string} */ line) => el("li", { text: line }))) : null,
    el("p", {}, stake, bet.aggregate_cap ? ` · ${t("page.cap", { amount: formatMoney(bet.aggregate_cap) })}` : ""),
    el(
      "table",
      { class: "data paytable" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("page.combination") }), el("th", { scope: "col", class: "num", text: t("page.pays") }))),
      el(
        "tbody",
        {},
        Object.entries(bet.pays).map(([outcome, pays]) =>
          el("tr", {}, el("td", { text: sideOutcomeName(bet.name, outcome) }), el("td", { class: "num", text: t("page.to-one", { pays: formatNumber(Number(pays)) }) })),
        ),
      ),
    ),
    el("p", { class: "limits", text: t("page.payout-format") }),
  );
}

/** @param {any} doc */
function returnsSection(doc) {
  return el(
    "section",
    { class: "panel", id: "returns" },
    el("h2", { text: t("page.rtp-heading") }),
    el(
      "table",
      { class: "data" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("page.bet") }), el("th", { scope: "col", class: "num", text: t("page.rtp-exact") }), el("th", { scope: "col", class: "num", text: t("page.rtp-published") }))),
      el(
        "tbody",
        {},
        doc.returns.map((/** @type {any} */ r) =>
          el(
            "tr",
            { dataset: { bet: r.bet } },
            el("td", { text: r.bet === "base" ? t("page.main-game") : sideBetName(r.bet) }),
            el("td", { class: "num rtp", id: r.bet === "base" ? "rtp-base" : undefined, text: formatPercent(r.rtp) }),
            el("td", { class: "num", text: r.published === null ? t("page.not-published") : formatPercent(r.published) }),
          ),
        ),
      ),
    ),
    doc.returns.filter((/** @type {any} */ r) => r.note).map((/** @type {any} */ r) => el("p", { class: r.published !== null && formatPercent(r.published) !== formatPercent(r.rtp) ? "note discrepancy" : "note" }, r.note)),
    el(
      "details",
      {},
      el("summary", { text: t("page.rtp-how") }),
      el(
        "ul",
        {},
        doc.rtp.map((/** @type {string} */ line) => el("li", { text: line })),
        doc.returns
          .filter((/** @type {any} */ r) => r.exact_ev)
          .map((/** @type {any} */ r) => el("li", { text: t("page.exact-ev", { bet: sideBetName(r.bet), ev: r.exact_ev }) })),
      ),
    ),
  );
}

/** @param {string} name */
export async function renderRules(name) {
  const doc = await api("GET", `/api/variants/${encodeURIComponent(name)}/rules`);
  const me = app.me;
  const limits = me ? t("page.limits-line", { min: formatMoney(me.limits.min_bet), max: formatMoney(me.limits.max_bet) }) : "";
  mount(
    el("h1", { text: t("page.rules-title", { game: variantName(doc.variant) }) }),
    el(
      "section",
      { class: "panel" },
      el("p", { text: t(`variant-description.${doc.variant}`) }),
      limits ? el("p", { text: limits }) : null,
      el("a", { class: "btn deal", href: `#/table/${doc.variant}`, role: "button", text: t("page.play-this") }),
    ),
    el("section", { class: "panel", id: "objective" }, el("h2", { text: t("page.objective") }), el("ul", { class: "rules-list" }, (doc.objective || []).map((/** @type {string} */ s) => el("li", { text: s })))),
    el("section", { class: "panel", id: "how-to-play" }, el("h2", { text: t("page.how-to-play") }), el("ol", { class: "rules-list" }, doc.how_to_play.map((/** @type {string} */ s) => el("li", { text: s })))),
    el(
      "section",
      { class: "panel", id: "buttons" },
      el("h2", { text: t("page.buttons") }),
      el("dl", { class: "buttons-list" }, doc.buttons.flatMap((/** @type {any} */ b) => [el("dt", { text: b.button }), el("dd", { text: b.does })])),
    ),
    el("section", { class: "panel", id: "rules" }, el("h2", { text: t("page.rules") }), el("ul", { class: "rules-list" }, doc.text.map((/** @type {string} */ line) => el("li", { text: line })))),
    el("section", { class: "panel", id: "card-values" }, el("h2", { text: t("page.card-values") }), el("ul", { class: "rules-list" }, (doc.card_values || []).map((/** @type {string} */ line) => el("li", { text: line })))),
    doc.side_bets.map(paytableSection),
    returnsSection(doc),
    el("section", { class: "panel", id: "notes" }, el("h2", { text: t("page.notes") }), el("ul", { class: "rules-list" }, doc.notes.map((/** @type {string} */ line) => el("li", { text: line })))),
    el("p", { class: "limits", text: t("page.rules-version", { version: doc.rules_version }) }),
  );
}
