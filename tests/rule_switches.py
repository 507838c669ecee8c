"""Every rule switch with a Hypothesis strategy for its values: what the property tests over
rule sets draw from (the catalogue's rules, the largest-win search)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from twentyone.rules import DoubleOn, PeekMode, SplitBy, Surrender

SWITCHES: dict[str, st.SearchStrategy[Any]] = {
    "decks": st.integers(1, 8),
    "max_spots": st.integers(1, 7),
    "dealer_hits_soft_17": st.booleans(),
    "peek": st.sampled_from(list(PeekMode)),
    "dealer_first_card_face_down": st.booleans(),
    "bj_takes_double_vs_ace": st.booleans(),
    "bj_takes_split_vs_ten": st.booleans(),
    "double_on": st.sampled_from(list(DoubleOn)),
    "double_hard_only": st.booleans(),
    "double_after_split": st.booleans(),
    "split_by": st.sampled_from(list(SplitBy)),
    "max_split_hands": st.integers(1, 4),
    "resplit_aces": st.booleans(),
    "hit_split_aces": st.booleans(),
    "blackjack_pays": st.sampled_from([Fraction(3, 2), Fraction(6, 5), Fraction(1)]),
    "insurance": st.booleans(),
    "even_money": st.booleans(),
    "charlie_cards": st.none() | st.integers(5, 11),
    "charlie_wins": st.booleans(),
    "surrender": st.sampled_from(list(Surrender)),
}
