"""The 28 building tiles: buying (fixed cost, "N of K kinds", "1 to 7"), scoring, declining
(shared/rules/stoneage.md "Buildings"; seed 004 "cartes bâtiment"; seed 003 "coût variable")."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from dolmen.games.stoneage.components import BASE_BUILDINGS, BUILDINGS, FIRST_STACK
from dolmen.games.stoneage.state import StoneAgeState
from tests.stoneage.helpers import act, goods, legal, new_game, set_goods

FIXED_POINTS = {
    "wwc": 10, "wws": 11, "wcc": 11, "wwg": 12, "wcs": 12, "wss": 13, "ccs": 13,
    "wcg": 13, "ccg": 14, "css": 14, "wsg": 14, "csg": 15, "ssg": 16,
}  # fmt: skip
"""Rules page: fixed cost → points (W 3, C 4, S 5, G 6)."""
NAMES = {"w": "wood", "c": "clay", "s": "stone", "g": "gold"}
VALUES = {"wood": 3, "clay": 4, "stone": 5, "gold": 6}


def at_building(tile: str, **holdings: int) -> StoneAgeState:
    """2 players; seat 0 put one person on building 1 (top ``tile``) and is about to resolve it."""
    state = new_game(2, tops=(tile, "1to7"))
    set_goods(state, 0, **holdings)
    act(state, "place building 1", "place hunting 5", "place hunting 4")
    act(state, "resolve building 1")
    return state


def test_the_catalogue_holds_28_tiles() -> None:
    """Rules page: 28 buildings — 17 fixed, 8 "N of K kinds", 3 "1 to 7" (the new huts come with their module)."""
    assert sum(tile.copies for tile in BASE_BUILDINGS) == 28
    assert sum(tile.copies for tile in BASE_BUILDINGS if tile.id in FIXED_POINTS) == 17
    assert {tile.id: tile.copies for tile in BASE_BUILDINGS if tile.id not in FIXED_POINTS} == {
        **{f"{n}of{k}": 1 for n in (4, 5) for k in (1, 2, 3, 4)},
        "1to7": 3,
    }


@pytest.mark.parametrize(("tile", "points"), sorted(FIXED_POINTS.items()))
def test_a_fixed_building_costs_its_goods_and_scores_their_value(tile: str, points: int) -> None:
    """Rules page: fixed cost → points; seed 004: build when one can provide the resources shown."""
    cost = {name: tile.count(letter) for letter, name in NAMES.items()}
    state = at_building(tile, **{name: n + 1 for name, n in cost.items()})
    assert sorted(legal(state)) == ["buy", "decline"]
    act(state, "buy")
    assert state.score[0] == points
    assert {name: goods(state, 0)[name] for name in NAMES.values()} == {name: 1 for name in NAMES.values()}
    assert [BUILDINGS[t].id for t in state.built[0]] == [tile]
    assert state.stack_top[0] == -1 and state.stack_left[0] == 6


@pytest.mark.parametrize("tile", sorted(FIXED_POINTS))
def test_a_building_one_cannot_pay_for_is_passed(tile: str) -> None:
    """Seed 004: "Si l'on n'a pas assez de ressources, l'action est automatiquement passée"."""
    letter = tile[0]
    state = at_building(tile, **{NAMES[letter]: tile.count(letter) - 1})
    assert state.score[0] == 0 and state.built[0] == () and state.stack_left[0] == 7
    assert state.occupancy[FIRST_STACK] == 0  # the person came home


def test_a_building_may_be_declined() -> None:
    """Rules page: a building may be declined; the person just comes home."""
    state = at_building("ssg", stone=2, gold=1)
    act(state, "decline")
    assert goods(state, 0)["stone"] == 2 and state.score[0] == 0 and state.stack_left[0] == 7


def expected_payments(n: int, k: int, holdings: dict[str, int]) -> set[str]:
    """All payments of exactly n goods of exactly k kinds the holdings allow, by brute force."""
    ways = set()
    for combo in combinations_with_replacement(list(VALUES), n):
        if len(set(combo)) == k and all(combo.count(g) <= holdings[g] for g in VALUES):
            ways.add("pay " + " ".join(combo))
    return ways


@pytest.mark.parametrize(("n", "k"), [(n, k) for n in (4, 5) for k in (1, 2, 3, 4)])
def test_n_of_k_kinds_offers_exactly_those_payments_and_scores_their_value(n: int, k: int) -> None:
    """Rules page: "exactly N resources of exactly K kinds"; points = sum of the values paid (seed 003)."""
    holdings = {"wood": 5, "clay": 2, "stone": 3, "gold": 1}
    state = at_building(f"{n}of{k}", **holdings)
    offered = set(legal(state))
    assert offered == expected_payments(n, k, holdings) | {"decline"}
    best = max(offered - {"decline"}, key=lambda text: sum(VALUES[g] for g in text.split()[1:]))
    act(state, best)
    paid = best.split()[1:]
    assert state.score[0] == sum(VALUES[g] for g in paid)
    assert goods(state, 0)["wood"] == 5 - paid.count("wood")


def test_one_to_seven_takes_any_one_to_seven_goods() -> None:
    """Rules page: "1 to 7 resources of any kinds"; points = value paid."""
    state = at_building("1to7", wood=9, gold=2)
    offered = set(legal(state))
    assert "pay wood" in offered and "pay wood wood wood wood wood gold gold" in offered
    assert not any(len(text.split()) > 8 for text in offered)
    assert len(offered) == 1 + sum(1 for size in range(1, 8) for g in range(0, 3) if size - g >= 0 and g <= size)
    act(state, "pay wood wood wood wood wood gold gold")
    assert state.score[0] == 5 * 3 + 2 * 6 and goods(state, 0)["wood"] == 4


def test_building_scores_count_for_hut_builders() -> None:
    """Rules page: hut builders × buildings — the bought tile counts as a building."""
    state = at_building("wwc", wood=2, clay=1)
    act(state, "buy")
    assert len(state.built[0]) == 1
