// The fetch wrapper every call to the server goes through: JSON in and out, same-origin cookies,
// the CSRF header on every state-changing request, an Idempotency-Key where the caller asks, and
// the page's language (Accept-Language), so every sentence the server writes is in it.

import { currentLanguage } from "./names.js";

const CSRF_COOKIE = "twentyone_csrf";

/** An error answer from the server: a stable code, the HTTP status and one sentence for a person. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message the technical message (for logs)
   * @param {string} [sentence] the plain sentence a person reads ("": messages.js finds one)
   */
  constructor(status, code, message, sentence) {
    super(message);
    this.status = status;
    this.code = code;
    this.sentence = sentence || "";
  }
}

/** @type {(() => Promise<void>) | null} */
let reauthenticate = null;
/** @type {((error: ApiError) => void) | null} */
let idle = null;

/**
 * Sets what to do when a registered player's session ended for inactivity (``session-idle``:
 * ask them to log in again); the request is refused as usual.
 * @param {(error: ApiError) => void} handler
 */
export function onSessionIdle(handler) {
  idle = handler;
}

/**
 * Sets what to do when the server says the session is gone (start a new one); the request is
 * then sent once more.
 * @param {() => Promise<void>} handler
 */
export function onUnauthenticated(handler) {
  reauthenticate = handler;
}

/** @returns {string | null} the CSRF token the server set in its cookie, if any */
function csrfToken() {
  for (const part of document.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** @returns {string} a fresh key for one intent (a retry of the same intent reuses it) */
export function newIdempotencyKey() {
  return crypto.randomUUID();
}

/**
 * @typedef {object} ApiOptions
 * @property {string} [idempotencyKey] sent as Idempotency-Key (DEAL, decisions, top-up)
 */

/**
 * Calls the server and returns its JSON answer (null for 204); throws ApiError on an error answer.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {ApiOptions} [options]
 * @returns {Promise<any>}
 */
export async function api(method, path, body, options = {}) {
  return send(method, path, body, options, false);
}

/**
 * @param {string} method
 * @param {string} path
 * @param {unknown} body
 * @param {ApiOptions} options
 * @param {boolean} retried
 * @returns {Promise<any>}
 */
async function send(method, path, body, options, retried) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": currentLanguage() };
  /** @type {RequestInit} */
  const init = { method, credentials: "same-origin", headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (method !== "GET" && method !== "HEAD") {
    const token = csrfToken();
    if (token) headers["X-CSRF-Token"] = token;
  }
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
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
    if (error.code === "not-authenticated" && !retried && reauthenticate) {
      await reauthenticate();
      return send(method, path, body, options, true);
    }
    const failure = new ApiError(response.status, error.code, error.message, error.sentence);
    if (error.code === "session-idle" && idle) idle(failure);
    throw failure;
  }
  return data;
}
