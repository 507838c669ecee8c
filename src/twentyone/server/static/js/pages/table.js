import { ApiError, api } from "../api.js";
import { cardsNode, chipStack } from "../cards.js";
import { el, mount } from "../dom.js";
import { chipLabel, money } from "../format.js";
import { showError, toast } from "../messages.js";
import { go } from "../router.js";
import { OUTCOME_CLASS, OUTCOME_TEXT } from "../outcomes.js";
import { setWallet } from "../session.js";
import { app, variantInfo } from "../state.js";

// The table: felt, spots, hands, chips and the controls of a round.

export async function renderTablePage(name) {
  const info = variantInfo(name);
  if (!info) throw new ApiError(404, "unknown-variant", `no variant called ${name}`);
  if (info.name !== name) return go(`#/table/${info.name}`);
  const table = await api("GET", `/api/tables/${info.name}`);
  if (table.round && table.round.variant !== info.name) {
    toast("round-in-progress", `finish your ${table.round.variant} round first`, "info");
    return go(`#/table/${table.round.variant}`);
  }
  app.table = table;
  app.shown = table.round;
  if (!app.chip || !table.chips.includes(app.chip)) app.chip = table.chips.includes(1000) ? 1000 : table.chips[0];
  app.applyAll = false;
  renderTable();
}

function inRound() {
  return Boolean(app.shown && app.shown.status === "open");
}

function renderTable() {
  const table = app.table;
  const info = variantInfo(table.variant);
  setWallet(table.round ? table.round.balance : table.balance, table.round ? table.round.held : table.held);
  const sideText = table.side_bets.map((b) =>
    b.min_stake === b.max_stake
      ? el("span", {}, ` · ${b.name} `, el("b", { text: `exactly ${money(b.min_stake)}` }))
      : el("span", {}, ` · ${b.name} `, el("b", { text: `${money(b.min_stake)} – ${money(b.max_stake)}` })),
  );
  const head = el(
    "div",
    { class: "table-head" },
    el("h1", { text: info.title }),
    el(
      "div",
      { class: "limits", id: "limits" },
      "Limits ",
      el("b", { text: `${money(table.limits.min_bet)} – ${money(table.limits.max_bet)}` }),
      sideText,
    ),
    el("a", { href: `#/rules/${info.name}`, text: "Rules, pay tables & RTP" }),
  );
  mount(head, feltNode(table, info), controlsNode(table));
}

function dealerNode(round) {
  const dealer = round ? round.dealer : { cards: [], total: null, blackjack: null };
  let label = "Dealer";
  if (dealer.total !== null && dealer.cards.length) {
    label = dealer.blackjack ? "Dealer · Blackjack" : `Dealer · ${dealer.total}${dealer.total > 21 ? " · bust" : ""}`;
  }
  return el(
    "div",
    { class: "dealer-area" },
    el("div", { class: "dealer-label", id: "dealer-total", text: label }),
    cardsNode(dealer.cards, "dealer-cards", round ? `${round.round_id}:dealer` : null),
  );
}

function feltText(info) {
  const lines = [];
  lines.push(el("span", { class: "big", text: "Blackjack pays 3 to 2" }));
  lines.push("Dealer stands on all 17s · Insurance pays 2 to 1");
  if (info.side_bets.length) lines.push(` · ${info.side_bets.map((s) => s.replace("-", " ")).join(" · ")} side bet`);
  return el("div", { class: "felt-text" }, lines);
}

function handNode(hand, round) {
  const current = round.current && round.current[0] === hand.spot && round.current[1] === hand.hand && round.status === "open";
  const total = hand.blackjack ? "BJ" : `${hand.soft && hand.total < 21 ? "soft " : ""}${hand.total}`;
  const node = el(
    "div",
    { class: `hand${current ? " current" : ""}`, dataset: { spot: hand.spot, hand: hand.hand } },
    cardsNode(hand.cards, undefined, `${round.round_id}:${hand.spot}:${hand.hand}`),
    el("span", { class: "hand-total", text: total }),
    el("span", { class: "hand-stake", text: `${money(hand.stake)}${hand.doubled ? " · doubled" : ""}` }),
  );
  if (hand.outcome) {
    const extra = hand.returned !== null ? ` ${money(hand.returned)}` : "";
    node.append(
      el("span", { class: `hand-outcome ${OUTCOME_CLASS[hand.outcome] || ""}`, text: `${OUTCOME_TEXT[hand.outcome] || hand.outcome}${extra}` }),
    );
  }
  return node;
}

