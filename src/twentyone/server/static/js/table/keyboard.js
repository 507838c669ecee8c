// Keyboard play: one key per action (each presses the button it names, so a key does exactly
// what a click does), and a help overlay listing them ("?").

import { el } from "../dom.js";

/** key -> [button id, what it does]; the first found enabled button wins */
export const SHORTCUTS = [
  { keys: ["Enter"], ids: ["btn-deal"], what: "Deal (with bets on the table)" },
  { keys: ["H"], ids: ["btn-hit"], what: "Hit" },
  { keys: ["S"], ids: ["btn-stand"], what: "Stand" },
  { keys: ["D"], ids: ["btn-double"], what: "Double (in play)" },
  { keys: ["P"], ids: ["btn-split"], what: "Split" },
  { keys: ["G"], ids: ["btn-surrender"], what: "Surrender (where offered)" },
  { keys: ["Y"], ids: ["btn-accept"], what: "Accept insurance" },
  { keys: ["E"], ids: ["btn-even-money"], what: "Take even money" },
  { keys: ["N"], ids: ["btn-decline", "btn-no-even-money"], what: "Decline insurance or even money" },
  { keys: ["I"], ids: ["btn-hint"], what: "Hint: what each move is worth (where the table offers hints)" },
  { keys: ["A"], ids: ["btn-apply-all"], what: "Apply the next insurance answer to all hands" },
  { keys: ["U"], ids: ["btn-undo"], what: "Undo the last chip" },
  { keys: ["C"], ids: ["btn-clear"], what: "Clear bets" },
  { keys: ["X"], ids: ["btn-double-bets"], what: "Double every bet (before the deal)" },
  { keys: ["R"], ids: ["btn-rebet"], what: "Rebet" },
  { keys: ["Shift+R"], ids: ["btn-rebet-deal"], what: "Rebet & deal" },
  { keys: ["Shift+X"], ids: ["btn-double-deal"], what: "Double & deal" },
  { keys: ["[", "]"], ids: [], what: "Smaller / larger chip" },
  { keys: ["1–7"], ids: [], what: "Put the chip on spot 1–7 (spot 1 is the rightmost)" },
  { keys: ["Shift+1–7"], ids: [], what: "Put the chip on the side bet of spot 1–7" },
  { keys: ["Esc"], ids: ["btn-skip"], what: "Skip the dealing (or close this help)" },
  { keys: ["M"], ids: ["btn-sound"], what: "Sound on / off" },
  { keys: ["?"], ids: [], what: "This help" },
];

/** @returns {HTMLDialogElement} */
export function helpDialog() {
  const dialog = /** @type {HTMLDialogElement} */ (
    el(
      "dialog",
      { class: "help", id: "help", "aria-labelledby": "help-title" },
      el("h2", { id: "help-title", text: "Keyboard shortcuts" }),
      el(
        "table",
        { class: "data" },
        el("tbody", {}, SHORTCUTS.map((s) => el("tr", {}, el("td", {}, s.keys.map((k) => el("kbd", { text: k }))), el("td", { text: s.what })))),
      ),
      el("p", { class: "note", text: "Tab moves between controls; the highlighted hand is the one being played." }),
      el("form", { method: "dialog" }, el("button", { class: "btn", id: "help-close", type: "submit", text: "Close" })),
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
