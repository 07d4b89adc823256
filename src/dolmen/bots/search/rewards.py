"""What a searching bot maximises, and the hooks through which a game plugs its own knowledge into search.

A reward is a vector with one number per seat; search backs the whole vector up and each seat picks what is
best for itself. Any scale works (the search normalises by the range it has seen), but a game's
:data:`Evaluator` must use the same scale as its :data:`RewardFunction`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence

from dolmen.engine.core import Action, Result, State

RewardFunction = Callable[[Result], Sequence[float]]
"""The reward per seat of a finished game."""

Evaluator = Callable[[State], Sequence[float]]
"""The estimated reward per seat of an unfinished state (a determinized full state), used when a playout
reaches its step cap."""

RolloutPolicy = Callable[[State, int, Sequence[Action], random.Random], Action]
"""Chooses ``seat``'s action during a playout from a determinized full state: ``(state, seat, legal, rng)``.
It must pick from ``legal`` (possibly a lazy sequence: index it, never list it)."""

CandidateRule = Callable[[State, int, Sequence[Action]], Sequence[Action]]
"""The actions the search's tree considers for ``seat`` at a decision: ``(state, seat, legal)`` -> a non-empty
sub-sequence of ``legal`` (a game's short list of sensible actions, or the one its rules would take)."""

Horizon = Callable[[State], bool]
"""Whether a search stops at ``state`` (a determinized full state) and scores it with its :data:`Evaluator`
instead of playing on: a horizon such as "the next round has begun"."""

ChanceSampler = Callable[[State, random.Random], Hashable]
"""Draws the outcome of the chance event at ``state`` for the search: ``(state, rng)``. The default is
``state.sample_chance(rng)``; a game may draw from the search's current scenario instead (common random
numbers, :class:`dolmen.bots.search.pairing.Scenarios`)."""

MARGIN_WEIGHT = 0.1
"""Share of the default reward that comes from the score margin rather than from winning: it separates
otherwise equal lines (a bigger lead is safer) without trading a win for points."""


def outcome_reward(result: Result) -> tuple[float, ...]:
    """The default reward: mostly the share of the win (ties split), plus a little for the score margin.

    Each seat gets ``(1 - w) * win_share + w * (1 + margin) / 2`` with ``w =`` :data:`MARGIN_WEIGHT` and
    ``margin = (own - best other) / (|own| + |best other| + 1)`` in ``(-1, 1)``, so rewards lie in ``[0, 1]``.
    Solo (one seat) there is nobody to beat: the reward is the score itself.
    """
    scores = result.scores
    if len(scores) == 1:
        return (float(scores[0]),)
    share = 1.0 / len(result.winners)
    rewards = []
    for seat, own in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        margin = (own - best_other) / (abs(own) + abs(best_other) + 1)
        win = share if seat in result.winners else 0.0
        rewards.append((1 - MARGIN_WEIGHT) * win + MARGIN_WEIGHT * (1 + margin) / 2)
    return tuple(rewards)


def neutral_reward(players: int) -> tuple[float, ...]:
    """What an unfinished playout is worth without an evaluator: an even game for everybody on the scale of
    :func:`outcome_reward` (0 for a solo game, whose scale is the score)."""
    if players == 1:
        return (0.0,)
    return ((1 - MARGIN_WEIGHT) / players + MARGIN_WEIGHT / 2,) * players


def uniform_rollout(state: State, seat: int, legal: Sequence[Action], rng: random.Random) -> Action:
    """The default playout policy: uniformly random among the legal actions."""
    return legal[rng.randrange(len(legal))]
