// The table page: puts the felt, the controls and the settlement together, sends the player's
// intentions and plays the server's answers back at a pace a person can follow.

import { ApiError, api, newIdempotencyKey } from "../api.js";
import { el, mount } from "../dom.js";
import { clearMessage, showError, showMessage } from "../messages.js";
import { actionName, formatList, formatMoney, handLabel, sideBetName, t, variantName } from "../names.js";
import { go } from "../router.js";
import { setWallet } from "../session.js";
import { app, variantInfo } from "../state.js";
import { announce, spokenCard } from "../table/announce.js";
import { controlsNode, chipStates } from "../table/controls.js";
import { buildFelt, showActiveHand, showDealerPeek, updateFelt } from "../table/felt.js";
import { confirmMove, trainingButton } from "../table/hint.js";
import { handleKey, helpDialog } from "../table/keyboard.js";
import { framesFromEvents, handValue, modelFromRound } from "../table/model.js";
import { beginSequence, cardPause, dealFromShoe, flip, isSkipping, moveChip, pause, skip, throwChip } from "../table/motion.js";
import { followRound, playBlock, realityCheckDue, refreshSession, sessionBar, showRealityCheck } from "../protection/session.js";
import { headline, settlementPanel, sideWins } from "../table/settlement.js";
import { cardSound, chipSound, flipSound, setSound, soundOn, winSound } from "../table/sound.js";

/** The page's own state (the rest is in app: table, shown, chip, applyAll, busy). */
const page = {
  /** @type {HTMLElement | null} */
  felt: null,
  dealing: false,
  /** events already shown, per round */
  seen: { roundId: "", count: 0 },
  /** @type {Record<string, string>} intent -> Idempotency-Key, reused when the same intent is retried */
  keys: {},
};

/**
 * Decisions and deals carry an Idempotency-Key; a retry of the same intent after a failure
 * (same round step, same operation) reuses it; a success forgets it.
 * @param {string} intent
 */
function keyFor(intent) {
  if (!page.keys[intent]) page.keys = { [intent]: newIdempotencyKey() };
  return page.keys[intent];
}

function inRound() {
  return Boolean(app.shown && app.shown.status === "open");
}

/** @param {string} name */
export async function renderTablePage(name) {
  const info = variantInfo(name);
  if (!info) throw new ApiError(404, "unknown-variant", `no variant called ${name}`, t("error.unknown-variant"));
  if (info.name !== name) return go(`#/table/${info.name}`);
  const table = await api("GET", `/api/tables/${info.name}`);
  if (table.round && table.round.variant !== info.name) {
    showMessage(t("table.finish-round-first", { game: variantName(table.round.variant) }));
    return go(`#/table/${table.round.variant}`);
  }
  app.table = table;
  app.shown = table.round;
  app.applyAll = false;
  app.busy = false;
  page.dealing = false;
  if (table.round) {
    // Resuming: everything up to now is on the felt already.
    const record = await api("GET", `/api/rounds/${table.round.round_id}`);
    page.seen = { roundId: table.round.round_id, count: record.events.length };
  }
  pickChip();
  mountTable(info);
  draw();
  showActiveHand();
  focusPlay();
  refreshSession(app.shown, () => !inRound() && !app.busy && !page.dealing, () => {
    draw();
    focusPlay();
  });
}

/** Keeps the selected chip one the balance and the limits allow. */
function pickChip() {
  const table = app.table;
  const states = chipStates(table, table.balance);
  const usable = table.chips.filter((/** @type {number} */ v) => !states.get(v));
  if (app.chip && usable.includes(app.chip)) return;
  if (!app.chip || !table.chips.includes(app.chip)) app.chip = table.chips.includes(1000) ? 1000 : table.chips[0];
  if (usable.length && !usable.includes(app.chip)) app.chip = usable.filter((/** @type {number} */ v) => v <= (app.chip || 0)).pop() || usable[0];
}

