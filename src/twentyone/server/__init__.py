"""The web game server: a FastAPI JSON API over the table service and the browser client.

``create_app(service)`` builds the app; ``twentyone serve`` runs it under Uvicorn.

Which file does what. A request passes, in order: the guard (``security.py``), then for a
well-formed DEAL or decision the play lane (``lane.py``), otherwise FastAPI's routing to a
router; the store's units (:mod:`twentyone.store`) do the work.

=========================  ===================================================================
module                     owns
=========================  ===================================================================
``app.py``                 building the app: the layers, the routers, worker threads, shutdown
``cli.py``,                ``twentyone serve`` (Uvicorn, workers, proxies);
``cli_admin.py``           ``twentyone admin add``
``security.py``            the request guard: language, body limit, cross-site and CSRF
                           refusals, security headers, the CSRF cookie
``language.py``            the request's language (``Accept-Language``, the player's choice)
``lane.py``                the play lane: DEAL and decisions without the framework's routing,
                           in worker threads of its own (the routes' own code)
``deps.py``                the request dependencies: service, accounts, settings, the
                           session's login (looked up in the endpoint's thread)
``idempotency.py``         ``Idempotency-Key``: a retry answers the first response; the play
                           request's one transaction (session, record, work)
``accounts.py``            guests, registration, login and logout, sessions and idle time-out
``passwords.py``           password hashing (scrypt)
``throttle.py``            failed logins, new guests per address, password hashes at once
``admin_auth.py``,         the back office's administrators: login, cookie, sessions;
``admin_deps.py``          the administrator of a request
``errors.py``              error codes → HTTP statuses, the error body, refusals
``openapi.py``             the OpenAPI document: every operation's statuses (``OPERATIONS``)
``docs.py``                ``/docs`` (Swagger UI from a package)
``schemas.py``             the API's input and output models (pydantic)
``models.py``              storage of accounts, sessions and idempotency records
``labels.py``              ledger entries as a person reads them
``settings.py``            server settings; the theoretical returns the rules page shows
``static/``                the browser client (``js/``, CSS) and the back office (``admin/``)
=========================  ===================================================================

=========================  ===================================================================
router (``routers/``)      routes
=========================  ===================================================================
``auth.py``                ``/api/auth/*``: guest, register, login, logout, me, language
``variants.py``            ``/api/variants``: the lobby, a game's rules text and returns
``tables.py``              ``/api/tables/{variant}``: the seat, chips, UNDO, CLEAR, DOUBLE,
                           REBET, DEAL and its forms (the lane answers the deals)
``rounds.py``              ``/api/rounds``: the round in progress, decisions (the lane answers
                           them), a round's record and scenario
``advice.py``              ``/api/rounds/{id}/advice`` and ``/review``, ``/api/advice/*``: hints,
                           the advisor's summary, training mode
``history.py``             ``/api/wallet``, ``/api/history``, ``/api/statement``: the balance,
                           rounds and ledger entries
``wallet.py``              ``/api/wallet/top-up``
``names.py``               ``/api/names``: the words the player client shows;
                           ``/api/admin/names``: the back office's
``protection.py``          ``/api/protection/*``: limits, time-out, self-exclusion, reality check
``admin*.py``              ``/api/admin/*`` and the back-office pages: players, rounds,
                           reports, the audit log
=========================  ===================================================================
"""

from twentyone.server.app import create_app

__all__ = ["create_app"]
