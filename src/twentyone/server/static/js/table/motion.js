// Dealing you can follow: how fast cards move, skipping, and the moves themselves (Web
// Animations). prefers-reduced-motion keeps the order and the pauses but drops the movement.

const SPEED_KEY = "twentyone.speed"; // "normal" (default), "fast", "instant"; tests may set a number of ms

/** @returns {number} milliseconds between two cards of a deal */
export function cardPause() {
  const setting = localStorage.getItem(SPEED_KEY);
  if (setting === "instant") return 0;
  if (setting === "fast") return 160;
  const ms = Number(setting);
  if (setting && Number.isFinite(ms) && ms >= 0) return ms;
  return 300;
}

/** @param {string} speed "normal" | "fast" | "instant" */
export function setSpeed(speed) {
  localStorage.setItem(SPEED_KEY, speed);
}

/** @returns {string} the speed setting's name for the settings menu */
export function speedName() {
  const setting = localStorage.getItem(SPEED_KEY);
  return setting === "fast" || setting === "instant" ? setting : "normal";
}

export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

let skipping = false;
/** @type {(() => void) | null} */
let wake = null;

/** Finishes the deal in progress at once (the SKIP button, Escape, a click on the felt). */
export function skip() {
  skipping = true;
  document.getAnimations().forEach((a) => {
    if (a.id === "deal") a.finish();
  });
  if (wake) wake();
}

export function beginSequence() {
  skipping = false;
}

export function isSkipping() {
  return skipping;
}

/**
 * Waits ``ms`` unless the player skips.
 * @param {number} ms
 */
export function pause(ms) {
  if (skipping || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wake = null;
      resolve(undefined);
    }
    wake = done;
  });
}

/**
 * A card flies from the shoe to where it lies.
 * @param {HTMLElement} card
 * @param {number} ms
 */
export function dealFromShoe(card, ms) {
  const shoe = document.getElementById("shoe");
  if (!shoe || skipping || ms <= 0) return;
  if (reducedMotion()) {
    card.animate([{ opacity: 0 }, { opacity: 1 }], { duration: Math.min(ms, 150), id: "deal" });
    return;
  }
  const from = shoe.getBoundingClientRect();
  const to = card.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  card.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) rotate(-25deg) scale(.8)`, opacity: 0.4 },
      { transform: "none", opacity: 1 },
    ],
    { duration: Math.max(120, ms * 0.8), easing: "cubic-bezier(.2,.7,.3,1)", id: "deal" },
  );
}

/**
 * The hole card turns over.
 * @param {HTMLElement} card
 * @param {number} ms
 */
export function flip(card, ms) {
  if (skipping || ms <= 0 || reducedMotion()) return;
  card.animate([{ transform: "rotateY(90deg)" }, { transform: "none" }], { duration: Math.max(120, ms), easing: "ease-out", id: "deal" });
}

/**
 * A chip moves between a bet circle and the dealer's tray: collected (to the tray) or paid
 * (from the tray). The moving chip is a copy; the circle itself is redrawn afterwards.
 * @param {HTMLElement} circle
 * @param {"collect" | "pay"} way
 * @param {number} ms
 */
export function moveChip(circle, way, ms) {
  const tray = document.getElementById("dealer-tray");
  if (!tray || skipping || ms <= 0 || reducedMotion()) return;
  const [chip, dx, dy] = flyingChip(`chip mini flying ${way}`, circle, tray);
  const atTray = { transform: `translate(${dx}px, ${dy}px) scale(.7)`, opacity: 0.2 };
  const atCircle = { transform: "none", opacity: 1 };
  const frames = way === "collect" ? [atCircle, atTray] : [atTray, atCircle];
  fly(chip, frames, { duration: Math.max(150, ms * 1.4), easing: "ease-in-out", id: "deal" });
}

/**
 * A chip placed: a copy flies from the rack onto the circle it was put on (the circle shows the
 * new stack at once). Nothing moves when motion is reduced or the pace is instant.
 * @param {Element} from the chip in the rack
 * @param {Element} to the bet circle
 * @param {number} value the chip's value (its colour)
 */
export function throwChip(from, to, value) {
  const ms = cardPause();
  if (skipping || ms <= 0 || reducedMotion()) return;
  const [chip, dx, dy] = flyingChip(`chip mini flying place v${value}`, to, from);
  const frames = [{ transform: `translate(${dx}px, ${dy}px) scale(1.4)` }, { transform: "none" }];
  fly(chip, frames, { duration: Math.max(150, ms), easing: "ease-out", id: "place" });
}

/**
 * A copy of a chip for a flight, resting on the centre of `at`, and how far `other`'s centre is
 * from there.
 * @param {string} cls the copy's classes
 * @param {Element} at where the copy rests when its animation is not running
 * @param {Element} other the flight's other end
 * @returns {[HTMLElement, number, number]} the copy, and the offset to `other` in px
 */
function flyingChip(cls, at, other) {
  const a = at.getBoundingClientRect();
  const b = other.getBoundingClientRect();
  const chip = document.createElement("span");
  chip.className = cls;
  chip.setAttribute("aria-hidden", "true");
  chip.style.left = `${a.left + a.width / 2 - 12}px`;
  chip.style.top = `${a.top + a.height / 2 - 12}px`;
  document.body.append(chip);
  return [chip, b.left + b.width / 2 - (a.left + a.width / 2), b.top + b.height / 2 - (a.top + a.height / 2)];
}

/**
 * Runs a flight and removes the copy when it ends or is cancelled.
 * @param {HTMLElement} chip
 * @param {Keyframe[]} frames
 * @param {KeyframeAnimationOptions} options
 */
function fly(chip, frames, options) {
  const move = chip.animate(frames, options);
  move.onfinish = () => chip.remove();
  move.oncancel = () => chip.remove();
}
