"""The fast kernel plays exactly as the engine, round by round, on the same shoes (SPEC 8).

"a fast simulator that plays the same rules and strategy [...] must agree with the engine card
for card on the same shoes". The engine (``Round`` played by ``basic_strategy(rules)``) deals
seeded rounds; the kernel is then dealt (a) the very cards each engine round drew, and (b) the
shoes it shuffles itself from the same seed. Every per-round field must be identical: stakes,
returns, side-bet outcome and return, every hand's outcome, the round's events, the number of
cards drawn and the dealer's total.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from twentyone.analysis.simulate.engine_play import engine_records
from twentyone.analysis.simulate.fast import WordStream, scripted_records, shuffled_records
from twentyone.analysis.simulate.kernel import FIELDS
from twentyone.analysis.simulate.run import SimPath, choose_path
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.rng import SeededRandomSource
from twentyone.rules import DoubleOn, PeekMode, Rules, SideBetRules, SplitBy, Surrender
from twentyone.sidebets.paytables import SideBetName
from twentyone.variants import all_variants, find_variant

ROUNDS = 4000


def _first_difference(engine: npt.NDArray[np.int64], kernel: npt.NDArray[np.int64]) -> str:
    rows = np.nonzero((engine != kernel).any(axis=1))[0]
    if not len(rows):
        return ""
    k = int(rows[0])
    return (
        f"{len(rows)} rounds differ; first: round {k}: engine "
        f"{dict(zip(FIELDS, engine[k].tolist(), strict=True))} kernel "
        f"{dict(zip(FIELDS, kernel[k].tolist(), strict=True))}"
    )


def _check(rules: Rules, seed: int, rounds: int) -> None:
    deals: list[list[int]] = []
    engine = engine_records(rules, seed, rounds, deals=deals)
    tables = kernel_tables(rules)
    scripted = scripted_records(tables, deals)
    assert not _first_difference(engine, scripted), _first_difference(engine, scripted)
    shuffled = shuffled_records(tables, seed, rounds)
    assert not _first_difference(engine, shuffled), _first_difference(engine, shuffled)


@pytest.mark.parametrize("variant", [v.name for v in all_variants()])
def test_kernel_equals_engine_round_by_round(variant: str) -> None:
    """Every registered variant: thousands of seeded rounds, identical records."""
    rules = find_variant(variant).rules
    assert choose_path(rules) == (SimPath.NUMBA, None)
    _check(rules, seed=sum(map(ord, variant)), rounds=ROUNDS)


def test_the_rounds_cover_the_rules_that_matter() -> None:
    """The equality above is only as good as the rounds it sees: the variants' rounds include
    doubles, splits, busts, dealer and player blackjacks, refunds (no peek) and side-bet wins."""
    seen: dict[str, int] = {}
    for variant in ("lucky-lucky", "european", "lucky-ladies"):
        rules = find_variant(variant).rules
        records = shuffled_records(kernel_tables(rules), 11, 200_000)
        flags = records[:, FIELDS.index("flags")]
        for bit, name in ((1, "double"), (2, "split"), (8, "dealer-bj"), (128, "refund")):
            seen[name] = seen.get(name, 0) + int(np.count_nonzero(flags & bit))
        hands = records[:, FIELDS.index("hands")]
        seen["three-or-four-hands"] = seen.get("three-or-four-hands", 0) + int(
            np.count_nonzero(hands >> 8)
        )
    assert all(count > 0 for count in seen.values()), seen


# Rule sets beyond the presets, chosen to reach what the presets rarely or never do: Charlie
# wins at 5 cards, 6:5 blackjack (rounded up), a dealer hitting soft 17, a side-bet cap that
# bites, resplitting and hitting split aces, splitting by rank to four hands, double on 10-11
# only, a single deck, no-hole-card Charlie that only stands.
EXTRA_RULES = {
    "charlie-5-6to5-h17-cap": find_variant("lucky-lucky").rules.replace(
        charlie_cards=5,
        blackjack_pays=Fraction(6, 5),
        dealer_hits_soft_17=True,
        side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 100, aggregate_cap=250),),
    ),
    "resplit-hit-aces-by-rank-1-deck": Rules(
        decks=1,
        double_on=DoubleOn.TEN_TO_ELEVEN,
        split_by=SplitBy.RANK,
        max_split_hands=4,
        resplit_aces=True,
        hit_split_aces=True,
        double_after_split=False,
    ),
    "enhc-charlie-5-stands": find_variant("european").rules.replace(
        charlie_cards=5, dealer_hits_soft_17=True, double_on=DoubleOn.ANY
    ),
    "lucky-7-no-peek": find_variant("lucky-7").rules.replace(
        peek=PeekMode.NONE, bj_takes_double_vs_ten=False, bj_takes_split_vs_ace=False
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXTRA_RULES))
def test_kernel_equals_engine_on_other_rules(name: str) -> None:
    """The same equality on rule sets that stress the rarer switches."""
    _check(EXTRA_RULES[name], seed=len(name), rounds=ROUNDS)


def test_unsupported_rules_fall_back_to_the_engine() -> None:
    """Surrender and a side bet in a no-hole-card game are left to the engine."""
    surrender = Rules(surrender=Surrender.LATE)
    assert choose_path(surrender)[0] is SimPath.ENGINE
    enhc_side = find_variant("european").rules.replace(
        side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 10_000),)
    )
    path, reason = choose_path(enhc_side)
    assert path is SimPath.ENGINE
    assert reason is not None and "no-hole-card" in reason


def test_word_stream_is_the_seeded_source_stream() -> None:
    """The kernel reads the words ``SeededRandomSource`` reads, in order: drawing ``randbelow(n)``
    with rejection over those words gives the source's own numbers."""
    source = SeededRandomSource(2024)
    words = WordStream(2024).take(3).tolist()
    n = 312
    limit = 2**32 - 2**32 % n
    mine = [w % n for w in words if w < limit][:5000]
    assert mine == [source.randbelow(n) for _ in range(5000)]
