import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { money, when } from "../format.js";
import { showError } from "../messages.js";
import { setWallet } from "../session.js";
import { app } from "../state.js";

export function statementTable(entries) {
  return el(
    "table",
    { class: "data" },
    el("thead", {}, el("tr", {}, ["Time", "Kind", "Detail", "Round", "Amount", "Balance"].map((h, i) => el("th", { class: i >= 4 ? "num" : "", text: h })))),
    el(
      "tbody",
      {},
      entries.map((e) =>
        el(
          "tr",
          {},
          el("td", { text: when(e.created_at) }),
          el("td", { text: e.kind }),
          el("td", { text: e.detail }),
          el("td", {}, e.round_id ? el("a", { href: `#/history/${e.round_id}`, text: e.round_id.slice(0, 8) }) : ""),
          el("td", { class: `num ${e.amount > 0 ? "pos" : e.amount < 0 ? "neg" : ""}`, text: money(e.amount) }),
          el("td", { class: "num", text: money(e.balance_after) }),
        ),
      ),
    ),
  );
}

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
    el("h1", { text: "Statement" }),
    el(
      "section",
      { class: "panel", id: "statement" },
      el(
        "p",
        {},
        "Balance ",
        el("b", { text: money(page.balance) }),
        " · sum of the ledger ",
        el("b", { text: money(page.ledger_sum) }),
        " · ",
        el("b", { class: page.reconciles ? "pos" : "neg", id: "reconciles", text: page.reconciles ? "reconciles ✓" : "does not reconcile ✗" }),
      ),
      statementTable(page.entries),
      el(
        "div",
        { class: "pager" },
        el("button", { class: "btn secondary", type: "button", disabled: offset === 0, text: "Older", onclick: () => renderStatement(Math.max(0, offset - limit)).catch(showError) }),
        el("span", { text: `entries ${page.total ? offset + 1 : 0}–${offset + page.entries.length} of ${page.total}` }),
        el("button", { class: "btn secondary", type: "button", disabled: offset + limit >= page.total, text: "Newer", onclick: () => renderStatement(offset + limit).catch(showError) }),
      ),
    ),
  );
}
