import { el } from "./dom.js";

// Cards and chips as the felt draws them.

export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = new Set(["h", "d"]);

export function cardNode(text) {
  if (!text) return el("div", { class: "card back", "aria-label": "face-down card", dataset: { card: "down" } });
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  const symbol = SUITS[suit] || "?";
  return el(
    "div",
    { class: `card${RED.has(suit) ? " red" : ""}`, "aria-label": `${rank}${symbol}`, dataset: { card: text } },
    el("span", { class: "corner" }, rank, el("small", { text: symbol })),
    el("span", { class: "pip", text: symbol }),
  );
}

const seenCards = new Set(); // cards already drawn on screen: only new ones get the deal animation

export function cardsNode(cards, id, key) {
  const nodes = cards.map((card, i) => {
    const node = cardNode(card);
    if (key) {
      const seen = `${key}:${i}:${card || "down"}`;
      if (!seenCards.has(seen)) {
        seenCards.add(seen);
        node.classList.add("fresh");
      }
    }
    return node;
  });
  return el("div", { class: "cards", id }, nodes);
}

export function chipStack(amount) {
  const values = [50000, 10000, 2500, 1000, 500, 100];
  const top = values.find((v) => amount >= v) || 100;
  return el("span", { class: `chip mini v${top}`, "aria-hidden": "true" });
}
