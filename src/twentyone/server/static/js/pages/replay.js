import { api } from "../api.js";
import { SUITS, cardsNode } from "../cards.js";
import { el, mount } from "../dom.js";
import { money, when } from "../format.js";
import { OUTCOME_CLASS, OUTCOME_TEXT } from "../outcomes.js";
import { variantInfo } from "../state.js";
import { statementTable } from "./statement.js";

function describe(event, names, split = false) {
  const spotName = (spot) => names(spot);
  const handName = (spot, hand) => (split ? `${names(spot)} · hand ${hand + 1}` : names(spot));
  switch (event.type) {
    case "WagerPlaced":
      if (event.kind === "side") return `${event.name} side bet ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.name === "split") return `Split: a second hand staked ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.kind === "insurance") return `Insurance ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.name === "double") return `Double: ${money(event.stake)} more on ${spotName(event.spot)}`;
      return `Bet ${money(event.stake)} on ${spotName(event.spot)}`;
    case "CardDealt":
      if (event.spot === -1) return event.card ? `Dealer gets ${prettyCard(event.card)}${event.face_down ? " (face down)" : ""}` : "Dealer gets a face-down card";
      return `${handName(event.spot, event.hand)} gets ${prettyCard(event.card)}`;
    case "Decided":
      return `${handName(event.spot, event.hand)}: ${event.action.toUpperCase()}`;
    case "Peeked":
      return event.blackjack ? "Dealer peeks: blackjack!" : "Dealer peeks: no blackjack";
    case "HoleCardRevealed":
      return `Dealer turns over ${prettyCard(event.card)}`;
    case "SideBetResolved":
      return `${event.name} on ${spotName(event.spot)}: ${event.outcome}`;
    case "WagerSettled": {
      const line = event.line;
      const what = line.kind === "side" ? ` ${line.name}` : line.kind === "insurance" ? " insurance" : "";
      const who = line.kind === "hand" ? handName(line.spot, line.hand) : spotName(line.spot);
      return `${who}${what}: ${line.outcome}, returned ${money(line.returned)} of ${money(line.stake)}`;
    }
    case "RoundSettled":
      return `Round over: dealer ${event.dealer_blackjack ? "blackjack" : event.dealer_total}`;
    default:
      return event.type;
  }
}

function prettyCard(text) {
  if (!text) return "a face-down card";
  return `${text[0] === "T" ? "10" : text[0]}${SUITS[text[1]] || ""}`;
}

function replayState(record, upto) {
  // Rebuild what the table showed after events[0..upto]: cards, stakes, decisions, results.
  const dealer = [];
  const spots = new Map(); // engine spot -> [{hand, cards, stake, outcome, returned}]
  let lastSplit = null;
  let dealerTotal = null;
  const ensure = (spot) => {
    if (!spots.has(spot)) spots.set(spot, []);
    return spots.get(spot);
  };
  const findHand = (spot, hand) => ensure(spot).find((h) => h.hand === hand);
  for (const event of record.events.slice(0, upto + 1)) {
    if (event.type === "WagerPlaced" && event.kind === "hand") {
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
    } else if (event.type === "RoundSettled") {
      dealerTotal = event.dealer_blackjack ? "Blackjack" : String(event.dealer_total);
    }
  }
  return { dealer, spots, dealerTotal };
}

export async function renderReplay(roundId) {
  const record = await api("GET", `/api/rounds/${encodeURIComponent(roundId)}`);
  const info = variantInfo(record.variant);
  const names = (spot) => {
    const pos = record.positions[spot];
    return info && pos !== undefined ? info.spot_names[pos] : `spot ${spot + 1}`;
  };
  const split = record.decisions.includes("split");
  let step = record.events.length - 1;
  const felt = el("section", { class: "felt" });
  const caption = el("div", { class: "replay-caption", id: "replay-caption" });
  const counter = el("span", { id: "replay-step" });
  const list = el("ol", { class: "event-list", id: "replay-events" }, record.events.map((e) => el("li", { text: describe(e, names, split) })));
  const draw = () => {
    const state = replayState(record, step);
    const dealerCards = state.dealer.map((c) => (c.down ? null : c.card));
    const spots = el("div", { class: "spots" });
    const order = [...state.spots.keys()].sort((a, b) => record.positions[b] - record.positions[a]);
    for (const spot of order) {
      const hands = el("div", { class: "hands" });
      for (const h of state.spots.get(spot)) {
        const node = el("div", { class: "hand", dataset: { spot, hand: h.hand } }, cardsNode(h.cards), el("span", { class: "hand-stake", text: money(h.stake) }));
        if (h.outcome) node.append(el("span", { class: `hand-outcome ${OUTCOME_CLASS[h.outcome] || ""}`, text: `${OUTCOME_TEXT[h.outcome] || h.outcome} ${money(h.returned)}` }));
        hands.append(node);
      }
      spots.append(el("div", { class: "spot" }, hands, el("div", { class: "spot-name", text: names(spot) })));
    }
    felt.replaceChildren(
      el(
        "div",
        { class: "dealer-area" },
        el("div", { class: "dealer-label", text: state.dealerTotal ? `Dealer · ${state.dealerTotal}` : "Dealer" }),
        cardsNode(dealerCards),
      ),
      spots,
    );
    caption.textContent = step >= 0 ? describe(record.events[step], names, split) : "Before the deal";
    counter.textContent = `Step ${step + 1} / ${record.events.length}`;
    [...list.children].forEach((li, i) => {
      li.className = i === step ? "now" : i > step ? "future" : "";
    });
  };
  const stepTo = (n) => {
    step = Math.max(-1, Math.min(record.events.length - 1, n));
    draw();
  };
  const controls = el(
    "div",
    { class: "replay-controls" },
    el("button", { class: "btn secondary", id: "replay-first", type: "button", text: "« Start", onclick: () => stepTo(-1) }),
    el("button", { class: "btn secondary", id: "replay-prev", type: "button", text: "◀ Back", onclick: () => stepTo(step - 1) }),
    el("button", { class: "btn", id: "replay-next", type: "button", text: "Next ▶", onclick: () => stepTo(step + 1) }),
    el("button", { class: "btn secondary", id: "replay-last", type: "button", text: "End »", onclick: () => stepTo(record.events.length - 1) }),
    counter,
  );
  const net = record.returned - record.staked;
  mount(
    el("h1", { text: `Round ${record.id.slice(0, 8)} · ${info ? info.title : record.variant}` }),
    el(
      "p",
      { class: "limits" },
      `${when(record.started_at)} · rules ${record.rules_version} · ${record.status} · staked ${money(record.staked)} · returned ${money(record.returned)} · `,
      el("b", { class: net >= 0 ? "pos" : "neg", text: `net ${money(net)}` }),
      ` · balance ${money(record.balance_before)} → ${money(record.balance_after)}`,
    ),
    el("div", { class: "replay" }, felt),
    controls,
    caption,
    el("section", { class: "panel" }, el("h2", { text: "Every step" }), list),
    el(
      "section",
      { class: "panel" },
      el("h2", { text: "Ledger entries" }),
      statementTable(record.entries),
      record.status !== "open" ? el("p", {}, el("a", { href: `/api/rounds/${record.id}/scenario`, target: "_blank", text: "Scenario file (twentyone replay)" })) : null,
    ),
    el("p", {}, el("a", { href: "#/history", text: "← All rounds" })),
  );
  draw();
}
