// The controls under the felt: the chip rack, the betting buttons, the play buttons, the
// insurance / even-money prompt and the deal's SKIP. Every disabled control looks disabled and,
// where a player would wonder, says why.

import { chipLabel } from "../format.js";
import { el } from "../dom.js";
import { actionName, formatList, formatMoney, handLabel, t } from "../names.js";
import { hintButton, hintPanel } from "./hint.js";
import { keyCap } from "./keyboard.js";

/**
 * @typedef {object} ControlsView
 * @property {any} table TableOut
 * @property {any} round the round on the felt (RoundOut) or null
 * @property {number | null} chip the selected chip
 * @property {boolean} applyAll
 * @property {boolean} busy
 * @property {boolean} dealing cards are being dealt (SKIP is offered)
 * @property {number} balance what the wallet holds now
 * @property {boolean} hints the game offers the play advisor's hints
 * @property {string | null} blocked why no new round may start now (a break, a reality check
 *   due): the chips and the buttons that deal or add to the bets are greyed out, saying so
 * @property {boolean} realityCheck the reason is a reality check waiting to be read
 */

/**
 * @typedef {object} ControlsHandlers
 * @property {(value: number) => void} chip
 * @property {(op: string) => void} tableOp undo, clear, double, rebet, deal, ...
 * @property {(action: string) => void} act a decision in the round
 * @property {() => void} toggleApplyAll
 * @property {() => void} skip
 * @property {() => void} redraw draws the controls again
 * @property {() => void} readRealityCheck opens the reality-check notice
 */

/**
 * The chips a player may pick: one the balance left after the bets, or the maximum, cannot
 * cover is disabled.
 * @param {any} table
 * @param {number} balance
 * @returns {Map<number, string | null>} chip -> why it is disabled (null: enabled)
 */
export function chipStates(table, balance) {
  const free = balance - table.total;
  /** @type {Map<number, string | null>} */
  const states = new Map();
  for (const value of table.chips) {
    let why = null;
    if (value > table.limits.max_bet) why = t("controls.chip-over-max", { amount: formatMoney(table.limits.max_bet) });
    else if (value > free) why = free > 0 ? t("controls.chip-over-free", { amount: formatMoney(free) }) : t("controls.chip-no-balance");
    states.set(value, why);
  }
  return states;
}

/**
 * Why DOUBLE before the deal cannot be pressed (null: it can).
 * @param {any} table
 * @param {number} balance
 */
export function doubleBetsBlocked(table, balance) {
  if (!table.total) return t("error.no-bets");
  if (table.total * 2 > balance) return t("controls.double-needs", { amount: formatMoney(table.total * 2), balance: formatMoney(balance) });
  if (table.over_max !== "honour") {
    const over = table.spots.findIndex((s) => s.bet * 2 > table.limits.max_bet);
    if (over >= 0) return t("controls.double-over-max", { hand: handLabel(over + 1, 1, 1), amount: formatMoney(table.limits.max_bet) });
  }
  return null;
}

/**
 * @param {string} id
 * @param {string} label
 * @param {{enabled: boolean, onClick: () => unknown, cls?: string, key?: string, describedBy?: string}} options
 */
function button(id, label, { enabled, onClick, cls = "", key = undefined, describedBy = undefined }) {
  return el(
    "button",
    {
      class: `btn ${cls}`,
      id,
      type: "button",
      disabled: !enabled,
      "aria-keyshortcuts": key,
      "aria-describedby": describedBy,
      onclick: onClick,
    },
    label,
    key ? el("kbd", { "aria-hidden": "true", text: keyCap(key).replace("Shift+", "⇧") }) : null,
  );
}

/**
 * Number of spots still to answer insurance, the current one included.
 * @param {any} round
 */
export function spotsToAsk(round) {
  if (!round || !round.current) return 0;
  return round.positions.length - round.current[0];
}

/**
 * @param {ControlsView} view
 * @param {ControlsHandlers} on
 * @returns {HTMLElement}
 */
