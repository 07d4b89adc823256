"""The *Stone Age* game description: player counts and table options."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from dolmen.engine.core import Game
from dolmen.engine.errors import OptionsError
from dolmen.engine.messages import Message, message
from dolmen.games.stoneage import description, rebuild
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.state import StoneAgeState

AVAILABLE_MODULES: Final[tuple[str, ...]] = MODULES
"""Every module of seed 003 is available; they combine freely."""
BASE_MAX_PLAYERS: Final = 4


def _refused(key: str, **arguments: Any) -> Message:
    """An options error of the game's catalogue (``messages/<language>.json``), in English, carrying its key."""
    return message(("dolmen.games.stoneage",), key, **arguments)


@mypyc_attr(allow_interpreted_subclasses=True)  # tests and tools wrap it
class StoneAge(Game):
    """*Stone Age*, 2–4 players, 5 with the extension. Options: ``modules`` (module names from ``MODULES``,
    any combination; normalised to that order) and ``open_cards`` (civilization cards visible to all)."""

    name: ClassVar[str] = "stoneage"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5

    def default_options(self) -> dict[str, Any]:
        return {"modules": [], "open_cards": False}

    def check_options(self, players: Any, options: Mapping[str, Any]) -> dict[str, Any]:
        self.check_players(players)
        unknown = set(options) - {"modules", "open_cards"}
        if unknown:
            raise OptionsError(_refused("options_unknown", options=", ".join(sorted(map(str, unknown)))))
        full = self.default_options() | dict(options)
        modules, open_cards = full["modules"], full["open_cards"]
        if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
            raise OptionsError(_refused("options_modules_list", given=repr(modules)))
        for module in modules:
            if module not in MODULES:
                raise OptionsError(_refused("options_unknown_module", given=repr(module), known=", ".join(MODULES)))
            if module not in AVAILABLE_MODULES:
                raise OptionsError(_refused("options_module_unavailable", given=module))
        if len(set(modules)) != len(modules):
            raise OptionsError(_refused("options_module_twice", given=repr(modules)))
        if players > BASE_MAX_PLAYERS and "extension" not in modules:
            raise OptionsError(_refused("options_need_extension", players=players))
        if not isinstance(open_cards, bool):
            raise OptionsError(_refused("options_open_cards", given=repr(open_cards)))
        return {"modules": [module for module in MODULES if module in modules], "open_cards": open_cards}

    def new_state(self, players: int, options: Mapping[str, Any] | None = None) -> StoneAgeState:
        full = self.check_options(players, options or {})
        state = StoneAgeState(self, players, tuple(full["modules"]), full["open_cards"])
        state.settle()
        return state

    def describe(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The static tables of a table with ``options`` (docs/stoneage.md "Description")."""
        full = self.default_options() | dict(options or {})
        players = 5 if "extension" in full["modules"] else 2
        return description.describe(self.check_options(players, full))

    def state_from_view(self, view: Mapping[str, Any], rng: random.Random) -> StoneAgeState:
        return rebuild.state_from_view(self, view, rng)
