import { el } from "./dom.js";
import { t } from "./names.js";

// Cards and chips as the felt draws them.

export const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = new Set(["h", "d"]);

const WORDED = new Set(["A", "J", "Q", "K"]); // ranks said as words (card.rank.A …); the rest as numbers

/**
 * A card as a screen reader says it: "10 of spades", "Regina di cuori" (null: a face-down card).
 * @param {string | null} text
 */
export function cardWords(text) {
  if (!text) return t("card.face-down");
  const rank = WORDED.has(text[0]) ? t(`card.rank.${text[0]}`) : text[0] === "T" ? "10" : text[0];
  return t("card.of", { rank, suit: t(`card.suit.${text[1]}`) });
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

const STACK = 5; // chips drawn at most in one stack (a taller bet is still one stack)

/**
 * A bet as a dealer stacks it: the fewest chips of the table's values, the largest at the
 * bottom, its amount written under it by the caller.
 * @param {number} amount minor units
 */
export function chipStack(amount) {
  const values = [50000, 10000, 2500, 1000, 500, 100];
  /** @type {number[]} */
  const chips = [];
  let left = amount;
  for (const value of values) {
    while (left >= value && chips.length < STACK) {
      chips.push(value);
      left -= value;
    }
  }
  if (!chips.length) chips.push(100);
  return el(
    "span",
    { class: "chip-stack", "aria-hidden": "true", dataset: { count: chips.length } },
    chips.map((value) => el("span", { class: `chip mini v${value}`, dataset: { chip: value } })),
  );
}
