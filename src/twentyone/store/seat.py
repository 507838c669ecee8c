"""A player's seat at a variant's table: the bets before the deal (no money moves).

Chips on spots, UNDO, CLEAR, DOUBLE and REBET change only the seat's layout; the balance is
checked (a bet must be covered) but not debited until DEAL (:mod:`twentyone.store.play`). The
seat also keeps the last round's bets for REBET. Nothing can be bet while a round is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from twentyone.engine import SpotBet
from twentyone.store import protection
from twentyone.store.accounts import wallet_of
from twentyone.store.codec import dumps
from twentyone.store.rounds import state_of
from twentyone.store.rows import StoredPlayer, StoredSeat
from twentyone.store.unit import Store, Unit
from twentyone.store.views import RoundState, TableState
from twentyone.table.errors import RoundInProgressError
from twentyone.table.layout import BetLayout, Betting, SpotLayout
from twentyone.table.limits import TableConfig
from twentyone.variants import Variant, find_variant

BetOp = Callable[[Betting, BetLayout, BetLayout | None], tuple[BetLayout, int]]
"""A change to the layout: (betting, layout, last round's) → (new layout, chips returned)."""


def layouts(seat: StoredSeat, variant: Variant) -> tuple[BetLayout, BetLayout | None]:
    """The seat's layout (empty for a new seat) and the last round's bets, if any."""
    data = seat.data
    layout = (
        BetLayout.from_dict(data["layout"]) if "layout" in data else BetLayout.empty(variant.rules)
    )
    last = data.get("last")
    return layout, None if last is None else BetLayout.from_dict(last)


def write(unit: Unit, seat: StoredSeat, layout: BetLayout, last: BetLayout | None) -> None:
    """Store the seat's layout and last bets (inserting the row for a new seat; a seat that
    did not change, as after REBET & DEAL of the same bets, is not written)."""
    seat.data["layout"] = layout.to_dict()
    if last is not None:
        seat.data["last"] = last.to_dict()
    text = dumps(seat.data)
    if text == seat.text:
        return
    new = seat.text is None
    unit.driver.write_seat(unit.conn, seat.player_id, seat.variant, text, new=new, now=unit.now)
    seat.text = text


def betting(config: TableConfig, player: StoredPlayer, variant: Variant) -> Betting:
    """The betting rules of ``player`` at ``variant``'s table."""
    return Betting(
        rules=variant.rules,
        limits=config.limits(player.vip_level, variant.name),
        chips=config.chips_for(variant.name),
        over_max=config.over_max,
        balance=player.balance,
    )


def table_state(
    unit: Unit,
    player: StoredPlayer,
    variant: Variant,
    layout: BetLayout,
    *,
    last: BetLayout | None,
    returned: int = 0,
    dealt: RoundState | None = None,
) -> TableState:
    """The seat as the player sees it, with the round in progress (of any variant) if any."""
    config = unit.store.config
    row = unit.round(player.open_round_id)
    if dealt is not None:
        shown: RoundState | None = dealt if row is not None else None
    else:
        shown = None if row is None else state_of(unit, player, row)
    return TableState(
        player_id=player.id,
        variant=variant.name,
        chips=config.chips_for(variant.name),
        limits=config.limits(player.vip_level, variant.name),
        side_bets=variant.rules.side_bets,
        over_max=config.over_max,
        layout=layout,
        previous=last,
        wallet=wallet_of(unit, player),
        round=shown,
        returned=returned,
    )


class Seat:
    """The bets on a player's seat at each variant's table."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def table(self, player_id: str, variant: str, *, dealt: RoundState | None = None) -> TableState:
        """The player's seat at ``variant``'s table (and the round in progress, if any).

        ``dealt`` is the round this transaction just dealt: it is shown as it is.
        """
        found = find_variant(variant)
        with self._store.unit() as unit:
            player, seat = unit.player_and_seat(player_id, found.name)
            layout, last = layouts(seat, found)
            if seat.text is None:
                write(unit, seat, layout, None)
            return table_state(unit, player, found, layout, last=last, dealt=dealt)

    def _bet(
        self, player_id: str, variant_name: str, op: BetOp, *, adds: bool = True
    ) -> TableState:
        """Apply ``op`` to the seat's bets (``adds``: it may put chips on, refused during a
        time-out or self-exclusion)."""
        variant = find_variant(variant_name)
        with self._store.unit() as unit:
            player, seat = unit.player_and_seat(player_id, variant.name)
            if player.open_round_id is not None:
                raise RoundInProgressError("finish the round in progress before betting again")
            if adds:
                protection.check_chips(unit, player.id)
            layout, last = layouts(seat, variant)
            layout, returned = op(betting(unit.store.config, player, variant), layout, last)
            write(unit, seat, layout, None)
            return table_state(unit, player, variant, layout, last=last, returned=returned)

    def place(
        self, player_id: str, variant: str, spot: int, chip: int, side: str | None = None
    ) -> TableState:
        """Add a chip to a spot's main bet (or its side bet ``side``)."""

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.place(layout, spot, chip, side)
            return placed.layout, placed.returned

        return self._bet(player_id, variant, op)

    def undo(self, player_id: str, variant: str) -> TableState:
        """UNDO: take back the last chip (or the last DOUBLE)."""
        return self._bet(player_id, variant, lambda b, layout, _: (b.undo(layout), 0), adds=False)

    def clear(self, player_id: str, variant: str) -> TableState:
        """CLEAR BETS: take every chip off the table."""
        return self._bet(player_id, variant, lambda b, layout, _: (b.clear(layout), 0), adds=False)

    def double_bets(self, player_id: str, variant: str) -> TableState:
        """DOUBLE before the deal: double every bet on the table."""

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.double(layout)
            return placed.layout, placed.returned

        return self._bet(player_id, variant, op)

    def rebet(self, player_id: str, variant: str) -> TableState:
        """REBET: place the previous round's bets."""

        def op(b: Betting, layout: BetLayout, last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.rebet(layout, last)
            return placed.layout, placed.returned

        return self._bet(player_id, variant, op)

    def set_bets(
        self, player_id: str, variant: str, spots: Sequence[SpotBet | SpotLayout | None]
    ) -> TableState:
        """Put these bets on the table at once (spot by spot; ``None`` leaves a spot empty)."""
        found = find_variant(variant)
        wanted = BetLayout.of(found.rules, spots)

        def op(b: Betting, layout: BetLayout, _last: BetLayout | None) -> tuple[BetLayout, int]:
            placed = b.rebet(layout, wanted)
            return placed.layout, placed.returned

        return self._bet(player_id, variant, op)
