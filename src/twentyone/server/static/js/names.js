// Display names for everything a person reads: variants, outcomes, side bets and their outcomes,
// pay tables, actions, hands, wagers, money and percentages. Every string comes from the server's
// message catalogues (src/twentyone/locale/*/messages.po, served by GET /api/names in one
// language, keyed by stable ids; the back office's by GET /api/admin/names), fetched at boot by
// loadNames() and again when the player picks another language; the look-ups after it are
// synchronous. A slug without a name is a bug: it is reported with console.error and a neutral
// word is shown, never the slug.

const NEUTRAL = "—";

/** @type {Record<string, string>} */
let text = {};
/** @type {Record<string, string>} */
let outcomeKinds = {};
/** @type {{locale: string, currency: string | null}} */
let moneyFormat = { locale: "en-US", currency: null };
/** @type {Intl.NumberFormat | null} */
let moneyFormatter = null;
let language = "en";
/** @type {Record<string, string>} */
let languages = { en: "English" };

/**
 * Fetches the display names in `lang` (default: the server picks from the browser's
 * Accept-Language) from `source`: the player client's /api/names, or the back office's
 * /api/admin/names (its own texts as well, all of them once an administrator is logged in);
 * the page works on neutral words if the server cannot answer.
 * @param {string | null} [lang]
 * @param {string} [source]
 */
export async function loadNames(lang = null, source = "/api/names") {
  try {
    const url = lang ? `${source}?lang=${encodeURIComponent(lang)}` : source;
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`GET ${source} answered ${response.status}`);
    const data = await response.json();
    text = data.text || {};
    outcomeKinds = data.outcome_kinds || {};
    moneyFormat = data.money || moneyFormat;
    language = data.language || language;
    languages = data.languages || languages;
  } catch (error) {
    console.error("display names could not be loaded", error);
  }
  moneyFormatter = null;
  document.documentElement.lang = language;
}

const STORED = "twentyone.language";

/** The language this browser last showed by the reader's choice (null: the browser's own). */
export function storedLanguage() {
  return localStorage.getItem(STORED);
}

/**
 * Keeps the reader's choice in this browser (the player client and the back office share it).
 * @param {string | null} lang
 */
export function rememberLanguage(lang) {
  if (lang) localStorage.setItem(STORED, lang);
  else localStorage.removeItem(STORED);
}

/** The language the page is shown in ("en", "it"). */
export function currentLanguage() {
  return language;
}

/**
 * The languages a player may pick as `<option>`s, each named in itself ("English", "Italiano"),
 * the current one selected.
 */
export function languageOptions() {
  return Object.entries(languages).map(([code, name]) => {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    option.selected = code === currentLanguage();
    return option;
  });
}

/** @param {string} key */
export function hasText(key) {
  return key in text;
}

/**
 * The string with id `key`, its {placeholders} filled; a missing id is reported, never shown.
 * @param {string} key
 * @param {Record<string, string | number>} [values]
 * @returns {string}
 */
export function t(key, values = {}) {
  const template = text[key];
  if (template === undefined) {
    console.error(`no display name for ${key}`);
    return NEUTRAL;
  }
  return template.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : ""));
}

/** @param {string} slug */
export function variantName(slug) {
  return t(`variant.${slug}`);
}

/** @param {string} slug a hand or wager outcome ("bust", "insurance-win") */
export function outcomeName(slug) {
  return t(`outcome.${slug}`);
}

/**
 * How an outcome reads at a glance: "win", "push" or "lose" (its colour).
 * @param {string} slug
 */
export function outcomeKind(slug) {
  return outcomeKinds[slug] || "push";
}

/** @param {string} slug */
export function sideBetName(slug) {
  return t(`side-bet.${slug}`);
}

/**
 * @param {string} sideBet
 * @param {string} slug an outcome of that side bet, or "lose"
 */
export function sideOutcomeName(sideBet, slug) {
  return slug === "lose" ? t("side-outcome.lose") : t(`side-outcome.${sideBet}.${slug}`);
}

/**
 * A side-bet outcome as the felt's narrow win line writes it: a shorter name where the
 * catalogue has one (`felt.side-outcome.*`), else the full one.
 * @param {string} sideBet
 * @param {string} slug an outcome of that side bet
 */
export function sideOutcomeFeltName(sideBet, slug) {
  const key = `felt.side-outcome.${sideBet}.${slug}`;
  return hasText(key) ? t(key) : sideOutcomeName(sideBet, slug);
}

/**
 * @param {string} sideBet
 * @param {string} slug
 */
export function paytableName(sideBet, slug) {
  const key = `paytable.${sideBet}.${slug}`;
  return key in text ? text[key] : t("paytable.other");
}

/** @param {string} slug */
export function actionName(slug) {
  return t(`action.${slug}`);
}

