"""Side bets: pay tables (data) and one module per side bet behind one interface."""
