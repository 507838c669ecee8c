// What the felt shows, as plain data: built from the server's round state (the authority), or
// step by step from the round's events (to deal the cards one at a time in the real order).

/**
 * @typedef {object} HandView
 * @property {number} hand the engine's hand number (a key, not what people read)
 * @property {(string | null)[]} cards
 * @property {number | null} total
 * @property {boolean} soft
 * @property {boolean} blackjack
 * @property {number} stake
 * @property {boolean} doubled
 * @property {string | null} outcome
 * @property {number | null} returned
 * @property {boolean} current
 */

/**
 * @typedef {object} SpotView
 * @property {HandView[]} hands in play order
 * @property {number} insured insurance (or even money) stake, 0 if none
 * @property {Record<string, number>} sideStakes
 * @property {Record<string, string>} sideOutcomes
 * @property {Record<string, number>} sideReturned what each settled side bet returned
 */

/**
 * @typedef {object} DealerView
 * @property {(string | null)[]} cards null: face down
 * @property {number | null} total the best total of the cards shown
 * @property {boolean} soft an ace of the cards shown counts 11
 * @property {boolean | null} blackjack
 * @property {boolean} done the dealer's hand is complete (it draws no more): its total reads
 *   as one number, a soft 17 the dealer stands on as "17"
 */

/**
 * @typedef {object} FeltModel
 * @property {string | null} roundId
 * @property {DealerView} dealer
 * @property {Map<number, SpotView>} spots by engine spot
 * @property {number[]} positions engine spot -> table position
 * @property {boolean} [settled] the round is over: circles show what came back
 */

/** @param {string} card */
function points(card) {
  const rank = card[0];
  if (rank === "A") return 1;
  if ("TJQK".includes(rank)) return 10;
  return Number(rank);
}

/**
 * The best total of the cards shown (an ace counts 11 when that does not bust).
 * @param {(string | null)[]} cards
 * @returns {{total: number | null, soft: boolean}}
 */
export function handValue(cards) {
  const shown = /** @type {string[]} */ (cards.filter(Boolean));
  if (!shown.length) return { total: null, soft: false };
  let total = shown.reduce((sum, card) => sum + points(card), 0);
  const soft = shown.some((card) => card[0] === "A") && total + 10 <= 21;
  if (soft) total += 10;
  return { total, soft };
}

/**
 * The dealer's hand for the cards shown (null: face down): two cards making 21 are a blackjack.
 * @param {(string | null)[]} cards
 * @param {boolean} done the dealer draws no more
 * @returns {DealerView}
 */
export function dealerValue(cards, done) {
  const { total, soft } = handValue(cards);
  const blackjack = cards.length === 2 && !cards.includes(null) && total === 21;
  return { cards: [...cards], total, soft, blackjack, done };
}

/**
 * The index of the event from which the dealer's hand is complete: its last card dealt or
 * turned over, where the events reach the round's end (a soft 17 the dealer stands on reads
 * "17" as soon as it is shown); past the end while the round is still being played.
 * @param {any[]} events
 */
export function dealerCompleteFrom(events) {
  if (!events.some((event) => event.type === "RoundSettled")) return Infinity;
  return events.reduce((last, event, i) => ((event.type === "CardDealt" && event.spot === -1) || event.type === "HoleCardRevealed" ? i : last), -1);
}

/** @returns {DealerView} */
function noDealer() {
  return { cards: [], total: null, soft: false, blackjack: null, done: false };
}

/** @returns {SpotView} */
function emptySpot() {
  return { hands: [], insured: 0, sideStakes: {}, sideOutcomes: {}, sideReturned: {} };
}

/**
 * The felt for a round state from the server (RoundOut), or the bets before a deal.
 * @param {any} round RoundOut or null
 * @returns {FeltModel}
 */
export function modelFromRound(round) {
  if (!round) return { roundId: null, dealer: noDealer(), spots: new Map(), positions: [] };
  /** @type {Map<number, SpotView>} */
  const spots = new Map();
  round.positions.forEach((_pos, index) => spots.set(index, emptySpot()));
  const open = round.status === "open";
  for (const h of round.hands) {
    const spot = spots.get(h.spot) || emptySpot();
    spots.set(h.spot, spot);
    spot.hands.push({
      hand: h.hand,
      cards: [...h.cards],
      total: h.total,
      soft: h.soft,
      blackjack: h.blackjack,
      stake: h.stake,
      doubled: h.doubled,
      outcome: h.outcome,
      returned: h.returned,
      current: open && Boolean(round.current) && round.current[0] === h.spot && round.current[1] === h.hand,
    });
  }
  for (const ins of round.insurance) {
    const spot = spots.get(ins.spot);
    if (spot) spot.insured = ins.stake;
  }
  for (const line of round.settlement) {
    const spot = spots.get(line.spot);
    if (!spot) continue;
    if (line.kind === "side") {
      spot.sideStakes[line.name] = line.stake;
      spot.sideReturned[line.name] = line.returned;
    }
    if (line.kind === "insurance") spot.insured = line.stake;
  }
  for (const s of round.side_bets) {
    const spot = spots.get(s.spot);
    if (spot && s.outcome) spot.sideOutcomes[s.name] = s.outcome;
  }
  return {
    roundId: round.round_id,
    dealer: {
      cards: [...round.dealer.cards],
      total: round.dealer.total,
      soft: handValue(round.dealer.cards).soft,
      blackjack: round.dealer.blackjack,
      done: round.status !== "open", // the round is settled only once the dealer has played
    },
    spots,
    positions: [...round.positions],
    settled: round.status !== "open",
  };
}

