"""Terminal renderings of a seat's view, one module per game (``render(view, seat) -> str``)."""

from __future__ import annotations

import importlib
import json
from typing import Any


def render(game: str, view: dict[str, Any], seat: int | None) -> str:
    """The terminal picture of ``view``; falls back to indented JSON for a game without a renderer."""
    try:
        module = importlib.import_module(f"dolmen.cli.render.{game}")
    except ModuleNotFoundError:
        return json.dumps(view, indent=2, ensure_ascii=False)
    text: str = module.render(view, seat)
    return text
