"""The room at each location of the table, for the views (docs/stoneage.md "Views", key ``room``), so that no
client works out a placement rule: how many people a newcomer may still put there, and when none, why.

Rules page "Locations and placement" (seed 004 "Phase 1 : placer les personnages"): forest, clay pit, quarry
and river hold 7 people each, shared by at most one player at 2 players and two at 3 (any player may join the
herd's zone: rules page "Mammoth herd"); hunting has no limit; each village location, card space and building
stack takes one placement; with 2 or 3 players only 2 of the village locations may be occupied each round (the
extension's merchant counts: rules page "L'Extension"). The modules' places have the room their module gives
(``Module.has_room``): an igloo to buy for each person, as many people in all on the wild animal as players.

The room is public (the same for every viewer) and is not about one player: a location open to a newcomer is
still closed to a player already there, and the hut takes exactly two people of one player. The tests hold it
to ``legal_actions`` on random games (tests/stoneage/test_view_room.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage.components import (
    ANIMAL,
    FIRST_CARD,
    FIRST_STACK,
    GATHERING_SITES,
    HUNTING,
    SITE_CAPACITY,
    VILLAGE,
    VILLAGE_PEOPLE,
    location_name,
)
from dolmen.games.stoneage.placement import village_room

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

FULL: Final = "full"
"""Closed: its places are taken (a village location, card space or stack with someone on it, a full site)."""
PLAYERS: Final = "players"
"""Closed: as many players are on it as may share it at this player count."""
VILLAGE_LIMIT: Final = "village"
"""Closed: the village limit is reached this round."""
EMPTY: Final = "empty"
"""Closed: nothing to take there (no card on the space, an empty stack, no igloo left, no wild animal)."""


def entry(people: int, players: int, capacity: int | None, closed: str | None) -> dict[str, JSON]:
    free = None if capacity is None else 0 if closed else capacity - people
    return {"people": people, "players": players, "capacity": capacity, "free": free, "closed": closed}


def sharing(state: StoneAgeState, site: int) -> int:
    """How many players may share a resource site this round (the herd's zone: all of them)."""
    return state.players if site == state.herd_zone else state.colour_limit


def gathering_room(state: StoneAgeState, site: int) -> dict[str, JSON]:
    people, players = state.occupancy[site], state.colours[site]
    if site == HUNTING:
        return entry(people, players, None, None)
    limit = sharing(state, site)
    closed = PLAYERS if players >= limit else FULL if people >= SITE_CAPACITY else None
    return entry(people, players, SITE_CAPACITY, closed) | {"sharing": limit}


def village_location_room(state: StoneAgeState, loc: int, left: int) -> dict[str, JSON]:
    """``left``: how many more village locations may be occupied this round (:func:`.placement.village_room`)."""
    people = state.occupancy[loc]
    closed = FULL if people else VILLAGE_LIMIT if left <= 0 else None
    doc = entry(people, state.colours[loc], VILLAGE_PEOPLE.get(loc, 1), closed)
    doc["village"] = {"taken": state.village_cap - left, "limit": state.village_cap}
    return doc


def single_room(state: StoneAgeState, loc: int, there: bool) -> dict[str, JSON]:
    """A card space or a building stack: one person, while ``there`` is something to take."""
    people = state.occupancy[loc]
    return entry(people, state.colours[loc], 1, FULL if people else None if there else EMPTY)


def module_place_room(state: StoneAgeState, loc: int, has_room: bool) -> dict[str, JSON]:
    """The igloos (one person for each igloo still to buy) or the active wild animal (as many people in all as
    players); ``has_room`` is the module's word."""
    if loc == ANIMAL:
        people = sum(state.on_animal)
        players = sum(1 for n in state.on_animal if n)
        capacity = state.players if state.animals else 0
    else:
        people, players, capacity = state.occupancy[loc], state.colours[loc], state.igloos_left
    closed = None if has_room else FULL if capacity else EMPTY
    return entry(people, players, capacity, closed)


def room(state: StoneAgeState) -> dict[str, JSON]:
    """Each location of the table by its text form: ``{"people", "players", "capacity", "free", "closed"}``
    (``capacity`` and ``free`` ``null`` at hunting; ``closed`` ``null`` or why nobody more may come: ``full``,
    ``players``, ``village``, ``empty``), with ``sharing`` at the resource sites and ``village``
    (``{"taken", "limit"}``) at the village locations."""
    doc: dict[str, JSON] = {location_name(site): gathering_room(state, site) for site in GATHERING_SITES}
    left = village_room(state)
    for loc in (*VILLAGE, *state.hooks.village):
        doc[location_name(loc)] = village_location_room(state, loc, left)
    for space, card in enumerate(state.display):
        doc[location_name(FIRST_CARD + space)] = single_room(state, FIRST_CARD + space, card >= 0)
    for stack, top in enumerate(state.stack_top):
        doc[location_name(FIRST_STACK + stack)] = single_room(state, FIRST_STACK + stack, top >= 0)
    for loc, module in state.hooks.places:
        doc[location_name(loc)] = module_place_room(state, loc, module.has_room(state, loc))
    return doc
