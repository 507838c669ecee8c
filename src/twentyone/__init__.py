"""twentyone: rules-exact casino blackjack variants.

The engine, table, store, server and analysis all take the same :class:`~twentyone.rules.Rules`
value; see ``SPEC.md`` for the architecture.
"""

__version__ = "0.1.0"
