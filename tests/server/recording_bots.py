"""A bot target for the worker processes that writes down every view a bot is sent, then lets the bot choose as
usual (:func:`dolmen.server.bots.choose_action`): for the tests that a bot never gets more than its seat's view.

``DOLMEN_TEST_VIEWS`` names a directory; each move asked of a bot appends one JSON line to ``views.jsonl`` there:
``{"game", "spec", "seat", "view"}``, the view exactly as the worker received it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from dolmen.server.bots import choose_action


def choose(game_name: str, spec: str, view: dict[str, Any], seat: int, seed: int) -> str:
    line = json.dumps({"game": game_name, "spec": spec, "seat": seat, "view": view})
    with (Path(os.environ["DOLMEN_TEST_VIEWS"]) / "views.jsonl").open("a", encoding="utf-8") as out:
        out.write(line + "\n")
    return choose_action(game_name, spec, view, seat, seed)


def recorded(folder: Path) -> list[dict[str, Any]]:
    """The moves asked so far, in order."""
    path = folder / "views.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
