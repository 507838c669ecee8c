// Money and number formats shown to people.

export function money(minor) {
  if (minor === null || minor === undefined) return "—";
  const sign = minor < 0 ? "-" : "";
  const value = Math.abs(minor) / 100;
  return `${sign}$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function chipLabel(value) {
  const dollars = value / 100;
  return dollars >= 1000 ? `${dollars / 1000}K` : String(dollars);
}

export function pct(x) {
  return `${(x * 100).toFixed(2)}%`;
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : "";
}
