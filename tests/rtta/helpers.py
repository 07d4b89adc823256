"""Helpers for rule scenarios: set a board up, then play text steps with the dice pinned."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from dolmen.games.rtta import RollThroughTheAges, RttaState
from dolmen.games.rtta.components import DEVELOPMENT_BY_NAME, GOOD_BY_NAME, TARGET_BY_NAME
from dolmen.games.rtta.rolling import start_turn
from dolmen.games.rtta.steps import STEP_NAMES

GAME = RollThroughTheAges()


def new(players: int = 2, **options: Any) -> RttaState:
    return GAME.new_state(players, options)


def setup(
    s: RttaState,
    seat: int = 0,
    *,
    food: int | None = None,
    goods: dict[str, int] | None = None,
    devs: Iterable[str] = (),
    cities: int | None = None,
    progress: dict[str, int] | None = None,
    disasters: int | None = None,
    ships: int | None = None,
) -> RttaState:
    """Change ``seat``'s board, then restart the active player's turn so it sees the change."""
    if food is not None:
        s.food[seat] = food
    if goods is not None:
        s.goods[seat] = [0] * 5
        for name, n in goods.items():
            s.goods[seat][GOOD_BY_NAME[name]] = n
    for name in devs:
        s.devs[seat] |= 1 << DEVELOPMENT_BY_NAME[name]
    if cities is not None:
        s.cities[seat] = cities
    for name, n in (progress or {}).items():
        s.progress[seat][TARGET_BY_NAME[name]] = n
    if disasters is not None:
        s.disasters[seat] = disasters
    if ships is not None:
        s.ships[seat] = ships
    start_turn(s)
    return s


def play(s: RttaState, *texts: str) -> RttaState:
    """Apply each text, checked: a chance outcome (``roll ...``) when chance acts, else the acting seat's action."""
    for text in texts:
        if s.is_chance():
            s.apply_chance(s.parse_outcome(text))
        else:
            s.apply_action(s.actors()[0], s.parse_action(text))
    return s


def step(s: RttaState) -> str:
    return STEP_NAMES[s.step]


def legal(s: RttaState) -> list[str]:
    actors = s.actors()
    return [s.action_text(a) for a in s.legal_actions(actors[0])] if actors else []


def goods(s: RttaState, seat: int = 0) -> dict[str, int]:
    return {name: s.goods[seat][g] for name, g in GOOD_BY_NAME.items()}
