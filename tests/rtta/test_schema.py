"""The view's JSON Schema (docs/schema/rtta-view.schema.json) and ``describe``: what clients rely on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from dolmen.engine import CHANCE
from dolmen.engine.messages import LANGUAGES, Catalogue, placeholders
from dolmen.games.rtta import RollThroughTheAges
from dolmen.games.rtta import components as c
from dolmen.games.rtta.scoring import score_parts
from dolmen.games.rtta.steps import STEP_NAMES
from tests.rtta.helpers import new

GAME = RollThroughTheAges()
SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "docs" / "schema" / "rtta-view.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    """The schema checks itself, and its names are the components' (no drift)."""
    Draft202012Validator.check_schema(SCHEMA)
    props = SCHEMA["properties"]
    assert props["step"]["enum"] == list(STEP_NAMES)
    assert props["turn"]["properties"]["dice"]["items"]["enum"] == list(c.FACE_NAMES)
    assert props["boards"]["items"]["properties"]["developments"]["items"]["enum"] == list(c.DEVELOPMENT_NAMES)


def _check(view: dict[str, Any]) -> None:
    errors = sorted(VALIDATOR.iter_errors(json.loads(json.dumps(view))), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:3]]


@pytest.mark.parametrize("edition", ["bronze", "late"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_views_of_random_games_match_the_schema(edition: str, players: int) -> None:
    """view(seat) and view(None) at every tenth step of 4 random games per edition and player count (trade on
    in half the bronze games) match the schema; a finished game's view carries the result and score sheets."""
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new_state(players, {"edition": edition, "trade": edition == "late" or seed % 2 == 1})
        number = 0
        while state.actors():
            if number % 10 == 0:
                _check(state.view(number % players))
                _check(state.view(None))
            actors = state.actors()
            if actors == (CHANCE,):
                state.apply_chance(state.sample_chance(rng))
            else:
                legal = state.legal_actions(actors[0])
                state.apply_action(actors[0], legal[rng.randrange(len(legal))])
            number += 1
        view = state.view(None)
        _check(view)
        assert view["result"] == state.result().to_json()
        for seat, board in enumerate(view["boards"]):
            assert board["score"] == score_parts(state, seat)
            assert board["score"]["total"] == view["result"]["scores"][seat]


def test_a_view_before_the_end_has_no_result() -> None:
    assert new(2).view(0)["result"] is None


def test_score_sheet_lines_add_up() -> None:
    """Seed 002 "Winning the Game" / seed 000 score sheet: developments + monuments + bonus − disasters."""
    s = new(2, edition="late")
    s.devs[0] |= 1 << c.ARCHITECTURE | 1 << c.EMPIRE | 1 << c.COMMERCE
    s.progress[0][c.CITIES + c.STEP_PYRAMID] = 3
    s.first_builder[c.STEP_PYRAMID] = 0
    s.goods[0][c.WOOD] = 4
    s.disasters[0] = 3
    parts = score_parts(s, 0)
    assert parts["architecture"] == 2 and parts["empire"] == 3 and parts["commerce"] == 4 and parts["bonus"] == 9
    assert parts["total"] == 8 + 10 + 8 + 1 + 9 - 3


@pytest.mark.parametrize("edition", ["bronze", "late"])
def test_describe_reads_every_number_from_the_components(edition: str) -> None:
    """describe() gives the rule tables of an edition (seed 002 Tables 1–3; seed 000 for the Late Bronze Age)."""
    table = GAME.describe({"edition": edition})
    json.dumps(table)
    ed = c.EDITIONS[edition]
    assert [d["name"] for d in table["developments"]] == [c.DEVELOPMENT_NAMES[d] for d in ed.developments]
    for entry in table["developments"]:
        dev = c.DEVELOPMENT_BY_NAME[entry["name"]]
        assert (entry["cost"], entry["points"]) == (ed.costs[dev], ed.points[dev])
    assert [m["boxes"] for m in table["monuments"]] == list(c.MONUMENT_BOXES)
    assert [[m["points_first"], m["points_later"]] for m in table["monuments"]] == [list(p) for p in ed.monument_points]
    assert [g["values"] for g in table["goods"]] == [list(v) for v in c.GOOD_VALUE]
    assert [d["skulls"] for d in table["disasters"]] == [2, 3, 4, 5]
    temple = table["monuments"][c.TEMPLE]
    assert temple["players"] == ([1, 2, 3, 4] if edition == "late" else [1, 3, 4])


def test_describe_names_the_edition_differences() -> None:
    """seed 000: Medicine costs 20 (15 in the base game); Granaries pays 6 coins per food (4)."""
    diffs = GAME.describe({"edition": "late"})["edition"]["differences"]
    assert {"development": "medicine", "this": {"cost": 20, "points": 4}, "other": {"cost": 15, "points": 3}} in diffs
    assert {"rule": "granary_coins", "this": 6, "other": 4} in diffs


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_effect_renders(language: str) -> None:
    """Each development's effect is a catalogue message with its arguments given."""
    catalogue = Catalogue(language, [GAME.message_package()])
    for edition in ("bronze", "late"):
        for entry in GAME.describe({"edition": edition})["developments"]:
            effect = entry["effect"]
            template = catalogue.events[effect["event"]]
            assert placeholders(template) <= set(effect)
            assert "{" not in catalogue.render(effect)
