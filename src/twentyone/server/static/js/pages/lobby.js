// The lobby: every game with its name, bet limits, side bets and exact return to player, and a
// flag on the game whose round is unfinished.
import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { formatMoney, formatPercent, sideBetName, t, variantName } from "../names.js";
import { app } from "../state.js";

/**
 * The return-to-player line of a game, filled in when the exact figures arrive.
 * @param {any} variant
 */
function rtpLine(variant) {
  const node = el("dd", { class: "rtp-figure", text: "…" });
  const show = (/** @type {any} */ rtp) => {
    node.textContent = formatPercent(rtp.base_game_rtp);
    for (const side of rtp.side_bets) {
      node.append(el("span", { class: "side-rtp", text: ` · ${sideBetName(side.name)} ${formatPercent(side.rtp)}` }));
    }
  };
  if (app.rtp[variant.name]) show(app.rtp[variant.name]);
  else {
    api("GET", `/api/variants/${encodeURIComponent(variant.name)}/rtp`)
      .then((rtp) => {
        app.rtp[variant.name] = rtp;
        show(rtp);
      })
      .catch(() => {
        node.textContent = t("page.rtp-unavailable");
      });
  }
  return node;
}

export async function renderLobby() {
  app.table = null;
  const me = app.me;
  const limits = me ? `${formatMoney(me.limits.min_bet)} – ${formatMoney(me.limits.max_bet)}` : "";
  mount(
    el("h1", { text: t("page.lobby") }),
    el(
      "div",
      { class: "lobby" },
      app.variants.map((v) => {
        const unfinished = me && me.open_round_variant === v.name;
        return el(
          "article",
          { class: `variant-card${unfinished ? " unfinished" : ""}`, dataset: { variant: v.name } },
          el("h2", { text: variantName(v.name) }),
          unfinished ? el("p", { class: "badge", role: "status", text: t("page.unfinished-round") }) : null,
          el("p", { text: t(`variant-description.${v.name}`) }),
          el(
            "dl",
            { class: "facts" },
            el("dt", { text: t("page.bets") }),
            el("dd", { text: limits }),
            ...v.side_bets.flatMap((/** @type {string} */ name) => [el("dt", { text: sideBetName(name) }), el("dd", { text: t("page.side-bet-offered") })]),
            el("dt", { text: t("page.rtp") }),
            rtpLine(v),
            el("dt", { text: t("page.table") }),
            el("dd", { text: t(v.max_spots > 1 ? "page.decks-spots" : "page.decks-one-spot", { decks: v.decks, spots: v.max_spots }) }),
          ),
          el(
            "div",
            { class: "row" },
            el("a", { class: "btn deal", href: `#/table/${v.name}`, role: "button", text: unfinished ? t("page.continue") : t("page.play") }),
            el("a", { class: "btn secondary", href: `#/rules/${v.name}`, role: "button", text: t("page.rules-link") }),
          ),
        );
      }),
    ),
  );
}
