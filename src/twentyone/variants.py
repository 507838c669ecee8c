"""Named presets of :class:`~twentyone.rules.Rules` and the registry that finds them.

``find_variant("lucky-lucky")`` (or an alias such as ``"ll"``) returns the preset. The rule
decisions behind each preset are SPEC section 3.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from twentyone.errors import UnknownVariantError
from twentyone.rules import DoubleOn, PeekMode, Rules, SplitBy, default_side_bet
from twentyone.sidebets.paytables import SideBetName


@dataclass(frozen=True, slots=True)
class Variant:
    """A named game: its rules, the names of its spots and what the source document is."""

    name: str
    title: str
    rules: Rules
    description: str
    aliases: tuple[str, ...] = ()
    spot_names: tuple[str, ...] = field(default=())
    source: str = ""

    def spot_name(self, index: int) -> str:
        """What the player calls spot ``index`` (0 = played first = rightmost)."""
        if index < len(self.spot_names):
            return self.spot_names[index]
        return f"spot {index + 1}"


STANDARD = Variant(
    name="standard",
    title="Standard Blackjack",
    rules=Rules(decks=6, max_spots=1, max_split_hands=4),
    description="The pay-table-free base game the presets share: 6 decks, dealer stands on "
    "soft 17, peek, double any two, double after split, split to 4 hands, no resplit of aces.",
    aliases=("base", "classic"),
)

LUCKY_LUCKY = Variant(
    name="lucky-lucky",
    title="Lucky Lucky Blackjack",
    rules=Rules(
        decks=6,
        max_spots=5,
        peek=PeekMode.NONE,
        bj_takes_double_vs_ace=True,
        bj_takes_double_vs_ten=False,
        bj_takes_split_vs_ace=True,
        bj_takes_split_vs_ten=True,
        double_on=DoubleOn.ANY,
        double_after_split=True,
        split_by=SplitBy.VALUE,
        max_split_hands=2,
        charlie_cards=10,
        charlie_wins=True,
        side_bets=(default_side_bet(SideBetName.LUCKY_LUCKY),),
    ),
    description="Online game, 6 decks, up to 5 hands, no dealer peek, 10-card Charlie, "
    "Lucky Lucky side bet.",
    aliases=("ll", "luckylucky", "lucky_lucky"),
    spot_names=("hand 1 (right)", "hand 2", "hand 3", "hand 4", "hand 5 (left)"),
    source="000_2f252a305a70d53e.txt",
)

LUCKY_7 = Variant(
    name="lucky-7",
    title="Lucky 7 Blackjack",
    rules=Rules(
        decks=8,
        max_spots=3,
        peek=PeekMode.ACE_AND_TEN,
        dealer_first_card_face_down=True,
        double_on=DoubleOn.ANY,
        double_after_split=True,
        split_by=SplitBy.VALUE,
        max_split_hands=2,
        even_money=True,
        side_bets=(default_side_bet(SideBetName.LUCKY_7),),
    ),
    description="Peek game with insurance and even money, 8 decks, three spots, Lucky 7 side "
    "bet of exactly one credit.",
    aliases=("l7", "lucky7", "lucky_7", "lucky-seven"),
    spot_names=("right", "centre", "left"),
    source="001_05c59ab959b13a9b.txt",
)

EUROPEAN = Variant(
    name="european",
    title="European Blackjack",
    rules=Rules(
        decks=2,
        max_spots=1,
        peek=PeekMode.ENHC,
        double_on=DoubleOn.NINE_TO_ELEVEN,
        double_hard_only=True,
        double_after_split=False,
        split_by=SplitBy.RANK,
        max_split_hands=2,
        charlie_cards=11,
        charlie_wins=False,
    ),
    description="2 decks, one hand, no hole card, double on hard 9-11, split same rank once, "
    "11 cards stand.",
    aliases=("eu", "euro", "european-blackjack"),
    source="002_b02646096f9b1ed4.txt",
)

LUCKY_LADIES = Variant(
    name="lucky-ladies",
    title="Blackjack with Lucky Ladies",
    rules=Rules(
        decks=6,
        max_spots=7,
        peek=PeekMode.ACE_AND_TEN,
        double_on=DoubleOn.ANY,
        double_after_split=True,
        split_by=SplitBy.VALUE,
        max_split_hands=4,
        resplit_aces=False,
        side_bets=(default_side_bet(SideBetName.LUCKY_LADIES),),
    ),
    description="Land-casino blackjack, 6 decks, up to 7 spots, peek, Lucky Ladies side bet "
    "($1-$20, $20,000 aggregate payout cap).",
    aliases=("ladies", "lucky_ladies", "luckyladies"),
    source="003_8105a172fbc646f6.txt",
)

VARIANTS: tuple[Variant, ...] = (LUCKY_LUCKY, LUCKY_7, EUROPEAN, LUCKY_LADIES, STANDARD)
"""Every registered variant, the four documents' games first."""

_REGISTRY: dict[str, Variant] = {}


def register_variant(variant: Variant) -> Variant:
    """Add a variant (its name and aliases must be new)."""
    keys = (variant.name, *variant.aliases)
    taken = [key for key in keys if key.lower() in _REGISTRY]
    if taken:
        raise ValueError(f"variant name or alias already registered: {', '.join(taken)}")
    for key in keys:
        _REGISTRY[key.lower()] = variant
    return variant


def find_variant(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases), case-insensitive."""
    variant = _REGISTRY.get(name.strip().lower()) if isinstance(name, str) else None
    if variant is None:
        known = ", ".join(v.name for v in all_variants())
        raise UnknownVariantError(f"unknown variant {name!r}; known: {known}")
    return variant


def all_variants() -> list[Variant]:
    """Every registered variant once, in registration order."""
    seen: dict[str, Variant] = {}
    for variant in _REGISTRY.values():
        seen.setdefault(variant.name, variant)
    return list(seen.values())


for _variant in VARIANTS:
    register_variant(_variant)
