"""Paired comparisons on common random numbers (:mod:`dolmen.bots.search.pairing`) and the search's ``stop`` test."""

from __future__ import annotations

import math
import random

from dolmen.bots import Budget, MCTSBot
from dolmen.bots.search.mcts import STOP_EVERY
from dolmen.bots.search.pairing import paired_bounds, settled
from tests.engine.toy import Pig


def noisy(base: float, scenarios: int, seed: int = 0) -> dict[int, float]:
    """Rewards per scenario: a shared luck term (large) plus ``base``."""
    luck = random.Random(seed)
    return {k: base + luck.uniform(-0.3, 0.3) for k in range(scenarios)}


def test_paired_bounds_see_through_luck_shared_by_both_actions() -> None:
    luck = noisy(0.0, 40)
    outcomes = {"a": {k: v + 0.02 for k, v in luck.items()}, "b": luck}
    n, low, high = paired_bounds(outcomes, "a", "b", 2.0)
    assert n == 40 and math.isclose(low, 0.02) and math.isclose(high, 0.02)
    # only shared scenarios count, and fewer than two give no interval
    assert paired_bounds({"a": {0: 1.0, 5: 1.0}, "b": {0: 0.0}}, "a", "b", 2.0) == (1, -math.inf, math.inf)


def test_settled_keeps_the_default_when_nothing_can_beat_it_by_the_margin() -> None:
    luck = noisy(0.5, 30)
    worse = {k: v - 0.05 for k, v in luck.items()}
    assert settled({"plan": luck, "other": worse}, "plan", 0.01)
    # too few shared scenarios: not yet
    assert not settled({"plan": luck, "other": dict(list(worse.items())[:5])}, "plan", 0.01)
    # an alternative that may still be better by the margin keeps the search going
    jitter = random.Random(1)
    close = {k: v + jitter.uniform(-0.05, 0.06) for k, v in luck.items()}
    assert not settled({"plan": luck, "other": close}, "plan", 0.01)


def test_settled_when_one_alternative_is_clearly_the_best() -> None:
    luck = noisy(0.5, 30)
    better = {k: v + 0.1 for k, v in luck.items()}
    worse = {k: v - 0.1 for k, v in luck.items()}
    assert settled({"plan": luck, "best": better, "worse": worse}, "plan", 0.01)
    # two alternatives equally better than the default: which one is not clear
    assert not settled({"plan": luck, "best": better, "twin": dict(better)}, "plan", 0.01)


def test_a_search_stops_when_its_stop_test_says_so() -> None:
    state = Pig().new_state(2)
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) == 3

    report = MCTSBot(Budget(1_000)).search(Pig(), state.view(0), ["roll", "hold"], random.Random(0), stop=stop)
    assert report.iterations == 3 * STOP_EVERY and len(asked) == 3
