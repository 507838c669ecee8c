// The account page's player-protection settings: loss and stake limits over 24 hours, 7 and 30
// days, the reality-check interval, and a time-out or self-exclusion. The server holds every
// rule (a lower limit at once, a higher one after 24 hours; a break cannot be shortened): this
// form sends the player's choice and draws the status it answers.

import { ApiError, api } from "../api.js";
import { el } from "../dom.js";
import { formatMoney, formatTime, t } from "../names.js";

const KINDS = ["loss", "stake"];
const PERIODS = ["24h", "7d", "30d"];
const REALITY_MINUTES = [15, 30, 60];
const BREAKS = { "time-out": [1, 7, 30], "self-exclusion": [6, 12, 24, 60] };

/**
 * An amount typed by a person ("50", "12.50") in minor units, or null when it is not one.
 * @param {string} text
 */
export function parseAmount(text) {
  const found = /^\s*(\d{1,10})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!found) return null;
  const minor = Number(found[1]) * 100 + Number((found[2] || "0").padEnd(2, "0"));
  return minor > 0 ? minor : null;
}

/** @param {HTMLElement} box @param {string} text @param {"error" | "ok"} kind */
function say(box, text, kind) {
  box.hidden = false;
  box.className = `form-${kind === "error" ? "error" : "ok"}`;
  box.textContent = text;
}

/** @param {unknown} error */
function sentence(error) {
  return error instanceof ApiError ? error.sentence : t("error.network");
}

/** @param {any} limit */
function limitLine(limit) {
  const parts = [];
  if (limit.amount === null) parts.push(t("protection.limit-none"));
  else parts.push(formatMoney(limit.amount), " · ", t("protection.limit-used", { used: formatMoney(Math.max(0, limit.used)), left: formatMoney(limit.left) }));
  const line = el("span", { class: "limit-now" }, ...parts);
  if (!limit.pending) return line;
  const when = formatTime(limit.pending.from);
  const pending = limit.pending.amount === null ? t("protection.limit-pending-removal", { when }) : t("protection.limit-pending", { amount: formatMoney(limit.pending.amount), when });
  return el("span", {}, line, el("span", { class: "limit-pending", text: pending }));
}

/**
 * @param {any} limit
 * @param {(status: any) => void} redraw
 */
function limitRow(limit, redraw) {
  const id = `limit-${limit.kind}-${limit.period}`;
  const message = el("p", { class: "form-error", role: "alert", hidden: true });
  const input = /** @type {HTMLInputElement} */ (el("input", { id: `${id}-amount`, name: "amount", inputmode: "decimal", autocomplete: "off", size: "8", "aria-label": `${t(`limit-kind.${limit.kind}`)} · ${t(`limit-period.${limit.period}`)} · ${t("protection.amount")}` }));
  /** @param {number | null} amount */
  const send = async (amount) => {
    try {
      redraw(await api("POST", "/api/protection/limits", { kind: limit.kind, period: limit.period, amount }));
      const again = document.getElementById(`${id}-status`);
      if (again) again.setAttribute("data-saved", "true");
    } catch (error) {
      say(message, sentence(error), "error");
    }
  };
  const form = el(
    "form",
    {
      class: "limit-row",
      id,
      onsubmit: (/** @type {Event} */ event) => {
        event.preventDefault();
        const amount = parseAmount(input.value);
        if (amount === null) return say(message, t("protection.bad-amount"), "error");
        send(amount);
      },
    },
    el("span", { class: "limit-period", text: t(`limit-period.${limit.period}`) }),
    el("span", { class: "limit-status", id: `${id}-status` }, limitLine(limit)),
    el("span", { class: "limit-edit" }, input, el("button", { class: "btn small", type: "submit", text: t("protection.set") }), limit.amount !== null && !(limit.pending && limit.pending.amount === null) ? el("button", { class: "btn secondary small", type: "button", id: `${id}-remove`, text: t("protection.remove"), onclick: () => send(null) }) : null),
    message,
  );
  return form;
}

/**
 * @param {any} status
 * @param {(status: any) => void} redraw
 */
