"""How fast the browser table deals: DEAL to the first card on the felt, and the whole deal.

A real Chromium against a live server dealing scripted shoes (the browser-test harness). For
each table size it clicks DEAL ``--rounds`` times at the normal dealing speed and prints the
median and the range of: DEAL click to the first card shown, and DEAL click to the last card of
the deal. Also prints the same with dealing set to "instant" (the request round trips alone).
Run with ``python bench/table_deal.py [--rounds N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "server"))

from playwright.sync_api import sync_playwright
from table_browser import CHROMIUM, CHROMIUM_ARGS, LiveServer

TIMING_JS = """
() => new Promise((resolve) => {
  const times = [];
  const start = performance.now();
  const seen = new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('card')) times.push(performance.now() - start);
    }
  });
  seen.observe(document.getElementById('felt'), { childList: true, subtree: true });
  const done = new MutationObserver(() => {
    if (document.getElementById('table-page').dataset.busy === 'false' && times.length) {
      seen.disconnect(); done.disconnect();
      resolve({ first: times[0], last: times[times.length - 1], cards: times.length });
    }
  });
  done.observe(document.getElementById('table-page'), { attributes: true });
  document.getElementById('btn-deal').click();
})
"""


def run(rounds: int, spots: int, speed: str) -> list[dict[str, float]]:
    results = []
    with (
        tempfile.TemporaryDirectory() as home,
        LiveServer(Path(home)) as live,
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.add_init_script(f"localStorage.setItem('twentyone.speed', '{speed}')")
        page = context.new_page()
        page.goto(f"{live.url}/#/table/lucky-ladies")
        page.wait_for_selector("#table-page[data-busy=false]")
        for _ in range(rounds):
            for spot in range(spots):
                body = {"spot": spot, "chip": 1000}
                page.request.post(f"{live.url}/api/tables/lucky-ladies/bets", data=body)
            page.reload()
            page.wait_for_selector("#btn-deal:enabled")
            page.wait_for_selector("#table-page[data-busy=false]")
            live.shoes.stack(" ".join(["9s", "8h"] * spots + ["7c", "5d"]))
            results.append(page.evaluate(TIMING_JS))
            while page.locator("#btn-stand").is_visible():
                page.click("#btn-stand")
                page.wait_for_selector("#table-page[data-busy=false]")
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    for speed in ("normal", "instant"):
        for spots in (1, 7):
            res = run(args.rounds, spots, speed)
            first = [r["first"] for r in res]
            last = [r["last"] for r in res]
            print(
                f"{speed:8s} {spots} spot(s), {int(res[0]['cards'])} cards: DEAL→first card "
                f"median {statistics.median(first):.0f} ms ({min(first):.0f}–{max(first):.0f}), "
                f"full deal median {statistics.median(last):.0f} ms "
                f"({min(last):.0f}–{max(last):.0f})"
            )


if __name__ == "__main__":
    main()
