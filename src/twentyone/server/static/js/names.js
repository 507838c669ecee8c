// Display names for everything a person reads (variants, outcomes, side bets, hands, money).
// Interface agreed with issue 8b, whose names.js (served from GET /api/names) replaces this
// minimal stand-in: loadNames() once at boot, then synchronous look-ups.

/** @type {Record<string, Record<string, string>>} */
let names = {};

/** Fetches the display names once (a server without /api/names leaves the fallbacks below). */
export async function loadNames() {
  try {
    const response = await fetch("/api/names", { credentials: "same-origin" });
    if (response.ok) names = await response.json();
  } catch {
    names = {};
  }
}

/**
 * @param {string} group
 * @param {string} slug
 * @returns {string}
 */
function lookUp(group, slug) {
  const found = names[group] && names[group][slug];
  if (found) return found;
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** @param {string} slug */
export function variantName(slug) {
  return lookUp("variants", slug);
}

/** @param {string} slug a hand outcome */
export function outcomeName(slug) {
  return lookUp("outcomes", slug);
}

/** @param {string} slug */
export function sideBetName(slug) {
  return lookUp("side_bets", slug);
}

/**
 * @param {string} sideBet
 * @param {string} slug
 */
export function sideOutcomeName(sideBet, slug) {
  return lookUp(`side_outcomes:${sideBet}`, slug);
}

/**
 * @param {string} sideBet
 * @param {string} slug
 */
export function paytableName(sideBet, slug) {
  return lookUp(`paytables:${sideBet}`, slug);
}

/** @param {string} slug */
export function actionName(slug) {
  return lookUp("actions", slug);
}

/**
 * "Spot 2", or "Spot 2 · Hand 1" when the spot holds more than one hand (both counted from 1).
 * @param {number} spotNumber1
 * @param {number} handNumber1
 * @param {number} handsOnSpot
 */
export function handLabel(spotNumber1, handNumber1, handsOnSpot) {
  return handsOnSpot > 1 ? `Spot ${spotNumber1} · Hand ${handNumber1}` : `Spot ${spotNumber1}`;
}

/**
 * A settlement line as a person reads it: "Spot 1 · Hand 2 (doubled)", "Insurance · Spot 1".
 * @param {{kind: string, name: string, spot: number, hand: number | null, doubled?: boolean, hands_on_spot?: number}} line
 */
export function wagerLabel(line) {
  const spot = `Spot ${line.spot + 1}`;
  if (line.kind === "insurance") return `${line.name === "even-money" ? "Even money" : "Insurance"} · ${spot}`;
  if (line.kind === "side") return `${sideBetName(line.name)} · ${spot}`;
  const label = handLabel(line.spot + 1, (line.hand ?? 0) + 1, line.hands_on_spot ?? 1);
  return line.doubled ? `${label} (doubled)` : label;
}

/**
 * Money in the account's currency: 12345 → "$123.45".
 * @param {number | null | undefined} minor
 */
export function formatMoney(minor) {
  if (minor === null || minor === undefined) return "—";
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(minor / 100);
}

/**
 * @param {number} x a fraction (0.9951)
 * @param {number} [digits]
 */
export function formatPercent(x, digits = 2) {
  return `${(x * 100).toFixed(digits)}%`;
}
