"""The fast kernel plays exactly as the engine, round for round, on the same shoes (SPEC 8).

"a fast simulator that plays the same rules and strategy [...] must agree with the engine card
for card on the same shoes". Checked mode deals the engine (``Round`` played by the same
strategy and insurance policy) and the kernel the same seeded shoes and compares every
per-round field: stakes and returns of the hands and of insurance, every spot's hand outcomes,
side-bet outcomes and returns, the round's events, the number of cards drawn and the dealer's
total; then the tallies.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from twentyone.analysis.exact.strategy import strategy_chart
from twentyone.analysis.simulate import InsurancePolicy, SimPath, SimulationMismatchError
from twentyone.analysis.simulate import fast as fast_module
from twentyone.analysis.simulate.engine_play import engine_rounds
from twentyone.analysis.simulate.fast import WordStream, play
from twentyone.analysis.simulate.kernel import FIELDS, FLAG_NAMES
from twentyone.analysis.simulate.run import (
    Chunk,
    choose_path,
    first_difference,
    make_job,
    run_chunk,
)
from twentyone.analysis.simulate.shoe import quotient, shuffle_tables
from twentyone.analysis.simulate.strategy import find_strategy
from twentyone.analysis.simulate.tables import kernel_tables
from twentyone.rng import SeededRandomSource
from twentyone.rules import DoubleOn, PeekMode, Rules, SideBetRules, SplitBy, Surrender
from twentyone.sidebets.paytables import SideBetName
from twentyone.variants import all_variants, find_variant

ROUNDS = 1500


def _check(
    rules: Rules,
    seed: int,
    rounds: int,
    *,
    spots: int = 1,
    insurance: InsurancePolicy = InsurancePolicy.NEVER,
    strategy: str = "basic",
) -> np.ndarray:
    play_strategy = find_strategy(rules, strategy)
    _, engine = engine_rounds(rules, seed, rounds, play_strategy, spots=spots, insurance=insurance)
    tables = kernel_tables(rules, play_strategy, spots, insurance)
    _, kernel = play(tables, seed, rounds, keep_records=True)
    diff = first_difference(engine, kernel)
    assert not diff, diff
    return kernel


def _cases() -> list[tuple[str, int]]:
    return [(v.name, s) for v in all_variants() for s in sorted({1, v.rules.max_spots})]


@pytest.mark.parametrize(("variant", "spots"), _cases())
def test_kernel_equals_engine_round_by_round(variant: str, spots: int) -> None:
    """Every registered variant on one spot and on its maximum: the same records, round by
    round, with insurance and even money always taken where offered."""
    rules = find_variant(variant).rules
    assert choose_path(rules) == (SimPath.NUMBA, None)
    policy = InsurancePolicy.ALWAYS if rules.insurance else InsurancePolicy.NEVER
    _check(rules, sum(map(ord, variant)) + spots, ROUNDS, spots=spots, insurance=policy)


def test_checked_chunk_compares_the_tallies_too() -> None:
    """Checked mode (the path ``--check`` takes) plays a chunk both ways and returns the
    tally; it equals the fast path's tally of the same chunk."""
    rules = find_variant("lucky-7").rules
    strategy = find_strategy(rules)
    chunk = Chunk(0, 800, np.random.SeedSequence(5))
    checked = run_chunk(make_job(rules, strategy, SimPath.CHECKED, spots=3), chunk)
    fast = run_chunk(make_job(rules, strategy, SimPath.NUMBA, spots=3), chunk)
    engine = run_chunk(make_job(rules, strategy, SimPath.ENGINE, spots=3), chunk)
    assert checked == fast == engine
    assert checked.rounds == 800


