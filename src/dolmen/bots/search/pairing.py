"""Paired comparisons of a search's root actions played on common random numbers, and when they settle the
answer.

A search that plays its ``k``-th iteration through every root action on the same luck (scenario ``k``) can
compare two actions scenario by scenario: the differences of their rewards vary far less than the rewards
themselves, so a few dozen scenarios often show that nothing can overtake the default answer. :func:`settled`
says when the answer of a search that keeps a default action unless another is better by a margin (the Stone
Age ``mcts``) can no longer reasonably change, so that the search may stop.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping

Outcomes = Mapping[Hashable, Mapping[int, float]]
"""Per root action, its reward (for the searching seat) in each scenario it was played in."""


def paired_bounds(outcomes: Outcomes, first: Hashable, second: Hashable, z: float) -> tuple[int, float, float]:
    """``(n, low, high)``: the scenarios both actions were played in and a ``z``-sigma interval on the mean of
    ``reward(first) - reward(second)`` over them (an empty interval ``(0, -inf, inf)`` below two)."""
    mine, theirs = outcomes.get(first, {}), outcomes.get(second, {})
    differences = [reward - theirs[k] for k, reward in mine.items() if k in theirs]
    n = len(differences)
    if n < 2:
        return n, -math.inf, math.inf
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    half = z * math.sqrt(variance / n)
    return n, mean - half, mean + half


def settled(outcomes: Outcomes, default: Hashable, margin: float, *, z: float = 2.0, least: int = 12) -> bool:
    """Whether the answer is clear: every other action is, within ``z`` sigmas, less than ``margin`` better than
    ``default`` (the default stays); or one action is more than ``margin`` better than ``default`` and better
    than every other one (it wins). Each comparison needs ``least`` shared scenarios."""
    others = [action for action in outcomes if action != default]
    if not others:
        return False
    bounds = {action: paired_bounds(outcomes, action, default, z) for action in others}
    if any(n < least for n, _, _ in bounds.values()):
        return False
    if all(high < margin for _, _, high in bounds.values()):
        return True
    winners = [action for action, (_, low, _) in bounds.items() if low > margin]
    if len(winners) != 1:
        return False
    winner = winners[0]
    for action in others:
        if action != winner:
            n, _, high = paired_bounds(outcomes, action, winner, z)
            if n < least or high >= 0.0:
                return False
    return True


class Scenarios:
    """Common random numbers for one search: the ``k``-th iteration through a root action plays scenario ``k``
    (:attr:`current`), whichever action it is, and the searching seat's reward in each scenario is kept per root
    action (:attr:`outcomes`, for :func:`settled`).

    The search calls :meth:`begin` with each iteration's root action and :meth:`note` with the reward when the
    iteration ended at the game's end or the horizon; a game's chance hook draws from :attr:`current`."""

    def __init__(self) -> None:
        self.current = 0
        self.visits: dict[Hashable, int] = {}
        self.playing: Hashable = None
        self.outcomes: dict[Hashable, dict[int, float]] = {}

    def begin(self, action: Hashable) -> None:
        """An iteration follows ``action`` from the root: it plays that action's next scenario."""
        self.current = self.visits.get(action, 0)
        self.visits[action] = self.current + 1
        self.playing = action

    def note(self, reward: float) -> None:
        """The current scenario ended with ``reward`` for the searching seat."""
        self.outcomes.setdefault(self.playing, {})[self.current] = reward
