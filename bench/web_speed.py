"""What the browser client's read-only endpoints cost the server, in CPU time on one core (other processes on
the machine do not count): a finished game's replay frames (``dolmen.server.replay``), served forwards 50 at a
time as the replay viewer asks for them, or after a jump; and previews of a step's actions
(``dolmen.server.preview``). Each figure is the median of ``RUNS`` alternated runs.

Run: ``.venv/bin/python bench/web_speed.py [RUNS]``.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from datetime import UTC, datetime
from typing import Any

from dolmen.engine.table import Table
from dolmen.games import get_game
from dolmen.server.preview import preview
from dolmen.server.replay import Replay
from dolmen.server.storage import FINISHED, TableInfo

ALL_MODULES = {"modules": ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"]}
GAMES = [("stoneage 5p all modules", "stoneage", 5, ALL_MODULES), ("rtta 4p late", "rtta", 4, {"edition": "late"})]
CHUNK = 50


def finished(game: str, players: int, options: dict[str, Any], seed: int) -> Table:
    rng = random.Random(seed)
    table = Table(get_game(game), players, options, secret=rng.randbytes(32))
    table.advance()
    while not table.is_over():
        seat = table.actors()[0]
        legal = table.legal(seat)
        table.submit(seat, legal[rng.randrange(len(legal))], table.version)
        table.advance()
    return table


def replay_of(table: Table) -> Replay:
    game, options, now = table.game.name, dict(table.options), datetime.now(UTC)
    info = TableInfo(0, game, table.players, options, False, 0, FINISHED, (), table.version, None, None, now)
    return Replay(info, table.steps(), table.secret)


def cpu(work: Any) -> tuple[float, Any]:
    started = time.process_time()
    out = work()
    return time.process_time() - started, out


def measure(table: Table) -> dict[str, float]:
    """One run: the whole game forwards chunk by chunk, then one jump back to the middle (CPU seconds, not
    counting the JSON encoding); the JSON size of all the frames."""
    replay = replay_of(table)
    last = replay.last
    forwards, size = 0.0, 0
    for start in range(0, last + 1, CHUNK):
        spent, frames = cpu(lambda start=start: replay.frames(start, min(start + CHUNK - 1, last)))
        forwards += spent
        size += len(json.dumps(frames))
    jump, _ = cpu(lambda: replay.frames(last // 2, min(last // 2 + CHUNK - 1, last)))
    return {"steps": last, "forwards": forwards, "jump": jump, "megabytes": size / 1e6}


def preview_cost(table_args: tuple[str, int, dict[str, Any]], seed: int) -> tuple[float, int]:
    """CPU seconds to preview every legal action (at most 40) of the first 200 decisions of a game, per action."""
    game, players, options = table_args
    rng = random.Random(seed)
    table = Table(get_game(game), players, options, secret=rng.randbytes(32))
    table.advance()
    spent, count = 0.0, 0
    for _ in range(200):
        if table.is_over():
            break
        seat = table.actors()[0]
        legal = table.legal(seat)
        texts = [table.action_text(legal[i]) for i in range(min(len(legal), 40))]
        took, _ = cpu(lambda texts=texts, seat=seat: [preview(table, seat, text) for text in texts])
        spent += took
        count += len(texts)
        table.submit(seat, legal[rng.randrange(len(legal))], table.version)
        table.advance()
    return spent, count


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"web endpoints, CPU time on one core, median of {runs} alternated runs")
    tables = {label: finished(game, players, options, seed=3) for label, game, players, options in GAMES}
    results: dict[str, list[dict[str, float]]] = {label: [] for label in tables}
    previews: dict[str, list[float]] = {label: [] for label in tables}
    for _ in range(runs):
        for label, game, players, options in GAMES:
            results[label].append(measure(tables[label]))
            spent, count = preview_cost((game, players, options), seed=5)
            previews[label].append(spent / count)
    for label, rows in results.items():
        steps = rows[0]["steps"]
        forwards = statistics.median(r["forwards"] for r in rows)
        jump = statistics.median(r["jump"] for r in rows)
        print(
            f"  {label:<24} replay of {steps:4d} steps: {forwards * 1000:7.1f} ms in all "
            f"({forwards / (steps + 1) * 1e6:6.0f} µs a frame, {rows[0]['megabytes']:.1f} MB of JSON); "
            f"a jump and {CHUNK} frames: {jump * 1000:5.1f} ms; "
            f"a preview: {statistics.median(previews[label]) * 1e6:5.0f} µs"
        )


if __name__ == "__main__":
    main()
