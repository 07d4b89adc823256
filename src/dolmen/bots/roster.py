"""The bots Dolmen ships: one row per bot name and game (``None``: a generic bot that plays every kernel game),
naming its factory as ``"module:attribute"``. The default registry (:data:`dolmen.bots.BOTS`) is built from this
table; a bot's module is imported the first time that bot is built. Adding a bot is adding a row here."""

from __future__ import annotations

from typing import Final

from dolmen.bots.registry import BotListing, BotTable
from dolmen.bots.search.budget import LEVELS

SEARCH_LEVELS: Final = tuple(LEVELS)

ROSTER: Final[BotTable] = {
    ("random", None): BotListing("dolmen.bots:make_random", summary="uniformly random among the legal actions"),
    ("mcts", None): BotListing(
        "dolmen.bots.search.mcts:make_mcts",
        SEARCH_LEVELS,
        "Monte Carlo tree search with random playouts (information sets, chance sampled)",
    ),
    ("greedy", "rtta"): BotListing(
        "dolmen.bots.rtta.greedy:make_greedy",
        summary="rule-based: dice by this turn's needs, cities then monuments, best development per coin, no offers",
    ),
    ("expectimax", "rtta"): BotListing(
        "dolmen.bots.rtta.expectimax:make_expectimax",
        summary="exact expectimax over each turn's dice on a fitted board value; plans build, buy and discard on it",
    ),
    ("mcts", "rtta"): BotListing(
        "dolmen.bots.rtta.mcts:make_mcts",
        SEARCH_LEVELS,
        "MCTS over a short list of sensible actions, greedy playouts, fitted board value at the cap",
    ),
    ("greedy", "stoneage"): BotListing(
        "dolmen.bots.stoneage.greedy:make_greedy",
        summary="plans each round for projected points: food, people, tools, agriculture, buildings and cards",
    ),
    ("mcts", "stoneage"): BotListing(
        "dolmen.bots.stoneage.mcts:make_mcts",
        SEARCH_LEVELS,
        "MCTS over the placements the heuristics rate best, greedy play below the root, playouts cut after two "
        "rounds and scored by projected final scores",
    ),
}
"""``(bot name, game) -> where its factory lives``, with its levels and a one-line summary."""
