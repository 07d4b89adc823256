"""Views: everything public (nothing is hidden in this game), JSON-ready, and exact to rebuild from."""

from __future__ import annotations

import json
import random

import pytest

from dolmen.engine import MalformedStep
from tests.rtta.helpers import GAME, new, play, setup


def rebuilt(view: dict[str, object]) -> object:
    return GAME.state_from_view(json.loads(json.dumps(view)), random.Random(0))


def test_a_view_shows_the_turn_the_boards_and_the_step() -> None:
    """A view holds what a player needs to decide, and rebuilds the exact state."""
    s = setup(new(3, edition="late"), 0, devs=["leadership"], goods={"cloth": 2})
    play(s, "roll skull coins workers3", "reroll coins")
    view = s.view(1)
    assert view["viewer"] == 1 and view["active"] == 0 and view["step"] == "roll" and view["actors"] == [-1]
    assert view["turn"]["dice"] == ["skull", "workers3"] and view["turn"]["dice_to_roll"] == 1
    assert view["turn"]["rerolls_left"] == 1 and view["turn"]["locked_skulls"] == 1
    assert view["boards"][0]["developments"] == ["leadership"] and view["boards"][0]["goods"]["cloth"] == 2
    assert view["boards"][0]["goods_value"] == 12 and len(view["boards"]) == 3
    assert [m["in_play"] for m in view["monuments"]] == [True] * 7
    assert {"name": "empire", "cost": 70, "points": 10} in view["developments"]
    assert rebuilt(view).signature() == s.signature()


def test_a_pending_offer_is_in_the_view_and_survives_rebuilding() -> None:
    """A pending offer and the seat who must answer it are in the view."""
    s = play(new(2, trade=True), "roll workers3 food3 food3", "keep", "offer 1 give 2 food")
    view = s.view(1)
    assert view["step"] == "answer" and view["actors"] == [1]
    assert view["turn"]["offer"]["give"] == {"food": 2} and view["turn"]["offer"]["text"] == "offer 1 give 2 food"
    state = rebuilt(view)
    assert state.signature() == s.signature() and state.actors() == (1,)


def test_the_end_of_the_game_rebuilds_too() -> None:
    """A finished game's view rebuilds a finished state with the same result."""
    s = new(1)
    for _ in range(10):
        play(s, "roll food3 food3 food3", "keep")
    view = s.view(None)
    assert view["step"] == "over" and view["actors"] == [] and view["rounds"] == 10
    assert rebuilt(view).result() == s.result()


@pytest.mark.parametrize(
    "damage",
    [
        lambda v: v.pop("turn"),
        lambda v: v.__setitem__("step", "dance"),
        lambda v: v["boards"].pop(),
        lambda v: v["boards"][0].__setitem__("food", 99),
        lambda v: v["boards"][0]["goods"].__setitem__("wood", "two"),
        lambda v: v["turn"].__setitem__("dice", ["dragon"]),
    ],
)
def test_a_broken_view_is_refused(damage: object) -> None:
    """state_from_view refuses a malformed view with MalformedStep."""
    view = json.loads(json.dumps(new(2).view(0)))
    damage(view)  # type: ignore[operator]
    with pytest.raises(MalformedStep):
        GAME.state_from_view(view, random.Random(0))


def test_activity_names_what_the_actors_are_doing() -> None:
    """State.activity(): a stable short name per step, for the table's envelope (docs/rtta.md, Views)."""
    s = setup(new(2, trade=True), 0, devs=["leadership"])
    assert s.activity() == "roll"
    play(s, "roll workers3 food2/workers2 coins")
    assert s.activity() == "reroll"
    play(s, "keep")
    assert s.activity() == "leadership"
    play(s, "leadership coins")
    assert s.activity() == "roll"
    play(s, "roll coins", "food 1")
    assert s.activity() == "trade"
    play(s, "offer 1 give 1 food")
    assert s.activity() == "answer" and s.actors() == (1,)
    play(s, "decline", "end trade")
    assert s.activity() == "build"
    late = setup(new(2, edition="late"), 0, devs=["preservation"], goods={"pottery": 1})
    assert late.activity() == "preserve"
    solo = new(1)
    for _ in range(10):
        play(solo, "roll food3 food3 food3", "keep")
    assert solo.activity() == "over"
