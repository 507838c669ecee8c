// Game performance: per game and bet, rounds, staked, returned, realised RTP with its 99%
// interval against the theoretical RTP, and a flag when the theory falls outside.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatNumber, sideBetName, variantName } from "../../js/names.js";
import { say } from "../text.js";
import { dataTable, field, rtp } from "../ui.js";

const period = { since: "", until: "" };

/** @param {any} row */
function betName(row) {
  if (row.bet === "main") return say("admin.perf.main");
  if (row.bet === "insurance") return say("admin.perf.insurance");
  return sideBetName(row.name);
}

/** @param {any} row */
function check(row) {
  if (row.theory === null) return el("span", { class: "flag none", text: say("admin.perf.no-theory") });
  if (row.outside === null) return el("span", { class: "flag none", text: say("admin.perf.few") });
  return row.outside ? el("span", { class: "flag outside", text: say("admin.perf.outside") }) : el("span", { class: "flag inside", text: say("admin.perf.inside") });
}

export async function renderPerformance() {
  if (!period.since && !period.until) {
    // the last 30 UTC days at first (every round ever can be a long read); the form widens it
    const today = new Date();
    period.until = today.toISOString().slice(0, 10);
    period.since = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  }
  const params = new URLSearchParams();
  if (period.since) params.set("since", period.since);
  if (period.until) params.set("until", period.until);
  const data = await api("GET", `/api/admin/reports/performance?${params}`);
  const since = el("input", { id: "perf-since", type: "date", value: period.since });
  const until = el("input", { id: "perf-until", type: "date", value: period.until });
  const form = el("form", { class: "bo-form", id: "perf-form" }, field(say("admin.perf.from"), since), field(say("admin.perf.to"), until), el("button", { class: "btn", type: "submit", text: say("admin.perf.show") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    period.since = since.value;
    period.until = until.value;
    renderPerformance();
  });
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.bet"), ""],
    [say("admin.col.rounds"), "num"],
    [say("admin.col.staked"), "num"],
    [say("admin.col.returned"), "num"],
    [say("admin.col.rtp"), "num"],
    [say("admin.col.interval"), "num"],
    [say("admin.col.theory"), "num"],
    [say("admin.col.check"), ""],
  ]);
  /** @type {Map<string, any[]>} */
  const byGame = new Map();
  for (const row of data.rows) {
    if (!byGame.has(row.variant)) byGame.set(row.variant, []);
    byGame.get(row.variant).push(row);
  }
  const tables = [...byGame.entries()].map(([game, rows]) =>
    el(
      "section",
      { class: "bo-panel perf-game", dataset: { game } },
      el("h2", { class: "game-title", text: variantName(game) }),
      dataTable(
        columns,
        rows.map((row) => ({
          cls: row.outside ? "outside" : "",
          cells: [
            betName(row),
            formatNumber(row.rounds),
            formatMoney(row.staked),
            formatMoney(row.returned),
            rtp(row.rtp),
            row.low === null ? say("admin.word.none") : say("admin.perf.range", { low: rtp(row.low), high: rtp(row.high) }),
            rtp(row.theory),
            check(row),
          ],
        })),
      ),
    ),
  );
  const insured = data.rows.some((/** @type {any} */ row) => row.bet === "insurance" && row.theory !== null);
  const notes = [el("p", { class: "note", text: say("admin.perf.note") })];
  if (insured) notes.push(el("p", { class: "note", id: "perf-insurance-note", text: say("admin.perf.insurance-note") }));
  mount(el("h1", { text: say("admin.perf.title") }), form, ...notes, tables.length ? tables : el("p", { text: say("admin.perf.none") }));
}
