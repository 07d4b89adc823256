"""The ``greedy`` bot for *Roll Through the Ages*: the rules of :mod:`dolmen.bots.rtta_rules` (dice),
:mod:`dolmen.bots.rtta_choices` (building, buying, discarding) and :mod:`dolmen.bots.rtta_trade` (trading) on
the exact state its view shows (the game hides nothing)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from dolmen.bots import register_bot
from dolmen.bots.mcts import acting_seat
from dolmen.bots.rtta_choices import greedy_action
from dolmen.engine.core import JSON, Action, Game
from dolmen.engine.errors import OptionsError
from dolmen.games.rtta.actions import Action as RttaAction
from dolmen.games.rtta.state import RttaState


class RttaGreedy:
    """The greedy policy. ``strict`` lets a failing rule raise instead of falling back to the first legal action
    (tests use it; play never needs the fallback)."""

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
                raise ValueError(f"greedy chose {state.action_text(action)!r}, which is not legal")
        except Exception:
            if self.strict:
                raise
            return legal[0]
        return action


def make_greedy(level: str | None, *, timed: bool) -> RttaGreedy:
    if level is not None:
        raise OptionsError(f"the Roll Through the Ages greedy bot has no levels (got {level!r})")
    return RttaGreedy()


register_bot(
    "greedy",
    make_greedy,
    game="rtta",
    summary="rule-based: dice by this turn's needs, cities then monuments, best development per coin, no offers",
)