/** @param {any} info VariantOut */
function mountTable(info) {
  const table = app.table;
  const stepper = info.name === "european";
  const sideText = table.side_bets.map((/** @type {any} */ b) =>
    el("span", {}, ` · ${sideBetName(b.name)} `, el("b", { text: b.min_stake === b.max_stake ? t("table.exactly", { amount: formatMoney(b.min_stake) }) : `${formatMoney(b.min_stake)} – ${formatMoney(b.max_stake)}` })),
  );
  const help = helpDialog();
  const head = el(
    "div",
    { class: "table-head" },
    el("h1", { text: variantName(info.name) }),
    el("div", { class: "limits", id: "limits" }, `${t("table.limits")} `, el("b", { text: `${formatMoney(table.limits.min_bet)} – ${formatMoney(table.limits.max_bet)}` }), sideText),
    el(
      "div",
      { class: "table-tools" },
      el("a", { href: `#/rules/${info.name}`, text: t("table.rules-link") }),
      el("button", {
        class: "btn link",
        id: "btn-sound",
        type: "button",
        "aria-pressed": String(soundOn()),
        "aria-keyshortcuts": "M",
        text: t(soundOn() ? "table.sound-on" : "table.sound-off"),
        onclick: (/** @type {Event} */ event) => {
          setSound(!soundOn());
          const b = /** @type {HTMLButtonElement} */ (event.currentTarget);
          b.textContent = t(soundOn() ? "table.sound-on" : "table.sound-off");
          b.setAttribute("aria-pressed", String(soundOn()));
        },
      }),
      trainingButton(info.advisor !== false),
      el("button", { class: "btn link", id: "btn-help", type: "button", "aria-keyshortcuts": "?", "aria-haspopup": "dialog", text: t("table.shortcuts"), onclick: () => help.showModal() }),
    ),
  );
  page.felt = buildFelt(table, stepper, {
    bet: (pos) => placeChip(pos, null),
    sideBet: (pos, offer) => placeChip(pos, offer),
    decrease: () => tableOp("undo"),
  });
  page.felt.addEventListener("click", (event) => {
    if (page.dealing && !(/** @type {HTMLElement} */ (event.target).closest("button"))) skip();
  });
  const controls = el(
    "div",
    { class: "controls-dock", id: "controls-dock" },
    el(
      "div",
      { class: "dock-top" },
      el("div", { class: "notice-line", id: "notice", "aria-live": "polite" }),
      el("div", { class: "dock-stats" }, sessionBar(), el("div", { class: "dock-balance", id: "dock-balance", "aria-hidden": "true" })),
      // the dealer's cards, small, while they are scrolled out of view (the felt holds them for a screen reader)
      el("div", { class: "dealer-peek", id: "dealer-peek", "aria-hidden": "true", hidden: true }),
    ),
    el("div", { id: "controls-body" }),
  );
  mount(
    el(
      "div",
      { class: "table-page", id: "table-page", dataset: { variant: info.name, spots: table.spots.length } },
      head,
      el("p", { class: "break-banner warning", id: "break-banner", role: "status", hidden: true }),
      page.felt,
      controls,
      el("div", { id: "settlement-box" }),
      el("div", { class: "visually-hidden", id: "announcer", "aria-live": "polite", "aria-atomic": "true" }),
      help,
    ),
  );
  // The dock grows and shrinks (the session bar arriving, a notice, a hint, the rack between
  // rounds): what the player must see is brought back above it.
  let height = 0;
  new ResizeObserver(() => {
    const now = controls.getBoundingClientRect().height;
    if (Math.abs(now - height) < 1) return;
    height = now;
    if (document.body.contains(controls) && !page.dealing) showActiveHand();
  }).observe(controls);
}

/** Marks the page busy while a request or a deal is under way (tests wait on it). */
function markBusy() {
  const root = document.getElementById("table-page");
  if (root) root.dataset.busy = String(app.busy || page.dealing);
}

