"""Rebuilding a full state from a view (``StoneAge().state_from_view``, docs/stoneage.md "Views"): what the view
shows is read back; the hidden cards are dealt at random from the multiset of the cards the seat has not seen.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from dolmen.games.stoneage.components import (
    BUILDING_INDEX,
    BUILDINGS,
    CARD_INDEX,
    LOCATION_NAMES,
    NLOC,
    NRES,
    RESOURCE_NAMES,
    TOOL_TILES,
    location_name,
)
from dolmen.games.stoneage.module_components import (
    DECK_CARD_INDEX,
    FIRST_ANIMAL,
    MAMMOTH_INDEX,
    MAMMOTH_TILES,
    NOTHING_DUE,
)
from dolmen.games.stoneage.state import StoneAgeState
from dolmen.games.stoneage.steps import ROLL_NAMES, STEP_NAMES, THEN_NAMES, reveal_code
from dolmen.games.stoneage.texts import parse_counts

if TYPE_CHECKING:
    from dolmen.games.stoneage.game import StoneAge

_LOCATION_BY_NAME = {location_name(loc): loc for loc in range(NLOC)}
_ROLL_BY_NAME = {name: code for code, name in ROLL_NAMES.items()}


def state_from_view(game: StoneAge, doc: Mapping[str, Any], rng: random.Random) -> StoneAgeState:
    """A full state consistent with ``doc``: hidden hand cards are dealt at random from the unseen cards, the
    rest of them form the deck."""
    options = doc["options"]
    state = StoneAgeState(game, doc["players"], tuple(options["modules"]), bool(options["open_cards"]))
    for seat, seat_doc in enumerate(doc["seats"]):
        _load_seat(state, seat, seat_doc)
    unseen = [DECK_CARD_INDEX[card] for card, n in doc["unseen_cards"].items() for _ in range(n)]
    animals = [card for card in unseen if card >= FIRST_ANIMAL]  # wild animals are never in a hand
    unseen = [card for card in unseen if card < FIRST_ANIMAL]
    rng.shuffle(unseen)
    for seat, seat_doc in enumerate(doc["seats"]):
        if seat_doc["cards"] is None:
            hidden = seat_doc["card_count"] - len(seat_doc["one_use"])
            dealt, unseen = unseen[:hidden], unseen[hidden:]
            state.hands[seat] = (*state.one_use[seat], *dealt)
    state.deck = [0] * len(state.deck)
    for card in unseen + animals:
        state.deck[card] += 1
    state.deck_size = len(unseen) + len(animals)
    state.animals_in_deck = len(animals)
    state.display = [CARD_INDEX[card] if card else -1 for card in doc["display"]]
    state.stack_top = [BUILDING_INDEX[s["top"]] if s["top"] else -1 for s in doc["stacks"]]
    state.stack_left = [s["left"] for s in doc["stacks"]]
    state.pool = [doc["unseen_buildings"].get(tile.id, 0) for tile in BUILDINGS]
    state.pool_size = sum(state.pool)
    _load_flow(state, doc)
    if state.modular:
        load_module_keys(state, doc)
    state.refresh()
    return state


def _load_seat(state: StoneAgeState, seat: int, seat_doc: Mapping[str, Any]) -> None:
    base = seat * NRES
    for r, name in enumerate(RESOURCE_NAMES):
        state.resources[base + r] = seat_doc["resources"][name]
    state.people[seat] = seat_doc["people"]
    state.available[seat] = seat_doc["available"]
    state.agriculture[seat] = seat_doc["agriculture"]
    state.score[seat] = seat_doc["score"]
    state.penalties[seat] = seat_doc["penalties"]
    state.tools[seat * TOOL_TILES : (seat + 1) * TOOL_TILES] = seat_doc["tools"]
    state.tool_used[seat * TOOL_TILES : (seat + 1) * TOOL_TILES] = seat_doc["tools_used"]
    state.one_use[seat] = tuple(CARD_INDEX[card] for card in seat_doc["one_use"])
    state.built[seat] = tuple(BUILDING_INDEX[tile] for tile in seat_doc["buildings"])
    if seat_doc["cards"] is not None:
        state.hands[seat] = tuple(CARD_INDEX[card] for card in seat_doc["cards"])
    for name, count in seat_doc["placed"].items():
        loc = _LOCATION_BY_NAME[name]
        state.placed[seat * NLOC + loc] = count
        state.occupancy[loc] += count
        state.colours[loc] += 1


def _load_flow(state: StoneAgeState, doc: Mapping[str, Any]) -> None:
    state.round = doc["round"]
    state.start = doc["start_player"]
    state.step = STEP_NAMES.index(doc["step"])
    state.turn = doc["turn"]
    state.target = _LOCATION_BY_NAME[doc["target"]] if doc["target"] else -1
    state.roll_count = doc["roll_count"]
    resource = doc["roll_resource"]
    state.roll_res = _ROLL_BY_NAME[resource] if resource in _ROLL_BY_NAME else RESOURCE_NAMES.index(resource)
    state.roll_total = doc["roll_total"]
    state.pick_dice = tuple(doc["pick_dice"])
    state.pick_seat = doc["pick_seat"]
    state.shortage = doc["shortage"]
    state.reveals = [reveal_code(name) for name in doc["reveals"]]
    state.reveal_then = THEN_NAMES.index(doc["reveal_then"])
    state.end_reason = doc["end_reason"]


def load_module_keys(state: StoneAgeState, doc: Mapping[str, Any]) -> None:
    """Set the modules' part of ``state`` (rebuilt by :func:`state_from_view`) from ``doc``."""
    seats = doc["seats"]
    state.bought = CARD_INDEX[doc["bought"]] if doc["bought"] else -1
    state.gather_site = _LOCATION_BY_NAME[doc["gather_site"]] if doc["gather_site"] else -1
    if state.has_extension:
        state.jewels = [seat_doc["jewels"] for seat_doc in seats]
        state.barter = [seat_doc["barter"] for seat_doc in seats]
        state.bartered = [int(seat_doc["bartered"]) for seat_doc in seats]
        state.hunt_yield = doc["hunt_yield"]
        due = parse_counts(doc["barter_due"].split(), "barter_due", jewels=True)
        state.barter_due = (*due, 0) if len(due) < len(NOTHING_DUE) else due
    if state.has_herd:
        herd = doc["herd"]
        state.on_herd = [seat_doc["on_herd"] for seat_doc in seats]
        state.herd_tile = MAMMOTH_INDEX[herd["tile"]["id"]] if herd["tile"] else -1
        state.herd_zone = LOCATION_NAMES.index(herd["zone"]) if herd["zone"] else -1
        state.herd_next = LOCATION_NAMES.index(herd["next"]) if herd["next"] else -1
        state.herd_pool = [herd["unseen"].get(tile.id, 0) for tile in MAMMOTH_TILES]
        state.contest = [tuple(dice) for dice in herd["contest"]]
        state.tamers = doc["tamers"]
    if state.has_animals:
        state.on_animal = [seat_doc["on_animal"] for seat_doc in seats]
        state.animals = tuple(DECK_CARD_INDEX[name] for name in doc["animals"])
    if state.has_herd or state.has_animals:
        state.roll_queue = [entry["seat"] for entry in doc["roll_queue"]]
    if state.has_igloos:
        state.igloos = [seat_doc["igloos"] for seat_doc in seats]
        state.igloos_left = doc["igloos_left"]
