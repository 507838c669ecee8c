// Rounds: search by id, player, game, time and status; each row opens the round's record.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatTime, roundStatusName, variantName } from "../../js/names.js";
import { say } from "../text.js";
import { dataTable, field, pager, shortId } from "../ui.js";

/** @type {Record<string, string>} the filters as last asked */
const filters = { round_id: "", player: "", variant: "", status: "", since: "", until: "" };
/** @type {string[] | null} */
let games = null;

/**
 * The rounds of a search, as a table (the player page shows a player's with it).
 * @param {any[]} found
 * @param {string} [id]
 */
export function roundsTable(found, id) {
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.started"), ""],
    [say("admin.col.round"), ""],
    [say("admin.col.player"), ""],
    [say("admin.col.game"), ""],
    [say("admin.col.status"), ""],
    [say("admin.col.staked"), "num"],
    [say("admin.col.returned"), "num"],
  ]);
  const rows = found.map((r) => ({
    cells: [
      formatTime(r.started_at),
      el("a", { href: `#/round/${r.id}`, class: "round-link", text: shortId(r.id) }),
      el("a", { href: `#/player/${r.player_id}`, text: r.username || r.player_name }),
      variantName(r.variant),
      el("span", { class: `status ${r.status}`, text: roundStatusName(r.status) }),
      formatMoney(r.staked),
      formatMoney(r.returned),
    ],
  }));
  return dataTable(columns, rows, id);
}

/** @param {string} local a datetime-local value, read as UTC @returns {string} */
function utc(local) {
  return local ? `${local}:00Z` : "";
}

/** @param {number} [offset] */
export async function renderRounds(offset = 0) {
  if (!games) games = (await api("GET", "/api/variants")).map((/** @type {any} */ v) => v.name);
  const params = new URLSearchParams({ offset: String(offset), limit: "50" });
  for (const [key, value] of Object.entries(filters)) {
    if (!value) continue;
    if (key === "round_id") params.set(key, value.replace(/[\s-]/g, ""));
    else params.set(key, key === "since" || key === "until" ? utc(value) : value);
  }
  const page = await api("GET", `/api/admin/rounds?${params}`);
  const inputs = {
    round_id: el("input", { id: "round-id", name: "round_id", value: filters.round_id, maxlength: "40", autocomplete: "off", pattern: "[0-9a-fA-F\\s\\-]*" }),
    player: el("input", { id: "round-player", name: "player", value: filters.player, maxlength: "100", autocomplete: "off" }),
    variant: el("select", { id: "round-game", name: "variant" }, el("option", { value: "", text: say("admin.rounds.any") }), games.map((g) => el("option", { value: g, text: variantName(g), selected: g === filters.variant }))),
    status: el("select", { id: "round-status", name: "status" }, el("option", { value: "", text: say("admin.rounds.any") }), ["open", "settled", "void"].map((s) => el("option", { value: s, text: roundStatusName(s), selected: s === filters.status }))),
    since: el("input", { id: "round-since", name: "since", type: "datetime-local", value: filters.since }),
    until: el("input", { id: "round-until", name: "until", type: "datetime-local", value: filters.until }),
  };
  const form = el(
    "form",
    { class: "bo-form", id: "round-search" },
    field(say("admin.rounds.id"), inputs.round_id),
    field(say("admin.rounds.player"), inputs.player),
    field(say("admin.rounds.game"), inputs.variant),
    field(say("admin.rounds.status"), inputs.status),
    field(`${say("admin.rounds.from")} (UTC)`, inputs.since),
    field(`${say("admin.rounds.to")} (UTC)`, inputs.until),
    el("button", { class: "btn", type: "submit", id: "round-find", text: say("admin.rounds.find") }),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    for (const [key, input] of Object.entries(inputs)) filters[key] = /** @type {HTMLInputElement} */ (input).value.trim();
    renderRounds(0);
  });
  mount(
    el("h1", { text: say("admin.rounds.title") }),
    form,
    el("p", { class: "note", id: "round-count", text: say("admin.rounds.count", { count: page.total }) }),
    page.rounds.length ? roundsTable(page.rounds, "round-results") : el("p", { text: say("admin.rounds.none") }),
    pager(page, (o) => renderRounds(o)),
  );
}

/** Search the rounds of one player (from the player's page). @param {string} playerId */
export function roundsOf(playerId) {
  Object.assign(filters, { round_id: "", player: playerId, variant: "", status: "", since: "", until: "" });
}
