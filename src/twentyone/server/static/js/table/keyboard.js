// Keyboard play: one key per action (each presses the button it names, so a key does exactly
// what a click does), and a help overlay listing them ("?").

import { el } from "../dom.js";
import { t } from "../names.js";

/**
 * A key's name as the player's keyboard prints it ("Enter" is "Invio" in Italian).
 * @param {string} key a shortcut as SHORTCUTS names it ("Enter", "Shift+R", "H")
 */
export function keyCap(key) {
  return key === "Enter" ? t("key.enter") : key;
}

/** key -> [button id, what it does (a catalogue key)]; the first found enabled button wins */
export const SHORTCUTS = [
  { keys: ["Enter"], ids: ["btn-deal"], what: "keys.deal" },
  { keys: ["H"], ids: ["btn-hit"], what: "keys.hit" },
  { keys: ["S"], ids: ["btn-stand"], what: "keys.stand" },
  { keys: ["D"], ids: ["btn-double"], what: "keys.double" },
  { keys: ["P"], ids: ["btn-split"], what: "keys.split" },
  { keys: ["G"], ids: ["btn-surrender"], what: "keys.surrender" },
  { keys: ["Y"], ids: ["btn-accept"], what: "keys.accept" },
  { keys: ["E"], ids: ["btn-even-money"], what: "keys.even-money" },
  { keys: ["N"], ids: ["btn-decline", "btn-no-even-money"], what: "keys.decline" },
  { keys: ["I"], ids: ["btn-hint"], what: "keys.hint" },
  { keys: ["A"], ids: ["btn-apply-all"], what: "keys.apply-all" },
  { keys: ["U"], ids: ["btn-undo"], what: "keys.undo" },
  { keys: ["C"], ids: ["btn-clear"], what: "keys.clear" },
  { keys: ["X"], ids: ["btn-double-bets"], what: "keys.double-bets" },
  { keys: ["R"], ids: ["btn-rebet"], what: "keys.rebet" },
  { keys: ["Shift+R"], ids: ["btn-rebet-deal"], what: "keys.rebet-deal" },
  { keys: ["Shift+X"], ids: ["btn-double-deal"], what: "keys.double-deal" },
  { keys: ["[", "]"], ids: [], what: "keys.chip" },
  { keys: ["1–7"], ids: [], what: "keys.spot" },
  { keys: ["Shift+1–7"], ids: [], what: "keys.side-spot" },
  { keys: ["Esc"], ids: ["btn-skip"], what: "keys.skip" },
  { keys: ["M"], ids: ["btn-sound"], what: "keys.sound" },
  { keys: ["?"], ids: [], what: "keys.help" },
];

/** @returns {HTMLDialogElement} */
export function helpDialog() {
  const dialog = /** @type {HTMLDialogElement} */ (
    el(
      "dialog",
      { class: "help", id: "help", "aria-labelledby": "help-title" },
      el("h2", { id: "help-title", text: t("keys.title") }),
      el(
        "table",
        { class: "data" },
        el("tbody", {}, SHORTCUTS.map((s) => el("tr", {}, el("td", {}, s.keys.map((k) => el("kbd", { text: keyCap(k) }))), el("td", { text: t(s.what) })))),
      ),
      el("p", { class: "note", text: t("keys.note") }),
      el("form", { method: "dialog" }, el("button", { class: "btn", id: "help-close", type: "submit", text: t("keys.close") })),
    )
  );
  return dialog;
}

/**
 * The shortcut a key event names, as "Shift+R", "H", "Enter", "1"…
 * @param {KeyboardEvent} event
 */
function keyName(event) {
  if (event.key === "?") return "?";
  if (/^Digit[1-7]$/.test(event.code)) return `${event.shiftKey ? "Shift+" : ""}${event.code.slice(5)}`;
  const key = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  return `${event.shiftKey && key.length === 1 ? "Shift+" : ""}${key}`;
}

/**
 * @typedef {object} KeyHandlers
 * @property {(n: number, side: boolean) => void} spot
 * @property {(step: number) => void} chip
 * @property {() => void} help
 * @property {() => void} skip
 * @property {() => boolean} dealing
 */

/**
 * Handles a key on the table page; returns whether it was a shortcut.
 * @param {KeyboardEvent} event
 * @param {KeyHandlers} on
 */
export function handleKey(event, on) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = /** @type {HTMLElement} */ (event.target);
  if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return false;
  if (document.querySelector("dialog[open]")) return false;
  const name = keyName(event);
  if (name === "Escape" && on.dealing()) {
    on.skip();
    return true;
  }
  if (name === "?") {
    on.help();
    return true;
  }
  if (name === "[" || name === "]") {
    on.chip(name === "[" ? -1 : 1);
    return true;
  }
  const digit = /^(Shift\+)?([1-7])$/.exec(name);
  if (digit) {
    on.spot(Number(digit[2]), Boolean(digit[1]));
    return true;
  }
  // Enter on a focused button presses that button, as the browser does.
  if (name === "Enter" && target && target.tagName === "BUTTON") return false;
  for (const shortcut of SHORTCUTS) {
    if (!shortcut.keys.includes(name)) continue;
    for (const id of shortcut.ids) {
      const button = /** @type {HTMLButtonElement | null} */ (document.getElementById(id));
      if (button && !button.disabled && !button.closest("[hidden]")) {
        button.click();
        return true;
      }
    }
    return true;
  }
  return false;
}
