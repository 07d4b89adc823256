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
    FOREST,
    HUNTING,
    HUT,
    MAX_PEOPLE,
    MAX_STACKS,
    NLOC,
    RESOURCE_SITES,
    RIVER,
    SITE_CAPACITY,
    TOOLMAKER,
    VILLAGE_PEOPLE,
)
from dolmen.games.stoneage.log import note, place
from dolmen.games.stoneage.payments import keep
from dolmen.games.stoneage.resolution import next_resolver
from dolmen.games.stoneage.steps import CHOOSE_LOCATION

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Hooks
    from dolmen.games.stoneage.state import StoneAgeState

PLACEMENTS: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple((PLACE, loc, n) for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC)
)
"""``PLACEMENTS[loc][n]`` is the action putting ``n`` people on ``loc`` (shared tuples: no allocation). The tables
of actions are typed ``Any`` inside: compiled, a fixed-length tuple is a C struct, boxed into a new tuple at every
use (each placement listed would be built again)."""
_UP_TO: Final[tuple[tuple[tuple[Any, ...], ...], ...]] = tuple(
    tuple(PLACEMENTS[loc][1 : n + 1] for n in range(MAX_PEOPLE + 1)) for loc in range(NLOC)
)
"""``_UP_TO[loc][n]``: the placements of 1 to ``n`` people on ``loc``."""
_SINGLE: Final[tuple[Any, ...]] = tuple(PLACEMENTS[loc][1] for loc in range(NLOC))
_HUT_PEOPLE: Final = VILLAGE_PEOPLE[HUT]
_VILLAGE_PLACEMENT: Final[dict[int, Any]] = {loc: PLACEMENTS[loc][VILLAGE_PEOPLE[loc]] for loc in VILLAGE_PEOPLE}
assert tuple(range(FOREST, RIVER + 1)) == RESOURCE_SITES, "the resource sites are consecutive locations"


def legal_placements(state: StoneAgeState) -> tuple[Any, ...]:
    """Every placement the placing player may make now."""
    return placements_for(state, state.turn)


def can_place(state: StoneAgeState, seat: int) -> bool:
    """Whether ``seat`` has people left and somewhere to put them (hunting is unlimited, but a player who is
    already there may find every other location closed): whether :func:`placements_for` lists anything, found
    without listing (the first placement found answers)."""
    free = state.available[seat]
    if not free:
        return False
    base = seat * NLOC
    placed, occupancy = state.placed, state.occupancy
    if not placed[base + HUNTING]:
        return True
    display = state.display
    for space in range(len(display)):
        if display[space] >= 0 and not occupancy[FIRST_CARD + space]:
            return True
    colours, limit, herd_zone = state.colours, state.colour_limit, state.herd_zone
    for loc in range(FOREST, RIVER + 1):
        if not placed[base + loc] and (colours[loc] < limit or loc == herd_zone) and occupancy[loc] < SITE_CAPACITY:
            return True
    modular = state.modular
    if village_room(state) > 0:
        if not occupancy[TOOLMAKER] or not occupancy[FIELD] or (not occupancy[HUT] and free >= _HUT_PEOPLE):
            return True
        if modular:
            for loc in state.hooks.village:
                if not occupancy[loc]:
                    return True
    stack_top = state.stack_top
    for stack in range(len(stack_top)):
        if stack_top[stack] >= 0 and not occupancy[FIRST_STACK + stack]:
            return True
    if modular:
        for loc, module in state.hooks.places:
            if module.has_room(state, loc):
                return True
    return False


def village_room(state: StoneAgeState) -> int:
    """How many more village places (the modules' too) may be occupied this round: the village limit less those
    occupied (rules page "Village"; with 2 or 3 players only 2 of the 3)."""
    occupancy = state.occupancy
    village = state.village_cap
    if occupancy[TOOLMAKER]:
        village -= 1
    if occupancy[HUT]:
        village -= 1
    if occupancy[FIELD]:
        village -= 1
    if state.modular:
        for loc in state.hooks.village:
            if occupancy[loc]:
                village -= 1
    return village


_SITES: Final[dict[int, tuple[Any, ...]]] = {}
"""The placements on hunting and the resource sites (:func:`placements_for`) by a number packing how many people
each may take: at most 11 × 8⁴ keys, a few thousand in practice."""
_HUNTING_BASE: Final = 16
"""The key's hunting digit (0 to ``MAX_PEOPLE``) comes first; then an octal digit per resource site (0 to 7)."""
_SITE_BASE: Final = 8
assert MAX_PEOPLE < _HUNTING_BASE and SITE_CAPACITY < _SITE_BASE
_OTHERS: Final[dict[int, tuple[Any, ...]]] = {}
"""The placements off the gathering sites (:func:`placements_for`) by the set of locations open, a bit each (at
most 2¹⁶ sets). One cache serves every set of modules: a location's place in the list is the same on every table
(the modules' village places in the order of ``MODULES``, their other places in the board's order)."""


