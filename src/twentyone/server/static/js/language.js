// The page's language: the frame around every page (top bar, title) in it, the language switch,
// and keeping the player's choice with the account. Until the player picks one, the server picks
// from the browser's Accept-Language; the choice is then kept with the account (PUT
// /api/auth/language) and in this browser, and followed wherever the account logs in.

import { api } from "./api.js";
import { showError } from "./messages.js";
import { currentLanguage, languageOptions, loadNames, rememberLanguage, storedLanguage, t } from "./names.js";
import { route } from "./router.js";
import { setAccount } from "./session.js";
import { app } from "./state.js";

export { storedLanguage };

/** Writes the frame of the page in the current language: title, navigation, wallet, switch. */
export function drawChrome() {
  document.title = t("app.title");
  const nav = document.getElementById("nav");
  if (nav) nav.setAttribute("aria-label", t("nav.main"));
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-nav]"))) {
    if (link.dataset.nav !== "account") link.textContent = t(`nav.${link.dataset.nav}`);
  }
  const label = document.getElementById("wallet-label");
  if (label) label.textContent = t("nav.balance");
  const languageLabel = document.getElementById("language-label");
  if (languageLabel) languageLabel.textContent = t("nav.language");
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("language"));
  if (select) {
    select.replaceChildren(...languageOptions());
    select.onchange = () => pickLanguage(select.value);
  }
  const loading = document.querySelector("#view > .loading");
  if (loading) loading.textContent = t("page.loading");
}

/**
 * Shows the page in the account's language (its own choice; null: this browser's last choice,
 * else the browser's Accept-Language). Returns whether the language changed.
 * @param {any} me the account (AccountOut) or null
 */
export async function followAccount(me) {
  const wanted = me && me.language ? me.language : storedLanguage();
  if (!wanted || wanted === currentLanguage()) return false;
  rememberLanguage(wanted);
  await loadNames(wanted);
  drawChrome();
  return true;
}

/**
 * The player picks a language: kept with the account, the page drawn again in it.
 * @param {string} language
 */
export async function pickLanguage(language) {
  try {
    if (app.me) setAccount(await api("PUT", "/api/auth/language", { language }));
  } catch (error) {
    showError(error);
    return;
  }
  rememberLanguage(language);
  await loadNames(language);
  drawChrome();
  if (app.me) setAccount(app.me);
  route();
}