/** Draws the felt, the controls and the settlement for the state in app. */
function draw() {
  const table = app.table;
  const round = app.shown;
  if (!page.felt || !document.body.contains(page.felt)) return;
  const open = inRound();
  const balance = open ? round.balance : table.balance;
  const onTable = open || round ? 0 : table.total;
  setWallet(balance, open ? round.held : table.held, onTable);
  const dock = document.getElementById("dock-balance");
  if (dock) {
    // what a player looks for in a casino's bar: the balance, the total bet (on the table, or in
    // play) and, once a round has ended in profit, what it won
    const bet = open ? round.staked : table.total || (round && round.status === "settled" ? round.staked : 0);
    const won = round && round.status === "settled" && !table.total ? (round.net ?? round.returned - round.staked) : 0;
    const figure = (/** @type {string} */ id, /** @type {string} */ label, /** @type {number} */ amount) =>
      el("span", { class: "figure", id }, `${label} `, el("b", { text: formatMoney(amount) }));
    dock.replaceChildren(
      figure("dock-balance-figure", t("nav.balance"), balance),
      figure("dock-bet", t("dock.total-bet"), bet),
      won > 0 ? figure("dock-win", t("dock.win"), won) : "",
    );
  }
  const betting = !open && !playBlock();
  updateFelt(page.felt, modelFromRound(round), { table, betting, busy: app.busy || page.dealing, tableBets: !round });
  drawLine(table, round);
  drawControls();
  const box = document.getElementById("settlement-box");
  if (box) box.replaceChildren(round && round.status !== "open" ? settlementPanel(round) : "");
  showDealerPeek();
}

/** The line between the dealer and the spots: whose turn it is, or how the round ended. */
function drawLine(/** @type {any} */ table, /** @type {any} */ round) {
  const message = document.getElementById("message");
  const wins = document.getElementById("side-wins");
  if (!message || !wins) return;
  wins.replaceChildren();
  message.className = "message";
  if (!round) {
    // during a break or a due reality check the felt does not invite a bet the rack refuses
    if (playBlock()) message.textContent = t("table.paused");
    else message.textContent = table.total ? t("table.bets-ready", { amount: formatMoney(table.total) }) : t("table.place-bets");
    return;
  }
  if (round.status !== "open") {
    const head = headline(round);
    message.textContent = head.text;
    message.classList.add(head.mood);
    // the same win on several spots is one line ("Lucky Ladies · Any 20 × 7"), not seven
    /** @type {Map<string, {bet: string, outcome: string, short: string, won: number, big: boolean, count: number}>} */
    const grouped = new Map();
    for (const win of sideWins(round)) {
      const same = grouped.get(win.text);
      if (same) {
        same.count += 1;
        same.won += win.won;
        same.big = same.big || win.big;
      } else grouped.set(win.text, { bet: win.bet, outcome: win.outcome, short: win.short, won: win.won, big: win.big, count: 1 });
    }
    // A table of one side bet may leave its name to screen readers where the line is narrow
    // (a phone held upright: its circle glows); each line is one line there, its letters as
    // large as the width holds its characters (--chars, table.css), never under 12 px, and an
    // outcome too long for that is written the felt's shorter way there ("Q♥ pair + dealer
    // blackjack"): table.css shows one of the two outcome spans.
    wins.classList.toggle("one-bet", (table.side_bets || []).length <= 1);
    for (const win of grouped.values()) {
      const times = win.count > 1 ? ` × ${win.count}` : "";
      const outcome = `${win.outcome}${times}`;
      const short = `${win.short}${times}`;
      const amount = ` +${formatMoney(win.won)}`;
      const line = el(
        "div",
        { class: `side-win${win.big ? " big" : ""}` },
        el("span", { class: "side-win-bet", text: `${win.bet} · ` }),
        el("span", { class: "side-win-outcome", text: outcome }),
        el("span", { class: "side-win-short", text: short }),
        el("b", { text: amount }),
      );
      line.style.setProperty("--chars", String(`${win.bet} · ${short}${amount}`.length));
      line.style.setProperty("--chars-short", String(`${short}${amount}`.length));
      wins.append(line);
    }
    return;
  }
  const [spot] = round.current || [0, 0];
  const pos = round.positions[spot];
  const spotHands = round.hands.filter((/** @type {any} */ h) => h.spot === spot);
  const index = spotHands.findIndex((/** @type {any} */ h) => round.current && h.hand === round.current[1]);
  const who = handLabel(pos + 1, index + 1, spotHands.length);
  if (round.phase === "insurance") {
    const even = round.legal_actions.includes("even-money") || round.legal_actions.includes("no-even-money");
    message.textContent = t(even ? "table.even-money-for" : "table.insurance-for", { hand: handLabel(pos + 1, 1, 1) });
  } else {
    message.textContent = t("table.your-move", { hand: who });
  }
}

