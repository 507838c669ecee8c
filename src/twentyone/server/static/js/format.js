// Chip labels as the rack shows them (money and percentages come from names.js).

import { formatNumber } from "./names.js";

export { formatMoney as money, formatPercent as pct } from "./names.js";

/** A chip's face: 25 for 25.00, 1K for 1,000.00, 2.5K (Italian 2,5K). @param {number} value */
export function chipLabel(value) {
  const units = value / 100;
  if (units >= 1000) return `${formatNumber(units / 1000, Number.isInteger(units / 1000) ? 0 : 1)}K`;
  return formatNumber(units, Number.isInteger(units) ? 0 : 2);
}
