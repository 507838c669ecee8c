// The felt: dealer, shoe, spots with their hands, bet circles and side-bet circles. Built once
// per table page and then updated in place (keyed by spot and hand), so a card that arrives is
// one new element and nothing already on the felt moves sideways.

import { SUITS, cardNode, chipStack } from "../cards.js";
import { el } from "../dom.js";
import { formatMoney, handLabel, outcomeName, sideBetName, sideOutcomeName, t } from "../names.js";

const PER_ROW = 4; // cards per row of a hand's cascade (a fifth card starts a row below)
const WIN = new Set(["win", "blackjack", "charlie", "even-money"]);

/**
 * Table positions from left to right: position 0 is the rightmost spot (played first).
 * @param {number} count
 */
export function leftToRight(count) {
  return Array.from({ length: count }, (_, i) => count - 1 - i);
}

/** @param {string} name a display name */
function initials(name) {
  return name
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((word) => (/^\d/.test(word) ? word : word[0].toUpperCase()))
    .join("");
}

/**
 * @typedef {object} FeltHandlers
 * @property {(pos: number) => void} bet a click on a main bet circle
 * @property {(pos: number, side: any) => void} sideBet a click on a side-bet circle
 * @property {(pos: number) => void} [decrease] European's Decrease (−)
 */

/**
 * @param {any} table TableOut
 * @param {boolean} stepper European: bets with Increase (+) / Decrease (−)
 * @param {FeltHandlers} handlers
 * @returns {HTMLElement}
 */
export function buildFelt(table, stepper, handlers) {
  const spots = el("div", { class: "spots", id: "spots", dataset: { count: table.spots.length } });
  for (const pos of leftToRight(table.spots.length)) {
    const name = handLabel(pos + 1, 1, 1);
    const circles = el(
      "div",
      { class: "circles" },
      el("button", {
        class: "bet-circle",
        type: "button",
        dataset: { pos, name: t("felt.bet-on", { spot: name }) },
        onclick: () => handlers.bet(pos),
      }),
      table.side_bets.map((offer) =>
        el("button", {
          class: "side-circle",
          type: "button",
          dataset: { side: offer.name, pos, name: t("felt.side-bet-on", { side_bet: sideBetName(offer.name), spot: name }) },
          title: sideBetName(offer.name),
          onclick: () => handlers.sideBet(pos, offer),
        }),
      ),
    );
    const spot = el(
      "div",
      { class: "spot", dataset: { pos }, role: "group", "aria-label": name },
      el("div", { class: "hands" }),
      el("div", { class: "insured", hidden: true }),
      circles,
      stepper
        ? el(
            "div",
            { class: "stepper" },
            el("button", { class: "btn secondary step", type: "button", id: `btn-decrease-${pos}`, "aria-label": t("felt.decrease", { spot: name }), text: "−", onclick: () => handlers.decrease && handlers.decrease(pos) }),
            el("button", { class: "btn secondary step", type: "button", id: `btn-increase-${pos}`, "aria-label": t("felt.increase", { spot: name }), text: "+", onclick: () => handlers.bet(pos) }),
          )
        : null,
      el("div", { class: "spot-name", text: name }),
    );
    spots.append(spot);
  }
  return el(
    "section",
    { class: "felt", id: "felt", "aria-label": t("page.table") },
    el("div", { class: "shoe", id: "shoe", "aria-hidden": "true" }, el("span")),
    // the dealer's cards and the round's line: on a phone held sideways they stay at the top
    // of the window while the rows of split hands scroll under them (table.css)
    el(
      "div",
      { class: "felt-top", id: "felt-top" },
      el(
        "div",
        { class: "dealer-area" },
        el("div", { class: "dealer-tray", id: "dealer-tray", "aria-hidden": "true" }),
        el("div", { class: "cards dealer-cards", id: "dealer-cards" }),
        el("div", { class: "dealer-label", id: "dealer-total", text: t("replay.dealer") }),
      ),
      el(
        "div",
        { class: "felt-line", id: "felt-line" },
        el("p", { class: "message", id: "message" }),
        el("div", { class: "side-wins", id: "side-wins" }),
      ),
    ),
    el("div", { class: "spots-scroll", id: "spots-scroll", role: "region", "aria-label": t("felt.spots"), tabindex: "0", onscroll: (/** @type {Event} */ e) => markEdges(/** @type {HTMLElement} */ (e.currentTarget)) }, spots),
  );
}