function drawControls() {
  markBusy();
  const body = document.getElementById("controls-body");
  if (!body) return;
  const focused = document.activeElement && document.activeElement.id;
  const table = app.table;
  const round = app.shown;
  const open = inRound();
  body.replaceChildren(
    controlsNode(
      {
        table,
        round,
        chip: app.chip,
        applyAll: app.applyAll,
        busy: app.busy || page.dealing,
        dealing: page.dealing,
        balance: open ? round.balance : table.balance,
        hints: variantInfo(table.variant)?.advisor !== false,
        blocked: playBlock(),
        realityCheck: realityCheckDue(),
      },
      {
        chip: (value) => {
          app.chip = value;
          drawControls();
        },
        tableOp,
        act,
        toggleApplyAll: () => {
          app.applyAll = !app.applyAll;
          drawControls();
          drawLine(app.table, app.shown);
        },
        skip,
        redraw: () => {
          drawControls();
          showActiveHand(); // the dock may have grown (a hint): the hand stays in view
        },
        readRealityCheck: () => showRealityCheck().catch(showError),
      },
    ),
  );
  if (focused) {
    const again = /** @type {HTMLButtonElement | null} */ (document.getElementById(focused));
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }
}

/** @param {Element | null} node */
function usable(node) {
  return Boolean(node && document.body.contains(node) && !(/** @type {HTMLButtonElement} */ (node).disabled) && !node.closest("[hidden]"));
}

/**
 * Keeps focus where play goes on: in a round, on the decision asked now (unless the player is
 * already on one); between rounds, where the player was, else on DEAL / REBET & DEAL.
 */
function focusPlay() {
  const active = document.activeElement;
  const onTable = usable(active) && active !== document.body && Boolean(active && active.closest("#table-page"));
  if (inRound()) {
    if (onTable && active && active.closest("#play-buttons, #insurance-buttons")) return;
    for (const id of ["btn-accept", "btn-even-money", "btn-hit", "btn-stand"]) {
      const b = document.getElementById(id);
      if (usable(b)) return /** @type {HTMLElement} */ (b).focus({ preventScroll: true });
    }
    return;
  }
  if (onTable && active && !active.closest("#play-buttons, #insurance-buttons, #btn-skip")) return;
  for (const id of ["btn-deal", "btn-rebet-deal", "btn-rebet"]) {
    const b = document.getElementById(id);
    if (usable(b)) return /** @type {HTMLElement} */ (b).focus({ preventScroll: true });
  }
  const chip = document.querySelector(".chip[aria-pressed='true']");
  if (usable(chip)) /** @type {HTMLElement} */ (chip).focus({ preventScroll: true });
}

/**
 * Runs one request with every control disabled; a refusal shows its sentence and, where the
 * table moved on, the table as it now is.
 * @param {() => Promise<void>} work
 */
