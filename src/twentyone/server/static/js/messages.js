import { ApiError } from "./api.js";
import { el } from "./dom.js";

// Messages for the player: errors and notices.

export function toast(code, message, kind = "error") {
  const box = el("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : "status" });
  if (code) box.append(el("code", { text: code }));
  box.append(message);
  document.getElementById("toasts").append(box);
  setTimeout(() => box.remove(), kind === "error" ? 7000 : 3500);
}

export function showError(error) {
  if (error instanceof ApiError) toast(error.code, error.message);
  else toast("network", String(error && error.message ? error.message : error));
}
