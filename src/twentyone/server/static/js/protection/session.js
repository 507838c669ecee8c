// The session bar at the table: how long this session has lasted and its net result (paid back
// minus staked), always on screen; and the reality-check notice that the next deal waits for.
// The server keeps the session (GET /api/protection): the bar reads it once per round and adds
// the round on the felt as it goes; the clock ticks here. A due reality check opens the notice
// between rounds, never during one (the server refuses the next deal until it is acknowledged).

import { api } from "../api.js";
import { el } from "../dom.js";
import { showError } from "../messages.js";
import { formatMoney, formatTime, t } from "../names.js";
import { go } from "../router.js";
import { clearAccount, markLoggedOut } from "../session.js";

const TICK_MS = 15000;

/** What the bar knows: the status read last, when, and the round on the felt then. */
const bar = {
  /** @type {any} */
  status: null,
  readAt: 0,
  /** the round's (returned − staked) when the status was read, by round id */
  baseRound: { id: "", net: 0 },
  /** @type {any} the round on the felt now (its staked and returned count live) */
  round: null,
  /** @type {ReturnType<typeof setInterval> | undefined} */
  timer: undefined,
  /** @type {() => boolean} whether a notice may open now (no round in progress) */
  between: () => true,
  /** @type {() => void} told when the reason no new round may start changes */
  onBlock: () => undefined,
  /** @type {string | null} that reason, as last told */
  block: null,
};

/**
 * Why no new round may start now (a time-out, a self-exclusion, a reality check waiting to be
 * read), in one sentence; null when one may. The server refuses such a deal (and, during a
 * break, every chip); the table greys those controls out in advance with this sentence.
 * @returns {string | null}
 */
export function playBlock() {
  const status = bar.status;
  if (!status) return null;
  if (status.self_exclusion) return t("error.self-excluded");
  if (status.time_out) return t("error.on-time-out");
  if (status.reality_check && status.reality_check.due) return t("error.reality-check-due");
  return null;
}

/** Whether the reason is the reality check (the table offers to open its notice). */
export function realityCheckDue() {
  const status = bar.status;
  return Boolean(status && !status.self_exclusion && !status.time_out && status.reality_check && status.reality_check.due);
}

function tellBlock() {
  const block = playBlock();
  if (block === bar.block) return;
  bar.block = block;
  bar.onBlock();
}

/**
 * Elapsed time as a person reads it: "12 min", "1 h 05 min".
 * @param {number} seconds
 */
export function elapsedText(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes < 60) return t("session.minutes", { minutes });
  return t("session.hours", { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
}

/** @param {number} minor */
function signed(minor) {
  return minor > 0 ? `+${formatMoney(minor)}` : formatMoney(minor);
}

/** @param {any} round */
function roundNet(round) {
  return round ? (round.returned ?? 0) - (round.staked ?? 0) : 0;
}

function elapsedSeconds() {
  const session = bar.status && bar.status.session;
  if (!session) return 0;
  return session.elapsed_seconds + Math.floor((Date.now() - bar.readAt) / 1000);
}

function sessionNet() {
  const session = bar.status && bar.status.session;
  if (!session) return 0;
  const round = bar.round;
  if (!round) return session.net;
  const before = round.round_id === bar.baseRound.id ? bar.baseRound.net : 0;
  return session.net + roundNet(round) - before;
}

/** The bar's node (empty until the status is read). */
export function sessionBar() {
  return el(
    "div",
    { class: "session-bar", id: "session-bar", role: "group", "aria-label": t("session.label") },
    el("span", { id: "session-time" }),
    el("span", { id: "session-net", class: "net" }),
  );
}

/** Redraws the bar (and the break banner) from what it knows. */
function drawBar() {
  const time = document.getElementById("session-time");
  const net = document.getElementById("session-net");
  if (!time || !net) return;
  const status = bar.status;
  const on = Boolean(status && status.session);
  const barNode = document.getElementById("session-bar");
  if (barNode) barNode.hidden = !on;
  tellBlock();
  if (!on) return;
  time.textContent = t("session.elapsed", { time: elapsedText(elapsedSeconds()) });
  const value = sessionNet();
  net.textContent = t("session.net", { amount: signed(value) });
  net.className = `net ${value > 0 ? "up" : value < 0 ? "down" : ""}`;
  const banner = document.getElementById("break-banner");
  if (banner) {
    const held = status.self_exclusion || status.time_out;
    banner.hidden = !held;
    banner.textContent = held ? t(status.self_exclusion ? "protection.excluded-until" : "protection.time-out-until", { when: formatTime(held.until) }) : "";
  }
}

/**
 * Reads the session from the server (at the table's start and after each round) and starts the
 * clock; ``round`` is the round on the felt now.
 * @param {any} round
 * @param {() => boolean} [between] whether no round is in progress now
 * @param {() => void} [onBlock] told when the reason no new round may start changes
 */
export async function refreshSession(round, between, onBlock) {
  if (between) bar.between = between;
  if (onBlock) {
    bar.onBlock = onBlock;
    bar.block = null;
  }
  try {
    bar.status = await api("GET", "/api/protection");
  } catch (error) {
    console.error(error); // the table plays on without the bar
    return;
  }
  bar.readAt = Date.now();
  bar.round = round || null;
  bar.baseRound = { id: round ? round.round_id : "", net: roundNet(round) };
  drawBar();
  clearInterval(bar.timer);
  bar.timer = setInterval(tick, TICK_MS);
  if (bar.status.reality_check.due && bar.between()) showRealityCheck(bar.status);
}

/** The round on the felt changed (a deal, a decision): the net follows it. @param {any} round */
export function followRound(round) {
  bar.round = round || null;
  drawBar();
}

function tick() {
  if (!document.getElementById("session-bar")) {
    clearInterval(bar.timer); // the table is gone
    return;
  }
  drawBar();
  const check = bar.status && bar.status.reality_check;
  if (check && check.due_at && !document.getElementById("reality-check")?.hasAttribute("open")) {
    const serverNow = Date.parse(bar.status.now) + (Date.now() - bar.readAt);
    if (Date.parse(check.due_at) <= serverNow && bar.between()) refreshSession(bar.round);
  }
}

/** Leaves: logs out (the session and its reality check end). */
async function leave() {
  try {
    await api("POST", "/api/auth/logout");
  } catch (error) {
    showError(error);
    return;
  }
  closeNotice();
  markLoggedOut(true);
  clearAccount();
  go("#/account");
}

function closeNotice() {
  const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById("reality-check"));
  if (dialog) {
    if (dialog.open) dialog.close();
    dialog.remove();
  }
}

