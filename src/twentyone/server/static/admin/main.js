// The back office's boot and hash router: #/players, #/player/ID, #/rounds, #/round/ID,
// #/performance, #/daily, #/audit; without an administrator session, the login page. The
// language is the player client's: the one last picked in this browser (the switch in the top
// bar), else the browser's own. Its texts come from GET /api/admin/names: the login page's before
// an administrator has logged in, all of them after (players never receive them).
import { ApiError, api } from "../js/api.js";
import { clearMessage } from "../js/messages.js";
import { currentLanguage, languageOptions, loadNames, rememberLanguage, storedLanguage } from "../js/names.js";
import { renderAudit } from "./pages/audit.js";
import { renderDaily } from "./pages/daily.js";
import { renderLogin } from "./pages/login.js";
import { renderPerformance } from "./pages/performance.js";
import { renderPlayer } from "./pages/player.js";
import { renderPlayers } from "./pages/players.js";
import { renderRound } from "./pages/round.js";
import { renderRounds } from "./pages/rounds.js";
import { showFailure } from "./ui.js";
import { say } from "./text.js";

/** @type {Record<string, (arg: string | undefined) => Promise<unknown>>} */
const pages = {
  players: () => renderPlayers(),
  player: (id) => renderPlayer(id || ""),
  rounds: () => renderRounds(),
  round: (id) => renderRound(id || ""),
  history: (id) => renderRound(id || ""), // the replay's ledger links to rounds this way
  performance: () => renderPerformance(),
  daily: () => renderDaily(),
  audit: () => renderAudit(),
};

/** @type {{name: string} | null} */
let admin = null;

const NAMES = "/api/admin/names";

/** @param {{name: string} | null} who */
function showAdmin(who) {
  admin = who;
  document.getElementById("admin-nav").hidden = !who;
  document.getElementById("admin-who").hidden = !who;
  document.getElementById("admin-name").textContent = who ? say("admin.nav.logged-in", { name: who.name }) : "";
}

/** Writes the frame of the page (title, navigation, language switch) in the current language. */
function drawChrome() {
  document.title = say("admin.app.title");
  document.getElementById("admin-nav").setAttribute("aria-label", say("admin.nav.main"));
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-text]"))) {
    node.textContent = say(node.dataset.text || "");
  }
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("language"));
  select.replaceChildren(...languageOptions());
  if (admin) showAdmin(admin);
}

/**
 * The administrator picks a language: kept in this browser (the player client follows it too),
 * the page drawn again in it.
 * @param {string} language
 */
async function pickLanguage(language) {
  rememberLanguage(language);
  await loadNames(language, NAMES);
  drawChrome();
  clearMessage();
  await route();
}

/** @param {unknown} error */
function sessionEnded(error) {
  return error instanceof ApiError && error.code === "admin-not-authenticated";
}

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [page, arg] = parts;
  for (const link of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-nav]"))) {
    link.classList.toggle("active", link.dataset.nav === (page || "players") || (page === "player" && link.dataset.nav === "players") || (page === "round" && link.dataset.nav === "rounds"));
  }
  if (!admin) {
    renderLogin(async (who) => {
      await loadNames(currentLanguage(), NAMES); // the whole back office's texts, now served
      drawChrome();
      showAdmin(who);
      if (!page || page === "login") location.hash = "#/players";
      else await route();
    });
    return;
  }
  const render = pages[page] || pages.players;
  try {
    await render(arg);
  } catch (error) {
    if (sessionEnded(error)) {
      showAdmin(null);
      await route();
    }
    showFailure(error);
  }
  document.getElementById("view").focus({ preventScroll: true });
}

async function boot() {
  // the switch answers from the first moment (a pick made while the session is still being
  // asked for was lost, under load)
  const select = /** @type {HTMLSelectElement} */ (document.getElementById("language"));
  select.addEventListener("change", () => pickLanguage(select.value));
  await loadNames(storedLanguage(), NAMES);
  drawChrome();
  try {
    const who = await api("GET", "/api/admin/me");
    await loadNames(currentLanguage(), NAMES); // a live session: the whole back office's texts
    showAdmin(who);
    drawChrome();
  } catch (error) {
    if (!sessionEnded(error)) showFailure(error);
    showAdmin(null);
  }
  document.getElementById("admin-logout").addEventListener("click", async () => {
    try {
      await api("POST", "/api/admin/logout");
    } catch (error) {
      showFailure(error);
    }
    showAdmin(null);
    clearMessage();
    location.hash = "#/login";
  });
  window.addEventListener("hashchange", () => {
    clearMessage();
    route();
  });
  await route();
}

boot();
