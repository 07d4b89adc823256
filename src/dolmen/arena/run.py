"""The arena: many games between bots with rotated seats and paired dice, on every core, with statistics.

Entries are exactly one bot spec per seat (``NAME[:LEVEL]``; ``NAME*K`` stands for K equal entries). Games
come in blocks of ``players`` rotations: within block ``b`` every game uses the same seed (so the same dice
stream: a paired comparison) and game ``b·players + r`` seats entry ``e`` at seat ``(e + r) mod players``,
so each entry plays each seat once per block. Entries with the same spec are one bot in the statistics.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from dolmen.arena.report import summarize
from dolmen.bots import make_bot
from dolmen.bots.fallback import FallbackCounter
from dolmen.engine.core import JSON, Action, Game
from dolmen.engine.driver import Policy, play_game
from dolmen.engine.errors import OptionsError
from dolmen.games import get_game


def parse_entries(text: str | Sequence[str], players: int | None = None) -> tuple[str, ...]:
    """``"mcts:hard,random*2"`` -> ``("mcts:hard", "random", "random")``; with ``players``, the count must
    match (every seat is named; there is no implicit filling)."""
    items = text.split(",") if isinstance(text, str) else list(text)
    entries: list[str] = []
    for item in (i.strip() for i in items):
        spec, star, count = item.partition("*")
        if not spec or (star and not count.isdigit()) or (star and int(count) < 1):
            raise OptionsError(f"a bot entry is NAME[:LEVEL] or NAME[:LEVEL]*COUNT, not {item!r}")
        entries.extend([spec.strip()] * (int(count) if star else 1))
    if players is not None and len(entries) != players:
        raise OptionsError(f"{len(entries)} bot entries for {players} seats; name one per seat (NAME*K repeats)")
    return tuple(entries)


@dataclass(frozen=True, slots=True)
class ArenaGame:
    """One game of the schedule: its number, seed and the bot spec at each seat."""

    index: int
    seed: int
    seats: tuple[str, ...]


def schedule(entries: Sequence[str], games: int, seed: int) -> list[ArenaGame]:
    """The games to play: blocks of ``len(entries)`` rotations sharing one seed derived from ``seed``."""
    players = len(entries)
    base = random.Random(f"dolmen-arena:{seed}")
    plan: list[ArenaGame] = []
    block_seed = 0
    for index in range(games):
        rotation = index % players
        if rotation == 0:
            block_seed = base.randrange(2**63)
        seats = tuple(entries[(seat - rotation) % players] for seat in range(players))
        plan.append(ArenaGame(index, block_seed, seats))
    return plan


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """How one arena game went, with the time each seat's bot spent thinking."""

    game: ArenaGame
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    steps: int
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    longest_decision: tuple[float, ...]
    record: str | None
    fallbacks: tuple[int, ...] = ()
    """Per seat, the decisions its bot answered by a fallback (:mod:`dolmen.bots.fallback`)."""


@dataclass(frozen=True, slots=True)
class _Task:
    game: Game
    game_name: str
    players: int
    options: Mapping[str, JSON]
    plan: ArenaGame
    record: bool
    timed: bool


class _Stopwatch:
    """Wraps a policy and measures its thinking and counts its fallbacks (not part of what the policy sees or
    decides)."""

    def __init__(self, policy: Policy, counter: FallbackCounter) -> None:
        self.policy = policy
        self.counter = counter
        self.decisions = 0
        self.seconds = 0.0
        self.longest = 0.0
        self.fallbacks = 0

    def act(self, game: Game, view: dict[str, JSON], legal: Sequence[Action], rng: random.Random) -> Action:
        before = self.counter.count
        started = time.perf_counter()
        action = self.policy.act(game, view, legal, rng)
        spent = time.perf_counter() - started
        self.decisions += 1
        self.seconds += spent
        self.longest = max(self.longest, spent)
        self.fallbacks += self.counter.count - before
        return action


def _play(task: _Task) -> GameOutcome:
    counter = FallbackCounter().install()
    try:
        watches = [_Stopwatch(make_bot(spec, task.game_name, timed=task.timed), counter) for spec in task.plan.seats]
        state, record = play_game(task.game, task.players, task.options, task.plan.seed, watches, record=task.record)
    finally:
        counter.remove()
    result = state.result()
    return GameOutcome(
        task.plan,
        result.scores,
        result.winners,
        result.ranks,
        len(record.steps) if record is not None else 0,
        tuple(w.decisions for w in watches),
        tuple(w.seconds for w in watches),
        tuple(w.longest for w in watches),
        record.dumps() if record is not None else None,
        tuple(w.fallbacks for w in watches),
    )


def run_arena(
    game: Game | str,
    entries: str | Sequence[str],
    games: int,
    seed: int,
    *,
    players: int | None = None,
    options: Mapping[str, JSON] | None = None,
    records: str | Path | None = None,
    workers: int | None = None,
    timed: bool = False,
) -> dict[str, JSON]:
    """Play ``games`` arena games and return the report (see :func:`dolmen.arena.report.summarize`).

    ``game`` is a :class:`Game` or a registered game name. ``workers`` processes play in parallel (default:
    every core; 1 plays in this process); results do not depend on it. ``timed=False`` (default) gives
    every bot its untimed budget, so the report is reproducible; ``True`` uses the clock (machine-dependent).
    ``records``: a directory that receives every game's record and an ``arena.json`` index.
    """
    if isinstance(game, str):
        game = get_game(game)
    if games < 1:
        raise OptionsError(f"an arena plays at least one game, not {games}")
    seats = parse_entries(entries, players)
    count = len(seats)
    full_options = game.check_options(count, options or {})
    for spec in dict.fromkeys(seats):
        make_bot(spec, game.name, timed=timed)  # a bad spec fails here, before any process starts
    plan = schedule(seats, games, seed)
    tasks = [_Task(game, game.name, count, full_options, p, records is not None, timed) for p in plan]
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers < 1:
        raise OptionsError(f"workers must be at least 1, not {workers}")
    started = time.perf_counter()
    if workers == 1 or len(tasks) == 1:
        outcomes = [_play(task) for task in tasks]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            chunk = max(1, len(tasks) // (workers * 4))
            outcomes = list(pool.map(_play, tasks, chunksize=chunk))
    seconds = time.perf_counter() - started
    report = summarize(game.name, seats, full_options, seed, outcomes, timed=timed)
    report["workers"] = workers
    report["seconds"] = round(seconds, 3)
    if records is not None:
        _write_records(Path(records), game.name, outcomes, report)
    return report


def _write_records(directory: Path, game: str, outcomes: Sequence[GameOutcome], report: dict[str, JSON]) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    index = []
    for outcome in outcomes:
        name = f"{game}-{outcome.game.index:05d}.json"
        if outcome.record is not None:
            (directory / name).write_text(outcome.record + "\n", encoding="utf-8")
        index.append(
            {
                "file": name,
                "seed": outcome.game.seed,
                "seats": list(outcome.game.seats),
                "scores": list(outcome.scores),
                "winners": list(outcome.winners),
            }
        )
    document = {"report": report, "games": index}
    (directory / "arena.json").write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
