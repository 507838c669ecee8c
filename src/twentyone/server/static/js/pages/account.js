import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { money } from "../format.js";
import { showError, toast } from "../messages.js";
import { go } from "../router.js";
import { setAccount, startSession } from "../session.js";
import { app } from "../state.js";

function authForm(id, title, path, submitLabel, note) {
  const form = el(
    "form",
    { class: "auth", id },
    el("h2", { text: title }),
    note ? el("p", { class: "limits", text: note }) : null,
    el("label", {}, "Username", el("input", { name: "username", autocomplete: "username", required: true, minlength: "3", maxlength: "32" })),
    el("label", {}, "Password", el("input", { name: "password", type: "password", autocomplete: id === "register-form" ? "new-password" : "current-password", required: true, minlength: "8" })),
    el("button", { class: "btn", type: "submit", text: submitLabel }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const me = await api("POST", path, { username: data.get("username"), password: data.get("password") });
      setAccount(me);
      toast(null, `Welcome, ${me.username}`, "info");
      go(me.open_round_variant ? `#/table/${me.open_round_variant}` : "#/");
    } catch (error) {
      showError(error);
    }
  });
  return form;
}

export async function renderAccount() {
  setAccount(await api("GET", "/api/auth/me"));
  const me = app.me;
  const summary = el(
    "section",
    { class: "panel" },
    el("h2", { text: me.registered ? `Logged in as ${me.username}` : "Playing as a guest" }),
    el("p", {}, `Balance ${money(me.balance)} · VIP level ${me.vip_level} · limits ${money(me.limits.min_bet)} – ${money(me.limits.max_bet)}`),
  );
  if (me.registered) {
    summary.append(
      el("button", {
        class: "btn secondary",
        id: "logout",
        type: "button",
        text: "Log out",
        onclick: async () => {
          try {
            await api("POST", "/api/auth/logout");
            await startSession();
            go("#/");
          } catch (error) {
            showError(error);
          }
        },
      }),
    );
    return mount(el("h1", { text: "Account" }), summary);
  }
  mount(
    el("h1", { text: "Account" }),
    summary,
    el(
      "div",
      { class: "forms" },
      el("section", { class: "panel" }, authForm("register-form", "Register", "/api/auth/register", "Register", "Keeps this guest balance and history.")),
      el("section", { class: "panel" }, authForm("login-form", "Log in", "/api/auth/login", "Log in")),
    ),
  );
}
