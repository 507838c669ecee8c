// The audit log: every administrative action, newest first, with the check of its hash chain.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatTime, roundStatusName } from "../../js/names.js";
import { has, levelName, say } from "../text.js";
import { dataTable, pager, shortId } from "../ui.js";

const MONEY = new Set(["staked", "returned", "held", "balance", "balance_change"]);

/** @param {string} key @param {unknown} value */
function shown(key, value) {
  if (value === null || value === undefined) return say("none");
  if (MONEY.has(key) && typeof value === "number") return formatMoney(value);
  if (key === "vip_level") return levelName(String(value));
  if (key === "status") return roundStatusName(String(value));
  if (key === "locked_at") return formatTime(String(value));
  if (typeof value === "boolean") return value ? say("yes") : say("no");
  return String(value);
}

/**
 * What changed, one line per field: "VIP level: Standard → Gold" (a field on one side only:
 * its value; a field that did not change is left out).
 * @param {any} entry
 */
function changes(entry) {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter((k) => has(`field.${k}`));
  const lines = [];
  for (const k of keys) {
    const was = k in entry.before;
    const now = k in entry.after;
    if (was && now && JSON.stringify(entry.before[k]) === JSON.stringify(entry.after[k])) continue;
    const text = was && now ? `${shown(k, entry.before[k])} → ${shown(k, entry.after[k])}` : shown(k, was ? entry.before[k] : entry.after[k]);
    lines.push(el("li", { text: `${say(`field.${k}`)}: ${text}` }));
  }
  return lines.length ? el("ul", { class: "changes" }, lines) : say("none");
}

/** @param {any} entry */
function target(entry) {
  if (entry.target_kind === "player") return el("a", { href: `#/player/${entry.target_id}`, text: say("target.player", { id: shortId(entry.target_id) }) });
  if (entry.target_kind === "round") return el("a", { href: `#/round/${entry.target_id}`, text: say("target.round", { id: shortId(entry.target_id) }) });
  return say("target.admin", { name: adminName(entry) });
}

/**
 * The administrator an entry is about: the name it recorded (an administrator added, a login
 * refused), else the acting administrator's own (a login or logout is about the one who did it).
 * @param {any} entry
 */
function adminName(entry) {
  if (typeof entry.after.name === "string") return entry.after.name;
  if (typeof entry.before.name === "string") return entry.before.name; // removed: no name after
  return entry.target_id === entry.admin_id ? entry.admin_name : shortId(entry.target_id);
}

/** @param {any[]} entries */
export function auditTable(entries) {
  const columns = /** @type {[string, string][]} */ ([
    ["#", "num"],
    [say("col.when"), ""],
    [say("col.admin"), ""],
    [say("col.action"), ""],
    [say("col.target"), ""],
    [say("col.change"), ""],
    [say("col.reason"), ""],
  ]);
  const rows = entries.map((e) => ({
    cells: [String(e.seq), formatTime(e.at), e.admin_name, has(`action.${e.action}`) ? say(`action.${e.action}`) : say("none"), target(e), changes(e), e.reason || say("none")],
  }));
  return dataTable(columns, rows, "audit-table");
}

/** @param {number} [offset] */
export async function renderAudit(offset = 0) {
  const page = await api("GET", `/api/admin/audit?offset=${offset}&limit=100`);
  const chain = page.chain;
  const status = chain.broken_at === null
    ? el("p", { class: "chain ok", id: "audit-chain" }, say("audit.intact", { count: chain.entries, head: "" }), el("span", { class: "hash", text: chain.head }))
    : el("p", { class: "chain broken", id: "audit-chain", role: "alert", text: say("audit.broken", { seq: chain.broken_at }) });
  mount(
    el("h1", { text: say("audit.title") }),
    el("p", { class: "note", text: say("audit.note") }),
    status,
    page.entries.length ? auditTable(page.entries) : el("p", { text: say("audit.empty") }),
    pager(page, (o) => renderAudit(o)),
  );
}
