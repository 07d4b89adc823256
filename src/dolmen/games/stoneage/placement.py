"""Phase 1: placing people (seed 004 "Phase 1 : placer les personnages"; rules page "Locations and placement").

From the start player clockwise, each player with people left puts one or more of them on one location they
do not occupy yet this round; players with nobody left, or nowhere left to go, are skipped; the phase ends when
nobody can place (people who found no place stay home this round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import resolution
from dolmen.games.stoneage.actions import PLACE
from dolmen.games.stoneage.components import (
    FIELD,
    FIRST_CARD,
    FIRST_STACK,
    HUNTING,
    HUT,
    MAX_PEOPLE,
    NLOC,
    RESOURCE_SITES,
    SITE_CAPACITY,
    TOOLMAKER,
    VILLAGE,
    site_colour_limit,
    village_limit,
)
from dolmen.games.stoneage.steps import CHOOSE_LOCATION, PLACE_PEOPLE

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PLACEMENTS: Final = tuple(tuple((PLACE, loc, n) for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC))
"""``PLACEMENTS[loc][n]`` is the action putting ``n`` people on ``loc`` (shared tuples: no allocation)."""
_HUT_PLACEMENT: Final = PLACEMENTS[HUT][2]


def begin_round(state: StoneAgeState) -> None:
    """Everyone's people come home, tools are fresh again; the start player places first."""
    state.available = state.people[:]
    state.tool_used = [0] * len(state.tool_used)
    state.step = PLACE_PEOPLE
    state.turn = state.start


def legal_placements(state: StoneAgeState) -> list[Any]:
    """Every placement the placing player may make now."""
    return placements_for(state, state.turn)


def can_place(state: StoneAgeState, seat: int) -> bool:
    """Whether ``seat`` has people left and somewhere to put them (hunting is unlimited, but a player who is
    already there may find every other location closed)."""
    if not state.available[seat]:
        return False
    return not state.placed[seat * NLOC + HUNTING] or bool(placements_for(state, seat))


def placements_for(state: StoneAgeState, seat: int) -> list[Any]:
    free = state.available[seat]
    base = seat * NLOC
    placed, occupancy = state.placed, state.occupancy
    legal: list[Any] = []
    if not placed[base + HUNTING]:
        legal.extend(PLACEMENTS[HUNTING][1 : free + 1])
    colour_limit = site_colour_limit(state.players)
    for loc in RESOURCE_SITES:
        if not placed[base + loc] and state.colours[loc] < colour_limit:
            room = min(free, SITE_CAPACITY - occupancy[loc])
            if room > 0:
                legal.extend(PLACEMENTS[loc][1 : room + 1])
    occupied = sum(1 for loc in VILLAGE if occupancy[loc])
    if occupied < village_limit(state.players, state.modules):
        if not occupancy[TOOLMAKER]:
            legal.append(PLACEMENTS[TOOLMAKER][1])
        if not occupancy[HUT] and free >= 2:
            legal.append(_HUT_PLACEMENT)
        if not occupancy[FIELD]:
            legal.append(PLACEMENTS[FIELD][1])
    for space, card in enumerate(state.display):
        if card >= 0 and not occupancy[FIRST_CARD + space]:
            legal.append(PLACEMENTS[FIRST_CARD + space][1])
    for stack in range(state.nstacks):
        if state.stack_top[stack] >= 0 and not occupancy[FIRST_STACK + stack]:
            legal.append(PLACEMENTS[FIRST_STACK + stack][1])
    return legal


def apply_place(state: StoneAgeState, action: tuple[int, int, int]) -> None:
    _, loc, count = action
    seat = state.turn
    state.placed[seat * NLOC + loc] = count
    state.occupancy[loc] += count
    state.colours[loc] += 1
    state.available[seat] -= count
    players = state.players
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if can_place(state, nxt):
            state.turn = nxt
            return
    state.turn = state.start
    state.step = CHOOSE_LOCATION
    resolution.next_resolver(state)
