// The player-protection page (linked from every page): what each tool does and where to get
// help. The tools themselves are set on the account page.

import { el, mount } from "../dom.js";
import { t } from "../names.js";

/** Help lines: the organisation's name (display text) and its address. */
const HELP = [
  ["protection.help-gamcare", "https://www.gamcare.org.uk/"],
  ["protection.help-begambleaware", "https://www.begambleaware.org/"],
  ["protection.help-ncpg", "https://www.ncpgambling.org/"],
  ["protection.help-ga", "https://www.gamblersanonymous.org/"],
];

const TOOLS = ["session", "reality", "limits", "time-out", "exclusion", "idle"];

export async function renderProtection() {
  mount(
    el("h1", { text: t("protection.title") }),
    el(
      "section",
      { class: "panel protection-info", id: "protection-info" },
      el("p", { text: t("protection.intro") }),
      el("p", { class: "limits", text: t("protection.play-money") }),
      TOOLS.map((tool) => el("div", { class: "tool" }, el("h2", { text: t(`protection.tool-${tool}`) }), el("p", { text: t(`protection.tool-${tool}-text`) }))),
      el("p", {}, el("a", { class: "btn", href: "#/account", id: "protection-settings-link", text: t("protection.open-settings") })),
    ),
    el(
      "section",
      { class: "panel", id: "protection-help" },
      el("h2", { text: t("protection.help") }),
      el("p", { text: t("protection.help-text") }),
      el(
        "ul",
        { class: "help-list" },
        HELP.map(([key, href]) => el("li", {}, el("a", { href, rel: "noopener", target: "_blank", text: t(key) }))),
      ),
    ),
  );
}
