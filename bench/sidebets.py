"""Seconds per exact side-bet analysis (issue 3: "Each well under a second").

Run: ``.venv/bin/python bench/sidebets.py [--repeat N]``. Each analysis is timed on a fresh
process-level cache of the dealer-blackjack counts, best of ``N`` runs.
"""

from __future__ import annotations

import argparse
import time

from twentyone.analysis import sidebets
from twentyone.analysis.sidebets import ThirdCard, analyse_side_bet
from twentyone.sidebets.paytables import SideBetName, paytable_names

CASES: list[tuple[SideBetName, int, ThirdCard | None]] = [
    (SideBetName.LUCKY_LUCKY, 6, None),
    (SideBetName.LUCKY_LUCKY, 1, None),
    (SideBetName.LUCKY_7, 8, ThirdCard.UNLESS_DEALER_BLACKJACK),
    (SideBetName.LUCKY_7, 8, ThirdCard.ALWAYS),
    (SideBetName.LUCKY_7, 6, ThirdCard.ALWAYS),
    (SideBetName.LUCKY_LADIES, 6, None),
    (SideBetName.LUCKY_LADIES, 8, None),
]


def main() -> None:
    """Print one line per analysis: side bet, decks, pay table, mode, RTP and seconds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (best is shown)")
    args = parser.parse_args()
    print(f"{'side bet':<13} {'decks':>5} {'pay table':<13} {'third card':<24} {'RTP':>9} seconds")
    for bet, decks, mode in CASES:
        for table in paytable_names(bet):
            best = float("inf")
            for _ in range(args.repeat):
                sidebets._dealer_blackjack_ways.cache_clear()
                start = time.perf_counter()
                analysis = analyse_side_bet(bet, decks, table, mode)
                best = min(best, time.perf_counter() - start)
            print(
                f"{bet:<13} {decks:>5} {table:<13} {mode or '-':<24} "
                f"{float(analysis.rtp) * 100:8.4f}% {best:.4f}"
            )


if __name__ == "__main__":
    main()
