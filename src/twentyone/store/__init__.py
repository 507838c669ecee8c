"""twentyone.store: persistence of players, money, seats and rounds (SQLite or PostgreSQL).

Which file does what (``TableService`` in :mod:`~twentyone.store.service` holds one of each unit):

======================  ==========================================  ==========================
module                  owns                                        server routes
======================  ==========================================  ==========================
``unit.py``             the unit of work: one transaction, the
                        player's lock, each row read once
``accounts.py``         players, VIP levels, grants, the wallet;    ``/api/auth/*``,
                        the only code that posts to the ledger      ``/api/wallet``
``seat.py``             bets on a seat before the deal (chips,      ``/api/tables/{v}`` and
                        UNDO, CLEAR, DOUBLE, REBET)                 its ``/bets`` ... ``/rebet``
``play.py``             DEAL (and REBET/DOUBLE & DEAL), decisions,  ``/api/tables/{v}/*deal``,
                        the round in progress, voiding a round      ``/api/rounds/current``,
                                                                    ``/api/rounds/{id}/actions``
``rounds.py``           the stored round: save, rebuild (resume),
                        void, and the state a player sees
``records.py``          history, a round's record, the statement,   ``/api/history``,
                        scenario export, the 90-day sweep           ``/api/statement``,
                                                                    ``/api/rounds/{id}[/scenario]``
``protection.py``       loss and stake limits, time-out,            ``/api/protection/*``
                        self-exclusion, reality check, the session
                        (hooks in play: deal and wager checks)
``locks.py``            player locks (an administrator's), checked
                        at login and deal
``training.py``         training mode (a player setting)
``admin.py``,           administrators and their audited actions;   ``/api/admin/*``
``audit.py``,           the chained audit log; the back office's
``backoffice.py``,      searches; the operator's reports
``reports.py``
``service.py``          ``TableService``: one of each unit on one
                        database (``TableService.open``)
``rows.py``             the rows and the SQL statements
``driver.py``           the statements of play, compiled once and run
                        on the driver's cursor
``db.py``               engines: SQLite pragmas, its write lock and
                        checkpoint thread; PostgreSQL's liveness
                        check; worker threads; migrations
``models.py``,          the schema (Alembic migrations make it)
``admin_models.py``,
``protection_models.py``,
``alembic/``
``crypto.py``,          the shoe cipher; the key's fingerprint in
``keyring.py``          the database
``codec.py``            events as JSON rows
``views.py``            what callers get back (plain values)
``cli.py``              ``twentyone sweep`` and ``migrate``
======================  ==========================================  ==========================

Dependencies point one way: unit → accounts → rounds → seat → play, and rounds → records;
protection builds on unit alone (play calls its hooks).
"""
