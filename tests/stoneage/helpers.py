"""Helpers for Stone Age scenarios: set up a table with chosen cards and tiles, act by text forms."""

from __future__ import annotations

from typing import Any

from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.components import NRES, RESOURCE_NAMES, TOOL_TILES

DISPLAY = ("weaving-food1", "weaving-food3", "pottery-food7", "medicine-food5")
FIFTH = "music-points3"
"""The fifth display card of the extension's tables."""
TOPS = ("wwc", "wws", "wcc", "wwg", "wcs")
HERD = ("forest-wood3", "clay")
"""The herd's first tile (turned over in round 1) and the zone on the back of the next one."""


def new_game(
    players: int = 2,
    display: tuple[str, ...] = DISPLAY,
    tops: tuple[str, ...] = TOPS,
    **options: Any,
) -> StoneAgeState:
    """A game after its setup: ``display`` from the cheapest space (card 1) up, ``tops`` the stacks' top tiles."""
    state = StoneAge().new_state(players, options)
    for card in display:
        state.apply_chance(state.parse_outcome(f"card {card}"))
    for tile in tops[:players]:
        state.apply_chance(state.parse_outcome(f"building {tile}"))
    return state


def module_game(
    players: int,
    *modules: str,
    display: tuple[str, ...] = DISPLAY,
    tops: tuple[str, ...] = TOPS,
    herd: tuple[str, str] = HERD,
    **options: Any,
) -> StoneAgeState:
    """A game with ``modules`` after its setup: ``display`` (plus ``FIFTH`` with the extension when 4 cards are
    given), ``tops`` and, with mammoths, ``herd``."""
    if "extension" in modules and len(display) == 4:
        display = (*display, FIFTH)
    state = new_game(players, display, tops, modules=list(modules), **options)
    if "mammoths" in modules:
        first, following = herd
        reveal(state, f"herd {first.split('-')[0]}")
        reveal(state, f"mammoth {first}")
        reveal(state, f"herd {following}")
    return state


def seat(state: StoneAgeState) -> int:
    return state.actors()[0]


def act(state: StoneAgeState, *texts: str) -> None:
    """Apply each action text for whoever acts."""
    for text in texts:
        state.apply_action(seat(state), state.parse_action(text))


def roll(state: StoneAgeState, *faces: int) -> None:
    state.apply_chance(state.parse_outcome("dice " + " ".join(map(str, faces))))


def reveal(state: StoneAgeState, text: str) -> None:
    state.apply_chance(state.parse_outcome(text))


def legal(state: StoneAgeState) -> list[str]:
    actors = state.actors()
    return [state.action_text(a) for a in state.legal_actions(actors[0])] if actors else []


def set_goods(state: StoneAgeState, who: int, **amounts: int) -> None:
    """Set ``who``'s resources by name (food, wood, clay, stone, gold, and jewels); the others keep their value."""
    for name, amount in amounts.items():
        if name == "jewels":
            state.jewels[who] = amount
        else:
            state.resources[who * NRES + RESOURCE_NAMES.index(name)] = amount
    state.refresh()


def goods(state: StoneAgeState, who: int) -> dict[str, int]:
    return {name: state.resources[who * NRES + r] for r, name in enumerate(RESOURCE_NAMES)}


def set_tools(state: StoneAgeState, who: int, *values: int) -> None:
    padded = sorted(values, reverse=True) + [0] * (TOOL_TILES - len(values))
    state.tools[who * TOOL_TILES : (who + 1) * TOOL_TILES] = padded
    state.refresh()


def tools(state: StoneAgeState, who: int) -> list[int]:
    return state.tools[who * TOOL_TILES : (who + 1) * TOOL_TILES]
