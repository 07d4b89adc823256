"""Collecting what the dice show (step 1) and feeding the cities (step 2).

Seed 002, "Collect Goods", "Collect Food", "Feed Cities" and Table 3 (Agriculture, Quarrying, Coinage,
Masonry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.games.rtta.components import (
    AGRICULTURE,
    COINAGE,
    COINAGE_COINS,
    COINS,
    FACE_COINS,
    FACE_FOOD,
    FACE_GOODS,
    FACE_WORKERS,
    FOOD3,
    FOOD_OR_WORKERS,
    GOOD_MAX,
    GOODS,
    MASONRY,
    MAX_FOOD,
    QUARRYING,
    SKULL,
    STONE,
    WORKERS3,
)
from dolmen.games.rtta.disasters import resolve_disasters
from dolmen.games.rtta.log import log_collected, log_fed

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

_FOOD3_DIE, _FOOD2_DIE = FACE_FOOD[FOOD3], FACE_FOOD[FOOD_OR_WORKERS]
_WORKERS3_DIE, _WORKERS2_DIE = FACE_WORKERS[WORKERS3], FACE_WORKERS[FOOD_OR_WORKERS]
_GOODS_DIE, _SKULL_DIE, _COINS_DIE = FACE_GOODS[GOODS], FACE_GOODS[SKULL], FACE_COINS[COINS]
_WOOD_MAX, _STONE_MAX, _POTTERY_MAX, _CLOTH_MAX, _SPEARHEADS_MAX = GOOD_MAX


def collect_goods(goods: list[int], units: int, has_quarrying: bool) -> None:
    """Add ``units`` goods one at a time from wood upwards, wrapping to wood after spearheads; a full track
    takes nothing but the unit still counts. Quarrying adds one stone when the stone track was reached."""
    if not units:
        return
    rounds, extra = divmod(units, 5)
    # Track t receives ``rounds`` units plus one more when t < extra; caps apply per track.
    goods[0] = min(_WOOD_MAX, goods[0] + rounds + (extra > 0))
    goods[1] = min(_STONE_MAX, goods[1] + rounds + (extra > 1))
    goods[2] = min(_POTTERY_MAX, goods[2] + rounds + (extra > 2))
    goods[3] = min(_CLOTH_MAX, goods[3] + rounds + (extra > 3))
    goods[4] = min(_SPEARHEADS_MAX, goods[4] + rounds)
    if has_quarrying and units >= 2 and goods[STONE] < _STONE_MAX:
        goods[STONE] += 1


def collect(s: RttaState, food_dice: int) -> None:
    """Collect with ``food_dice`` of the 2-food-or-2-workers dice taken as food, feed, resolve disasters."""
    p = s.active
    dice = s.dice
    devs = s.devs[p]
    agriculture = devs >> AGRICULTURE & 1
    masonry = devs >> MASONRY & 1
    log = s.log
    if log is not None:
        goods_before, food_before = s.goods[p][:], s.food[p]
    collect_goods(s.goods[p], _GOODS_DIE * dice[GOODS] + _SKULL_DIE * dice[SKULL], bool(devs >> QUARRYING & 1))
    got = dice[FOOD3] * (_FOOD3_DIE + agriculture) + food_dice * (_FOOD2_DIE + agriculture)
    food = s.food[p] + got
    if food > MAX_FOOD:
        food = MAX_FOOD
    s.workers = dice[WORKERS3] * (_WORKERS3_DIE + masonry) + (dice[FOOD_OR_WORKERS] - food_dice) * (
        _WORKERS2_DIE + masonry
    )
    s.coins = dice[COINS] * (COINAGE_COINS if devs >> COINAGE & 1 else _COINS_DIE)
    if log is not None:
        from_dice = goods_before[:]
        collect_goods(from_dice, _GOODS_DIE * dice[GOODS] + _SKULL_DIE * dice[SKULL], False)
        log_collected(s, goods_before, from_dice, food_before, food_dice, got)
    # Feed: each city eats 1 food; each unfed city is one Famine point.
    cities = s.cities[p]
    missing = 0
    if food >= cities:
        food -= cities
    else:
        missing = cities - food
        s.disasters[p] += missing
        food = 0
    s.food[p] = food
    if log is not None:
        log_fed(s, cities, missing)
    resolve_disasters(s)
