// The play advisor at the table: a HINT button (key I) that asks the server what every move
// offered now is worth (GET /api/rounds/{id}/advice, computed from the player's own view) and
// shows each move's expected value as a share of the bet, the best one marked and the basic
// strategy's move beside it. The hint belongs to one decision: it goes when the round moves on.

import { api } from "../api.js";
import { el } from "../dom.js";
import { showError } from "../messages.js";
import { actionName, formatMoney, formatPercent, t } from "../names.js";
import { app } from "../state.js";

/** The hint shown now: for one round at one step (null: none). */
let shown = /** @type {{ roundId: string, step: number, hint: any } | null} */ (null);

/**
 * A move's name as the hint says it ("Hit", "Take insurance").
 * @param {string} slug
 */
export function moveName(slug) {
  return ["insurance", "no-insurance", "even-money", "no-even-money"].includes(slug) ? t(`hint.action.${slug}`) : actionName(slug);
}

/**
 * The HINT button for the decision asked now (null where the game offers no hints).
 * @param {any} round the round on the felt
 * @param {{ hints: boolean, busy: boolean }} view
 * @param {() => void} redraw draws the controls again (the hint is in them)
 */
export function hintButton(round, view, redraw) {
  if (!view.hints || !round || round.status !== "open") return null;
  return el(
    "button",
    {
      class: "btn secondary hint-button",
      id: "btn-hint",
      type: "button",
      disabled: view.busy,
      "aria-keyshortcuts": "I",
      "aria-expanded": String(current(round) !== null),
      "aria-controls": "hint-panel",
      onclick: () => toggle(round, redraw),
    },
    t("hint.button"),
    el("kbd", { "aria-hidden": "true", text: "I" }),
  );
}

/**
 * @param {any} round
 * @returns {any} the hint for the round's decision now, if it has been asked for
 */
function current(round) {
  return shown && round && shown.roundId === round.round_id && shown.step === round.step ? shown.hint : null;
}

/**
 * @param {any} round
 * @param {() => void} redraw
 */
async function toggle(round, redraw) {
  if (current(round)) {
    shown = null;
    redraw();
    return;
  }
  try {
    const hint = await api("GET", `/api/rounds/${round.round_id}/advice`);
    shown = { roundId: round.round_id, step: round.step, hint };
  } catch (error) {
    showError(error);
    return;
  }
  redraw();
  const panel = document.getElementById("hint-panel");
  if (panel) panel.focus({ preventScroll: true });
}

/**
 * The hint's panel for the decision asked now (null if no hint was asked for it).
 * @param {any} round
 * @param {() => void} redraw
 */
export function hintPanel(round, redraw) {
  const hint = current(round);
  if (!hint) return null;
  const best = hint.values.find((/** @type {any} */ v) => v.best);
  const rows = hint.values.map((/** @type {any} */ v) =>
    el(
      "tr",
      { class: v.best ? "best" : "", dataset: { action: v.action } },
      el("th", { scope: "row", text: moveName(v.action) }),
      el("td", { class: "ev", text: formatPercent(v.ev, 1) }),
      el("td", { class: "money", text: formatMoney(Math.round(v.ev * hint.bet)) }),
      el(
        "td",
        { class: "marks" },
        v.best ? el("span", { class: "badge best", text: t("hint.best") }) : null,
        v.basic && !v.best ? el("span", { class: "badge basic", text: t("hint.basic") }) : null,
      ),
    ),
  );
  const differs = hint.basic !== hint.best;
  return el(
    "section",
    { class: "hint-panel", id: "hint-panel", tabindex: "-1", "aria-labelledby": "hint-title" },
    el("h2", { id: "hint-title", text: t("hint.title") }),
    el("p", { class: "note", text: t("hint.explain", { amount: formatMoney(hint.bet) }) }),
    el("table", { class: "data hint-values" }, el("tbody", {}, rows)),
    differs ? el("p", { class: "hint-differs", text: t("hint.basic-differs", { action: moveName(hint.basic), best: best ? moveName(best.action) : "" }) }) : null,
    el("button", {
      class: "btn secondary",
      id: "hint-close",
      type: "button",
      text: t("hint.close"),
      onclick: () => {
        shown = null;
        redraw();
      },
    }),
  );
}

// -- training mode: a mistake is pointed out before it is sent, with the option to take it back.
// The setting is kept with the account (``training`` in /api/auth/me), so it follows the player
// to another browser and back after a reload or a login; a guest keeps it for the session.

/** Whether the account has training mode on. */
export function trainingOn() {
  return Boolean(app.me && app.me.training);
}

/**
 * The table's Training switch (null where the game offers no hints): it sets the account's
 * training mode.
 * @param {boolean} hints
 */
export function trainingButton(hints) {
  if (!hints) return null;
  const button = /** @type {HTMLButtonElement} */ (
    el("button", {
      class: "btn link",
      id: "btn-training",
      type: "button",
      onclick: async () => {
        button.disabled = true;
        try {
          const answer = await api("POST", "/api/advice/training", { on: !trainingOn() });
          if (app.me) app.me.training = answer.training;
        } catch (error) {
          showError(error);
        } finally {
          button.disabled = false;
          show();
        }
      },
    })
  );
  const show = () => {
    button.textContent = t(trainingOn() ? "training.on" : "training.off");
    button.setAttribute("aria-pressed", String(trainingOn()));
  };
  show();
  return button;
}

/**
 * In training mode, asks before a move that is not the best play is sent (nothing is dealt
 * until the player confirms it). Resolves true to send the move, false to take it back.
 * @param {any} round
 * @param {string} action
 * @param {boolean} hints
 * @returns {Promise<boolean>}
 */
export async function confirmMove(round, action, hints) {
  if (!hints || !trainingOn() || !round || round.status !== "open") return true;
  let hint;
  try {
    hint = current(round) || (await api("GET", `/api/rounds/${round.round_id}/advice`));
  } catch {
    return true; // no advice to give: the move goes ahead as the player chose it
  }
  const chosen = hint.values.find((/** @type {any} */ v) => v.action === action);
  if (!chosen || chosen.best || chosen.cost <= 1e-9) return true;
  return new Promise((resolve) => {
    const dialog = /** @type {HTMLDialogElement} */ (
      el(
        "dialog",
        { class: "help training", id: "training-dialog", "aria-labelledby": "training-title" },
        el("h2", { id: "training-title", text: t("training.title") }),
        el("p", {
          id: "training-text",
          text: t("training.mistake", {
            best: moveName(hint.best),
            move: moveName(action),
            amount: formatMoney(Math.round(chosen.cost * hint.bet)),
            bets: formatPercent(chosen.cost, 1),
          }),
        }),
        el(
          "div",
          { class: "button-row" },
          el("button", { class: "btn", id: "training-back", type: "button", text: t("training.take-back"), onclick: () => dialog.close("back") }),
          el("button", { class: "btn secondary", id: "training-anyway", type: "button", text: t("training.anyway", { move: moveName(action) }), onclick: () => dialog.close("anyway") }),
        ),
      )
    );
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(dialog.returnValue === "anyway");
    });
    document.body.append(dialog);
    dialog.showModal();
    const back = document.getElementById("training-back");
    if (back) back.focus();
  });
}
