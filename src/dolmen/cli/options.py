"""Turning command-line flags into a game's table options."""

from __future__ import annotations

import argparse
import json
from typing import Any

from dolmen.engine.errors import OptionsError


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """Flags shared by play, simulate and arena; each game reads the ones it knows."""
    parser.add_argument("--edition", choices=["bronze", "late"], help="rtta: rules edition (default bronze)")
    parser.add_argument("--trade", action="store_true", help="rtta: the trading variant (always on in late)")
    parser.add_argument("--modules", default=None, help="stoneage: comma-separated modules, e.g. extension,mammoths")
    parser.add_argument("--open-cards", action="store_true", help="stoneage: civilization cards visible to all")
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="any table option (VALUE as JSON)"
    )


def options_from_args(game: str, args: argparse.Namespace) -> dict[str, Any]:
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
        if not sep:
            raise OptionsError(f"--option takes KEY=VALUE, not {item!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options
