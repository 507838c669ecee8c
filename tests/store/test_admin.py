"""Administrators' audited changes: every one is in the audit log with the state before and
after, the log cannot be changed, a locked player cannot deal, a void refunds the stakes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from storetest import OpenService, Shoes, reconciles

from twentyone.store import audit
from twentyone.store.admin import (
    AdminExistsError,
    AdminInfo,
    Administration,
    LastAdminError,
    ReasonRequiredError,
    RoundNotOpenError,
    UnknownAdminError,
)
from twentyone.store.locks import AccountLockedError
from twentyone.store.service import TableService
from twentyone.table.errors import UnknownRoundError


def _admin(svc: TableService, name: str = "ada") -> AdminInfo:
    return svc.admin.add_admin(name, "scrypt$stand-in-hash", by="command line (test)")


def _open_round(svc: TableService, shoes: Shoes, player_id: str) -> str:
    """A standard round waiting for the player's decision: player 10 + 6 = 16 against a 9."""
    shoes.stack("Ts 9d 6h 7c")  # player Ts, dealer up 9d, player 6h, dealer hole 7c
    svc.seat.place(player_id, "standard", 0, 1000)
    state = svc.play.deal(player_id, "standard")
    assert state.status == "open"
    return state.round_id


def test_administrator_names_are_unique_ignoring_case(open_service: OpenService) -> None:
    svc = open_service()
    _admin(svc, "Ada")
    with pytest.raises(AdminExistsError):
        _admin(svc, "ada")
    found = svc.admin.credentials("ADA")
    assert found is not None and found[0].name == "Ada" and found[1] == "scrypt$stand-in-hash"
    assert svc.admin.credentials("bob") is None


def test_every_change_is_in_the_audit_log_with_before_and_after(
    open_service: OpenService, shoes: Shoes
) -> None:
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    svc.admin.open_session(ada, "f" * 64, svc.store.now() + timedelta(hours=1))
    svc.admin.set_vip_level(ada, alice.id, "gold", "big player")
    svc.admin.lock(ada, alice.id, "asked to be locked")
    svc.admin.unlock(ada, alice.id, "asked again")
    round_id = _open_round(svc, shoes, alice.id)
    svc.admin.void_round(ada, round_id, "table malfunction")
    svc.admin.close_session("f" * 64)

    entries, total = svc.admin.audit_log()
    assert total == 7
    newest_first = [(e.action, e.target_id, e.before, e.after, e.reason) for e in entries]
    balance = 100_000
    assert newest_first == [
        ("logout", ada.id, {}, {}, ""),
        (
            "void",
            round_id,
            {
                "status": "open",
                "staked": 1000,
                "returned": 0,
                "held": 1000,
                "balance": balance - 1000,
            },
            {
                "status": "void",
                "staked": 1000,
                "returned": 0,
                "held": 0,
                "balance": balance,
                "balance_change": 1000,
            },
            "table malfunction",
        ),
        ("unlock", alice.id, newest_first[2][2], {"locked": False}, "asked again"),
        ("lock", alice.id, {"locked": False}, newest_first[3][3], "asked to be locked"),
        ("vip-level", alice.id, {"vip_level": "standard"}, {"vip_level": "gold"}, "big player"),
        ("login", ada.id, {}, {}, ""),
        ("admin-added", ada.id, {}, {"name": "ada"}, "added from the command line"),
    ]
    assert newest_first[3][3]["locked"] and newest_first[3][3]["reason"] == "asked to be locked"
    assert newest_first[2][2] == newest_first[3][3]  # unlocked what the lock had set
    assert all(e.admin_name == "ada" for e in entries[:-1])
    assert entries[-1].admin_name == "command line (test)"
    assert [e.seq for e in entries] == list(range(7, 0, -1))
    assert svc.admin.verify_audit().intact


def test_a_change_that_is_refused_writes_no_audit_entry(open_service: OpenService) -> None:
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    svc.admin.set_vip_level(ada, alice.id, "standard", "no change")  # already standard
    with pytest.raises(ReasonRequiredError):
        svc.admin.lock(ada, alice.id, "   ")
    with pytest.raises(UnknownRoundError):
        svc.admin.void_round(ada, "0" * 32, "no such round")
    assert svc.admin.audit_log()[1] == 1  # only the administrator's creation
    assert svc.admin.lock_state(alice.id) == {"locked": False}


def test_the_audit_log_refuses_update_and_delete_in_the_database(
    open_service: OpenService,
) -> None:
    svc = open_service()
    _admin(svc)
    for statement in (
        "UPDATE admin_audit SET reason = 'nothing happened'",
        "DELETE FROM admin_audit",
    ):
        with pytest.raises(DBAPIError, match="append-only"), svc.engine.begin() as conn:
            conn.execute(text(statement))
    entries, total = svc.admin.audit_log()
    assert total == 1 and entries[0].reason == "added from the command line"


