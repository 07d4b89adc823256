"""Log events: every step of random games emits events that both catalogues can render, with JSON arguments
named, never coded; hidden cards stay hidden (rules page [ruling] on cards: "other players see how many cards
each player holds, not which", seed 004 "On ne peut voir que ses propres cartes"; docs/stoneage.md "Log
events")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dolmen.engine.messages import LANGUAGES, Catalogue, is_seat_argument, placeholders
from dolmen.games.stoneage import StoneAgeState
from tests.stoneage.helpers import act, module_game, new_game, reveal, roll, set_goods
from tests.stoneage.walks import GAME, TABLES, walk

CATALOGUES = {language: Catalogue(language, [GAME.message_package()]) for language in LANGUAGES}
CARD_KEYS = ("card", "cards")


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for entry in value for item in strings(entry)]
    return []


@pytest.mark.parametrize(("players", "modules"), TABLES, ids=[f"{p}p-{'+'.join(m) or 'base'}" for p, m in TABLES])
def test_every_event_renders_in_every_language(players: int, modules: tuple[str, ...]) -> None:
    """Every event name is in both catalogues, each template's placeholders are arguments of the event as each
    viewer reads it, every argument is JSON and every string argument (a name) has a term in both languages."""
    names: set[str] = set()
    for seed in range(2):
        for step in walk(players, modules, seed):
            for event in step.events:
                for viewer in (None, *range(players)):
                    seen = event.for_viewer(viewer)
                    if seen is None:
                        continue
                    names.add(seen.name)
                    assert json.loads(json.dumps(seen.to_json())) == seen.to_json()
                    for language, catalogue in CATALOGUES.items():
                        template = catalogue.events.get(seen.name)
                        assert template is not None, f"{seen.name} is not in the {language} catalogue"
                        assert placeholders(template) <= set(seen.args), (seen.name, language)
                        for key, value in seen.args.items():
                            if not is_seat_argument(key):
                                for text in strings(value):
                                    assert text in catalogue.terms, f"{language}: no term for {text!r} ({key})"
                        catalogue.render(seen.to_json(), [f"P{seat}" for seat in range(players)])
    assert {"round_started", "placed", "resolved", "gathering_rolled", "gathered", "fed", "game_ended"} <= names


def test_catalogues_have_the_same_events_and_terms() -> None:
    english, french = CATALOGUES["en"], CATALOGUES["fr"]
    assert set(english.events) == set(french.events)
    assert set(english.terms) == set(french.terms)
    for name, template in english.events.items():
        assert placeholders(template) == placeholders(french.events[name]), name


def visible_cards(view: dict[str, Any]) -> set[str]:
    """The card ids a view shows: the display, the hands it may see, the face-up one-use tools, the card being
    bought and the animals beside the board."""
    cards = {card for card in view["display"] if card}
    for seat in view["seats"]:
        cards |= set(seat["cards"] or []) | set(seat["one_use"])
    if view.get("bought"):
        cards.add(view["bought"])
    return cards | set(view.get("animals", []))


@pytest.mark.parametrize("open_cards", [False, True])
@pytest.mark.parametrize(("players", "modules"), TABLES, ids=[f"{p}p-{'+'.join(m) or 'base'}" for p, m in TABLES])
def test_no_event_names_a_card_its_reader_cannot_see(players: int, modules: tuple[str, ...], open_cards: bool) -> None:
    """Whatever card an event names, the viewer who reads it sees that card in its view before or after the
    step; a card drawn face down is read only by its owner."""
    drawn = 0
    for seed in range(2):
        for step in walk(players, modules, seed, open_cards):
            for event in step.events:
                if event.name == "card_drawn":
                    drawn += 1
                    assert (event.seen_by is None) == open_cards
                for viewer in (None, *range(players)):
                    seen = event.for_viewer(viewer)
                    named = {card for key in CARD_KEYS for card in strings(seen.args.get(key))} if seen else set()
                    if named:
                        sees = visible_cards(step.before.view(viewer)) | visible_cards(step.after.view(viewer))
                        assert named <= sees, (seen, viewer)
    assert drawn  # the writing card (or the fifth space's draw) came up in these games


def test_chance_seen_by_names_the_drawing_seat_only_for_a_face_down_draw() -> None:
    """Rules page: "draw 1 card (bottom half only)" goes into the hand, hidden from the others; display cards
    and dice are for everyone."""
    for open_cards in (False, True):
        state = new_game(2, display=("writing-card", "weaving-food3", "pottery-food7", "medicine-food5"))
        state.open_cards = open_cards
        assert state.chance_seen_by() is None  # not a chance step
        act(state, "place card 1", "place forest 2", "place hunting 4", "place hunting 3")
        set_goods(state, 0, wood=1)
        act(state, "resolve card 1", "pay wood")
        assert state.activity() == "reveal"
        assert state.chance_seen_by() == (None if open_cards else (0,))
        state.log = []
        reveal(state, "card music-points3")
        drawn = state.log[0]  # then the forced resolution of the last location
        assert drawn.name == "card_drawn"
        own = drawn.for_viewer(0)
        assert own is not None and own.args == {"seat": 0, "card": "music-points3"}
        public = drawn.for_viewer(1)
        assert public is not None
        assert public.args == ({"seat": 0, "card": "music-points3"} if open_cards else {"seat": 0})


def logged(state: StoneAgeState, *texts: str) -> list[tuple[str, dict[str, Any]]]:
    """The events of the actions ``texts``."""
    state.log = []
    act(state, *texts)
    events = [(event.name, dict(event.args)) for event in state.log]
    state.log = None
    return events


def test_a_placement_and_a_hunt_are_logged_with_names() -> None:
    """Seed 004 phase 1 and 2: who places how many where; the dice, the total and the food (total ÷ 2)."""
    state = new_game(2)
    assert logged(state, "place hunting 3") == [("placed", {"seat": 0, "location": "hunting grounds", "people": 3})]
    act(state, "place clay 2", "place toolmaker", "place hut", "place forest 1", "place hunting 1")
    assert state.activity() == "resolve"
    assert logged(state, "resolve hunting") == [("resolved", {"seat": 0, "location": "hunting grounds"})]
    state.log = []
    roll(state, 2, 3, 6)
    rolled = {"seat": 0, "location": "hunting grounds", "resource": "food", "dice": [2, 3, 6], "total": 11}
    assert [(e.name, dict(e.args)) for e in state.log] == [
        ("gathering_rolled", rolled),
        ("gathered", {"seat": 0, "resource": "food", "amount": 5, "total": 11}),
    ]


def test_a_card_purchase_names_the_card_and_what_was_paid() -> None:
    """Rules page "Civilization cards": a card costs its space's number in goods; its top half acts at once."""
    state = new_game(2)
    act(state, "place card 3", "place forest 2", "place hunting 4", "place hunting 3")
    set_goods(state, 0, wood=2, clay=1)
    act(state, "resolve card 3")
    assert logged(state, "pay wood wood clay")[:2] == [
        ("card_bought", {"seat": 0, "card": "pottery-food7", "location": "card 3", "paid": ["wood", "wood", "clay"]}),
        ("gained", {"seat": 0, "resource": "food", "amount": 7}),
    ]


