"""The log events of *Stone Age*: what the rules emit into ``state.log`` (docs/stoneage.md "Log events").

The rules call :func:`note` only behind ``if state.log is not None`` so that playouts pay one attribute test.
Arguments are JSON with names, never internal codes: locations by their rulebook names (``hunting grounds``,
``clay pit``, otherwise as in the text forms: ``forest``, ``card 2``, ``building 1``), resources by name,
cards, buildings, mammoth tiles and wild animals by id. A card drawn face down into a hand is read in full
only by its owner (:func:`card_drawn`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.engine.events import Event, hidden
from dolmen.games.stoneage.components import GAIN_NAMES, LOCATION_NAMES, Gain, location_name
from dolmen.games.stoneage.module_components import PAYMENT_NAMES

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

RULEBOOK_NAMES: Final = {"hunting": "hunting grounds", "clay": "clay pit"}
"""Where a location's name in the log differs from its text form (``clay`` is also a resource)."""


def place(loc: int) -> str:
    """A location as events name it: ``hunting grounds``, ``forest``, ``clay pit``, ``card 2``, ``building 1``,
    ``merchant``…"""
    name = location_name(loc)
    return RULEBOOK_NAMES.get(name, name)


def zone(site: int) -> str:
    """The herd's zone (a gathering site) as events name it."""
    name = LOCATION_NAMES[site]
    return RULEBOOK_NAMES.get(name, name)


def note(state: StoneAgeState, name: str, **args: Any) -> None:
    """Append the event ``name`` with ``args`` to ``state.log`` (call it only when the log is on)."""
    log: Any = state.log
    log.append(Event(name, args))


def card_drawn(state: StoneAgeState, seat: int, card: str) -> None:
    """A card drawn face down into ``seat``'s hand: the others read only that a card was drawn, unless the
    table has open cards."""
    log: Any = state.log
    if state.open_cards:
        log.append(Event("card_drawn", {"seat": seat, "card": card}))
    else:
        log.append(hidden("card_drawn", {"seat": seat, "card": card}, (seat,), {"seat": seat}, "card_drawn_face_down"))


def goods_names(counts: tuple[int, ...]) -> list[str]:
    """``(2, 1, 0, 0)`` -> ``["wood", "wood", "clay"]``; a fifth count is jewels."""
    return [name for name, count in zip(PAYMENT_NAMES, counts, strict=False) for _ in range(count)]


def reward_args(reward: Gain) -> dict[str, Any]:
    """A reward as event arguments: ``{"reward": "food", "amount": 6}``."""
    kind, amount = reward
    return {"reward": GAIN_NAMES[kind], "amount": amount}
