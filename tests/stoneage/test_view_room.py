"""The view's ``room`` (docs/stoneage.md "Views") agrees with the placement rules, so that a client can show a
site's free places and why it is closed without working out a rule: rules page (shared/rules/stoneage.md)
"Locations and placement" — forest, clay pit, quarry and river hold 7 each; at 2 players one colour per site,
at 3 two colours at most; with 2 or 3 players only 2 of the village locations may be occupied each round —
(seed 004 "Phase 1 : placer les personnages"; seed 003 "Règles spéciales"), "L'Extension" (the merchant counts
in the village limit: 2 of 4 at 2–3 players, 3 at 4, 4 at 5), "Mammoth herd" (with 2–3 players anyone may join
the herd's zone up to its capacity), "Wild animals" (as many people in all as players), "Igloos" (a person for
each igloo still to buy)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from dolmen.engine import CHANCE
from dolmen.games.stoneage import StoneAge, StoneAgeState
from dolmen.games.stoneage.actions import PLACE
from dolmen.games.stoneage.components import HUNTING, HUT, NLOC, VILLAGE_PEOPLE, location_name
from dolmen.games.stoneage.module_components import MODULES
from dolmen.games.stoneage.steps import PLACE_PEOPLE
from tests.stoneage.helpers import act, legal, module_game, new_game
from tests.stoneage.test_animals import with_animals
from tests.stoneage.walks import TABLES as WALKED

GAME = StoneAge()
TABLES: tuple[tuple[int, tuple[str, ...]], ...] = (
    *WALKED,
    (3, ("mammoths", "igloos")),
    (4, ("extension", "igloos")),
)
"""Player counts and modules: the walked games' (2 to 5 players, none, each alone, all) and two pairs."""
REFUSALS: dict[str, set[str]] = {
    "players": {"refused_one_player_sharing", "refused_players_sharing"},
    "full": {"refused_site_full", "refused_taken", "refused_igloos_full", "refused_animal_full"},
    "village": {"refused_village_limit"},
    "empty": {"refused_no_card", "refused_stack_empty", "refused_igloos_full", "refused_no_animal"},
}
"""The rule a closed location's reason stands for, as ``illegal_reason`` words it for a newcomer."""


def placing_states(players: int, modules: tuple[str, ...], seed: int) -> Iterator[StoneAgeState]:
    """Every state of a random game where a seat places people."""
    rng = random.Random(seed)
    state = GAME.new_state(players, {"modules": list(modules)})
    while actors := state.actors():
        if actors[0] == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        if state.step == PLACE_PEOPLE:
            yield state
        options = state.legal_actions(actors[0])
        state.apply_action(actors[0], options[rng.randrange(len(options))])


def placements(state: StoneAgeState, seat: int) -> dict[int, int]:
    """Each location ``seat`` may place on now, with the most people it may put there."""
    most: dict[int, int] = {}
    for action in state.legal_actions(seat):
        kind, loc, people = action  # type: ignore[misc]
        assert kind == PLACE
        most[loc] = max(most.get(loc, 0), people)
    return most


def check_room(state: StoneAgeState) -> int:
    """Check the acting seat's legal placements against ``room``; the number of locations checked."""
    seat = state.actors()[0]
    room: dict[str, Any] = state.view(seat)["room"]
    legal_now = placements(state, seat)
    left = state.available[seat]
    hooks = state.hooks
    checked = 0
    for loc in range(NLOC):
        name = location_name(loc)
        if name not in room:
            assert loc not in legal_now, name  # not on this table
            continue
        entry = room[name]
        free, closed = entry["free"], entry["closed"]
        assert (free is None) == (loc == HUNTING) == (entry["capacity"] is None), (name, entry)
        if closed is not None:
            assert free == 0, (name, entry)
            assert loc not in legal_now, (name, entry, legal_now)
            checked += 1
            there = loc not in hooks.placers and state.placed[seat * NLOC + loc]
            if left >= VILLAGE_PEOPLE.get(loc, 1) and not there:
                reason = state.illegal_reason(seat, (PLACE, loc, 1 if loc != HUT else 2))
                assert reason.key in REFUSALS[closed], (name, entry, reason)
            continue
        assert free is None or free > 0, (name, entry)
        if loc in hooks.placers:  # one person at a time, even beside one's own
            expected = 1
        elif state.placed[seat * NLOC + loc]:
            expected = 0  # a player may not add people to a location they already occupy
        elif loc == HUT:
            expected = 2 if left >= 2 else 0  # exactly two people of one player
        else:
            expected = left if free is None else min(free, left)
        assert legal_now.get(loc, 0) == expected, (name, entry, left, legal_now)
        checked += 1
    return checked


