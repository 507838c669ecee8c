// A player's page: the account (balance, VIP level, lock), its limits and exclusions, the
// ledger, its rounds and the administrative actions on it, with the audited changes.
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { formatMoney, formatNumber, formatTime } from "../../js/names.js";
import { levelName, say } from "../text.js";
import { dataTable, factsGrid, field, shortId, showDone, showFailure } from "../ui.js";
import { auditTable } from "./audit.js";
import { roundsTable } from "./rounds.js";

/** @type {any[] | null} */
let levels = null;

const LIMIT_KINDS = /** @type {Record<string, string>} */ ({ loss: "admin.protection.loss", stake: "admin.protection.stake" });
const LIMIT_PERIODS = /** @type {Record<string, string>} */ ({ "24h": "admin.protection.24h", "7d": "admin.protection.7d", "30d": "admin.protection.30d" });

/** @param {any} account */
function stateLine(account) {
  const lock = account.lock;
  if (lock.locked) {
    return el("p", { class: "state-line locked", id: "player-state", role: "status", text: say("admin.player.locked", { when: formatTime(lock.locked_at), reason: lock.reason }) });
  }
  const status = account.protection;
  const pause = status && (status.self_exclusion || status.time_out);
  if (pause) {
    const kind = status.self_exclusion ? say("admin.player.kind-exclusion") : say("admin.player.kind-timeout");
    return el("p", { class: "state-line warn", id: "player-state", role: "status", text: say("admin.player.on-break", { until: formatTime(pause.until), kind }) });
  }
  return el("p", { class: "state-line active", id: "player-state", role: "status", text: say("admin.player.active") });
}

/** @param {any} status 13b's protection status */
function protectionPanel(status) {
  if (!status) return el("section", { class: "bo-panel" }, el("h2", { text: say("admin.protection.title") }), el("p", { text: say("admin.protection.unavailable") }));
  const set = (status.limits || []).filter((/** @type {any} */ l) => l.amount !== null || l.pending);
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.limit"), ""],
    [say("admin.col.amount"), "num"],
    [say("admin.col.used"), "num"],
    [say("admin.col.left"), "num"],
    [say("admin.col.pending"), ""],
  ]);
  const rows = set.map((/** @type {any} */ l) => ({
    cells: [
      say("admin.protection.limit-name", { kind: say(LIMIT_KINDS[l.kind] || "admin.word.none"), period: say(LIMIT_PERIODS[l.period] || "admin.word.none") }),
      l.amount === null ? say("admin.protection.no-limit") : formatMoney(l.amount),
      l.used === null ? say("admin.word.none") : formatMoney(l.used),
      l.left === null ? say("admin.word.none") : formatMoney(l.left),
      !l.pending ? say("admin.word.none") : l.pending.amount === null ? say("admin.protection.pending-removal", { when: formatTime(l.pending.from) }) : say("admin.protection.pending", { amount: formatMoney(l.pending.amount), when: formatTime(l.pending.from) }),
    ],
  }));
  const lines = [];
  if (status.self_exclusion) lines.push(el("p", { class: "state-line locked", text: say("admin.protection.self-exclusion", { until: formatTime(status.self_exclusion.until), set_at: formatTime(status.self_exclusion.set_at) }) }));
  if (status.time_out) lines.push(el("p", { class: "state-line warn", text: say("admin.protection.time-out", { until: formatTime(status.time_out.until), set_at: formatTime(status.time_out.set_at) }) }));
  if (!lines.length) lines.push(el("p", { text: say("admin.protection.no-break") }));
  const minutes = status.reality_check && status.reality_check.minutes;
  return el(
    "section",
    { class: "bo-panel", id: "player-protection" },
    el("h2", { text: say("admin.protection.title") }),
    lines,
    set.length ? dataTable(columns, rows, "player-limits") : el("p", { text: say("admin.protection.none") }),
    el("p", { text: minutes ? say("admin.protection.reality", { minutes }) : say("admin.protection.no-reality") }),
  );
}

/** @param {any} statement */
function ledgerPanel(statement) {
  const columns = /** @type {[string, string][]} */ ([
    [say("admin.col.time"), ""],
    [say("admin.col.entry"), ""],
    [say("admin.col.round"), ""],
    [say("admin.col.amount-moved"), "num"],
    [say("admin.col.balance"), "num"],
  ]);
  const rows = statement.entries.map((/** @type {any} */ e) => ({
    cells: [
      formatTime(e.created_at),
      e.label,
      e.round_id ? el("a", { href: `#/round/${e.round_id}`, text: shortId(e.round_id) }) : say("admin.word.none"),
      el("span", { class: e.amount > 0 ? "pos" : e.amount < 0 ? "neg" : "", text: formatMoney(e.amount) }),
      formatMoney(e.balance_after),
    ],
  }));
  const reconciles = statement.ledger_sum === statement.balance;
  return el(
    "section",
    { class: "bo-panel", id: "player-ledger" },
    el("h2", { text: say("admin.player.ledger") }),
    el("p", { class: reconciles ? "chain ok" : "chain broken", text: reconciles ? say("admin.player.ledger-reconciles", { amount: formatMoney(statement.balance) }) : say("admin.player.ledger-broken", { sum: formatMoney(statement.ledger_sum), amount: formatMoney(statement.balance) }) }),
    dataTable(columns, rows, "player-statement"),
  );
}

