"""Collecting what the dice show (step 1) and feeding the cities (step 2).

Seed 002, "Collect Goods", "Collect Food", "Feed Cities" and Table 3 (Agriculture, Quarrying, Coinage,
Masonry).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dolmen.games.rtta.components import (
    AGRICULTURE,
    COINAGE,
    COINS,
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
    collect_goods(s.goods[p], dice[GOODS] + 2 * dice[SKULL], bool(devs >> QUARRYING & 1))
    got = dice[FOOD3] * (3 + agriculture) + food_dice * (2 + agriculture)
    food = s.food[p] + got
    if food > MAX_FOOD:
        food = MAX_FOOD
    s.workers = dice[WORKERS3] * (3 + masonry) + (dice[FOOD_OR_WORKERS] - food_dice) * (2 + masonry)
    s.coins = dice[COINS] * (12 if devs >> COINAGE & 1 else 7)
    if log is not None:
        log_collected(s, goods_before, food_before, food_dice, got)
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