async function busyWhile(work) {
  if (app.busy || page.dealing) return;
  app.busy = true;
  clearMessage();
  drawControls();
  try {
    await work();
    page.keys = {}; // done: the next intent, even an identical one, is a new request
  } catch (error) {
    if (error instanceof ApiError && error.code === "reality-check-due") await showRealityCheck().catch(showError);
    else showError(error);
    if (error instanceof ApiError && ["stale-action", "round-in-progress", "no-round"].includes(error.code)) {
      await refreshTable().catch(() => undefined);
    }
  } finally {
    app.busy = false;
    page.dealing = false;
    if (app.table) {
      draw();
      showActiveHand();
      focusPlay();
    }
    markBusy();
  }
}

async function refreshTable() {
  const table = await api("GET", `/api/tables/${app.table.variant}`);
  app.table = table;
  if (table.round) app.shown = table.round;
}

/**
 * @param {number} pos
 * @param {any} offer a side-bet offer, or null for the main bet
 */
function placeChip(pos, offer) {
  let chip = app.chip;
  // A side bet with one fixed stake (Lucky 7: exactly one credit) takes that stake.
  if (offer && offer.min_stake === offer.max_stake && app.table.chips.includes(offer.min_stake)) chip = offer.min_stake;
  return busyWhile(async () => {
    /** @type {Record<string, unknown>} */
    const body = { spot: pos, chip };
    if (offer) body.side = offer.name;
    const table = await api("POST", `/api/tables/${app.table.variant}/bets`, body);
    app.table = table;
    app.shown = null;
    pickChip();
    const stake = offer ? table.spots[pos].side_bets[offer.name] : table.spots[pos].bet;
    const rackChip = document.querySelector(`.chip-rack .chip[data-value="${chip}"]`);
    const circle = document.querySelector(offer ? `.spot[data-pos="${pos}"] .side-circle[data-side="${offer.name}"]` : `.spot[data-pos="${pos}"] .bet-circle`);
    if (rackChip && circle) throwChip(rackChip, circle, chip);
    announce(t(offer ? "table.announce-side-bet" : "table.announce-bet", { hand: handLabel(pos + 1, 1, 1), amount: formatMoney(stake), total: formatMoney(table.total) }));
    chipSound();
  });
}

const DEALS = new Set(["deal", "rebet-and-deal", "double-and-deal"]);

/** @param {string} op undo, clear, double, rebet, deal, rebet-and-deal, double-and-deal */
function tableOp(op) {
  return busyWhile(async () => {
    const options = DEALS.has(op) ? { idempotencyKey: keyFor(`${op}:${app.table.balance}:${app.table.total}`) } : {};
    const table = await api("POST", `/api/tables/${app.table.variant}/${op}`, undefined, options);
    app.table = table;
    if (!DEALS.has(op)) {
      app.shown = null;
      pickChip();
      announce(table.total ? t("table.bets-on-table", { total: formatMoney(table.total) }) : t("table.no-bets"));
      return;
    }
    await playRound(table.round);
    if (table.round && table.round.status !== "open") await afterSettled(table.round);
  });
}

/** @param {string} action */
async function act(action) {
  const round = app.shown;
  if (app.busy || page.dealing) return;
  if (!(await confirmMove(round, action, variantInfo(round.variant)?.advisor !== false))) return;
  const step = round.step; // the state the player acted on: a repeated click is refused
  const applyToAll = app.applyAll && round.phase === "insurance";
  return busyWhile(async () => {
    const state = await api(
      "POST",
      `/api/rounds/${round.round_id}/actions`,
      { action, apply_to_all: applyToAll, expected_step: step },
      { idempotencyKey: keyFor(`${round.round_id}:${step}:${action}:${applyToAll}`) },
    );
    app.applyAll = false;
    await playRound(state);
    if (state.status !== "open") await afterSettled(state);
  });
}

/**
 * Deals what happened since the felt was last drawn, one step at a time in the events' order
 * (SPEC section 3), then shows the server's state.
 * @param {any} state RoundOut after the request
 */