/** @param {string} slug a ledger entry's kind */
export function entryKindName(slug) {
  return t(`entry.${slug}`);
}

/** @param {string} slug a round's status (open, settled, void) */
export function roundStatusName(slug) {
  return t(`round-status.${slug}`);
}

/**
 * "Spot 2", or "Spot 2 · Hand 1" when the spot holds more than one hand (both counted from 1).
 * @param {number} spotNumber1
 * @param {number} [handNumber1]
 * @param {number} [handsOnSpot]
 */
export function handLabel(spotNumber1, handNumber1 = 1, handsOnSpot = 1) {
  return handsOnSpot > 1
    ? t("hand.spot-hand", { spot: spotNumber1, hand: handNumber1 })
    : t("hand.spot", { spot: spotNumber1 });
}

/**
 * A settlement line as a person reads it: "Spot 1 · Hand 2 (doubled)", "Insurance · Spot 1",
 * "Lucky Ladies · Spot 3". `spot` and `hand` are the engine's (from 0); `spot_number` (from 1)
 * names the table's spot where it differs from the round's, `hands_on_spot` and `doubled` come
 * from the round's hands.
 * @param {{kind: string, name?: string | null, spot: number, hand?: number | null,
 *   doubled?: boolean, hands_on_spot?: number, spot_number?: number}} line
 */
export function wagerLabel(line) {
  const spotNumber = line.spot_number ?? line.spot + 1;
  const spot = handLabel(spotNumber);
  if (line.kind === "insurance") {
    return line.name === "even-money" ? t("wager.even-money", { spot }) : t("wager.insurance", { spot });
  }
  if (line.kind === "side") return t("wager.side", { side_bet: sideBetName(line.name || ""), spot });
  const label = handLabel(spotNumber, (line.hand ?? 0) + 1, line.hands_on_spot ?? 1);
  return line.doubled ? t("hand.doubled", { label }) : label;
}

/**
 * Money in the reader's format: the language's separators, the operator's currency symbol before
 * the amount ("$1,234.50", "€1.234,50"); play money without a symbol ("1,234.50", "1.234,50").
 * @param {number | null | undefined} minor
 */
export function formatMoney(minor) {
  if (minor === null || minor === undefined) return NEUTRAL;
  if (!moneyFormatter) {
    moneyFormatter = new Intl.NumberFormat(moneyFormat.locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // @ts-ignore -- "always": Italian groups 1.234 too (CLDR's minimum grouping would not)
      useGrouping: "always",
    });
  }
  // Minor units are whole numbers; dividing by 100 is exact to the cent for display.
  const amount = moneyFormatter.format(Math.abs(minor) / 100);
  return `${minor < 0 ? "-" : ""}${currencySymbol()}${amount}`;
}

/** The operator's currency as its symbol in the reader's locale ("€", "$"), or "" (play money). */
function currencySymbol() {
  if (!moneyFormat.currency) return "";
  const parts = new Intl.NumberFormat(moneyFormat.locale, { style: "currency", currency: moneyFormat.currency }).formatToParts(0);
  const symbol = parts.find((p) => p.type === "currency");
  return symbol ? symbol.value : `${moneyFormat.currency} `;
}

/**
 * A day (YYYY-MM-DD, a UTC day) as the reader writes it: "Tue, Dec 1, 2026", "mar 1 dic 2026".
 * @param {string} iso
 */
export function formatDay(iso) {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(moneyFormat.locale, { timeZone: "UTC", weekday: "short", year: "numeric", month: "short", day: "numeric" });
}

/**
 * A number with the reader's separators: 1000 → "1,000" (Italian "1.000").
 * @param {number} x
 * @param {number} [digits]
 */
export function formatNumber(x, digits = 0) {
  // @ts-ignore -- "always": see formatMoney
  return x.toLocaleString(moneyFormat.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: "always" });
}

/**
 * A ratio as a percentage: 0.9951 → "99.51%" (Italian "99,51%"; the exact fraction belongs in
 * a detail).
 * @param {number} x
 * @param {number} [digits]
 */
export function formatPercent(x, digits = 2) {
  return `${formatNumber(x * 100, digits)}%`;
}

/**
 * Words joined as the language joins a list: "Double and Split", "Raddoppia e Dividi".
 * @param {string[]} words
 */
export function formatList(words) {
  return new Intl.ListFormat(moneyFormat.locale, { style: "long", type: "conjunction" }).format(words);
}

/**
 * A moment as a person reads it: "Dec 1, 2026, 9:12 AM" (in the browser's time zone).
 * @param {string | null | undefined} iso
 */
export function formatTime(iso) {
  if (!iso) return NEUTRAL;
  return new Date(iso).toLocaleString(moneyFormat.locale, { dateStyle: "medium", timeStyle: "short" });
}