def test_the_audit_store_has_no_function_that_changes_an_entry() -> None:
    """Appending and reading are all there is (a new function must be looked at here)."""
    public = {n for n in vars(audit) if not n.startswith("_") and callable(getattr(audit, n))}
    functions = {
        n for n in public if getattr(getattr(audit, n), "__module__", "") == audit.__name__
    }
    assert functions == {
        "append",
        "entries",
        "verify",
        "entry_hash",
        "AuditAction",
        "AuditEntry",
        "ChainCheck",
    }
    methods = {n for n in vars(Administration) if not n.startswith("_")}
    assert not {m for m in methods if "audit" in m} - {"audit_log", "verify_audit"}


def _tamper(svc: TableService, statement: str) -> None:
    """What someone with the database owner's rights could do: run ``statement`` with the
    triggers out of the way (PostgreSQL: replica mode for this transaction; SQLite: the test's
    own file, the triggers dropped)."""
    with svc.engine.begin() as conn:
        if svc.engine.dialect.name == "postgresql":
            conn.execute(text("SET LOCAL session_replication_role = replica"))
        else:
            conn.execute(text("DROP TRIGGER admin_audit_no_update"))
            conn.execute(text("DROP TRIGGER admin_audit_no_delete"))
        conn.execute(text(statement))


def test_the_hash_chain_finds_an_entry_edited_behind_the_triggers(
    open_service: OpenService,
) -> None:
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    svc.admin.set_vip_level(ada, alice.id, "gold", "first")
    svc.admin.set_vip_level(ada, alice.id, "silver", "second")
    assert svc.admin.verify_audit().entries == 3
    _tamper(svc, """UPDATE admin_audit SET after = '{"vip_level":"platinum"}' WHERE seq = 2""")
    check = svc.admin.verify_audit()
    assert not check.intact and check.broken_at == 2


def test_the_hash_chain_finds_an_entry_removed(open_service: OpenService) -> None:
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    for level in ("gold", "silver", "standard"):
        svc.admin.set_vip_level(ada, alice.id, level, "review")
    _tamper(svc, "DELETE FROM admin_audit WHERE seq = 3")
    assert svc.admin.verify_audit().broken_at == 3


def test_a_locked_player_cannot_deal_until_unlocked(
    open_service: OpenService, shoes: Shoes
) -> None:
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    svc.seat.place(alice.id, "standard", 0, 1000)
    svc.admin.lock(ada, alice.id, "fraud check")
    with pytest.raises(AccountLockedError):
        svc.play.deal(alice.id, "standard")
    assert svc.accounts.wallet(alice.id).balance == 100_000  # nothing moved
    svc.admin.unlock(ada, alice.id, "cleared")
    shoes.stack("Ts 9d 6h 7c")
    assert svc.play.deal(alice.id, "standard").status == "open"


def test_void_refunds_exactly_the_stakes_and_reverses_what_was_paid(
    open_service: OpenService, shoes: Shoes
) -> None:
    """A Lucky Ladies side bet is paid at the deal (player Ts Th: any 20 pays 4 to 1), the
    hand is still to play: the void gives the stakes back and takes the side-bet win back."""
    svc = open_service()
    ada = _admin(svc)
    alice = svc.accounts.create_player("alice")
    svc.seat.place(alice.id, "lucky-ladies", 0, 1000)
    svc.seat.place(alice.id, "lucky-ladies", 0, 500, "lucky-ladies")
    shoes.stack("Ts 9d Th 7c")  # player Ts, dealer up 9d, player Th (20), dealer hole 7c
    state = svc.play.deal(alice.id, "lucky-ladies")
    assert state.status == "open" and state.staked == 1500 and state.returned == 2500
    assert svc.accounts.wallet(alice.id).balance == 100_000 - 1500 + 2500

    done = svc.admin.void_round(ada, state.round_id, "dealer error")
    assert done.status == "void" and done.void_reason == "voided by the casino: dealer error"
    assert reconciles(svc, alice.id) == 100_000  # as before the round
    lines = svc.records.statement(alice.id).entries
    refunds = [e.amount for e in lines if e.kind == "void-refund"]
    reversals = [e.amount for e in lines if e.kind == "void-reversal"]
    assert sorted(refunds) == [500, 1000] and reversals == [-2500]
    assert svc.play.current_round(alice.id) is None
    entry = svc.admin.audit_log()[0][0]
    assert entry.before["held"] == 1000 and entry.before["balance"] == 101_000
    assert entry.after == {
        "status": "void",
        "staked": 1500,
        "returned": 2500,
        "held": 0,
        "balance": 100_000,
        "balance_change": -1000,
    }
    with pytest.raises(RoundNotOpenError):
        svc.admin.void_round(ada, state.round_id, "again")
    assert svc.admin.audit_log()[1] == 2


def test_sessions_expire_on_the_store_clock(open_service: OpenService) -> None:
    now = [datetime(2026, 12, 1, 9, 0, tzinfo=UTC)]
    svc = open_service(clock=lambda: now[0])
    ada = _admin(svc)
    svc.admin.open_session(ada, "a" * 64, svc.store.now() + timedelta(minutes=30))
    assert svc.admin.session_admin("a" * 64) == ada
    assert svc.admin.session_admin("b" * 64) is None
    now[0] += timedelta(minutes=30)
    assert svc.admin.session_admin("a" * 64) is None
    assert svc.admin.sweep_sessions() == 1


