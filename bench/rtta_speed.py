"""Random-playout speed of the Roll Through the Ages engine: games per second on one core.

Goals (docs/rtta.md): >= 5,000 solo games/s, >= 1,000 four-player games/s. Run: ``.venv/bin/python
bench/rtta_speed.py [SECONDS_PER_CASE]``.
"""

from __future__ import annotations

import random
import sys
import time

from dolmen.engine import random_playout
from dolmen.games.rtta import RollThroughTheAges

CASES = [
    ("solo bronze", 1, {"edition": "bronze"}),
    ("4p bronze", 4, {"edition": "bronze"}),
    ("4p bronze+trade", 4, {"edition": "bronze", "trade": True}),
    ("4p late", 4, {"edition": "late"}),
]


def games_per_second(players: int, options: dict[str, object], seconds: float) -> tuple[float, float]:
    """Play random games for about ``seconds`` of CPU time (other processes on the machine do not count);
    return games per CPU second and mean rounds per game."""
    game = RollThroughTheAges()
    rng = random.Random(12345)
    games = rounds = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = game.new_state(players, options)
        random_playout(state, rng)
        games += 1
        rounds += state.round
    return games / (time.process_time() - started), rounds / games


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"rtta random playouts ({seconds:g} s per case, one core)")
    for label, players, options in CASES:
        rate, rounds = games_per_second(players, options, seconds)
        print(f"  {label:<18} {rate:9,.0f} games/s   ({rounds:.1f} rounds per game)")


if __name__ == "__main__":
    main()