function realityPart(status, redraw) {
  const message = el("p", { class: "form-error", role: "alert", hidden: true });
  const select = /** @type {HTMLSelectElement} */ (
    el(
      "select",
      { id: "reality-minutes", name: "minutes", "aria-label": t("protection.reality") },
      el("option", { value: "", text: t("protection.reality-off") }),
      REALITY_MINUTES.map((m) => el("option", { value: String(m), text: t("protection.reality-every", { minutes: m }) })),
    )
  );
  select.value = status.reality_check.minutes === null ? "" : String(status.reality_check.minutes);
  return el(
    "form",
    {
      class: "protection-part",
      id: "reality-form",
      onsubmit: async (/** @type {Event} */ event) => {
        event.preventDefault();
        try {
          redraw(await api("POST", "/api/protection/reality-check", { minutes: select.value ? Number(select.value) : null }));
          const box = document.getElementById("reality-saved");
          if (box) say(box, t("protection.saved"), "ok");
        } catch (error) {
          say(message, sentence(error), "error");
        }
      },
    },
    el("h3", { text: t("protection.reality") }),
    el("p", { class: "limits", text: t("protection.reality-note") }),
    el("div", { class: "row" }, select, el("button", { class: "btn small", type: "submit", text: t("protection.set") })),
    el("p", { id: "reality-saved", hidden: true }),
    message,
  );
}

/**
 * @param {any} status
 * @param {(status: any) => void} redraw
 */
function breakPart(status, redraw) {
  const held = status.self_exclusion || status.time_out;
  const message = el("p", { class: "form-error", role: "alert", hidden: true });
  const confirmBox = el("div", { id: "break-confirm", hidden: true });
  const rows = Object.entries(BREAKS).map(([kind, lengths]) => {
    const select = /** @type {HTMLSelectElement} */ (el("select", { id: `${kind}-length`, "aria-label": t(`protection.${kind}`) }, lengths.map((n) => el("option", { value: String(n), text: t(`break-length.${kind}.${n}`) }))));
    const ask = () => {
      const length = Number(select.value);
      const until = new Date(status.now);
      if (kind === "time-out") until.setUTCDate(until.getUTCDate() + length);
      else until.setUTCMonth(until.getUTCMonth() + length);
      confirmBox.hidden = false;
      confirmBox.replaceChildren(
        el("p", { class: "warning", text: t(`protection.confirm-${kind}`, { length: t(`break-length.${kind}.${length}`), when: formatTime(until.toISOString()) }) }),
        el(
          "div",
          { class: "row" },
          el("button", {
            class: "btn danger",
            id: "break-yes",
            type: "button",
            text: t("protection.confirm"),
            onclick: async () => {
              try {
                redraw(await api("POST", "/api/protection/break", { kind, length }));
              } catch (error) {
                say(message, sentence(error), "error");
              }
            },
          }),
          el("button", { class: "btn secondary", id: "break-no", type: "button", text: t("protection.cancel"), onclick: () => (confirmBox.hidden = true) }),
        ),
      );
      /** @type {HTMLElement | null} */ (confirmBox.querySelector("button"))?.focus();
    };
    return el("div", { class: "row break-row" }, el("span", { class: "limit-period", text: t(`protection.${kind}`) }), select, el("button", { class: "btn secondary small", id: `${kind}-start`, type: "button", text: t("protection.start-break"), onclick: ask }));
  });
  return el(
    "div",
    { class: "protection-part", id: "break-form" },
    el("h3", { text: t("protection.break") }),
    held ? el("p", { class: "warning", id: "break-in-force", text: t(status.self_exclusion ? "protection.excluded-until" : "protection.time-out-until", { when: formatTime(held.until) }) }) : null,
    el("p", { class: "limits", text: t("protection.break-note") }),
    status.self_exclusion ? null : rows,
    confirmBox,
    message,
  );
}

/** The settings section of the account page, drawn from GET /api/protection. */
export async function protectionSettings() {
  const section = el("section", { class: "panel protection-settings", id: "protection-settings" });
  /** @param {any} status */
  const redraw = (status) => {
    const limits = KINDS.map((kind) =>
      el(
        "fieldset",
        { class: "limit-group", id: `limits-${kind}` },
        el("legend", { text: t(`limit-kind.${kind}`) }),
        PERIODS.map((period) => limitRow(status.limits.find((/** @type {any} */ l) => l.kind === kind && l.period === period), redraw)),
      ),
    );
    section.replaceChildren(
      el("h2", { text: t("protection.section") }),
      el("h3", { text: t("protection.limits") }),
      el("p", { class: "limits", text: t("protection.limits-note") }),
      el("div", { class: "limit-groups" }, limits),
      realityPart(status, redraw),
      breakPart(status, redraw),
      el("p", {}, el("a", { href: "#/protection", text: t("protection.title") })),
    );
  };
  redraw(await api("GET", "/api/protection"));
  return section;
}
