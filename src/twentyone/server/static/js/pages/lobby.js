import { el, mount } from "../dom.js";
import { app } from "../state.js";

export async function renderLobby() {
  app.table = null;
  mount(
    el("h1", { text: "Choose a table" }),
    el(
      "div",
      { class: "lobby" },
      app.variants.map((v) =>
        el(
          "article",
          { class: "variant-card", dataset: { variant: v.name } },
          el("h2", { text: v.title }),
          el("p", { text: v.description }),
          el(
            "div",
            { class: "facts" },
            `${v.decks} deck${v.decks > 1 ? "s" : ""} · up to ${v.max_spots} hand${v.max_spots > 1 ? "s" : ""}`,
            v.side_bets.length ? ` · side bet: ${v.side_bets.join(", ")}` : "",
          ),
          el(
            "div",
            { class: "row" },
            el("a", { class: "btn deal", href: `#/table/${v.name}`, role: "button", text: "Play" }),
            el("a", { class: "btn secondary", href: `#/rules/${v.name}`, role: "button", text: "Rules & RTP" }),
          ),
        ),
      ),
    ),
  );
}
