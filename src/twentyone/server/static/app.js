// twentyone browser client: renders what the server answers and sends the player's intentions.
// The server is the only authority: legality, money and results all come from its responses.

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const RED = new Set(["h", "d"]);
const OUTCOME_TEXT = {
  win: "Win", blackjack: "Blackjack", charlie: "Charlie", push: "Push", lose: "Lose", bust: "Bust",
  surrender: "Surrender", "even-money": "Even money", "dealer-blackjack-refund": "Dealer BJ · refund",
};
const OUTCOME_CLASS = {
  win: "win", blackjack: "win", charlie: "win", "even-money": "win",
  push: "push", "dealer-blackjack-refund": "lose", lose: "lose", bust: "lose", surrender: "lose",
};

const app = {
  me: null,
  variants: [],
  table: null, // TableOut of the table on screen
  shown: null, // the round on the felt (may be settled, kept until the next bet)
  chip: null, // selected chip value
  applyAll: false,
  busy: false,
  rtp: {},
};

// -- helpers -------------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function money(minor) {
  if (minor === null || minor === undefined) return "—";
  const sign = minor < 0 ? "-" : "";
  const value = Math.abs(minor) / 100;
  return `${sign}$${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function chipLabel(value) {
  const dollars = value / 100;
  return dollars >= 1000 ? `${dollars / 1000}K` : String(dollars);
}

function pct(x) {
  return `${(x * 100).toFixed(2)}%`;
}

function when(iso) {
  return iso ? new Date(iso).toLocaleString() : "";
}

function variantInfo(name) {
  return app.variants.find((v) => v.name === name || v.aliases.includes(name));
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function api(method, path, body, retried = false) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const csrf = document.cookie.match(/(?:^|;\s*)twentyone_csrf=([^;]+)/);
  if (method !== "GET" && csrf) init.headers["X-CSRF-Token"] = csrf[1];
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || { code: "http-error", message: response.statusText };
    if (error.code === "not-authenticated" && !retried) {
      await startSession();
      return api(method, path, body, true);
    }
    throw new ApiError(response.status, error.code, error.message);
  }
  return data;
}

function toast(code, message, kind = "error") {
  const box = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" });
  if (code) box.append(el("code", { text: code }));
  box.append(message);
  document.getElementById("toasts").append(box);
  setTimeout(() => box.remove(), kind === "error" ? 7000 : 3500);
}

function showError(error) {
  if (error instanceof ApiError) toast(error.code, error.message);
  else toast("network", String(error && error.message ? error.message : error));
}

function setWallet(balance, held) {
  if (app.me) {
    app.me.balance = balance;
    app.me.held = held;
  }
  document.getElementById("balance").textContent = money(balance);
  const heldNode = document.getElementById("held");
  heldNode.hidden = !held;
  heldNode.textContent = held ? `in play ${money(held)}` : "";
}

function setAccount(me) {
  app.me = me;
  document.getElementById("account-link").textContent = me.registered ? me.username : "Guest · log in";
  setWallet(me.balance, me.held);
}

async function startSession() {
  setAccount(await api("POST", "/api/auth/guest"));
}

// -- cards ---------------------------------------------------------------------------------

function cardNode(text) {
  if (!text) return el("div", { class: "card back", "aria-label": "face-down card", dataset: { card: "down" } });
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  const symbol = SUITS[suit] || "?";
  return el(
    "div",
    { class: `card${RED.has(suit) ? " red" : ""}`, "aria-label": `${rank}${symbol}`, dataset: { card: text } },
    el("span", { class: "corner" }, rank, el("small", { text: symbol })),
    el("span", { class: "pip", text: symbol }),
  );
}

const seenCards = new Set(); // cards already drawn on screen: only new ones get the deal animation

function cardsNode(cards, id, key) {
  const nodes = cards.map((card, i) => {
    const node = cardNode(card);
    if (key) {
      const seen = `${key}:${i}:${card || "down"}`;
      if (!seenCards.has(seen)) {
        seenCards.add(seen);
        node.classList.add("fresh");
      }
    }
    return node;
  });
  return el("div", { class: "cards", id }, nodes);
}

function chipStack(amount) {
  const values = [50000, 10000, 2500, 1000, 500, 100];
  const top = values.find((v) => amount >= v) || 100;
  return el("span", { class: `chip mini v${top}`, "aria-hidden": "true" });
}

// -- router --------------------------------------------------------------------------------

function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  for (const link of document.querySelectorAll("[data-nav]")) {
    const target = parts[0] || "lobby";
    link.classList.toggle("active", link.dataset.nav === target || (target === "table" && link.dataset.nav === "lobby"));
  }
  const [page, arg] = parts;
  const view = document.getElementById("view");
  const pages = {
    table: () => renderTablePage(arg),
    rules: () => renderRules(arg),
    history: () => (arg ? renderReplay(arg) : renderHistory()),
    statement: () => renderStatement(),
    account: () => renderAccount(),
  };
  const render = pages[page] || renderLobby;
  render().catch((error) => {
    showError(error);
    if (error instanceof ApiError && error.code === "unknown-variant") location.hash = "#/";
  });
  view.focus({ preventScroll: true });
}

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function mount(...nodes) {
  const view = document.getElementById("view");
  view.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined));
}

// -- lobby ---------------------------------------------------------------------------------

async function renderLobby() {
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

// -- the table -----------------------------------------------------------------------------

async function renderTablePage(name) {
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

function button(id, label, { enabled, onClick, cls = "", title }) {
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

// -- rules, pay tables, RTP ----------------------------------------------------------------

async function renderRules(name) {
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

// -- history and replay --------------------------------------------------------------------

async function renderHistory() {
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

function describe(event, names, split = false) {
  const spotName = (spot) => names(spot);
  const handName = (spot, hand) => (split ? `${names(spot)} · hand ${hand + 1}` : names(spot));
  switch (event.type) {
    case "WagerPlaced":
      if (event.kind === "side") return `${event.name} side bet ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.name === "split") return `Split: a second hand staked ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.kind === "insurance") return `Insurance ${money(event.stake)} on ${spotName(event.spot)}`;
      if (event.name === "double") return `Double: ${money(event.stake)} more on ${spotName(event.spot)}`;
      return `Bet ${money(event.stake)} on ${spotName(event.spot)}`;
    case "CardDealt":
      if (event.spot === -1) return event.card ? `Dealer gets ${prettyCard(event.card)}${event.face_down ? " (face down)" : ""}` : "Dealer gets a face-down card";
      return `${handName(event.spot, event.hand)} gets ${prettyCard(event.card)}`;
    case "Decided":
      return `${handName(event.spot, event.hand)}: ${event.action.toUpperCase()}`;
    case "Peeked":
      return event.blackjack ? "Dealer peeks: blackjack!" : "Dealer peeks: no blackjack";
    case "HoleCardRevealed":
      return `Dealer turns over ${prettyCard(event.card)}`;
    case "SideBetResolved":
      return `${event.name} on ${spotName(event.spot)}: ${event.outcome}`;
    case "WagerSettled": {
      const line = event.line;
      const what = line.kind === "side" ? ` ${line.name}` : line.kind === "insurance" ? " insurance" : "";
      const who = line.kind === "hand" ? handName(line.spot, line.hand) : spotName(line.spot);
      return `${who}${what}: ${line.outcome}, returned ${money(line.returned)} of ${money(line.stake)}`;
    }
    case "RoundSettled":
      return `Round over: dealer ${event.dealer_blackjack ? "blackjack" : event.dealer_total}`;
    default:
      return event.type;
  }
}

function prettyCard(text) {
  if (!text) return "a face-down card";
  return `${text[0] === "T" ? "10" : text[0]}${SUITS[text[1]] || ""}`;
}

function replayState(record, upto) {
  // Rebuild what the table showed after events[0..upto]: cards, stakes, decisions, results.
  const dealer = [];
  const spots = new Map(); // engine spot -> [{hand, cards, stake, outcome, returned}]
  let lastSplit = null;
  let dealerTotal = null;
  const ensure = (spot) => {
    if (!spots.has(spot)) spots.set(spot, []);
    return spots.get(spot);
  };
  const findHand = (spot, hand) => ensure(spot).find((h) => h.hand === hand);
  for (const event of record.events.slice(0, upto + 1)) {
    if (event.type === "WagerPlaced" && event.kind === "hand") {
      const hands = ensure(event.spot);
      if (event.name === "split" && lastSplit) {
        const from = findHand(lastSplit.spot, lastSplit.hand);
        const moved = from.cards.pop();
        const at = hands.indexOf(from) + 1;
        hands.splice(at, 0, { hand: event.hand, cards: [moved], stake: event.stake, outcome: null, returned: null });
      } else if (event.name === "double") {
        const h = findHand(event.spot, event.hand);
        if (h) h.stake += event.stake;
      } else if (!findHand(event.spot, event.hand ?? 0)) {
        hands.push({ hand: event.hand ?? 0, cards: [], stake: event.stake, outcome: null, returned: null });
      }
    } else if (event.type === "CardDealt") {
      if (event.spot === -1) dealer.push(event.face_down ? { card: event.card, down: true } : { card: event.card, down: false });
      else {
        const h = findHand(event.spot, event.hand);
        if (h) h.cards.push(event.card);
      }
    } else if (event.type === "Decided") {
      if (event.action === "split") lastSplit = { spot: event.spot, hand: event.hand };
    } else if (event.type === "HoleCardRevealed") {
      const down = dealer.find((c) => c.down);
      if (down) {
        down.down = false;
        down.card = event.card;
      }
    } else if (event.type === "WagerSettled" && event.line.kind === "hand") {
      const h = findHand(event.line.spot, event.line.hand);
      if (h) {
        h.outcome = event.line.outcome;
        h.returned = event.line.returned;
      }
    } else if (event.type === "RoundSettled") {
      dealerTotal = event.dealer_blackjack ? "Blackjack" : String(event.dealer_total);
    }
  }
  return { dealer, spots, dealerTotal };
}

async function renderReplay(roundId) {
  const record = await api("GET", `/api/rounds/${encodeURIComponent(roundId)}`);
  const info = variantInfo(record.variant);
  const names = (spot) => {
    const pos = record.positions[spot];
    return info && pos !== undefined ? info.spot_names[pos] : `spot ${spot + 1}`;
  };
  const split = record.decisions.includes("split");
  let step = record.events.length - 1;
  const felt = el("section", { class: "felt" });
  const caption = el("div", { class: "replay-caption", id: "replay-caption" });
  const counter = el("span", { id: "replay-step" });
  const list = el("ol", { class: "event-list", id: "replay-events" }, record.events.map((e) => el("li", { text: describe(e, names, split) })));
  const draw = () => {
    const state = replayState(record, step);
    const dealerCards = state.dealer.map((c) => (c.down ? null : c.card));
    const spots = el("div", { class: "spots" });
    const order = [...state.spots.keys()].sort((a, b) => record.positions[b] - record.positions[a]);
    for (const spot of order) {
      const hands = el("div", { class: "hands" });
      for (const h of state.spots.get(spot)) {
        const node = el("div", { class: "hand", dataset: { spot, hand: h.hand } }, cardsNode(h.cards), el("span", { class: "hand-stake", text: money(h.stake) }));
        if (h.outcome) node.append(el("span", { class: `hand-outcome ${OUTCOME_CLASS[h.outcome] || ""}`, text: `${OUTCOME_TEXT[h.outcome] || h.outcome} ${money(h.returned)}` }));
        hands.append(node);
      }
      spots.append(el("div", { class: "spot" }, hands, el("div", { class: "spot-name", text: names(spot) })));
    }
    felt.replaceChildren(
      el(
        "div",
        { class: "dealer-area" },
        el("div", { class: "dealer-label", text: state.dealerTotal ? `Dealer · ${state.dealerTotal}` : "Dealer" }),
        cardsNode(dealerCards),
      ),
      spots,
    );
    caption.textContent = step >= 0 ? describe(record.events[step], names, split) : "Before the deal";
    counter.textContent = `Step ${step + 1} / ${record.events.length}`;
    [...list.children].forEach((li, i) => {
      li.className = i === step ? "now" : i > step ? "future" : "";
    });
  };
  const stepTo = (n) => {
    step = Math.max(-1, Math.min(record.events.length - 1, n));
    draw();
  };
  const controls = el(
    "div",
    { class: "replay-controls" },
    el("button", { class: "btn secondary", id: "replay-first", type: "button", text: "« Start", onclick: () => stepTo(-1) }),
    el("button", { class: "btn secondary", id: "replay-prev", type: "button", text: "◀ Back", onclick: () => stepTo(step - 1) }),
    el("button", { class: "btn", id: "replay-next", type: "button", text: "Next ▶", onclick: () => stepTo(step + 1) }),
    el("button", { class: "btn secondary", id: "replay-last", type: "button", text: "End »", onclick: () => stepTo(record.events.length - 1) }),
    counter,
  );
  const net = record.returned - record.staked;
  mount(
    el("h1", { text: `Round ${record.id.slice(0, 8)} · ${info ? info.title : record.variant}` }),
    el(
      "p",
      { class: "limits" },
      `${when(record.started_at)} · rules ${record.rules_version} · ${record.status} · staked ${money(record.staked)} · returned ${money(record.returned)} · `,
      el("b", { class: net >= 0 ? "pos" : "neg", text: `net ${money(net)}` }),
      ` · balance ${money(record.balance_before)} → ${money(record.balance_after)}`,
    ),
    el("div", { class: "replay" }, felt),
    controls,
    caption,
    el("section", { class: "panel" }, el("h2", { text: "Every step" }), list),
    el(
      "section",
      { class: "panel" },
      el("h2", { text: "Ledger entries" }),
      statementTable(record.entries),
      record.status !== "open" ? el("p", {}, el("a", { href: `/api/rounds/${record.id}/scenario`, target: "_blank", text: "Scenario file (twentyone replay)" })) : null,
    ),
    el("p", {}, el("a", { href: "#/history", text: "← All rounds" })),
  );
  draw();
}

// -- statement -----------------------------------------------------------------------------

function statementTable(entries) {
  return el(
    "table",
    { class: "data" },
    el("thead", {}, el("tr", {}, ["Time", "Kind", "Detail", "Round", "Amount", "Balance"].map((h, i) => el("th", { class: i >= 4 ? "num" : "", text: h })))),
    el(
      "tbody",
      {},
      entries.map((e) =>
        el(
          "tr",
          {},
          el("td", { text: when(e.created_at) }),
          el("td", { text: e.kind }),
          el("td", { text: e.detail }),
          el("td", {}, e.round_id ? el("a", { href: `#/history/${e.round_id}`, text: e.round_id.slice(0, 8) }) : ""),
          el("td", { class: `num ${e.amount > 0 ? "pos" : e.amount < 0 ? "neg" : ""}`, text: money(e.amount) }),
          el("td", { class: "num", text: money(e.balance_after) }),
        ),
      ),
    ),
  );
}

