"""Views follow ``docs/schema/stoneage-view.schema.json`` for every seat and spectators with every module;
codes are names; a finished game's view carries each seat's score breakdown (seed 004 "Score final"; rules page
"End and score"; docs/stoneage.md "Views")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema  # a dev dependency (pyproject: jsonschema>=4)
import pytest

from dolmen.engine import random_playout
from dolmen.games.stoneage import StoneAge
from dolmen.games.stoneage.module_components import MODULES
from tests.stoneage.walks import TABLES, walk

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "schema" / "stoneage-view.schema.json").read_text())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize(("players", "modules"), TABLES, ids=[f"{p}p-{'+'.join(m) or 'base'}" for p, m in TABLES])
def test_views_follow_the_schema(players: int, modules: tuple[str, ...]) -> None:
    for index, step in enumerate(walk(players, modules, 7)):
        if index % 5 and step.after.actors():
            continue
        for viewer in (None, *range(players)):
            VALIDATOR.validate(step.after.view(viewer))


def test_reveals_and_the_roll_queue_are_named() -> None:
    """The setup's reveals are the display spaces, then the stacks, then the herd's tiles; a contest's queue
    names the seats and their dice."""
    state = StoneAge().new_state(3, {"modules": ["mammoths"]})
    view = state.view(None)
    assert view["reveals"] == [
        *(f"card {space}" for space in range(1, 5)),
        *(f"building {stack}" for stack in range(1, 4)),
        "herd back",
        "herd face",
        "herd back",
    ]
    assert view["reveal_then"] == "new round"
    for step in walk(3, ("mammoths", "animals"), 4):
        queue = step.after.view(0)["roll_queue"]
        if queue:
            assert all(set(entry) == {"seat", "dice"} and entry["dice"] >= 1 for entry in queue)
            return
    pytest.fail("no contest or drive-off in the game")


@pytest.mark.parametrize("modules", [(), MODULES])
def test_a_finished_game_shows_each_seats_score_breakdown(modules: tuple[str, ...]) -> None:
    """Final score = points so far + culture sets (size squared) + figures × what they multiply + 1 per good."""
    players = 5 if modules else 3
    state = random_playout(StoneAge().new_state(players, {"modules": list(modules)}), random.Random(9))
    view = state.view(None)
    assert len(view["scoring"]) == players
    for part, score in zip(view["scoring"], view["result"]["scores"], strict=True):
        culture = sum(size * size for size in part["culture"]["sets"])
        assert part["culture"]["points"] == culture
        figures = sum(entry["figures"] * entry["times"] for entry in part["multipliers"].values())
        assert part["points"] + culture + figures + part["goods"] == part["total"] == score


@pytest.mark.parametrize(("players", "modules"), TABLES[3:8], ids=[f"{p}p-{len(m)}" for p, m in TABLES[3:8]])
def test_state_from_view_reads_the_named_codes_back(players: int, modules: tuple[str, ...]) -> None:
    """A seat's view, rebuilt into a state, gives the same view (reveals, roll queue and penalties included)."""
    game = StoneAge()
    for index, step in enumerate(walk(players, modules, 11)):
        if index % 9 or not step.after.actors():
            continue
        view = step.after.view(1)
        assert game.state_from_view(view, random.Random(index)).view(1) == view
