// Optional table sounds: short WebAudio tones (no downloaded files), off until the player
// switches them on; the choice is remembered.

const KEY = "twentyone.sound";
/** @type {AudioContext | null} */
let context = null;

export function soundOn() {
  return localStorage.getItem(KEY) === "on";
}

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on && !context) context = new AudioContext();
}

/**
 * @param {number} frequency
 * @param {number} seconds
 * @param {number} [delay]
 * @param {OscillatorType} [type]
 * @param {number} [volume]
 */
function tone(frequency, seconds, delay = 0, type = "triangle", volume = 0.08) {
  if (!soundOn()) return;
  if (!context) context = new AudioContext();
  const at = context.currentTime + delay;
  const osc = context.createOscillator();
  const gain = context.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + seconds);
  osc.connect(gain).connect(context.destination);
  osc.start(at);
  osc.stop(at + seconds + 0.02);
}

/** A card slides onto the felt. */
export function cardSound() {
  tone(900, 0.05, 0, "square", 0.03);
}

/** The hole card turns over. */
export function flipSound() {
  tone(520, 0.08, 0, "triangle", 0.05);
}

/** Chips move. */
export function chipSound() {
  tone(1400, 0.04, 0, "sine", 0.05);
  tone(1800, 0.04, 0.05, "sine", 0.04);
}

/** A round won (net above zero). */
export function winSound() {
  [523, 659, 784, 1047].forEach((f, i) => tone(f, 0.18, i * 0.09, "triangle", 0.07));
}
