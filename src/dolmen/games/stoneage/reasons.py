"""Why an action is not legal now, in the words of the rules (``State.illegal_reason``).

``legal_actions`` stays the one source of legality: these functions are asked only once an action is known
not to be in it, and explain which rule forbids it (seed 004 "Phase 1 : placer les personnages"; rules page
"Locations and placement", "Civilization cards", "Buildings"; docs/stoneage.md "The game as played").

Each reason is a message of the game's catalogue (``messages/<language>.json``, keys ``refused_…``) with named
arguments: its text is the English sentence, and clients render its key and arguments in their reader's language
(places by their log names, goods as lists of resource names, what a seat is doing as a ``doing_…`` term).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.engine.core import CHANCE
from dolmen.engine.messages import Message, message
from dolmen.games.stoneage.actions import Act
from dolmen.games.stoneage.board import unused_tools
from dolmen.games.stoneage.cards import price
from dolmen.games.stoneage.components import (
    ANIMAL,
    BUILDINGS,
    CARD_SPACES,
    FIELD,
    FIRST_CARD,
    FIRST_STACK,
    FIXED,
    HUNTING,
    HUT,
    MERCHANT,
    NLOC,
    ONE_USE_VALUE,
    RESOURCE_SITES,
    SITE_CAPACITY,
    TOOLMAKER,
    VILLAGE_PEOPLE,
)
from dolmen.games.stoneage.decisions import APPLY
from dolmen.games.stoneage.log import place
from dolmen.games.stoneage.module_components import IGLOO_COST, PAYMENT_NAMES
from dolmen.games.stoneage.payments import can_pay
from dolmen.games.stoneage.steps import BUY_BUILDING, BUY_IGLOO, PAY_CARD
from dolmen.games.stoneage.texts import as_action

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PACKAGE: Final = "dolmen.games.stoneage"
DOING: Final = (
    "doing_place",
    "doing_resolve",
    "doing_tools",
    "doing_pay_card",
    "doing_building",
    "doing_take",
    "doing_pick",
    "doing_feed",
    "doing_jewels",
    "doing_tame",
    "doing_igloo",
    "doing_winter_gold",
    "doing_insulate",
    "doing_draw",
    "doing_reward",
)
"""What the acting seat is doing at each decision step, as a term of the catalogue."""
VERBS: Final = {kind: "verb_" + kind.name.lower() for kind in Act}
"""Each kind of action as a term of the catalogue (``verb_place``: "place people")."""


def refusal(key: str, **arguments: Any) -> Message:
    """The message ``key`` of the game's catalogue, in English, carrying its arguments."""
    return message((PACKAGE,), key, **arguments)


def goods_names(counts: Any) -> list[str]:
    """``(2, 1, 0, 0)`` as ``["wood", "wood", "clay"]`` (a fifth count is jewels); ``["no_goods"]`` for none."""
    names = [name for name, count in zip(PAYMENT_NAMES, counts, strict=False) for _ in range(count)]
    return names or ["no_goods"]


def holding(state: StoneAgeState, seat: int) -> list[str]:
    """What ``seat`` may pay with (with the extension: jewels too)."""
    return goods_names(state.payables(seat) if state.has_extension else state.goods(seat))


def illegal_reason(state: StoneAgeState, seat: int, action: Any) -> Message:
    actors = state.actors()
    if not actors:
        return refusal("refused_over")
    if actors == (CHANCE,):
        return refusal("refused_chance")
    if seat != actors[0]:
        return refusal("refused_not_your_turn", acting_seat=actors[0], doing=DOING[state.step])
    if as_action(action) is None:  # an unhashable, malformed or foreign value
        return refusal("refused_foreign", given=repr(action))
    kind = Act(action[0])
    if kind not in APPLY[state.step]:
        return refusal("refused_doing", verb=VERBS[kind], doing=DOING[state.step])
    reason: Message | None = None
    match kind:
        case Act.PLACE:
            reason = placement_reason(state, seat, action[1], action[2])
        case Act.PAY if state.step == PAY_CARD:
            reason = card_reason(state, seat, action[1])
        case Act.PAY | Act.BUY if state.step == BUY_BUILDING:
            reason = building_reason(state, seat, action)
        case Act.BUY if state.step == BUY_IGLOO:
            reason = refusal("refused_igloo_cost", cost=goods_names(IGLOO_COST), goods=holding(state, seat))
        case Act.RESOLVE:
            reason = refusal("refused_nobody_there", place=place(action[1]))
        case Act.TOOLS:
            reason = tools_reason(state, seat)
        case Act.FEED:
            reason = refusal("refused_feed", missing=state.shortage, goods=holding(state, seat))
        case Act.PICK:
            reason = refusal("refused_pick", face=action[1], dice=" ".join(map(str, state.pick_dice)))
    return reason or refusal("refused_now", action=state.action_text(action))


