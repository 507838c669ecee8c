"""Cards, shoes and randomness (SPEC section 2: "Randomness is injected")."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from twentyone.cards import DECK, Card, Rank, Shoe, Suit, build_shoe, format_cards, parse_cards
from twentyone.errors import InvalidCardError, ShoeExhaustedError
from twentyone.rng import SeededRandomSource, SystemRandomSource, spawn


def test_card_notation_round_trips_every_card() -> None:
    """Cards are written rank ``A 2-9 T J Q K`` then suit ``s h d c``."""
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for card in DECK:
        assert Card.parse(str(card)) == card
    assert format_cards(parse_cards("As Td 7h")) == "As Td 7h"


def test_ten_and_faces_count_ten_and_ace_counts_one() -> None:
    """SPEC 2: "A 10, J, Q and K all count ten; an ace counts 1 or 11"."""
    assert [Card(rank, Suit.SPADES).points for rank in Rank] == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        10,
        10,
        10,
    ]


@pytest.mark.parametrize("text", ["", "1s", "10h", "Ax", "as", "Kdd", "Q"])
def test_bad_card_text_is_refused(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card.parse(text)
    assert info.value.code == "invalid-card"


def test_a_shoe_has_n_decks() -> None:
    shoe = build_shoe(6)
    assert len(shoe) == 312
    assert Counter(shoe) == Counter(dict.fromkeys(DECK, 6))


def test_scripted_shoe_deals_in_order_then_is_exhausted() -> None:
    shoe = Shoe.from_cards("As Kd")
    assert [str(shoe.draw()), str(shoe.draw())] == ["As", "Kd"]
    with pytest.raises(ShoeExhaustedError):
        shoe.draw()


@pytest.mark.parametrize("lazy", [False, True])
def test_shuffle_is_a_permutation_of_the_shoe(lazy: bool) -> None:
    shoe = Shoe.shuffled(2, SeededRandomSource(5), lazy=lazy)
    drawn = [shoe.draw() for _ in range(10)]
    assert Counter(drawn + list(shoe.remaining())) == Counter(build_shoe(2))


@pytest.mark.parametrize("lazy", [False, True])
def test_fisher_yates_is_unbiased(lazy: bool) -> None:
    """Every order of a small shoe is equally likely (chi-square, 23 degrees of freedom)."""
    cards = parse_cards("As 2s 3s 4s")
    rng = SeededRandomSource(2024)
    trials = 24_000
    counts: Counter[tuple[Card, ...]] = Counter()
    for _ in range(trials):
        shoe = Shoe(cards, rng, lazy=True)
        if not lazy:
            shoe.remaining()
        counts[tuple(shoe.draw() for _ in range(4))] += 1
    assert set(counts) == set(itertools.permutations(cards))
    expected = trials / 24
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    assert chi2 < 49.7  # the 0.999 quantile of chi-square with 23 degrees of freedom


def test_seeded_source_is_reproducible_and_streams_are_independent() -> None:
    a, b = SeededRandomSource(7), SeededRandomSource(7)
    assert [a.randbelow(1000) for _ in range(50)] == [b.randbelow(1000) for _ in range(50)]
    first, second = spawn(7, 2)
    assert [first.randbelow(10**6) for _ in range(5)] != [second.randbelow(10**6) for _ in range(5)]


def test_system_source_stays_in_range() -> None:
    rng = SystemRandomSource()
    values = {rng.randbelow(3) for _ in range(200)}
    assert values == {0, 1, 2}


def test_no_module_uses_the_global_random_functions() -> None:
    """SPEC 2: "No module uses the global ``random`` functions"."""
    import pathlib

    import twentyone

    root = pathlib.Path(twentyone.__file__).parent
    offenders = [
        str(path)
        for path in root.rglob("*.py")
        if "import random" in path.read_text() or "from random import" in path.read_text()
    ]
    assert offenders == []
