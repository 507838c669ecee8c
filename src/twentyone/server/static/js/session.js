import { api } from "./api.js";
import { money } from "./format.js";
import { app } from "./state.js";

// The account and its wallet in the top bar.

/**
 * Shows the balance; ``held`` is what the round in progress holds, ``onTable`` what the bets
 * placed before DEAL will take (the balance after DEAL is shown beside it).
 * @param {number} balance
 * @param {number} held
 * @param {number} [onTable]
 */
export function setWallet(balance, held, onTable = 0) {
  if (app.me) {
    app.me.balance = balance;
    app.me.held = held;
  }
  document.getElementById("balance").textContent = money(balance);
  const heldNode = document.getElementById("held");
  heldNode.hidden = !held && !onTable;
  if (held) heldNode.textContent = `in play ${money(held)}`;
  else if (onTable) heldNode.textContent = `bets ${money(onTable)} · ${money(balance - onTable)} after DEAL`;
  else heldNode.textContent = "";
}

export function setAccount(me) {
  app.me = me;
  document.getElementById("account-link").textContent = me.registered ? me.username : "Guest · log in";
  setWallet(me.balance, me.held);
}

export async function startSession() {
  setAccount(await api("POST", "/api/auth/guest"));
}