/**
 * The reality-check notice: the session's elapsed time, staked, paid back and net; the player
 * goes on (acknowledges) or leaves. Reads the status first when it is not given.
 * @param {any} [given]
 */
export async function showRealityCheck(given) {
  const status = given || (await api("GET", "/api/protection"));
  if (!given) {
    bar.status = status;
    bar.readAt = Date.now();
    bar.baseRound = { id: bar.round ? bar.round.round_id : "", net: roundNet(bar.round) };
    drawBar();
  }
  const session = status.session;
  if (!session || document.getElementById("reality-check")) return;
  const row = (/** @type {string} */ label, /** @type {string} */ value, /** @type {string} */ id) =>
    el("tr", {}, el("th", { scope: "row", text: label }), el("td", { class: "num", id, text: value }));
  const goOn = el("button", {
    class: "btn deal",
    id: "reality-continue",
    type: "button",
    text: t("reality.continue"),
    onclick: async () => {
      try {
        bar.status = await api("POST", "/api/protection/reality-check/acknowledge");
        bar.readAt = Date.now();
        bar.baseRound = { id: bar.round ? bar.round.round_id : "", net: roundNet(bar.round) };
      } catch (error) {
        showError(error);
        return;
      }
      closeNotice();
      drawBar();
      document.getElementById("btn-deal")?.focus();
    },
  });
  const dialog = /** @type {HTMLDialogElement} */ (
    el(
      "dialog",
      { class: "help reality", id: "reality-check", "aria-labelledby": "reality-title" },
      el("h2", { id: "reality-title", text: t("reality.title") }),
      el("p", { id: "reality-played", text: t("reality.played", { time: elapsedText(session.elapsed_seconds) }) }),
      el(
        "table",
        { class: "data reality-figures" },
        el(
          "tbody",
          {},
          row(t("reality.staked"), formatMoney(session.staked), "reality-staked"),
          row(t("reality.returned"), formatMoney(session.returned), "reality-returned"),
          row(t("reality.net"), signed(session.net), "reality-net"),
        ),
      ),
      el(
        "div",
        { class: "row reality-actions" },
        goOn,
        el("a", { class: "btn secondary", href: "#/history", id: "reality-history", text: t("reality.history"), onclick: () => closeNotice() }),
        el("button", { class: "btn secondary", id: "reality-leave", type: "button", text: t("reality.leave"), onclick: leave }),
      ),
    )
  );
  // Escape closes the notice without acknowledging it: the next deal asks again.
  dialog.addEventListener("cancel", () => setTimeout(() => dialog.remove(), 0));
  document.body.append(dialog);
  dialog.showModal();
  goOn.focus();
}
