// What a screen reader hears: cards, totals and results, through one polite live region.

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

const RANKS = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
const SUITS = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

/**
 * "10 of spades".
 * @param {string | null} card
 */
export function spokenCard(card) {
  if (!card) return "a face-down card";
  const rank = RANKS[/** @type {keyof typeof RANKS} */ (card[0])] || card[0];
  return `${rank} of ${SUITS[/** @type {keyof typeof SUITS} */ (card[1])] || ""}`;
}
