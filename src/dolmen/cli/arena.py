"""The ``arena`` command: bots against bots with rotated seats and paired dice (see docs/bots.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from dolmen.cli.files import check_folder_to_fill
from dolmen.cli.options import add_option_flags, options_from_args, positive_int
from dolmen.games import GAMES


def add_arena_parser(sub: Any) -> None:
    """Add ``dolmen arena`` to the subcommands ``sub`` (an argparse subparsers action)."""
    arena = sub.add_parser(
        "arena",
        help="rank bots: many games, seats rotated, dice paired, on every core",
        description="Rank bots (docs/bots.md). Example: arena stoneage --bots mcts:hard,greedy*3 --games 100 "
        "--timed takes about 15 minutes on two cores (mcts:hard thinks up to 1 s a move).",
    )
    arena.add_argument("game", choices=sorted(GAMES))
    arena.add_argument(
        "--bots",
        required=True,
        help="one NAME[:LEVEL] per seat, comma-separated; NAME*K repeats (e.g. mcts:hard,greedy*3)",
    )
    arena.add_argument("--players", type=positive_int, help="seats (default: the number of bot entries; must match)")
    arena.add_argument("--games", type=positive_int, default=100, help="games to play; a multiple of --players is fair")
    arena.add_argument("--seed", type=int, default=0, help="the seed of the paired dice")
    arena.add_argument("--workers", type=positive_int, help="processes (default: every core; 1 plays in this process)")
    arena.add_argument("--timed", action="store_true", help="give bots their time budgets (machine-dependent)")
    arena.add_argument("--records", metavar="DIR", help="folder to write each game's record (and arena.json) to")
    arena.add_argument("--json", action="store_true", help="print the report as one JSON object")
    add_option_flags(arena)


def cmd_arena(args: argparse.Namespace, out: TextIO | None = None) -> int:
    from dolmen.arena import parse_entries, run_arena
    from dolmen.bots import make_bot
    from dolmen.games import get_game

    game = get_game(args.game)
    entries = parse_entries(args.bots, args.players)
    options = game.check_options(len(entries), options_from_args(args.game, args))
    for spec in dict.fromkeys(entries):
        make_bot(spec, game.name, timed=False)  # an unknown bot is refused before a folder is made
    records = check_folder_to_fill(args.records) if args.records else None
    report = run_arena(
        game,
        entries,
        args.games,
        args.seed,
        options=options,
        records=records,
        workers=args.workers,
        timed=args.timed,
    )
    (out or sys.stdout).write(json.dumps(report) + "\n" if args.json else render_report(report))
    return 0


def render_report(report: dict[str, Any]) -> str:
    """The report as a table for people."""
    lines = [
        f"{report['game']}, {report['players']} seats, {report['games']} games, seed {report['seed']}"
        f"{'' if report['complete_rotations'] else ' (last rotation incomplete)'}"
        f"{', timed (machine-dependent)' if report['timed'] else ''}; {report['seconds']} s on "
        f"{report['workers']} worker(s)",
        "",
        f"{'bot':<20} {'games':>6} {'wins':>8} {'win rate [95% CI]':>24} {'mean score [95% CI]':>28} {'elo':>7}",
    ]
    for row in report["bots"]:
        rate_low, rate_high = row["win_rate_ci95"]
        mean_low, mean_high = row["mean_score_ci95"]
        interval = f"[{mean_low:.2f}, {mean_high:.2f}]" if mean_low is not None else "[-, -]"
        lines.append(
            f"{row['bot']:<20} {row['seat_games']:>6} {row['wins']:>8.1f}"
            f" {row['win_rate']:>8.3f} [{rate_low:.3f}, {rate_high:.3f}]"
            f" {row['mean_score']:>11.2f} {interval:>16} {row['elo']:>7.1f}"
        )
    lines.append("")
    lines.append("seat win share: " + " ".join(f"{share:.3f}" for share in report["seat_win_share"]))
    order = [row["bot"] for row in report["bots"]]
    for pair in report["pairwise"]:
        if order.index(pair["bot"]) < order.index(pair["against"]):
            against = pair["comparisons"] - pair["points"]
            lines.append(f"{pair['bot']} vs {pair['against']}: {pair['points']:g} - {against:g} (finishing ahead)")
    return "\n".join(lines) + "\n"
