"""The modules' part of a view (docs/stoneage.md "Views"; read back by :mod:`.rebuild`).

Nothing here is hidden from anybody: jewels, barter levels, people on the herd's tile or on the wild animal,
igloos, the herd's zones, its face-up tile and the multiset of its unseen tiles, the animals beside the board.
What is hidden (the deck's order with its animals, the mammoth pile's order, a face-down card in a hand) is
never stored, or is hidden by :mod:`views` with the hands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.engine.core import JSON
from dolmen.games.stoneage.components import CARDS, LOCATION_NAMES, location_name
from dolmen.games.stoneage.module_components import FIRST_ANIMAL, MAMMOTH_TILES, WILD_ANIMALS, reward_text
from dolmen.games.stoneage.steps import CONTEST
from dolmen.games.stoneage.texts import counts_text

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def _zone(zone: int) -> str | None:
    return LOCATION_NAMES[zone] if zone >= 0 else None


def _tile(tile: int) -> JSON:
    if tile < 0:
        return None
    spec = MAMMOTH_TILES[tile]
    return {"id": spec.id, "top": reward_text(spec.top), "bottom": reward_text(spec.bottom)}


def add_module_keys(state: StoneAgeState, doc: dict[str, JSON]) -> None:
    """Add the keys of the modules that are on to ``doc`` (a view being built)."""
    seats: list[dict[str, JSON]] = doc["seats"]
    doc["bought"] = CARDS[state.bought].id if state.bought >= 0 else None
    doc["gather_site"] = location_name(state.gather_site) if state.gather_site >= 0 else None
    if state.has_extension:
        for seat, seat_doc in enumerate(seats):
            seat_doc["jewels"] = state.jewels[seat]
            seat_doc["barter"] = state.barter[seat]
            seat_doc["bartered"] = bool(state.bartered[seat])
        doc["hunt_yield"] = state.hunt_yield
        doc["barter_due"] = counts_text(state.barter_due)
    if state.has_herd:
        for seat, seat_doc in enumerate(seats):
            seat_doc["on_herd"] = state.on_herd[seat]
        doc["herd"] = {
            "zone": _zone(state.herd_zone),
            "tile": _tile(state.herd_tile),
            "next": _zone(state.herd_next),
            "pile": sum(state.herd_pool),
            "unseen": {MAMMOTH_TILES[t].id: n for t, n in enumerate(state.herd_pool) if n},
            "contest": [list(dice) for dice in state.contest],
        }
        doc["tamers"] = state.tamers
    if state.has_animals:
        for seat, seat_doc in enumerate(seats):
            seat_doc["on_animal"] = state.on_animal[seat]
        doc["animals"] = [WILD_ANIMALS[card - FIRST_ANIMAL].id for card in state.animals]
        doc["animals_in_deck"] = state.animals_in_deck
    if state.has_herd or state.has_animals:
        on = state.on_herd if state.roll_res == CONTEST else state.on_animal
        doc["roll_queue"] = [{"seat": seat, "dice": on[seat]} for seat in state.roll_queue]
    if state.has_igloos:
        for seat, seat_doc in enumerate(seats):
            seat_doc["igloos"] = state.igloos[seat]
        doc["igloos_left"] = state.igloos_left
