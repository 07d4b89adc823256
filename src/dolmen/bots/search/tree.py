"""The search tree of :mod:`dolmen.bots.search.mcts`: nodes, and how a node picks the edge to follow.

Decision edges are keyed by action only (open loop over hidden information: the same action sequence from
different sampled states shares one node), chance edges by the outcome drawn (closed loop over dice, so a
decision after a roll is statistics about that roll). An action that is legal in some sampled states and not
in others is scored against the number of times it was *available* (information-set MCTS), not against its
parent's visits.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from dolmen.engine.core import Action


class Node:
    """Statistics of one history: visits and summed rewards per seat, with its children."""

    __slots__ = ("available", "children", "outcomes", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * players
        self.children: dict[Action, Node] = {}
        self.outcomes: dict[Hashable, Node] | None = None

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits if self.visits else 0.0


@dataclass(frozen=True, slots=True)
class Widening:
    """Progressive widening for huge action sets: a node with more than ``above`` legal actions considers
    only ``ceil(coefficient * (visits + 1) ** exponent)`` of them, sampled by index (a lazy sequence of
    millions of trade offers is never listed)."""

    above: int = 48
    coefficient: float = 2.0
    exponent: float = 0.5
    tries: int = 16
    """How many random indices to draw when looking for an untried action in a huge set."""

    def limit(self, legal_count: int, visits: int) -> int:
        if legal_count <= self.above:
            return legal_count
        return min(legal_count, math.ceil(self.coefficient * (visits + 1) ** self.exponent))


def membership(legal: Sequence[Action]) -> Sequence[Action] | frozenset[Action]:
    """Something with a fast ``in`` for ``legal``: a set for a real list, the lazy sequence itself otherwise
    (lazy sequences promise a fast ``in``)."""
    if isinstance(legal, list | tuple) and len(legal) > 8:
        return frozenset(legal)
    return legal


def untried_action(
    children: dict[Action, Node], legal: Sequence[Action], widening: Widening, rng: random.Random
) -> Action | None:
    """A legal action without a child yet, drawn uniformly; ``None`` when there is none (or none was found
    among ``widening.tries`` draws from a huge set)."""
    count = len(legal)
    if count <= widening.above:
        fresh = [legal[i] for i in range(count) if legal[i] not in children]
        return fresh[rng.randrange(len(fresh))] if fresh else None
    for _ in range(widening.tries):
        action = legal[rng.randrange(count)]
        if action not in children:
            return action
    return None


def best_by_ucb(
    available: list[tuple[Action, Node]], seat: int, low: float, scale: float, exploration: float
) -> tuple[Action, Node]:
    """UCB1 on rewards normalised to ``[0, 1]`` by ``(r - low) * scale``; counts availability as it goes.
    Ties go to the earlier child (children keep their insertion order, so this is deterministic)."""
    best: tuple[Action, Node] = available[0]
    best_score = -math.inf
    for action, child in available:
        child.available += 1
        value = (child.totals[seat] / child.visits - low) * scale
        score = value + exploration * math.sqrt(math.log(child.available) / child.visits)
        if score > best_score:
            best, best_score = (action, child), score
    return best
