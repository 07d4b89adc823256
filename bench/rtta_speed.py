"""Random-playout speed of the Roll Through the Ages engine: games per CPU second on one core.

Goals (docs/speed.md): compiled, >= 10,000 solo games/s and >= 1,000 four-player games/s in every edition. Run:
``.venv/bin/python bench/rtta_speed.py [SECONDS_PER_RUN] [--runs N] [--compare .venv-compiled/bin/python]``
(``make bench`` compares the interpreted and the compiled build side by side).
"""

from __future__ import annotations

import random
import time
from typing import Any

from dolmen.engine import random_playout
from dolmen.games.rtta import RollThroughTheAges
from sidebyside import main

CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "solo bronze": (1, {"edition": "bronze"}),
    "4p bronze": (4, {"edition": "bronze"}),
    "4p bronze+trade": (4, {"edition": "bronze", "trade": True}),
    "4p late": (4, {"edition": "late"}),
}


def games_per_second(players: int, options: dict[str, Any], seconds: float) -> tuple[float, float]:
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


if __name__ == "__main__":
    main(
        "rtta random playouts",
        {label: (lambda s, p=p, o=o: games_per_second(p, o, s)) for label, (p, o) in CASES.items()},
        __file__,
    )
