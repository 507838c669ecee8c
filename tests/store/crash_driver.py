"""Scripted multi-round play for the crash test: ``crash_driver.py URL KEY NAME ROUNDS SEED``.

Plays until the player has ROUNDS finished rounds, resuming whatever round is unfinished; the
test kills it (SIGKILL) at random moments and starts it again.
"""

from __future__ import annotations

import sys

from twentyone.engine import SpotBet
from twentyone.rng import SeededRandomSource
from twentyone.store.service import TableService


def main(url: str, key: str, name: str, rounds: int, seed: int) -> None:
    service = TableService.open(url, key=key)
    player = service.accounts.get_or_create_player(name).id
    rng = SeededRandomSource(seed)
    print("ready", flush=True)
    while (
        service.records.history(player, limit=1).total
        - (service.play.current_round(player) is not None)
        < rounds
    ):
        state = service.play.current_round(player)
        if state is None or state.status != "open":
            service.seat.set_bets(
                player, "lucky-lucky", [SpotBet.of(1000, {"lucky-lucky": 100}), SpotBet(500)]
            )
            state = service.play.deal(player, "lucky-lucky")
            print("step", flush=True)
        while state.status == "open":
            legal = state.legal_actions
            state = service.play.act(
                player, legal[rng.randbelow(len(legal))], expected_step=state.step
            )
            print("step", flush=True)
    service.close()
    print("done", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