/**
 * A form that posts a change with its reason and draws the page again.
 * @param {string} id
 * @param {string} title
 * @param {HTMLElement[]} inputs
 * @param {string} button
 * @param {string} cls
 * @param {() => Promise<string>} submit the change; the sentence that confirms it
 * @param {string} [note]
 */
function changeForm(id, title, inputs, button, cls, submit, note) {
  const go = el("button", { class: `btn ${cls}`, type: "submit", id: `${id}-submit`, text: button });
  const form = el("form", { class: "bo-form", id }, inputs, go);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    go.disabled = true;
    try {
      showDone(await submit());
      window.scrollTo(0, 0); // the new state and its confirmation are at the top
    } catch (error) {
      showFailure(error);
      go.disabled = false;
    }
  });
  return el("section", { class: "bo-panel" }, el("h2", { text: title }), note ? el("p", { class: "note", text: note }) : null, form);
}

/** @param {string} playerId */
export async function renderPlayer(playerId) {
  const path = `/api/admin/players/${encodeURIComponent(playerId)}`;
  if (!levels) levels = await api("GET", "/api/admin/levels");
  const order = levels.map((/** @type {any} */ l) => l.id);
  const [account, statement, rounds, audit] = await Promise.all([
    api("GET", path),
    api("GET", `${path}/statement?limit=500`),
    api("GET", `/api/admin/rounds?player=${encodeURIComponent(playerId)}&limit=20`),
    api("GET", `/api/admin/audit?target=${encodeURIComponent(playerId)}&limit=50`),
  ]);
  const redraw = () => renderPlayer(playerId);
  const level = el("select", { id: "level-choice", name: "level" }, levels.map((/** @type {any} */ l) => el("option", { value: l.id, selected: l.id === account.vip_level, text: `${levelName(l.id, order)} (${say("admin.player.limits-range", { min: formatMoney(l.min_bet), max: formatMoney(l.max_bet) })})` })));
  const levelWhy = el("input", { id: "level-reason", name: "reason", maxlength: "500", required: true });
  const lockWhy = el("textarea", { id: "lock-reason", name: "reason", maxlength: "500", required: true });
  const locked = account.lock.locked;
  mount(
    el("h1", { id: "player-title", text: say("admin.player.title", { name: account.username || account.name }) }),
    stateLine(account),
    account.open_round_id ? el("p", { class: "state-line warn" }, say("admin.player.open-round"), " ", el("a", { href: `#/round/${account.open_round_id}`, id: "player-open-round", text: say("admin.player.open-round-link") })) : null,
    factsGrid(
      [
        [say("admin.player.balance"), formatMoney(account.balance)],
        [say("admin.player.held"), formatMoney(account.held)],
        [say("admin.player.level"), levelName(account.vip_level, order)],
        [say("admin.player.limits"), say("admin.player.limits-range", { min: formatMoney(account.limits.min_bet), max: formatMoney(account.limits.max_bet) })],
        [say("admin.player.login"), account.username || say("admin.player.guest")],
        [say("admin.player.joined"), formatTime(account.created_at)],
        [say("admin.player.rounds"), formatNumber(account.rounds_settled)],
        [say("admin.player.staked"), formatMoney(account.staked)],
        [say("admin.player.returned"), formatMoney(account.returned)],
        [say("admin.player.id"), el("span", { class: "hash", text: account.id })],
      ],
      "player-facts",
    ),
    el(
      "div",
      { class: "sections" },
      changeForm("level-form", say("admin.player.change-level"), [field(say("admin.player.new-level"), level), field(say("admin.player.why"), levelWhy, "wide")], say("admin.player.apply-level"), "", async () => {
        const done = await api("POST", `${path}/vip-level`, { level: level.value, reason: levelWhy.value });
        await redraw();
        return say("admin.player.level-changed", { level: levelName(done.vip_level, order) });
      }),
      changeForm(
        "lock-form",
        locked ? say("admin.player.unlock") : say("admin.player.lock"),
        [field(say("admin.player.why"), lockWhy, "wide")],
        locked ? say("admin.player.unlock-button") : say("admin.player.lock-button"),
        locked ? "" : "danger",
        async () => {
          await api("POST", `${path}/${locked ? "unlock" : "lock"}`, { reason: lockWhy.value });
          await redraw();
          return locked ? say("admin.player.unlocked-done") : say("admin.player.locked-done");
        },
        say("admin.player.lock-note"),
      ),
    ),
    protectionPanel(account.protection),
    ledgerPanel(statement),
    el("section", { class: "bo-panel" }, el("h2", { text: say("admin.player.rounds-title") }), rounds.rounds.length ? roundsTable(rounds.rounds, "player-rounds") : el("p", { text: say("admin.rounds.none") })),
    el("section", { class: "bo-panel" }, el("h2", { text: say("admin.player.audit") }), audit.entries.length ? auditTable(audit.entries) : el("p", { text: say("admin.audit.empty") })),
  );
}