async function renderStatement(offsetArg) {
  const limit = 100;
  let offset = offsetArg;
  if (offset === undefined) {
    const head = await api("GET", "/api/statement?limit=1");
    offset = Math.max(0, head.total - limit);
  }
  const page = await api("GET", `/api/statement?offset=${offset}&limit=${limit}`);
  setWallet(page.balance, app.me ? app.me.held : 0);
  mount(
    el("h1", { text: "Statement" }),
    el(
      "section",
      { class: "panel", id: "statement" },
      el(
        "p",
        {},
        "Balance ",
        el("b", { text: money(page.balance) }),
        " · sum of the ledger ",
        el("b", { text: money(page.ledger_sum) }),
        " · ",
        el("b", { class: page.reconciles ? "pos" : "neg", id: "reconciles", text: page.reconciles ? "reconciles ✓" : "does not reconcile ✗" }),
      ),
      statementTable(page.entries),
      el(
        "div",
        { class: "pager" },
        el("button", { class: "btn secondary", type: "button", disabled: offset === 0, text: "Older", onclick: () => renderStatement(Math.max(0, offset - limit)).catch(showError) }),
        el("span", { text: `entries ${page.total ? offset + 1 : 0}–${offset + page.entries.length} of ${page.total}` }),
        el("button", { class: "btn secondary", type: "button", disabled: offset + limit >= page.total, text: "Newer", onclick: () => renderStatement(offset + limit).catch(showError) }),
      ),
    ),
  );
}

