"""Every decision step: its legal actions and the handler of each kind of action it takes, the base game's and
the modules' (``Module.decisions``) merged into two tables the state dispatches on.

A module's step is reached only when it is on, so one table serves every table's options.
"""

from __future__ import annotations

from typing import Final

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
    return tuple(legal[step] for step in range(ROLL_DICE)), tuple(handlers[step] for step in range(ROLL_DICE))


LEGAL, APPLY = _merged()
"""``LEGAL[step](state)``: the legal actions at a decision step; ``APPLY[step][kind](state, action)``: apply one."""
