"""Every decision step: its legal actions and the handler of each kind of action it takes, the base game's and
the modules' (``Module.decisions``) merged into two tables the state dispatches on.

A module's step is reached only when it is on, so one table serves every table's options. The state asks
:func:`legal_at` and :func:`apply_decision`, which call the base game's frequent steps directly (compiled, a
direct call instead of a look-up in the tables and a generic call) and the tables for the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import buildings, cards, feeding, gathering, placement, resolution
from dolmen.games.stoneage.actions import BUY, DECLINE, FEED, PAY, PENALTY, PICK, PLACE, RESOLVE, TAKE, TOOLS
from dolmen.games.stoneage.hooks import Decisions, Handler, Legal
from dolmen.games.stoneage.modules import BY_NAME
from dolmen.games.stoneage.steps import (
    BUY_BUILDING,
    CHOOSE_LOCATION,
    CHOOSE_TOOLS,
    FEED_PEOPLE,
    PAY_CARD,
    PICK_DIE,
    PLACE_PEOPLE,
    ROLL_DICE,
    TAKE_GOODS,
)

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

BASE: Final[Decisions] = {
    PLACE_PEOPLE: (placement.legal_placements, {PLACE: placement.apply_place}),
    CHOOSE_LOCATION: (resolution.legal_locations, {RESOLVE: resolution.apply_resolve}),
    CHOOSE_TOOLS: (gathering.legal_tools, {TOOLS: gathering.apply_tools}),
    PAY_CARD: (cards.legal_card_payments, {PAY: cards.apply_pay, DECLINE: resolution.apply_decline}),
    BUY_BUILDING: (
        buildings.legal_building_payments,
        {BUY: buildings.apply_buy, PAY: buildings.apply_pay, DECLINE: resolution.apply_decline},
    ),
    TAKE_GOODS: (cards.legal_goods_choices, {TAKE: cards.apply_take}),
    PICK_DIE: (cards.legal_picks, {PICK: cards.apply_pick}),
    FEED_PEOPLE: (feeding.legal_feeding, {FEED: feeding.apply_feed, PENALTY: feeding.apply_penalty}),
}
"""The base game's decisions."""


def _merged() -> tuple[tuple[Legal, ...], tuple[dict[int, Handler], ...]]:
    legal: dict[int, Legal] = {}
    handlers: dict[int, dict[int, Handler]] = {}
    for decisions in (BASE, *(module.decisions for module in BY_NAME.values())):
        for step, (listing, kinds) in decisions.items():
            if listing is not None:
                assert step not in legal, f"two listings of the legal actions of step {step}"
                legal[step] = listing
            handlers.setdefault(step, {}).update(kinds)
    assert sorted(legal) == list(range(ROLL_DICE)), "every decision step (below ROLL_DICE) has its legal actions"
    for step in (PLACE_PEOPLE, CHOOSE_LOCATION, CHOOSE_TOOLS):  # apply_decision dispatches them on the step alone
        assert len(handlers[step]) == 1, f"step {step} takes one kind of action"
    return tuple(legal[step] for step in range(ROLL_DICE)), tuple(handlers[step] for step in range(ROLL_DICE))


_MERGED: Final = _merged()
LEGAL: Final = _MERGED[0]
"""``LEGAL[step](state)``: the legal actions at a decision step."""
APPLY: Final = _MERGED[1]
"""``APPLY[step][kind](state, action)``: apply one."""


def legal_at(state: StoneAgeState, step: int) -> Sequence[Any]:
    """``LEGAL[step](state)``: the legal actions at decision ``step`` (a list or a shared tuple: not to change)."""
    if step == PLACE_PEOPLE:
        return placement.legal_placements(state)
    if step == CHOOSE_LOCATION:
        return resolution.legal_locations(state)
    if step == CHOOSE_TOOLS:
        return gathering.legal_tools(state)
    if step == PAY_CARD:
        return cards.legal_card_payments(state)
    if step == BUY_BUILDING:
        return buildings.legal_building_payments(state)
    if step == FEED_PEOPLE:
        return feeding.legal_feeding(state)
    return LEGAL[step](state)


_PAY: Final = int(PAY)
_BUY: Final = int(BUY)
_DECLINE: Final = int(DECLINE)
_FEED: Final = int(FEED)
"""The kinds compared in :func:`apply_decision`, as plain numbers (compiled, a native comparison instead of an
enum's rich comparison)."""


def apply_decision(state: StoneAgeState, action: Any) -> None:
    """``APPLY[state.step][action[0]](state, action)``: apply a legal action. The steps that take one kind of
    action (placing, resolving, tools) dispatch on the step alone."""
    step = state.step
    if step == PLACE_PEOPLE:
        placement.apply_place(state, action)
        return
    if step == CHOOSE_LOCATION:
        resolution.apply_resolve(state, action)
        return
    if step == CHOOSE_TOOLS:
        gathering.apply_tools(state, action)
        return
    kind: int = action[0]
    if step == PAY_CARD and kind == _PAY:
        cards.apply_pay(state, action)
    elif step == BUY_BUILDING and kind == _BUY:
        buildings.apply_buy(state, action)
    elif step == BUY_BUILDING and kind == _PAY:
        buildings.apply_pay(state, action)
    elif step in (PAY_CARD, BUY_BUILDING) and kind == _DECLINE:
        resolution.apply_decline(state, action)
    elif step == FEED_PEOPLE and kind == _FEED:
        feeding.apply_feed(state, action)
    else:
        APPLY[step][kind](state, action)