/**
 * Marks the sides of the row of spots where more spots lie out of view (a phone): the row
 * fades out there, so a player sees there is more to scroll to.
 * @param {HTMLElement} scroller
 */
function markEdges(scroller) {
  scroller.classList.toggle("more-left", scroller.scrollLeft > 1);
  scroller.classList.toggle("more-right", scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1);
}

/**
 * Makes ``container`` hold exactly ``cards`` (null: face down), reusing what is there.
 * @param {HTMLElement} container
 * @param {(string | null)[]} cards
 * @param {number} perRow
 * @param {{node: HTMLElement, how: "new" | "flip"}[]} changed collects the cards that arrived or turned
 */
function syncCards(container, cards, perRow, changed) {
  const nodes = /** @type {HTMLElement[]} */ ([...container.children]);
  cards.forEach((card, i) => {
    const want = card || "down";
    let node = nodes[i];
    if (node && node.dataset.card === want) {
      // already there
    } else if (node) {
      const fresh = cardNode(card);
      node.replaceWith(fresh);
      changed.push({ node: fresh, how: node.dataset.card === "down" ? "flip" : "new" });
      node = fresh;
    } else {
      node = cardNode(card);
      container.append(node);
      changed.push({ node, how: "new" });
    }
    node.style.setProperty("--c", String(i % perRow));
    node.style.setProperty("--r", String(Math.floor(i / perRow)));
    node.style.zIndex = String(i + 1);
  });
  nodes.slice(cards.length).forEach((node) => node.remove());
  container.style.setProperty("--rows", String(Math.max(1, Math.ceil(cards.length / perRow))));
  container.style.setProperty("--n", String(Math.max(1, Math.min(cards.length, perRow))));
}

/**
 * A hand's total as the felt shows it: "16", "7/17" while an ace counts 11 (the low total
 * first), "Blackjack", "22 Bust".
 * @param {{total: number | null, soft: boolean, blackjack: boolean | null}} h
 */
export function totalText(h) {
  if (h.total === null) return "";
  if (h.blackjack) return t("outcome.blackjack");
  if (h.soft && h.total < 21) return `${h.total - 10}/${h.total}`;
  return h.total > 21 ? t("felt.total-bust", { total: h.total }) : String(h.total);
}

/**
 * The dealer's label: "Dealer · 1/11" with an ace up, "Dealer · 7/17" while a soft hand may
 * still draw, one number once the dealer's hand is complete ("Dealer · 17": a soft 17 the
 * dealer stands on), "Dealer · 24 · bust", "Dealer · Blackjack".
 * @param {import("./model.js").DealerView} d
 */
export function dealerText(d) {
  if (!d.cards.length || d.total === null) return t("replay.dealer");
  if (d.blackjack) return t("felt.dealer-blackjack");
  if (d.total > 21) return t("felt.dealer-bust", { total: d.total });
  return t("replay.dealer-total", { total: totalText({ total: d.total, soft: d.soft && !d.done, blackjack: false }) });
}

/**
 * A hand's result: the outcome's word and the signed net amount ("Win" "+10.00"; a push has
 * no amount). Where a hand's column is narrow the word is for screen readers only (table.css):
 * "Blackjack +750,00" cannot be one line in 100 px, and the hand's badge above already says
 * Blackjack or Bust.
 * @param {{outcome: string | null, returned: number | null, stake: number}} h
 * @returns {{word: string, amount: string, cls: string}}
 */
