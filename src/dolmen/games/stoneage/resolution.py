"""Phase 2: resolving the placed people (seed 004 "Phase 2 : faire travailler les personnages"; rules page
"Actions, feeding, next round").

From the start player on, each player resolves all of their locations in the order they choose: gathering (a
dice roll as a chance step, then the choice of tools), the toolmaker, the hut, the field, a building (bought or
declined) and a civilization card (see :mod:`cards`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import factorial
from typing import TYPE_CHECKING, Any, Final

from dolmen.games.stoneage import animals, cards, feeding, hooks, purchases
from dolmen.games.stoneage.actions import BUY_ACTION, DECLINE_ACTION, PAY, RESOLVE, TOOLS
from dolmen.games.stoneage.components import (
    BUILDINGS,
    CARDS,
    FIELD,
    FIRST_STACK,
    FIXED,
    GOODS,
    HUT,
    MAX_PEOPLE,
    MERCHANT,
    NLOC,
    NRES,
    ONE_USE_VALUE,
    RESOURCE_NAMES,
    RESOURCE_VALUES,
    SITE_RESOURCE,
    TOOL_TILES,
    TOOLMAKER,
)
from dolmen.games.stoneage.log import goods_names, note, place
from dolmen.games.stoneage.module_components import deck_card_id
from dolmen.games.stoneage.payments import can_pay, flexible_payments
from dolmen.games.stoneage.steps import (
    BUY_BUILDING,
    BUY_IGLOO,
    CHOOSE_LOCATION,
    CHOOSE_TOOLS,
    CONTEST,
    DICE_FOR_ALL,
    PAY_CARD,
    PICK_DIE,
    ROLL_DICE,
)

if TYPE_CHECKING:
    from dolmen.games.stoneage.state import StoneAgeState

RESOLUTIONS: Final = tuple((RESOLVE, loc) for loc in range(NLOC))
GATHERING_END: Final = len(SITE_RESOURCE)
"""Locations below this one are gathering sites."""


# -- whose turn ---------------------------------------------------------------------------------------------
def next_resolver(state: StoneAgeState) -> None:
    """Keep ``state.turn`` choosing while they have unresolved locations; then the next player clockwise; after
    the last player, feeding begins."""
    players = state.players
    while True:
        base = state.turn * NLOC
        if any(state.placed[base : base + state.loc_end]):
            state.step = CHOOSE_LOCATION
            return
        state.turn = (state.turn + 1) % players
        if state.turn == state.start:
            if state.modular:
                hooks.before_feeding(state)
            else:
                feeding.begin_feeding(state)
            return


def legal_locations(state: StoneAgeState) -> list[Any]:
    base = state.turn * NLOC
    return [RESOLUTIONS[loc] for loc, count in enumerate(state.placed[base : base + state.loc_end]) if count]


def apply_resolve(state: StoneAgeState, action: tuple[int, int]) -> None:
    loc = action[1]
    if state.log is not None:
        note(state, "resolved", seat=state.turn, location=place(loc))
    if loc >= MERCHANT:
        hooks.resolve(state, loc)
        return
    seat = state.turn
    index = seat * NLOC + loc
    count = state.placed[index]
    state.placed[index] = 0
    state.occupancy[loc] -= count
    state.colours[loc] -= 1
    if loc < GATHERING_END:
        state.gather_site = loc
        start_roll(state, count, SITE_RESOURCE[loc])
        return
    if loc == TOOLMAKER:
        cards.tool_step(state, seat)
    elif loc == HUT:
        state.people[seat] = min(MAX_PEOPLE, state.people[seat] + 1)
        if state.log is not None:
            note(state, "person_gained", seat=seat, people=state.people[seat])
    elif loc == FIELD:
        cards.raise_agriculture(state, seat)
    elif loc < FIRST_STACK:
        state.target = loc
        state.step = PAY_CARD
        return
    else:
        state.target = loc
        state.step = BUY_BUILDING
        return
    next_resolver(state)


# -- dice and tools -----------------------------------------------------------------------------------------
def start_roll(state: StoneAgeState, dice: int, resource: int) -> None:
    """A chance step rolls ``dice`` dice: gathering ``resource``, or ``DICE_FOR_ALL``."""
    state.roll_count = dice
    state.roll_res = resource
    state.step = ROLL_DICE


def apply_dice(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    if state.log is not None:
        note_roll(state, faces)
    if state.roll_res < 0:
        if state.roll_res == DICE_FOR_ALL:
            state.pick_dice = faces
            state.pick_seat = state.turn
            state.step = PICK_DIE
        else:
            hooks.apply_module_dice(state, faces)
        return
    state.roll_total = sum(faces)
    if state.modular and state.animals and state.gather_site >= 0:
        state.roll_total = animals.lower_total(state, state.roll_total)
        if state.log is not None:
            animal = deck_card_id(state.animals[0])
            note(state, "animal_lowered", animal=animal, penalty=animals.penalty(state), total=state.roll_total)
    if has_tools(state, state.turn):
        state.step = CHOOSE_TOOLS
    else:
        gather(state, state.roll_total)


def note_roll(state: StoneAgeState, faces: tuple[int, ...]) -> None:
    """The roll's event: a gathering, a card's 2 dice, a "dice for all", a mammoth contest or a drive-off."""
    seat, dice = state.turn, list(faces)
    if state.roll_res >= 0:
        resource = RESOURCE_NAMES[state.roll_res]
        if state.gather_site >= 0:
            site = place(state.gather_site)
            note(state, "gathering_rolled", seat=seat, location=site, resource=resource, dice=dice, total=sum(dice))
        else:
            note(state, "card_dice_rolled", seat=seat, resource=resource, dice=dice, total=sum(dice))
    elif state.roll_res == DICE_FOR_ALL:
        note(state, "dice_for_all_rolled", seat=seat, dice=dice)
    elif state.roll_res == CONTEST:
        note(state, "contest_rolled", seat=seat, dice=dice)
    else:
        note(state, "drive_off_rolled", seat=seat, dice=dice)


def has_tools(state: StoneAgeState, seat: int) -> bool:
    base = seat * TOOL_TILES
    tools, used = state.tools, state.tool_used
    return bool(state.one_use[seat]) or any(tools[i] and not used[i] for i in range(base, base + TOOL_TILES))


def unused_tiles(state: StoneAgeState, seat: int) -> tuple[int, ...]:
    base = seat * TOOL_TILES
    return tuple(state.tools[i] for i in range(base, base + TOOL_TILES) if state.tools[i] and not state.tool_used[i])


@lru_cache(maxsize=4096)
def tool_choices(tiles: tuple[int, ...], once: tuple[int, ...]) -> tuple[Any, ...]:
    """Every distinct choice of unused tiles (values, high to low) and one-use tools (values, high to low)."""
    tile_sets = sorted({tuple(v for v, keep in zip(tiles, mask, strict=True) if keep) for mask in _masks(len(tiles))})
    once_sets = sorted({tuple(v for v, keep in zip(once, mask, strict=True) if keep) for mask in _masks(len(once))})
    return tuple((TOOLS, t, o) for t in tile_sets for o in once_sets)


def _masks(size: int) -> list[tuple[bool, ...]]:
    return list(product((False, True), repeat=size))


def legal_tools(state: StoneAgeState) -> list[Any]:
    seat = state.turn
    once = tuple(sorted((ONE_USE_VALUE[card] for card in state.one_use[seat]), reverse=True))
    return list(tool_choices(unused_tiles(state, seat), once))


def apply_tools(state: StoneAgeState, action: tuple[int, tuple[int, ...], tuple[int, ...]]) -> None:
    _, tiles, once = action
    seat = state.turn
    base = seat * TOOL_TILES
    for value in tiles:
        for i in range(base, base + TOOL_TILES):
            if state.tools[i] == value and not state.tool_used[i]:
                state.tool_used[i] = 1
                break
    used_cards: list[str] = []
    if once:
        left = list(state.one_use[seat])
        for value in once:
            card = next(card for card in left if ONE_USE_VALUE[card] == value)
            left.remove(card)
            used_cards.append(CARDS[card].id)
        state.one_use[seat] = tuple(left)
    if state.log is not None and (tiles or once):
        note(state, "tools_used", seat=seat, tiles=list(tiles), cards=used_cards, added=sum(tiles) + sum(once))
    gather(state, state.roll_total + sum(tiles) + sum(once))


def gather(state: StoneAgeState, total: int) -> None:
    """Take ``total`` ÷ the resource's value, rounded down; then go on resolving."""
    resource = state.roll_res
    if state.log is not None:
        amount = total // RESOURCE_VALUES[resource]
        note(state, "gathered", seat=state.turn, resource=RESOURCE_NAMES[resource], amount=amount, total=total)
    if state.modular:
        hooks.gathered(state, total // RESOURCE_VALUES[resource])
        return
    state.resources[state.turn * NRES + resource] += total // RESOURCE_VALUES[resource]
    next_resolver(state)


@lru_cache(maxsize=16)
def dice_distribution(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted roll of ``dice`` dice with its probability."""
    rolls: dict[tuple[int, ...], int] = {}
    for faces in _sorted_rolls(dice, 1):
        ways = factorial(dice)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        rolls[faces] = ways
    total = 6**dice
    return tuple((faces, ways / total) for faces, ways in rolls.items())


def _sorted_rolls(dice: int, low: int) -> list[tuple[int, ...]]:
    if dice == 0:
        return [()]
    return [(face, *rest) for face in range(low, 7) for rest in _sorted_rolls(dice - 1, face)]


# -- buildings ----------------------------------------------------------------------------------------------
def legal_building_payments(state: StoneAgeState) -> list[Any]:
    if state.modular:
        return purchases.legal_building_payments(state)
    tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
    holdings = state.goods(state.turn)
    if tile.kind == FIXED:
        return [BUY_ACTION, DECLINE_ACTION] if can_pay(holdings, tile.cost) else [DECLINE_ACTION]
    return [*((PAY, way) for way in flexible_payments(holdings, tile.kind, tile.n, tile.k)), DECLINE_ACTION]


def pay_goods(state: StoneAgeState, seat: int, counts: tuple[int, ...]) -> int:
    """Take ``counts`` goods (and, fifth, jewels) from ``seat``; return the goods' total value."""
    base = seat * NRES
    value = 0
    for count, resource in zip(counts, GOODS, strict=False):
        state.resources[base + resource] -= count
        value += count * RESOURCE_VALUES[resource]
    if len(counts) > len(GOODS):
        state.jewels[seat] -= counts[-1]
    return value


def take_building(state: StoneAgeState, counts: tuple[int, ...]) -> None:
    """Pay ``counts`` for the top tile of the stack being resolved, score it and take it."""
    stack = state.target - FIRST_STACK
    seat = state.turn
    tile = state.stack_top[stack]
    points = pay_goods(state, seat, counts)
    if state.log is not None:
        building, location = BUILDINGS[tile].id, place(state.target)
        paid = goods_names(counts)
        note(state, "building_bought", seat=seat, building=building, location=location, paid=paid, points=points)
    if state.modular:
        points = purchases.building_points(state, seat, points)
    state.score[seat] += points
    state.built[seat] = (*state.built[seat], tile)
    state.stack_top[stack] = -1
    state.stack_left[stack] -= 1
    if state.modular and purchases.offer_insulation(state, tile):
        return
    next_resolver(state)


def apply_buy(state: StoneAgeState, action: tuple[int]) -> None:
    if state.step == BUY_IGLOO:
        purchases.buy_igloo(state)
        return
    tile = BUILDINGS[state.stack_top[state.target - FIRST_STACK]]
    take_building(state, tile.cost)


def apply_pay(state: StoneAgeState, action: tuple[int, tuple[int, ...]]) -> None:
    """``pay``: for a card (see :mod:`cards`) or a flexible building, whichever is being resolved."""
    if state.step == PAY_CARD:
        cards.buy_card(state, action[1])
        return
    take_building(state, action[1])


def apply_decline(state: StoneAgeState, action: tuple[int]) -> None:
    if state.log is not None:
        note(state, "declined", seat=state.turn, location=place(state.target))
    next_resolver(state)
