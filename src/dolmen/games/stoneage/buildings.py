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
from dolmen.games.stoneage.components import BUILDINGS, FIRST_STACK, FIXED, goods_value
from dolmen.games.stoneage.hooks import following
from dolmen.games.stoneage.log import goods_names, note, place
from dolmen.games.stoneage.payments import building_payments
from dolmen.games.stoneage.resolution import next_resolver

if TYPE_CHECKING:
    from dolmen.games.stoneage.hooks import Module
    from dolmen.games.stoneage.state import StoneAgeState

_BUY_OR_DECLINE: Final = (BUY_ACTION, DECLINE_ACTION)
_DECLINE_ONLY: Final = (DECLINE_ACTION,)


def legal_building_payments(state: StoneAgeState) -> Sequence[Any]:
    seat, tile = state.turn, state.stack_top[state.target - FIRST_STACK]
    if state.hooks.payments is not None:
        listed = state.hooks.payments.building_payments(state, seat, tile)
        if listed is not None:
            return listed
    spec = BUILDINGS[tile]
    goods = state.goods(seat)
    if spec.kind == FIXED:
        return _BUY_OR_DECLINE if building_payments(goods, spec) else _DECLINE_ONLY
    return (*[(PAY, way) for way in building_payments(goods, spec)], DECLINE_ACTION)


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