export function controlsNode(view, on) {
  const { table, round } = view;
  const open = Boolean(round && round.status === "open");
  const states = chipStates(table, view.balance);
  const rack = el(
    "div",
    { class: "chip-rack", role: "group", "aria-label": t("controls.chips") },
    table.chips.map((value) => {
      const why = open ? null : view.blocked || states.get(value);
      return el("button", {
        class: `chip v${value}`,
        type: "button",
        "aria-pressed": String(view.chip === value),
        "aria-label": `${t("table.chip", { amount: formatMoney(value) })}${why ? ` (${why})` : ""}`,
        title: why || undefined,
        dataset: { value },
        disabled: open || view.busy || Boolean(why),
        text: chipLabel(value),
        onclick: () => on.chip(value),
      });
    }),
  );
  const hasBets = table.total > 0;
  const doubleWhy = doubleBetsBlocked(table, view.balance);
  const idle = !view.busy;
  // what deals a round or adds to the bets waits while play is blocked (UNDO and CLEAR do not)
  const free = idle && !view.blocked;
  const blockedBy = view.blocked ? "why-blocked" : undefined;
  // The buttons of the other phase (REBET with bets on the table or no round to repeat; UNDO,
  // CLEAR, DOUBLE and DEAL when the last round's bets may be repeated: REBET & DEAL is what
  // deals then) cannot be pressed now and are left out, as a casino's table does (.off-phase).
  const rebetting = !hasBets && table.can_rebet;
  const betsOff = rebetting ? " off-phase" : "";
  const rebetOff = hasBets || !table.can_rebet ? " off-phase" : "";
  const betting = el(
    "div",
    { class: "button-row", id: "betting-buttons", hidden: open || view.dealing },
    button("btn-undo", t("button.undo"), { enabled: idle && table.can_undo, cls: `secondary${table.can_undo ? "" : betsOff}`, key: "U", onClick: () => on.tableOp("undo") }),
    button("btn-clear", t("button.clear"), { enabled: idle && hasBets, cls: `secondary${betsOff}`, key: "C", onClick: () => on.tableOp("clear") }),
    button("btn-double-bets", t("action.double"), { enabled: free && !doubleWhy, cls: `secondary${betsOff}`, key: "X", describedBy: blockedBy || (doubleWhy && hasBets ? "why-double" : undefined), onClick: () => on.tableOp("double") }),
    button("btn-rebet", t("button.rebet"), { enabled: free && rebetting, cls: `secondary${rebetOff}`, key: "R", describedBy: blockedBy, onClick: () => on.tableOp("rebet") }),
    button("btn-rebet-deal", t("button.rebet-deal"), { enabled: free && rebetting, cls: rebetOff, key: "Shift+R", describedBy: blockedBy, onClick: () => on.tableOp("rebet-and-deal") }),
    button("btn-double-deal", t("button.double-deal"), { enabled: free && rebetting, cls: rebetOff, key: "Shift+X", describedBy: blockedBy, onClick: () => on.tableOp("double-and-deal") }),
    button("btn-deal", t("button.deal"), { enabled: free && table.spots.some((/** @type {any} */ s) => s.bet > 0), cls: `deal${betsOff}`, key: "Enter", describedBy: blockedBy, onClick: () => on.tableOp("deal") }),
  );
  const why = el("p", { class: "why", id: "why-double", text: !open && hasBets && doubleWhy && !view.blocked ? doubleWhy : "" });
  const whyBlocked =
    !open && view.blocked
      ? el(
          "div",
          { class: "why-blocked" },
          el("p", { class: "why", id: "why-blocked", role: "status", text: view.blocked }),
          view.realityCheck ? el("button", { class: "btn secondary", id: "btn-reality", type: "button", text: t("reality.open"), onclick: on.readRealityCheck }) : null,
        )
      : null;

  const legal = open ? new Set(round.legal_actions) : new Set();
  const poor = open ? new Set(round.unaffordable) : new Set();
  const insurance = open && round.phase === "insurance";
  const poorText = [...poor].map((a) => (a === "insurance" ? t("phase.insurance") : a === "even-money" ? t("button.even-money") : actionName(a)));
  const play = el(
    "div",
    { class: "button-row", id: "play-buttons", hidden: !open || insurance || view.dealing },
    button("btn-hit", actionName("hit"), { enabled: idle && legal.has("hit"), key: "H", onClick: () => on.act("hit") }),
    button("btn-stand", actionName("stand"), { enabled: idle && legal.has("stand"), key: "S", onClick: () => on.act("stand") }),
    button("btn-double", actionName("double"), { enabled: idle && legal.has("double"), key: "D", describedBy: poor.has("double") ? "why-play" : undefined, onClick: () => on.act("double") }),
    button("btn-split", actionName("split"), { enabled: idle && legal.has("split"), key: "P", describedBy: poor.has("split") ? "why-play" : undefined, onClick: () => on.act("split") }),
    legal.has("surrender") ? button("btn-surrender", actionName("surrender"), { enabled: idle, cls: "danger", key: "G", onClick: () => on.act("surrender") }) : null,
    insurance ? null : hintButton(round, { hints: view.hints, busy: !idle }, on.redraw),
  );
  const whyPlay = el("p", { class: "why", id: "why-play", text: open && poorText.length ? t("controls.not-enough", { moves: formatList(poorText) }) : "" });

  let prompt = null;
  if (insurance && !view.dealing) {
    const [spot] = round.current;
    const pos = round.positions[spot];
    const spotHands = round.hands.filter((/** @type {any} */ h) => h.spot === spot);
    const stake = spotHands.length ? spotHands[0].stake : 0;
    const who = handLabel(pos + 1, 1, 1);
    const evenMoney = legal.has("even-money") || legal.has("no-even-money") || poor.has("even-money");
    const many = spotsToAsk(round) > 1;
    const cost = Math.floor(stake / 2);
    const values = { hand: who, count: spotsToAsk(round), amount: formatMoney(evenMoney ? stake : cost) };
    const key = evenMoney
      ? view.applyAll ? "controls.even-money-question-all" : "controls.even-money-question"
      : view.applyAll ? "controls.insurance-question-all" : "controls.insurance-question";
    const question = t(key, values);
    prompt = el(
      "div",
      { class: "insurance", id: "insurance-buttons", role: "group", "aria-labelledby": "insurance-question" },
      el("p", { class: "insurance-prompt", id: "insurance-question", text: question }),
      el(
        "div",
        { class: "button-row" },
        evenMoney
          ? [
              button("btn-even-money", t("button.even-money"), { enabled: idle && legal.has("even-money"), key: "E", onClick: () => on.act("even-money") }),
              button("btn-no-even-money", t("button.decline"), { enabled: idle && legal.has("no-even-money"), cls: "secondary", key: "N", onClick: () => on.act("no-even-money") }),
            ]
          : [
              button("btn-accept", t("button.accept"), { enabled: idle && legal.has("insurance"), key: "Y", describedBy: poor.has("insurance") ? "why-play" : undefined, onClick: () => on.act("insurance") }),
              button("btn-decline", t("button.decline"), { enabled: idle && legal.has("no-insurance"), cls: "secondary", key: "N", onClick: () => on.act("no-insurance") }),
            ],
        hintButton(round, { hints: view.hints, busy: !idle }, on.redraw),
        many
          ? el(
              "button",
              {
                class: "btn secondary toggle",
                id: "btn-apply-all",
                type: "button",
                "aria-pressed": String(view.applyAll),
                "aria-keyshortcuts": "A",
                disabled: !idle,
                onclick: on.toggleApplyAll,
              },
              t(view.applyAll ? "button.apply-all-on" : "button.apply-all"),
              el("kbd", { "aria-hidden": "true", text: "A" }),
            )
          : null,
      ),
    );
  }
  const skipButton = view.dealing ? button("btn-skip", t("button.skip"), { enabled: true, cls: "secondary skip", key: "Esc", onClick: on.skip }) : null;
  return el(
    "section",
    { class: `controls${open ? " in-round" : ""}`, id: "controls", "aria-label": t("controls.aria") },
    rack,
    el("div", { class: "actions" }, whyBlocked, betting, play, prompt, skipButton, why, whyPlay, open && !view.dealing ? hintPanel(round, on.redraw) : null),
  );
}
