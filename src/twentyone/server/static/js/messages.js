import { ApiError } from "./api.js";

// Messages for the player: one plain sentence, in a message area that sits in the page's flow
// (the table's own line above its controls, else the line under the top bar), so it never
// covers a control. Errors are announced (role=alert); they clear on the next message or after
// a while.

/** Sentences for the common refusals when the server's error body has none. */
const FALLBACK = {
  "invalid-bet": "That bet is not allowed here.",
  "insufficient-funds": "Your balance does not cover that.",
  "illegal-action": "That move is not open to you now.",
  "stale-action": "The table had already moved on; it now shows where the round stands.",
  "round-in-progress": "Finish the round in progress first.",
  "no-round": "There is no round in progress.",
  "not-authenticated": "Your session ended; please reload the page.",
  "unknown-variant": "There is no such table.",
};

/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;

/**
 * Shows one sentence to the player.
 * @param {string} text
 * @param {"error" | "info"} [kind]
 */
export function showMessage(text, kind = "info") {
  const box = document.getElementById("notice") || document.getElementById("messages");
  if (!box) return;
  box.replaceChildren();
  const line = document.createElement("p");
  line.className = `notice ${kind}`;
  line.setAttribute("role", kind === "error" ? "alert" : "status");
  line.textContent = text;
  box.append(line);
  clearTimeout(timer);
  timer = setTimeout(() => line.remove(), kind === "error" ? 9000 : 5000);
}

/** Removes the message on screen (a new action starts). */
export function clearMessage() {
  clearTimeout(timer);
  for (const id of ["notice", "messages"]) {
    const box = document.getElementById(id);
    if (box) box.replaceChildren();
  }
}

/**
 * Kept for the pages: ``code`` is never shown to the player.
 * @param {string | null} _code
 * @param {string} message
 * @param {"error" | "info"} [kind]
 */
export function toast(_code, message, kind = "error") {
  showMessage(message, kind);
}

/**
 * The sentence a person reads for an error.
 * @param {unknown} error
 */
export function errorSentence(error) {
  if (error instanceof ApiError) {
    if (error.sentence && error.sentence !== ApiError.GENERIC) return error.sentence;
    return FALLBACK[/** @type {keyof typeof FALLBACK} */ (error.code)] || ApiError.GENERIC;
  }
  return "The server could not be reached. Check the connection and try again.";
}

/** @param {unknown} error */
export function showError(error) {
  if (!(error instanceof ApiError)) console.error(error);
  showMessage(errorSentence(error), "error");
}
