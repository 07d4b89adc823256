"""Checks that hold at every point of every Stone Age game, with or without modules."""

from __future__ import annotations

from dolmen.games.stoneage import StoneAgeState
from dolmen.games.stoneage.components import (
    ANIMAL,
    BASE_BUILDINGS,
    BUILDINGS,
    CARDS,
    IGLOO,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MERCHANT,
    NLOC,
    NRES,
    START_PEOPLE,
    TOOL_TILES,
)
from dolmen.games.stoneage.module_components import FIRST_ANIMAL, IGLOOS, MAMMOTH_TILES, MAX_BARTER, WILD_ANIMALS


def check_invariants(state: StoneAgeState) -> None:
    """People 5–10, agriculture 0–10, tools within 4-4-4 and sorted, no negative stock, cards and tiles
    conserved, placements consistent with occupancy; and the modules' own counts."""
    for seat in range(state.players):
        assert START_PEOPLE <= state.people[seat] <= MAX_PEOPLE
        assert 0 <= state.available[seat] <= state.people[seat] - state.on_animal[seat] - state.on_herd[seat]
        assert 0 <= state.agriculture[seat] <= MAX_AGRICULTURE
        tiles = state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES]
        assert all(0 <= v <= 4 for v in tiles) and tiles == sorted(tiles, reverse=True)
        assert all(state.resources[seat * NRES + r] >= 0 for r in range(NRES))
        assert all(card in state.hands[seat] for card in state.one_use[seat])
        assert all(card < FIRST_ANIMAL for card in state.hands[seat])
        assert state.jewels[seat] >= 0 and 0 <= state.barter[seat] <= MAX_BARTER
    in_hands = sum(len(hand) for hand in state.hands)
    on_display = sum(1 for card in state.display if card >= 0)
    assert state.deck_size == sum(state.deck) and min(state.deck) >= 0
    assert state.animals_in_deck == sum(state.deck[FIRST_ANIMAL:])
    assert in_hands + on_display + state.deck_size - state.animals_in_deck == sum(card.copies for card in CARDS)
    assert state.animals_in_deck + len(state.animals) <= (len(WILD_ANIMALS) if state.has_animals else 0)
    built = sum(len(b) for b in state.built)
    tops = sum(1 for top in state.stack_top if top >= 0)
    assert state.pool_size == sum(state.pool) and min(state.pool) >= 0
    tiles_in_play = BUILDINGS if state.has_huts else BASE_BUILDINGS
    assert built + tops + state.pool_size == sum(tile.copies for tile in tiles_in_play)
    assert sum(state.stack_left) - tops <= state.pool_size  # the stacks' hidden tiles are all still unseen
    for loc in range(NLOC):
        here = [state.placed[seat * NLOC + loc] for seat in range(state.players)]
        assert state.occupancy[loc] == sum(here)
        assert state.colours[loc] == sum(1 for n in here if n)
        assert sum(here) <= 7 or loc == 0
    assert not any(state.placed[seat * NLOC + ANIMAL] for seat in range(state.players))
    assert state.has_extension or not state.occupancy[MERCHANT]
    assert sum(state.on_animal) <= state.players
    assert state.igloos_left + sum(state.igloos) == (IGLOOS if state.has_igloos else 0)
    assert state.occupancy[IGLOO] <= state.igloos_left
    assert sum(state.herd_pool) + (state.herd_tile >= 0) <= (len(MAMMOTH_TILES) if state.has_herd else 0)
