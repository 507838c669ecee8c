// The administrator's login: name and password, its own session (a player's login is no use here).
import { api } from "../../js/api.js";
import { el, mount } from "../../js/dom.js";
import { say } from "../text.js";
import { field, showFailure } from "../ui.js";

/** @param {(admin: {name: string}) => Promise<void>} onLogin */
export function renderLogin(onLogin) {
  const name = el("input", { id: "login-name", name: "name", autocomplete: "username", required: true, maxlength: "100" });
  const password = el("input", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", required: true, maxlength: "200" });
  const submit = el("button", { class: "btn", type: "submit", id: "login-submit", text: say("admin.login.submit") });
  const form = el("form", { class: "bo-form", id: "login-form" }, field(say("admin.login.name"), name), field(say("admin.login.password"), password), submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    submit.disabled = true;
    try {
      const admin = await api("POST", "/api/admin/login", { name: name.value, password: password.value });
      password.value = "";
      await onLogin(admin);
    } catch (error) {
      showFailure(error);
      password.select();
    } finally {
      submit.disabled = false;
    }
  });
  mount(el("section", { class: "bo-panel login-box" }, el("h1", { text: say("admin.login.title") }), el("p", { class: "note", text: say("admin.login.intro") }), form));
  name.focus();
}
