"""Terminal renderings of a seat's view, one module per game (``render(view, seat) -> str``)."""

from __future__ import annotations

import importlib
import json
import textwrap
from collections.abc import Mapping
from typing import Any


def render(
    game: str,
    view: dict[str, Any],
    seat: int | None,
    columns: int | None = None,
    glossary: Mapping[str, str] | None = None,
) -> str:
    """The terminal picture of ``view``, its lines wrapped between words to ``columns`` (none: unwrapped);
    indented JSON for a game without a renderer. ``glossary``: what named components give (see
    :func:`dolmen.cli.texts.glossary`)."""
    try:
        module = importlib.import_module(f"dolmen.cli.render.{game}")
    except ModuleNotFoundError:
        return json.dumps(view, indent=2, ensure_ascii=False)
    text: str = module.render(view, seat, glossary)
    return text if columns is None else wrap(text, columns)


def status(
    game: str,
    view: dict[str, Any],
    seat: int | None,
    columns: int | None = None,
    glossary: Mapping[str, str] | None = None,
) -> str:
    """The short picture between two decisions of one seat (the game's ``status``; else the whole board)."""
    try:
        module = importlib.import_module(f"dolmen.cli.render.{game}")
    except ModuleNotFoundError:
        return render(game, view, seat, columns, glossary)
    if not hasattr(module, "status"):
        return render(game, view, seat, columns, glossary)
    text: str = module.status(view, seat, glossary)
    return text if columns is None else wrap(text, columns)


def wrap(text: str, columns: int) -> str:
    """Each line of ``text`` longer than ``columns`` broken between words, its continuations indented four more
    spaces than the line itself (never inside a word or at a hyphen).

    >>> print(wrap("  food 3  goods 2 wood", 14))
      food 3
          goods 2
          wood
    """
    lines: list[str] = []
    for line in text.splitlines():
        if len(line) <= columns:
            lines.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip(" ")) + 4)
        lines.extend(
            textwrap.wrap(line, columns, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)
            or [line]
        )
    return "\n".join(lines)
