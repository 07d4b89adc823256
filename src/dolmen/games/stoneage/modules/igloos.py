"""Igloos (module ``igloos``; seed 003 "Igloos"; rules page "Igloos"): four igloos to buy.

``place igloo`` puts one person on one (a player may take several, one per placement, while igloos are left for
the people on them); ``resolve igloo`` buys one for 1 wood and 1 stone (5 points) or declines. No barter. Each
igloo spares its owner 2 food at every feeding. Igloos are not buildings: hut builders ignore them, no chief's
bonus, no insulation, and they never end the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from dolmen.engine.core import JSON
from dolmen.games.stoneage.actions import BUY, BUY_ACTION, DECLINE, DECLINE_ACTION
from dolmen.games.stoneage.board import pay_goods
from dolmen.games.stoneage.components import IGLOO, NLOC
from dolmen.games.stoneage.hooks import Decisions, Module
from dolmen.games.stoneage.log import goods_names, note
from dolmen.games.stoneage.module_components import IGLOO_COST, IGLOO_FOOD, IGLOO_POINTS, IGLOOS
from dolmen.games.stoneage.payments import can_pay
from dolmen.games.stoneage.resolution import apply_decline, leave, next_resolver
from dolmen.games.stoneage.steps import BUY_IGLOO

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def legal_igloo(state: StoneAgeState) -> list[Any]:
    """An igloo costs 1 wood and 1 stone (never bartered: it is not a building)."""
    if can_pay(state.goods(state.turn), IGLOO_COST):
        return [BUY_ACTION, DECLINE_ACTION]
    return [DECLINE_ACTION]


def apply_buy(state: StoneAgeState, action: Any) -> None:
    seat = state.turn
    pay_goods(state, seat, IGLOO_COST)
    state.score[seat] += IGLOO_POINTS
    if state.log is not None:
        note(state, "igloo_bought", seat=seat, paid=goods_names(IGLOO_COST), points=IGLOO_POINTS)
    state.igloos[seat] += 1
    state.igloos_left -= 1
    next_resolver(state)


class Igloos(Module):
    """The igloos' hooks (see the module docstring)."""

    name = "igloos"
    places = (IGLOO,)
    decisions: ClassVar[Decisions] = {BUY_IGLOO: (legal_igloo, {BUY: apply_buy, DECLINE: apply_decline})}

    def add_view(self, state: StoneAgeState, doc: dict[str, JSON]) -> None:
        """Each seat's igloos and the igloos left."""
        seats: list[dict[str, JSON]] = doc["seats"]
        for seat, seat_doc in enumerate(seats):
            seat_doc["igloos"] = state.igloos[seat]
        doc["igloos_left"] = state.igloos_left

    def setup(self, state: StoneAgeState) -> None:
        state.igloos_left = IGLOOS
        state.loc_end = NLOC

    def has_room(self, state: StoneAgeState, loc: int) -> bool:
        """An igloo still to buy without a person on it."""
        return state.igloos_left > state.occupancy[IGLOO]

    def place(self, state: StoneAgeState, seat: int, loc: int) -> None:
        index = seat * NLOC + loc
        if not state.placed[index]:
            state.colours[loc] += 1
        state.placed[index] += 1
        state.occupancy[loc] += 1

    def resolve(self, state: StoneAgeState, loc: int) -> None:
        """One person on the igloos: buy one or not."""
        leave(state, state.turn, loc)
        state.target = IGLOO
        state.step = BUY_IGLOO

    def food_spared(self, state: StoneAgeState, seat: int) -> int:
        """Each igloo spares its owner 2 food."""
        return IGLOO_FOOD * state.igloos[seat]


IGLOOS_MODULE: Final = Igloos()
