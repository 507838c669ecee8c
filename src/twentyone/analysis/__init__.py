"""Game mathematics: exact side-bet returns, exact base game, strategy, simulation, reports."""
