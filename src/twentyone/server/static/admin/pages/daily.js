// Daily totals from the ledger (staked, returned, voided, held in open rounds), with a CSV file.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { currentLanguage, formatDay, formatMoney, formatNumber } from "../../js/names.js";
import { say } from "../text.js";
import { dataTable, field } from "../ui.js";

const period = { since: "", until: "" };
const MONEY = ["staked", "returned", "voided", "house_net", "granted"];

/** @param {Date} day @returns {string} YYYY-MM-DD */
function isoDay(day) {
  return day.toISOString().slice(0, 10);
}

export async function renderDaily() {
  if (!period.since && !period.until && matchMedia("(max-width: 720px)").matches) {
    // a phone shows a week at first (a day is a card there); the form widens it
    const today = new Date();
    period.until = isoDay(today);
    period.since = isoDay(new Date(today.getTime() - 6 * 86_400_000));
  }
  const params = new URLSearchParams();
  if (period.since) params.set("since", period.since);
  if (period.until) params.set("until", period.until);
  const data = await api("GET", `/api/admin/reports/daily?${params}`);
  const days = [...data.days].reverse(); // newest first
  const since = el("input", { id: "daily-since", type: "date", value: period.since || data.days[0].day });
  const until = el("input", { id: "daily-until", type: "date", value: period.until || data.days[data.days.length - 1].day });
  const form = el("form", { class: "bo-form", id: "daily-form" }, field(say("admin.perf.from"), since), field(say("admin.perf.to"), until), el("button", { class: "btn", type: "submit", text: say("admin.perf.show") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    period.since = since.value;
    period.until = until.value;
    renderDaily();
  });
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.day"), ""],
    [say("admin.col.rounds"), "num"],
    [say("admin.col.staked"), "num"],
    [say("admin.col.returned"), "num"],
    [say("admin.col.voided"), "num"],
    [say("admin.col.house"), "num"],
    [say("admin.col.granted"), "num"],
    [say("admin.col.held"), "num"],
  ]);
  const total = Object.fromEntries(MONEY.map((k) => [k, data.days.reduce((/** @type {number} */ s, /** @type {any} */ d) => s + d[k], 0)]));
  const rounds = data.days.reduce((/** @type {number} */ s, /** @type {any} */ d) => s + d.rounds, 0);
  /** @type {{cells: (string | Node | null)[], cls?: string}[]} */
  const rows = days.map((/** @type {any} */ d) => ({ cells: [formatDay(d.day), formatNumber(d.rounds), ...MONEY.map((k) => formatMoney(d[k])), formatMoney(d.held)] }));
  rows.push({ cls: "total", cells: [say("admin.daily.total"), formatNumber(rounds), ...MONEY.map((k) => formatMoney(total[k])), say("admin.word.none")] });
  const change = data.days.reduce((/** @type {number} */ s, /** @type {any} */ d) => s + d.ledger_change, 0);
  // a download is a navigation, sent with the browser's own Accept-Language: the link names the
  // page's language, so the file's headers are in it (its cells are the same in every language)
  const csv = new URLSearchParams({ since: since.value, until: until.value, lang: currentLanguage() });
  mount(
    el("h1", { text: say("admin.daily.title") }),
    form,
    el("p", {}, el("a", { class: "btn secondary small", id: "daily-csv", href: `/api/admin/reports/daily.csv?${csv}`, download: "", text: say("admin.daily.csv") })),
    el("p", { class: "note", text: say("admin.daily.note") }),
    dataTable(columns, rows, "daily-table"),
    el("p", { class: "note", id: "daily-reconcile", text: say("admin.daily.reconcile", { amount: formatMoney(change), granted: formatMoney(total.granted), staked: formatMoney(total.staked), returned: formatMoney(total.returned), voided: formatMoney(total.voided) }) }),
  );
}
