// Results that explain themselves: every wager of the round with its stake, its result and what
// came back (stake included), and the round's net. Drawn under the controls: it never covers
// the cards.

import { el } from "../dom.js";
import { formatMoney, outcomeName, sideBetName, sideOutcomeFeltName, sideOutcomeName, t, wagerLabel } from "../names.js";

const BIG_WIN = 25; // a side bet paying at least 25 to 1 is shown prominently

/**
 * A settlement line as the table names it: the seat counted from 1, the hand by its place in
 * the spot's play order.
 * @param {any} round
 * @param {any} line
 */
export function lineLabel(round, line) {
  const pos = round.positions[line.spot];
  const spotHands = round.hands.filter((/** @type {any} */ h) => h.spot === line.spot);
  const index = spotHands.findIndex((/** @type {any} */ h) => h.hand === line.hand);
  const hand = index >= 0 ? spotHands[index] : null;
  return wagerLabel({
    ...line,
    spot: pos,
    hand: index >= 0 ? index : 0,
    doubled: Boolean(hand && hand.doubled),
    hands_on_spot: spotHands.length,
  });
}

/** @param {any} line */
function resultName(line) {
  if (line.kind === "side") return sideOutcomeName(line.name, line.outcome);
  return outcomeName(line.outcome);
}

/**
 * @param {number} amount
 * @returns {string}
 */
export function signed(amount) {
  if (amount > 0) return `+${formatMoney(amount)}`;
  if (amount < 0) return `−${formatMoney(-amount)}`;
  return formatMoney(0);
}

/**
 * The side bets that won, best first: {label, its side bet, its outcome in full and as the
 * felt's narrow line writes it, amount won, prominent}.
 * @param {any} round
 */
export function sideWins(round) {
  return round.settlement
    .filter((/** @type {any} */ l) => l.kind === "side" && l.returned > l.stake)
    .map((/** @type {any} */ l) => ({
      text: `${sideBetName(l.name)} · ${sideOutcomeName(l.name, l.outcome)}`,
      bet: sideBetName(l.name),
      outcome: sideOutcomeName(l.name, l.outcome),
      short: sideOutcomeFeltName(l.name, l.outcome),
      won: l.returned - l.stake,
      big: l.returned - l.stake >= BIG_WIN * l.stake,
    }))
    .sort((/** @type {any} */ a, /** @type {any} */ b) => b.won - a.won);
}

/**
 * The round's headline: celebrated only when the net is above zero.
 * @param {any} round
 * @returns {{text: string, mood: "win" | "even" | "loss" | "void"}}
 */
export function headline(round) {
  if (round.status === "void") return { text: t("settle.void"), mood: "void" };
  const net = round.net ?? round.returned - round.staked;
  if (net > 0) return { text: t("settle.win", { amount: formatMoney(net) }), mood: "win" };
  if (net < 0) return { text: t("settle.lose", { amount: formatMoney(-net) }), mood: "loss" };
  return { text: t("settle.even", { amount: formatMoney(round.staked) }), mood: "even" };
}

/**
 * @param {any} round a settled RoundOut
 * @returns {HTMLElement}
 */
export function settlementPanel(round) {
  const net = round.returned - round.staked;
  const rows = round.settlement.map((/** @type {any} */ line, /** @type {number} */ i) => {
    const back = line.returned;
    const cls = back > line.stake ? "pos" : back < line.stake ? "neg" : "";
    return el(
      "tr",
      { dataset: { line: i, kind: line.kind } },
      el("th", { scope: "row", class: "wager", text: lineLabel(round, line) }),
      el("td", { class: "num stake", text: formatMoney(line.stake) }),
      el("td", { class: `result ${cls}`, text: resultName(line) }),
      el("td", { class: `num returned ${cls}`, text: formatMoney(back) }),
    );
  });
  const head = headline(round);
  return el(
    "section",
    { class: `settlement ${head.mood}`, id: "settlement", "aria-labelledby": "settlement-title" },
    el("h2", { id: "settlement-title" }, `${t("settle.title")} `, el("span", { id: "result", class: head.mood, text: head.text })),
    el(
      "table",
      { class: "data settlement-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("settle.wager") }), el("th", { scope: "col", class: "num", text: t("settle.stake") }), el("th", { scope: "col", text: t("settle.result") }), el("th", { scope: "col", class: "num", text: t("settle.back") }))),
      el("tbody", {}, rows),
      el(
        "tfoot",
        {},
        el(
          "tr",
          {},
          el("th", { scope: "row", text: t("page.round") }),
          el("td", { class: "num", id: "settlement-staked", text: formatMoney(round.staked) }),
          el("td", { class: `net ${net > 0 ? "pos" : net < 0 ? "neg" : ""}`, id: "settlement-net", text: t("settle.net", { amount: signed(net) }) }),
          el("td", { class: "num", id: "settlement-returned", text: formatMoney(round.returned) }),
        ),
      ),
    ),
    el("p", { class: "note", text: t("settle.note") }),
  );
}
