"""Collecting what the dice show (step 1) and feeding the cities (step 2).

Seed 002, "Collect Goods", "Collect Food", "Feed Cities" and Table 3 (Agriculture, Quarrying, Coinage,
Masonry).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from dolmen.games.rtta.board import Board
from dolmen.games.rtta.components import (
    AGRICULTURE,
    COINAGE,
    COINAGE_COINS,
    COINS,
    FACE_COINS,
    FACE_FOOD,
    FACE_GOODS,
    FACE_WORKERS,
    FAMINE_POINTS,
    FOOD3,
    FOOD_OR_WORKERS,
    GOOD_MAX,
    GOOD_TYPES,
    GOODS,
    MASONRY,
    MAX_FOOD,
    QUARRYING,
    SKULL,
    STONE,
    WORKERS3,
)
from dolmen.games.rtta.disasters import DROUGHT, has_great_wall, own_disaster, resolve_disasters
from dolmen.games.rtta.log import log_collected, log_fed

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

_GOODS_DIE: Final = FACE_GOODS[GOODS]
_SKULL_DIE: Final = FACE_GOODS[SKULL]
_WOOD_MAX: Final = GOOD_MAX[0]
_STONE_MAX: Final = GOOD_MAX[1]
_POTTERY_MAX: Final = GOOD_MAX[2]
_CLOTH_MAX: Final = GOOD_MAX[3]
_SPEARHEADS_MAX: Final = GOOD_MAX[4]
DieYields = tuple[int, int, int, int, int]


def _die_yields(agriculture: bool, masonry: bool, coinage: bool) -> DieYields:
    return (
        FACE_FOOD[FOOD3] + agriculture,
        FACE_FOOD[FOOD_OR_WORKERS] + agriculture,
        FACE_WORKERS[WORKERS3] + masonry,
        FACE_WORKERS[FOOD_OR_WORKERS] + masonry,
        COINAGE_COINS if coinage else FACE_COINS[COINS],
    )


_YIELDS: Final = tuple(_die_yields(bool(k & 1), bool(k & 2), bool(k & 4)) for k in range(8))


def die_yields(devs: int) -> DieYields:
    """What one die gives a seat owning ``devs``: ``(food of a 3-food die, food of a 2-food-or-2-workers die
    taken as food, workers of a 3-workers die, workers of a 2-food-or-2-workers die taken as workers, coins of a
    coin die)``. Agriculture adds 1 food and Masonry 1 worker per such die; with Coinage a coin die is worth 12
    (seed 002, Tables 1 and 3)."""
    return _YIELDS[(devs >> AGRICULTURE & 1) | (devs >> MASONRY & 1) << 1 | (devs >> COINAGE & 1) << 2]


def goods_units(dice: Sequence[int]) -> int:
    """Goods units the dice show: 1 per goods die, 2 per skull die (seed 002, Table 1)."""
    return _GOODS_DIE * dice[GOODS] + _SKULL_DIE * dice[SKULL]


def dice_yield(dice: Sequence[int], food_dice: int, devs: int) -> tuple[int, int, int, int]:
    """What ``dice`` (counts per face) give a seat owning ``devs``, ``food_dice`` of the 2-food-or-2-workers dice
    taken as food: ``(goods units, food, workers, coins)``, before the tracks' limits."""
    # die_yields and goods_units written out: collect runs at every turn of every playout.
    food3, food2, workers3, workers2, coin = _YIELDS[
        (devs >> AGRICULTURE & 1) | (devs >> MASONRY & 1) << 1 | (devs >> COINAGE & 1) << 2
    ]
    return (
        _GOODS_DIE * dice[GOODS] + _SKULL_DIE * dice[SKULL],
        dice[FOOD3] * food3 + food_dice * food2,
        dice[WORKERS3] * workers3 + (dice[FOOD_OR_WORKERS] - food_dice) * workers2,
        dice[COINS] * coin,
    )


def collect_goods(goods: list[int], units: int, has_quarrying: bool) -> None:
    """Add ``units`` goods one at a time from wood upwards, wrapping to wood after spearheads; a full track
    takes nothing but the unit still counts. Quarrying adds one stone when the stone track was reached."""
    if not units:
        return
    rounds, extra = divmod(units, GOOD_TYPES)
    # Track t receives ``rounds`` units plus one more when t < extra; caps apply per track.
    goods[0] = min(_WOOD_MAX, goods[0] + rounds + (extra > 0))
    goods[1] = min(_STONE_MAX, goods[1] + rounds + (extra > 1))
    goods[2] = min(_POTTERY_MAX, goods[2] + rounds + (extra > 2))
    goods[3] = min(_CLOTH_MAX, goods[3] + rounds + (extra > 3))
    goods[4] = min(_SPEARHEADS_MAX, goods[4] + rounds)
    if has_quarrying and units > STONE and goods[STONE] < _STONE_MAX:  # the units reached the stone track
        goods[STONE] += 1


def feed(food: int, cities: int) -> tuple[int, int]:
    """Each city eats 1 food (seed 002, "Feed Cities"): ``(food left, cities left unfed)``; each city unfed is
    :data:`FAMINE_POINTS` disaster points."""
    if food >= cities:
        return food - cities, 0
    return 0, cities - food


def collect(s: RttaState, food_dice: int) -> None:
    """Collect with ``food_dice`` of the 2-food-or-2-workers dice taken as food, feed, resolve disasters."""
    p = s.active
    dice = s.dice
    devs = s.devs[p]
    log = s.log
    if log is not None:
        goods_before, food_before = s.goods[p][:], s.food[p]
    units, got, s.workers, s.coins = dice_yield(dice, food_dice, devs)
    collect_goods(s.goods[p], units, bool(devs >> QUARRYING & 1))
    food = s.food[p] + got
    if food > MAX_FOOD:
        food = MAX_FOOD
    if log is not None:
        from_dice = goods_before[:]
        collect_goods(from_dice, units, False)
        log_collected(s, goods_before, from_dice, units, food_before, food_dice, got)
    cities = s.cities[p]
    food, missing = feed(food, cities)
    if missing:
        s.disasters[p] += FAMINE_POINTS * missing
    s.food[p] = food
    if log is not None:
        log_fed(s, cities, missing)
    resolve_disasters(s)


def collect_board(board: Board, dice: Sequence[int], food_dice: int, solo: bool) -> tuple[Board, int, int]:
    """The board after collecting ``dice`` (``food_dice`` of the either-dice as food), feeding and the disaster's
    effect on the seat itself, with the turn's workers and coins: what :func:`collect` leaves for the active
    seat, for the bots' many trial rolls (``tests/rtta/test_collect_and_feed.py`` checks that both agree)."""
    devs = board.devs
    goods = list(board.goods)
    units, got, workers, coins = dice_yield(dice, food_dice, devs)
    collect_goods(goods, units, bool(devs >> QUARRYING & 1))
    food = board.food + got
    if food > MAX_FOOD:
        food = MAX_FOOD
    food, missing = feed(food, board.cities)
    disasters = board.disasters + FAMINE_POINTS * missing
    skulls = dice[SKULL]
    if skulls >= DROUGHT:  # the dice search values every roll: most bring no disaster
        points, loses_goods = own_disaster(skulls, devs, has_great_wall(board.progress), solo)
        disasters += points
        if loses_goods:
            goods = [0] * GOOD_TYPES
    return Board(food, tuple(goods), board.progress, board.cities, devs, disasters), workers, coins
