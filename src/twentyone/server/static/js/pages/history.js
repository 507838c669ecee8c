import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { money, when } from "../format.js";

export async function renderHistory() {
  const page = await api("GET", "/api/history?limit=50");
  mount(
    el("h1", { text: "History" }),
    el(
      "section",
      { class: "panel" },
      page.rounds.length === 0
        ? el("p", { text: "No rounds yet." })
        : el(
            "table",
            { class: "data", id: "history" },
            el(
              "thead",
              {},
              el("tr", {}, ["Started", "Table", "Status", "Staked", "Returned", "Net", "Balance after", ""].map((h, i) => el("th", { class: i >= 3 && i <= 6 ? "num" : "", text: h }))),
            ),
            el(
              "tbody",
              {},
              page.rounds.map((r) =>
                el(
                  "tr",
                  { dataset: { round: r.id } },
                  el("td", { text: when(r.started_at) }),
                  el("td", { text: r.variant }),
                  el("td", { text: r.status }),
                  el("td", { class: "num", text: money(r.staked) }),
                  el("td", { class: "num", text: money(r.returned) }),
                  el("td", { class: `num ${r.net > 0 ? "pos" : r.net < 0 ? "neg" : ""}`, text: money(r.net) }),
                  el("td", { class: "num", text: money(r.balance_after) }),
                  el("td", {}, el("a", { href: `#/history/${r.id}`, text: r.status === "open" ? "View" : "Replay" })),
                ),
              ),
            ),
          ),
      el("p", { class: "limits", text: `${page.total} round(s) in all.` }),
    ),
  );
}
