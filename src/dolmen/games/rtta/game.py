"""*Roll Through the Ages* as a :class:`dolmen.engine.Game`: player counts and table options."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from dolmen.engine.core import JSON, Game
from dolmen.engine.errors import MalformedStep, OptionsError
from dolmen.engine.messages import Message, message
from dolmen.games.rtta.components import EDITIONS
from dolmen.games.rtta.describe import describe
from dolmen.games.rtta.state import RttaState
from dolmen.games.rtta.views import load_view


def _refused(key: str, **arguments: Any) -> Message:
    """An options error of the game's catalogue (``messages/<language>.json``), in English, carrying its key."""
    return message(("dolmen.games.rtta",), key, **arguments)


class RollThroughTheAges(Game):
    """*Roll Through the Ages*, 1–4 players.

    Options: ``edition`` — ``"bronze"`` (*The Bronze Age*, default) or ``"late"`` (*The Late Bronze Age*);
    ``trade`` — the trading variant (default false; always on, normalised to true, in ``late``). Solo games
    last 10 rounds (seed 002, "Rules for Solitaire Play"; ``late`` solo is a ruling of shared/rules/rtta.md).
    """

    name: ClassVar[str] = "rtta"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4

    def default_options(self) -> dict[str, JSON]:
        return {"edition": "bronze", "trade": False}

    def check_options(self, players: Any, options: Mapping[str, JSON]) -> dict[str, JSON]:
        self.check_players(players)
        unknown = set(options) - {"edition", "trade"}
        if unknown:
            raise OptionsError(_refused("options_unknown", options=", ".join(sorted(map(str, unknown)))))
        full = self.default_options() | dict(options)
        if not isinstance(full["edition"], str) or full["edition"] not in EDITIONS:
            raise OptionsError(_refused("options_edition", given=repr(full["edition"])))
        if not isinstance(full["trade"], bool):
            raise OptionsError(_refused("options_trade", given=repr(full["trade"])))
        if full["edition"] == "late":
            full["trade"] = True
        return full

    def describe(self, options: Mapping[str, JSON] | None = None) -> dict[str, JSON]:
        """The static tables for ``options`` (:mod:`dolmen.games.rtta.describe`); no player count is needed:
        each monument lists the player counts that use it."""
        full = self.check_options(self.max_players, options or {})
        return describe(full["edition"], full["trade"])

    def new_state(self, players: int, options: Mapping[str, JSON] | None = None) -> RttaState:
        return RttaState(self, players, self.check_options(players, options or {}))

    def state_from_view(self, view: Mapping[str, JSON], rng: random.Random) -> RttaState:
        """The exact state a view shows (nothing is hidden; ``rng`` is unused)."""
        try:
            players, options = view["players"], {"edition": view["edition"], "trade": view["trade"]}
        except (KeyError, TypeError) as exc:
            raise MalformedStep(f"bad rtta view: {exc!r}") from exc
        state = self.new_state(players, options)
        load_view(state, view)
        return state