function spotOrder(count) {
  // spot 0 is played first and sits on the player's right: draw from the left-most (highest).
  return Array.from({ length: count }, (_, i) => count - 1 - i);
}

function feltNode(table, info) {
  const round = app.shown;
  const count = table.spots.length;
  const engineSpot = new Map(); // table position -> engine spot index of the round on the felt
  if (round) round.positions.forEach((pos, i) => engineSpot.set(pos, i));
  const spots = el("div", { class: "spots", id: "spots" });
  const order = spotOrder(count);
  order.forEach((pos, column) => {
    const middle = (count - 1) / 2;
    const arc = count > 1 ? 26 * (1 - ((column - middle) / Math.max(middle, 1)) ** 2) : 0;
    const spot = el("div", { class: "spot", dataset: { pos } });
    spot.style.setProperty("--arc", String(Math.round(arc)));
    const hands = el("div", { class: "hands" });
    let mainStake = table.spots[pos].bet;
    let sideStakes = table.spots[pos].side_bets || {};
    let sideOutcomes = {};
    if (round) {
      const index = engineSpot.get(pos);
      mainStake = 0;
      sideStakes = {};
      if (index !== undefined) {
        const spotHands = round.hands.filter((h) => h.spot === index);
        spotHands.forEach((h) => hands.append(handNode(h, round)));
        mainStake = spotHands.reduce((sum, h) => sum + h.stake, 0);
        for (const line of round.settlement) {
          if (line.spot === index && line.kind === "side") sideStakes[line.name] = line.stake;
        }
        for (const s of round.side_bets) {
          if (s.spot === index) {
            sideOutcomes[s.name] = s.outcome;
            if (!(s.name in sideStakes)) sideStakes[s.name] = null;
          }
        }
        const insured = round.insurance.find((ins) => ins.spot === index);
        if (insured) hands.append(el("span", { class: "hand-stake", text: `insured ${money(insured.stake)}` }));
      }
    }
    const canBet = !round || round.status !== "open";
    const bet = el(
      "button",
      {
        class: `bet-circle${mainStake ? " has-bet" : ""}`,
        type: "button",
        disabled: !canBet || app.busy,
        "aria-label": `bet on ${info.spot_names[pos]}`,
        onclick: () => placeChip(pos, null),
      },
      mainStake ? chipStack(mainStake) : null,
      mainStake ? el("span", { class: "stake", text: money(mainStake) }) : "bet",
    );
    spot.append(hands, bet);
    for (const offer of table.side_bets) {
      const stake = sideStakes[offer.name];
      const outcome = sideOutcomes[offer.name];
      const side = el(
        "button",
        {
          class: `side-circle${stake ? " has-bet" : ""}`,
          type: "button",
          disabled: !canBet || app.busy,
          dataset: { side: offer.name },
          "aria-label": `${offer.name} side bet on ${info.spot_names[pos]}`,
          onclick: () => placeChip(pos, offer),
        },
        stake ? el("span", { class: "stake", text: money(stake) }) : offer.name.replace("-", " "),
      );
      if (round && outcome !== undefined && outcome !== null) {
        side.append(el("span", { class: `side-outcome${outcome === "lose" ? " lost" : ""}`, text: outcome }));
      }
      spot.append(side);
    }
    spot.append(el("div", { class: "spot-name", text: info.spot_names[pos] }));
    spots.append(spot);
  });
  const felt = el("section", { class: "felt", id: "felt" }, dealerNode(round), feltText(info), spots);
  felt.append(el("div", { class: "message", id: "message", text: messageText(table, round, info) }));
  if (round && round.status !== "open") {
    const net = round.net ?? 0;
    const text = round.status === "void" ? "Round void · refunded" : net > 0 ? `You win ${money(net)}` : net < 0 ? `You lose ${money(-net)}` : "Push · stakes returned";
    felt.append(el("div", { class: `result-banner${net < 0 ? " lose" : ""}`, id: "result", text }));
  }
  return felt;
}

