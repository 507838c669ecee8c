import { ApiError, api, newIdempotencyKey } from "./api.js";
import { el } from "./dom.js";
import { showError, toast } from "./messages.js";
import { formatMoney, t } from "./names.js";
import { go } from "./router.js";
import { app } from "./state.js";

// The account and its wallet in the top bar, with a top-up of the play money when it runs low.

/** Whether the play money is low enough to offer a top-up (and no round holds any of it). */
function balanceIsLow() {
  const me = app.me;
  if (!me || me.held || me.open_round_variant) return false;
  return me.balance < Math.max(me.limits.min_bet, me.starting_balance / 5);
}

/**
 * A button that tops the play money back up to the starting balance (one ledger entry).
 * @param {() => unknown} [after] what to redraw once it is done
 */
export function topUpButton(after) {
  const me = app.me;
  if (!me || me.held || me.balance >= me.starting_balance) return null;
  const key = newIdempotencyKey(); // a retry of this click is the same top-up
  const button = el("button", {
    class: "btn top-up",
    type: "button",
    text: t("page.top-up", { amount: formatMoney(me.starting_balance) }),
    onclick: async () => {
      button.disabled = true;
      try {
        const wallet = await api("POST", "/api/wallet/top-up", undefined, { idempotencyKey: key });
        setWallet(wallet.balance, wallet.held);
        toast(null, t("page.topped-up", { amount: formatMoney(wallet.balance) }), "info");
        if (after) after();
      } catch (error) {
        button.disabled = false;
        showError(error);
      }
    },
  });
  return button;
}

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
  document.getElementById("balance").textContent = formatMoney(balance);
  const heldNode = document.getElementById("held");
  heldNode.hidden = !held && !onTable;
  if (held) heldNode.textContent = t("page.in-play", { amount: formatMoney(held) });
  else if (onTable) heldNode.textContent = t("page.bets-on-table", { amount: formatMoney(onTable), after: formatMoney(balance - onTable) });
  else heldNode.textContent = "";
  const slot = document.getElementById("top-up-slot");
  if (slot) slot.replaceChildren(...(balanceIsLow() && !onTable ? [topUpButton()] : []));
}

export function setAccount(me) {
  app.me = me;
  document.getElementById("account-link").textContent = me.registered ? me.username : t("page.guest-link");
  setWallet(me.balance, me.held);
}

/** Clears the top bar after a logout: no account is shown until the player chooses one. */
export function clearAccount() {
  app.me = null;
  document.getElementById("account-link").textContent = t("page.account");
  document.getElementById("balance").textContent = "—";
  document.getElementById("held").hidden = true;
  const slot = document.getElementById("top-up-slot");
  if (slot) slot.replaceChildren();
}

const LOGGED_OUT = "twentyone.logged-out";

/** Remembers (for this browser tab) that the player logged out, until they choose a way on. */
export function markLoggedOut(loggedOut) {
  if (loggedOut) sessionStorage.setItem(LOGGED_OUT, "1");
  else sessionStorage.removeItem(LOGGED_OUT);
}

/** Whether the player logged out and has not yet logged in or chosen a new guest account. */
export function isLoggedOut() {
  return sessionStorage.getItem(LOGGED_OUT) === "1";
}

/**
 * The session's account, or a new guest account for a new visitor; after a logout (even across
 * a reload) nothing is made until the player chooses it.
 */
export async function startSession() {
  if (isLoggedOut()) {
    clearAccount();
    return;
  }
  try {
    setAccount(await api("POST", "/api/auth/guest"));
  } catch (error) {
    if (!(error instanceof ApiError && error.code === "session-idle")) throw error;
    // a registered player away too long: the account page asks them to log in again
  }
}

/**
 * A registered player's session ended for inactivity: no account is shown, and the account
 * page asks them to log in again (with the sentence saying why).
 * @param {ApiError} error
 */
export function sessionIdle(error) {
  markLoggedOut(true);
  clearAccount();
  go("#/account");
  setTimeout(() => showError(error), 0); // after the account page is drawn
}
