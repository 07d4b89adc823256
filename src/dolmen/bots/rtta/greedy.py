"""The ``greedy`` bot for *Roll Through the Ages*: the rules of :mod:`dolmen.bots.rtta.rules` (dice),
:mod:`dolmen.bots.rtta.choices` (building, buying, discarding) and :mod:`dolmen.bots.rtta.trade` (trading) on
the exact state its view shows (the game hides nothing)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from dolmen.bots.fallback import log_fallback
from dolmen.bots.rtta.choices import greedy_action
from dolmen.bots.search.mcts import acting_seat
from dolmen.engine.core import JSON, Action, Game
from dolmen.engine.errors import DolmenError, IllegalStep, OptionsError
from dolmen.games.rtta.actions import Action as RttaAction
from dolmen.games.rtta.state import RttaState


class RttaGreedy:
    """The greedy policy. ``strict`` lets a failing rule raise instead of falling back to the first legal action
    (a fallback is logged, :mod:`dolmen.bots.fallback`; play never needs it)."""

    def __init__(self, *, strict: bool = False) -> None:
        self.strict = strict

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        try:
            state = game.state_from_view(view, rng)
            assert isinstance(state, RttaState)
            action = greedy_action(state, acting_seat(view, state), cast(Sequence[RttaAction], legal))
            if action not in legal:
                raise IllegalStep(f"greedy chose {state.action_text(action)!r}, which is not legal")
        except DolmenError as error:
            if self.strict:
                raise
            log_fallback(self, view, error, "the first legal action")
            return legal[0]
        return action


def make_greedy(level: str | None, *, timed: bool) -> RttaGreedy:
    if level is not None:
        raise OptionsError(f"the Roll Through the Ages greedy bot has no levels (got {level!r})")
    return RttaGreedy()
