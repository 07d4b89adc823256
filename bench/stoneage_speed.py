"""Random-playout speed of the Stone Age engine: games per CPU second at 2, 3 and 4 players on one core, and at 5
players with all six modules on.

Each game starts from ``StoneAge().new_state`` and is played to its end by ``dolmen.engine.random_playout``
(uniformly random legal actions, chance drawn from the same generator). Times are CPU times of this process.
Goals (docs/speed.md): compiled, >= 1,000 four-player games/s and >= 500 five-player games/s with every module.
Run: ``.venv/bin/python bench/stoneage_speed.py [SECONDS_PER_RUN] [--runs N] [--compare
.venv-compiled/bin/python]`` (``make bench`` compares the interpreted and the compiled build side by side). The
load average before and after is printed too: on a shared machine the figures move with it."""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Mapping
from typing import Any

from dolmen.engine import random_playout
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.module_components import MODULES
from sidebyside import main

CASES: dict[str, tuple[int, dict[str, Any] | None]] = {
    "2 players": (2, None),
    "3 players": (3, None),
    "4 players": (4, None),
    "5 players, all modules": (5, {"modules": list(MODULES)}),
}


def games_per_second(
    players: int, seconds: float, options: Mapping[str, Any] | None = None, seed: int = 1
) -> tuple[float, float]:
    """Play games for about ``seconds`` of CPU time; return games per second and the mean number of rounds."""
    game = StoneAge()
    rng = random.Random(seed)
    games = rounds = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = random_playout(game.new_state(players, options), rng)
        games += 1
        rounds += state.round
    return games / (time.process_time() - started), rounds / games


def _load() -> str:
    return "load average " + " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    parent = "--case" not in sys.argv  # a child prints its figures as JSON only
    if parent:
        print(f"before: {_load()}")
    main(
        "stoneage random playouts",
        {label: (lambda s, p=p, o=o: games_per_second(p, s, o)) for label, (p, o) in CASES.items()},
        __file__,
    )
    if parent:
        print(f"after: {_load()}")
