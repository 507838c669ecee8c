// Replay: a past round drawn as the table showed it, step by step — cards, totals, stakes,
// side bets and results — with every step listed and the round's ledger entries.
import { api } from "../api.js";
import { SUITS, cardsNode } from "../cards.js";
import { el, mount } from "../dom.js";
import {
  actionName, formatMoney, formatTime, handLabel, outcomeKind, outcomeName, roundStatusName, sideBetName,
  formatPercent, sideOutcomeName, t, variantName, wagerLabel,
} from "../names.js";
import { variantInfo } from "../state.js";
import { dealerText, totalText } from "../table/felt.js";
import { moveName } from "../table/hint.js";
import { dealerCompleteFrom, dealerValue, handValue } from "../table/model.js";
import { statementTable } from "./statement.js";

/**
 * The advisor's review of a settled round (null where the game offers no hints or the round
 * is not settled): each decision valued from the view the player had.
 * @param {any} record
 */
async function reviewOf(record) {
  if (record.status !== "settled" || variantInfo(record.variant)?.advisor === false) return null;
  try {
    return await api("GET", `/api/rounds/${encodeURIComponent(record.id)}/review`);
  } catch {
    return null;
  }
}

/**
 * What a mistaken decision cost, as a person reads it (null for the best play).
 * @param {any} decision
 */
function mistakeNode(decision) {
  if (!decision || !decision.mistake) return null;
  return el("span", {
    class: "mistake",
    text: t("review.mistake", {
      best: moveName(decision.best),
      amount: formatMoney(Math.round(decision.cost_money)),
      bets: formatPercent(decision.cost, 1),
    }),
  });
}

/**
 * One event as a sentence. `where(spot, hand)` names a hand, `spotOf(spot)` a spot.
 * @param {any} event
 * @param {(spot: number, hand?: number | null) => string} where
 */
function describe(event, where) {
  switch (event.type) {
    case "WagerPlaced":
      if (event.kind === "side") return t("replay.side-bet", { side_bet: sideBetName(event.name), amount: formatMoney(event.stake), spot: where(event.spot) });
      if (event.name === "split") return t("replay.split", { amount: formatMoney(event.stake), spot: where(event.spot) });
      if (event.kind === "insurance") return t("replay.insurance", { amount: formatMoney(event.stake), spot: where(event.spot) });
      if (event.name === "double") return t("replay.double", { amount: formatMoney(event.stake), hand: where(event.spot, event.hand) });
      return t("replay.bet", { amount: formatMoney(event.stake), spot: where(event.spot) });
    case "CardDealt":
      if (event.spot === -1) return event.card && !event.face_down ? t("replay.dealer-card", { card: prettyCard(event.card) }) : t("replay.dealer-down");
      return t("replay.card", { hand: where(event.spot, event.hand), card: prettyCard(event.card) });
    case "Decided":
      return `${where(event.spot, event.hand)}: ${actionName(event.action)}`;
    case "Peeked":
      return event.blackjack ? t("replay.peek-blackjack") : t("replay.peek-none");
    case "HoleCardRevealed":
      return t("replay.reveal", { card: prettyCard(event.card) });
    case "SideBetResolved":
      return `${sideBetName(event.name)} · ${where(event.spot)}: ${sideOutcomeName(event.name, event.outcome)}`;
    case "WagerSettled": {
      const line = event.line;
      const label = line.kind === "hand" ? where(line.spot, line.hand) : wagerLabel({ ...line, spot_number: spotNumber(line.spot) });
      const result = line.kind === "side" ? sideOutcomeName(line.name, line.outcome === "side-lose" ? "lose" : line.outcome) : outcomeName(line.outcome);
      return t("replay.settled", { label, result, returned: formatMoney(line.returned), stake: formatMoney(line.stake) });
    }
    case "RoundSettled":
      return event.dealer_blackjack ? t("replay.over-blackjack") : t("replay.over", { total: event.dealer_total });
    default:
      return t("replay.step");
  }
}

