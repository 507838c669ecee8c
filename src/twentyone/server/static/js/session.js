import { api } from "./api.js";
import { money } from "./format.js";
import { app } from "./state.js";

// The account and its wallet in the top bar.

export function setWallet(balance, held) {
  if (app.me) {
    app.me.balance = balance;
    app.me.held = held;
  }
  document.getElementById("balance").textContent = money(balance);
  const heldNode = document.getElementById("held");
  heldNode.hidden = !held;
  heldNode.textContent = held ? `in play ${money(held)}` : "";
}

export function setAccount(me) {
  app.me = me;
  document.getElementById("account-link").textContent = me.registered ? me.username : "Guest · log in";
  setWallet(me.balance, me.held);
}

export async function startSession() {
  setAccount(await api("POST", "/api/auth/guest"));
}
