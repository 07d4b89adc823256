"""Phase 1: placing people (seed 004 "Phase 1 : placer les personnages"; rules page "Locations and placement").

From the start player clockwise, each player with people left puts one or more of them on one location they
do not occupy yet this round; players with nobody left, or nowhere left to go, are skipped; the phase ends when
nobody can place (people who found no place stay home this round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import hooks, resolution
from dolmen.games.stoneage.actions import PLACE
from dolmen.games.stoneage.components import (
    FIELD,
    FIRST_CARD,
    FIRST_STACK,
    HUNTING,
    HUT,
    IGLOO,
    MAX_PEOPLE,
    MERCHANT,
    NLOC,
    RESOURCE_SITES,
    SITE_CAPACITY,
    TOOLMAKER,
)
from dolmen.games.stoneage.log import note, place
from dolmen.games.stoneage.steps import CHOOSE_LOCATION, PLACE_PEOPLE

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PLACEMENTS: Final = tuple(tuple((PLACE, loc, n) for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC))
"""``PLACEMENTS[loc][n]`` is the action putting ``n`` people on ``loc`` (shared tuples: no allocation)."""
_UP_TO: Final = tuple(tuple(PLACEMENTS[loc][1 : n + 1] for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC))
"""``_UP_TO[loc][n]``: the placements of 1 to ``n`` people on ``loc``."""
_SINGLE: Final = tuple(PLACEMENTS[loc][1] for loc in range(NLOC))
_HUT_PLACEMENT: Final = PLACEMENTS[HUT][2]
_TOOLMAKER_PLACEMENT: Final = PLACEMENTS[TOOLMAKER][1]
_FIELD_PLACEMENT: Final = PLACEMENTS[FIELD][1]
_MERCHANT_PLACEMENT: Final = PLACEMENTS[MERCHANT][1]


def begin_round(state: StoneAgeState) -> None:
    """Everyone's people come home, tools are fresh again; the start player places first."""
    state.available = state.people[:]
    state.tool_used = [0] * len(state.tool_used)
    state.step = PLACE_PEOPLE
    state.turn = state.start
    if state.log is not None:
        note(state, "round_started", round=state.round, start_seat=state.start)
    if state.modular:
        hooks.begin_round(state)


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
    village = (occupancy[TOOLMAKER] > 0) + (occupancy[HUT] > 0) + (occupancy[FIELD] > 0) + (occupancy[MERCHANT] > 0)
    if village < state.village_cap:
        if not occupancy[TOOLMAKER]:
            legal.append(_TOOLMAKER_PLACEMENT)
        if not occupancy[HUT] and free >= 2:
            legal.append(_HUT_PLACEMENT)
        if not occupancy[FIELD]:
            legal.append(_FIELD_PLACEMENT)
        if state.has_extension and not occupancy[MERCHANT]:
            legal.append(_MERCHANT_PLACEMENT)
    for space, card in enumerate(state.display):
        if card >= 0 and not occupancy[FIRST_CARD + space]:
            legal.append(_SINGLE[FIRST_CARD + space])
    for stack, top in enumerate(state.stack_top):
        if top >= 0 and not occupancy[FIRST_STACK + stack]:
            legal.append(_SINGLE[FIRST_STACK + stack])
    if state.modular:
        hooks.add_placements(state, legal)
    return legal


def apply_place(state: StoneAgeState, action: tuple[int, int, int]) -> None:
    _, loc, count = action
    seat = state.turn
    if state.log is not None:
        note(state, "placed", seat=seat, location=place(loc), people=count)
    if loc >= IGLOO:
        hooks.place(state, seat, loc)
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
    resolution.next_resolver(state)
