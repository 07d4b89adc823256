"""What a new table may be, for the lobby's form: the values each option of a game may take, the modes and the
bounds of their clocks, so that the browser keeps no copy of them (``GET /api/games/{game}/options``).

The games' :class:`~dolmen.engine.core.Game` gives each option's default and checks a set of options
(``check_options``) but has no list of the values an option may take; those lists are the games' own tables
(the editions of Roll Through the Ages, the modules of Stone Age), read here — never typed again — and every
value listed is one ``check_options`` accepts. A combination is checked by the engine too
(:func:`check_choice`): the form shows the engine's refusal, or the options as the engine completes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dolmen.engine.core import Game
from dolmen.engine.errors import OptionsError
from dolmen.games import get_game
from dolmen.games.rtta.components import EDITIONS
from dolmen.games.stoneage.game import AVAILABLE_MODULES
from dolmen.server.clocks import DEFAULT_PER_MOVE, DEFAULT_REALTIME, MAX_INCREMENT, MAX_INITIAL, MAX_PER_MOVE
from dolmen.server.config import Settings
from dolmen.server.storage import REALTIME, TURN

JSON = Any

NAMED_VALUES: Mapping[tuple[str, str], Sequence[str]] = {
    ("rtta", "edition"): tuple(EDITIONS),
    ("stoneage", "modules"): AVAILABLE_MODULES,
}
"""``(game, option) -> the names the game's tables give that option's values``."""


def _kind(default: JSON) -> str:
    if isinstance(default, bool):
        return "flag"
    return "many" if isinstance(default, list) else "one"


def _accepts(game: Game, key: str, value: JSON) -> bool:
    try:
        game.check_options(game.min_players, {key: value})
    except OptionsError:
        return False
    return True


def option_choices(name: str) -> list[dict[str, JSON]]:
    """Each option of game ``name``: ``{"name", "default", "kind"}`` (``flag``: true or false; ``one``: one of
    ``values``; ``many``: any set of ``values``) and, but for flags, the ``values`` ``check_options`` accepts."""
    game = get_game(name)
    out: list[dict[str, JSON]] = []
    for key, default in game.default_options().items():
        choice = {"name": key, "default": default, "kind": _kind(default)}
        if choice["kind"] == "one":
            named = NAMED_VALUES.get((name, key), (default,))
            choice["values"] = [value for value in named if _accepts(game, key, value)]
        elif choice["kind"] == "many":
            named = NAMED_VALUES.get((name, key), tuple(default))
            choice["values"] = [value for value in named if _accepts(game, key, [value])]
        out.append(choice)
    return out


def check_choice(name: str, players: int, options: Mapping[str, JSON]) -> dict[str, JSON]:
    """The engine's word on a table of ``players`` with ``options``: ``{"players", "options"}`` completed and
    normalised by ``check_options``, or ``{"players", "error"}`` with its refusal (and ``reason``, its catalogue
    message)."""
    game = get_game(name)
    try:
        game.check_players(players)
        return {"players": players, "options": game.check_options(players, dict(options))}
    except OptionsError as exc:
        refused: dict[str, JSON] = {"players": players, "error": str(exc)}
        if exc.reason is not None:
            refused["reason"] = exc.reason
        return refused


def _bound(low: float, high: float, default: float) -> dict[str, float]:
    return {"min": low, "max": high, "default": default}


def table_modes(settings: Settings) -> dict[str, JSON]:
    """The modes a table may have and the bounds of their clocks in seconds (as :func:`check_clock` checks
    them), with the default bot for absent people."""
    return {
        "modes": {
            REALTIME: {
                "initial": _bound(1, MAX_INITIAL, DEFAULT_REALTIME["initial"]),
                "increment": _bound(0, MAX_INCREMENT, DEFAULT_REALTIME["increment"]),
            },
            TURN: {"per_move": _bound(settings.min_per_move, MAX_PER_MOVE, DEFAULT_PER_MOVE)},
        },
        "away_bot": settings.away_bot,
    }
