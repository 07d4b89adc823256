"""Step 3: building cities and monuments with workers, Engineering, ships; monuments in play per table."""

from __future__ import annotations

import pytest

from dolmen.engine import IllegalStep
from dolmen.games.rtta.components import MONUMENT_NAMES
from dolmen.games.rtta.scoring import score_parts
from tests.rtta.helpers import legal, new, play, setup, step


def test_workers_tick_boxes_in_any_city_or_monument_in_play() -> None:
    """Seed 002 "3. Build": for each worker check off a box in a city or a monument. [ruling] in any order,
    monuments in parallel; ``build TARGET N`` ticks N boxes at once."""
    s = play(new(2), "roll workers3 workers3 food3", "keep")
    assert step(s) == "build" and s.workers == 6
    options = legal(s)
    assert options[0] == "end build"
    assert "build city4 3" in options and "build city4 4" not in options
    assert "build step-pyramid 3" in options and "build great-wall 6" in options
    play(s, "build great-wall 2", "build stone-circle 3")
    assert s.progress[0][4 + 5] == 2 and s.progress[0][4 + 1] == 3 and s.workers == 1
    with pytest.raises(IllegalStep):
        play(s, "build city4 2")
    play(s, "build city5 1")
    assert s.workers == 0 and s.active == 1


@pytest.mark.parametrize(
    ("players", "edition", "removed"),
    [
        (1, "bronze", set()),
        (2, "bronze", {"temple", "great-pyramid"}),
        (3, "bronze", {"hanging-gardens"}),
        (4, "bronze", set()),
        (2, "late", set()),
        (3, "late", set()),
    ],
)
def test_monuments_in_play_depend_on_players_in_bronze_only(players: int, edition: str, removed: set[str]) -> None:
    """Seed 002 "Rules for 2-player / 3-player Games" (Temple and Great Pyramid; Hanging Gardens crossed off);
    solo uses all (seed 002 "Rules for Solitaire Play"); seed 000 "Fin de la Partie": in the Late Bronze Age
    every monument can be built whatever the number of players."""
    s = play(new(players, edition=edition), "roll workers3 workers3 workers3", "keep")
    buildable = {text.split()[1] for text in legal(s) if text.startswith("build ")}
    assert buildable == (set(MONUMENT_NAMES) - removed) | {"city4", "city5", "city6", "city7"}


def test_a_completed_city_adds_a_die_and_a_mouth_from_the_next_turn() -> None:
    """Seed 002 "3. Build": all boxes of a city checked, it is built: one more die per turn (and "Feed
    Cities": each city requires 1 food)."""
    s = play(new(2), "roll workers3 food3 food3", "keep", "build city4 3")
    assert s.cities[0] == 4 and s.food[0] == 3 + 6 - 3
    play(s, "roll food3 food3 food3", "keep")  # seat 1's turn
    assert s.active == 0 and s.to_roll == 4
    play(s, "roll goods goods goods goods", "keep", "end buy")
    assert s.food[0] == 6 - 4


def test_first_builder_takes_the_high_value_later_builders_the_low_one() -> None:
    """Seed 002 "3. Build": the first player to complete a monument circles the larger number; any player who
    later completes it gets the smaller value."""
    s = new(2)
    setup(s, 1, progress={"stone-circle": 4})
    setup(s, 0, progress={"stone-circle": 4})
    play(s, "roll workers3 food3 food3", "keep", "build stone-circle 1", "end build")
    assert s.first_builder[1] == 0
    play(s, "roll workers3 food3 food3", "keep", "build stone-circle 1", "end build")
    assert s.first_builder[1] == 0
    assert score_parts(s, 0)["monuments"] == 2 and score_parts(s, 1)["monuments"] == 1


def test_late_monuments_are_worth_more_to_later_builders() -> None:
    """Seed 000 "Monuments": later builders score one or two points more than in the base game (Great
    Pyramid 12/8 per shared/rules/rtta.md)."""
    s = new(2, edition="late")
    for seat in (0, 1):
        s.progress[seat][4 + 6] = 15
    s.first_builder[6] = 1
    assert score_parts(s, 1)["monuments"] == 12 and score_parts(s, 0)["monuments"] == 8


def test_leftover_workers_are_lost_when_building_ends() -> None:
    """shared/rules/rtta.md "A turn" 6. Build: workers left over are lost; ending the build step is a decision."""
    s = play(new(2), "roll workers3 workers3 food3", "keep", "build city4 1", "end build")
    assert s.workers == 0 and s.active == 1 and s.progress[0][0] == 1


def test_engineering_turns_stone_into_three_workers_each() -> None:
    """Seed 002 Table 3, Engineering: during the Build Step, 3 boxes for every stone you turn in, as much or as
    little stone as you like."""
    s = setup(new(2), 0, goods={"stone": 3}, devs=["engineering"])
    play(s, "roll food3 food3 food3", "keep")
    assert step(s) == "build" and legal(s) == ["end build", "engineer 1", "engineer 2", "engineer 3"]
    play(s, "engineer 2")
    assert s.workers == 6 and s.goods[0][1] == 1
    play(s, "build step-pyramid 3", "build city4 3")
    assert s.cities[0] == 4 and step(s) == "build"  # one stone left to turn in


def test_ships_cost_one_wood_and_one_cloth_and_no_workers() -> None:
    """Seed 000 "Navigation": a ship for each wood and cloth you remove during building, no workers needed;
    shared/rules/rtta.md: at most 5 ships."""
    s = setup(new(2, edition="late"), 0, goods={"wood": 2, "cloth": 1}, devs=["shipping"])
    play(s, "roll food3 food3 food3", "keep")
    assert legal(s) == ["end build", "ship"]
    play(s, "ship")
    assert s.ships[0] == 1 and s.goods[0] == [1, 0, 0, 0, 0]
    assert step(s) == "trade"  # no more ship to build: the late trade step follows building


def test_no_sixth_ship() -> None:
    """shared/rules/rtta.md "Developments", Shipping: at most 5 ships."""
    s = setup(new(2, edition="late"), 0, goods={"wood": 2, "cloth": 1}, devs=["shipping"], ships=5)
    play(s, "roll food3 food3 food3", "keep")
    assert step(s) != "build"


def test_nothing_to_build_skips_the_step() -> None:
    """docs/rtta.md "A turn": a step with nothing to decide happens by itself (no workers, no Engineering, no ship)."""
    s = play(new(2), "roll food3 food3 coins", "keep")
    assert step(s) != "build"
