// twentyone browser client: renders what the server answers and sends the player's intentions.
// The server is the only authority: legality, money and results all come from its responses.
// Boot: start (or resume) the session, load names and variants, then route by the hash.

import { onSessionIdle, onUnauthenticated, api } from "./api.js";
import { showError } from "./messages.js";
import { drawChrome, followAccount, storedLanguage } from "./language.js";
import { loadNames } from "./names.js";
import { renderAccount } from "./pages/account.js";
import { renderHistory } from "./pages/history.js";
import { renderLobby } from "./pages/lobby.js";
import { renderProtection } from "./pages/protection.js";
import { renderReplay } from "./pages/replay.js";
import { renderRules } from "./pages/rules.js";
import { renderStatement } from "./pages/statement.js";
import { renderTablePage } from "./pages/table.js";
import { registerPages, route } from "./router.js";
import { sessionIdle, setAccount, startSession } from "./session.js";
import { app } from "./state.js";

registerPages({
  "": () => renderLobby(),
  table: (name) => renderTablePage(name || ""),
  rules: (name) => renderRules(name || ""),
  history: (id) => (id ? renderReplay(id) : renderHistory()),
  statement: () => renderStatement(),
  account: () => renderAccount(),
  protection: () => renderProtection(),
});
onUnauthenticated(startSession);
onSessionIdle(sessionIdle);

async function boot() {
  try {
    await loadNames(storedLanguage()); // first: everything drawn after it reads the names
    drawChrome();
    await startSession();
    if (await followAccount(app.me)) setAccount(app.me); // the account's own choice wins
    app.variants = await api("GET", "/api/variants");
  } catch (error) {
    showError(error);
    return;
  }
  window.addEventListener("hashchange", route);
  // An unfinished round is resumed where it stopped.
  // Logged out: the account page says so and offers the ways on.
  const resume = app.me ? app.me.open_round_variant : null;
  if (!app.me || resume) {
    const target = app.me ? `#/table/${resume}` : "#/account";
    if (location.hash !== target) {
      location.hash = target;
      return;
    }
  }
  route();
}

boot();