function outcomeText(h) {
  if (!h.outcome) return { word: "", amount: "", cls: "" };
  const net = (h.returned ?? 0) - h.stake;
  const cls = WIN.has(h.outcome) ? "win" : h.outcome === "push" ? "push" : "lose";
  const amount = net > 0 ? `+${formatMoney(net)}` : net < 0 ? `−${formatMoney(-net)}` : "";
  return { word: outcomeName(h.outcome), amount, cls };
}

/**
 * @typedef {object} FeltView
 * @property {any} table TableOut
 * @property {boolean} betting bets may be placed (no round open)
 * @property {boolean} busy a request or a deal is under way
 * @property {boolean} [tableBets] show the table's bets (no round on the felt)
 */

/**
 * Updates the felt to show ``model`` and returns the cards that arrived or turned over.
 * @param {HTMLElement} felt
 * @param {import("./model.js").FeltModel} model
 * @param {FeltView} view
 */
export function updateFelt(felt, model, view) {
  /** @type {{node: HTMLElement, how: "new" | "flip", where: string}[]} */
  const changed = [];
  /** @type {{node: HTMLElement, how: "new" | "flip"}[]} */
  const dealerChanged = [];
  const dealerCards = /** @type {HTMLElement} */ (felt.querySelector("#dealer-cards"));
  syncCards(dealerCards, model.dealer.cards, 12, dealerChanged);
  dealerChanged.forEach((c) => changed.push({ ...c, where: "dealer" }));
  const dealerTotal = /** @type {HTMLElement} */ (felt.querySelector("#dealer-total"));
  dealerTotal.textContent = dealerText(model.dealer);

  const table = view.table;
  for (const spotNode of /** @type {NodeListOf<HTMLElement>} */ (felt.querySelectorAll(".spot"))) {
    const pos = Number(spotNode.dataset.pos);
    const index = model.positions.indexOf(pos);
    const spotView = index >= 0 ? model.spots.get(index) : undefined;
    const handsBox = /** @type {HTMLElement} */ (spotNode.querySelector(".hands"));
    const hands = spotView ? spotView.hands : [];
    const keep = new Set(hands.map((h) => String(h.hand)));
    for (const node of /** @type {HTMLElement[]} */ ([...handsBox.children])) {
      if (!keep.has(node.dataset.hand || "")) node.remove();
    }
    hands.forEach((h, k) => {
      let node = /** @type {HTMLElement | null} */ (handsBox.querySelector(`.hand[data-hand="${h.hand}"]`));
      if (!node) {
        node = el(
          "div",
          { class: "hand", dataset: { spot: index, hand: h.hand } },
          el("div", { class: "hand-head" }, el("span", { class: "hand-name" }), el("span", { class: "hand-total" })),
          el("div", { class: "cards" }),
          el("div", { class: "hand-foot" }, el("span", { class: "hand-stake" }), el("span", { class: "hand-outcome" })),
        );
      }
      if (handsBox.children[k] !== node) handsBox.insertBefore(node, handsBox.children[k] || null);
      const name = handLabel(pos + 1, k + 1, hands.length);
      node.setAttribute("role", "group");
      node.setAttribute("aria-label", name);
      node.classList.toggle("current", h.current);
      node.classList.toggle("split", hands.length > 1);
      if (h.current) node.setAttribute("aria-current", "true");
      else node.removeAttribute("aria-current");
      /** @type {HTMLElement} */ (node.querySelector(".hand-name")).textContent = hands.length > 1 ? t("felt.hand", { hand: k + 1 }) : "";
      const total = /** @type {HTMLElement} */ (node.querySelector(".hand-total"));
      total.textContent = totalText(h);
      total.classList.toggle("bust", h.total !== null && h.total > 21);
      const cardsBox = /** @type {HTMLElement} */ (node.querySelector(".cards"));
      /** @type {{node: HTMLElement, how: "new" | "flip"}[]} */
      const arrived = [];
      syncCards(cardsBox, h.cards, PER_ROW, arrived);
      arrived.forEach((c) => changed.push({ ...c, where: name }));
      /** @type {HTMLElement} */ (node.querySelector(".hand-stake")).textContent = h.outcome ? "" : h.doubled ? t("felt.stake-doubled", { amount: formatMoney(h.stake) }) : formatMoney(h.stake);
      const outcome = outcomeText(h);
      const outcomeNode = /** @type {HTMLElement} */ (node.querySelector(".hand-outcome"));
      outcomeNode.replaceChildren(
        ...(outcome.word ? [el("span", { class: "outcome-word", text: outcome.amount ? `${outcome.word} ` : outcome.word })] : []),
        ...(outcome.amount ? [el("span", { class: "outcome-amount", text: outcome.amount })] : []),
      );
      outcomeNode.className = `hand-outcome ${outcome.cls}${outcome.amount ? " has-amount" : ""}`;
    });
    spotNode.classList.toggle("has-hands", hands.length > 0);
    spotNode.classList.toggle("many", hands.length > 1);

    const insured = /** @type {HTMLElement} */ (spotNode.querySelector(".insured"));
    insured.hidden = !(spotView && spotView.insured);
    insured.textContent = spotView && spotView.insured ? t("felt.insured", { amount: formatMoney(spotView.insured) }) : "";

    let mainStake = 0;
    /** @type {Record<string, number>} */
    let sideStakes = {};
    /** @type {Record<string, string>} */
    let sideOutcomes = {};
    if (view.tableBets) {
      mainStake = table.spots[pos].bet;
      sideStakes = table.spots[pos].side_bets || {};
    } else if (spotView && model.settled) {
      // Settled: the losing chips were collected, the winners' paid out beside their stake.
      mainStake = hands.reduce((sum, h) => sum + (h.returned ?? 0), 0);
      sideStakes = spotView.sideReturned;
      sideOutcomes = spotView.sideOutcomes;
    } else if (spotView) {
      mainStake = hands.reduce((sum, h) => sum + h.stake, 0);
      sideStakes = spotView.sideStakes;
      sideOutcomes = spotView.sideOutcomes;
    }
    const circle = /** @type {HTMLButtonElement} */ (spotNode.querySelector(".bet-circle"));
    circle.disabled = !view.betting || view.busy;
    circle.classList.toggle("has-bet", mainStake > 0);
    circle.classList.toggle("paid", Boolean(model.settled && mainStake > 0));
    const said = el("span", { class: "visually-hidden", text: `${circle.dataset.name}: ` });
    circle.replaceChildren(said, ...(mainStake ? [chipStack(mainStake), el("span", { class: "stake", text: formatMoney(mainStake) })] : [el("span", { class: "bet-word", "aria-hidden": "true", text: t("felt.bet-word") }), el("span", { class: "visually-hidden", text: t("felt.no-chips") })]));
    for (const side of /** @type {NodeListOf<HTMLButtonElement>} */ (spotNode.querySelectorAll(".side-circle"))) {
      const name = side.dataset.side || "";
      const stake = sideStakes[name];
      const outcome = sideOutcomes[name];
      side.disabled = !view.betting || view.busy;
      side.classList.toggle("has-bet", Boolean(stake));
      side.classList.toggle("won", Boolean(outcome) && outcome !== "lose");
      side.classList.toggle("lost", outcome === "lose");
      // the side bet's initials stay in the circle, its amount on a badge across the edge
      side.replaceChildren(
        el("span", { class: "visually-hidden", text: `${side.dataset.name}: ` }),
        el("span", { class: "side-word", "aria-hidden": "true", text: initials(sideBetName(name)) }),
        stake ? el("span", { class: "stake", text: formatMoney(stake) }) : el("span", { class: "visually-hidden", text: t("felt.no-bet") }),
      );
      side.title = outcome ? `${sideBetName(name)}: ${sideOutcomeName(name, outcome)}` : sideBetName(name);
    }
    for (const step of /** @type {NodeListOf<HTMLButtonElement>} */ (spotNode.querySelectorAll(".stepper .step"))) {
      step.disabled = !view.betting || view.busy || (step.id.startsWith("btn-decrease") && !(table.can_undo && mainStake > 0));
    }
  }
  return changed;
}

