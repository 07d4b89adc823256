"""Why an action is not legal now, in the words of the rules (``State.illegal_reason``).

``legal_actions`` stays the one source of legality: these functions are asked only once an action is known
not to be in it, and explain which rule forbids it (seed 004 "Phase 1 : placer les personnages"; rules page
"Locations and placement", "Civilization cards", "Buildings"; docs/stoneage.md "The game as played").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from dolmen.engine.core import CHANCE
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
    IGLOO,
    MERCHANT,
    NLOC,
    ONE_USE_VALUE,
    RESOURCE_SITES,
    SITE_CAPACITY,
    TOOLMAKER,
    VILLAGE_PEOPLE,
    location_name,
)
from dolmen.games.stoneage.decisions import APPLY
from dolmen.games.stoneage.module_components import IGLOO_COST
from dolmen.games.stoneage.payments import can_pay
from dolmen.games.stoneage.steps import BUY_BUILDING, BUY_IGLOO, PAY_CARD
from dolmen.games.stoneage.texts import as_action, counts_text

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

PLACE_NAMES: Final = {
    "hunting": "the hunting grounds",
    "forest": "the forest",
    "clay": "the clay pit",
    "quarry": "the quarry",
    "river": "the river",
    "toolmaker": "the toolmaker",
    "hut": "the hut",
    "field": "the field",
    "merchant": "the merchant",
    "igloo": "the igloos",
    "animal": "the wild animal",
}
DOING: Final = (
    "placing people",
    "choosing a location to resolve",
    "choosing tools",
    "paying for a card",
    "buying a building",
    "choosing goods",
    "picking a die",
    "feeding",
    "splitting a hunt into food and jewels",
    "taming mammoths",
    "buying an igloo",
    "deciding on winter gold",
    "deciding on insulation",
    "deciding on a face-down draw",
    "choosing a mammoth reward",
)
"""What the acting seat is doing at each decision step."""
VERBS: Final = {
    Act.PLACE: "place people",
    Act.RESOLVE: "resolve a location",
    Act.TOOLS: "use tools",
    Act.PAY: "pay",
    Act.BUY: "buy",
    Act.DECLINE: "decline",
    Act.TAKE: "take goods",
    Act.PICK: "pick a die",
    Act.FEED: "feed with resources",
    Act.PENALTY: "take the hunger penalty",
    Act.BARTER: "barter",
    Act.JEWELS: "take jewels",
    Act.TAME: "tame",
    Act.WINTER: "pay winter gold",
    Act.INSULATE: "insulate",
    Act.DRAW: "draw a face-down card",
    Act.SKIP: "skip",
    Act.REWARD: "choose a reward",
}


def place_name(loc: int) -> str:
    """``the field``, ``card 2``, ``building stack 1``."""
    name = location_name(loc)
    if FIRST_CARD <= loc < FIRST_STACK:
        return name
    if FIRST_STACK <= loc < MERCHANT:
        return "building stack " + name.split()[1]
    return PLACE_NAMES[name]


def illegal_reason(state: StoneAgeState, seat: int, action: Any) -> str:
    actors = state.actors()
    if not actors:
        return "the game is over"
    if actors == (CHANCE,):
        return "nobody may act now: chance acts (a die roll or a tile or card to reveal)"
    if seat != actors[0]:
        return f"it is not your turn: seat {actors[0]} is {DOING[state.step]}"
    if as_action(action) is None:  # an unhashable, malformed or foreign value
        return f"{action!r} is not a Stone Age action"
    kind = Act(action[0])
    if kind not in APPLY[state.step]:
        return f"you cannot {VERBS[kind]} now: you are {DOING[state.step]}"
    match kind:
        case Act.PLACE:
            reason = placement_reason(state, seat, action[1], action[2])
        case Act.PAY if state.step == PAY_CARD:
            reason = card_reason(state, seat, action[1])
        case Act.PAY | Act.BUY if state.step == BUY_BUILDING:
            reason = building_reason(state, seat, action)
        case Act.BUY if state.step == BUY_IGLOO:
            reason = f"an igloo costs {counts_text(IGLOO_COST)}; " + holding(state, seat)
        case Act.RESOLVE:
            reason = f"you have nobody on {place_name(action[1])}"
        case Act.TOOLS:
            reason = tools_reason(state, seat)
        case Act.FEED:
            missing = state.shortage
            reason = f"pay the {missing} missing food with exactly {missing} goods you have; {holding(state, seat)}"
        case Act.PICK:
            reason = f"no die of the roll shows {action[1]} (dice left: {' '.join(map(str, state.pick_dice))})"
        case _:
            reason = ""
    return reason or f"{state.action_text(action)!r} is not allowed now"


def placement_reason(state: StoneAgeState, seat: int, loc: int, people: int) -> str:
    """The placement rules, in the order a player meets them."""
    if not isinstance(loc, int) or not 0 <= loc < NLOC:
        return ""
    name = place_name(loc)
    free = state.available[seat]
    if people > free:
        return f"you have {free} {'person' if free == 1 else 'people'} left to place, not {people}"
    if loc in (IGLOO, ANIMAL):
        return module_placement_reason(state, loc)
    if loc >= state.loc_end or (loc == MERCHANT and not state.has_extension):
        return f"{name} is not on this table"
    if state.placed[seat * NLOC + loc]:
        return f"you already have people on {name} this round"
    if loc == HUNTING:
        return ""
    if loc in RESOURCE_SITES:
        limit = state.colour_limit
        if state.colours[loc] >= limit and loc != state.herd_zone:
            players = "one player" if limit == 1 else f"{limit} players"
            return f"with {state.players} players only {players} may use {name} each round"
        return f"{name} holds {SITE_CAPACITY} people and {state.occupancy[loc]} are there already"
    if state.occupancy[loc]:
        return f"{name} is already taken"
    if loc in (TOOLMAKER, HUT, FIELD, MERCHANT):
        occupied = sum(state.occupancy[v] > 0 for v in (TOOLMAKER, HUT, FIELD, MERCHANT))
        if occupied >= state.village_cap:
            return (
                f"with {state.players} players only {state.village_cap} of the village locations may be occupied "
                "each round"
            )
        if loc == HUT:
            return f"the hut takes exactly {VILLAGE_PEOPLE[HUT]} people of one player"
        return ""
    if loc < FIRST_STACK:
        if loc - FIRST_CARD >= len(state.display) or state.display[loc - FIRST_CARD] < 0:
            return f"{name} has no card"
        return ""
    if loc - FIRST_STACK >= state.nstacks or state.stack_top[loc - FIRST_STACK] < 0:
        return f"{name} is empty"
    return ""


def module_placement_reason(state: StoneAgeState, loc: int) -> str:
    if loc == IGLOO:
        if not state.has_igloos:
            return "the igloos are not on this table"
        return "every igloo still to buy already has a person on it"
    if not state.animals:
        return "there is no wild animal beside the board"
    return f"the wild animal already has as many people on it as players ({state.players})"


def holding(state: StoneAgeState, seat: int) -> str:
    goods = counts_text(state.payables(seat) if state.has_extension else state.goods(seat))
    return f"you have {goods or 'no goods'}"


def card_reason(state: StoneAgeState, seat: int, counts: Any) -> str:
    space = state.target - FIRST_CARD
    cost = price(state, seat, space)
    unit = "jewels" if space >= CARD_SPACES else "resources"
    if sum(counts) != cost:
        return f"this card costs {cost} {unit}, not {sum(counts)}"
    if space >= CARD_SPACES and any(counts[:-1]):
        return f"the fifth card is paid in jewels ({cost})"
    if not can_pay(state.payables(seat), (*counts, 0)[:5]):
        return f"you cannot pay {counts_text(counts)}: {holding(state, seat)}"
    if any(state.barter_due):
        return f"the payment must spend what barter brought ({counts_text(state.barter_due)})"
    return ""


def building_reason(state: StoneAgeState, seat: int, action: Any) -> str:
    tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
    if tile.kind == FIXED:
        if action[0] == Act.PAY:
            return f"building {tile.id} has a fixed cost: buy it"
        return f"building {tile.id} costs {counts_text(tile.cost)}; {holding(state, seat)}"
    if action[0] == Act.BUY:
        return f"building {tile.id} is paid with goods of your choice: pay them"
    counts = action[1]
    if not can_pay(state.payables(seat), (*counts, 0)[:5]):
        return f"you cannot pay {counts_text(counts)}: {holding(state, seat)}"
    if tile.n:
        return f"building {tile.id} takes exactly {tile.n} resources of exactly {tile.k} kinds"
    return f"building {tile.id} takes 1 to 7 resources"


def tools_reason(state: StoneAgeState, seat: int) -> str:
    tiles = " ".join(map(str, unused_tools(state, seat))) or "none"
    once = " ".join(str(ONE_USE_VALUE[card]) for card in state.one_use[seat]) or "none"
    return f"your unused tool tiles: {tiles}; your one-use tools: {once}"
