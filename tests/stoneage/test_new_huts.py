"""The new huts (module ``new_huts``): six more buildings shuffled in, stacks still of seven, their per-round
incomes and purchase bonuses (seed 003 "Les nouvelles huttes"; shared/rules/stoneage.md "New huts")."""

from __future__ import annotations

import pytest

from dolmen.games.stoneage.actions import BUILDING
from dolmen.games.stoneage.components import BUILDING_INDEX, BUILDINGS, CARD_INDEX, NEW_HUTS
from dolmen.games.stoneage.scoring import figure_points
from dolmen.games.stoneage.state import StoneAgeState
from tests.stoneage.helpers import act, goods, legal, module_game, roll, set_goods

HUTS = {
    "woodcutter": ("wcc", 11),
    "potter": ("wws", 11),
    "mason": ("wcg", 13),
    "goldsmith": ("csg", 15),
    "trader": ("wwc", 10),
    "chief": ("ccs", 13),
}
"""Rules page "New huts": cost and points."""
NAMES = {"w": "wood", "c": "clay", "s": "stone", "g": "gold"}


def own(state: StoneAgeState, seat: int, *tiles: str) -> None:
    state.built[seat] = tuple(BUILDING_INDEX[tile] for tile in tiles)


def hunt_round(state: StoneAgeState) -> None:
    """2 players hunt with everybody, rolling ones (2 food each)."""
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)


def test_six_huts_join_the_pool_and_stacks_stay_at_seven() -> None:
    """Seed 003: six more buildings are shuffled in; the stacks stay at seven tiles, so some tiles never appear
    (they stay in the unseen pool)."""
    assert len(NEW_HUTS) == 6
    state = module_game(4, "new_huts")
    assert state.stack_left == [7] * 4 and state.pool_size == 28 + 6 - 4
    assert state.view(None)["unseen_buildings"]["chief"] == 1
    outcomes = dict(module_game(2, "new_huts", tops=("wwc",)).chance_outcomes())
    assert outcomes[(BUILDING, BUILDING_INDEX["trader"])] == pytest.approx(1 / 33)
    assert module_game(2).pool_size == 28 - 2  # without the module the huts are not in play


@pytest.mark.parametrize("hut", sorted(HUTS))
def test_a_hut_is_bought_for_its_cost_and_scores_its_value(hut: str) -> None:
    """Rules page "New huts": cost and points (the value of the cost, as for the other fixed buildings)."""
    letters, points = HUTS[hut]
    assert BUILDINGS[BUILDING_INDEX[hut]].points == points
    state = module_game(2, "new_huts", tops=(hut, "wws"))
    set_goods(state, 0, **{NAMES[letter]: letters.count(letter) for letter in "wcsg"})
    act(state, "place building 1", "place hunting 5", "place hunting 4", "resolve building 1")
    assert sorted(legal(state)) == ["buy", "decline"]
    act(state, "buy")
    assert state.score[0] == points and BUILDINGS[state.built[0][0]].id == hut


@pytest.mark.parametrize(
    ("hut", "good"), [("woodcutter", "wood"), ("potter", "clay"), ("mason", "stone"), ("goldsmith", "gold")]
)
def test_income_huts_yield_one_resource_at_each_feeding(hut: str, good: str) -> None:
    """Rules page "New huts": +1 wood / clay / stone / gold at each feeding phase (seed 003: "une ressource
    gratuite à chaque tour")."""
    state = module_game(2, "new_huts")
    own(state, 0, hut)
    hunt_round(state)
    assert goods(state, 0)[good] == 1 and sum(goods(state, 1).values()) == 12 + 2 - 5
    hunt_round(state)
    assert goods(state, 0)[good] == 2


def test_the_income_comes_before_eating_and_may_feed() -> None:
    """Rules page "New huts": the resource comes at the feeding phase; a short player may pay food with it."""
    state = module_game(2, "new_huts")
    own(state, 0, "goldsmith")
    set_goods(state, 0, food=2)
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)  # 2 food: 4 for 5 people, 1 short, and the goldsmith's gold
    roll(state, 1, 1, 1, 1, 1)
    assert sorted(legal(state)) == ["feed penalty", "feed resources gold"]


@pytest.mark.parametrize(("space", "cost"), [(1, 1), (2, 1), (3, 2), (4, 3)])
def test_the_traders_hut_takes_one_off_every_card_never_below_one(space: int, cost: int) -> None:
    """Rules page "New huts": each civilization card costs the trader's owner 1 resource less (never below 1)."""
    state = module_game(2, "new_huts")
    own(state, 0, "trader")
    set_goods(state, 0, stone=5)
    act(state, f"place card {space}", "place hunting 5", "place hunting 4", f"resolve card {space}")
    assert sorted(legal(state)) == ["decline", "pay " + " ".join(["stone"] * cost)]


def test_the_chiefs_hut_adds_two_points_to_every_later_building() -> None:
    """Rules page "New huts": +2 points whenever its owner buys a building after this one."""
    state = module_game(2, "new_huts", tops=("chief", "wws"))
    set_goods(state, 0, wood=2, clay=2, stone=2)
    act(state, "place building 1", "place hunting 5", "place building 2", "place hunting 3")
    act(state, "resolve building 1", "buy")
    assert state.score[0] == 13  # no bonus for the chief's hut itself
    act(state, "resolve building 2", "buy")
    assert state.score[0] == 13 + 11 + 2


def test_huts_are_buildings_for_hut_builders() -> None:
    """Seed 003: the new huts are buildings (rules page "New huts"); hut builders count buildings."""
    state = module_game(2, "new_huts")
    own(state, 0, "chief", "woodcutter", "wwc")
    state.hands[0] = (CARD_INDEX["hutbuilder2-dice"],)
    assert figure_points(state, 0) == 2 * 3
