"""Helpers for Stone Age scenarios: set up a table with chosen cards and tiles, act by text forms."""

from __future__ import annotations

from typing import Any

from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.components import NRES, RESOURCE_NAMES, TOOL_TILES

DISPLAY = ("weaving-food1", "weaving-food3", "pottery-food7", "medicine-food5")
TOPS = ("wwc", "wws", "wcc", "wwg")


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
    """Set ``who``'s resources by name (food, wood, clay, stone, gold); the others keep their value."""
    for name, amount in amounts.items():
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
