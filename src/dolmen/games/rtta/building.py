"""The build step: workers tick boxes of cities and monuments, Engineering turns stone into workers, ships.

Seed 002, "3. Build Cities and/or Monuments" and Table 3 (Engineering); seed 000, "Navigation" (ships:
1 wood + 1 cloth each, no workers). [ruling] Boxes are ticked in any order, in any city or monument in play;
``build TARGET N`` ticks N boxes of one target at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from dolmen.engine.events import Event
from dolmen.games.rtta.actions import END_BUILD, SHIP, Action, Kind
from dolmen.games.rtta.board import Board
from dolmen.games.rtta.components import (
    CITIES,
    CLOTH,
    ENGINEERING,
    ENGINEERING_WORKERS,
    GOOD_MAX,
    MAX_SHIPS,
    SHIP_CLOTH,
    SHIP_WOOD,
    SHIPPING,
    STONE,
    TARGET_BOXES,
    TARGET_NAMES,
    TARGETS,
    WOOD,
)
from dolmen.games.rtta.steps import BUILD

if TYPE_CHECKING:
    from dolmen.games.rtta.state import RttaState

_BUILDS: Final = tuple(tuple((Kind.BUILD, t, n) for n in range(TARGET_BOXES[t] + 1)) for t in range(TARGETS))
"""``_BUILDS[target][n]`` is the action ticking n boxes of target (shared tuples: no allocation)."""
_ENGINEER: Final = tuple((Kind.ENGINEER, n) for n in range(GOOD_MAX[STONE] + 1))
BuildRow = tuple[int, int, tuple[Action, ...]]


def build_rows(available: tuple[bool, ...]) -> tuple[BuildRow, ...]:
    """``(target, boxes, actions by n)`` for each city and monument a table may build (kept on the state)."""
    return tuple((t, TARGET_BOXES[t], _BUILDS[t]) for t in range(TARGETS) if available[t])


def completes_city(target: int, ticked: int) -> bool:
    """Whether ``ticked`` boxes of ``target`` complete a city (one more die from the next turn, seed 002 "3. Build")."""
    return target < CITIES and ticked == TARGET_BOXES[target]


def build_on_board(board: Board, target: int, n: int) -> Board:
    """The board after ticking ``n`` boxes of ``target`` (what :func:`apply_build` leaves; the bots' planner tries
    many)."""
    progress = list(board.progress)
    progress[target] += n
    cities = board.cities + 1 if completes_city(target, progress[target]) else board.cities
    return board._replace(progress=tuple(progress), cities=cities)


def engineered_workers(stone: int) -> int:
    """Workers from ``stone`` turned in with Engineering (seed 002, Table 3)."""
    return ENGINEERING_WORKERS * stone


def stone_for_workers(workers: int) -> int:
    """The least stone that gives ``workers`` workers with Engineering."""
    return -(-workers // ENGINEERING_WORKERS)


def engineer_on_board(board: Board, stone: int) -> tuple[Board, int]:
    """The board after turning in ``stone`` with Engineering, and the workers it gives (what
    :func:`apply_engineer` does)."""
    goods = list(board.goods)
    goods[STONE] -= stone
    return board._replace(goods=tuple(goods)), engineered_workers(stone)


def open_targets(s: RttaState, seat: int) -> list[int]:
    """Cities and monuments in play where ``seat`` still has boxes to tick."""
    progress = s.progress[seat]
    return [t for t, boxes, _ in s.build_rows if progress[t] < boxes]


def can_build_ship(s: RttaState, seat: int) -> bool:
    goods = s.goods[seat]
    return (
        bool(s.devs[seat] >> SHIPPING & 1)
        and goods[WOOD] >= SHIP_WOOD
        and goods[CLOTH] >= SHIP_CLOTH
        and s.ships[seat] < MAX_SHIPS
    )


def has_build_decision(s: RttaState) -> bool:
    p = s.active
    if can_build_ship(s, p):
        return True
    if not s.workers and not (s.devs[p] >> ENGINEERING & 1 and s.goods[p][STONE]):
        return False
    progress = s.progress[p]
    for t, boxes, _ in s.build_rows:  # noqa: SIM110 - a plain loop is faster than any() on a generator
        if progress[t] < boxes:
            return True
    return False


def enter_build(s: RttaState) -> bool:
    if has_build_decision(s):
        s.step = BUILD
        return True
    if s.workers:  # no call when none are left: this runs at every turn of every playout
        _lose_workers(s)
    return False


def _lose_workers(s: RttaState) -> None:
    """Workers left over when building ends are lost (seed 002, "3. Build")."""
    if s.workers and s.log is not None:
        s.log.append(Event("workers_lost", {"seat": s.active, "workers": s.workers}))
    s.workers = 0


def build_actions(s: RttaState) -> tuple[Action, ...]:
    """``end build``, each ``build TARGET N`` the workers allow, ``engineer N``, ``ship``."""
    p = s.active
    actions: list[Action] = [END_BUILD]
    workers = s.workers
    progress = s.progress[p]
    has_open = False
    for t, boxes, table in s.build_rows:  # appended one by one: slices would be tuples made and dropped
        left = boxes - progress[t]
        if left > 0:
            has_open = True
            for n in range(1, (left if left < workers else workers) + 1):
                actions.append(table[n])
    stone = s.goods[p][STONE]
    if has_open and stone and s.devs[p] >> ENGINEERING & 1:
        for n in range(1, stone + 1):
            actions.append(_ENGINEER[n])
    if can_build_ship(s, p):
        actions.append(SHIP)
    return tuple(actions)


def apply_build(s: RttaState, action: Action) -> None:
    _, target, n = action
    p = s.active
    progress = s.progress[p]
    progress[target] += n
    s.workers -= n
    if completes_city(target, progress[target]):
        s.cities[p] += 1
    elif target >= CITIES and progress[target] == TARGET_BOXES[target] and s.first_builder[target - CITIES] < 0:
        s.first_builder[target - CITIES] = p
    if s.log is not None:
        _log_build(s, target, n)
    if not has_build_decision(s):
        if s.workers:
            _lose_workers(s)
        s.next_stage()


def _log_build(s: RttaState, target: int, n: int) -> None:
    """Boxes ticked; a city built (one more die); a monument completed, first (high value) or later (low)."""
    assert s.log is not None
    p, name = s.active, TARGET_NAMES[target]
    ticked, boxes = s.progress[p][target], TARGET_BOXES[target]
    s.log.append(Event("built", {"seat": p, "target": name, "boxes": n, "ticked": ticked, "total": boxes}))
    if ticked < boxes:
        return
    if target < CITIES:
        s.log.append(Event("city_built", {"seat": p, "city": name, "cities": s.cities[p]}))
        return
    m = target - CITIES
    first = s.first_builder[m] == p
    points = s.edition.monument_points[m][0 if first else 1]
    event = "monument_first" if first else "monument_completed"
    s.log.append(Event(event, {"seat": p, "monument": name, "points": points}))


def apply_engineer(s: RttaState, action: Action) -> None:
    """Engineering: each stone turned in gives 3 workers (seed 002, Table 3)."""
    workers = engineered_workers(action[1])
    s.goods[s.active][STONE] -= action[1]
    s.workers += workers
    if s.log is not None:
        args = {"seat": s.active, "stone": action[1], "workers": workers}
        s.log.append(Event("engineered", args))


def apply_ship(s: RttaState, action: Action) -> None:
    p = s.active
    goods = s.goods[p]
    goods[WOOD] -= SHIP_WOOD
    goods[CLOTH] -= SHIP_CLOTH
    s.ships[p] += 1
    if s.log is not None:
        s.log.append(Event("ship_built", {"seat": p, "ships": s.ships[p]}))
    if not has_build_decision(s):
        if s.workers:
            _lose_workers(s)
        s.next_stage()


def apply_end_build(s: RttaState, action: Action) -> None:
    if s.log is not None:
        s.log.append(Event("build_ended", {"seat": s.active}))
    _lose_workers(s)
    s.next_stage()