function messageText(table, round, info) {
  if (!round) return table.total ? `Bets ${money(table.total)} · DEAL when ready` : "Place your bets: pick a chip, click a circle";
  if (round.status !== "open") return "Place your bets for the next round, or REBET";
  const [spot, hand] = round.current || [0, 0];
  const pos = round.positions[spot];
  const name = info.spot_names[pos] || `spot ${pos + 1}`;
  if (round.phase === "insurance") {
    if (round.legal_actions.includes("even-money") || round.legal_actions.includes("no-even-money")) return `Even money for ${name}?`;
    return `Insurance for ${name}?`;
  }
  const spotHands = round.hands.filter((h) => h.spot === spot);
  return `${name}${spotHands.length > 1 ? ` · hand ${hand + 1}` : ""}: your move`;
}

/**
 * @param {string} id
 * @param {string} label
 * @param {{enabled: boolean, onClick: () => unknown, cls?: string, title?: string}} options
 */
function button(id, label, { enabled, onClick, cls = "", title = undefined }) {
  return el("button", {
    class: `btn ${cls}`,
    id,
    type: "button",
    disabled: !enabled || app.busy,
    title: title || undefined,
    onclick: onClick,
    text: label,
  });
}

function controlsNode(table) {
  const round = app.shown;
  const open = inRound();
  const rack = el(
    "div",
    { class: "chip-rack", role: "group", "aria-label": "chips" },
    table.chips.map((value) =>
      el("button", {
        class: `chip v${value}`,
        type: "button",
        "aria-pressed": String(app.chip === value),
        "aria-label": `chip ${money(value)}`,
        dataset: { value },
        disabled: open,
        text: chipLabel(value),
        onclick: () => {
          app.chip = value;
          renderTable();
        },
      }),
    ),
  );
  const hasBets = table.total > 0;
  const betting = el(
    "div",
    { class: "button-row", id: "betting-buttons", hidden: open },
    button("btn-undo", "Undo", { enabled: table.can_undo, cls: "secondary", onClick: () => tableOp("undo") }),
    button("btn-clear", "Clear bets", { enabled: hasBets, cls: "secondary", onClick: () => tableOp("clear") }),
    button("btn-double-bets", "Double", { enabled: hasBets, cls: "secondary", onClick: () => tableOp("double") }),
    button("btn-rebet", "Rebet", { enabled: table.can_rebet && !hasBets, cls: "secondary", onClick: () => tableOp("rebet") }),
    button("btn-rebet-deal", "Rebet & deal", { enabled: table.can_rebet && !hasBets, onClick: () => tableOp("rebet-and-deal") }),
    button("btn-double-deal", "Double & deal", { enabled: table.can_rebet && !hasBets, onClick: () => tableOp("double-and-deal") }),
    button("btn-deal", "Deal", { enabled: table.spots.some((s) => s.bet > 0), cls: "deal", onClick: () => tableOp("deal") }),
  );
  const legal = open ? new Set(round.legal_actions) : new Set();
  const poor = open ? new Set(round.unaffordable) : new Set();
  const why = (a) => (poor.has(a) ? "not enough balance" : undefined);
  const insurance = open && round.phase === "insurance";
  const play = el(
    "div",
    { class: "button-row", id: "play-buttons", hidden: !open || insurance },
    button("btn-hit", "Hit", { enabled: legal.has("hit"), onClick: () => act("hit") }),
    button("btn-stand", "Stand", { enabled: legal.has("stand"), onClick: () => act("stand") }),
    button("btn-double", "Double", { enabled: legal.has("double"), title: why("double"), onClick: () => act("double") }),
    button("btn-split", "Split", { enabled: legal.has("split"), title: why("split"), onClick: () => act("split") }),
    legal.has("surrender") ? button("btn-surrender", "Surrender", { enabled: true, cls: "danger", onClick: () => act("surrender") }) : null,
  );
  const evenMoney = legal.has("even-money") || legal.has("no-even-money") || poor.has("even-money");
  const ins = el(
    "div",
    { class: "button-row", id: "insurance-buttons", hidden: !insurance },
    el("span", { class: "insurance-prompt", text: evenMoney ? "Even money?" : "Insurance?" }),
    evenMoney
      ? [
          button("btn-even-money", "Even money", { enabled: legal.has("even-money"), onClick: () => act("even-money", app.applyAll) }),
          button("btn-no-even-money", "Decline", { enabled: legal.has("no-even-money"), cls: "secondary", onClick: () => act("no-even-money", app.applyAll) }),
        ]
      : [
          button("btn-accept", "Accept", { enabled: legal.has("insurance"), title: why("insurance"), onClick: () => act("insurance", app.applyAll) }),
          button("btn-decline", "Decline", { enabled: legal.has("no-insurance"), cls: "secondary", onClick: () => act("no-insurance", app.applyAll) }),
        ],
    open && round.apply_to_all
      ? el("button", {
          class: "btn secondary",
          id: "btn-apply-all",
          type: "button",
          "aria-pressed": String(app.applyAll),
          disabled: app.busy,
          text: app.applyAll ? "Apply to all ✓" : "Apply to all",
          title: "apply the next ACCEPT or DECLINE to every hand",
          onclick: () => {
            app.applyAll = !app.applyAll;
            renderTable();
          },
        })
      : null,
  );
  return el("section", { class: "controls" }, rack, el("div", {}, betting, play, ins));
}

