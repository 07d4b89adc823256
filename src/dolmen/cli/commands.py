"""The ``play``, ``simulate`` and ``replay`` commands."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import TextIO

from dolmen.cli.files import check_folder_to_fill
from dolmen.cli.options import options_from_args
from dolmen.cli.play import cmd_play
from dolmen.cli.stepper import step_through
from dolmen.cli.texts import language
from dolmen.engine import (
    DolmenError,
    Record,
    RecordError,
    play_game,
    replay,
)
from dolmen.engine.driver import Policy
from dolmen.engine.record import verify
from dolmen.games import get_game


def make_policy(spec: str, game: str) -> Policy:
    """A bot from ``NAME[:LEVEL]``, the game's own implementation where it has one."""
    from dolmen.bots import make_bot

    return make_bot(spec, game=game)


def cmd_simulate(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    game = get_game(args.game)
    options = game.check_options(args.players, options_from_args(args.game, args))
    policies = [make_policy(args.bot, args.game) for _ in range(args.players)]
    records_dir = check_folder_to_fill(args.records) if args.records else None
    totals = [0] * args.players
    wins = [0.0] * args.players
    steps = 0
    base = random.Random(args.seed)
    started = time.perf_counter()
    for index in range(args.games):
        seed = base.randrange(2**63)
        state, record = play_game(game, args.players, options, seed, policies, record=records_dir is not None)
        result = state.result()
        for seat in range(args.players):
            totals[seat] += result.scores[seat]
            if seat in result.winners:
                wins[seat] += 1 / len(result.winners)
        if record is not None and records_dir is not None:
            steps += len(record.steps)
            record.save(records_dir / f"{args.game}-{index:05d}.json")
    seconds = time.perf_counter() - started
    report = {
        "game": args.game,
        "bot": args.bot,
        "players": args.players,
        "options": options,
        "seed": args.seed,
        "games": args.games,
        "seconds": round(seconds, 3),
        "games_per_second": round(args.games / seconds, 2) if seconds > 0 else None,
        "mean_scores": [round(t / args.games, 3) for t in totals] if args.games else [],
        "wins": [round(w, 3) for w in wins],
    }
    _print_report(report, args.json, out)
    return 0


def _print_report(report: dict[str, object], as_json: bool, out: TextIO) -> None:
    """One JSON object, or one ``key: value`` line per entry with every non-text value written as JSON."""
    if as_json:
        out.write(json.dumps(report) + "\n")
    else:
        for key, value in report.items():
            out.write(f"{key}: {value if isinstance(value, str) else json.dumps(value)}\n")


def cmd_replay(args: argparse.Namespace, out: TextIO | None = None, stdin: TextIO | None = None) -> int:
    """Replay a record: its result (exit 1 naming the first bad step), ``--step`` on screen, ``--verify`` its
    dice against its secret."""
    out = out or sys.stdout
    try:
        record = Record.load(args.file)
        game = get_game(record.game)
        if args.step:
            return step_through(game, record, stdin or sys.stdin, out, args.lang or language())
        state = verify(game, record) if args.verify else replay(game, record)
    except (OSError, DolmenError) as exc:
        message = f"{exc.strerror}: {exc.filename}" if isinstance(exc, OSError) and exc.strerror else str(exc)
        if args.json:
            out.write(json.dumps({"error": message, "step": getattr(exc, "step", None)}) + "\n")
        sys.stderr.write(f"dolmen replay: {message}\n")
        return 1
    report: dict[str, object] = {"game": record.game, "steps": len(record.steps), "over": state.is_over()}
    if args.verify:
        report["verified"] = True
    if state.is_over():
        result = state.result()
        report.update(scores=list(result.scores), winners=list(result.winners), reason=result.reason)
    _print_report(report, args.json, out)
    return 0


__all__ = ["RecordError", "cmd_play", "cmd_replay", "cmd_simulate"]
