"""The log events of *Roll Through the Ages*: what the phase modules tell ``state.log`` when a driver asks.

The phase modules test ``s.log is not None`` themselves (one attribute test in playouts) and call these helpers
only when a log is kept, for the steps that tell more than one event. Arguments are JSON and use the rulebooks'
names (``wood``, ``great-wall``, ``irrigation``), never the internal codes; each event name has a sentence in
``messages/en.json`` and ``messages/fr.json``. The list of events is in ``docs/rtta.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.engine.events import Event
from dolmen.games.rtta.components import (
    COINS,
    DEVELOPMENT_NAMES,
    DISASTERS,
    FACE_NAMES,
    FACES,
    FAMINE_POINTS,
    FOOD3,
    FOOD_OR_WORKERS,
    GOOD_NAMES,
    GOOD_TYPES,
    GOOD_VALUE,
    MAX_FOOD,
    STONE,
    TRADE_NAMES,
    WORKERS3,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from dolmen.games.rtta.state import RttaState

DISASTER_NAMES = {row[0]: row[1] for row in DISASTERS}
"""A disaster's name by the skulls showing (5 or more: Revolt), seed 002 Table 2."""


def faces(counts: Sequence[int]) -> list[str]:
    """Dice as a list of face names, in face order."""
    return [FACE_NAMES[face] for face in range(FACES) for _ in range(counts[face])]


def log_collected(
    s: RttaState,
    goods_before: list[int],
    from_dice: list[int],
    units: int,
    food_before: int,
    food_dice: int,
    food_got: int,
) -> None:
    """What the dice gave: food, goods one good at a time (and what full tracks lost), Quarrying, workers, coins.

    ``from_dice`` are the goods tracks as the dice alone left them (without Quarrying), ``units`` the goods units
    the dice show; ``food_got`` is the food the dice show (Agriculture included) before the cap of 15."""
    assert s.log is not None
    p, dice, log = s.active, s.dice, s.log
    log.append(
        Event(
            "collected",
            {
                "seat": p,
                "food": food_got,
                "goods": units,
                "workers": s.workers,
                "coins": s.coins,
                "food_dice": dice[FOOD3] + food_dice,
                "workers_dice": dice[WORKERS3] + dice[FOOD_OR_WORKERS] - food_dice,
                "coin_dice": dice[COINS],
            },
        )
    )
    if food_before + food_got > MAX_FOOD:
        log.append(Event("food_wasted", {"seat": p, "count": food_before + food_got - MAX_FOOD}))
    rounds, extra = divmod(units, GOOD_TYPES)
    for g in range(GOOD_TYPES):
        got = from_dice[g] - goods_before[g]
        if got:
            log.append(Event("collected_good", {"seat": p, "good": GOOD_NAMES[g], "count": got}))
        lost = rounds + (extra > g) - got
        if lost:
            log.append(Event("good_wasted", {"seat": p, "good": GOOD_NAMES[g], "count": lost}))
    if s.goods[p][STONE] > from_dice[STONE]:
        log.append(Event("quarrying", {"seat": p, "good": "stone", "count": 1}))


def log_fed(s: RttaState, cities: int, missing: int) -> None:
    assert s.log is not None
    p = s.active
    if missing:
        args = {"seat": p, "cities": cities, "missing": missing, "points": FAMINE_POINTS * missing}
        s.log.append(Event("famine", args))
    else:
        s.log.append(Event("fed", {"seat": p, "cities": cities, "food": s.food[p]}))


def log_offer(s: RttaState, seat: int, vector: Sequence[int]) -> None:
    """An offer: who to, its number in this trade step, then one event per item given or asked for."""
    assert s.log is not None
    p, log = s.active, s.log
    log.append(Event("offered", {"seat": p, "to_seat": seat, "number": s.offers + 1}))
    for i, v in enumerate(vector):
        if v > 0:
            log.append(Event("offer_gives", {"seat": p, "to_seat": seat, "item": TRADE_NAMES[i], "count": v}))
        elif v < 0:
            log.append(Event("offer_asks", {"seat": p, "to_seat": seat, "item": TRADE_NAMES[i], "count": -v}))


def log_bought(s: RttaState, dev: int, tracks: int, food: int, rate: int, paid: int) -> None:
    """A purchase and its payment (told before the goods are spent): the turn's coins, each goods track spent
    with its units and value, Granaries food at ``rate`` coins each, and ``paid`` in all."""
    assert s.log is not None
    p, log, goods = s.active, s.log, s.goods[s.active]
    event = {"seat": p, "development": DEVELOPMENT_NAMES[dev], "cost": s.edition.costs[dev], "coins": s.coins}
    log.append(Event("bought", event | {"paid": paid}))
    for g in range(GOOD_TYPES):
        if tracks >> g & 1:
            value = GOOD_VALUE[g][goods[g]]
            log.append(Event("paid_goods", {"seat": p, "good": GOOD_NAMES[g], "count": goods[g], "value": value}))
    if food:
        log.append(Event("paid_food", {"seat": p, "food": food, "coins": food * rate}))


def log_discarded(s: RttaState, vector: Sequence[int]) -> None:
    assert s.log is not None
    for g in range(GOOD_TYPES):
        if vector[g]:
            s.log.append(Event("discarded", {"seat": s.active, "good": GOOD_NAMES[g], "count": vector[g]}))
