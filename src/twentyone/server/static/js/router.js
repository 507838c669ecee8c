import { ApiError } from "./api.js";
import { showError } from "./messages.js";

// The hash router: #/, #/table/NAME, #/rules/NAME, #/history, #/history/ID, #/statement, #/account.

/** @typedef {(arg: string | undefined) => Promise<unknown>} PageRenderer */

/** @type {Record<string, PageRenderer>} */
const pages = {};

/**
 * Registers the page renderers by the hash's first part (main.js does it once at boot);
 * "" is the lobby, the fallback for any unknown hash.
 * @param {Record<string, PageRenderer>} renderers
 */
export function registerPages(renderers) {
  Object.assign(pages, renderers);
}

/** Draws the page the location's hash names. */
export function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-nav]"))) {
    const target = parts[0] || "lobby";
    link.classList.toggle("active", link.dataset.nav === target || (target === "table" && link.dataset.nav === "lobby"));
  }
  const [page, arg] = parts;
  const view = document.getElementById("view");
  const render = pages[page] || pages[""];
  render(arg).catch((error) => {
    showError(error);
    if (error instanceof ApiError && error.code === "unknown-variant") location.hash = "#/";
  });
  view.focus({ preventScroll: true });
}

/** Goes to a hash (drawing it again when it is already there). @param {string} hash */
export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}