// -- account -------------------------------------------------------------------------------

function authForm(id, title, path, submitLabel, note) {
  const form = el(
    "form",
    { class: "auth", id },
    el("h2", { text: title }),
    note ? el("p", { class: "limits", text: note }) : null,
    el("label", {}, "Username", el("input", { name: "username", autocomplete: "username", required: true, minlength: "3", maxlength: "32" })),
    el("label", {}, "Password", el("input", { name: "password", type: "password", autocomplete: id === "register-form" ? "new-password" : "current-password", required: true, minlength: "8" })),
    el("button", { class: "btn", type: "submit", text: submitLabel }),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      const me = await api("POST", path, { username: data.get("username"), password: data.get("password") });
      setAccount(me);
      toast(null, `Welcome, ${me.username}`, "info");
      go(me.open_round_variant ? `#/table/${me.open_round_variant}` : "#/");
    } catch (error) {
      showError(error);
    }
  });
  return form;
}

async function renderAccount() {
  setAccount(await api("GET", "/api/auth/me"));
  const me = app.me;
  const summary = el(
    "section",
    { class: "panel" },
    el("h2", { text: me.registered ? `Logged in as ${me.username}` : "Playing as a guest" }),
    el("p", {}, `Balance ${money(me.balance)} · VIP level ${me.vip_level} · limits ${money(me.limits.min_bet)} – ${money(me.limits.max_bet)}`),
  );
  if (me.registered) {
    summary.append(
      el("button", {
        class: "btn secondary",
        id: "logout",
        type: "button",
        text: "Log out",
        onclick: async () => {
          try {
            await api("POST", "/api/auth/logout");
            await startSession();
            go("#/");
          } catch (error) {
            showError(error);
          }
        },
      }),
    );
    return mount(el("h1", { text: "Account" }), summary);
  }
  mount(
    el("h1", { text: "Account" }),
    summary,
    el(
      "div",
      { class: "forms" },
      el("section", { class: "panel" }, authForm("register-form", "Register", "/api/auth/register", "Register", "Keeps this guest balance and history.")),
      el("section", { class: "panel" }, authForm("login-form", "Log in", "/api/auth/login", "Log in")),
    ),
  );
}

// -- start ---------------------------------------------------------------------------------

async function boot() {
  try {
    await startSession();
    app.variants = await api("GET", "/api/variants");
  } catch (error) {
    showError(error);
    return;
  }
  window.addEventListener("hashchange", route);
  // An unfinished round is resumed where it stopped.
  if (app.me.open_round_variant) {
    const target = `#/table/${app.me.open_round_variant}`;
    if (location.hash !== target) {
      location.hash = target;
      return;
    }
  }
  route();
}

boot();
