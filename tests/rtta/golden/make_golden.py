"""Write the golden records once: ``.venv/bin/python -m tests.rtta.golden.make_golden``.

The tests only replay them (tests/rtta/test_golden.py); regenerate only after a deliberate rules change, and
say so in the commit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dolmen.engine import Game, play_game
from dolmen.games.rtta import RollThroughTheAges
from dolmen.games.rtta.actions import END_BUILD, END_BUY, END_TRADE

HERE = Path(__file__).resolve().parent
GOLDEN = [
    ("solo-bronze", 1, {"edition": "bronze"}, 101),
    ("2p-bronze", 2, {"edition": "bronze"}, 202),
    ("4p-bronze-trade", 4, {"edition": "bronze", "trade": True}, 404),
    ("3p-late", 3, {"edition": "late"}, 303),
]


class Builder:
    """Random, but always builds and buys when it can and ends a trade step half the time: games that reach
    monuments, cities and many developments."""

    def act(self, game: Game, view: dict[str, Any], legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) > 1 and legal[0] in (END_BUILD, END_BUY):
            return legal[1 + rng.randrange(len(legal) - 1)]
        if legal[0] == END_TRADE and rng.random() < 0.5:
            return END_TRADE
        return legal[rng.randrange(len(legal))]


def main() -> None:
    game = RollThroughTheAges()
    for name, players, options, seed in GOLDEN:
        _, record = play_game(game, players, options, seed, [Builder()] * players)
        assert record is not None
        record.save(HERE / f"{name}.json")
        print(name, len(record.steps), "steps", record.result)


if __name__ == "__main__":
    main()
