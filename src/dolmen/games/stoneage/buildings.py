"""Buildings: buying the top tile of a stack (rules page "Buildings"; seed 004 "Les bâtiments").

A fixed tile is bought for its cost, a flexible one with the goods the buyer chooses (``payments``); either
scores the value of what was paid, or may be declined. The modules' hooks here: the payments
(``building_payments``: barter), the payment done (``paid``), the points (``building_points``: the chief's hut)
and the offers after the purchase (``after_building``: insulation).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage.actions import BUY_ACTION, DECLINE_ACTION, PAY, Payment
from dolmen.games.stoneage.board import pay_goods
from dolmen.games.stoneage.components import BUILDINGS, FIRST_STACK, FIXED, GOODS, N_OF_K, NRES, goods_value
from dolmen.games.stoneage.hooks import following
from dolmen.games.stoneage.log import goods_names, note, place
from dolmen.games.stoneage.payments import building_payments, can_pay, keep
from dolmen.games.stoneage.resolution import next_resolver

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Module
    from dolmen.games.stoneage.state import StoneAgeState

_BUY_OR_DECLINE: Final[tuple[Any, ...]] = (BUY_ACTION, DECLINE_ACTION)
_DECLINE_ONLY: Final[tuple[Any, ...]] = (DECLINE_ACTION,)
_FLEXIBLE_OFFERS: Final[dict[int, tuple[Any, ...]]] = {}
"""The legal payments of a flexible tile by its index and the capped holdings (:func:`legal_building_payments`)."""
_ANY_CAP: Final = 7
"""A "1 to 7 goods" tile takes at most 7 of a kind (an "N of K" tile at most N, 4 or 5): holdings capped there."""


def legal_building_payments(state: StoneAgeState) -> Sequence[Any]:
    seat, tile = state.turn, state.stack_top[state.target - FIRST_STACK]
    if state.hooks.payments is not None:
        listed = state.hooks.payments.building_payments(state, seat, tile)
        if listed is not None:
            return listed
    spec = BUILDINGS[tile]
    if spec.kind == FIXED:
        return _BUY_OR_DECLINE if can_pay(state.goods(seat), spec.cost) else _DECLINE_ONLY
    # a flexible tile's payments are a function of the tile and the holdings capped at what it may take: kept by
    # a number packing them (shared tuples, nothing built at a step)
    cap = spec.n if spec.kind == N_OF_K else _ANY_CAP
    base, resources = seat * NRES, state.resources
    key = tile
    for i in range(len(GOODS)):
        held = resources[base + GOODS[i]]
        key = key * 8 + (held if held < cap else cap)
    legal = _FLEXIBLE_OFFERS.get(key)
    if legal is None:
        ways = building_payments(state.goods(seat), spec)
        legal = keep(_FLEXIBLE_OFFERS, key, (*[(PAY, way) for way in ways], DECLINE_ACTION))
    return legal


def apply_buy(state: StoneAgeState, action: Any) -> None:
    """``buy``: pay a fixed tile's cost and take it."""
    take_building(state, BUILDINGS[state.stack_top[state.target - FIRST_STACK]].cost)


def apply_pay(state: StoneAgeState, action: Payment) -> None:
    """``pay``: the goods chosen for a flexible tile."""
    take_building(state, action[1])


def take_building(state: StoneAgeState, counts: tuple[int, ...]) -> None:
    """Pay ``counts`` for the top tile of the stack being resolved, score it and take it."""
    stack = state.target - FIRST_STACK
    seat = state.turn
    tile = state.stack_top[stack]
    pay_goods(state, seat, counts)
    points = goods_value(counts)
    if state.log is not None:
        building, location = BUILDINGS[tile].id, place(state.target)
        paid = goods_names(counts)
        note(state, "building_bought", seat=seat, building=building, location=location, paid=paid, points=points)
    if state.modular:
        for module in state.hooks.paid:
            module.paid(state)
        for module in state.hooks.building_points:
            points = module.building_points(state, seat, points)
    state.score[seat] += points
    state.built[seat] = (*state.built[seat], tile)
    state.stack_top[stack] = -1
    state.stack_left[stack] -= 1
    if state.modular:
        extras_done(state)
        return
    next_resolver(state)


def extras_done(state: StoneAgeState, after: Module | None = None) -> None:
    """The modules' offers after a building is bought, from the one after ``after`` on (insulation); then
    resolution goes on."""
    tile = state.built[state.turn][-1]
    for module in following(state.hooks.after_building, after):
        if module.after_building(state, tile):
            return
    next_resolver(state)
