"""Exact base-game mathematics: dealer probabilities, player values, strategy, house edge.

Entry points: :func:`~twentyone.analysis.exact.house_edge.house_edge`,
:func:`~twentyone.analysis.exact.house_edge.base_game_rtp`,
:func:`~twentyone.analysis.exact.dealer.dealer_probabilities` and the strategy objects of
:mod:`twentyone.analysis.exact.strategy`.
"""
