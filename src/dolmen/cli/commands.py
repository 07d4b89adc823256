"""The ``play``, ``simulate`` and ``replay`` commands."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from dolmen.cli.files import check_file_to_write, check_folder_to_fill
from dolmen.cli.options import check_seats, options_from_args
from dolmen.cli.render import render
from dolmen.cli.stepper import step_through
from dolmen.cli.texts import language
from dolmen.engine import (
    CHANCE,
    Action,
    DolmenError,
    Game,
    OptionsError,
    Record,
    RecordError,
    State,
    chance_rng,
    play_game,
    replay,
    seat_rng,
)
from dolmen.engine.driver import Policy
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
        state = replay(game, record)
        if args.verify:
            _verify(game, record)
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


def _verify(game: Game, record: Record) -> None:
    """Recompute every chance step from the record's secret; :class:`RecordError` names the first mismatch."""
    from dolmen.engine import record as records

    verify = getattr(records, "verify", None)
    if verify is None:
        raise RecordError("this Dolmen cannot verify dice yet (dolmen.engine.record.verify is missing)")
    verify(game, record)


def cmd_play(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    """A game for people at one keyboard; ``--bots`` seats are played by bots."""
    stdin, out = stdin or sys.stdin, out or sys.stdout
    if args.game is None:
        raise OptionsError("name the game to play (rtta or stoneage), or --resume FILE")
    game = get_game(args.game)
    options = game.check_options(args.players, options_from_args(args.game, args))
    check_seats(args.bots, args.players)
    if args.save:
        check_file_to_write(args.save)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    bots = {int(seat): make_policy(args.bot, args.game) for seat in args.bots}
    state = game.new_state(args.players, options)
    record = Record(game.name, args.players, options, seed)
    dice = chance_rng(seed)
    rngs = [seat_rng(seed, seat) for seat in range(args.players)]
    out.write(f"Dolmen — {game.name}, {args.players} player(s), seed {seed}. Type 'help' for commands.\n")
    while not state.is_over():
        actors = state.actors()
        if actors[0] == CHANCE:
            outcome = state.sample_chance(dice)
            record.add_chance(state, outcome)
            state.apply_chance(outcome)
            out.write(f"  * {state.outcome_text(outcome)}\n")
            continue
        seat = actors[0]
        legal = state.legal_actions(seat)
        if seat in bots:
            action = bots[seat].act(game, state.view(seat), legal, rngs[seat])
            out.write(f"  seat {seat} (bot): {state.action_text(action)}\n")
        else:
            action = _ask(state, seat, legal, args.game, stdin, out)
            if action is None:
                out.write("Game abandoned.\n")
                _save(record, args, out)
                return 0
        record.add_action(state, seat, action)
        state.apply_action(seat, action)
    result = state.result()
    record.result = result.to_json()
    out.write(render(args.game, state.view(None), None) + "\n")
    out.write(f"Game over ({result.reason}). Scores: {list(result.scores)}; winner(s): {list(result.winners)}\n")
    _save(record, args, out)
    return 0


def _save(record: Record, args: argparse.Namespace, out: TextIO) -> None:
    if args.save:
        record.save(args.save)
        out.write(f"Record saved to {args.save}\n")


def _ask(state: State, seat: int, legal: Sequence[Action], game: str, stdin: TextIO, out: TextIO) -> object | None:
    shown = [state.action_text(legal[i]) for i in range(min(len(legal), 60))]
    more = f" | ... ({len(legal) - len(shown)} more; type any legal action's text)" if len(legal) > len(shown) else ""
    out.write("\n" + render(game, state.view(seat), seat) + "\n")
    while True:
        out.write(f"Seat {seat}, legal actions: " + " | ".join(f"[{i}] {t}" for i, t in enumerate(shown)) + more + "\n")
        out.write(f"seat {seat}> ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text in ("quit", "exit"):
            return None
        if text in ("help", "?"):
            out.write("Type an action's text or its [number]; 'quit' leaves (the record is saved with --save).\n")
            continue
        if text.isdigit() and int(text) < len(legal):
            return legal[int(text)]
        try:
            action = state.parse_action(text)
        except DolmenError as exc:
            out.write(f"  ! {exc}\n")
            continue
        if action in legal:
            return action
        out.write(f"  ! {text!r} is not legal now\n")


__all__ = ["RecordError", "cmd_play", "cmd_replay", "cmd_simulate"]
