"""The ``dolmen`` command: its parser and the one place where errors become exit statuses.

Exit statuses: 0 done; 1 a record that does not replay or verify; 2 a bad command line or option (one line on
standard error, never a traceback); 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from dolmen.cli.arena import add_arena_parser, cmd_arena
from dolmen.cli.options import add_option_flags, positive_int, seat_number
from dolmen.cli.serve import add_serve_parser, cmd_serve
from dolmen.cli.worker import add_worker_parser, cmd_worker
from dolmen.engine import DolmenError
from dolmen.games import GAMES


class Formatter(argparse.HelpFormatter):
    """Help that shows each option's default, when it has a meaningful one (not for flags and unset values)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        default = action.default
        if "%(default)" in text or default is None or default is False or default == [] or default == argparse.SUPPRESS:
            return text
        if action.option_strings or action.nargs in (argparse.OPTIONAL, argparse.ZERO_OR_MORE):
            text += " (default: %(default)s)"
        return text


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``dolmen play: <what is wrong> (see dolmen play --help)``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def version() -> str:
    """The installed version and which build runs (``0.1.0 (compiled)``, ``0.1.0 (interpreted)``)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    from dolmen.engine.build import build

    try:
        number = installed("dolmen")
    except PackageNotFoundError:  # running from a source tree that was not installed
        number = "unknown"
    return f"{number} ({build()})"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="dolmen", description="Roll Through the Ages and Stone Age: play, simulate, replay, rank")
    parser.add_argument("--version", action="version", version=f"dolmen {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser(
        "play",
        help="play in the terminal",
        description="Play at one keyboard; seats named by --bots are played by a bot. At the prompt type an "
        "action (its text or its number), 'help', or 'quit' (the game is saved with --save).",
    )
    play.add_argument("game", nargs="?", choices=sorted(GAMES), help="the game (not with --resume)")
    play.add_argument("--players", type=positive_int, default=2, help="seats at the table")
    play.add_argument("--seed", type=int, help="fix the dice (reproducible, so predictable; default: secret)")
    play.add_argument("--bots", nargs="*", type=seat_number, default=[], metavar="SEAT", help="seats played by a bot")
    play.add_argument(
        "--bot", default="greedy", help="the bot that plays those seats (NAME[:LEVEL]; strongest: mcts:hard)"
    )
    play.add_argument("--save", metavar="FILE", help="keep the game record in this file (written as the game goes)")
    play.add_argument(
        "--resume", metavar="FILE", help="continue the unfinished game saved in FILE (and keep saving there)"
    )
    play.add_argument("--names", nargs="+", metavar="NAME", help="the players' names, by seat (default: Seat 0, ...)")
    play.add_argument("--lang", choices=["en", "fr"], help="language of the game log (default: from LANG, else en)")
    add_option_flags(play)

    simulate = sub.add_parser("simulate", help="play many games between bots and report")
    simulate.add_argument("game", choices=sorted(GAMES))
    simulate.add_argument("--players", type=positive_int, default=2, help="seats at the table")
    simulate.add_argument("--games", type=positive_int, default=100, help="games to play")
    simulate.add_argument("--seed", type=int, default=0, help="the seed from which every game's dice are drawn")
    simulate.add_argument("--bot", default="random", help="the bot at every seat (NAME[:LEVEL])")
    simulate.add_argument("--records", metavar="DIR", help="folder to write each game's record to")
    simulate.add_argument("--json", action="store_true", help="print the report as one JSON object")
    add_option_flags(simulate)

    rep = sub.add_parser(
        "replay",
        help="replay a game record: its result, step by step, or verified",
        description="Replay a record and print its result; --step shows the game on screen, step by step; "
        "--verify recomputes every die and card from the record's secret.",
    )
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true", help="print the report as one JSON object")
    rep.add_argument("--step", action="store_true", help="step through the game: n(ext), p(revious), a number, q(uit)")
    rep.add_argument("--verify", action="store_true", help="check every chance step against the record's secret")
    rep.add_argument("--lang", choices=["en", "fr"], help="language of the game log (default: from LANG, else en)")

    add_arena_parser(sub)
    add_serve_parser(sub)
    add_worker_parser(sub)
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
            case "serve":
                return cmd_serve(args)
            case "worker":
                return cmd_worker(args)
    except DolmenError as exc:
        sys.stderr.write(f"dolmen {args.command}: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\ndolmen: interrupted\n")
        return 130
    except BrokenPipeError:  # the reader went away (``dolmen ... | head``): nothing more to say to anyone
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        where = f": {exc.filename}" if exc.filename else ""
        sys.stderr.write(f"dolmen {args.command}: {exc.strerror or exc}{where}\n")
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