@pytest.mark.parametrize(("players", "modules"), TABLES, ids=[f"{p}p-{'+'.join(m) or 'base'}" for p, m in TABLES])
def test_room_agrees_with_the_legal_placements(players: int, modules: tuple[str, ...]) -> None:
    """At every placement of random games: a closed location is never placeable (and ``illegal_reason`` names
    the rule its reason stands for); an open one takes as many people as it has free places, as the acting
    player has people, unless the player is there already (the igloos and the animal take one at a time)."""
    closed: set[str] = set()
    for seed in range(3):
        for state in placing_states(players, modules, seed):
            assert check_room(state) > 0
            closed |= {entry["closed"] for entry in state.view(None)["room"].values() if entry["closed"]}
    expected = {"full"} | ({"players", "village"} if players < 4 else set())
    if "animals" in modules:
        expected.add("empty")  # no animal drawn yet
    assert expected <= closed, closed


@pytest.mark.parametrize(("players", "modules"), [(2, ()), (3, MODULES), (5, MODULES)])
def test_room_is_the_same_for_every_viewer(players: int, modules: tuple[str, ...]) -> None:
    """Free places are public: every seat and the spectators see the same ``room``."""
    for index, state in enumerate(placing_states(players, modules, 7)):
        if index % 7 == 0:
            rooms = [state.view(viewer)["room"] for viewer in (None, *range(players))]
            assert all(room == rooms[0] for room in rooms)


def test_two_players_one_colour_per_resource_site_and_two_village_locations() -> None:
    """Seed 003 "Règles spéciales" at 2 players: a site is closed to the other player once one player is on it
    (`closed: 1/1 player` in the browser); the third village location is closed once two are taken."""
    state = new_game(2)
    act(state, "place forest 2")
    room = state.view(1)["room"]
    assert room["forest"] == {"people": 2, "players": 1, "capacity": 7, "free": 0, "closed": "players", "sharing": 1}
    assert room["hunting"] == {"people": 0, "players": 0, "capacity": None, "free": None, "closed": None}
    act(state, "place toolmaker", "place field")
    room = state.view(None)["room"]
    assert room["toolmaker"]["closed"] == room["field"]["closed"] == "full"
    assert room["hut"] == {
        "people": 0,
        "players": 0,
        "capacity": 2,
        "free": 0,
        "closed": "village",
        "village": {"taken": 2, "limit": 2},
    }


def test_four_players_share_a_site_up_to_its_seven_places() -> None:
    """Rules page: with 4 players anyone may join a resource site while it has places; 7 at most."""
    state = new_game(4)
    act(state, "place forest 3", "place forest 2")
    assert state.view(None)["room"]["forest"]["free"] == 2
    act(state, "place forest 2")
    assert state.view(None)["room"]["forest"] == {
        "people": 7,
        "players": 3,
        "capacity": 7,
        "free": 0,
        "closed": "full",
        "sharing": 4,
    }


def test_the_herds_zone_is_open_to_every_player() -> None:
    """Rules page "Mammoth herd": with 2–3 players any player may place on the herd's zone up to its capacity."""
    state = module_game(2, "mammoths")  # the herd is in the forest this round
    act(state, "place forest 3")
    forest = state.view(None)["room"]["forest"]
    assert (forest["free"], forest["closed"], forest["sharing"]) == (4, None, 2)
    assert "place forest 4" in legal(state)
    act(state, "place clay 2")
    assert state.view(None)["room"]["clay"]["closed"] == "players"


def test_the_merchant_counts_in_the_village_limit() -> None:
    """Rules page "L'Extension": with 2–3 players 2 of toolmaker, hut, field and merchant may be occupied."""
    state = module_game(3, "extension")
    act(state, "place merchant", "place toolmaker")
    room = state.view(None)["room"]
    assert room["merchant"]["closed"] == room["toolmaker"]["closed"] == "full"
    assert room["field"]["closed"] == room["hut"]["closed"] == "village"
    assert room["field"]["village"] == {"taken": 2, "limit": 2}


def test_the_animal_and_the_igloos_have_their_modules_room() -> None:
    """Rules page "Wild animals": as many people in all on the active animal as players (none without an
    animal); "Igloos": one person for each igloo still to buy."""
    state = module_game(2, "animals", "igloos")
    room = state.view(None)["room"]
    assert (room["animal"]["closed"], room["animal"]["capacity"]) == ("empty", 0)
    assert (room["igloo"]["free"], room["igloo"]["capacity"]) == (4, 4)
    act(state, "place igloo", "place igloo")
    assert state.view(None)["room"]["igloo"] == {"people": 2, "players": 2, "capacity": 4, "free": 2, "closed": None}
    state = with_animals(3, "boar")
    act(state, "place animal", "place hunting 5", "place hunting 5", "place animal")
    assert state.view(None)["room"]["animal"] == {"people": 2, "players": 1, "capacity": 3, "free": 1, "closed": None}
    act(state, "place animal")
    assert state.view(None)["room"]["animal"]["closed"] == "full"
