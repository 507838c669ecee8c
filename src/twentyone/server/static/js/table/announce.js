// What a screen reader hears: cards, totals and results, through one polite live region.

import { cardWords } from "../cards.js";

/** @param {string} text */
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  // A new text node each time, so the same sentence twice is read twice.
  region.textContent = "";
  setTimeout(() => {
    region.textContent = text;
  }, 30);
}

/**
 * "10 of spades" ("10 di picche"), a hidden card as "face-down card".
 * @param {string | null} card
 */
export function spokenCard(card) {
  return cardWords(card);
}
