"""Checks that hold at every point of every Stone Age game."""

from __future__ import annotations

from dolmen.games.stoneage import StoneAgeState
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARDS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    NLOC,
    NRES,
    START_PEOPLE,
    TOOL_TILES,
)


def check_invariants(state: StoneAgeState) -> None:
    """People 5–10, agriculture 0–10, tools within 4-4-4 and sorted, no negative stock, cards and tiles
    conserved, placements consistent with occupancy."""
    for seat in range(state.players):
        assert START_PEOPLE <= state.people[seat] <= MAX_PEOPLE
        assert 0 <= state.available[seat] <= state.people[seat]
        assert 0 <= state.agriculture[seat] <= MAX_AGRICULTURE
        tiles = state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES]
        assert all(0 <= v <= 4 for v in tiles) and tiles == sorted(tiles, reverse=True)
        assert all(state.resources[seat * NRES + r] >= 0 for r in range(NRES))
        assert all(card in state.hands[seat] for card in state.one_use[seat])
    in_hands = sum(len(hand) for hand in state.hands)
    on_display = sum(1 for card in state.display if card >= 0)
    assert state.deck_size == sum(state.deck) and min(state.deck) >= 0
    assert in_hands + on_display + state.deck_size == sum(card.copies for card in CARDS)
    built = sum(len(b) for b in state.built)
    tops = sum(1 for top in state.stack_top if top >= 0)
    assert state.pool_size == sum(state.pool) and min(state.pool) >= 0
    assert built + tops + state.pool_size == sum(tile.copies for tile in BUILDINGS)
    for loc in range(NLOC):
        here = [state.placed[seat * NLOC + loc] for seat in range(state.players)]
        assert state.occupancy[loc] == sum(here)
        assert state.colours[loc] == sum(1 for n in here if n)
        assert sum(here) <= 7 or loc == 0
