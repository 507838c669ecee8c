"""Play: DEAL the seat's bets, take decisions, resume the round in progress, void a round.

DEAL (and REBET & DEAL, DOUBLE & DEAL) turns the seat's bets into wagers: they are debited and
the cards dealt from a fresh shoe, whose order is stored encrypted with the round. Each
decision is one transaction that saves the round's new events and ledger entries with it, so a
decision is durable before it is shown (:mod:`twentyone.store.rounds`).
"""

from __future__ import annotations

import uuid
from functools import lru_cache

from twentyone.engine import Action, Round
from twentyone.rules import Rules
from twentyone.store import locks, protection, rounds, seat
from twentyone.store.codec import dumps
from twentyone.store.rounds import OPEN
from twentyone.store.rows import StoredPlayer, StoredRound
from twentyone.store.unit import Store, Unit
from twentyone.store.views import RoundState, RoundSummary
from twentyone.table import play
from twentyone.table.errors import (
    NoRoundError,
    RoundInProgressError,
    StaleActionError,
    UnknownRoundError,
)
from twentyone.table.layout import BetLayout
from twentyone.variants import find_variant


@lru_cache(maxsize=256)
def _rules_columns(rules: Rules) -> tuple[str, str]:
    """The stored JSON and the version of ``rules`` (computed once per rules value)."""
    return dumps(rules.to_dict()), rules.version()


class Play:
    """Rounds: dealing, decisions, the round in progress and voiding."""

    def __init__(self, store: Store) -> None:
        self._store = store

    # -- dealing -------------------------------------------------------------------------------

    def deal(self, player_id: str, variant: str) -> RoundState:
        """DEAL the bets on the table: the wagers are debited and the cards dealt."""
        return self._deal(player_id, variant, rebet=False, double=False)

    def rebet_and_deal(self, player_id: str, variant: str) -> RoundState:
        """REBET & DEAL: the previous round's bets, dealt at once."""
        return self._deal(player_id, variant, rebet=True, double=False)

    def double_and_deal(self, player_id: str, variant: str) -> RoundState:
        """DOUBLE & DEAL: twice the previous round's bets, dealt at once."""
        return self._deal(player_id, variant, rebet=True, double=True)

    def _deal(self, player_id: str, variant_name: str, *, rebet: bool, double: bool) -> RoundState:
        variant = find_variant(variant_name)
        rules = variant.rules
        store = self._store
        with store.unit() as unit:
            player, place = unit.player_and_seat(player_id, variant.name, checks=True)
            locks.refuse_locked(unit, player.id)
            if player.open_round_id is not None:
                raise RoundInProgressError(
                    f"round {player.open_round_id} is unfinished: finish it first"
                )
            layout, last = seat.layouts(place, variant)
            betting = seat.betting(store.config, player, variant)
            if rebet:
                layout = betting.rebet(layout, last).layout
            if double:
                layout = betting.double(layout).layout
            bets = betting.check_deal(layout)
            protection.check_deal(unit, player.id, layout.total)
            shoe = store.shoe_factory(rules)
            order = shoe.remaining()
            rnd = Round.start(rules, bets, shoe)
            rules_text, version = _rules_columns(rules)
            row = StoredRound(
                id=uuid.uuid4().hex,
                player_id=player.id,
                variant=variant.name,
                rules=rules_text,
                rules_version=version,
                layout=dumps(list(layout.positions())),
                bets=dumps([bet.to_dict() for bet in bets]),
                shoe=store.cipher.encrypt(rounds.cards_text(order)),
                cards=None,
                decisions="[]",
                step=0,
                events_saved=0,
                status=OPEN,
                staked=0,
                returned=0,
                balance_before=player.balance,
                balance_after=None,
                void_reason=None,
                started_at=unit.now,
                updated_at=unit.now,
                finished_at=None,
            )
            player.open_round_id = row.id
            seat.write(unit, place, BetLayout.empty(rules), BetLayout(layout.spots))
            rounds.save(unit, player, row, rnd, new=True)
            protection.record(unit, player.id, row.staked, row.returned)
            return rounds.live_state(unit, player, row, rnd)

    # -- the round in progress -----------------------------------------------------------------

    def current_round(self, player_id: str) -> RoundState | None:
        """The player's unfinished round (a round that could not be resumed comes back void)."""
        with self._store.unit() as unit:
            player, row = unit.player_and_round(player_id)
            return None if row is None else rounds.state_of(unit, player, row)

    def act(
        self,
        player_id: str,
        action: Action | str,
        *,
        apply_to_all: bool = False,
        expected_step: int | None = None,
        round_id: str | None = None,
    ) -> RoundState:
        """Take a decision in the round in progress (insurance: optionally for every spot).

        ``expected_step`` (the ``step`` the caller saw) refuses a stale or repeated request;
        ``round_id`` (the round the caller saw) is checked under the same lock: another
        player's round is unknown, one of the player's finished rounds is stale.
        """
        store = self._store
        with store.unit() as unit:
            player, row = unit.player_and_round(player_id)
            if round_id is not None and (row is None or row.id != round_id):
                named = unit.round(round_id)
                if named is None or named.player_id != player_id:
                    raise UnknownRoundError(f"no round {round_id!r}")
                raise StaleActionError(
                    f"round {round_id} is {named.status}: no more decisions can be taken"
                )
            if row is None:
                raise NoRoundError("there is no round in progress: place bets and DEAL")
            if expected_step is not None and expected_step != row.step:
                raise StaleActionError(
                    f"the round is at step {row.step}, not {expected_step}: refresh and retry"
                )
            rnd = rounds.resume(unit, player, row)
            if rnd is None:
                return rounds.finished_state(unit, player, row, None)
            before = (row.staked, row.returned)
            try:
                spent = play.act(rnd, action, player.balance, apply_to_all=apply_to_all)
                protection.check_wager(unit, player.id, spent)
            except BaseException:
                store.live.pop(row.id, None)
                raise
            rounds.save(unit, player, row, rnd)
            protection.record(unit, player.id, row.staked - before[0], row.returned - before[1])
            return rounds.live_state(unit, player, row, rnd)

    # -- table procedures ------------------------------------------------------------------------

    def void_round(self, round_id: str, reason: str = "malfunction") -> RoundSummary:
        """Void an unfinished round (misdeal, malfunction): every wager of it is refunded."""
        store = self._store
        with store.unit() as unit:
            player, row = locked_round(unit, round_id)
            if row.status == OPEN:
                rnd = rounds.rebuild_or_none(store, row)
                balance = player.balance
                rounds.void(unit, player, row, reason, rnd)
                protection.record(unit, player.id, 0, player.balance - balance)
            return rounds.summary(row)


def locked_round(unit: Unit, round_id: str) -> tuple[StoredPlayer, StoredRound]:
    """The round ``round_id`` and its player, the round read again once the player's lock is
    held (a void must see the round as it is under that lock); ``UnknownRoundError`` when
    there is no such round."""
    found = unit.round(round_id)
    if found is None:
        raise UnknownRoundError(f"no round {round_id!r}")
    player = unit.player(found.player_id)
    unit.forget_round(round_id)
    row = unit.round(round_id)
    assert row is not None
    return player, row