/** @type {(spot: number) => number} */
let spotNumber = (spot) => spot + 1;

/**
 * A hand's total as the table shows it ("16", "7/17", "Blackjack", "22 Bust").
 * @param {(string | null)[]} cards
 * @param {boolean} canBeBlackjack
 */
export function handTotal(cards, canBeBlackjack) {
  const value = handValue(cards);
  const blackjack = canBeBlackjack && cards.length === 2 && value.total === 21;
  return totalText({ ...value, blackjack });
}

function prettyCard(text) {
  if (!text) return t("card.face-down");
  return `${text[0] === "T" ? "10" : text[0]}${SUITS[text[1]] || ""}`;
}

function replayState(record, upto) {
  // Rebuild what the table showed after events[0..upto]: cards, stakes, decisions, results.
  const dealer = [];
  const spots = new Map(); // engine spot -> [{hand, cards, stake, outcome, returned}]
  const sides = new Map(); // engine spot -> [{name, stake, outcome}]
  const insurance = new Map(); // engine spot -> {stake, outcome}
  let lastSplit = null;
  const ensure = (spot) => {
    if (!spots.has(spot)) spots.set(spot, []);
    return spots.get(spot);
  };
  const findHand = (spot, hand) => ensure(spot).find((h) => h.hand === hand);
  for (const event of record.events.slice(0, upto + 1)) {
    if (event.type === "WagerPlaced" && event.kind === "insurance") {
      insurance.set(event.spot, { stake: event.stake, outcome: null });
    } else if (event.type === "WagerSettled" && event.line.kind === "insurance") {
      const bet = insurance.get(event.line.spot);
      if (bet) bet.outcome = event.line.outcome;
    } else if (event.type === "WagerPlaced" && event.kind === "side") {
      if (!sides.has(event.spot)) sides.set(event.spot, []);
      sides.get(event.spot).push({ name: event.name, stake: event.stake, outcome: null });
    } else if (event.type === "SideBetResolved") {
      const bet = (sides.get(event.spot) || []).find((/** @type {any} */ b) => b.name === event.name);
      if (bet) bet.outcome = event.outcome;
    } else if (event.type === "WagerPlaced" && event.kind === "hand") {
      const hands = ensure(event.spot);
      if (event.name === "split" && lastSplit) {
        const from = findHand(lastSplit.spot, lastSplit.hand);
        const moved = from.cards.pop();
        const at = hands.indexOf(from) + 1;
        hands.splice(at, 0, { hand: event.hand, cards: [moved], stake: event.stake, outcome: null, returned: null });
      } else if (event.name === "double") {
        const h = findHand(event.spot, event.hand);
        if (h) h.stake += event.stake;
      } else if (!findHand(event.spot, event.hand ?? 0)) {
        hands.push({ hand: event.hand ?? 0, cards: [], stake: event.stake, outcome: null, returned: null });
      }
    } else if (event.type === "CardDealt") {
      if (event.spot === -1) dealer.push(event.face_down ? { card: event.card, down: true } : { card: event.card, down: false });
      else {
        const h = findHand(event.spot, event.hand);
        if (h) h.cards.push(event.card);
      }
    } else if (event.type === "Decided") {
      if (event.action === "split") lastSplit = { spot: event.spot, hand: event.hand };
    } else if (event.type === "HoleCardRevealed") {
      const down = dealer.find((c) => c.down);
      if (down) {
        down.down = false;
        down.card = event.card;
      }
    } else if (event.type === "WagerSettled" && event.line.kind === "hand") {
      const h = findHand(event.line.spot, event.line.hand);
      if (h) {
        h.outcome = event.line.outcome;
        h.returned = event.line.returned;
      }
    }
  }
  return { dealer, spots, sides, insurance };
}

/**
 * One labelled figure of the round.
 * @param {string} label
 * @param {string} value
 * @param {string} [cls]
 */