/**
 * Scrolls the hand being played (or the first spot with a bet) into view: sideways on a narrow
 * screen, and up or down as little as brings it, and as much around it as the band between the
 * header and the dock holds, into view.
 */
export function showActiveHand() {
  const scroller = document.getElementById("spots-scroll");
  const settled = document.querySelector("#message.win, #message.loss, #message.even, #message.void");
  const active = document.querySelector(".hand.current") || (settled ? document.getElementById("felt-line") : document.querySelector(".spot.has-hands"));
  if (!active) {
    // Before the deal: spot 1 (the rightmost, played first) is in view, and the circles the
    // bets go on are above the controls (a phone held sideways shows no more than them).
    if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    const circle = document.querySelector(".spot .circles");
    const name = document.querySelector(".spot .spot-name");
    if (circle) {
      const [top, bottom] = clearBand(true);
      const r = circle.getBoundingClientRect();
      // the circles with the spots' names under them, else the circles alone
      const low = name && name.getBoundingClientRect().bottom - r.top + 8 <= bottom - top ? name.getBoundingClientRect().bottom : r.bottom;
      if (r.top < top || low > bottom) window.scrollBy({ top: low - bottom + 8, behavior: "auto" });
    }
    if (scroller) markEdges(scroller);
    showDealerPeek();
    return;
  }
  const spot = /** @type {HTMLElement | null} */ (active.closest(".spot"));
  if (scroller && spot && scroller.scrollWidth > scroller.clientWidth) {
    const box = scroller.getBoundingClientRect();
    const r = spot.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right) {
      scroller.scrollBy({ left: r.left + r.width / 2 - (box.left + box.width / 2), behavior: "auto" });
    }
  }
  const [top, bottom] = clearBand(true);
  // Pinned at the top (a phone held sideways), the dealer's cards and the round's line are in
  // view whatever the scroll: the band below them is for the hands alone.
  const pinned = pinnedTop();
  const dealer = document.getElementById("dealer-cards");
  /** @type {Element[][]} */
  let choices;
  if (active.matches(".hand")) {
    // The hand being played and the one played next on its spot (the one a split just made)
    // at least; with them, where the band holds it, the dealer's cards above and the spot's
    // other split hands.
    const hands = [...(active.parentElement?.children || [])].filter((n) => n.matches(".hand"));
    const next = active.nextElementSibling && active.nextElementSibling.matches(".hand") ? active.nextElementSibling : active;
    const spot = [hands[0] || active, hands[hands.length - 1] || next];
    choices = [[dealer, ...spot], [dealer, next], spot, [active, next], [active]];
  } else if (settled) {
    // The dealer's final hand and the round's result with every row's outcomes under them,
    // else the first row's (pinned: the rows of hands from the first).
    const feet = [...document.querySelectorAll(".hand .hand-foot")];
    const last = feet.reduce((a, b) => (b.getBoundingClientRect().bottom > a.getBoundingClientRect().bottom ? b : a), active);
    const row = document.querySelector(".hand[data-hand='0'] .hand-foot") || active;
    const first = pinned ? document.querySelector(".hand[data-hand='0']") || row : dealer;
    // and the circles under the spots with the amounts each bet was paid (their badges hang
    // below them), the spots' names too where the band holds them: part of the result, never
    // left under the dock
    const shown = (/** @type {string} */ selector) => [...document.querySelectorAll(selector)].filter((n) => n.getClientRects().length);
    const paid = shown(".spot .circles, .spot .circles .stake");
    const named = [...paid, ...shown(".spot .spot-name")];
    choices = [[first, last, ...named], [first, last, ...paid], [first, row, ...paid], [first, last], [first, row], [active, row], [active]];
  } else {
    choices = [[dealer, active], [active]];
  }
  // pinned, the dealer's cards are in view whatever the scroll: only what lies below counts
  if (pinned) choices = choices.filter((c) => !c.some((n) => pinned.contains(n)));
  if (!choices.length) choices = [[active]];
  const span = (/** @type {Element[]} */ nodes) => {
    const boxes = nodes.filter(Boolean).map((n) => n.getBoundingClientRect());
    return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
  };
  const r = choices.map(span).find((c) => c.bottom - c.top <= bottom - top) || span(choices[choices.length - 1]);
  // The least scroll that brings it into the band: what is in view already stays put.
  if (r.top < top) window.scrollBy({ top: r.top - top - 4, behavior: "auto" });
  else if (r.bottom > bottom) window.scrollBy({ top: Math.min(r.bottom - bottom + 4, r.top - top), behavior: "auto" });
  if (scroller) markEdges(scroller);
  showDealerPeek();
}