async function playRound(state) {
  const from = page.seen.roundId === state.round_id ? page.seen.count : 0;
  let frames = [];
  try {
    const record = await api("GET", `/api/rounds/${state.round_id}`);
    frames = framesFromEvents(record.events, state.positions, state.round_id, from);
    page.seen = { roundId: state.round_id, count: record.events.length };
  } catch (error) {
    console.error(error); // the state itself is still shown
  }
  const ms = cardPause();
  if (frames.length && page.felt) {
    page.dealing = true;
    setWallet(state.balance, state.held);
    const line = document.getElementById("message");
    if (line && from === 0) {
      line.className = "message";
      line.textContent = t("table.dealing");
    }
    beginSequence();
    drawControls();
    document.getElementById("btn-skip")?.focus({ preventScroll: true });
    for (const frame of frames) {
      if (isSkipping()) break;
      if (frame.kind === "settle") {
        settleChips(frame.model, ms);
        await pause(ms * 2);
        continue;
      }
      const changed = updateFelt(page.felt, frame.model, { table: app.table, betting: false, busy: true });
      for (const c of changed) {
        if (c.how === "flip") {
          flip(c.node, ms);
          flipSound();
        } else if (frame.kind !== "split") {
          dealFromShoe(c.node, ms);
          cardSound();
        }
      }
      if (frame.kind !== "side") showActiveSpot(frame.at);
      await pause(frame.kind === "side" ? ms / 2 : frame.kind === "flip" ? ms * 1.3 : ms);
    }
  }
  app.shown = state;
  app.table.round = state;
  page.dealing = false;
  followRound(state);
  announceState(state, frames);
  if (state.status !== "open" && (state.net ?? 0) > 0) winSound();
}

/** @param {{spot: number, hand: number | null} | undefined} at */
function showActiveSpot(at) {
  if (!at || at.spot < 0) return;
  const scroller = document.getElementById("spots-scroll");
  if (!scroller || scroller.scrollWidth <= scroller.clientWidth) return;
  const hand = document.querySelector(`.hand[data-spot="${at.spot}"]`);
  const spot = hand && /** @type {HTMLElement} */ (hand.closest(".spot"));
  if (!spot) return;
  const box = scroller.getBoundingClientRect();
  const r = spot.getBoundingClientRect();
  if (r.left < box.left || r.right > box.right) scroller.scrollBy({ left: r.left + r.width / 2 - (box.left + box.width / 2) });
}

/**
 * Chips collected from the losing hands and paid to the winning ones.
 * @param {import("../table/model.js").FeltModel} model
 * @param {number} ms
 */
function settleChips(model, ms) {
  let moved = false;
  model.spots.forEach((spot, index) => {
    const pos = model.positions[index];
    const circle = /** @type {HTMLElement | null} */ (document.querySelector(`.spot[data-pos="${pos}"] .bet-circle`));
    if (!circle) return;
    for (const h of spot.hands) {
      if (h.returned === null) continue;
      if (h.returned < h.stake) moveChip(circle, "collect", ms);
      else if (h.returned > h.stake) moveChip(circle, "pay", ms);
      moved = true;
    }
  });
  if (moved) chipSound();
}

/**
 * Tells a screen reader what just happened: the cards dealt, the totals and what is asked now,
 * or the round's result.
 * @param {any} state
 * @param {import("../table/model.js").Frame[]} frames
 */
