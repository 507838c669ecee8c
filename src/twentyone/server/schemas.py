"""The API's input and output schemas (pydantic), separate from the storage models.

Outputs mirror the ``to_dict()`` forms of the table service's views, so a response is the
service's own value, checked against its schema on the way out; the OpenAPI document is built
from these classes. Money is always an integer number of minor units (cents).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from twentyone.engine import Action


class Schema(BaseModel):
    """Base of every schema: unknown input fields are refused (a typo is not ignored)."""

    model_config = ConfigDict(extra="forbid")


class Input(Schema):
    """Base of every request body: strict types (a number is a JSON integer, nothing else:
    not ``"100"``, ``100.0``, ``1e2`` or ``true``) and no unknown field."""

    model_config = ConfigDict(extra="forbid", strict=True)


# -- inputs -----------------------------------------------------------------------------------

MAX_MONEY = 10**12
"""Largest amount of minor units a request may name (far above any table limit)."""
MAX_COUNT = 2**31 - 1
"""Largest count or offset a request may name (fits every database's integers)."""

Username = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=3, max_length=32, pattern=r"^[A-Za-z0-9_.-]+$"
    ),
]
Password = Annotated[str, StringConstraints(min_length=8, max_length=256)]


class CredentialsIn(Input):
    """A username (3–32 of ``A-Z a-z 0-9 _ . -``) and a password (8–256 characters)."""

    username: Username
    password: Password


class LanguageIn(Input):
    """The language the player reads the game in (``en``, ``it``), kept with the account;
    ``null`` follows the browser's ``Accept-Language`` again."""

    language: Literal["en", "it"] | None


class PlaceBetIn(Input):
    """Add one chip of value ``chip`` to spot ``spot``'s main bet, or to its side bet ``side``.

    Spots are numbered in play order: spot 0 is the rightmost.
    """

    spot: Annotated[int, Field(ge=0, le=63)]
    chip: Annotated[int, Field(gt=0, le=MAX_MONEY)]
    side: Annotated[str, StringConstraints(min_length=1, max_length=64)] | None = None


class ActionIn(Input):
    """A decision for the round in progress.

    ``expected_step`` is the ``step`` of the state the player acted on: a stale or repeated
    request is refused with ``stale-action``. ``apply_to_all`` takes an insurance decision
    for every spot still to be asked.
    """

    action: Annotated[Action, Field(strict=False)]  # the JSON string names the member
    apply_to_all: bool = False
    expected_step: Annotated[int, Field(ge=0, le=MAX_COUNT)] | None = None


# -- outputs ----------------------------------------------------------------------------------


class LimitsOut(Schema):
    """Minimum and maximum main bet per spot (the initial bet only)."""

    min_bet: int
    max_bet: int


class AccountOut(Schema):
    """The session's player: balance, VIP limits and whether it has a login."""

    id: str
    name: str
    username: str | None
    registered: bool
    vip_level: str
    limits: LimitsOut
    balance: int
    held: int
    starting_balance: int
    open_round_id: str | None
    open_round_variant: str | None
    created_at: str | None
    language: Literal["en", "it"] | None = None
    training: bool = Field(
        description="Training mode: a move that is not the best play is pointed out first"
    )


class WalletOut(Schema):
    """The balance (sum of the ledger) and the part held by the round in progress."""

    balance: int
    held: int


class SideBetOfferOut(Schema):
    """A side bet offered at a table, with its stake limits."""

    name: str
    paytable: str
    min_stake: int
    max_stake: int
    aggregate_cap: int | None


class SpotOut(Schema):
    """The chips on one spot before the deal."""

    bet: int
    side_bets: dict[str, int] = Field(default_factory=dict)


class DealerOut(Schema):
    """The dealer's cards (``null``: face down) and the total of the cards shown."""

    cards: list[str | None]
    total: int | None
    blackjack: bool | None


class HandOut(Schema):
    """One player hand (``spot`` is the engine's spot: ``positions[spot]`` on the table)."""

    spot: int
    hand: int
    cards: list[str]
    total: int
    soft: bool
    stake: int
    doubled: bool
    from_split: bool
    done: bool
    blackjack: bool
    outcome: str | None
    returned: int | None


class InsuranceOut(Schema):
    """An insurance bet taken."""

    spot: int
    stake: int


class SideBetStateOut(Schema):
    """A side bet in the round and its outcome once known."""

    spot: int
    name: str
    outcome: str | None


class WagerOut(Schema):
    """One settled wager: stake and what came back (stake included; 0 when lost)."""

    spot: int
    hand: int | None
    kind: str
    name: str | None
    stake: int
    returned: int
    outcome: str


