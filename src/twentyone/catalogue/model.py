"""The values of the catalogue: a game (:class:`Variant`), its limits, the table defaults and
the error that lists a catalogue's mistakes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from twentyone.errors import TwentyoneError
from twentyone.rules import Rules
from twentyone.sidebets.paytables import Paytable


class InvalidCatalogueError(TwentyoneError):
    """A games catalogue with mistakes; ``problems`` holds one line per mistake."""

    code = "invalid-catalogue"

    def __init__(self, source: str, problems: Sequence[str]) -> None:
        self.source = source
        self.problems = tuple(problems)
        count = len(self.problems)
        super().__init__(
            f"the games catalogue {source} has {count} mistake{'s' if count != 1 else ''}:\n"
            + "\n".join(self.problems)
        )


@dataclass(frozen=True, slots=True)
class LevelLimits:
    """The main-bet limits of one VIP level at one game, in minor units."""

    level: str
    min_bet: int
    max_bet: int


@dataclass(frozen=True, slots=True)
class Variant:
    """A named game: its rules, the names of its spots, its table and where it is defined.

    ``chips`` and ``limits`` are what the game's catalogue entry sets (itself or through its
    base game); empty means the table's own (``[table]`` of the presets).
    """

    name: str
    title: str
    rules: Rules
    description: str
    aliases: tuple[str, ...] = ()
    spot_names: tuple[str, ...] = field(default=())
    source: str = ""
    base: str | None = None
    chips: tuple[int, ...] = ()
    limits: tuple[LevelLimits, ...] = ()
    origin: str = ""
    advisor: bool = True
    """Whether the table offers the play advisor's hints (some jurisdictions forbid in-game
    advice): the catalogue's ``advisor = false`` turns it off for the game."""

    def spot_name(self, index: int) -> str:
        """What the player calls spot ``index`` (0 = played first = rightmost)."""
        if index < len(self.spot_names):
            return self.spot_names[index]
        return f"spot {index + 1}"


@dataclass(frozen=True, slots=True)
class TableDefaults:
    """The table every game has unless its entry says otherwise: VIP limits and chips."""

    chips: tuple[int, ...]
    limits: tuple[LevelLimits, ...]

    @property
    def levels(self) -> tuple[str, ...]:
        """The VIP level names, lowest first."""
        return tuple(item.level for item in self.limits)


@dataclass(frozen=True, slots=True)
class Catalogue:
    """A checked catalogue: its games in file order and the pay tables it adds."""

    source: str
    games: tuple[Variant, ...]
    paytables: tuple[Paytable, ...] = ()
    table: TableDefaults | None = None
