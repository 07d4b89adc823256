"""Command-line flags: argument types that fail in one line, and the flags that become a game's table options."""

from __future__ import annotations

import argparse
import json
from typing import Any

from dolmen.engine.errors import OptionsError

GAME_FLAGS: dict[str, tuple[tuple[str, str], ...]] = {
    "rtta": (("edition", "--edition"), ("trade", "--trade")),
    "stoneage": (("modules", "--modules"), ("open_cards", "--open-cards")),
}
"""Each game's own flags (attribute, flag): giving one to the other game is an error, not silently ignored."""


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def seat_number(text: str) -> int:
    """An argparse type: a seat, numbered from 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, not {value}")
    return value


def check_seats(seats: list[int], players: int, flag: str = "--bots") -> None:
    """Raise :class:`OptionsError` unless ``seats`` are distinct seats of a ``players``-seat table."""
    for seat in seats:
        if seat >= players:
            last = players - 1
            raise OptionsError(f"{flag}: there is no seat {seat} with {players} player(s) (seats are 0 to {last})")
    repeated = sorted({seat for seat in seats if seats.count(seat) > 1})
    if repeated:
        raise OptionsError(f"{flag}: seat {', '.join(map(str, repeated))} is named twice")


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """Flags shared by play, simulate and arena; each game reads only its own and refuses the other's."""
    parser.add_argument("--edition", choices=["bronze", "late"], help="rtta: rules edition (default: bronze)")
    parser.add_argument("--trade", action="store_true", help="rtta: the trading variant (always on in late)")
    parser.add_argument("--modules", default=None, help="stoneage: comma-separated modules, e.g. extension,mammoths")
    parser.add_argument("--open-cards", action="store_true", help="stoneage: civilization cards visible to all")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="any table option (VALUE as JSON)"
    )


def options_from_args(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """The table options the flags ask for; :class:`OptionsError` for a flag of another game."""
    for other, flags in GAME_FLAGS.items():
        if other == game:
            continue
        for attribute, flag in flags:
            if getattr(args, attribute, None) not in (None, False):
                raise OptionsError(f"{flag} is an option of {other}, not of {game}")
    options: dict[str, Any] = {}
    if game == "rtta":
        if args.edition:
            options["edition"] = args.edition
        if args.trade:
            options["trade"] = True
    elif game == "stoneage":
        if args.modules:
            options["modules"] = [m.strip() for m in args.modules.split(",") if m.strip()]
        if args.open_cards:
            options["open_cards"] = True
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise OptionsError(f"--option takes KEY=VALUE, not {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options
