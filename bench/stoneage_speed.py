"""Random-playout speed of the Stone Age engine: games per second at 2, 3 and 4 players on one core.

Each game starts from ``StoneAge().new_state`` and is played to its end by ``dolmen.engine.random_playout``
(uniformly random legal actions, chance drawn from the same generator)."""

from __future__ import annotations

import random
import sys
import time

from dolmen.engine import random_playout
from dolmen.games.stoneage import StoneAge


def games_per_second(players: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Play games for about ``seconds``; return games per second and the mean number of rounds."""
    game = StoneAge()
    rng = random.Random(seed)
    games = rounds = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = random_playout(game.new_state(players), rng)
        games += 1
        rounds += state.round
    return games / (time.perf_counter() - started), rounds / games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in (2, 3, 4):
        speed, rounds = games_per_second(players, seconds)
        print(f"stoneage {players} players: {speed:8.1f} random games/s  ({rounds:.1f} rounds per game)")


if __name__ == "__main__":
    main()
