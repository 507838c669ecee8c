// The lobby: every game with its name, bet limits, side bets and exact return to player, and a
// flag on the game whose round is unfinished.
import { api } from "../api.js";
import { el, mount } from "../dom.js";
import { formatMoney, formatPercent, sideBetName, t, variantName } from "../names.js";
import { app } from "../state.js";

/**
 * The figures of a game that its rules document holds (side-bet stakes, exact returns), filled
 * in when they arrive.
 * @param {any} variant
 */
function ruleFacts(variant) {
  const rtp = el("dd", { class: "rtp-figure", text: "…" });
  const sides = variant.side_bets.map((/** @type {string} */ name) => {
    const stake = el("dd", { class: "side-stake", dataset: { sideBet: name }, text: "…" });
    return { name, nodes: [el("dt", { text: sideBetName(name) }), stake], stake };
  });
  const sideReturns = variant.side_bets.map((/** @type {string} */ name) => {
    const figure = el("dd", { class: "side-rtp", dataset: { sideBet: name }, text: "…" });
    return { name, nodes: [el("dt", { text: t("page.side-rtp", { side_bet: sideBetName(name) }) }), figure], figure };
  });
  const show = (/** @type {any} */ doc) => {
    rtp.textContent = formatPercent(doc.returns[0].rtp);
    for (const side of sideReturns) {
      const r = doc.returns.find((/** @type {any} */ x) => x.bet === side.name);
      side.figure.textContent = r ? formatPercent(r.rtp) : t("page.rtp-unavailable");
    }
    for (const side of sides) {
      const bet = doc.side_bets.find((/** @type {any} */ b) => b.name === side.name);
      if (!bet) continue;
      side.stake.textContent =
        bet.min_stake === bet.max_stake
          ? t("page.stake-exactly", { amount: formatMoney(bet.min_stake) })
          : `${formatMoney(bet.min_stake)} – ${formatMoney(bet.max_stake)}`;
    }
  };
  if (app.rules[variant.name]) show(app.rules[variant.name]);
  else {
    api("GET", `/api/variants/${encodeURIComponent(variant.name)}/rules`)
      .then((doc) => {
        app.rules[variant.name] = doc;
        show(doc);
      })
      .catch(() => {
        rtp.textContent = t("page.rtp-unavailable");
        for (const side of [...sides.map((x) => x.stake), ...sideReturns.map((x) => x.figure)]) {
          side.textContent = t("page.rtp-unavailable");
        }
      });
  }
  return { rtp, sides: sides.flatMap((side) => side.nodes), returns: sideReturns.flatMap((side) => side.nodes) };
}

/** @param {any} v a variant: "6 decks · up to 5 spots", "1 deck · one spot" … */
function tableKey(v) {
  if (v.decks === 1) return v.max_spots > 1 ? "page.one-deck-spots" : "page.one-deck-one-spot";
  return v.max_spots > 1 ? "page.decks-spots" : "page.decks-one-spot";
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
        const facts = ruleFacts(v);
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
            ...facts.sides,
            el("dt", { text: t("page.rtp") }),
            facts.rtp,
            ...facts.returns,
            el("dt", { text: t("page.table") }),
            el("dd", { text: t(tableKey(v), { decks: v.decks, spots: v.max_spots }) }),
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
