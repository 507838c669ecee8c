// Money and number formats shown to people.

// Money and percentages come from names.js (the account's format, one place for every page).
export { formatMoney as money, formatPercent as pct } from "./names.js";

export function chipLabel(value) {
  const dollars = value / 100;
  return dollars >= 1000 ? `${dollars / 1000}K` : String(dollars);
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : "";
}