async function busyWhile(work) {
  if (app.busy) return;
  app.busy = true;
  renderTable();
  try {
    await work();
  } catch (error) {
    showError(error);
    if (error instanceof ApiError && ["stale-action", "round-in-progress", "no-round"].includes(error.code)) {
      await refreshTable();
    }
  } finally {
    app.busy = false;
    if (app.table) renderTable();
  }
}

async function refreshTable() {
  const table = await api("GET", `/api/tables/${app.table.variant}`);
  app.table = table;
  if (table.round) app.shown = table.round;
}

function placeChip(pos, offer) {
  let chip = app.chip;
  // A side bet with one fixed stake (Lucky 7: exactly one credit) takes that stake.
  if (offer && offer.min_stake === offer.max_stake && app.table.chips.includes(offer.min_stake)) chip = offer.min_stake;
  return busyWhile(async () => {
    const body = { spot: pos, chip };
    if (offer) body.side = offer.name;
    const table = await api("POST", `/api/tables/${app.table.variant}/bets`, body);
    app.table = table;
    app.shown = null;
  });
}

function tableOp(op) {
  return busyWhile(async () => {
    const table = await api("POST", `/api/tables/${app.table.variant}/${op}`);
    app.table = table;
    app.shown = table.round;
    if (table.round && table.round.status !== "open") await afterSettled(table.round);
  });
}

function act(action, applyToAll = false) {
  const round = app.shown;
  const step = round.step; // the state the player acted on: a repeated click is refused
  return busyWhile(async () => {
    const state = await api("POST", `/api/rounds/${round.round_id}/actions`, {
      action,
      apply_to_all: applyToAll,
      expected_step: step,
    });
    app.applyAll = false;
    app.shown = state;
    app.table.round = state;
    setWallet(state.balance, state.held);
    if (state.status !== "open") await afterSettled(state);
  });
}

async function afterSettled(round) {
  const table = await api("GET", `/api/tables/${app.table.variant}`);
  app.table = table;
  app.shown = round;
  setWallet(table.balance, table.held);
}