function fact(label, value, cls = "") {
  return el("div", { class: "fact" }, el("dt", { text: label }), el("dd", { class: cls, text: value }));
}

/**
 * @typedef {object} ReplaySource where the record comes from and where "back" goes (the
 * back office replays any player's round from its own API, without the player's review)
 * @property {string} [url]
 * @property {string} [back]
 * @property {boolean} [player] the player's own round: the advisor's review and the scenario link
 */

/**
 * @param {string} roundId
 * @param {ReplaySource} [source]
 */
export async function renderReplay(roundId, source = {}) {
  const own = source.player ?? true;
  const record = await api("GET", source.url ?? `/api/rounds/${encodeURIComponent(roundId)}`);
  const review = own ? await reviewOf(record) : null;
  /** decision number -> its review */
  const reviewed = new Map((review ? review.decisions : []).map((/** @type {any} */ d) => [d.number, d]));
  let decided = -1;
  spotNumber = (spot) => (record.positions[spot] ?? spot) + 1;
  /** Hands per spot over the whole round: a hand is named "Spot 2 · Hand 1" once its spot splits. */
  const handsOnSpot = new Map();
  for (const e of record.events) {
    if (e.type === "WagerPlaced" && e.kind === "hand") handsOnSpot.set(e.spot, Math.max(handsOnSpot.get(e.spot) || 1, (e.hand ?? 0) + 1));
  }
  /** @type {(spot: number, hand?: number | null) => string} */
  const where = (spot, hand = null) => (hand === null || hand === undefined ? handLabel(spotNumber(spot)) : handLabel(spotNumber(spot), hand + 1, handsOnSpot.get(spot) || 1));
  let step = record.events.length - 1;
  // as at the table: the dealer's total reads as one number once its hand is complete
  const complete = dealerCompleteFrom(record.events);
  const felt = el("section", { class: "felt replay-felt", "aria-label": t("replay.table") });
  const caption = el("div", { class: "replay-caption", id: "replay-caption", "aria-live": "polite" });
  const counter = el("span", { id: "replay-step" });
  const first = el("button", { class: "btn secondary", id: "replay-first", type: "button", text: t("replay.first"), onclick: () => stepTo(-1) });
  const prev = el("button", { class: "btn secondary", id: "replay-prev", type: "button", text: t("replay.prev"), onclick: () => stepTo(step - 1) });
  const next = el("button", { class: "btn", id: "replay-next", type: "button", text: t("replay.next"), onclick: () => stepTo(step + 1) });
  const last = el("button", { class: "btn secondary", id: "replay-last", type: "button", text: t("replay.last"), onclick: () => stepTo(record.events.length - 1) });
  const list = el(
    "ol",
    { class: "event-list", id: "replay-events", tabindex: "0", "aria-label": t("replay.every-step") }, // a scroll area the keyboard can reach
    record.events.map((/** @type {any} */ e) => {
      const mark = e.type === "Decided" ? mistakeNode(reviewed.get((decided += 1))) : null;
      return el("li", { class: mark ? "has-mistake" : "" }, describe(e, where), mark ? " " : null, mark);
    }),
  );
  const draw = () => {
    const state = replayState(record, step);
    const dealerCards = state.dealer.map((c) => (c.down ? null : c.card));
    const spots = el("div", { class: "spots replay-spots" });
    const order = [...state.spots.keys()].sort((a, b) => record.positions[b] - record.positions[a]);
    for (const spot of order) {
      const hands = el("div", { class: "hands" });
      const spotHands = state.spots.get(spot);
      for (const h of spotHands) {
        const total = handTotal(h.cards, spotHands.length === 1);
        const node = el(
          "div",
          { class: "hand", dataset: { spot, hand: h.hand } },
          el("div", { class: "hand-label", text: where(spot, spotHands.length > 1 ? h.hand : null) }),
          cardsNode(h.cards),
          total ? el("span", { class: "hand-total", text: total }) : null,
          el("span", { class: "hand-stake", text: formatMoney(h.stake) }),
        );
        if (h.outcome) node.append(el("span", { class: `hand-outcome ${outcomeKind(h.outcome)}`, text: `${outcomeName(h.outcome)} · ${formatMoney(h.returned)}` }));
        hands.append(node);
      }
      const sides = (state.sides.get(spot) || []).map((/** @type {any} */ b) =>
        el("div", { class: `side-result ${b.outcome && b.outcome !== "lose" ? "win" : b.outcome ? "lose" : ""}` }, `${sideBetName(b.name)} ${formatMoney(b.stake)}`, b.outcome ? ` · ${sideOutcomeName(b.name, b.outcome)}` : ""),
      );
      const insured = state.insurance.get(spot);
      if (insured) {
        const kind = insured.outcome ? outcomeKind(insured.outcome) : "";
        sides.push(el("div", { class: `side-result insurance ${kind}` }, `${t("replay.insured", { amount: formatMoney(insured.stake) })}`, insured.outcome ? ` · ${outcomeName(insured.outcome)}` : ""));
      }
      spots.append(el("div", { class: "spot" }, hands, ...sides));
    }
    felt.replaceChildren(
      el(
        "div",
        { class: "dealer-area" },
        el("div", { class: "dealer-label", id: "replay-dealer", text: dealerText(dealerValue(dealerCards, step >= complete)) }),
        cardsNode(dealerCards),
      ),
      spots,
    );
    caption.textContent = step >= 0 ? describe(record.events[step], where) : t("replay.before");
    counter.textContent = t("replay.step-of", { step: step + 1, steps: record.events.length });
    // nothing before "before the deal" nor after the last step: the buttons say so
    first.disabled = prev.disabled = step < 0;
    next.disabled = last.disabled = step >= record.events.length - 1;
    [...list.children].forEach((li, i) => {
      li.classList.toggle("now", i === step);
      li.classList.toggle("future", i > step);
    });
  };
  /** @param {number} n */
  const stepTo = (n) => {
    step = Math.max(-1, Math.min(record.events.length - 1, n));
    draw();
  };
  const controls = el("div", { class: "replay-controls" }, first, prev, next, last, counter);
  const net = record.status === "void" ? 0 : record.returned - record.staked; // a void gives it all back
  mount(
    el("h1", { text: t("replay.title", { game: variantName(record.variant) }) }),
    el(
      "dl",
      { class: "round-facts" },
      fact(t("page.started"), formatTime(record.started_at)),
      fact(t("page.status"), roundStatusName(record.status)),
      fact(t("page.staked"), formatMoney(record.staked)),
      fact(t("page.returned"), formatMoney(record.returned)),
      fact(t("page.net"), formatMoney(net), net > 0 ? "pos" : net < 0 ? "neg" : ""),
      fact(t("page.balance"), `${formatMoney(record.balance_before)} → ${formatMoney(record.balance_after)}`),
    ),
    el("div", { class: "replay" }, felt),
    controls,
    caption,
    review
      ? el(
          "p",
          { class: "review-total", id: "review-total" },
          review.mistakes
            ? t("review.total", { count: review.mistakes, amount: formatMoney(Math.round(review.cost_money)), bets: formatPercent(review.cost_bets, 1) })
            : t("review.none"),
        )
      : null,
    el("section", { class: "panel" }, el("h2", { text: t("replay.every-step") }), list),
    el(
      "section",
      { class: "panel" },
      el("h2", { text: t("replay.entries") }),
      statementTable(record.entries),
      own && record.status !== "open" ? el("p", {}, el("a", { href: `/api/rounds/${record.id}/scenario`, target: "_blank", text: t("replay.scenario") })) : null,
      el("p", { class: "limits", text: t("page.rules-version", { version: record.rules_version }) }),
    ),
    own ? el("p", {}, el("a", { href: source.back ?? "#/history", text: t("replay.back") })) : null,
  );
  draw();
}
