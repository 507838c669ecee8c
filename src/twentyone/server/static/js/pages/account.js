// The account page: who is playing, register, log in, log out. Logging out never silently
// replaces an account: a guest is warned that a guest account cannot be recovered unless it is
// registered, and after logging out the page says what happened and offers to log in or to
// start a new guest account, explicitly.
import { ApiError, api, onUnauthenticated } from "../api.js";
import { el, mount } from "../dom.js";
import { errorSentence, showError, toast } from "../messages.js";
import { formatMoney, t } from "../names.js";
import { followAccount } from "../language.js";
import { go } from "../router.js";
import { protectionSettings } from "../protection/settings.js";
import { clearAccount, markLoggedOut, setAccount, startSession, topUpButton } from "../session.js";
import { app } from "../state.js";

/**
 * @param {string} id
 * @param {string} title
 * @param {string} path
 * @param {string} submitLabel
 * @param {string} [note]
 */
function authForm(id, title, path, submitLabel, note) {
  const error = el("p", { class: "form-error", role: "alert", hidden: true });
  const form = el(
    "form",
    { class: "auth", id },
    el("h2", { text: title }),
    note ? el("p", { class: "limits", text: note }) : null,
    el("label", {}, t("page.username"), el("input", { name: "username", autocomplete: "username", required: true, minlength: "3", maxlength: "32" })),
    el("label", {}, t("page.password"), el("input", { name: "password", type: "password", autocomplete: id === "register-form" ? "new-password" : "current-password", required: true, minlength: "8" })),
    error,
    el("button", { class: "btn", type: "submit", text: submitLabel }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(/** @type {HTMLFormElement} */ (form));
    try {
      const me = await api("POST", path, { username: data.get("username"), password: data.get("password") });
      markLoggedOut(false);
      onUnauthenticated(startSession);
      await followAccount(me); // the account's own language, if it picked one
      setAccount(me);
      toast(null, t(id === "register-form" ? "page.registered" : "page.welcome", { name: me.username }), "info");
      go(me.open_round_variant ? `#/table/${me.open_round_variant}` : "#/");
    } catch (failure) {
      error.hidden = false;
      error.textContent = errorSentence(failure);
    }
  });
  return form;
}

function forms() {
  return el(
    "div",
    { class: "forms" },
    el("section", { class: "panel" }, authForm("login-form", t("page.login"), "/api/auth/login", t("page.login"))),
  );
}

/** After a logout: what happened, and the two ways on, chosen by the player. */
function renderLoggedOut() {
  markLoggedOut(true);
  clearAccount();
  // Until the player chooses, a request that finds no session shows this page again instead of
  // making a new guest account behind their back.
  onUnauthenticated(async () => {
    renderLoggedOut();
    throw new ApiError(401, "not-authenticated", "logged out", t("error.not-authenticated"));
  });
  mount(
    el("h1", { text: t("page.account") }),
    el(
      "section",
      { class: "panel", id: "logged-out", role: "status" },
      el("h2", { text: t("page.logged-out") }),
      el("p", { text: t("page.logged-out-detail") }),
      el(
        "div",
        { class: "row" },
        el("button", {
          class: "btn deal",
          id: "new-guest",
          type: "button",
          text: t("page.new-guest"),
          onclick: async () => {
            markLoggedOut(false);
            onUnauthenticated(startSession);
            try {
              await startSession();
              go("#/");
            } catch (error) {
              showError(error);
            }
          },
        }),
      ),
    ),
    forms(),
  );
}

async function logOut() {
  try {
    await api("POST", "/api/auth/logout");
  } catch (error) {
    showError(error);
    return;
  }
  renderLoggedOut();
}

/** The guest's warning before a logout: the account cannot be recovered unless registered. */
function confirmGuestLogout() {
  const box = document.getElementById("logout-confirm");
  if (!box) return;
  box.hidden = false;
  box.replaceChildren(
    el("p", { class: "warning", text: t("page.guest-logout-warning") }),
    el(
      "div",
      { class: "row" },
      el("button", {
        class: "btn",
        id: "register-instead",
        type: "button",
        text: t("page.register-instead"),
        onclick: () => {
          box.hidden = true;
          const input = /** @type {HTMLInputElement | null} */ (document.querySelector("#register-form input"));
          if (input) input.focus();
        },
      }),
      el("button", { class: "btn danger", id: "logout-anyway", type: "button", text: t("page.logout-anyway"), onclick: logOut }),
    ),
  );
  const first = /** @type {HTMLElement | null} */ (box.querySelector("button"));
  if (first) first.focus();
}

export async function renderAccount() {
  if (!app.me) return renderLoggedOut(); // logged out: the player chooses the way on
  const here = location.hash; // a redraw that finishes after the player has moved on draws nothing
  setAccount(await api("GET", "/api/auth/me"));
  const me = app.me;
  const summary = el(
    "section",
    { class: "panel", id: "account-summary" },
    el("h2", { text: me.registered ? t("page.logged-in-as", { name: me.username }) : t("page.playing-as-guest") }),
    el("p", { text: t("page.account-line", { balance: formatMoney(me.balance), min: formatMoney(me.limits.min_bet), max: formatMoney(me.limits.max_bet) }) }),
    me.registered ? null : el("p", { class: "limits", text: t("page.guest-explained") }),
    topUpButton(() => renderAccount()),
    el("button", { class: "btn secondary", id: "logout", type: "button", text: t("page.logout"), onclick: () => (me.registered ? logOut() : confirmGuestLogout()) }),
    el("div", { id: "logout-confirm", hidden: true }),
  );
  const protection = await protectionSettings();
  if (location.hash !== here) return;
  if (me.registered) return mount(el("h1", { text: t("page.account") }), summary, protection);
  mount(
    el("h1", { text: t("page.account") }),
    summary,
    protection,
    el(
      "div",
      { class: "forms" },
      el("section", { class: "panel" }, authForm("register-form", t("page.register"), "/api/auth/register", t("page.register"), t("page.register-note"))),
      el("section", { class: "panel" }, authForm("login-form", t("page.login"), "/api/auth/login", t("page.login"), t("page.login-note"))),
    ),
  );
}
