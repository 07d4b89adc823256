"""The ``greedy`` bot for *Stone Age*: the heuristics of :mod:`dolmen.bots.stoneage.choices` on a state sampled
from its seat's view.

It plans each round's placement for the projected points of every location (food against what its people
will eat, goods by the buildings and cards they buy, a person, agriculture and tools by the rounds left),
resolves the village first and buys what gains points, uses the smallest tools that reach the next unit, picks
the best die of a "dice for all" and feeds with goods when they are worth less than the penalty. Decisions it
has no rule for are answered by a one-step lookahead; if a rule fails on a position (it raises a
:class:`~dolmen.engine.errors.DolmenError` or chooses an action that is not legal), it falls back to the
lookahead, then to a random legal action, so it always answers, and logs the fallback
(:mod:`dolmen.bots.fallback`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from dolmen.bots.fallback import log_fallback
from dolmen.bots.search.mcts import acting_seat
from dolmen.bots.stoneage.choices import choose, lookahead
from dolmen.bots.stoneage.values import DEFAULT_WEIGHTS, Weights
from dolmen.engine.core import JSON, Action, Game
from dolmen.engine.errors import DolmenError, IllegalStep, OptionsError
from dolmen.games.stoneage.state import StoneAgeState


class StoneAgeGreedy:
    """The greedy Stone Age policy. ``strict`` lets a failing rule raise instead of falling back (a fallback is
    logged, :mod:`dolmen.bots.fallback`); ``weights`` are the numbers behind its values."""

    def __init__(self, *, strict: bool = False, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.strict = strict
        self.weights = weights

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        state = game.state_from_view(view, rng)
        if self.strict:
            assert isinstance(state, StoneAgeState)
            return choose(state, acting_seat(view, state), legal, rng, weights=self.weights)
        assert isinstance(state, StoneAgeState)
        seat = acting_seat(view, state)
        for rule, instead in ((choose, "the lookahead"), (lookahead, "a random legal action")):
            try:
                action = rule(state.clone(), seat, legal, rng, weights=self.weights)
                if action not in legal:
                    raise IllegalStep(f"{rule.__name__} chose {state.action_text(action)!r}, which is not legal")
            except DolmenError as error:
                log_fallback(self, view, error, instead)
                continue
            return action
        return legal[rng.randrange(len(legal))]


def make_greedy(level: str | None, *, timed: bool) -> StoneAgeGreedy:
    if level is not None:
        raise OptionsError(f"the Stone Age greedy bot has no levels (got {level!r})")
    return StoneAgeGreedy()