def placements_for(state: StoneAgeState, seat: int) -> tuple[Any, ...]:
    """Every placement ``seat`` may make now, in the board's order: hunting, the resource sites, the village,
    the cards, the buildings, the modules' places. Two shared tuples joined: the gathering sites' by how many
    people each may take (:data:`_SITES`), the rest by the set of locations open (:data:`_OTHERS`); nothing else
    is built at a step."""
    free = state.available[seat]
    base = seat * NLOC
    placed, occupancy, colours = state.placed, state.occupancy, state.colours
    limit, herd_zone = state.colour_limit, state.herd_zone
    key = 0
    for loc in range(RIVER, FOREST - 1, -1):
        # mammoths: with 2-3 players anyone may join the herd's zone (rules page "Mammoth herd")
        if not placed[base + loc] and (colours[loc] < limit or loc == herd_zone):
            room = SITE_CAPACITY - occupancy[loc]
            key = key * _SITE_BASE + (room if room < free else free)
        else:
            key = key * _SITE_BASE
    key = key * _HUNTING_BASE + (0 if placed[base + HUNTING] else free)
    sites = _SITES.get(key)
    if sites is None:
        sites = keep(_SITES, key, _site_placements(key))
    mask = 0
    modular = state.modular
    if village_room(state) > 0:
        if not occupancy[TOOLMAKER]:
            mask |= 1 << TOOLMAKER
        if not occupancy[HUT] and free >= _HUT_PEOPLE:
            mask |= 1 << HUT
        if not occupancy[FIELD]:
            mask |= 1 << FIELD
        if modular:
            for loc in state.hooks.village:
                if not occupancy[loc]:
                    mask |= 1 << loc
    display = state.display
    for space in range(len(display)):
        if display[space] >= 0 and not occupancy[FIRST_CARD + space]:
            mask |= 1 << (FIRST_CARD + space)
    stack_top = state.stack_top
    for stack in range(len(stack_top)):
        if stack_top[stack] >= 0 and not occupancy[FIRST_STACK + stack]:
            mask |= 1 << (FIRST_STACK + stack)
    if modular:
        for loc, module in state.hooks.places:
            if module.has_room(state, loc):
                mask |= 1 << loc
    rest = _OTHERS.get(mask)
    if rest is None:
        rest = keep(_OTHERS, mask, _other_placements(state.hooks, mask))
    return sites + rest


def _site_placements(key: int) -> tuple[Any, ...]:
    """The placements on hunting and the sites that :func:`placements_for`'s ``key`` packs."""
    legal: list[Any] = list(_UP_TO[HUNTING][key % _HUNTING_BASE])
    key //= _HUNTING_BASE
    for loc in range(FOREST, RIVER + 1):
        legal.extend(_UP_TO[loc][key % _SITE_BASE])
        key //= _SITE_BASE
    return tuple(legal)


def _other_placements(hooks: Hooks, mask: int) -> tuple[Any, ...]:
    """The placements on the locations of ``mask`` (a bit each) but the gathering sites, in the board's order:
    the village (the modules' village places after the base game's), the cards, the buildings, the modules'
    places."""
    order = [TOOLMAKER, HUT, FIELD, *hooks.village]
    order += range(FIRST_CARD, FIRST_STACK + MAX_STACKS)
    order += [loc for loc, _ in hooks.places]
    return tuple([_VILLAGE_PLACEMENT.get(loc, _SINGLE[loc]) for loc in order if mask >> loc & 1])


def apply_place(state: StoneAgeState, action: Place) -> None:
    _, loc, count = action
    seat = state.turn
    if state.log is not None:
        note(state, "placed", seat=seat, location=place(loc), people=count)
    if state.modular and loc in state.hooks.placers:
        state.hooks.placers[loc].place(state, seat, loc)
    else:
        state.placed[seat * NLOC + loc] = count
        # ``v[i] = v[i] + n``, not ``v[i] += n``: compiled, an item's augmented assignment is a generic call
        occupancy, colours = state.occupancy, state.colours
        occupancy[loc] = occupancy[loc] + count
        colours[loc] = colours[loc] + 1
    available = state.available
    available[seat] = available[seat] - count
    players = state.players
    for step in range(1, players + 1):
        nxt = (seat + step) % players
        if can_place(state, nxt):
            state.turn = nxt
            return
    state.turn = state.start
    state.step = CHOOSE_LOCATION
    next_resolver(state)
