"""A game-specific bot module as a game's author would write it: a policy and its factory, named in a
registry's table (``tests/bots/plugins/__init__.py``) and imported when first built."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dolmen.engine import Action, Game, OptionsError, Policy


class HoldAt:
    """Pig: roll until the turn total reaches ``target``, then hold."""

    def __init__(self, target: int) -> None:
        self.target = target

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return "hold" if view["turn"] >= self.target else "roll"


def make_hold_at(level: str | None, *, timed: bool) -> Policy:
    if level is not None and not level.isdigit():
        raise OptionsError(f"hold-at takes a number, not {level!r}")
    return HoldAt(int(level) if level else 10)
