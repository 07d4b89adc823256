"""Log events (docs/rtta.md "Log events"): every applied step tells what happened, in events that both
catalogues can render, with JSON arguments that use the rulebooks' names."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dolmen.engine import CHANCE
from dolmen.engine.messages import LANGUAGES, Catalogue, is_seat_argument, placeholders
from dolmen.games.rtta import RollThroughTheAges, RttaState
from dolmen.games.rtta.components import (
    DEVELOPMENT_NAMES,
    FACE_NAMES,
    GOOD_NAMES,
    TARGET_NAMES,
)
from dolmen.games.rtta.log import DISASTER_NAMES
from dolmen.games.rtta.steps import STEP_NAMES
from tests.rtta.helpers import new, play, setup

GAME = RollThroughTheAges()
CATALOGUES = {language: Catalogue(language, [GAME.message_package()]) for language in LANGUAGES}
NAMES = ["Ada", "Bo", "Cy", "Di"]
CONFIGS = [
    (players, options)
    for options in ({"edition": "bronze"}, {"edition": "bronze", "trade": True}, {"edition": "late"})
    for players in (1, 2, 3, 4)
]


def _check_event(event: Any, players: int) -> None:
    wire = event.to_json()
    assert json.loads(json.dumps(wire)) == wire, event
    for language, catalogue in CATALOGUES.items():
        template = catalogue.events.get(event.name)
        assert template is not None, f"{event.name} has no {language} sentence"
        missing = placeholders(template) - set(event.args)
        assert not missing, f"{language} {event.name} lacks {missing}"
        text = catalogue.render(wire, NAMES[:players])
        assert "{" not in text and "Player" not in text, text
    for key, value in event.args.items():
        if is_seat_argument(key):
            seats = value if isinstance(value, list) else [value]
            assert all(type(seat) is int and 0 <= seat < players for seat in seats), (event, key)
        elif isinstance(value, str):
            for catalogue in CATALOGUES.values():
                assert value in catalogue.terms, f"{event.name}: {key}={value!r} has no term"


def walk(players: int, options: dict[str, Any], seed: int) -> set[str]:
    """A random game with ``state.log = []`` before every step; every step tells at least one event."""
    rng = random.Random(seed)
    state = GAME.new_state(players, options)
    names: set[str] = set()
    while state.actors():
        state.log = []
        actors = state.actors()
        if actors == (CHANCE,):
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actors[0])
            state.apply_action(actors[0], legal[rng.randrange(len(legal))])
        assert state.log, f"a step at {STEP_NAMES[state.step]} told nothing"
        for event in state.log:
            _check_event(event, players)
            names.add(event.name)
    return names


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_event_of_random_games_renders_in_both_catalogues(players: int, options: dict[str, Any]) -> None:
    """15 random games per edition, player count and trade setting: each event has a sentence in en and fr,
    its placeholders are all given, its arguments are JSON, seats are seats and names are catalogue terms."""
    names: set[str] = set()
    for seed in range(15):
        names |= walk(players, options, seed)
    assert {"rolled", "collected", "turn_ended", "final_score", "winner"} <= names


def test_catalogues_have_the_same_events_and_terms() -> None:
    """en and fr name the same events and terms, and both cover every name the rules and views use."""
    en, fr = CATALOGUES["en"], CATALOGUES["fr"]
    assert en.events.keys() == fr.events.keys() and en.terms.keys() == fr.terms.keys()
    names = (*FACE_NAMES, *GOOD_NAMES, *TARGET_NAMES, *DEVELOPMENT_NAMES, *DISASTER_NAMES.values(), "famine")
    for name in (*names, *STEP_NAMES, "bronze", "late", "food"):
        assert name in en.terms and name in fr.terms, name
    assert fr.terms["great-wall"] == "Grande Muraille" and fr.terms["step-pyramid"] == "Petite Pyramide"


def test_no_log_is_kept_unless_a_driver_asks() -> None:
    """``state.log`` is None in new states, clones and states rebuilt from a view: playouts emit nothing."""
    s = new(2)
    assert s.log is None
    s.log = []
    assert s.clone().log is None
    assert GAME.state_from_view(s.view(0), random.Random(0)).log is None
    play(s, "roll food3 goods coins")
    assert [e.name for e in s.log] == ["rolled"]


def events(s: RttaState, *texts: str) -> list[tuple[str, dict[str, Any]]]:
    s.log = []
    play(s, *texts)
    return [(e.name, dict(e.args)) for e in s.log]


def test_a_roll_the_collection_and_feeding_are_told() -> None:
    """Seed 002 "Collect Goods": goods go one at a time from wood up; "Feed Cities": one food per city."""
    s = new(2)
    told = events(s, "roll goods skull coins", "keep")
    assert told[0][0] == "rolled" and told[0][1]["faces"] == ["goods", "skull", "coins"]
    assert told[1] == ("kept", {"seat": 0, "dice": ["goods", "skull", "coins"]})
    assert told[2][0] == "collected" and told[2][1]["goods"] == 3 and told[2][1]["coins"] == 7
    assert ("collected_good", {"seat": 0, "good": "wood", "count": 1}) in told
    assert ("collected_good", {"seat": 0, "good": "pottery", "count": 1}) in told
    assert ("fed", {"seat": 0, "cities": 3, "food": 0}) in told


def test_famine_and_drought_are_told_with_their_points() -> None:
    """Seed 002 Table 2: an unfed city is 1 point (Famine); 2 skulls are a Drought, −2, unless Irrigation."""
    s = setup(new(2), 0, food=0)
    told = events(s, "roll skull skull coins", "keep")
    assert ("famine", {"seat": 0, "cities": 3, "missing": 3, "points": 3}) in told
    assert ("disaster", {"seat": 0, "disaster": "drought", "skulls": 2}) in told
    assert ("disaster_points", {"seat": 0, "disaster": "drought", "points": 2}) in told
    s = setup(new(2), 0, devs=["irrigation"])
    told = events(s, "roll skull skull coins", "keep")
    assert ("protected", {"seat": 0, "disaster": "drought", "by": "irrigation"}) in told


def test_pestilence_names_who_was_hit_and_who_medicine_protected() -> None:
    """Seed 002 Table 2: Pestilence costs each opponent 3 points; Medicine protects them."""
    s = setup(new(3), 2, devs=["medicine"])
    told = events(s, "roll skull skull skull")
    assert ("disaster_points", {"seat": 1, "disaster": "pestilence", "points": 3}) in told
    assert ("protected", {"seat": 2, "disaster": "pestilence", "by": "medicine"}) in told


def test_revolt_with_religion_and_invasion_with_great_wall() -> None:
    """Seed 002 Table 2: Religion turns Revolt against opponents without it; a Great Wall stops Invasion."""
    s = setup(new(2), 1, goods={"wood": 2})
    s = setup(s, 0, devs=["religion"], cities=5)
    told = events(s, "roll skull skull skull skull skull")
    assert ("disaster_turned", {"seat": 0, "disaster": "revolt", "by": "religion"}) in told
    assert ("goods_lost", {"seat": 1, "disaster": "revolt", "units": 2}) in told
    s = setup(new(2), 0, progress={"great-wall": 13}, cities=4)
    told = events(s, "roll skull skull skull skull")
    assert ("protected", {"seat": 0, "disaster": "invasion", "by": "great-wall"}) in told


def test_smithing_spearheads_are_told() -> None:
    """Seed 000 "Forge": each spearhead spent costs every invaded opponent 2 more points."""
    s = setup(new(3, edition="late"), 0, devs=["smithing"], goods={"spearheads": 2}, cities=4)
    told = events(s, "roll skull skull skull skull", "spearheads 2")
    assert ("disaster_turned", {"seat": 0, "disaster": "invasion", "by": "smithing"}) in told
    spent = [args for name, args in told if name == "spearheads_spent"]
    assert spent == [{"seat": 0, "spearheads": 2, "victim_seats": [1, 2], "points": 4}]


def test_building_a_monument_first_and_a_city_are_told() -> None:
    """Seed 002 "3. Build": the first to complete a monument takes the high value; a full city is one more die."""
    s = setup(new(2), 0, progress={"step-pyramid": 2, "city4": 2})
    told = events(s, "roll workers3 food3 food3", "keep", "build step-pyramid 1", "build city4 1")
    assert ("monument_first", {"seat": 0, "monument": "step-pyramid", "points": 1}) in told
    assert ("city_built", {"seat": 0, "city": "city4", "cities": 4}) in told


def test_a_purchase_tells_what_was_paid() -> None:
    """Seed 002 "4. Buy a Development": coins plus whole goods tracks; no change."""
    s = setup(new(2), 0, goods={"wood": 3, "stone": 2})
    told = events(s, "roll coins coins food3", "keep", "buy quarrying with wood")
    bought = [args for name, args in told if name == "bought"]
    assert bought == [{"seat": 0, "development": "quarrying", "cost": 15, "coins": 14, "paid": 20}]
    assert ("paid_goods", {"seat": 0, "good": "wood", "count": 3, "value": 6}) in told


def test_the_end_of_the_game_is_told_with_the_scores() -> None:
    """Seed 002 "Game End" and solo rules: 10 rounds; the scores and the winner are told."""
    s = new(1)
    for _ in range(9):
        play(s, "roll food3 food3 food3", "keep")
    told = events(s, "roll food3 food3 food3", "keep")
    names = [name for name, _ in told]
    assert names[-3:] == ["game_ended_rounds", "final_score", "winner"]
    assert told[-2][1]["total"] == 0 and told[-1][1]["seats"] == [0]


def _names_in_view(value: Any, key: str = "") -> set[str]:
    """String values of a view, and the keys of its name-keyed maps (goods, cities, monuments, offers)."""
    if isinstance(value, dict):
        keyed = key in ("goods", "city_boxes", "monuments", "give", "get")
        found = set(value) if keyed and all(type(v) is int for v in value.values()) else set()
        for k, v in value.items():
            if k not in ("text", "reason"):  # an action's text form; the result's reason in words
                found |= _names_in_view(v, k)
        return found
    if isinstance(value, list):
        return set().union(*(_names_in_view(v, key) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("options", [{"edition": "bronze", "trade": True}, {"edition": "late"}])
def test_every_name_a_view_shows_is_a_catalogue_term(options: dict[str, Any]) -> None:
    """Renderers translate each name a view shows (faces, goods, cities, monuments, developments, steps)."""
    rng = random.Random(5)
    state = GAME.new_state(3, options)
    seen: set[str] = set()
    while state.actors():
        seen |= _names_in_view(state.view(None))
        actors = state.actors()
        if actors == (CHANCE,):
            state.apply_chance(state.sample_chance(rng))
        else:
            legal = state.legal_actions(actors[0])
            state.apply_action(actors[0], legal[rng.randrange(len(legal))])
    seen |= _names_in_view(state.view(None))
    for catalogue in CATALOGUES.values():
        assert seen <= set(catalogue.terms), seen - set(catalogue.terms)


def test_a_full_track_and_quarrying_are_told() -> None:
    """Seed 002 "Collect Goods": a full track takes nothing but the unit still counts; Table 3, Quarrying: one
    more stone when stone was collected."""
    s = setup(new(2), 0, devs=["quarrying"], goods={"wood": 8})
    told = events(s, "roll goods goods skull", "keep")
    assert ("good_wasted", {"seat": 0, "good": "wood", "count": 1}) in told
    assert ("collected_good", {"seat": 0, "good": "stone", "count": 1}) in told
    assert ("collected_good", {"seat": 0, "good": "cloth", "count": 1}) in told
    assert ("quarrying", {"seat": 0, "good": "stone", "count": 1}) in told
    assert s.goods[0][:4] == [8, 2, 1, 1]
