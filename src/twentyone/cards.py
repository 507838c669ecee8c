"""Ranks, suits, cards and shoes. No randomness inside: a shuffle takes a random source.

Cards are written ``<rank><suit>``: rank ``A 2-9 T J Q K``, suit ``s h d c`` (``"Qh"`` is the
queen of hearts). A 10, J, Q and K all count ten; an ace counts 1 (its ``points``) or 11.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache

from twentyone.errors import InvalidCardError, ShoeExhaustedError
from twentyone.rng import RandomSource


class Rank(StrEnum):
    """A card rank, written as in card notation."""

    ACE = "A"
    """Counts 1 or 11."""
    TWO = "2"
    """Counts 2."""
    THREE = "3"
    """Counts 3."""
    FOUR = "4"
    """Counts 4."""
    FIVE = "5"
    """Counts 5."""
    SIX = "6"
    """Counts 6."""
    SEVEN = "7"
    """Counts 7."""
    EIGHT = "8"
    """Counts 8."""
    NINE = "9"
    """Counts 9."""
    TEN = "T"
    """Counts 10."""
    JACK = "J"
    """Counts 10."""
    QUEEN = "Q"
    """Counts 10."""
    KING = "K"
    """Counts 10."""

    @property
    def points(self) -> int:
        """The rank's count with an ace as 1 (``Rank.KING.points == 10``)."""
        return _POINTS[self]


class Suit(StrEnum):
    """A card suit, written as in card notation."""

    SPADES = "s"
    """Spades."""
    HEARTS = "h"
    """Hearts."""
    DIAMONDS = "d"
    """Diamonds."""
    CLUBS = "c"
    """Clubs."""


_POINTS = {rank: min(index + 1, 10) for index, rank in enumerate(Rank)}
_RANK_INDEX = {rank: index for index, rank in enumerate(Rank)}
_SUIT_INDEX = {suit: index for index, suit in enumerate(Suit)}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card; ``points`` is its count with an ace as 1.

    >>> Card.parse("Td").points, str(Card.parse("As"))
    (10, 'As')
    """

    rank: Rank
    suit: Suit
    points: int = field(init=False, compare=False, repr=False)
    code: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _POINTS[self.rank])
        object.__setattr__(self, "code", _RANK_INDEX[self.rank] + 13 * _SUIT_INDEX[self.suit])

    def __hash__(self) -> int:
        """The card's index in a 52-card deck (``code``): cheap, as cards key many tables."""
        return self.code

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __str__(self) -> str:
        return f"{self.rank.value}{self.suit.value}"

    @property
    def is_ace(self) -> bool:
        """Whether the card is an ace."""
        return self.points == 1

    @property
    def is_ten(self) -> bool:
        """Whether the card counts ten (10, J, Q or K)."""
        return self.points == 10

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card in ``<rank><suit>`` notation; raise :class:`InvalidCardError`.

        The notation is exact: rank in upper case, suit in lower case (``"qh"`` is refused, with
        ``"Qh"`` suggested).
        """
        card = _BY_TEXT.get(text.strip()) if isinstance(text, str) else None
        if card is None:
            hint = ""
            if isinstance(text, str) and text.strip().lower() in _BY_FOLDED:
                hint = f" (did you mean {str(_BY_FOLDED[text.strip().lower()])!r}?)"
            raise InvalidCardError(
                f"invalid card {text!r}: write rank A 2-9 T J Q K then suit s h d c, e.g. 'Qh'"
                f"{hint}"
            )
        return card


DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""One 52-card deck, suit by suit."""

_BY_TEXT = {str(card): card for card in DECK}
_BY_FOLDED = {str(card).lower(): card for card in DECK}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards from ``"As Kd 7h"`` or from a list of card strings.

    >>> [str(c) for c in parse_cards("As Kd")]
    ['As', 'Kd']
    """
    items = text.split() if isinstance(text, str) else list(text)
    return tuple(Card.parse(item) for item in items)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as ``"As Kd 7h"``."""
    return " ".join(str(card) for card in cards)


@cache
def build_shoe(decks: int) -> tuple[Card, ...]:
    """The unshuffled cards of ``decks`` decks."""
    if decks < 1:
        raise ValueError("a shoe needs at least one deck")
    return DECK * decks


