"""The ``dolmen`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dolmen.cli.arena import add_arena_parser, cmd_arena
from dolmen.cli.options import add_option_flags
from dolmen.cli.serve import add_serve_parser, cmd_serve
from dolmen.engine import DolmenError
from dolmen.games import GAMES


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dolmen", description="Roll Through the Ages and Stone Age")
    sub = parser.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="play in the terminal")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--seed", type=int)
    play.add_argument("--bots", nargs="*", default=[], metavar="SEAT", help="seats played by a bot (0-based)")
    play.add_argument(
        "--bot", default="greedy", help="which bot plays those seats (NAME[:LEVEL]; strongest: mcts:hard)"
    )
    play.add_argument("--save", help="write the game record to this file")
    add_option_flags(play)

    simulate = sub.add_parser("simulate", help="play many games between bots and report")
    simulate.add_argument("game", choices=sorted(GAMES))
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--games", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bot", default="random", help="bot for every seat (NAME[:LEVEL])")
    simulate.add_argument("--records", help="directory to write each game's record to")
    simulate.add_argument("--json", action="store_true")
    add_option_flags(simulate)

    rep = sub.add_parser("replay", help="replay a game record and print its result")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")

    add_arena_parser(sub)
    add_serve_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from dolmen.cli import commands

    args = build_parser().parse_args(argv)
    try:
        match args.command:
            case "play":
                return commands.cmd_play(args)
            case "simulate":
                return commands.cmd_simulate(args)
            case "replay":
                return commands.cmd_replay(args)
            case "arena":
                return cmd_arena(args)
    except DolmenError as exc:
        sys.stderr.write(f"dolmen: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return cmd_serve(args) if args.command == "serve" else 2


if __name__ == "__main__":
    sys.exit(main())