/**
 * While the player decides and the dealer's cards are out of view (a phone held sideways, a
 * spot split into four hands), the dock shows them small, with the dealer's total.
 */
export function showDealerPeek() {
  const peek = document.getElementById("dealer-peek");
  const dealer = document.getElementById("dealer-cards");
  if (!peek || !dealer) return;
  const deciding = document.querySelector(".hand.current, #insurance-buttons");
  const [top, bottom] = clearBand(false);
  const box = dealer.getBoundingClientRect();
  const away = box.top < top - 0.5 || box.bottom > bottom + 0.5;
  const show = Boolean(deciding && dealer.children.length && away);
  const total = document.getElementById("dealer-total");
  const key = `${[...dealer.children].map((n) => /** @type {HTMLElement} */ (n).dataset.card).join(" ")} ${total ? total.textContent : ""}`;
  if (show && peek.dataset.key !== key) {
    // drawn again only when the dealer's cards or total changed (this runs as the page scrolls)
    peek.dataset.key = key;
    const cards = [...dealer.children].map((node) => {
      const card = /** @type {HTMLElement} */ (node).dataset.card || "down";
      if (card === "down") return el("span", { class: "peek-card back", dataset: { card } });
      const red = card[1] === "h" || card[1] === "d";
      return el("span", { class: `peek-card${red ? " red" : ""}`, dataset: { card } }, card[0] === "T" ? "10" : card[0], SUITS[/** @type {"s"} */ (card[1])] || "");
    });
    peek.replaceChildren(el("span", { class: "peek-cards" }, cards), el("span", { class: "peek-total", text: total ? total.textContent || "" : "" }));
  }
  peek.hidden = !show;
}

/**
 * The felt's top (the dealer's cards and the round's line) where it stays at the top of the
 * window as the page scrolls (a phone held sideways), else null.
 * @returns {HTMLElement | null}
 */
function pinnedTop() {
  const node = document.getElementById("felt-top");
  return node && getComputedStyle(node).position === "sticky" ? node : null;
}

/**
 * The band of the window that neither the sticky header nor the controls' dock covers; for
 * the hands (``belowPinned``) the band under the felt's pinned top too, where it would lie once
 * stuck (its height below its sticky offset).
 * @param {boolean} belowPinned
 */
function clearBand(belowPinned) {
  const header = document.querySelector(".topbar");
  let top = header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
  const pinned = belowPinned ? pinnedTop() : null;
  if (pinned) top = Math.max(top, (parseFloat(getComputedStyle(pinned).top) || 0) + pinned.getBoundingClientRect().height);
  const controls = document.getElementById("controls-dock");
  const bottom = controls && getComputedStyle(controls).position === "sticky" ? controls.getBoundingClientRect().top : window.innerHeight;
  return [top, bottom];
}
