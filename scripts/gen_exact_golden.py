"""Regenerate the exact base-game golden files (never edit them by hand; STYLE.md item 12).

Writes:

* ``src/twentyone/analysis/exact/golden_rtp.json``: the base-game RTP of every preset, keyed by
  the base-game rules version, read by ``base_game_rtp`` for the rules text;
* ``tests/golden/exact/house_edge.json``: every preset's optimal and basic-strategy figures.

Run: ``.venv/bin/python scripts/gen_exact_golden.py``
"""

from __future__ import annotations

import json
from pathlib import Path

from twentyone.analysis.exact.house_edge import GOLDEN, base_game_rules, house_edge
from twentyone.variants import all_variants

ROOT = Path(__file__).resolve().parent.parent
TESTS_GOLDEN = ROOT / "tests" / "golden" / "exact" / "house_edge.json"


def main() -> None:
    """Compute every preset and write both files."""
    runtime: dict[str, dict[str, object]] = {}
    full: dict[str, dict[str, object]] = {}
    for variant in all_variants():
        rules = base_game_rules(variant.rules)
        entry: dict[str, object] = {"rules_version": rules.version()}
        for kind in ("optimal", "basic"):
            result = house_edge(rules, kind, distribution=True)
            assert result.sd is not None
            entry[kind] = {
                "ev": round(result.ev, 12),
                "rtp": round(result.rtp, 12),
                "ev_per_total_bet": round(result.ev_per_total_bet, 12),
                "expected_stake": round(result.expected_stake, 12),
                "sd": round(result.sd, 12),
            }
            print(f"{variant.name:14} {kind:8} ev {result.ev * 100:+.5f}%  {result.seconds:.2f} s")
        full[variant.name] = entry
        optimal = entry["optimal"]
        assert isinstance(optimal, dict)
        runtime[rules.version()] = {"variant": variant.name, "rtp": optimal["rtp"]}
    GOLDEN.write_text(json.dumps(runtime, indent=2, sort_keys=True) + "\n")
    TESTS_GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    TESTS_GOLDEN.write_text(json.dumps(full, indent=2, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