def test_a_kernel_that_plays_differently_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked mode stops with ``simulation-mismatch`` when the kernel's play differs (here
    its strategy table is made to stand on everything)."""
    rules = find_variant("standard").rules
    strategy = find_strategy(rules)
    job = make_job(rules, strategy, SimPath.CHECKED)
    assert job.tables is not None
    job.tables.hit[:] = 0
    with pytest.raises(SimulationMismatchError, match="differ"):
        run_chunk(job, Chunk(0, 500, np.random.SeedSequence(1)))
    kernel_tables.cache_clear()


def test_the_rounds_cover_the_rules_that_matter() -> None:
    """The equalities here are only as good as the rounds they see: together they include
    doubles, splits to three or four hands, busts, dealer and player blackjacks, refunds (no
    peek), Charlie, surrender, insurance, even money and side-bet wins."""
    seen: dict[str, int] = {}
    hands_col = FIELDS.index("spot0_hands")
    for rules, spots, policy in (
        (find_variant("lucky-lucky").rules, 5, InsurancePolicy.ALWAYS),
        (find_variant("lucky-7").rules, 3, InsurancePolicy.ALWAYS),
        (EXTRA_RULES["surrender-even-money-h17"], 4, InsurancePolicy.ALWAYS),
        (EXTRA_RULES["charlie-5-6to5-h17-cap"], 5, InsurancePolicy.NEVER),
    ):
        tables = kernel_tables(rules, find_strategy(rules), spots, policy)
        tallies, records = play(tables, 11, 40_000, keep_records=True)
        for f, name in enumerate(FLAG_NAMES.values()):
            seen[name] = seen.get(name, 0) + int(tallies.flags[f])
        seen["three-or-four-hands"] = seen.get("three-or-four-hands", 0) + int(
            np.count_nonzero(records[:, hands_col] >> 8)
        )
        seen["side-bet-win"] = seen.get("side-bet-win", 0) + int(tallies.side_counts[0, 1:].sum())
    assert all(count > 0 for count in seen.values()), seen


# Rule sets beyond the presets, chosen to reach what the presets rarely or never do: Charlie
# wins at 5 cards, 6:5 blackjack (rounded up), a dealer hitting soft 17, side-bet caps that
# bite across spots, resplitting and hitting split aces, splitting by rank to four hands,
# double on 10-11 only, a single deck (where the best insurance choice sometimes insures), a
# no-hole-card Charlie that only stands, surrender with even money, three side bets at once.
EXTRA_RULES = {
    "charlie-5-6to5-h17-cap": find_variant("lucky-lucky").rules.replace(
        charlie_cards=5,
        blackjack_pays=Fraction(6, 5),
        dealer_hits_soft_17=True,
        side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 100, aggregate_cap=250),),
    ),
    "resplit-hit-aces-by-rank-1-deck": Rules(
        decks=1,
        max_spots=3,
        double_on=DoubleOn.TEN_TO_ELEVEN,
        split_by=SplitBy.RANK,
        max_split_hands=4,
        resplit_aces=True,
        hit_split_aces=True,
        double_after_split=False,
        even_money=True,
    ),
    "enhc-charlie-5-stands-lucky-lucky": find_variant("european").rules.replace(
        charlie_cards=5,
        dealer_hits_soft_17=True,
        double_on=DoubleOn.ANY,
        max_spots=3,
        side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 10_000),),
    ),
    "lucky-7-no-peek": find_variant("lucky-7").rules.replace(
        peek=PeekMode.NONE, bj_takes_double_vs_ten=False, bj_takes_split_vs_ace=False
    ),
    "surrender-even-money-h17": Rules(
        surrender=Surrender.LATE,
        even_money=True,
        dealer_hits_soft_17=True,
        max_spots=4,
        double_hard_only=True,
    ),
    "enhc-lucky-7-lucky-ladies": find_variant("european").rules.replace(
        max_spots=3,
        side_bets=(
            SideBetRules(SideBetName.LUCKY_7, "super-sevens", 100, 100),
            SideBetRules(SideBetName.LUCKY_LADIES, "A", 100, 2000, aggregate_cap=1000),
        ),
    ),
    "three-side-bets-capped": Rules(
        max_spots=7,
        side_bets=(
            SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 100, aggregate_cap=300),
            SideBetRules(SideBetName.LUCKY_7, "super-sevens", 100, 100),
            SideBetRules(SideBetName.LUCKY_LADIES, "A", 100, 2000, aggregate_cap=1000),
        ),
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXTRA_RULES))
@pytest.mark.parametrize("strategy", ["basic", "optimal"])
def test_kernel_equals_engine_on_other_rules(name: str, strategy: str) -> None:
    """The same equality on rule sets that stress the rarer switches, on their maximum of
    spots, with the best insurance choice, under both exact strategies."""
    rules = EXTRA_RULES[name]
    _check(
        rules,
        len(name),
        ROUNDS // 2,
        spots=rules.max_spots,
        insurance=InsurancePolicy.BEST,
        strategy=strategy,
    )


def test_best_insurance_insures_exactly_the_hands_it_pays_on() -> None:
    """One deck, insurance paying 21:10: with no ten in hand 16 tens remain among 49 unseen
    cards and insurance is worth 16 × 2.1 − 33 > 0 (taken); with a ten in hand 15 × 2.1 − 34
    < 0 (declined). ``best`` insures some ace-up hands and not others, and the engine plays the
    same decisions."""
    rules = Rules(decks=1, insurance_pays=Fraction(21, 10), max_spots=2)
    records = _check(rules, 4, 4000, spots=1, insurance=InsurancePolicy.BEST)
    insured = records[:, FIELDS.index("insurance_staked")] > 0
    assert 0 < insured.sum() < len(records) / 13


def test_a_chart_file_plays_as_the_engine_does(tmp_path: Path) -> None:
    """``--strategy FILE``: the chart ``twentyone strategy --format json`` writes, read back,
    drives the kernel and the engine alike."""
    rules = find_variant("lucky-ladies").rules
    chart = tmp_path / "chart.json"
    chart.write_text(json.dumps(strategy_chart(rules).to_dict()))
    _check(rules, 9, ROUNDS, spots=2, strategy=str(chart))


def test_the_kernel_reads_the_words_in_any_block_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words come in buffers; a round cut off by the end of one is replayed from the next
    with the very same shoe, so the tallies do not depend on the buffer size."""
    rules = find_variant("lucky-lucky").rules
    tables = kernel_tables(rules, find_strategy(rules), 5)
    whole, records = play(tables, 3, 3000, keep_records=True)
    monkeypatch.setattr(fast_module, "_MAX_BLOCKS", 1)
    cut, cut_records = play(tables, 3, 3000, keep_records=True)
    assert np.array_equal(records, cut_records)
    assert np.array_equal(whole.sums, cut.sums)


