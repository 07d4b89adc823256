"""Phase 1, placing people: capacities and restrictions (seed 004 "Phase 1 : placer les personnages"; seed 003
"Règles spéciales à deux/trois joueurs"; shared/rules/stoneage.md "Locations and placement")."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep
from dolmen.games.stoneage.components import FIRST_STACK
from dolmen.games.stoneage.placement import village_room
from dolmen.games.stoneage.steps import CHOOSE_LOCATION
from tests.stoneage.helpers import act, legal, module_game, new_game, seat


def test_start_player_places_first_then_clockwise_one_location_at_a_time() -> None:
    """Seed 004: the first player places one or more people on one location, then each player in turn."""
    state = new_game(3)
    assert seat(state) == 0
    act(state, "place forest 2")
    assert seat(state) == 1
    act(state, "place hunting 1")
    assert seat(state) == 2
    act(state, "place quarry 3")
    assert seat(state) == 0


def test_hunting_is_unlimited() -> None:
    """Rules page: hunting grounds capacity unlimited (seed 004: "sur la zone de chasse le nombre ... n'est pas
    limité")."""
    state = new_game(4)
    for _ in range(3):
        act(state, "place hunting 5")
    assert state.occupancy[0] == 15
    assert "place hunting 5" in legal(state)


def test_a_resource_site_holds_seven() -> None:
    """Rules page: forest, clay pit, quarry, river hold 7 each."""
    state = new_game(4)
    act(state, "place forest 5")
    options = [t for t in legal(state) if t.startswith("place forest")]
    assert options == ["place forest 1", "place forest 2"]
    act(state, "place forest 2")
    assert not any(t.startswith("place forest") for t in legal(state))
    with pytest.raises(IllegalStep):
        act(state, "place forest 1")


@pytest.mark.parametrize(("players", "colours"), [(2, 1), (3, 2), (4, 4)])
def test_how_many_colours_share_a_resource_site(players: int, colours: int) -> None:
    """Seed 003/004 and rules page: 2 players one colour per resource site, 3 players two colours."""
    state = new_game(players)
    for _ in range(players):
        if any(t.startswith("place river") for t in legal(state)):
            act(state, "place river 1")
    assert state.colours[4] == min(colours, players)


def test_the_hut_takes_exactly_two_people_of_one_player() -> None:
    """Rules page: hut — exactly 2 people of one player (seed 004: "deux personnages de la même couleur")."""
    state = new_game(2)
    act(state, "place hut")
    assert state.placed[6] == 2 and state.available[0] == 3
    assert "place hut" not in legal(state)
    state = new_game(2)
    act(state, "place hunting 4")  # seat 0 keeps one person
    act(state, "place hunting 5")
    assert seat(state) == 0 and "place hut" not in legal(state)


@pytest.mark.parametrize("location", ["toolmaker", "field", "card 2", "building 1"])
def test_one_person_on_toolmaker_field_each_card_and_each_stack(location: str) -> None:
    """Seed 004: one person on the field and the toolmaker; each card and each building by one person only."""
    state = new_game(4)
    act(state, f"place {location}")
    assert state.available[0] == 4
    assert f"place {location}" not in legal(state)
    with pytest.raises(IllegalStep):
        act(state, f"place {location}")


def test_no_adding_to_a_location_one_already_occupies() -> None:
    """Rules page: a player may not add people to a location they already occupy this round (seed 004)."""
    state = new_game(4)
    act(state, "place forest 2", "place clay 1", "place clay 1", "place clay 1")
    assert not any(t.startswith("place forest") for t in legal(state))
    act(state, "place hunting 1", "place hunting 1", "place hunting 1", "place hunting 1")
    assert not any(t.startswith("place hunting") for t in legal(state))
    assert any(t.startswith("place quarry") for t in legal(state))


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_may_use_only_two_village_locations(players: int) -> None:
    """Seed 003 and rules page: with 2 or 3 players only 2 of toolmaker, hut, field may be occupied."""
    state = new_game(players)
    act(state, "place toolmaker")
    act(state, "place field")
    assert "place hut" not in legal(state)
    assert not any(t in legal(state) for t in ("place toolmaker", "place field"))


def test_four_players_may_use_all_three_village_locations() -> None:
    """Rules page: the village limit applies to 2–3 players only."""
    state = new_game(4)
    act(state, "place toolmaker", "place field")
    assert "place hut" in legal(state)
    act(state, "place hut")
    assert state.occupancy[5] == state.occupancy[7] == 1 and state.occupancy[6] == 2


def test_players_with_nobody_left_are_skipped() -> None:
    """Rules page: players with nobody left are skipped; the phase ends when nobody can place."""
    state = new_game(3)
    act(state, "place hunting 5")
    act(state, "place forest 1")
    act(state, "place clay 1")
    assert seat(state) == 1
    act(state, "place quarry 4")
    assert seat(state) == 2


def test_a_player_with_nowhere_to_go_is_skipped_and_keeps_people_home() -> None:
    """Rules page: the phase ends when nobody can place (a player already hunting may find all else closed)."""
    state = new_game(2)
    state.people[0] = state.available[0] = 10
    state.people[1] = state.available[1] = 6
    state.refresh()
    act(state, "place hunting 1", "place forest 1", "place clay 1", "place quarry 1", "place river 1")
    act(state, "place toolmaker", "place field", "place card 1", "place card 2", "place card 3", "place card 4")
    act(state, "place building 1")  # seat 0's only place left, building 2, is taken at once
    assert state.placed[FIRST_STACK + 1] == 1 and state.available == [3, 0]
    assert state.step == CHOOSE_LOCATION  # resolution: seat 0 could place nowhere else


def test_no_placement_on_an_empty_card_space_or_stack() -> None:
    """Rules page: each card / building stack takes one person — an empty space offers nothing."""
    state = new_game(2)
    state.display[3] = -1
    state.stack_top[1] = -1
    state.refresh()
    assert "place card 4" not in legal(state) and "place building 2" not in legal(state)


def test_the_merchant_counts_in_the_village_limit() -> None:
    """Rules page "L'Extension" (seed 003 "Règles spéciales"): with 3 players only 2 of the 4 village places
    (toolmaker, hut, field, merchant) are occupied in a round; the merchant taken leaves room for one more,
    which is what the bots read (:func:`village_room`)."""
    state = module_game(3, "extension")
    assert village_room(state) == 2
    act(state, "place merchant")
    assert village_room(state) == 1
    act(state, "place toolmaker")
    assert village_room(state) == 0
    assert not any(text.startswith(("place hut", "place field")) for text in legal(state))
