// The statement: every change to the balance, oldest first, labelled as a person reads it
// (the labels come from the server's display names), reconciled to the balance.
import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { showError } from "../messages.js";
import { formatMoney, formatTime, t } from "../names.js";
import { setWallet, topUpButton } from "../session.js";
import { app } from "../state.js";
import { cell } from "./history.js";

/** @param {any[]} entries ledger lines (with their `label`) */
export function statementTable(entries) {
  const heads = [t("page.time"), t("page.entry"), t("page.round"), t("page.amount"), t("page.balance")];
  return el(
    "table",
    { class: "data stack statement" },
    el("thead", {}, el("tr", {}, heads.map((h, i) => el("th", { scope: "col", class: i >= 3 ? "num" : "", text: h })))),
    el(
      "tbody",
      {},
      entries.map((e) =>
        el(
          "tr",
          {},
          cell(heads[0], formatTime(e.created_at)),
          cell(heads[1], e.label),
          cell(heads[2], e.round_id ? el("a", { href: `#/history/${e.round_id}`, text: t("page.round-link") }) : "—"),
          cell(heads[3], formatMoney(e.amount), `num ${e.amount > 0 ? "pos" : e.amount < 0 ? "neg" : ""}`),
          cell(heads[4], formatMoney(e.balance_after), "num"),
        ),
      ),
    ),
  );
}

/** @param {number} [offsetArg] */
export async function renderStatement(offsetArg) {
  const limit = 100;
  let offset = offsetArg;
  if (offset === undefined) {
    const head = await api("GET", "/api/statement?limit=1");
    offset = Math.max(0, head.total - limit);
  }
  const page = await api("GET", `/api/statement?offset=${offset}&limit=${limit}`);
  setWallet(page.balance, app.me ? app.me.held : 0);
  mount(
    el("h1", { text: t("page.statement") }),
    el(
      "section",
      { class: "panel", id: "statement" },
      el(
        "p",
        {},
        t("page.balance-is"),
        " ",
        el("b", { text: formatMoney(page.balance) }),
        " · ",
        t("page.ledger-sum"),
        " ",
        el("b", { text: formatMoney(page.ledger_sum) }),
        " · ",
        el("b", { class: page.reconciles ? "pos" : "neg", id: "reconciles", text: page.reconciles ? t("page.reconciles") : t("page.not-reconciled") }),
      ),
      topUpButton(() => renderStatement()),
      statementTable(page.entries),
      el(
        "div",
        { class: "pager" },
        el("button", { class: "btn secondary", type: "button", disabled: offset === 0, text: t("page.older"), onclick: () => renderStatement(Math.max(0, offset - limit)).catch(showError) }),
        el("span", { text: t("page.entries-range", { from: page.total ? offset + 1 : 0, to: offset + page.entries.length, total: page.total }) }),
        el("button", { class: "btn secondary", type: "button", disabled: offset + limit >= page.total, text: t("page.newer"), onclick: () => renderStatement(offset + limit).catch(showError) }),
      ),
    ),
  );
}
