// The controls under the felt: the chip rack, the betting buttons, the play buttons, the
// insurance / even-money prompt and the deal's SKIP. Every disabled control looks disabled and,
// where a player would wonder, says why.

import { chipLabel } from "../format.js";
import { el } from "../dom.js";
import { formatMoney, handLabel } from "../names.js";
import { hintButton, hintPanel } from "./hint.js";

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
 */

/**
 * @typedef {object} ControlsHandlers
 * @property {(value: number) => void} chip
 * @property {(op: string) => void} tableOp undo, clear, double, rebet, deal, ...
 * @property {(action: string) => void} act a decision in the round
 * @property {() => void} toggleApplyAll
 * @property {() => void} skip
 * @property {() => void} redraw draws the controls again
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
    if (value > table.limits.max_bet) why = `above the ${formatMoney(table.limits.max_bet)} maximum bet`;
    else if (value > free) why = free > 0 ? `more than the ${formatMoney(free)} left to bet` : "no balance left to bet";
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
  if (!table.total) return "Place a bet first.";
  if (table.total * 2 > balance) return `Doubling needs ${formatMoney(table.total * 2)}; the balance is ${formatMoney(balance)}.`;
  if (table.over_max !== "honour") {
    const over = table.spots.findIndex((s) => s.bet * 2 > table.limits.max_bet);
    if (over >= 0) return `Doubling would take ${handLabel(over + 1, 1, 1)} past the ${formatMoney(table.limits.max_bet)} maximum.`;
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
    key ? el("kbd", { "aria-hidden": "true", text: key.replace("Shift+", "⇧") }) : null,
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
    { class: "chip-rack", role: "group", "aria-label": "Chips" },
    table.chips.map((value) => {
      const why = states.get(value);
      return el("button", {
        class: `chip v${value}`,
        type: "button",
        "aria-pressed": String(view.chip === value),
        "aria-label": `Chip ${formatMoney(value)}${why ? ` (${why})` : ""}`,
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
  const betting = el(
    "div",
    { class: "button-row", id: "betting-buttons", hidden: open || view.dealing },
    button("btn-undo", "Undo", { enabled: idle && table.can_undo, cls: "secondary", key: "U", onClick: () => on.tableOp("undo") }),
    button("btn-clear", "Clear bets", { enabled: idle && hasBets, cls: "secondary", key: "C", onClick: () => on.tableOp("clear") }),
    button("btn-double-bets", "Double", { enabled: idle && !doubleWhy, cls: "secondary", key: "X", describedBy: doubleWhy && hasBets ? "why-double" : undefined, onClick: () => on.tableOp("double") }),
    button("btn-rebet", "Rebet", { enabled: idle && table.can_rebet && !hasBets, cls: "secondary", key: "R", onClick: () => on.tableOp("rebet") }),
    button("btn-rebet-deal", "Rebet & deal", { enabled: idle && table.can_rebet && !hasBets, key: "Shift+R", onClick: () => on.tableOp("rebet-and-deal") }),
    button("btn-double-deal", "Double & deal", { enabled: idle && table.can_rebet && !hasBets, key: "Shift+X", onClick: () => on.tableOp("double-and-deal") }),
    button("btn-deal", "Deal", { enabled: idle && table.spots.some((/** @type {any} */ s) => s.bet > 0), cls: "deal", key: "Enter", onClick: () => on.tableOp("deal") }),
  );
  const why = el("p", { class: "why", id: "why-double", text: !open && hasBets && doubleWhy ? doubleWhy : "" });

  const legal = open ? new Set(round.legal_actions) : new Set();
  const poor = open ? new Set(round.unaffordable) : new Set();
  const insurance = open && round.phase === "insurance";
  const poorText = [...poor].map((a) => (a === "double" ? "Double" : a === "split" ? "Split" : a === "insurance" ? "Insurance" : "Even money"));
  const play = el(
    "div",
    { class: "button-row", id: "play-buttons", hidden: !open || insurance || view.dealing },
    button("btn-hit", "Hit", { enabled: idle && legal.has("hit"), key: "H", onClick: () => on.act("hit") }),
    button("btn-stand", "Stand", { enabled: idle && legal.has("stand"), key: "S", onClick: () => on.act("stand") }),
    button("btn-double", "Double", { enabled: idle && legal.has("double"), key: "D", describedBy: poor.has("double") ? "why-play" : undefined, onClick: () => on.act("double") }),
    button("btn-split", "Split", { enabled: idle && legal.has("split"), key: "P", describedBy: poor.has("split") ? "why-play" : undefined, onClick: () => on.act("split") }),
    legal.has("surrender") ? button("btn-surrender", "Surrender", { enabled: idle, cls: "danger", key: "G", onClick: () => on.act("surrender") }) : null,
    insurance ? null : hintButton(round, { hints: view.hints, busy: !idle }, on.redraw),
  );
  const whyPlay = el("p", { class: "why", id: "why-play", text: open && poorText.length ? `${poorText.join(" and ")}: not enough balance.` : "" });

  let prompt = null;
  if (insurance && !view.dealing) {
    const [spot] = round.current;
    const pos = round.positions[spot];
    const spotHands = round.hands.filter((/** @type {any} */ h) => h.spot === spot);
    const stake = spotHands.length ? spotHands[0].stake : 0;
    const who = handLabel(pos + 1, 1, 1);
    const evenMoney = legal.has("even-money") || legal.has("no-even-money") || poor.has("even-money");
    const many = spotsToAsk(round) > 1;
    const scope = view.applyAll ? `all ${spotsToAsk(round)} hands` : who;
    const cost = Math.floor(stake / 2);
    const question = evenMoney
      ? `Even money for ${scope}? Take ${formatMoney(stake)} now (1 to 1) for ${view.applyAll ? "each blackjack" : "your blackjack"}, or decline and play on: a blackjack pays 3 to 2 unless the dealer has one too.`
      : `Insurance for ${scope}? It costs ${view.applyAll ? "half of each bet" : formatMoney(cost)} and pays 2 to 1 if the dealer has blackjack.`;
    prompt = el(
      "div",
      { class: "insurance", id: "insurance-buttons", role: "group", "aria-labelledby": "insurance-question" },
      el("p", { class: "insurance-prompt", id: "insurance-question", text: question }),
      el(
        "div",
        { class: "button-row" },
        evenMoney
          ? [
              button("btn-even-money", "Even money", { enabled: idle && legal.has("even-money"), key: "E", onClick: () => on.act("even-money") }),
              button("btn-no-even-money", "Decline", { enabled: idle && legal.has("no-even-money"), cls: "secondary", key: "N", onClick: () => on.act("no-even-money") }),
            ]
          : [
              button("btn-accept", "Accept", { enabled: idle && legal.has("insurance"), key: "Y", describedBy: poor.has("insurance") ? "why-play" : undefined, onClick: () => on.act("insurance") }),
              button("btn-decline", "Decline", { enabled: idle && legal.has("no-insurance"), cls: "secondary", key: "N", onClick: () => on.act("no-insurance") }),
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
              view.applyAll ? "Apply to all ✓" : "Apply to all",
              el("kbd", { "aria-hidden": "true", text: "A" }),
            )
          : null,
      ),
    );
  }
  const skipButton = view.dealing ? button("btn-skip", "Skip", { enabled: true, cls: "secondary skip", key: "Esc", onClick: on.skip }) : null;
  return el(
    "section",
    { class: "controls", id: "controls", "aria-label": "Controls" },
    rack,
    el("div", { class: "actions" }, betting, play, prompt, skipButton, why, whyPlay, open && !view.dealing ? hintPanel(round, on.redraw) : null),
  );
}