def test_the_hunger_penalty_is_logged_and_kept_apart_in_the_score_breakdown() -> None:
    """Seed 004 phase 3: short of food and of goods, the player takes -10 points; views show the penalties
    apart from the points scored in play."""
    state = new_game(2)
    set_goods(state, 0, food=0)
    act(state, "place hut", "place field", "place hunting 3", "place hunting 4")
    state.log = []
    while state.round == 1:
        actor = state.actors()[0]
        if actor < 0:
            state.apply_chance(state.chance_outcomes()[0][0])  # all dice show 1
        else:
            state.apply_action(actor, state.legal_actions(actor)[0])
    assert ("hunger_penalty", {"seat": 0, "points": 10}) in [(e.name, dict(e.args)) for e in state.log]
    assert state.penalties == [10, 0]
    assert state.view(1)["seats"][0]["penalties"] == 10


def test_taming_a_mammoth_is_logged() -> None:
    """Rules page "Mammoth herd": after gathering on the herd's zone, each person may tame for 1 food or 1
    resource."""
    state = module_game(2, "mammoths")
    act(state, "place forest 2", "place hunting 5", "place hut", "place hunting 1", "resolve forest")
    state.log = []
    roll(state, 6, 6)
    assert state.activity() == "tame"
    assert logged(state, "tame food") == [("tamed", {"seat": 0, "paid": "food", "on_herd": 1})]


def test_animals_events_and_the_herd_reveals_are_public() -> None:
    """Seed 003 "Animaux Sauvages": a drawn animal goes beside the board for all to see."""
    for step in walk(3, ("animals", "mammoths"), 5):
        for event in step.events:
            if event.name in ("animal_appeared", "herd_moved", "herd_next", "card_revealed", "building_revealed"):
                assert event.seen_by is None


def test_the_log_is_off_in_new_states_clones_and_states_rebuilt_from_views() -> None:
    """Playouts and searches emit nothing: ``log`` is ``None`` unless a driver sets a list."""
    state = new_game(3)
    assert state.log is None
    state.log = []
    act(state, "place hunting 2")
    assert state.log and state.clone().log is None
    assert GAME.state_from_view(state.view(1), random.Random(1)).log is None
