// Every string the back office shows comes from the server's message catalogues (keys
// "admin.*" in src/twentyone/locale/*/LC_MESSAGES/messages.po), in the language the player
// client shows: the one last picked in this browser, else the browser's own (names.js loads
// them with the game's own names — games, side bets, outcomes, ledger entries — and money
// and times are written the language's way).
import { hasText, t } from "../js/names.js";

/** The VIP levels the shipped catalogue names, with their texts' keys. */
const LEVELS = /** @type {Record<string, string>} */ ({
  standard: "admin.level.standard",
  silver: "admin.level.silver",
  gold: "admin.level.gold",
  platinum: "admin.level.platinum",
});

/**
 * The string `key` with its {placeholders} filled (a missing key is reported, never shown).
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 */
export function say(key, values = {}) {
  return t(key, values);
}

/** @param {string} key */
export function has(key) {
  return hasText(key);
}

/**
 * A VIP level's name (a level the catalogue added and this table does not name: "Level N").
 * @param {string} id
 * @param {string[]} [order] every level in order, to number an unnamed one
 */
export function levelName(id, order = []) {
  if (id in LEVELS) return say(LEVELS[id]);
  const index = order.indexOf(id);
  return index >= 0 ? say("admin.level.numbered", { n: index + 1 }) : say("admin.word.none");
}
