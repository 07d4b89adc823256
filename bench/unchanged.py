"""What bench/rtta_unchanged.py and bench/stoneage_unchanged.py share: ``write DIR`` keeps fixed-seed games, their
replay digests and ``describe()``; ``check DIR`` plays them again and compares (the game's script gives the games,
the digest and the description)."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

Task = tuple[str, int, dict[str, Any], list[str], int]


@dataclass(frozen=True)
class Game:
    """One game's part: its tasks, how a task is played and a record digested (module-level functions, for the
    worker processes), its ``describe()`` tables, the pool's chunk sizes and the defaults of ``--games``/``--mcts``."""

    tasks: Callable[[int, str], list[Task]]
    play: Callable[[Task], tuple[str, dict[str, Any]]]
    digest_item: Callable[[tuple[str, dict[str, Any]]], tuple[str, list[str]]]
    describes: Callable[[], list[Any]]
    play_chunk: int
    digest_chunk: int
    games: int
    mcts: str


def run(game: Game, args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        games = dict(pool.map(game.play, game.tasks(args.games, args.mcts), chunksize=game.play_chunk))
        played = time.perf_counter() - started
        if args.command == "write":
            folder.mkdir(parents=True, exist_ok=True)
            digests = dict(pool.map(game.digest_item, games.items(), chunksize=game.digest_chunk))
            (folder / "games.json").write_text(json.dumps(games))
            (folder / "digests.json").write_text(json.dumps(digests))
            (folder / "describe.json").write_text(json.dumps(game.describes(), sort_keys=True))
            steps = sum(len(doc["steps"]) for doc in games.values())
            print(f"wrote {len(games)} games ({steps} steps) in {played:.0f} s, digests in "
                  f"{time.perf_counter() - started - played:.0f} s")  # fmt: skip
            return 0
        before = json.loads((folder / "games.json").read_text())
        old_digests = json.loads((folder / "digests.json").read_text())
        now_digests = dict(pool.map(game.digest_item, before.items(), chunksize=game.digest_chunk))
    problems = []
    if set(before) != set(games):
        problems.append(f"different games: {sorted(set(before) ^ set(games))[:5]}")
    for label, doc in before.items():
        if label in games and games[label]["steps"] != doc["steps"]:
            old, new = doc["steps"], games[label]["steps"]
            first = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
            problems.append(f"{label}: steps differ from step {first + 1}")
        if label in games and games[label].get("result") != doc.get("result"):
            problems.append(f"{label}: result differs")
        old_hashes, new_hashes = old_digests[label], now_digests[label]
        if old_hashes != new_hashes:
            first = next((i for i, (a, b) in enumerate(zip(old_hashes, new_hashes, strict=False)) if a != b), -1)
            problems.append(f"{label}: replay digest differs at point {first}")
    if json.loads((folder / "describe.json").read_text()) != json.loads(json.dumps(game.describes(), sort_keys=True)):
        problems.append("describe() differs")
    steps = sum(len(doc["steps"]) for doc in before.values())
    print(f"compared {len(before)} games ({steps} steps) in {time.perf_counter() - started:.0f} s")
    for problem in problems[:40]:
        print("  " + problem)
    print(f"{len(problems)} difference(s)" if problems else "identical: steps, results, digests, describe()")
    return 1 if problems else 0


def main(game: Game, description: str) -> int:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("command", choices=("write", "check"))
    parser.add_argument("folder")
    parser.add_argument(
        "--games", type=int, default=game.games, help=f"games per table and lineup (default {game.games})"
    )
    parser.add_argument(
        "--mcts", default=game.mcts, help=f"the mcts bot with its iteration budget (default {game.mcts})"
    )
    parser.add_argument("--workers", type=int, default=2)
    return run(game, parser.parse_args())
