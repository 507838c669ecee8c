// Building blocks of the back-office pages: tables that become cards on a phone, labelled
// figures, forms, the pager, and the one place an error becomes a sentence.
import { ApiError } from "../js/api.js";
import { el } from "../js/dom.js";
import { showMessage } from "../js/messages.js";
import { formatPercent } from "../js/names.js";
import { has, say } from "./text.js";

/**
 * A table cell labelled with its column (the phone layout shows the label).
 * @param {string} label
 * @param {string | Node | null} content
 * @param {string} [cls]
 */
export function cell(label, content, cls = "") {
  return el("td", { class: cls, "data-label": label }, content ?? say("admin.word.none"));
}

/**
 * A data table: `columns` are [title, class]; each row is its cells' contents, in order.
 * @param {[string, string][]} columns
 * @param {{cells: (string | Node | null)[], cls?: string}[]} rows
 * @param {string} [id]
 */
export function dataTable(columns, rows, id) {
  return el(
    "table",
    { class: "data stack", id },
    el("thead", {}, el("tr", {}, columns.map(([title, cls]) => el("th", { scope: "col", class: cls, text: title })))),
    el(
      "tbody",
      {},
      rows.map((row) => el("tr", { class: row.cls || "" }, row.cells.map((content, i) => cell(columns[i][0], content, columns[i][1])))),
    ),
  );
}

/**
 * Labelled figures in a grid.
 * @param {[string, string | Node][]} facts
 * @param {string} [id]
 */
export function factsGrid(facts, id) {
  return el(
    "dl",
    { class: "facts-grid", id },
    facts.map(([label, value]) => el("div", {}, el("dt", { text: label }), el("dd", {}, value))),
  );
}

/**
 * A labelled form field.
 * @param {string} label
 * @param {HTMLElement} input
 * @param {string} [cls]
 */
export function field(label, input, cls = "") {
  return el("label", { class: cls }, label, input);
}

/** A return to player as a percentage with two decimals ("—" when there is none). @param {number | null} x */
export function rtp(x) {
  return x === null || x === undefined ? say("admin.word.none") : formatPercent(x, 2);
}

/**
 * The sentence for an error: the back office's own for its codes, else the server's.
 * @param {unknown} error
 */
export function errorText(error) {
  if (error instanceof ApiError) {
    const key = `admin.error.${error.code}`;
    if (has(key)) return say(key);
    if (error.sentence) return error.sentence;
    return say("admin.error.generic");
  }
  return say("admin.error.network");
}

/** @param {unknown} error */
export function showFailure(error) {
  if (!(error instanceof ApiError)) console.error(error);
  showMessage(errorText(error), "error");
}

/** @param {string} text */
export function showDone(text) {
  showMessage(text, "info");
}

/**
 * Previous / next links for a page of `total` items.
 * @param {{offset: number, limit: number, total: number}} page
 * @param {(offset: number) => void} goTo
 */
export function pager(page, goTo) {
  if (page.total <= page.limit) return null;
  const to = Math.min(page.total, page.offset + page.limit);
  return el(
    "div",
    { class: "pager" },
    el("button", { type: "button", class: "btn secondary small", text: say("admin.pager.prev"), disabled: page.offset === 0, onclick: () => goTo(Math.max(0, page.offset - page.limit)) }),
    el("span", { text: say("admin.pager.page-of", { from: page.offset + 1, to, total: page.total }) }),
    el("button", { type: "button", class: "btn secondary small", text: say("admin.pager.next"), disabled: to >= page.total, onclick: () => goTo(page.offset + page.limit) }),
  );
}

/**
 * A short form of an id a person can read, say and search by ("3F2A-9C1E": its first eight
 * characters; the round search takes them with or without the dash).
 * @param {string} id
 */
export function shortId(id) {
  const head = id.slice(0, 8).toUpperCase();
  return `${head.slice(0, 4)}-${head.slice(4)}`;
}