def placement_reason(state: StoneAgeState, seat: int, loc: int, people: int) -> Message | None:
    """The placement rules, in the order a player meets them."""
    if not isinstance(loc, int) or not 0 <= loc < NLOC:
        return None
    name = place(loc)
    free = state.available[seat]
    if people > free:
        return refusal("refused_people_left", left=free, wanted=people)
    modules = state.hooks
    if loc in modules.placers:  # the igloos, the wild animal: the room their module gives (Module.has_room)
        return module_placement_reason(state, loc)
    if state.loc_end <= loc < MERCHANT or (loc >= MERCHANT and loc not in modules.resolvers):
        return refusal("refused_not_on_table", place=name)
    if state.placed[seat * NLOC + loc]:
        return refusal("refused_already_there", place=name)
    if loc == HUNTING:
        return None
    if loc in RESOURCE_SITES:
        limit = state.colour_limit
        if state.colours[loc] >= limit and loc != state.herd_zone:
            key = "refused_one_player_sharing" if limit == 1 else "refused_players_sharing"
            return refusal(key, players=state.players, sharing=limit, place=name)
        return refusal("refused_site_full", place=name, capacity=SITE_CAPACITY, there=state.occupancy[loc])
    if state.occupancy[loc]:
        return refusal("refused_taken", place=name)
    village = (TOOLMAKER, HUT, FIELD, *modules.village)
    if loc in village:
        occupied = sum(state.occupancy[v] > 0 for v in village)
        if occupied >= state.village_cap:
            return refusal("refused_village_limit", players=state.players, limit=state.village_cap)
        if loc == HUT:
            return refusal("refused_hut_people", people=VILLAGE_PEOPLE[HUT])
        return None
    if loc < FIRST_STACK:
        if loc - FIRST_CARD >= len(state.display) or state.display[loc - FIRST_CARD] < 0:
            return refusal("refused_no_card", place=name)
        return None
    if loc - FIRST_STACK >= state.nstacks or state.stack_top[loc - FIRST_STACK] < 0:
        return refusal("refused_stack_empty", place=name)
    return None


def module_placement_reason(state: StoneAgeState, loc: int) -> Message:
    """A module's location without room (its module's :meth:`~.hooks.Module.has_room` said no)."""
    if loc == ANIMAL:
        if not state.animals:
            return refusal("refused_no_animal")
        return refusal("refused_animal_full", players=state.players)
    return refusal("refused_igloos_full")


def card_reason(state: StoneAgeState, seat: int, counts: Any) -> Message | None:
    space = state.target - FIRST_CARD
    cost = price(state, seat, space)
    jewels = space >= CARD_SPACES
    if sum(counts) != cost:
        return refusal("refused_card_jewels" if jewels else "refused_card_cost", cost=cost, paid=sum(counts))
    if jewels and any(counts[:-1]):
        return refusal("refused_fifth_card", cost=cost)
    if not can_pay(state.payables(seat), (*counts, 0)[:5]):
        return refusal("refused_cannot_pay", payment=goods_names(counts), goods=holding(state, seat))
    if any(state.barter_due):
        return refusal("refused_barter_due", due=goods_names(state.barter_due))
    return None


def building_reason(state: StoneAgeState, seat: int, action: Any) -> Message:
    tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
    if tile.kind == FIXED:
        if action[0] == Act.PAY:
            return refusal("refused_building_fixed", tile=tile.id)
        return refusal("refused_building_cost", tile=tile.id, cost=goods_names(tile.cost), goods=holding(state, seat))
    if action[0] == Act.BUY:
        return refusal("refused_building_flexible", tile=tile.id)
    counts = action[1]
    if not can_pay(state.payables(seat), (*counts, 0)[:5]):
        return refusal("refused_cannot_pay", payment=goods_names(counts), goods=holding(state, seat))
    if tile.n:
        return refusal("refused_building_n_of_k", tile=tile.id, resources=tile.n, kinds=tile.k)
    return refusal("refused_building_1_to_7", tile=tile.id)


def tools_reason(state: StoneAgeState, seat: int) -> Message:
    tiles = " ".join(map(str, unused_tools(state, seat))) or "none"
    once = " ".join(str(ONE_USE_VALUE[card]) for card in state.one_use[seat]) or "none"
    return refusal("refused_tools", tiles=tiles, once=once)
