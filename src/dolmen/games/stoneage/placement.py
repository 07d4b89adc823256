"""Phase 1: placing people (seed 004 "Phase 1 : placer les personnages"; rules page "Locations and placement").

From the start player clockwise, each player with people left puts one or more of them on one location they
do not occupy yet this round; players with nobody left, or nowhere left to go, are skipped; the phase ends when
nobody can place (people who found no place stay home this round). The modules add locations
(``Module.village``: the merchant; ``Module.places``: the igloos, the wild animal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import PLACE, Place
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
    VILLAGE_PEOPLE,
)
from dolmen.games.stoneage.log import note, place
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.steps import CHOOSE_LOCATION

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PLACEMENTS: Final = tuple(tuple((PLACE, loc, n) for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC))
"""``PLACEMENTS[loc][n]`` is the action putting ``n`` people on ``loc`` (shared tuples: no allocation)."""
_UP_TO: Final = tuple(tuple(PLACEMENTS[loc][1 : n + 1] for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC))
"""``_UP_TO[loc][n]``: the placements of 1 to ``n`` people on ``loc``."""
_SINGLE: Final = tuple(PLACEMENTS[loc][1] for loc in range(NLOC))
_HUT_PEOPLE: Final = VILLAGE_PEOPLE[HUT]
_HUT_PLACEMENT: Final = PLACEMENTS[HUT][_HUT_PEOPLE]
_TOOLMAKER_PLACEMENT: Final = PLACEMENTS[TOOLMAKER][VILLAGE_PEOPLE[TOOLMAKER]]
_FIELD_PLACEMENT: Final = PLACEMENTS[FIELD][VILLAGE_PEOPLE[FIELD]]


def legal_placements(state: StoneAgeState) -> list[Any]:
    """Every placement the placing player may make now."""
    return placements_for(state, state.turn)


def can_place(state: StoneAgeState, seat: int) -> bool:
    """Whether ``seat`` has people left and somewhere to put them (hunting is unlimited, but a player who is
    already there may find every other location closed)."""
    if not state.available[seat]:
        return False
    if not state.placed[seat * NLOC + HUNTING]:
        return True
    occupancy = state.occupancy
    for space, card in enumerate(state.display):
        if card >= 0 and not occupancy[FIRST_CARD + space]:
            return True
    return bool(placements_for(state, seat))


def village_room(state: StoneAgeState) -> int:
    """How many more village places (the modules' too) may be occupied this round: the village limit less those
    occupied (rules page "Village"; with 2 or 3 players only 2 of the 3)."""
    occupancy = state.occupancy
    village = (occupancy[TOOLMAKER] > 0) + (occupancy[HUT] > 0) + (occupancy[FIELD] > 0)
    if state.modular:
        for loc in state.hooks.village:
            village += occupancy[loc] > 0
    return state.village_cap - village


def placements_for(state: StoneAgeState, seat: int) -> list[Any]:
    free = state.available[seat]
    base = seat * NLOC
    placed, occupancy, colours = state.placed, state.occupancy, state.colours
    legal: list[Any] = []
    if not placed[base + HUNTING]:
        legal += _UP_TO[HUNTING][free]
    limit = state.colour_limit
    for loc in RESOURCE_SITES:
        # mammoths: with 2-3 players anyone may join the herd's zone (rules page "Mammoth herd")
        if not placed[base + loc] and (colours[loc] < limit or loc == state.herd_zone):
            room = SITE_CAPACITY - occupancy[loc]
            legal += _UP_TO[loc][room if room < free else free]
    modular = state.modular
    if village_room(state) > 0:
        if not occupancy[TOOLMAKER]:
            legal.append(_TOOLMAKER_PLACEMENT)
        if not occupancy[HUT] and free >= _HUT_PEOPLE:
            legal.append(_HUT_PLACEMENT)
        if not occupancy[FIELD]:
            legal.append(_FIELD_PLACEMENT)
        if modular:
            for loc in state.hooks.village:
                if not occupancy[loc]:
                    legal.append(_SINGLE[loc])
    for space, card in enumerate(state.display):
        if card >= 0 and not occupancy[FIRST_CARD + space]:
            legal.append(_SINGLE[FIRST_CARD + space])
    for stack, top in enumerate(state.stack_top):
        if top >= 0 and not occupancy[FIRST_STACK + stack]:
            legal.append(_SINGLE[FIRST_STACK + stack])
    if modular:
        for loc, module in state.hooks.places:
            if module.has_room(state, loc):
                legal.append(_SINGLE[loc])
    return legal


def apply_place(state: StoneAgeState, action: Place) -> None:
    _, loc, count = action
    seat = state.turn
    if state.log is not None:
        note(state, "placed", seat=seat, location=place(loc), people=count)
    if state.modular and loc in state.hooks.placers:
        state.hooks.placers[loc].place(state, seat, loc)
    else:
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
    next_resolver(state)