def test_every_rule_and_side_bet_is_on_the_kernel() -> None:
    """Nothing falls back to the engine while Numba is installed: every side bet in every
    peek mode (Lucky 7 and Lucky Ladies in a no-hole-card game too) and every rule switch."""
    european = find_variant("european").rules
    for bet in (
        SideBetRules(SideBetName.LUCKY_7, "super-sevens", 100, 100),
        SideBetRules(SideBetName.LUCKY_LADIES, "A", 100, 2000, aggregate_cap=1000),
        SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 100),
    ):
        assert choose_path(european.replace(side_bets=(bet,))) == (SimPath.NUMBA, None)
    assert choose_path(Rules(surrender=Surrender.LATE))[0] is SimPath.NUMBA


def _scripted(rules: Rules, cards: str) -> tuple[np.ndarray, np.ndarray]:
    """The kernel's and the engine's record of one round dealt from ``cards`` in order, the
    hands played by basic strategy."""
    from twentyone.analysis.simulate.engine_play import decider, record, spot_bets
    from twentyone.analysis.simulate.engine_play import play as engine_play
    from twentyone.cards import Shoe, parse_cards
    from twentyone.engine import Round

    shoe = parse_cards(cards)
    strategy = find_strategy(rules)
    rnd = Round.start(rules, spot_bets(rules, 1), Shoe(list(shoe)))
    engine_play(rnd, decider(strategy), rules, InsurancePolicy.NEVER)
    tables = kernel_tables(rules, strategy, 1, InsurancePolicy.NEVER)
    kernel = fast_module.play_shoe(tables, [card.code for card in shoe])
    return kernel, np.array(record(rnd, rules))


def test_an_open_side_bet_makes_a_no_hole_card_dealer_draw() -> None:
    """SPEC 3, "dealer draws when": in a no-hole-card game the dealer draws a second card when
    a wager still needs to know whether the dealer has blackjack. 7h 7s against Ks: the hand
    hits, takes Kd and busts (24). A Lucky 7 on two sevens was still open after the last
    decision the round asked (its third card came with the bust), so the dealer draws Ad: five
    cards dealt, a dealer blackjack (21); the Lucky 7 pays 7-7 on the first three cards. With
    Lucky Lucky instead (decided at the deal) nothing is open: four cards, the dealer's 10."""
    european = find_variant("european").rules
    cards = "7h Ks 7s Kd Ad"
    sevens = european.replace(
        side_bets=(SideBetRules(SideBetName.LUCKY_7, "super-sevens", 100, 100),)
    )
    kernel, engine = _scripted(sevens, cards)
    assert np.array_equal(kernel, engine)
    assert kernel[FIELDS.index("cards")] == 5
    assert kernel[FIELDS.index("dealer")] == 21
    assert kernel[FIELDS.index("flags")] & 8  # dealer blackjack
    assert kernel[FIELDS.index("spot0_hands")] == 6  # bust
    assert kernel[FIELDS.index("side_returned")] > 0  # the two sevens pay
    lucky = european.replace(side_bets=(SideBetRules(SideBetName.LUCKY_LUCKY, "felt", 100, 100),))
    kernel, engine = _scripted(lucky, cards)
    assert np.array_equal(kernel, engine)
    assert kernel[FIELDS.index("cards")] == 4
    assert kernel[FIELDS.index("dealer")] == 10


def test_word_stream_is_the_seeded_source_stream() -> None:
    """The kernel reads the words ``SeededRandomSource`` reads, in order: drawing ``randbelow(n)``
    with rejection over those words gives the source's own numbers."""
    source = SeededRandomSource(2024)
    words = WordStream(2024).take(3).tolist()
    n = 312
    limit = 2**32 - 2**32 % n
    mine = [w % n for w in words if w < limit][:5000]
    assert mine == [source.randbelow(n) for _ in range(5000)]


def test_the_draw_quotient_is_exact_at_every_multiple() -> None:
    """``word % left`` is taken as ``word - q × left`` with ``q`` the quotient by the magic
    number of ``left``: checked against ``//`` where it could slip (each side of an exact
    multiple, near zero and near 2**32) for every shoe size up to eight decks."""
    rng = np.random.default_rng(0)
    _, magics = shuffle_tables(8 * 52)
    for pos, magic in enumerate(magics):
        left = 8 * 52 - pos
        top = (2**32 - 1) // left
        k = np.concatenate(
            (np.arange(1, 500), np.arange(top - 500, top + 1), rng.integers(1, top, 3000))
        )
        words = np.concatenate((k * left, k * left - 1, rng.integers(0, 2**32, 3000), [0]))
        words = words[(words >= 0) & (words < 2**32)]
        q = getattr(quotient, "py_func", quotient)(words.astype(np.uint64), magic)
        assert np.array_equal(q.astype(np.int64), words // left), left
