// Players: search by name, login or id; each row opens the player's page.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatTime } from "../../js/names.js";
import { levelName, say } from "../text.js";
import { dataTable, field, pager } from "../ui.js";

let query = "";

/** @param {any} p */
function statusOf(p) {
  if (p.locked) return el("span", { class: "flag outside", text: say("admin.status.locked") });
  if (p.open_round_id) return el("span", { class: "flag none", text: say("admin.status.in-round") });
  return el("span", { class: "flag inside", text: say("admin.status.active") });
}

/** @param {number} [offset] */
export async function renderPlayers(offset = 0) {
  const limit = 50;
  const page = await api("GET", `/api/admin/players?q=${encodeURIComponent(query)}&offset=${offset}&limit=${limit}`);
  const input = el("input", { id: "player-query", name: "q", type: "search", value: query, maxlength: "100", autocomplete: "off" });
  const form = el("form", { class: "bo-form", id: "player-search" }, field(say("admin.players.search"), input, "wide"), el("button", { class: "btn", type: "submit", text: say("admin.players.find") }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    query = input.value.trim();
    renderPlayers(0);
  });
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.player"), ""],
    [say("admin.col.login"), ""],
    [say("admin.col.level"), ""],
    [say("admin.col.balance"), "num"],
    [say("admin.col.status"), ""],
    [say("admin.col.joined"), ""],
  ]);
  const rows = page.players.map((/** @type {any} */ p) => ({
    cells: [
      el("a", { href: `#/player/${p.id}`, class: "player-link", text: p.username || p.name }),
      p.username ? p.username : say("admin.player.guest"),
      levelName(p.vip_level),
      formatMoney(p.balance),
      statusOf(p),
      formatTime(p.created_at),
    ],
  }));
  mount(
    el("h1", { text: say("admin.players.title") }),
    form,
    el("p", { class: "note", id: "player-count", text: say("admin.players.count", { count: page.total }) }),
    page.players.length ? dataTable(columns, rows, "player-results") : el("p", { text: say("admin.players.none") }),
    pager(page, (o) => renderPlayers(o)),
  );
  input.focus();
}
