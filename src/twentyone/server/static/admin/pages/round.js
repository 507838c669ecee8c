// A round's full record: the replay the player sees (the player's own replay page, fed from the
// back office's API), its player, and — while it is unfinished — void and refund with a reason.
import { api } from "../../js/api.js";
import { el } from "../../js/dom.js";
import { formatMoney } from "../../js/names.js";
import { renderReplay } from "../../js/pages/replay.js";
import { say } from "../text.js";
import { field, shortId, showDone, showFailure } from "../ui.js";

/** What the store writes before the administrator's reason for a void (store/admin.py). */
const BY_CASINO = "voided by the casino: ";

/** A void's reason in the reader's language (the administrator's own words as written). @param {string} reason */
function voidReason(reason) {
  return reason.startsWith(BY_CASINO) ? say("admin.round.voided-by-casino", { reason: reason.slice(BY_CASINO.length) }) : reason;
}

/** @param {string} roundId */
export async function renderRound(roundId) {
  const url = `/api/admin/rounds/${encodeURIComponent(roundId)}`;
  const record = await api("GET", url);
  await renderReplay(roundId, { url, player: false });
  const view = document.getElementById("view");
  const head = el(
    "section",
    { class: "bo-panel", id: "round-admin" },
    el("h2", { text: say("admin.round.title", { id: shortId(record.id) }) }),
    el("p", {}, `${say("admin.round.player")}: `, el("a", { href: `#/player/${record.player_id}`, id: "round-player-link", text: record.username || record.player_name }), " · ", el("span", { class: "hash", text: record.id })),
    record.void_reason ? el("p", { class: "state-line warn", id: "round-void-reason", text: say("admin.round.void-reason-shown", { reason: voidReason(record.void_reason) }) }) : null,
    record.status === "open" ? voidForm(record) : null,
  );
  view.prepend(head);
}

/** @param {any} record */
function voidForm(record) {
  const reason = el("textarea", { id: "void-reason", name: "reason", maxlength: "500", required: true });
  const go = el("button", { class: "btn danger", type: "submit", id: "void-submit", text: say("admin.round.void-button") });
  const form = el("form", { class: "bo-form", id: "void-form" }, field(say("admin.round.void-reason"), reason, "wide"), go);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    go.disabled = true;
    try {
      const before = (await api("GET", `/api/admin/players/${record.player_id}`)).balance;
      await api("POST", `/api/admin/rounds/${record.id}/void`, { reason: reason.value });
      const after = (await api("GET", `/api/admin/players/${record.player_id}`)).balance;
      await renderRound(record.id);
      window.scrollTo(0, 0);
      showDone(say("admin.round.voided", { amount: formatMoney(after - before) }));
    } catch (error) {
      showFailure(error);
      go.disabled = false;
    }
  });
  return el("div", { class: "void-box" }, el("h3", { text: say("admin.round.void") }), el("p", { class: "note", text: say("admin.round.void-note") }), form);
}