def test_the_list_has_every_administrator_by_name_with_its_last_login(
    open_service: OpenService,
) -> None:
    svc = open_service()
    bob = _admin(svc, "bob")
    ada = _admin(svc, "Ada")
    assert [(one.admin.name, one.last_login) for one in svc.admin.list_admins()] == [
        ("Ada", None),
        ("bob", None),
    ]
    svc.admin.open_session(bob, "a" * 64, svc.store.now() + timedelta(hours=1))
    svc.admin.failed_login("Ada", "127.0.0.1")  # a refused login is no login
    svc.admin.open_session(bob, "b" * 64, svc.store.now() + timedelta(hours=1))
    entries, _ = svc.admin.audit_log()
    bob_logins = [e.at for e in entries if e.action == "login"]
    listed = {one.admin.name: one for one in svc.admin.list_admins()}
    assert listed["Ada"].last_login is None and listed["Ada"].admin.id == ada.id
    assert listed["bob"].last_login == max(bob_logins)
    assert listed["bob"].admin.created_at == bob.created_at
    assert listed["bob"].to_dict()["last_login"] == max(bob_logins).replace(tzinfo=UTC).isoformat()


def test_removing_an_administrator_ends_its_sessions_and_is_audited(
    open_service: OpenService,
) -> None:
    svc = open_service()
    ada, bob = _admin(svc, "ada"), _admin(svc, "bob")
    later = svc.store.now() + timedelta(hours=1)
    svc.admin.open_session(ada, "a" * 64, later)
    svc.admin.open_session(ada, "b" * 64, later)
    svc.admin.open_session(bob, "c" * 64, later)
    removed, ended = svc.admin.remove_admin("ADA", by="command line (test)")
    assert (removed.id, removed.name, ended) == (ada.id, "ada", 2)
    assert svc.admin.credentials("ada") is None
    assert svc.admin.session_admin("a" * 64) is None and svc.admin.session_admin("b" * 64) is None
    assert svc.admin.session_admin("c" * 64) == bob  # another's session stays
    entry = svc.admin.audit_log()[0][0]
    assert (entry.action, entry.target_kind, entry.target_id) == ("admin-removed", "admin", ada.id)
    assert (entry.admin_name, entry.before, entry.after) == (
        "command line (test)",
        {"name": "ada"},
        {"sessions_ended": 2},
    )
    assert svc.admin.verify_audit().intact
    _admin(svc, "ada")  # the name is free again


def test_the_last_or_an_unknown_administrator_is_not_removed(open_service: OpenService) -> None:
    svc = open_service()
    with pytest.raises(UnknownAdminError, match="there is no administrator called 'ada'"):
        svc.admin.remove_admin("ada", by="command line (test)")
    ada = _admin(svc, "ada")
    svc.admin.open_session(ada, "a" * 64, svc.store.now() + timedelta(hours=1))
    with pytest.raises(LastAdminError, match="ada is the last administrator") as refused:
        svc.admin.remove_admin("ada", by="command line (test)")
    assert refused.value.code == "last-admin"
    with pytest.raises(LastAdminError):
        svc.admin.removable("Ada")
    with pytest.raises(UnknownAdminError) as unknown:
        svc.admin.remove_admin("bob", by="command line (test)")
    assert unknown.value.code == "unknown-admin"
    assert svc.admin.session_admin("a" * 64) == ada  # nothing changed
    assert [one.admin for one in svc.admin.list_admins()] == [ada]
    assert [e.action for e in svc.admin.audit_log()[0]] == ["login", "admin-added"]


def test_a_new_password_replaces_the_hash_and_ends_every_session(
    open_service: OpenService,
) -> None:
    svc = open_service()
    ada, bob = _admin(svc, "ada"), _admin(svc, "bob")
    now = svc.store.now()
    svc.admin.open_session(ada, "a" * 64, now + timedelta(hours=1))
    svc.admin.open_session(ada, "e" * 64, now - timedelta(minutes=1))  # expired, not swept
    svc.admin.open_session(bob, "c" * 64, now + timedelta(hours=1))
    info, ended = svc.admin.set_password("Ada", "scrypt$new-hash", by="command line (test)")
    assert (info, ended) == (ada, 1)
    assert svc.admin.credentials("ada") == (ada, "scrypt$new-hash")
    assert svc.admin.credentials("bob") == (bob, "scrypt$stand-in-hash")
    assert svc.admin.session_admin("a" * 64) is None
    assert svc.admin.session_admin("c" * 64) == bob
    assert svc.admin.sweep_sessions() == 0  # the expired one went too
    entry = svc.admin.audit_log()[0][0]
    assert (entry.action, entry.target_id, entry.before, entry.after) == (
        "admin-password",
        ada.id,
        {"name": "ada"},
        {"name": "ada", "sessions_ended": 1},
    )
    assert "scrypt" not in entry.to_dict().__repr__()
    with pytest.raises(UnknownAdminError):
        svc.admin.set_password("carol", "scrypt$x", by="command line (test)")
