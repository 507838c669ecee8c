import { el } from "./dom.js";

// Cards and chips as the felt draws them.

export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = new Set(["h", "d"]);

const RANK_WORDS = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
const SUIT_WORDS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/**
 * A card as a screen reader says it: "10 of spades" (null: "face-down card").
 * @param {string | null} text
 */
export function cardWords(text) {
  if (!text) return "face-down card";
  return `${RANK_WORDS[text[0]] || text[0]} of ${SUIT_WORDS[text[1]] || ""}`;
}

/**
 * One card ("Ts", or null for a face-down card) as an image with its name.
 * @param {string | null} text
 */
export function cardNode(text) {
  if (!text) return el("div", { class: "card back", role: "img", "aria-label": cardWords(null), dataset: { card: "down" } });
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  const symbol = SUITS[suit] || "?";
  return el(
    "div",
    { class: `card${RED.has(suit) ? " red" : ""}`, role: "img", "aria-label": cardWords(text), dataset: { card: text } },
    el("span", { class: rank === "10" ? "corner ten" : "corner", "aria-hidden": "true" }, rank, el("small", { text: symbol })),
    el("span", { class: "pip", "aria-hidden": "true", text: symbol }),
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
