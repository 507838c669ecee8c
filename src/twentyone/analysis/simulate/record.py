"""What the kernel writes: the per-round record (only when asked for) and the tallies.

The engine's reference path (:mod:`.engine_play`) writes the same record and the same tallies,
so checked mode compares the two field by field; :class:`~.stats.Tally` reads the tallies.
"""

from __future__ import annotations

import numpy as np

from twentyone.analysis.simulate.arrays import I64

# -- the per-round record (only when asked for) -----------------------------------------------

F_STAKED = 0
"""Total staked on the hands (initial bets, doubles, splits), minor units."""
F_RETURNED = 1
"""Total returned by the hands, stakes included."""
F_INS_STAKED = 2
"""Staked on insurance."""
F_INS_RETURNED = 3
"""Returned by insurance."""
F_FLAGS = 4
"""``FLAG_*`` bits of the round."""
F_CARDS = 5
"""Cards drawn from the shoe."""
F_DEALER = 6
"""The dealer's final total over the cards dealt to the dealer."""
F_SIDE_RETURNED = 7
"""What the side bets returned, stakes included, over every spot."""
F_SPOT = 8
"""Then three fields per spot: its hands' outcome codes (4 bits per hand, in play order), its
side-bet outcomes (5 bits per side bet: outcome index + 2, so 1 = lost) and what its side bets
returned."""
MAX_SPOTS = 7
N_FIELDS = F_SPOT + 3 * MAX_SPOTS
FIELDS = (
    "staked",
    "returned",
    "insurance_staked",
    "insurance_returned",
    "flags",
    "cards",
    "dealer",
    "side_returned",
    *(f"spot{s}_{k}" for s in range(MAX_SPOTS) for k in ("hands", "sides", "side_returned")),
)
"""The record's field names, in column order."""

# hand outcome codes (0 = not settled yet)
O_WIN, O_BLACKJACK, O_CHARLIE, O_PUSH, O_LOSE, O_BUST, O_DOUBLE_RETURNED = 1, 2, 3, 4, 5, 6, 7
O_SURRENDER, O_EVEN_MONEY, O_BET_RETURNED, O_STAKE_RETURNED = 8, 9, 10, 11
OUTCOME_NAMES = {
    O_WIN: "win",
    O_BLACKJACK: "blackjack",
    O_CHARLIE: "charlie",
    O_PUSH: "push",
    O_LOSE: "lose",
    O_BUST: "bust",
    O_DOUBLE_RETURNED: "bet-lost-double-returned",
    O_SURRENDER: "surrender",
    O_EVEN_MONEY: "even-money",
    O_BET_RETURNED: "bet-returned-double-lost",
    O_STAKE_RETURNED: "stake-returned",
}
"""Hand outcome code → the engine's :class:`~twentyone.engine.Outcome` value."""

FLAG_DOUBLE = 1
FLAG_SPLIT = 2
FLAG_PLAYER_BLACKJACK = 4
FLAG_DEALER_BLACKJACK = 8
FLAG_BUST = 16
FLAG_CHARLIE = 32
FLAG_DEALER_BUST = 64
FLAG_REFUND = 128
FLAG_SURRENDER = 256
FLAG_INSURANCE = 512
FLAG_EVEN_MONEY = 1024
FLAG_NAMES = {
    FLAG_DOUBLE: "double",
    FLAG_SPLIT: "split",
    FLAG_PLAYER_BLACKJACK: "player_blackjack",
    FLAG_DEALER_BLACKJACK: "dealer_blackjack",
    FLAG_BUST: "player_bust",
    FLAG_CHARLIE: "charlie",
    FLAG_DEALER_BUST: "dealer_bust",
    FLAG_REFUND: "dealer_blackjack_refund",
    FLAG_SURRENDER: "surrender",
    FLAG_INSURANCE: "insurance",
    FLAG_EVEN_MONEY: "even_money",
}
"""Round flag bit → name (a round with any hand doubled, split, busted...)."""
N_FLAGS = 11
OUTCOME_FLAGS = np.zeros(16, dtype=np.int64)
"""The round flag a hand's outcome sets (0: none)."""
OUTCOME_FLAGS[[O_BUST, O_CHARLIE, O_SURRENDER]] = (FLAG_BUST, FLAG_CHARLIE, FLAG_SURRENDER)
OUTCOME_FLAGS[[O_DOUBLE_RETURNED, O_BET_RETURNED, O_STAKE_RETURNED]] = FLAG_REFUND

# -- the tallies -------------------------------------------------------------------------------

T_ROUNDS, T_NET, T_NET_SQ, T_STAKED, T_STAKED_SQ, T_NET_STAKED = 0, 1, 2, 3, 4, 5
T_INS_NET, T_INS_NET_SQ, T_SIDE = 6, 7, 8
"""``sums`` columns; the side bets follow from ``T_SIDE``: net and net squared per bet."""
SUM_FIELDS = (
    "rounds",
    "net",
    "net_sq",
    "staked",
    "staked_sq",
    "net_staked",
    "insurance_net",
    "insurance_net_sq",
)
MAX_SIDES = 3
N_SUMS = T_SIDE + 2 * MAX_SIDES


def new_tallies(net_bins: int) -> tuple[I64, I64, I64, I64, I64, I64]:
    """Zeroed tallies: sums, hand outcomes, round flags, spots by hand count, side-bet lines
    (``[bet, outcome + 1]``), net histogram."""
    return (
        np.zeros(N_SUMS, dtype=np.int64),
        np.zeros(16, dtype=np.int64),
        np.zeros(N_FLAGS, dtype=np.int64),
        np.zeros(5, dtype=np.int64),
        np.zeros((MAX_SIDES, 17), dtype=np.int64),
        np.zeros(net_bins, dtype=np.int64),
    )
