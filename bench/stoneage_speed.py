"""Random-playout speed of the Stone Age engine: games per second at 2, 3 and 4 players on one core, and at 5
players with all six modules on.

Each game starts from ``StoneAge().new_state`` and is played to its end by ``dolmen.engine.random_playout``
(uniformly random legal actions, chance drawn from the same generator). Times are CPU times of this process."""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping
from typing import Any

from dolmen.engine import random_playout
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.module_components import MODULES


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


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (2, 3, 4):
        speed, rounds = games_per_second(players, seconds)
        print(f"stoneage {players} players: {speed:8.1f} random games/s  ({rounds:.1f} rounds per game)")
    speed, rounds = games_per_second(5, seconds, {"modules": list(MODULES)})
    print(f"stoneage 5 players, all modules: {speed:8.1f} random games/s  ({rounds:.1f} rounds per game)")


if __name__ == "__main__":
    main()
