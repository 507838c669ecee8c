import { ApiError } from "./api.js";
import { hasText, t } from "./names.js";

// Messages for the player: one plain sentence, in a message area that sits in the page's flow
// (the table's own line above its controls, else the line under the top bar), so it never
// covers a control. Errors are announced (role=alert); they clear on the next message or after
// a while.

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
 * The sentence a person reads for an error: the server's, else the catalogue's for its code.
 * @param {unknown} error
 */
export function errorSentence(error) {
  if (error instanceof ApiError) {
    if (error.sentence) return error.sentence;
    return hasText(`error.${error.code}`) ? t(`error.${error.code}`) : t("error.error");
  }
  return t("error.network");
}

/** @param {unknown} error */
export function showError(error) {
  if (!(error instanceof ApiError)) console.error(error);
  showMessage(errorSentence(error), "error");
}
