"""The games Dolmen plays, each a package built on :mod:`dolmen.engine`."""

from __future__ import annotations

import importlib

from dolmen.engine.core import Game
from dolmen.engine.errors import OptionsError

GAMES: dict[str, str] = {
    "rtta": "dolmen.games.rtta:RollThroughTheAges",
    "stoneage": "dolmen.games.stoneage:StoneAge",
}
"""Registered games: name -> ``module:class`` (imported on first use)."""


def get_game(name: str) -> Game:
    """The game called ``name`` (``rtta``, ``stoneage``)."""
    try:
        target = GAMES[name]
    except KeyError:
        raise OptionsError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    module, _, cls = target.partition(":")
    game_class = getattr(importlib.import_module(module), cls)
    game: Game = game_class()
    return game
