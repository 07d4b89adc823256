"""Igloos (module ``igloos``): four igloos bought like buildings but not buildings, their food saving, no barter
(seed 003 "Igloos", "Troc et igloo"; shared/rules/stoneage.md "Igloos")."""

from __future__ import annotations

from dolmen.games.stoneage.components import BUILDING_INDEX, CARD_INDEX, IGLOO, NLOC
from dolmen.games.stoneage.scoring import figure_points
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import ROLL_DICE
from tests.stoneage.helpers import act, goods, legal, module_game, roll, set_goods


def buying(*modules: str, barter: int = 0, **holdings: int) -> StoneAgeState:
    """2 players; seat 0 (barter level ``barter``) put one person on the igloos and is about to resolve it."""
    state = module_game(2, "igloos", *modules)
    state.barter[0] = barter
    set_goods(state, 0, **holdings)
    act(state, "place igloo", "place hunting 5", "place hunting 4", "resolve igloo")
    return state


def test_one_person_per_igloo_and_a_player_may_take_several() -> None:
    """Seed 003: igloos are bought the way buildings are (one person each); rules page: four igloos."""
    state = module_game(2, "igloos")
    act(state, "place igloo", "place igloo", "place igloo")
    assert state.placed[0 * NLOC + IGLOO] == 2 and state.occupancy[IGLOO] == 3 and state.colours[IGLOO] == 2
    assert "place igloo" in legal(state)
    act(state, "place igloo")
    assert "place igloo" not in legal(state)  # all four taken


def test_an_igloo_costs_a_wood_and_a_stone_and_scores_five() -> None:
    """Rules page "Igloos": cost 1 wood and 1 stone; 5 points."""
    state = buying(wood=2, stone=1)
    assert sorted(legal(state)) == ["buy", "decline"]
    act(state, "buy")
    assert state.score[0] == 5 and state.igloos == [1, 0] and state.igloos_left == 3
    assert goods(state, 0)["wood"] == 1 and goods(state, 0)["stone"] == 0 and state.built[0] == ()


def test_an_igloo_one_cannot_pay_for_is_passed_and_never_bartered() -> None:
    """Seed 003 "Troc et igloo": barter is not allowed to buy an igloo (it is not a building)."""
    state = buying("extension", barter=10, wood=1, gold=3)  # a barter gold for stone would pay it: not allowed
    assert state.score[0] == 0 and state.igloos == [0, 0] and state.step == ROLL_DICE
    state = buying("extension", barter=10, wood=1, stone=1)
    assert sorted(legal(state)) == ["buy", "decline"]  # no barter offered even when affordable


def test_each_igloo_spares_two_food_at_every_feeding() -> None:
    """Rules page "Igloos": each igloo spares its owner 2 food at every feeding."""
    state = module_game(2, "igloos")
    state.igloos = [2, 0]
    state.igloos_left = 2
    set_goods(state, 0, food=0)
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)  # 2 food for 5 people less 4
    roll(state, 1, 1, 1, 1, 1)
    assert goods(state, 0)["food"] == 2 - 1 and state.score[0] == 0
    state.igloos = [3, 0]
    act(state, "place hunting 5", "place hunting 5")
    roll(state, 1, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert goods(state, 0)["food"] == 1 + 2  # needs nothing: 5 - 6 is no food, not a gain


def test_igloos_are_not_buildings() -> None:
    """Rules page "Igloos": hut builders ignore them and they never end the game; seed 003: an igloo is not a
    building (no chief's bonus, no winter insulation)."""
    state = buying("new_huts", "winter", wood=1, stone=2)
    state.built[0] = (BUILDING_INDEX["chief"],)
    act(state, "buy")
    assert state.score[0] == 5 and state.step == ROLL_DICE  # no +2, no insulation offer
    state.hands[0] = (CARD_INDEX["hutbuilder2-dice"],)
    assert figure_points(state, 0) == 2 * 1  # the chief's hut only
    state = module_game(2, "igloos")
    state.igloos_left = 1
    set_goods(state, 0, wood=1, stone=1)
    act(state, "place igloo", "place hunting 5", "place hunting 4", "resolve igloo", "buy")
    roll(state, 1, 1, 1, 1)
    roll(state, 1, 1, 1, 1, 1)
    assert state.igloos_left == 0 and state.round == 2 and "place igloo" not in legal(state)
