"""Harsh winter (module ``winter``; seed 003 "Hiver rigoureux"; rules page "Harsh winter"): two extras paid with a
purchase.

- After each card bought, ``winter gold`` pays 1 more gold for 6 points.
- After a building whose winter face shows a stone (``BuildingTile.winter``), ``insulate`` pays 1 more stone
  for 5 points.

[ruling] The extras come right after the payment, before the card's top half acts (so a card's own gold cannot
pay them; with the fifth card: winter gold, then the draw, then the top half). Each is offered only to a player
who holds what it costs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from dolmen.games.stoneage import buildings, cards
from dolmen.games.stoneage.actions import INSULATE, INSULATE_ACTION, SKIP, SKIP_ACTION, WINTER, WINTER_ACTION
from dolmen.games.stoneage.components import BUILDINGS, GOLD, NRES, STONE
from dolmen.games.stoneage.hooks import Decisions, Module
from dolmen.games.stoneage.log import note
from dolmen.games.stoneage.module_components import (
    INSULATION_POINTS,
    INSULATION_STONE,
    WINTER_CARD_GOLD,
    WINTER_CARD_POINTS,
)
from dolmen.games.stoneage.steps import INSULATE as INSULATE_STEP
from dolmen.games.stoneage.steps import WINTER_GOLD

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState


def legal_winter_gold(state: StoneAgeState) -> list[Any]:
    return [WINTER_ACTION, SKIP_ACTION]


def apply_winter_gold(state: StoneAgeState, action: Any) -> None:
    """One more gold with the card just bought for 6 points."""
    state.resources[state.turn * NRES + GOLD] -= WINTER_CARD_GOLD
    state.score[state.turn] += WINTER_CARD_POINTS
    if state.log is not None:
        note(state, "winter_gold", seat=state.turn, points=WINTER_CARD_POINTS)
    cards.extras_done(state, WINTER_MODULE)


def legal_insulation(state: StoneAgeState) -> list[Any]:
    return [INSULATE_ACTION, SKIP_ACTION]


def apply_insulate(state: StoneAgeState, action: Any) -> None:
    """One more stone with the marked building just bought for 5 points."""
    state.resources[state.turn * NRES + STONE] -= INSULATION_STONE
    state.score[state.turn] += INSULATION_POINTS
    if state.log is not None:
        building = BUILDINGS[state.built[state.turn][-1]].id
        note(state, "insulated", seat=state.turn, building=building, points=INSULATION_POINTS)
    buildings.extras_done(state, WINTER_MODULE)


def apply_skip(state: StoneAgeState, action: Any) -> None:
    """Neither extra: the purchase goes on."""
    gold = state.step == WINTER_GOLD
    if state.log is not None:
        note(state, "skipped", seat=state.turn, offer="winter_gold" if gold else "insulation")
    if gold:
        cards.extras_done(state, WINTER_MODULE)
    else:
        buildings.extras_done(state, WINTER_MODULE)


class Winter(Module):
    """Harsh winter's hooks (see the module docstring)."""

    name = "winter"
    card_offer_first = True
    decisions: ClassVar[Decisions] = {
        WINTER_GOLD: (legal_winter_gold, {WINTER: apply_winter_gold, SKIP: apply_skip}),
        INSULATE_STEP: (legal_insulation, {INSULATE: apply_insulate, SKIP: apply_skip}),
    }

    def after_card(self, state: StoneAgeState) -> bool:
        if state.resources[state.turn * NRES + GOLD] >= WINTER_CARD_GOLD:
            state.step = WINTER_GOLD
            return True
        return False

    def after_building(self, state: StoneAgeState, tile: int) -> bool:
        if BUILDINGS[tile].winter and state.resources[state.turn * NRES + STONE] >= INSULATION_STONE:
            state.step = INSULATE_STEP
            return True
        return False


WINTER_MODULE: Final = Winter()