/**
 * @typedef {object} Frame
 * @property {"card" | "dealer-card" | "hole" | "flip" | "split" | "side" | "settle"} kind
 * @property {FeltModel} model the felt after this step
 * @property {{spot: number, hand: number | null}} [at] where the step happened
 */

/** @param {FeltModel} model */
function copy(model) {
  return {
    roundId: model.roundId,
    dealer: { ...model.dealer, cards: [...model.dealer.cards] },
    spots: new Map([...model.spots].map(([k, s]) => [k, { ...s, hands: s.hands.map((h) => ({ ...h, cards: [...h.cards] })), sideStakes: { ...s.sideStakes }, sideOutcomes: { ...s.sideOutcomes }, sideReturned: { ...s.sideReturned } }])),
    positions: [...model.positions],
  };
}

/**
 * The felt after each visible step of a round's events (SPEC section 3's dealing order is the
 * events' order): one frame per card dealt, per split, per hole card turned, and one for the
 * settlement. Frames are returned only for events from index ``from`` on.
 * @param {any[]} events the round record's events
 * @param {number[]} positions
 * @param {string} roundId
 * @param {number} from
 * @returns {Frame[]}
 */
export function framesFromEvents(events, positions, roundId, from) {
  /** @type {FeltModel} */
  const model = { roundId, dealer: noDealer(), spots: new Map(), positions: [...positions] };
  positions.forEach((_pos, index) => model.spots.set(index, emptySpot()));
  /** @type {Frame[]} */
  const frames = [];
  /** @type {{spot: number, hand: number} | null} */
  let splitting = null;
  let hole = -1; // index of the face-down dealer card
  let settling = false;
  /** @param {number} index */
  const spotAt = (index) => {
    if (!model.spots.has(index)) model.spots.set(index, emptySpot());
    return /** @type {SpotView} */ (model.spots.get(index));
  };
  /** @param {number} spot @param {number} hand */
  const handAt = (spot, hand) => spotAt(spot).hands.find((h) => h.hand === hand);
  /** @param {HandView} h */
  const retotal = (h) => {
    const value = handValue(h.cards);
    h.total = value.total;
    h.soft = value.soft;
  };
  const redealer = () => {
    Object.assign(model.dealer, dealerValue(model.dealer.cards, model.dealer.done));
  };
  const complete = dealerCompleteFrom(events);
  /** @param {number} i @param {Frame["kind"]} kind @param {{spot: number, hand: number | null}} [at] */
  const emit = (i, kind, at) => {
    model.dealer.done = i >= complete;
    if (i >= from) frames.push({ kind, model: copy(model), at });
  };
  events.forEach((event, i) => {
    switch (event.type) {
      case "WagerPlaced": {
        const spot = spotAt(event.spot);
        if (event.kind === "side") spot.sideStakes[event.name] = event.stake;
        else if (event.kind === "insurance") spot.insured += event.stake;
        else if (event.name === "double") {
          const h = handAt(event.spot, event.hand);
          if (h) {
            h.stake += event.stake;
            h.doubled = true;
          }
        } else if (event.name === "split" && splitting) {
          const source = handAt(splitting.spot, splitting.hand);
          const at = source ? spot.hands.indexOf(source) + 1 : spot.hands.length;
          const moved = source ? source.cards.pop() : null;
          if (source) retotal(source);
          /** @type {HandView} */
          const fresh = { hand: event.hand, cards: moved ? [moved] : [], total: null, soft: false, blackjack: false, stake: event.stake, doubled: false, outcome: null, returned: null, current: false };
          retotal(fresh);
          spot.hands.splice(at, 0, fresh);
          splitting = null;
          emit(i, "split", { spot: event.spot, hand: event.hand });
        } else if (!handAt(event.spot, event.hand ?? 0)) {
          spot.hands.push({ hand: event.hand ?? 0, cards: [], total: null, soft: false, blackjack: false, stake: event.stake, doubled: false, outcome: null, returned: null, current: false });
        }
        break;
      }
      case "CardDealt":
        if (event.spot === -1) {
          if (event.face_down) hole = model.dealer.cards.length;
          model.dealer.cards.push(event.face_down ? null : event.card);
          redealer();
          emit(i, event.face_down ? "hole" : "dealer-card", { spot: -1, hand: null });
        } else {
          const h = handAt(event.spot, event.hand);
          if (h) {
            h.cards.push(event.card);
            retotal(h);
            h.blackjack = h.cards.length === 2 && h.total === 21 && spotAt(event.spot).hands.length === 1;
          }
          emit(i, "card", { spot: event.spot, hand: event.hand });
        }
        break;
      case "Decided":
        if (event.action === "split") splitting = { spot: event.spot, hand: event.hand };
        break;
      case "HoleCardRevealed":
        if (hole >= 0) model.dealer.cards[hole] = event.card;
        redealer();
        emit(i, "flip", { spot: -1, hand: null });
        break;
      case "SideBetResolved": {
        spotAt(event.spot).sideOutcomes[event.name] = event.outcome;
        emit(i, "side", { spot: event.spot, hand: null });
        break;
      }
      case "WagerSettled": {
        const line = event.line;
        if (line.kind === "hand") {
          const h = handAt(line.spot, line.hand);
          if (h) {
            h.outcome = line.outcome;
            h.returned = line.returned;
          }
        }
        settling = true;
        break;
      }
      case "RoundSettled":
        if (settling) emit(i, "settle");
        break;
      default:
        break;
    }
  });
  return frames;
}