function announceState(state, frames) {
  const parts = [];
  const dealt = frames.filter((f) => f.kind === "card" || f.kind === "dealer-card" || f.kind === "flip");
  if (dealt.length) {
    const up = state.dealer.cards.filter(Boolean);
    const cards = up.map(spokenCard).join(", ");
    const open = state.status === "open";
    const key = state.dealer.total !== null ? (open ? "table.announce-dealer-shows-total" : "table.announce-dealer-has-total") : open ? "table.announce-dealer-shows" : "table.announce-dealer-has";
    // "soft 17" where the felt shows "7/17": the dealer's while it may still draw
    const dealerSoft = open && handValue(state.dealer.cards).soft && state.dealer.total < 21;
    parts.push(t(key, { cards, total: dealerSoft ? t("replay.soft", { total: state.dealer.total }) : state.dealer.total }));
    state.positions.forEach((/** @type {number} */ pos, /** @type {number} */ spot) => {
      const hands = state.hands.filter((/** @type {any} */ h) => h.spot === spot);
      hands.forEach((/** @type {any} */ h, /** @type {number} */ k) => {
        const total = h.blackjack ? t("table.spoken-blackjack") : h.total > 21 ? t("table.spoken-bust", { total: h.total }) : h.soft && h.total < 21 ? t("replay.soft", { total: h.total }) : String(h.total);
        parts.push(t("table.announce-hand", { hand: handLabel(pos + 1, k + 1, hands.length), cards: h.cards.map(spokenCard).join(", "), total }));
      });
    });
  }
  if (state.status !== "open") {
    parts.push(`${headline(state).text}.`);
    for (const win of sideWins(state)) parts.push(t("table.announce-side-win", { win: win.text, amount: formatMoney(win.won) }));
  } else if (state.phase === "insurance") {
    parts.push(document.getElementById("insurance-question")?.textContent || t("table.insurance-question"));
  } else if (state.current) {
    const [spot, hand] = state.current;
    const hands = state.hands.filter((/** @type {any} */ h) => h.spot === spot);
    const k = hands.findIndex((/** @type {any} */ h) => h.hand === hand);
    const moves = formatList(state.legal_actions.map((/** @type {string} */ a) => actionName(a)));
    parts.push(t("table.announce-to-play", { hand: handLabel(state.positions[spot] + 1, k + 1, hands.length), moves }));
  }
  announce(parts.join(" "));
}

/** @param {any} round */
async function afterSettled(round) {
  const table = await api("GET", `/api/tables/${app.table.variant}`);
  app.table = table;
  app.shown = round;
  pickChip();
  await refreshSession(round);
}

// A phone turned sideways keeps the hand being played in view.
window.addEventListener("resize", () => {
  if (page.felt && document.body.contains(page.felt) && !page.dealing) showActiveHand();
});

// The player scrolling the dealer's cards out of view (or back) shows (or hides) their copy in
// the dock, once a frame at most.
let peekFrame = 0;
window.addEventListener(
  "scroll",
  () => {
    if (peekFrame || !page.felt || !document.body.contains(page.felt)) return;
    peekFrame = requestAnimationFrame(() => {
      peekFrame = 0;
      showDealerPeek();
    });
  },
  { passive: true },
);

// Keyboard shortcuts on the table page (installed once; inactive on other pages).
document.addEventListener("keydown", (event) => {
  if (!page.felt || !document.body.contains(page.felt)) return;
  const handled = handleKey(event, {
    spot: (n, side) => {
      if (inRound() || n > app.table.spots.length) return;
      const blocked = playBlock();
      if (blocked) return announce(blocked); // the circles are greyed out: the key says why
      const offer = side ? app.table.side_bets[0] : null;
      if (side && !offer) return;
      placeChip(n - 1, offer);
    },
    chip: (step) => {
      if (inRound() || app.busy || playBlock()) return;
      const states = chipStates(app.table, app.table.balance);
      const usable = app.table.chips.filter((/** @type {number} */ v) => !states.get(v));
      const at = usable.indexOf(app.chip);
      const next = usable[Math.max(0, Math.min(usable.length - 1, (at < 0 ? 0 : at) + step))];
      if (next !== undefined) {
        app.chip = next;
        drawControls();
        announce(t("table.chip", { amount: formatMoney(next) }));
      }
    },
    help: () => /** @type {HTMLDialogElement | null} */ (document.getElementById("help"))?.showModal(),
    skip,
    dealing: () => page.dealing,
  });
  if (handled) event.preventDefault();
});