class RoundOut(Schema):
    """A round as the player sees it (the hole card is ``null`` until revealed).

    ``legal_actions`` are the actions offered now (legal and affordable); ``unaffordable``
    are legal but more than the balance. Send ``step`` back as ``expected_step``.
    """

    phase: str
    dealer: DealerOut
    hands: list[HandOut]
    current: list[int] | None
    legal_actions: list[str]
    insurance: list[InsuranceOut]
    side_bets: list[SideBetStateOut]
    settlement: list[WagerOut]
    round_id: str
    variant: str
    rules_version: str
    status: str
    step: int
    positions: list[int]
    unaffordable: list[str]
    apply_to_all: bool
    balance: int
    held: int
    staked: int
    returned: int
    net: int | None
    void_reason: str | None


class CurrentRoundOut(Schema):
    """The player's unfinished round, if any."""

    round: RoundOut | None


class TableOut(Schema):
    """A player's seat at a variant's table: chips, limits, the bets placed, any round.

    ``spots[i]`` is spot ``i`` in play order (0 = rightmost). ``returned`` is an overage
    handed back by the last bet operation (over-maximum policy ``honour``).
    """

    player_id: str
    variant: str
    chips: list[int]
    limits: LimitsOut
    side_bets: list[SideBetOfferOut]
    over_max: str
    spots: list[SpotOut]
    total: int
    can_undo: bool
    can_rebet: bool
    balance: int
    held: int
    returned: int
    round: RoundOut | None


class RoundSummaryOut(Schema):
    """One line of the history."""

    id: str
    variant: str
    rules_version: str
    status: str
    started_at: str | None
    finished_at: str | None
    staked: int
    returned: int
    net: int
    balance_before: int
    balance_after: int | None
    void_reason: str | None


class HistoryOut(Schema):
    """A page of rounds, newest first."""

    rounds: list[RoundSummaryOut]
    total: int
    offset: int
    limit: int


class StatementLineOut(Schema):
    """One ledger entry."""

    txid: str
    round_id: str | None
    kind: str
    amount: int
    balance_after: int
    detail: str
    label: str
    created_at: str | None


class StatementOut(Schema):
    """Ledger entries, oldest first; ``ledger_sum`` (all entries) equals ``balance``."""

    entries: list[StatementLineOut]
    total: int
    offset: int
    limit: int
    balance: int
    ledger_sum: int
    reconciles: bool


class RoundRecordOut(RoundSummaryOut):
    """Everything about one round: rules, bets, cards in order, decisions, events, money.

    ``events`` replay the round step by step (``CardDealt``, ``WagerPlaced``, ``Decided``,
    ``Peeked``, ``HoleCardRevealed``, ``SideBetResolved``, ``WagerSettled``,
    ``RoundSettled``); a face-down card stays ``null`` until the round is over.
    """

    rules: dict[str, Any]
    positions: list[int]
    bets: list[dict[str, Any]]
    cards: list[str]
    decisions: list[str]
    events: list[dict[str, Any]]
    wagers: list[WagerOut]
    entries: list[StatementLineOut]


class VariantOut(Schema):
    """A variant preset as listed in the lobby."""

    name: str
    title: str
    aliases: list[str]
    decks: int
    max_spots: int
    side_bets: list[str]
    spot_names: list[str]
    description: str
    chips: list[int]
    advisor: bool = True
    """Whether the table offers the play advisor's hints (the game's catalogue switch)."""


class PaytableOut(Schema):
    """A side bet's pay table (``pays``: outcome → pays "to 1") and stake limits."""

    name: str
    paytable: str
    pays: dict[str, int | float | str]
    min_stake: int
    max_stake: int
    aggregate_cap: int | None
    rules: list[str] = []


class ButtonOut(Schema):
    """A button of the table and what it does."""

    button: str
    does: str


class ReturnOut(Schema):
    """A bet's exact return beside the figure its document publishes (``note``: the plain
    sentence comparing them; ``exact_ev``: a side bet's exact expectation as a fraction)."""

    bet: str
    rtp: float
    published: float | None
    note: str | None
    exact_ev: str | None


class RulesOut(Schema):
    """The rules text of a variant, generated from its rule switches."""

    variant: str
    title: str
    description: str
    rules_version: str
    rules: dict[str, Any]
    objective: list[str] = []
    card_values: list[str] = []
    how_to_play: list[str]
    buttons: list[ButtonOut]
    text: list[str]
    rtp: list[str]
    notes: list[str]
    returns: list[ReturnOut]
    side_bets: list[PaytableOut]


class SideBetRtpOut(Schema):
    """The exact return of a side bet on the variant's shoe."""

    name: str
    paytable: str
    decks: int
    rtp: float
    ev: str


class RtpOut(Schema):
    """Theoretical returns to player: base game (optimal play) and every side bet."""

    variant: str
    base_game_rtp: float
    side_bets: list[SideBetRtpOut]
