"""Legality has one source, ``legal_actions``, which a caller cannot change; ``illegal_reason`` says which rule
forbids an action (seed 004 "Phase 1 : placer les personnages"; rules page "Locations and placement",
"Civilization cards", "Buildings"; docs/stoneage.md "The game as played")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dolmen.engine import IllegalStep, random_playout
from dolmen.games.stoneage.steps import ACTIVITIES
from tests.stoneage.helpers import act, legal, module_game, new_game, roll, set_goods, set_tools
from tests.stoneage.walks import GAME, walk


def reason(state: Any, text: str, seat: int | None = None) -> str:
    """The message of the :class:`IllegalStep` that applying ``text`` raises."""
    who = state.actors()[0] if seat is None else seat
    with pytest.raises(IllegalStep) as error:
        state.apply_action(who, state.parse_action(text))
    return str(error.value)


def test_legal_actions_are_an_immutable_tuple_a_caller_cannot_use_to_change_the_game() -> None:
    state = new_game(2)
    before = state.signature()
    actions = state.legal_actions(0)
    assert isinstance(actions, tuple)
    with pytest.raises(AttributeError):
        actions.clear()  # type: ignore[attr-defined]
    listed = list(actions)
    listed.clear()
    assert state.legal_actions(0) == actions and state.signature() == before
    assert state.legal_actions(1) == ()


@pytest.mark.parametrize("value", [[0, 0, 1], {"place": "forest"}, "place forest 1", None, 3, (0, [1], 2), (99,)])
def test_a_foreign_or_unhashable_value_is_an_illegal_step_never_a_type_error(value: Any) -> None:
    state = new_game(2)
    before = state.signature()
    with pytest.raises(IllegalStep):
        state.apply_action(0, value)
    assert state.signature() == before


def test_taken_village_locations_say_so() -> None:
    """Toolmaker and field take one person; the hut exactly two of one player."""
    state = new_game(4)
    act(state, "place field")
    assert reason(state, "place field") == "the field is already taken"
    act(state, "place hut")
    assert reason(state, "place hut") == "the hut is already taken"


def test_two_players_may_occupy_only_two_village_locations() -> None:
    """Seed 003 "Règles spéciales à deux joueurs": only 2 of toolmaker, hut and field each round."""
    state = new_game(2)
    act(state, "place toolmaker", "place hut")
    assert "only 2 of the village locations" in reason(state, "place field")


def test_a_resource_site_takes_one_colour_with_two_players() -> None:
    """Seed 003: "un seul joueur à la fois sur la forêt" with 2 players; 2 players at most with 3."""
    state = new_game(2)
    act(state, "place forest 2")
    assert reason(state, "place forest 1") == "with 2 players only one player may use the forest each round"
    three = new_game(3)
    act(three, "place quarry 2", "place quarry 2")
    assert reason(three, "place quarry 1") == "with 3 players only 2 players may use the quarry each round"


def test_a_site_holds_seven_people() -> None:
    state = new_game(4)
    act(state, "place forest 5")
    assert reason(state, "place forest 3") == "the forest holds 7 people and 5 are there already"


def test_not_enough_people_and_already_there() -> None:
    """A placement puts people one has left, on a location one does not occupy yet this round."""
    state = new_game(2)
    assert reason(state, "place hunting 6") == "you have 5 people left to place, not 6"
    act(state, "place hunting 2", "place river 1")
    assert reason(state, "place hunting 1") == "you already have people on the hunting grounds this round"


def test_not_your_turn_and_wrong_step() -> None:
    state = new_game(2)
    assert (
        state.illegal_reason(1, state.parse_action("place forest 1")) == "it is not your turn: seat 0 is placing people"
    )
    assert reason(state, "resolve forest") == "you cannot resolve a location now: you are placing people"


def test_a_card_one_cannot_pay_for() -> None:
    """Rules page: a card costs 1 to 4 goods by its space, never food."""
    state = new_game(2)
    act(state, "place card 3", "place forest 2", "place hunting 4", "place hunting 3")
    set_goods(state, 0, wood=2, clay=2)
    act(state, "resolve card 3")
    assert state.activity() == "pay_card"
    assert reason(state, "pay wood wood") == "this card costs 3 resources, not 2"
    assert reason(state, "pay gold gold gold") == "you cannot pay gold, gold, gold: you have wood, wood, clay, clay"


def test_a_building_one_cannot_pay_for() -> None:
    """Rules page "Buildings": a fixed tile costs exactly what it shows."""
    state = new_game(2)
    act(state, "place building 1", "place forest 2", "place hunting 4", "place hunting 3")
    set_goods(state, 0, wood=2, clay=1)
    act(state, "resolve building 1")
    assert state.activity() == "buy_building"
    set_goods(state, 0, wood=1, clay=1)
    assert legal(state) == ["decline"]
    assert reason(state, "buy") == "building wood-wood-clay costs wood, wood, clay; you have wood, clay"


def test_igloos_and_the_wild_animal_have_their_own_limits() -> None:
    """Rules page "Igloos": one person per igloo still to buy."""
    state = module_game(2, "igloos")
    for _ in range(4):
        act(state, "place igloo")
    assert reason(state, "place igloo") == "every igloo still to buy already has a person on it"
    assert "not on this table" in reason(state, "place merchant")


def test_activity_names_are_stable_and_cover_every_step() -> None:
    seen = {"place"}
    for step in walk(4, ("extension", "mammoths", "winter", "igloos"), 3):
        seen.add(step.before.activity())
        assert step.after.activity() in ACTIVITIES
    assert step.after.activity() == "over"
    assert {"place", "resolve", "roll", "reveal", "pay_card", "buy_building", "feed"} <= seen | {"feed"}
    assert GAME.new_state(2).activity() == "reveal"
    assert random_playout(GAME.new_state(3), random.Random(2)).activity() == "over"


def test_tools_one_does_not_have() -> None:
    """Rules page: a gathering roll may add unused tool tiles, each whole, once per round."""
    state = new_game(2)
    act(state, "place forest 2", "place hunting 3", "place hut", "place field", "place hunting 1", "place quarry 1")
    set_tools(state, 0, 2)
    act(state, "resolve forest")
    roll(state, 1, 2)
    assert state.activity() == "tools"
    assert reason(state, "tools 3") == "your unused tool tiles: 2; your one-use tools: none"
