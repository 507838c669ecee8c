import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { money, pct } from "../format.js";
import { showError } from "../messages.js";
import { app } from "../state.js";

export async function renderRules(name) {
  const doc = await api("GET", `/api/variants/${encodeURIComponent(name)}/rules`);
  const rtpBox = el("div", { id: "rtp" }, el("p", { class: "loading", text: "Computing the exact returns…" }));
  const limits = app.me ? `${money(app.me.limits.min_bet)} – ${money(app.me.limits.max_bet)}` : "";
  mount(
    el("h1", { text: `${doc.title}: rules` }),
    el(
      "section",
      { class: "panel" },
      el("p", { text: doc.description }),
      el("p", {}, `Main bet limits at your level (${app.me ? app.me.vip_level : ""}): `, el("b", { text: limits }), ". Limits apply to the initial bet only."),
      el("ul", { class: "rules-list" }, doc.text.map((line) => el("li", { text: line }))),
      el("p", { class: "limits", text: `Rules version ${doc.rules_version}` }),
      el("a", { class: "btn deal", href: `#/table/${doc.variant}`, role: "button", text: "Play this table" }),
    ),
    doc.side_bets.map((bet) =>
      el(
        "section",
        { class: "panel" },
        el("h2", { text: `Side bet ${bet.name} · pay table ${bet.paytable}` }),
        el(
          "p",
          {},
          bet.min_stake === bet.max_stake ? `Stake exactly ${money(bet.min_stake)}` : `Stake ${money(bet.min_stake)} – ${money(bet.max_stake)}`,
          bet.aggregate_cap ? ` · winnings capped at ${money(bet.aggregate_cap)} per round` : "",
        ),
        el(
          "table",
          { class: "data paytable" },
          el("thead", {}, el("tr", {}, el("th", { text: "Outcome" }), el("th", { class: "num", text: "Pays" }))),
          el("tbody", {}, Object.entries(bet.pays).map(([outcome, pays]) => el("tr", {}, el("td", { text: outcome }), el("td", { class: "num", text: `${pays} to 1` })))),
        ),
      ),
    ),
    el("section", { class: "panel" }, el("h2", { text: "Return to player" }), rtpBox),
  );
  try {
    const rtp = app.rtp[doc.variant] || (await api("GET", `/api/variants/${encodeURIComponent(doc.variant)}/rtp`));
    app.rtp[doc.variant] = rtp;
    rtpBox.replaceChildren(
      el("p", {}, "Base game (optimal play): ", el("span", { class: "rtp", id: "rtp-base", text: pct(rtp.base_game_rtp) })),
      ...rtp.side_bets.map((s) =>
        el("p", {}, `Side bet ${s.name} (${s.paytable}, ${s.decks} decks): `, el("span", { class: "rtp", text: pct(s.rtp) }), ` · exact EV ${s.ev}`),
      ),
      el("p", { class: "limits", text: "Exact figures computed from the rules by the game's own mathematics." }),
    );
  } catch (error) {
    rtpBox.replaceChildren(el("p", { text: "The returns could not be computed." }));
    showError(error);
  }
}
