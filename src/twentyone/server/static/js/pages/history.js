// History: every round played, newest first, each with a link to its replay. On a phone each
// round is a card of labelled figures (see pages.css).
import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { showError } from "../messages.js";
import { formatMoney, formatPercent, formatTime, roundStatusName, t, variantName } from "../names.js";

/**
 * The player's statistics from the advisor: what mistakes cost over the latest rounds (null when
 * no round of a game with hints has been reviewed).
 * @returns {Promise<HTMLElement | null>}
 */
async function mistakesLine() {
  let summary;
  try {
    summary = await api("GET", "/api/advice/summary");
  } catch {
    return null;
  }
  if (!summary.rounds) return null;
  const one = summary.rounds === 1; // "Your last round", not "Your last 1 rounds"
  const text = summary.mistakes
    ? t(one ? "review.summary-one" : "review.summary", { rounds: summary.rounds, count: summary.mistakes, decisions: summary.decisions, amount: formatMoney(Math.round(summary.cost_money)), bets: formatPercent(summary.cost_bets, 1) })
    : t(one ? "review.summary-none-one" : "review.summary-none", { rounds: summary.rounds, decisions: summary.decisions });
  return el("p", { class: "review-total", id: "mistakes-summary", text });
}

/**
 * What the mistakes of each round on this page cost (round id -> review), or an empty map
 * when the advisor cannot say (every game's hints off, or the request failed).
 * @param {number} offset
 * @param {number} limit
 * @returns {Promise<Map<string, any>>}
 */
async function roundCosts(offset, limit) {
  try {
    const page = await api("GET", `/api/advice/rounds?offset=${offset}&limit=${limit}`);
    return new Map(page.rounds.map((/** @type {any} */ r) => [r.round_id, r]));
  } catch {
    return new Map();
  }
}

/**
 * The mark on a round whose decisions were not all the best play: how many, and what they cost
 * in expected value (money; under one cent says so).
 * @param {any} review
 * @returns {HTMLElement | string}
 */
function mistakeMark(review) {
  if (!review || !review.mistakes) return "";
  const cents = Math.round(review.cost_money);
  const values = { count: review.mistakes, amount: formatMoney(cents >= 1 ? cents : 1) };
  return el("span", {
    class: "mistake-mark",
    title: t("review.row-label", { count: review.mistakes, amount: formatMoney(Math.max(cents, 0)) }),
    text: t(cents >= 1 ? "review.row" : "review.row-small", values),
  });
}

/**
 * A table cell with its column's name for the phone layout.
 * @param {string} label
 * @param {string | Node} content
 * @param {string} [cls]
 */
export function cell(label, content, cls = "") {
  return el("td", { class: cls, "data-label": label }, content);
}

/** @param {number} [offset] rounds to skip (newest first) */
export async function renderHistory(offset = 0) {
  const limit = 25;
  const [page, mistakes, costs] = await Promise.all([
    api("GET", `/api/history?offset=${offset}&limit=${limit}`),
    offset === 0 ? mistakesLine() : null,
    roundCosts(offset, limit),
  ]);
  const heads = [t("page.started"), t("page.table"), t("page.status"), t("page.staked"), t("page.returned"), t("page.net"), t("page.balance-after"), t("page.mistakes"), ""];
  mount(
    el("h1", { text: t("page.history") }),
    mistakes,
    el(
      "section",
      { class: "panel" },
      page.rounds.length === 0
        ? el("p", { text: t("page.no-rounds") })
        : el(
            "table",
            { class: "data stack", id: "history" },
            el("thead", {}, el("tr", {}, heads.map((h, i) => el("th", { scope: "col", class: i >= 3 && i <= 6 ? "num" : "", text: h })))),
            el(
              "tbody",
              {},
              page.rounds.map((/** @type {any} */ r) =>
                el(
                  "tr",
                  { dataset: { round: r.id }, class: costs.get(r.id)?.mistakes ? "has-mistake" : "" },
                  cell(heads[0], formatTime(r.started_at)),
                  cell(heads[1], variantName(r.variant)),
                  cell(heads[2], roundStatusName(r.status), `status ${r.status}`),
                  cell(heads[3], formatMoney(r.staked), "num"),
                  cell(heads[4], formatMoney(r.returned), "num"),
                  cell(heads[5], formatMoney(r.net), `num ${r.net > 0 ? "pos" : r.net < 0 ? "neg" : ""}`),
                  cell(heads[6], formatMoney(r.balance_after), "num"),
                  cell(heads[7], mistakeMark(costs.get(r.id)), "mistakes"),
                  cell(
                    "",
                    r.status === "open"
                      ? el("a", { href: `#/table/${r.variant}`, text: t("page.continue-short") })
                      : el("a", { href: `#/history/${r.id}`, text: t("page.replay") }),
                    "action",
                  ),
                ),
              ),
            ),
          ),
      el(
        "div",
        { class: "pager" },
        el("button", { class: "btn secondary", type: "button", disabled: offset === 0, text: t("page.newer"), onclick: () => renderHistory(Math.max(0, offset - limit)).catch(showError) }),
        el("span", { text: t("page.rounds-range", { from: page.total ? offset + 1 : 0, to: offset + page.rounds.length, total: page.total }) }),
        el("button", { class: "btn secondary", type: "button", disabled: offset + limit >= page.total, text: t("page.older"), onclick: () => renderHistory(offset + limit).catch(showError) }),
      ),
    ),
  );
}
