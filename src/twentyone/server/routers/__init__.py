"""One router per resource: auth, variants, tables (bets and deal), rounds, history."""
