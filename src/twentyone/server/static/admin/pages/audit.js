// The audit log: every administrative action, newest first, with the check of its hash chain.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatTime, roundStatusName } from "../../js/names.js";
import { levelName, say } from "../text.js";
import { dataTable, pager, shortId } from "../ui.js";

const MONEY = new Set(["staked", "returned", "held", "balance", "balance_change"]);

/** The fields an entry's change may name, with their texts' keys (others are left out). */
const FIELDS = /** @type {Record<string, string>} */ ({
  vip_level: "admin.field.vip-level",
  locked: "admin.field.locked",
  locked_at: "admin.field.locked-at",
  reason: "admin.field.reason",
  status: "admin.field.status",
  staked: "admin.field.staked",
  returned: "admin.field.returned",
  held: "admin.field.held",
  balance: "admin.field.balance",
  balance_change: "admin.field.balance-change",
  name: "admin.field.name",
  client: "admin.field.client",
  sessions_ended: "admin.field.sessions-ended",
});

/** The actions the log records (store/audit.py AuditAction), with their texts' keys. */
const ACTIONS = /** @type {Record<string, string>} */ ({
  login: "admin.action.login",
  logout: "admin.action.logout",
  "login-failed": "admin.action.login-failed",
  "admin-added": "admin.action.admin-added",
  "admin-removed": "admin.action.admin-removed",
  "admin-password": "admin.action.admin-password",
  "vip-level": "admin.action.vip-level",
  lock: "admin.action.lock",
  unlock: "admin.action.unlock",
  void: "admin.action.void",
});

/** The reasons the store writes itself (store/admin.py: the command line's changes), with their
 * texts' keys; an administrator's own reason is shown as written. */
const SYSTEM_REASONS = /** @type {Record<string, string>} */ ({
  "added from the command line": "admin.reason.added-cli",
  "removed from the command line": "admin.reason.removed-cli",
  "password reset from the command line": "admin.reason.password-cli",
});

/** @param {any} entry */
function reason(entry) {
  if (!entry.reason) return say("admin.word.none");
  return entry.reason in SYSTEM_REASONS ? say(SYSTEM_REASONS[entry.reason]) : entry.reason;
}

/** @param {string} key @param {unknown} value */
function shown(key, value) {
  if (value === null || value === undefined) return say("admin.word.none");
  if (MONEY.has(key) && typeof value === "number") return formatMoney(value);
  if (key === "vip_level") return levelName(String(value));
  if (key === "status") return roundStatusName(String(value));
  if (key === "locked_at") return formatTime(String(value));
  if (typeof value === "boolean") return value ? say("admin.word.yes") : say("admin.word.no");
  return String(value);
}

/**
 * What changed, one line per field: "VIP level: Standard → Gold" (a field on one side only:
 * its value; a field that did not change is left out).
 * @param {any} entry
 */
function changes(entry) {
  const keys = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])].filter((k) => k in FIELDS);
  const lines = [];
  for (const k of keys) {
    const was = k in entry.before;
    const now = k in entry.after;
    if (was && now && JSON.stringify(entry.before[k]) === JSON.stringify(entry.after[k])) continue;
    const text = was && now ? `${shown(k, entry.before[k])} → ${shown(k, entry.after[k])}` : shown(k, was ? entry.before[k] : entry.after[k]);
    lines.push(el("li", { text: `${say(FIELDS[k])}: ${text}` }));
  }
  return lines.length ? el("ul", { class: "changes" }, lines) : say("admin.word.none");
}

/** @param {any} entry */
function target(entry) {
  if (entry.target_kind === "player") return el("a", { href: `#/player/${entry.target_id}`, text: say("admin.target.player", { id: shortId(entry.target_id) }) });
  if (entry.target_kind === "round") return el("a", { href: `#/round/${entry.target_id}`, text: say("admin.target.round", { id: shortId(entry.target_id) }) });
  return say("admin.target.admin", { name: adminName(entry) });
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
    [say("admin.col.when"), ""],
    [say("admin.col.admin"), ""],
    [say("admin.col.action"), ""],
    [say("admin.col.target"), ""],
    [say("admin.col.change"), ""],
    [say("admin.col.reason"), ""],
  ]);
  const rows = entries.map((e) => ({
    cells: [String(e.seq), formatTime(e.at), e.admin_name, e.action in ACTIONS ? say(ACTIONS[e.action]) : say("admin.word.none"), target(e), changes(e), reason(e)],
  }));
  return dataTable(columns, rows, "audit-table");
}

/** @param {number} [offset] */
export async function renderAudit(offset = 0) {
  const page = await api("GET", `/api/admin/audit?offset=${offset}&limit=100`);
  const chain = page.chain;
  const status = chain.broken_at === null
    ? el("p", { class: "chain ok", id: "audit-chain" }, say("admin.audit.intact", { count: chain.entries, head: "" }), el("span", { class: "hash", text: chain.head }))
    : el("p", { class: "chain broken", id: "audit-chain", role: "alert", text: say("admin.audit.broken", { seq: chain.broken_at }) });
  mount(
    el("h1", { text: say("admin.audit.title") }),
    el("p", { class: "note", text: say("admin.audit.note") }),
    status,
    page.entries.length ? auditTable(page.entries) : el("p", { text: say("admin.audit.empty") }),
    pager(page, (o) => renderAudit(o)),
  );
}