def verify_shoe(cards: Iterable[Card], decks: int) -> None:
    """Raise :class:`InvalidCardError` unless a shoe of ``decks`` decks can hold ``cards``.

    Each of the 52 cards is in the shoe ``decks`` times, so no card may come more often (SPEC
    section 2: "52-card decks, ``N`` decks in a shoe"). A scripted shoe lists only the top cards,
    so fewer is fine.

    >>> verify_shoe(parse_cards("As As Kd"), decks=2)
    >>> try:
    ...     verify_shoe(parse_cards("As Qh As Qh As Qh Qh"), decks=2)
    ... except InvalidCardError as exc:
    ...     print(exc)
    a shoe of 2 decks holds each card 2 times: As comes 3 times, Qh 4 times
    """
    over = [(card, n) for card, n in Counter(cards).items() if n > decks]
    if over:
        each = "once" if decks == 1 else f"{decks} times"
        listed = ", ".join(
            f"{card} {'comes ' if i == 0 else ''}{n} times" for i, (card, n) in enumerate(over)
        )
        raise InvalidCardError(
            f"a shoe of {decks} deck{'s' if decks != 1 else ''} holds each card {each}: {listed}"
        )


class Shoe:
    """A card source for one round: the cards come off the top in order.

    Three ways to build one:

    * :meth:`from_cards`: a scripted (stacked) shoe for tests and replays; drawing past its end
      raises :class:`ShoeExhaustedError`.
    * :meth:`shuffled`: ``decks`` fresh decks in a uniformly random order (Fisher–Yates driven by
      the given source). With ``lazy=True`` the shuffle is done one position at a time as cards
      are drawn: the same Fisher–Yates, just not carried past the cards the round uses, so every
      order is still equally likely.
    """

    __slots__ = ("_cards", "_lazy", "_pos", "_rng")

    def __init__(
        self, cards: Sequence[Card], rng: RandomSource | None = None, *, lazy: bool = False
    ) -> None:
        self._cards = list(cards)
        self._pos = 0
        self._rng = rng
        self._lazy = lazy and rng is not None

    @classmethod
    def from_cards(cls, cards: str | Iterable[str] | Iterable[Card]) -> Shoe:
        """A scripted shoe: ``Shoe.from_cards("As Kd 7h")``."""
        if isinstance(cards, str):
            return cls(parse_cards(cards))
        items: list[Card | str] = list(cards)
        return cls([c if isinstance(c, Card) else Card.parse(c) for c in items])

    @classmethod
    def shuffled(cls, decks: int, rng: RandomSource, *, lazy: bool = False) -> Shoe:
        """A fresh shoe of ``decks`` decks in uniformly random order."""
        shoe = cls(build_shoe(decks), rng, lazy=True)
        if not lazy:
            shoe._shuffle_rest()
            shoe._lazy = False
        return shoe

    @classmethod
    def stacked(cls, top: Iterable[Card], decks: int, rng: RandomSource) -> Shoe:
        """A full shoe of ``decks`` decks dealing ``top`` first, in order, then the rest of its
        cards shuffled: a stacked shoe the rules can hold (:func:`verify_shoe`)."""
        first = tuple(top)
        verify_shoe(first, decks)
        rest = list(build_shoe(decks))
        for card in first:
            rest.remove(card)
        shuffled = cls(rest, rng, lazy=True)
        shuffled._shuffle_rest()
        return cls([*first, *shuffled._cards])

    def _shuffle_rest(self) -> None:
        cards, rng = self._cards, self._rng
        assert rng is not None
        n = len(cards)
        for i in range(self._pos, n - 1):
            j = i + rng.randbelow(n - i)
            cards[i], cards[j] = cards[j], cards[i]

    def draw(self) -> Card:
        """Take the top card."""
        pos = self._pos
        cards = self._cards
        n = len(cards)
        if pos >= n:
            raise ShoeExhaustedError(f"the shoe is exhausted after {n} cards")
        if self._lazy:
            rng = self._rng
            assert rng is not None
            j = pos + rng.randbelow(n - pos)
            cards[pos], cards[j] = cards[j], cards[pos]
        self._pos = pos + 1
        return cards[pos]

    def rewind(self, dealt: int) -> None:
        """Put back every card drawn after the first ``dealt`` (they come again, in order)."""
        if not 0 <= dealt <= self._pos:
            raise ValueError("can only rewind to an earlier position")
        self._pos = dealt

    @property
    def dealt(self) -> int:
        """How many cards have been drawn."""
        return self._pos

    def __len__(self) -> int:
        """How many cards are left."""
        return len(self._cards) - self._pos

    def remaining(self) -> tuple[Card, ...]:
        """The undrawn cards in the order they will come (fixes the order of a lazy shoe)."""
        if self._lazy:
            self._shuffle_rest()
            self._lazy = False
        return tuple(self._cards[self._pos :])
