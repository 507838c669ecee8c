"""What the table's browser tests share: a live server dealing scripted shoes, Chromium, and the
geometry of the felt measured in the page (imported as a top-level module by pytest)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from cryptography.fernet import Fernet
from server_helpers import Shoes, quick_rtp

from twentyone.server import create_app
from twentyone.server.settings import ServerSettings
from twentyone.store.service import TableService

CHROMIUM = os.environ.get("TWENTYONE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("TWENTYONE_SCREENSHOTS", "/tmp"))
ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

VIEWPORTS = {
    "desktop": {"width": 1280, "height": 800},
    "laptop": {"width": 1024, "height": 768},
    "phone": {"width": 390, "height": 844},
    "landscape": {"width": 844, "height": 390},
}
PHONES = {"phone", "landscape"}


def missing(message: str) -> None:
    """Fail under CI, skip elsewhere (a machine without Chromium or Node packages)."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """A Uvicorn server in a thread over a service dealing scripted shoes."""

    def __init__(self, home: Path) -> None:
        self.shoes = Shoes()
        self.service = TableService.open(
            f"sqlite:///{home / 'table.db'}", key=Fernet.generate_key(), shoe_factory=self.shoes
        )
        # every test is a new visitor from 127.0.0.1: a module's tests must not meet the
        # guest throttle (20 new players per address per hour), however the workers split them
        settings = ServerSettings(password_cost=2**10, guests_per_client=1_000)
        app = create_app(self.service, settings=settings, rtp=quick_rtp)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.service.close()


def chromium() -> Iterator[Any]:
    """Headless Chromium, or a skip (a failure under CI) when it is missing."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - depends on the machine
        missing("the playwright package is not installed (pip install playwright)")
        return
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        missing(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


GEOMETRY_JS = (Path(__file__).parent / "table_geometry.js").read_text()
"""Measures the felt in the page: cards, labels, hands, the scroll area, the active hand."""


def _overlap(a: dict[str, float], b: dict[str, float], slack: float = 0.5) -> bool:
    return (
        a["left"] < b["right"] - slack
        and b["left"] < a["right"] - slack
        and a["top"] < b["bottom"] - slack
        and b["top"] < a["bottom"] - slack
    )


BADGE_GAP = 2.0
"""The least room in CSS pixels between two circles' amount badges."""


def _covers_disc(circle: dict[str, float], box: dict[str, float], slack: float = 0.5) -> bool:
    """A box lies over a round circle (not only over the corners of its bounding square)."""
    r = (circle["right"] - circle["left"]) / 2
    cx, cy = circle["left"] + r, circle["top"] + r
    dx = max(box["left"] - cx, 0.0, cx - box["right"])
    dy = max(box["top"] - cy, 0.0, cy - box["bottom"])
    return bool(dx * dx + dy * dy < (r - slack) ** 2)


def layout_faults(geometry: dict[str, Any], phone: bool) -> list[str]:
    """Everything wrong with the felt's layout: overlaps, things cut off, the active hand out
    of view, what the player must see (the hand played next, the whole split spot where it
    fits, the result, the circles to bet on) under the controls' dock, the dealer's up card
    out of view while the player decides, the dealer's cards out of view when the round
    settles, amount badges touching, results under 12 px, card ranks too small on a phone, the
    header over the dealer's cards."""
    faults: list[str] = []
    cards, labels, hands = geometry["cards"], geometry["labels"], geometry["hands"]
    # Cards of different hands (and the dealer's) never touch; within one hand's cascade a
    # later card may lie over an earlier one but never over its rank and suit.
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            if a["pinned"] != b["pinned"]:
                continue  # a row scrolled under the pinned top is covered (checked below)
            if a["group"] != b["group"]:
                if _overlap(a["box"], b["box"]):
                    faults.append(f"card {a['name']} overlaps card {b['name']}")
            else:
                low, high = (a, b) if a["z"] < b["z"] else (b, a)
                if low["corner"] is not None and _overlap(low["corner"], high["box"]):
                    faults.append(f"card {high['name']} covers the rank of {low['name']}")
    for i, a in enumerate(hands):
        for b in hands[i + 1 :]:
            if a["pinned"] == b["pinned"] and _overlap(a["box"], b["box"]):
                faults.append(f"hand {a['name']} overlaps hand {b['name']}")
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            # an amount's badge lies across its own circle's edge
            if a["name"] == b["circle"] or b["name"] == a["circle"] or a["pinned"] != b["pinned"]:
                continue
            if a["round"] != b["round"] and (a["circle"] or b["circle"]):
                # another circle's amount badge beside a circle: over its ring or not
                circle, badge = (a, b) if a["round"] else (b, a)
                if _covers_disc(circle["box"], badge["box"]):
                    faults.append(f"label {badge['name']} overlaps circle {circle['name']}")
            elif _overlap(a["box"], b["box"]):
                faults.append(f"label {a['name']} overlaps label {b['name']}")
            elif a["circle"] and b["circle"] and _overlap(a["box"], b["box"], -BADGE_GAP):
                # two circles' amounts read as one number where their badges touch
                faults.append(f"badge {a['name']} touches badge {b['name']}")
        for c in cards:
            if a["pinned"] == c["pinned"] and _overlap(a["box"], c["box"]):
                faults.append(f"label {a['name']} overlaps card {c['name']}")
    width = geometry["viewport"]["width"]
    scroll = geometry["scroll"]
    for item in [*cards, *labels]:
        box = item["box"]
        if item["inScroller"]:
            inside = (
                box["left"] >= scroll["left"] - 0.5
                and box["right"] <= scroll["right"] + 0.5
                and box["top"] >= scroll["top"] - 0.5
                and box["bottom"] <= scroll["bottom"] + 0.5
            )
        else:
            inside = box["left"] >= -0.5 and box["right"] <= width + 0.5 and box["top"] >= -0.5
        if not inside:
            faults.append(f"{item['name']} is cut off ({box})")
    if geometry["page"]["width"] > width + 1:
        faults.append(f"the page is {geometry['page']['width']}px wide in a {width}px viewport")
    faults += [f"{name} is cut off (its text overflows)" for name in geometry["clipped"]]
    faults += [f"{name} runs over its circle's ring" for name in geometry["overRing"]]
    faults += [f"{name} takes two lines" for name in geometry["brokenResults"]]
    if geometry["current"] is not None and not geometry["current"]["visible"]:
        faults.append(f"the hand being played ({geometry['current']['name']}) is out of view")
    faults += [f"{name} is covered or out of view" for name in geometry["covered"]]
    if geometry["resultSizes"] and min(geometry["resultSizes"]) < 12:
        faults.append(f"hands' results are {min(geometry['resultSizes'])}px (at least 12)")
    if phone and geometry["rankSizes"] and min(geometry["rankSizes"]) < 14:
        faults.append(f"card ranks are {min(geometry['rankSizes'])}px on a phone (at least 14)")
    if geometry["dealerMissing"]:
        faults.append("the dealer's up card is out of view while the player decides")
    if geometry["dealerHidden"]:
        faults.append("the dealer's final hand is out of view when the round settles")
    if geometry["headerCoversDealer"]:
        faults.append("the header covers the dealer's cards")
    return faults


SERIOUS = {"serious", "critical"}


def axe_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is drawn now (the page's
    context must bypass the CSP to take the script)."""
    if not AXE.exists():
        missing("node_modules/axe-core is missing: run npm ci")
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("() => axe.run(document).then((r) => r.violations)")
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in SERIOUS
    ]
